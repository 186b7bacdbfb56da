//! Recognizing rule families in rules written as set builders, so that
//! they run on the family engines: `{ s(n - k) for k in {1, 3, 4} if k <=
//! n }` is subtraction {1, 3, 4}; `{ k(a) + k(n - t - a) for t in 1..=2 if
//! t <= n for a in 0..=n - t }` is octal 0.77; `{ g(a) + g(n - a) for a in
//! 1..n if a < n - a }` is Grundy's game; three-heap splits give
//! hexadecimal codes; `{ s(n - k) for k in 1..=n if k != 2 }` is
//! subtraction all but {2}.
//!
//! Recognition is by structure, never by trying values: each generator of
//! the rule is read for each value of its take variable (see
//! [`generator`]), every subtraction in it is proved never to go below
//! zero, and what it allows is decided for all heap sizes at once. A rule
//! that reads as anything else, or whose safety cannot be proved, runs as
//! written.

mod generator;
mod lin;
#[cfg(test)]
mod tests;

use crate::engine::code::Code;
use crate::engine::rule::HeapRule;
use crate::eval::value::Value;
use crate::ir::{
    Clause, CmpOp, Cond, DefKind, GameDef, GameExpr, GameId, IntKind, IntSet, OptionSet, Rule,
    Source,
};
use generator::{Moves, read_generator};
use lin::{Facts, Sym, read};
use std::collections::BTreeMap;

/// What a rule was recognized as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// Exactly this family's rule.
    Heap(HeapRule),
    /// It reads a `let` that is not bound yet: try again later.
    NotYet,
    /// No family's rule.
    No,
}

/// Why a rule is not recognized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reject {
    NotYet,
    No,
}

/// Takes per generator, and digits, at most this many: larger rules run as
/// written.
const MAX_TAKES: usize = 4096;

pub fn recognize(def: &GameDef, game: GameId, globals: &[Value]) -> Shape {
    let DefKind::Rule(Rule::Options(set)) = &def.kind else {
        return Shape::No;
    };
    if def.arity() != 1 {
        return Shape::No;
    }
    match heap_rule(set, game, def.slots.max(1), globals) {
        Ok(rule) => Shape::Heap(rule),
        Err(Reject::NotYet) => Shape::NotYet,
        Err(Reject::No) => Shape::No,
    }
}

fn heap_rule(
    set: &OptionSet,
    game: GameId,
    slots: usize,
    globals: &[Value],
) -> Result<HeapRule, Reject> {
    let mut generators = Vec::new();
    flatten(set, &mut generators)?;
    if let [(item, clauses)] = generators[..]
        && let Some(rule) = all_but(item, clauses, game, globals)?
    {
        return Ok(rule);
    }
    let mut digits: BTreeMap<u64, u8> = BTreeMap::new();
    let mut unequal = 0;
    for (item, clauses) in generators {
        // a first loop over constant takes is read once per take
        let (take, rest) = match clauses.split_first() {
            Some((Clause::For { slot, source, .. }, rest)) => match takes(source, globals)? {
                Some(values) => (Some((*slot, values)), rest),
                None => (None, clauses),
            },
            _ => (None, clauses),
        };
        let runs: Vec<Option<(usize, u64)>> = match &take {
            Some((slot, values)) => values.iter().map(|&v| Some((*slot, v))).collect(),
            None => vec![None],
        };
        for t in runs {
            match read_generator(game, slots, item, rest, t, globals)? {
                None => {}
                Some((c, Moves::Bits(bits))) => *digits.entry(c).or_default() |= bits,
                Some((0, Moves::Unequal)) => unequal += 1,
                Some(_) => return Err(Reject::No),
            }
        }
    }
    let d0 = digits.get(&0).copied().unwrap_or(0);
    if d0 & 3 != 0 {
        // a move that takes nothing and leaves the heap: loopy, which the
        // rule as written reports
        return Err(Reject::No);
    }
    if unequal > 0 {
        return if unequal == 1 && digits.is_empty() {
            Ok(HeapRule::Grundy)
        } else {
            Err(Reject::No)
        };
    }
    if digits.is_empty() {
        return Err(Reject::No);
    }
    if digits.values().all(|&d| d == 0 || d == 3) {
        return HeapRule::subtraction(digits.iter().filter(|(_, d)| **d == 3).map(|(c, _)| *c))
            .ok_or(Reject::No);
    }
    let top = *digits.keys().last().expect("not empty");
    if top >= MAX_TAKES as u64 {
        return Err(Reject::No);
    }
    let mut code = vec![0u8; top as usize + 1];
    for (c, d) in digits {
        code[c as usize] = d;
    }
    let hex = code.iter().any(|d| d & 8 != 0);
    Ok(HeapRule::TakeBreak(Code { digits: code, hex }).normalized())
}

/// The generators of an option set: each a builder's item and clauses.
fn flatten<'a>(
    set: &'a OptionSet,
    out: &mut Vec<(&'a GameExpr, &'a [Clause])>,
) -> Result<(), Reject> {
    match set {
        OptionSet::Builder { item, clauses } => {
            out.push((item, clauses));
            Ok(())
        }
        OptionSet::Union(a, b) => {
            flatten(a, out)?;
            flatten(b, out)
        }
        OptionSet::Items(_) | OptionSet::Switch { .. } => Err(Reject::No),
    }
}

/// The values of a loop over constants (a set of constants, or a range
/// with constant bounds), sorted, without repeats; `None` if the loop is
/// over anything else.
fn takes(source: &Source, globals: &[Value]) -> Result<Option<Vec<u64>>, Reject> {
    let mut facts = Facts::default();
    let env: [Option<Sym>; 0] = [];
    let mut constant = |e: &crate::ir::IntExpr| -> Result<Option<u64>, Reject> {
        match read(e, &env, globals, &mut facts) {
            Ok(l) if l.is_constant() => Ok(u64::try_from(l.c).ok()),
            Ok(_) => Ok(None),
            Err(Reject::NotYet) => Err(Reject::NotYet),
            // refers to `n` or a loop variable: not a loop over constants
            Err(Reject::No) => Ok(None),
        }
    };
    let mut values = match source {
        Source::Range { lo, hi, inclusive } => {
            let (Some(lo), Some(hi)) = (constant(lo)?, constant(hi)?) else {
                return Ok(None);
            };
            let end = if *inclusive {
                hi.checked_add(1)
            } else {
                Some(hi)
            };
            let Some(end) = end else {
                return Err(Reject::No);
            };
            if end.saturating_sub(lo) > MAX_TAKES as u64 {
                return Err(Reject::No);
            }
            (lo..end).collect()
        }
        Source::Set(set) => {
            let mut out = Vec::new();
            if !set_constants(set, globals, &mut constant, &mut out)? {
                return Ok(None);
            }
            out
        }
    };
    values.sort_unstable();
    values.dedup();
    if values.len() > MAX_TAKES {
        return Err(Reject::No);
    }
    Ok(Some(values))
}

fn set_constants(
    set: &IntSet,
    globals: &[Value],
    constant: &mut dyn FnMut(&crate::ir::IntExpr) -> Result<Option<u64>, Reject>,
    out: &mut Vec<u64>,
) -> Result<bool, Reject> {
    match set {
        IntSet::Items(items) => {
            for e in items {
                match constant(e)? {
                    Some(v) => out.push(v),
                    None => return Ok(false),
                }
            }
            Ok(true)
        }
        IntSet::Union(a, b) => {
            Ok(set_constants(a, globals, constant, out)?
                && set_constants(b, globals, constant, out)?)
        }
        IntSet::Global(g) => match globals.get(*g) {
            Some(Value::IntSet(v)) if v.len() <= MAX_TAKES => {
                out.extend(v.iter());
                Ok(true)
            }
            Some(_) => Ok(false),
            None => Err(Reject::NotYet),
        },
        IntSet::Builder { .. } => Ok(false),
    }
}

/// `{ s(n - k) for k in 1..=n if k != 2 and k != 5 }` (any take but the
/// listed ones), and `{ s(j) for j in 0..n }` (Nim): subtraction all but.
fn all_but(
    item: &GameExpr,
    clauses: &[Clause],
    game: GameId,
    globals: &[Value],
) -> Result<Option<HeapRule>, Reject> {
    let GameExpr::Pos { game: g, args, .. } = item else {
        return Ok(None);
    };
    let Some((
        Clause::For {
            slot,
            source: Source::Range { lo, hi, inclusive },
            ..
        },
        conds,
    )) = clauses.split_first()
    else {
        return Ok(None);
    };
    if *g != game || args.len() != 1 {
        return Ok(None);
    }
    let is = |e: &crate::ir::IntExpr, s: usize| matches!(e.kind, IntKind::Local(x) if x == s);
    let lit = |e: &crate::ir::IntExpr| match e.kind {
        IntKind::Lit(v) => Some(v),
        _ => None,
    };
    let arg = &args[0];
    // `s(j) for j in 0..n`: every smaller heap
    if conds.is_empty() && is(arg, *slot) && lit(lo) == Some(0) && is(hi, 0) && !inclusive {
        return Ok(Some(HeapRule::all_but([])));
    }
    // `s(n - k) for k in 1..=n`, written with `n - k`
    let IntKind::Bin(crate::ir::BinOp::Sub, a, b) = &arg.kind else {
        return Ok(None);
    };
    if !(is(a, 0) && is(b, *slot) && lit(lo) == Some(1) && is(hi, 0) && *inclusive) {
        return Ok(None);
    }
    let mut excluded = Vec::new();
    for c in conds {
        let Clause::If(c) = c else {
            return Ok(None);
        };
        if !exclusions(c, *slot, globals, &mut excluded)? {
            return Ok(None);
        }
    }
    Ok(Some(HeapRule::all_but(excluded)))
}

/// `k != 2 and k != 5`: the values `k` may not take.
fn exclusions(
    c: &Cond,
    slot: usize,
    globals: &[Value],
    out: &mut Vec<u64>,
) -> Result<bool, Reject> {
    match c {
        Cond::And(a, b) => {
            Ok(exclusions(a, slot, globals, out)? && exclusions(b, slot, globals, out)?)
        }
        // `k >= 1` or `k > 0`: true of every take
        Cond::Cmp(CmpOp::Ge, a, b) | Cond::Cmp(CmpOp::Le, b, a)
            if matches!(a.kind, IntKind::Local(s) if s == slot)
                && matches!(b.kind, IntKind::Lit(1)) =>
        {
            Ok(true)
        }
        Cond::Cmp(CmpOp::Gt, a, b) | Cond::Cmp(CmpOp::Lt, b, a)
            if matches!(a.kind, IntKind::Local(s) if s == slot)
                && matches!(b.kind, IntKind::Lit(0)) =>
        {
            Ok(true)
        }
        Cond::Cmp(CmpOp::Ne, a, b) => {
            let e = match (&a.kind, &b.kind) {
                (IntKind::Local(s), _) if *s == slot => b,
                (_, IntKind::Local(s)) if *s == slot => a,
                _ => return Ok(false),
            };
            let mut facts = Facts::default();
            let env: [Option<Sym>; 0] = [];
            match read(e, &env, globals, &mut facts) {
                Ok(l) if l.is_constant() => match u64::try_from(l.c) {
                    Ok(v) => {
                        out.push(v);
                        Ok(true)
                    }
                    Err(_) => Ok(false),
                },
                Ok(_) | Err(Reject::No) => Ok(false),
                Err(Reject::NotYet) => Err(Reject::NotYet),
            }
        }
        _ => Ok(false),
    }
}
