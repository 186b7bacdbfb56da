//! The compiled form of checked expressions: every node of a rule lives in
//! one of a few flat arrays and refers to others by index, so running a rule
//! walks plain slices with no allocation. Parameters and `for` variables are
//! slots of one environment array; sums of games are flattened to lists of
//! leaves; sets of integers written with constants only are sorted and
//! deduplicated once, when the rule is lowered.
//!
//! [`lower`] builds a [`Program`] from the IR; [`run`] runs one.

use crate::ir::{BinOp, CmpOp, GameId, GlobalId, Loc};
use std::ops::Range;

mod lower;
pub mod run;
#[cfg(test)]
mod tests;

pub use lower::{Lowering, Root};

/// An index into one of a program's arrays.
pub type Ix = u32;

/// A run of indices in [`Program::list`] (or values in [`Program::consts`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Span {
    pub start: u32,
    pub len: u32,
}

impl Span {
    pub fn range(self) -> Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

#[derive(Debug, Clone)]
pub enum Int {
    Lit(u64),
    Local(u32),
    Global(GlobalId, Loc),
    Bin(BinOp, Ix, Ix, Loc),
    /// `n - k`: two slots (the commonest shapes get nodes of their own).
    Slots(BinOp, u32, u32, Loc),
    /// `n - 1`: a slot and a constant.
    SlotLit(BinOp, u32, u64, Loc),
}

#[derive(Debug, Clone)]
pub enum Cond {
    Cmp(CmpOp, Ix, Ix),
    And(Ix, Ix),
    Or(Ix, Ix),
    Not(Ix),
}

/// One leaf of a sum of games (a game expression is a [`Span`] of leaves;
/// the empty span is the zero game).
#[derive(Debug, Clone)]
pub enum Leaf {
    Nim {
        n: Ix,
        star: bool,
    },
    Pos {
        game: GameId,
        args: Span,
        loc: Loc,
    },
    /// An explicit set of options, valued by its mex.
    Options(Ix),
    /// A `let` game.
    Global(GlobalId, Loc),
    /// A Green Hackenbush picture.
    Picture(std::rc::Rc<crate::engine::hackenbush::Picture>),
    /// The sum of `game(j)` for `lo <= j < hi`.
    Run {
        game: GameId,
        lo: Ix,
        hi: Ix,
        loc: Loc,
    },
}

/// A set of options: the elements of `Items` are leaf spans (in
/// [`Program::sums`]), a builder's item is one.
#[derive(Debug, Clone)]
pub enum Opts {
    Items(Span),
    Builder {
        item: Ix,
        clauses: Span,
    },
    Union(Ix, Ix),
    /// The option set in `list[cases][env[slot]]` (none past the last).
    Switch {
        slot: u32,
        cases: Span,
    },
}

#[derive(Debug, Clone)]
pub enum IntSet {
    /// Constant items, sorted and deduplicated when lowered.
    Const(Span),
    Items(Span),
    Builder {
        item: Ix,
        clauses: Span,
    },
    Union(Ix, Ix),
    Global(GlobalId, Loc),
}

/// How a condition folded into a range bounds its variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    AtMost = 0,
    Below = 1,
    AtLeast = 2,
    Above = 3,
}

impl Bound {
    pub fn from_u32(x: u32) -> Bound {
        match x {
            0 => Bound::AtMost,
            1 => Bound::Below,
            2 => Bound::AtLeast,
            _ => Bound::Above,
        }
    }
}

#[derive(Debug, Clone)]
pub enum Clause {
    /// `for x in lo..hi`; `bounds` are the `if x <= e`, `x < e`, `x >= e`
    /// or `x > e` clauses right after it, folded into the range: pairs of
    /// the index of `e` and a [`Bound`], in [`Program::list`].
    Range {
        slot: u32,
        lo: Ix,
        hi: Ix,
        inclusive: bool,
        bounds: Span,
    },
    /// `for x in SET`: the set is built into scratch buffer `buf` (sorted,
    /// without repeats) unless it is constant.
    Set {
        slot: u32,
        set: Ix,
        buf: u32,
    },
    If(Ix),
}

/// A lowered program: the arrays every index points into.
#[derive(Debug, Clone, Default)]
pub struct Program {
    pub ints: Vec<Int>,
    pub conds: Vec<Cond>,
    pub leaves: Vec<Leaf>,
    /// Sums of games: each a span of leaf indices in `list`.
    pub sums: Vec<Span>,
    pub opts: Vec<Opts>,
    pub sets: Vec<IntSet>,
    pub clauses: Vec<Clause>,
    /// Index lists that spans point into.
    pub list: Vec<u32>,
    pub consts: Vec<u64>,
    /// Local slots the program needs (parameters first).
    pub slots: usize,
    /// Scratch buffers `for x in SET` clauses need.
    pub bufs: usize,
}

impl Program {
    pub fn span(&self, s: Span) -> &[u32] {
        &self.list[s.range()]
    }

    pub fn consts(&self, s: Span) -> &[u64] {
        &self.consts[s.range()]
    }

    /// The leaves of a sum.
    pub fn leaves_of(&self, sum: Ix) -> impl Iterator<Item = &Leaf> + '_ {
        self.span(self.sums[sum as usize])
            .iter()
            .map(|&l| &self.leaves[l as usize])
    }

    /// True if some option set in the program is nested inside an option
    /// (`{ {f(n - 1)} for ... }`): such options are valued by a mex of
    /// their own.
    pub fn has_nested_options(&self) -> bool {
        self.leaves.iter().any(|l| matches!(l, Leaf::Options(_)))
    }
}
