//! Lowering the IR's trees into a [`Program`]'s flat arrays.

use super::*;
use crate::ir::{self, GameExpr, IntExpr, IntKind, OptionSet, Rule, Source, arith};

/// Where a lowered rule starts.
#[derive(Debug, Clone, Copy)]
pub enum Root {
    /// The options of a position are this option set's elements.
    Options(Ix),
    /// The position is this sum (`game f(n) = g(n) + *1`).
    Alias(Ix),
}

/// Builds a [`Program`] one expression at a time.
#[derive(Default)]
pub struct Lowering {
    p: Program,
}

impl Lowering {
    pub fn new(slots: usize) -> Self {
        Lowering {
            p: Program {
                slots,
                ..Program::default()
            },
        }
    }

    pub fn finish(self) -> Program {
        self.p
    }

    /// A game's rule.
    pub fn rule(&mut self, rule: &Rule) -> Root {
        match rule {
            Rule::Options(set) => Root::Options(self.opts(set)),
            Rule::Alias(e) => Root::Alias(self.game(e)),
        }
    }

    fn push_list(&mut self, items: impl IntoIterator<Item = u32>) -> Span {
        let start = self.p.list.len() as u32;
        self.p.list.extend(items);
        Span {
            start,
            len: self.p.list.len() as u32 - start,
        }
    }

    pub fn int(&mut self, e: &IntExpr) -> Ix {
        let node = match &e.kind {
            IntKind::Lit(n) => Int::Lit(*n),
            IntKind::Local(s) => {
                self.p.slots = self.p.slots.max(s + 1);
                Int::Local(*s as u32)
            }
            IntKind::Global(g) => Int::Global(*g, e.loc),
            IntKind::Bin(op, a, b) => {
                let (x, y) = (self.int(a), self.int(b));
                match (&self.p.ints[x as usize], &self.p.ints[y as usize]) {
                    // constants fold, unless folding fails: then the error
                    // is reported where it is written, when it runs
                    (Int::Lit(u), Int::Lit(v)) if arith(*op, *u, *v).is_some() => {
                        let r = arith(*op, *u, *v).unwrap_or_default();
                        // the operands are the last nodes pushed: drop them
                        if y as usize + 1 == self.p.ints.len() && x + 1 == y {
                            self.p.ints.truncate(x as usize);
                        }
                        Int::Lit(r)
                    }
                    (Int::Local(a), Int::Local(b)) => {
                        let node = Int::Slots(*op, *a, *b, e.loc);
                        self.p.ints.truncate(x as usize);
                        node
                    }
                    (Int::Local(a), Int::Lit(c)) => {
                        let node = Int::SlotLit(*op, *a, *c, e.loc);
                        self.p.ints.truncate(x as usize);
                        node
                    }
                    _ => Int::Bin(*op, x, y, e.loc),
                }
            }
        };
        self.p.ints.push(node);
        (self.p.ints.len() - 1) as Ix
    }

    pub fn cond(&mut self, c: &ir::Cond) -> Ix {
        let node = match c {
            ir::Cond::Cmp(op, a, b) => Cond::Cmp(*op, self.int(a), self.int(b)),
            ir::Cond::And(a, b) => Cond::And(self.cond(a), self.cond(b)),
            ir::Cond::Or(a, b) => Cond::Or(self.cond(a), self.cond(b)),
            ir::Cond::Not(a) => Cond::Not(self.cond(a)),
        };
        self.p.conds.push(node);
        (self.p.conds.len() - 1) as Ix
    }

    /// A game expression, as a sum of leaves.
    pub fn game(&mut self, e: &GameExpr) -> Ix {
        let mut leaves = Vec::new();
        self.leaves(e, &mut leaves);
        let span = self.push_list(leaves);
        self.p.sums.push(span);
        (self.p.sums.len() - 1) as Ix
    }

    fn leaves(&mut self, e: &GameExpr, out: &mut Vec<u32>) {
        let leaf = match e {
            GameExpr::Zero => return,
            GameExpr::Sum(parts) => {
                for part in parts {
                    self.leaves(part, out);
                }
                return;
            }
            GameExpr::Nim { n, star } => Leaf::Nim {
                n: self.int(n),
                star: *star,
            },
            GameExpr::Pos { game, args, loc } => {
                let args: Vec<u32> = args.iter().map(|a| self.int(a)).collect();
                Leaf::Pos {
                    game: *game,
                    args: self.push_list(args),
                    loc: *loc,
                }
            }
            GameExpr::Options(set) => Leaf::Options(self.opts(set)),
            GameExpr::Global(g) => Leaf::Global(*g, Loc::default()),
            GameExpr::Row {
                game, heads, loc, ..
            } => {
                for &h in heads {
                    let arg = self.int(&IntExpr {
                        kind: IntKind::Lit(h),
                        loc: *loc,
                    });
                    let args = self.push_list([arg]);
                    self.p.leaves.push(Leaf::Pos {
                        game: *game,
                        args,
                        loc: *loc,
                    });
                    out.push((self.p.leaves.len() - 1) as u32);
                }
                return;
            }
            GameExpr::Picture(p) => Leaf::Picture(p.clone()),
            GameExpr::Run { game, lo, hi, loc } => Leaf::Run {
                game: *game,
                lo: self.int(lo),
                hi: self.int(hi),
                loc: *loc,
            },
        };
        self.p.leaves.push(leaf);
        out.push((self.p.leaves.len() - 1) as u32);
    }

    pub fn opts(&mut self, set: &OptionSet) -> Ix {
        let node = match set {
            OptionSet::Items(items) => {
                let sums: Vec<u32> = items.iter().map(|g| self.game(g)).collect();
                Opts::Items(self.push_list(sums))
            }
            OptionSet::Builder { item, clauses } => {
                let clauses = self.clauses(clauses);
                Opts::Builder {
                    item: self.game(item),
                    clauses,
                }
            }
            OptionSet::Union(a, b) => Opts::Union(self.opts(a), self.opts(b)),
            OptionSet::Switch { slot, cases } => {
                self.p.slots = self.p.slots.max(slot + 1);
                let cases: Vec<u32> = cases.iter().map(|c| self.opts(c)).collect();
                Opts::Switch {
                    slot: *slot as u32,
                    cases: self.push_list(cases),
                }
            }
        };
        self.p.opts.push(node);
        (self.p.opts.len() - 1) as Ix
    }

    pub fn int_set(&mut self, set: &ir::IntSet) -> Ix {
        let node = match set {
            ir::IntSet::Items(items) => {
                let ids: Vec<u32> = items.iter().map(|e| self.int(e)).collect();
                let lits: Option<Vec<u64>> = ids
                    .iter()
                    .map(|&i| match self.p.ints[i as usize] {
                        Int::Lit(v) => Some(v),
                        _ => None,
                    })
                    .collect();
                match lits {
                    Some(mut values) => {
                        values.sort_unstable();
                        values.dedup();
                        let start = self.p.consts.len() as u32;
                        self.p.consts.extend(&values);
                        IntSet::Const(Span {
                            start,
                            len: values.len() as u32,
                        })
                    }
                    None => IntSet::Items(self.push_list(ids)),
                }
            }
            ir::IntSet::Builder { item, clauses } => {
                let clauses = self.clauses(clauses);
                IntSet::Builder {
                    item: self.int(item),
                    clauses,
                }
            }
            ir::IntSet::Union(a, b) => IntSet::Union(self.int_set(a), self.int_set(b)),
            ir::IntSet::Global(g) => IntSet::Global(*g, Loc::default()),
        };
        self.p.sets.push(node);
        (self.p.sets.len() - 1) as Ix
    }

    fn clauses(&mut self, clauses: &[ir::Clause]) -> Span {
        // lowered first (they may hold clauses of their own), listed after
        let mut ids = Vec::with_capacity(clauses.len());
        // `if a and b` is `if a if b`: `b` runs only where `a` holds
        let mut flat = Vec::with_capacity(clauses.len());
        for c in clauses {
            match c {
                ir::Clause::If(c) => conjuncts(c, &mut flat),
                other => flat.push(Flat::Clause(other)),
            }
        }
        let mut i = 0;
        while i < flat.len() {
            let node = match flat[i] {
                Flat::If(c) => Clause::If(self.cond(c)),
                Flat::Clause(ir::Clause::If(c)) => Clause::If(self.cond(c)),
                Flat::Clause(ir::Clause::For { slot, source, .. }) => {
                    self.p.slots = self.p.slots.max(slot + 1);
                    match source {
                        Source::Range { lo, hi, inclusive } => {
                            let (lo, hi) = (self.int(lo), self.int(hi));
                            let mut bounds = Vec::new();
                            while let Some(Flat::If(c)) = flat.get(i + 1)
                                && let Some((e, how)) = bound(c, *slot)
                            {
                                bounds.extend([self.int(e), how as u32]);
                                i += 1;
                            }
                            Clause::Range {
                                slot: *slot as u32,
                                lo,
                                hi,
                                inclusive: *inclusive,
                                bounds: self.push_list(bounds),
                            }
                        }
                        Source::Set(set) => {
                            let set = self.int_set(set);
                            self.p.bufs += 1;
                            Clause::Set {
                                slot: *slot as u32,
                                set,
                                buf: (self.p.bufs - 1) as u32,
                            }
                        }
                    }
                }
            };
            self.p.clauses.push(node);
            ids.push((self.p.clauses.len() - 1) as u32);
            i += 1;
        }
        self.push_list(ids)
    }
}

/// A clause with its conditions split at `and`.
enum Flat<'a> {
    If(&'a ir::Cond),
    Clause(&'a ir::Clause),
}

fn conjuncts<'a>(c: &'a ir::Cond, out: &mut Vec<Flat<'a>>) {
    match c {
        ir::Cond::And(a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        c => out.push(Flat::If(c)),
    }
}

/// `x <= e`, `x < e`, `x >= e` or `x > e` (either way round) for the
/// variable in `slot`, with `e` not mentioning it.
fn bound(c: &ir::Cond, slot: usize) -> Option<(&IntExpr, Bound)> {
    let ir::Cond::Cmp(op, a, b) = c else {
        return None;
    };
    let is_x = |e: &IntExpr| matches!(e.kind, IntKind::Local(s) if s == slot);
    let (e, how) = match op {
        CmpOp::Le if is_x(a) => (b, Bound::AtMost),
        CmpOp::Lt if is_x(a) => (b, Bound::Below),
        CmpOp::Ge if is_x(a) => (b, Bound::AtLeast),
        CmpOp::Gt if is_x(a) => (b, Bound::Above),
        CmpOp::Ge if is_x(b) => (a, Bound::AtMost),
        CmpOp::Gt if is_x(b) => (a, Bound::Below),
        CmpOp::Le if is_x(b) => (a, Bound::AtLeast),
        CmpOp::Lt if is_x(b) => (a, Bound::Above),
        _ => return None,
    };
    (!mentions(e, slot)).then_some((e, how))
}

fn mentions(e: &IntExpr, slot: usize) -> bool {
    match &e.kind {
        IntKind::Local(s) => *s == slot,
        IntKind::Bin(_, a, b) => mentions(a, slot) || mentions(b, slot),
        IntKind::Lit(_) | IntKind::Global(_) => false,
    }
}
