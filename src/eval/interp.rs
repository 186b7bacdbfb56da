//! Runs checked expressions. Integer arithmetic is checked (an underflow or
//! overflow is an error at the expression, never a wrap). Game expressions
//! are run in a [`Domain`]: the value domain works out Grundy values without
//! building anything, the structure domain builds the games themselves.

use super::error::EvalError;
use super::value::{Args, Game, Key, Value};
use crate::diag::Diagnostic;
use crate::ir::*;

/// What a game expression becomes when run.
pub trait Domain {
    type G;
    fn nim(&mut self, n: u64, star: bool) -> Self::G;
    fn pos(&mut self, key: Key, loc: Loc) -> Result<Self::G, EvalError>;
    fn zero(&mut self) -> Self::G;
    fn add(&mut self, a: Self::G, b: Self::G) -> Self::G;
    fn options(&mut self, options: Vec<Self::G>) -> Result<Self::G, EvalError>;
    fn global(&mut self, game: &Game) -> Result<Self::G, EvalError>;
    /// Called once per loop iteration: may stop long work.
    fn tick(&mut self) -> Result<(), EvalError>;
}

/// An environment for running expressions: the `let` values and the local
/// slots (parameters, then `for` variables).
pub struct Interp<'a> {
    pub globals: &'a [Value],
    pub env: Vec<u64>,
}

type Sink<'s, D> = dyn FnMut(&mut D, <D as Domain>::G) -> Result<(), EvalError> + 's;

impl<'a> Interp<'a> {
    pub fn new(globals: &'a [Value], env: Vec<u64>) -> Self {
        Interp { globals, env }
    }

    pub fn int(&self, e: &IntExpr) -> Result<u64, EvalError> {
        match &e.kind {
            IntKind::Lit(n) => Ok(*n),
            IntKind::Local(s) => Ok(self.env[*s]),
            IntKind::Global(g) => match self.globals.get(*g) {
                Some(Value::Int(n)) => Ok(*n),
                _ => Err(unbound(e.loc)),
            },
            IntKind::Bin(op, a, b) => {
                let x = self.int(a)?;
                let y = self.int(b)?;
                arith(*op, x, y).ok_or_else(|| arith_error(*op, x, y, e.loc))
            }
        }
    }

    pub fn cond(&self, c: &Cond) -> Result<bool, EvalError> {
        Ok(match c {
            Cond::Cmp(op, a, b) => {
                let (x, y) = (self.int(a)?, self.int(b)?);
                match op {
                    CmpOp::Eq => x == y,
                    CmpOp::Ne => x != y,
                    CmpOp::Lt => x < y,
                    CmpOp::Le => x <= y,
                    CmpOp::Gt => x > y,
                    CmpOp::Ge => x >= y,
                }
            }
            Cond::And(a, b) => self.cond(a)? && self.cond(b)?,
            Cond::Or(a, b) => self.cond(a)? || self.cond(b)?,
            Cond::Not(a) => !self.cond(a)?,
        })
    }

    pub fn game<D: Domain>(&mut self, e: &GameExpr, d: &mut D) -> Result<D::G, EvalError> {
        match e {
            GameExpr::Zero => Ok(d.zero()),
            GameExpr::Nim { n, star } => {
                let n = self.int(n)?;
                Ok(d.nim(n, *star))
            }
            GameExpr::Pos { game, args, loc } => {
                let args = args
                    .iter()
                    .map(|a| self.int(a))
                    .collect::<Result<Args, _>>()?;
                d.pos(Key { game: *game, args }, *loc)
            }
            GameExpr::Sum(parts) => {
                let mut acc = d.zero();
                for p in parts {
                    let g = self.game(p, d)?;
                    acc = d.add(acc, g);
                }
                Ok(acc)
            }
            GameExpr::Options(set) => {
                let mut items = Vec::new();
                self.each_option(set, d, &mut |_, g| {
                    items.push(g);
                    Ok(())
                })?;
                d.options(items)
            }
            GameExpr::Global(g) => match self.globals.get(*g) {
                Some(Value::Game(game)) => d.global(game),
                _ => Err(unbound(Loc::default())),
            },
        }
    }

    /// Runs `sink` on every option of an option set, in order.
    pub fn each_option<D: Domain>(
        &mut self,
        set: &OptionSet,
        d: &mut D,
        sink: &mut Sink<'_, D>,
    ) -> Result<(), EvalError> {
        match set {
            OptionSet::Items(items) => {
                for item in items {
                    let g = self.game(item, d)?;
                    sink(d, g)?;
                }
                Ok(())
            }
            OptionSet::Builder { item, clauses } => self.clauses(clauses, d, &mut |me, d| {
                let g = me.game(item, d)?;
                sink(d, g)
            }),
            OptionSet::Union(a, b) => {
                self.each_option(a, d, sink)?;
                self.each_option(b, d, sink)
            }
        }
    }

    /// Runs `sink` on every element of a set of integers, in order.
    pub fn each_int<D: Domain>(
        &mut self,
        set: &IntSet,
        d: &mut D,
        sink: &mut dyn FnMut(u64) -> Result<(), EvalError>,
    ) -> Result<(), EvalError> {
        match set {
            IntSet::Items(items) => {
                for item in items {
                    sink(self.int(item)?)?;
                }
                Ok(())
            }
            IntSet::Builder { item, clauses } => {
                self.clauses(clauses, d, &mut |me, _| sink(me.int(item)?))
            }
            IntSet::Union(a, b) => {
                self.each_int(a, d, sink)?;
                self.each_int(b, d, sink)
            }
            IntSet::Global(g) => match self.globals.get(*g) {
                Some(Value::IntSet(items)) => items.iter().try_for_each(|&x| sink(x)),
                _ => Err(unbound(Loc::default())),
            },
        }
    }

    /// A set of integers, sorted, without repeats.
    pub fn int_set<D: Domain>(&mut self, set: &IntSet, d: &mut D) -> Result<Vec<u64>, EvalError> {
        let mut out = Vec::new();
        self.each_int(set, d, &mut |x| {
            out.push(x);
            Ok(())
        })?;
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    fn set_local(&mut self, slot: Slot, x: u64) {
        if slot >= self.env.len() {
            self.env.resize(slot + 1, 0);
        }
        self.env[slot] = x;
    }

    /// Runs `body` once for every binding the clauses allow, left to right.
    fn clauses<D: Domain>(
        &mut self,
        clauses: &[Clause],
        d: &mut D,
        body: &mut dyn FnMut(&mut Self, &mut D) -> Result<(), EvalError>,
    ) -> Result<(), EvalError> {
        let Some((first, rest)) = clauses.split_first() else {
            return body(self, d);
        };
        match first {
            Clause::If(c) => {
                if self.cond(c)? {
                    self.clauses(rest, d, body)?;
                }
                Ok(())
            }
            Clause::For { slot, source, .. } => match source {
                Source::Range { lo, hi, inclusive } => {
                    let lo = self.int(lo)?;
                    let hi = self.int(hi)?;
                    let mut x = lo;
                    loop {
                        let more = if *inclusive { x <= hi } else { x < hi };
                        if !more {
                            return Ok(());
                        }
                        d.tick()?;
                        self.set_local(*slot, x);
                        self.clauses(rest, d, body)?;
                        match x.checked_add(1) {
                            Some(next) => x = next,
                            None => return Ok(()),
                        }
                    }
                }
                Source::Set(set) => {
                    let items = self.int_set(set, d)?;
                    for x in items {
                        d.tick()?;
                        self.set_local(*slot, x);
                        self.clauses(rest, d, body)?;
                    }
                    Ok(())
                }
            },
        }
    }
}

fn arith_error(op: BinOp, x: u64, y: u64, loc: Loc) -> EvalError {
    let d = Diagnostic::error(loc.range(), "");
    let d = match op {
        BinOp::Sub => Diagnostic {
            message: "subtraction below zero".into(),
            ..d
        }
        .label(format!("here this is {x} - {y}, which is negative"))
        .hint("integers are unsigned: guard the option, e.g. `if k <= n`"),
        BinOp::Div | BinOp::Rem => Diagnostic {
            message: "division by zero".into(),
            ..d
        }
        .label(format!("here this divides {x} by 0")),
        _ => Diagnostic {
            message: "integer overflow".into(),
            ..d
        }
        .label(format!("{x} {} {y} does not fit in 64 bits", op.symbol()))
        .hint(format!(
            "integers are unsigned 64-bit: at most {}",
            u64::MAX
        )),
    };
    EvalError::from(d.at(loc.src))
}

/// A `let` name used by a game whose rule runs before the `let` does.
fn unbound(loc: Loc) -> EvalError {
    EvalError::from(
        Diagnostic::error(loc.range(), "a `let` name is used before its `let` has run")
            .at(loc.src)
            .hint("put the `let` before the first question that needs it"),
    )
}
