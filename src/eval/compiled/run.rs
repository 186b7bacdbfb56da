//! Running a [`Program`]: integers, conditions, and the loops of set
//! builders. What an option or an element becomes is up to the caller's
//! body; this module only binds the slots, in order, and ticks the watch
//! once per loop iteration. Integer arithmetic is checked (an underflow or
//! overflow is an error at the expression, never a wrap).

use super::*;
use crate::eval::budget::Budget;
use crate::eval::defs::Ticker;
use crate::eval::error::{EvalError, arith_error, unbound};
use crate::eval::value::Value;
use crate::ir::arith;

/// The mutable state a run works in, reused from one run to the next.
#[derive(Debug, Default)]
pub struct Scratch {
    /// Local slots: parameters, then `for` variables.
    pub env: Vec<u64>,
    /// One buffer per `for x in SET` clause whose set is built as it runs.
    pub bufs: Vec<Vec<u64>>,
}

impl Scratch {
    /// Room for a program's slots and buffers, parameters set to `args`.
    pub fn prepare(&mut self, p: &Program, args: &[u64]) {
        let slots = p.slots.max(args.len());
        if self.env.len() < slots {
            self.env.resize(slots, 0);
        }
        self.env[..args.len()].copy_from_slice(args);
        if self.bufs.len() < p.bufs {
            self.bufs.resize_with(p.bufs, Vec::new);
        }
    }
}

/// Everything a run needs besides the program.
pub struct Ctx<'s> {
    pub scratch: &'s mut Scratch,
    pub ticker: &'s mut Ticker,
    /// Memory for sets of integers built while running.
    pub budget: &'s mut Budget,
}

/// A program with the `let` values it reads.
#[derive(Clone, Copy)]
pub struct Run<'a> {
    pub prog: &'a Program,
    pub globals: &'a [Value],
}

impl<'a> Run<'a> {
    pub fn new(prog: &'a Program, globals: &'a [Value]) -> Self {
        Run { prog, globals }
    }

    #[inline]
    pub fn int(&self, env: &[u64], i: Ix) -> Result<u64, EvalError> {
        match &self.prog.ints[i as usize] {
            Int::Lit(n) => Ok(*n),
            Int::Local(s) => Ok(env[*s as usize]),
            Int::Slots(op, a, b, loc) => {
                let (x, y) = (env[*a as usize], env[*b as usize]);
                arith(*op, x, y).ok_or_else(|| arith_error(*op, x, y, *loc))
            }
            Int::SlotLit(op, a, y, loc) => {
                let x = env[*a as usize];
                arith(*op, x, *y).ok_or_else(|| arith_error(*op, x, *y, *loc))
            }
            Int::Global(g, loc) => match self.globals.get(*g) {
                Some(Value::Int(n)) => Ok(*n),
                _ => Err(unbound(*loc)),
            },
            Int::Bin(op, a, b, loc) => {
                let x = self.int(env, *a)?;
                let y = self.int(env, *b)?;
                arith(*op, x, y).ok_or_else(|| arith_error(*op, x, y, *loc))
            }
        }
    }

    pub fn cond(&self, env: &[u64], c: Ix) -> Result<bool, EvalError> {
        Ok(match &self.prog.conds[c as usize] {
            Cond::Cmp(op, a, b) => {
                let (x, y) = (self.int(env, *a)?, self.int(env, *b)?);
                match op {
                    CmpOp::Eq => x == y,
                    CmpOp::Ne => x != y,
                    CmpOp::Lt => x < y,
                    CmpOp::Le => x <= y,
                    CmpOp::Gt => x > y,
                    CmpOp::Ge => x >= y,
                }
            }
            Cond::And(a, b) => self.cond(env, *a)? && self.cond(env, *b)?,
            Cond::Or(a, b) => self.cond(env, *a)? || self.cond(env, *b)?,
            Cond::Not(a) => !self.cond(env, *a)?,
        })
    }

    /// Runs `body` with the sum of every option of an option set, in order.
    pub fn each_option<B: Body>(
        &self,
        cx: &mut Ctx,
        opts: Ix,
        body: &mut B,
    ) -> Result<(), EvalError> {
        match &self.prog.opts[opts as usize] {
            Opts::Items(items) => {
                for &sum in self.prog.span(*items) {
                    body.option(self, cx, sum)?;
                }
                Ok(())
            }
            Opts::Builder { item, clauses } => {
                let mut visit = Options { body, sum: *item };
                self.clauses(cx, self.prog.span(*clauses), &mut visit)
            }
            Opts::Union(a, b) => {
                self.each_option(cx, *a, body)?;
                self.each_option(cx, *b, body)
            }
            Opts::Switch { slot, cases } => {
                let v = cx.scratch.env[*slot as usize];
                match usize::try_from(v)
                    .ok()
                    .and_then(|v| self.prog.span(*cases).get(v))
                {
                    Some(&case) => self.each_option(cx, case, body),
                    None => Ok(()),
                }
            }
        }
    }

    /// Runs `body` with every element of a set of integers, in the order
    /// written (not sorted, repeats kept).
    pub fn each_int<F>(&self, cx: &mut Ctx, set: Ix, body: &mut F) -> Result<(), EvalError>
    where
        F: FnMut(&mut Ctx, u64) -> Result<(), EvalError>,
    {
        match &self.prog.sets[set as usize] {
            IntSet::Const(span) => {
                for &x in self.prog.consts(*span) {
                    body(cx, x)?;
                }
                Ok(())
            }
            IntSet::Items(items) => {
                for &i in self.prog.span(*items) {
                    let x = self.int(&cx.scratch.env, i)?;
                    body(cx, x)?;
                }
                Ok(())
            }
            IntSet::Builder { item, clauses } => {
                let item = *item;
                let mut visit = Each(|me: &Run, cx: &mut Ctx| {
                    let x = me.int(&cx.scratch.env, item)?;
                    body(cx, x)
                });
                self.clauses(cx, self.prog.span(*clauses), &mut visit)
            }
            IntSet::Union(a, b) => {
                self.each_int(cx, *a, body)?;
                self.each_int(cx, *b, body)
            }
            IntSet::Global(g, loc) => match self.globals.get(*g) {
                Some(Value::IntSet(items)) => items.iter().try_for_each(|&x| {
                    cx.ticker.tick_work()?;
                    body(cx, x)
                }),
                _ => Err(unbound(*loc)),
            },
        }
    }

    /// A set of integers into `out`, sorted, without repeats. Its memory is
    /// taken from the budget as it grows.
    pub fn int_set(&self, cx: &mut Ctx, set: Ix, out: &mut Vec<u64>) -> Result<(), EvalError> {
        out.clear();
        self.each_int(cx, set, &mut |cx, x| {
            if out.len() == out.capacity() {
                cx.budget.grow(out, 1, "a set of integers")?;
            }
            out.push(x);
            Ok(())
        })?;
        out.sort_unstable();
        out.dedup();
        Ok(())
    }

    /// Runs `body` once for every binding the clauses allow, left to right.
    fn clauses<V: Visit>(&self, cx: &mut Ctx, list: &[u32], body: &mut V) -> Result<(), EvalError> {
        let Some((&first, rest)) = list.split_first() else {
            return body.visit(self, cx);
        };
        match &self.prog.clauses[first as usize] {
            Clause::If(c) => {
                if self.cond(&cx.scratch.env, *c)? {
                    self.clauses(cx, rest, body)?;
                }
                Ok(())
            }
            Clause::Range {
                slot,
                lo,
                hi,
                inclusive,
                bounds,
            } => {
                let env = &cx.scratch.env;
                let lo = self.int(env, *lo)?;
                let hi = self.int(env, *hi)?;
                let last = if *inclusive {
                    Some(hi)
                } else {
                    hi.checked_sub(1)
                };
                let Some(mut last) = last.filter(|&l| l >= lo) else {
                    return Ok(());
                };
                let mut lo = lo;
                // each bound is worked out only while the range is not
                // empty, as the condition would be on its first iteration
                for b in self.prog.span(*bounds).chunks(2) {
                    let e = self.int(env, b[0])?;
                    let (new_lo, new_last) = match Bound::from_u32(b[1]) {
                        Bound::AtMost => (Some(lo), Some(last.min(e))),
                        Bound::Below => (Some(lo), e.checked_sub(1).map(|e| last.min(e))),
                        Bound::AtLeast => (Some(lo.max(e)), Some(last)),
                        Bound::Above => (e.checked_add(1).map(|e| lo.max(e)), Some(last)),
                    };
                    match (new_lo, new_last) {
                        (Some(l), Some(t)) if l <= t => (lo, last) = (l, t),
                        _ => return Ok(()),
                    }
                }
                if rest.is_empty() {
                    return body.range(self, cx, *slot, lo, last);
                }
                for x in lo..=last {
                    cx.ticker.tick()?;
                    cx.scratch.env[*slot as usize] = x;
                    self.clauses(cx, rest, body)?;
                }
                Ok(())
            }
            Clause::Set { slot, set, buf } => {
                if let IntSet::Const(span) = &self.prog.sets[*set as usize] {
                    for &x in self.prog.consts(*span) {
                        cx.ticker.tick()?;
                        cx.scratch.env[*slot as usize] = x;
                        self.clauses(cx, rest, body)?;
                    }
                    return Ok(());
                }
                // the buffer is taken out while its loop runs (inner loops
                // use buffers of their own) and put back, kept for reuse
                let mut items = std::mem::take(&mut cx.scratch.bufs[*buf as usize]);
                let r = self.int_set(cx, *set, &mut items).and_then(|()| {
                    for &x in &items {
                        cx.ticker.tick()?;
                        cx.scratch.env[*slot as usize] = x;
                        self.clauses(cx, rest, body)?;
                    }
                    Ok(())
                });
                cx.scratch.bufs[*buf as usize] = items;
                r
            }
        }
    }
}

/// What a builder's loops run for each binding.
pub trait Visit {
    fn visit(&mut self, run: &Run, cx: &mut Ctx) -> Result<(), EvalError>;

    /// The innermost loop: `slot` runs over `lo..=last` and nothing is left
    /// to bind. One visit an iteration, unless the visitor knows better.
    fn range(
        &mut self,
        run: &Run,
        cx: &mut Ctx,
        slot: u32,
        lo: u64,
        last: u64,
    ) -> Result<(), EvalError> {
        for x in lo..=last {
            cx.ticker.tick()?;
            cx.scratch.env[slot as usize] = x;
            self.visit(run, cx)?;
        }
        Ok(())
    }
}

/// A closure as a visitor.
struct Each<F>(F);

impl<F: FnMut(&Run, &mut Ctx) -> Result<(), EvalError>> Visit for Each<F> {
    fn visit(&mut self, run: &Run, cx: &mut Ctx) -> Result<(), EvalError> {
        (self.0)(run, cx)
    }
}

/// What is done with each option of an option set.
pub trait Body {
    fn option(&mut self, run: &Run, cx: &mut Ctx, sum: Ix) -> Result<(), EvalError>;

    /// The options `sum` for `slot` running over `lo..=last` (the innermost
    /// loop of a builder): one at a time unless the body knows better.
    fn options_over(
        &mut self,
        run: &Run,
        cx: &mut Ctx,
        sum: Ix,
        slot: u32,
        lo: u64,
        last: u64,
    ) -> Result<(), EvalError> {
        for x in lo..=last {
            cx.ticker.tick()?;
            cx.scratch.env[slot as usize] = x;
            self.option(run, cx, sum)?;
        }
        Ok(())
    }
}

impl<F: FnMut(&Run, &mut Ctx, Ix) -> Result<(), EvalError>> Body for F {
    fn option(&mut self, run: &Run, cx: &mut Ctx, sum: Ix) -> Result<(), EvalError> {
        self(run, cx, sum)
    }
}

/// The item of a builder, visited for each binding.
struct Options<'b, B> {
    body: &'b mut B,
    sum: Ix,
}

impl<B: Body> Visit for Options<'_, B> {
    fn visit(&mut self, run: &Run, cx: &mut Ctx) -> Result<(), EvalError> {
        self.body.option(run, cx, self.sum)
    }

    fn range(
        &mut self,
        run: &Run,
        cx: &mut Ctx,
        slot: u32,
        lo: u64,
        last: u64,
    ) -> Result<(), EvalError> {
        self.body.options_over(run, cx, self.sum, slot, lo, last)
    }
}
