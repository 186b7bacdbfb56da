//! The checked program: names resolved to slots and game ids, every
//! expression typed (integer, game, set of integers, condition). The
//! evaluator runs this; it knows nothing of the surface syntax.

use crate::diag::SourceId;
pub use crate::syntax::ast::{BinOp, CmpOp};

mod stmt;
pub use stmt::*;

/// A place in a source, small enough to keep on every node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Loc {
    pub src: SourceId,
    pub start: u32,
    pub end: u32,
}

impl Loc {
    pub fn new(src: SourceId, span: &std::ops::Range<usize>) -> Self {
        let clamp = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Loc {
            src,
            start: clamp(span.start),
            end: clamp(span.end),
        }
    }

    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

pub type GameId = usize;
/// A local variable (parameter or `for` variable) in the environment.
pub type Slot = usize;
/// A `let` binding, by the order it was made in.
pub type GlobalId = usize;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntExpr {
    pub kind: IntKind,
    pub loc: Loc,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntKind {
    Lit(u64),
    Local(Slot),
    Global(GlobalId),
    Bin(BinOp, Box<IntExpr>, Box<IntExpr>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameExpr {
    Zero,
    /// `nim(n)` (star = false) or `*n` (star = true).
    Nim {
        n: IntExpr,
        star: bool,
    },
    Pos {
        game: GameId,
        args: Vec<IntExpr>,
        loc: Loc,
    },
    Sum(Vec<GameExpr>),
    Options(OptionSet),
    Global(GlobalId),
    /// A Green Hackenbush picture, valued when it was checked.
    Picture(std::rc::Rc<crate::engine::hackenbush::Picture>),
    /// A row of coins of a one-parameter coin game, `g("THHTH")`: the sum
    /// of `game(i)` over its heads (numbered from 1).
    Row {
        game: GameId,
        heads: Vec<u64>,
        /// The row's length as written (trailing tails included).
        len: u64,
        loc: Loc,
    },
    /// The sum of the positions `game(j)` for `lo <= j < hi` of a
    /// one-parameter game: a run of heads on a row of coins.
    Run {
        game: GameId,
        lo: IntExpr,
        hi: IntExpr,
        loc: Loc,
    },
}

/// The options of an explicit game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionSet {
    Items(Vec<GameExpr>),
    Builder {
        item: Box<GameExpr>,
        clauses: Vec<Clause>,
    },
    Union(Box<OptionSet>, Box<OptionSet>),
    /// The options of case `v` where slot `slot` holds `v` (none past the
    /// last case): a graph game's successors of each vertex.
    Switch {
        slot: Slot,
        cases: Vec<OptionSet>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntSet {
    Items(Vec<IntExpr>),
    Builder {
        item: Box<IntExpr>,
        clauses: Vec<Clause>,
    },
    Union(Box<IntSet>, Box<IntSet>),
    Global(GlobalId),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clause {
    For {
        slot: Slot,
        source: Source,
        loc: Loc,
    },
    If(Cond),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Range {
        lo: IntExpr,
        hi: IntExpr,
        inclusive: bool,
    },
    Set(IntSet),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    Cmp(CmpOp, IntExpr, IntExpr),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
}

/// How a user game's positions get their options.
#[derive(Debug, Clone)]
pub enum Rule {
    /// `game f(n) = { ... }`: the options are the set's elements.
    Options(OptionSet),
    /// `game f(n) = g(n) + *1`: the position is that game.
    Alias(GameExpr),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    Int,
    Game,
    IntSet,
    Cond,
}

impl Type {
    pub fn describe(self) -> &'static str {
        match self {
            Type::Int => "an integer",
            Type::Game => "a game",
            Type::IntSet => "a set of integers",
            Type::Cond => "a condition",
        }
    }
}

/// A game defined with `game`.
#[derive(Debug, Clone)]
pub struct GameDef {
    pub name: String,
    pub params: Vec<String>,
    /// Where the name is written in its definition.
    pub loc: Loc,
    pub kind: DefKind,
    /// How many local slots its rule needs (parameters first).
    pub slots: usize,
    /// A graph game's vertices, in the order of their numbers (its
    /// positions are written `g.a`); empty for other games.
    pub vertices: Vec<String>,
}

#[derive(Debug, Clone)]
pub enum DefKind {
    /// Declared (its name is known) but its rule is not checked yet.
    Declared,
    Rule(Rule),
    /// A one-parameter heap game given by a rule family.
    Family(crate::engine::rule::HeapRule),
    /// `product(g, h)`: coins on a board, a move the corners of a move of
    /// `g` (along rows) times one of `h` (along columns); valued by the
    /// Tartan theorem, `p(x, y) = g(x) ⊗ h(y)`.
    Product(Factor, Factor),
}

/// A factor of a product of coin games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Factor {
    /// A one-parameter game: the value of a single head at `n`.
    Game(GameId),
    /// Twins numbered from 0 (turn exactly two coins): a head at `n` is
    /// worth `n`, and its moves turn one coin `a < n` beside it.
    Twins,
}

impl GameDef {
    pub fn arity(&self) -> usize {
        self.params.len()
    }
}

/// Checked integer arithmetic: `None` on overflow, underflow or division
/// by zero (never a wrap).
pub fn arith(op: BinOp, x: u64, y: u64) -> Option<u64> {
    match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        BinOp::Div => x.checked_div(y),
        BinOp::Rem => x.checked_rem(y),
        BinOp::Xor => Some(x ^ y),
        BinOp::NimMul => Some(crate::engine::nimber::product(x, y)),
        BinOp::NimDiv => crate::engine::nimber::quotient(x, y),
        BinOp::Pow => match (x, y) {
            (_, 0) => Some(1),
            (0 | 1, _) => Some(x),
            _ => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)),
        },
    }
}
