//! The options of a rule-family heap with their values, visited one by one
//! (never built as a list), for `moves` and `explain`.
//!
//! A heap with more options than the options limit is answered only where
//! a proven period makes it finite work: past the pre-period the value of a
//! split `(a, r - a)` depends on `a` only modulo the period, so the splits
//! fall into classes `a = c, c + p, c + 2p, ...` of one value each, and one
//! representative stands for every move of its class.

use crate::engine::Watch;
use crate::engine::code::Code;
use crate::engine::rule::HeapRule;
use crate::eval::error::LimitError;
use crate::eval::{Defs, EvalError, Key, Store};
use crate::ir::{DefKind, Setting};
use std::ops::ControlFlow;

/// One option of a heap, or a class of options of one value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionClass {
    /// Tokens taken.
    pub take: u64,
    /// The heaps left by the first move of the class, ascending.
    pub heaps: Vec<u64>,
    /// How many moves the class holds: the `i`-th (from 0) leaves
    /// `heaps[0] + i * step` and `heaps[1] - i * step`.
    pub count: u64,
    pub step: u64,
    /// The value of every move of the class.
    pub value: u64,
}

impl OptionClass {
    /// The heaps left by the last move of the class.
    pub fn last_heaps(&self) -> Vec<u64> {
        let mut h = self.heaps.clone();
        if self.count > 1 {
            let shift = (self.count - 1) * self.step;
            h[0] += shift;
            h[1] -= shift;
        }
        h
    }
}

/// The rule whose options answer for the heap `key`: a family's rule, or
/// that of a rule written out that runs as a family (`game k(n) = { k(a) +
/// k(n - t - a) ... }` runs as octal 0.77) when the heap has more options
/// than the options limit lets the rule itself list.
pub fn rule_for(defs: &Defs, store: &Store, key: &Key) -> Option<HeapRule> {
    match &defs.games.get(key.game)?.kind {
        DefKind::Family(rule) => Some(rule.clone()),
        _ => {
            let rule = store.runs_as(defs, key.game)?;
            let n = *key.args.first()?;
            (rule.move_count(n) > u128::from(store.limits.options)).then(|| rule.clone())
        }
    }
}

/// Options visited between two looks at the watch.
const TICK: u64 = 1 << 16;

/// Visits the options of the family position `key` (its value must have
/// been worked out already, so the values of smaller heaps are known).
pub fn each_option(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    rule: &HeapRule,
    visit: impl FnMut(&OptionClass) -> ControlFlow<()>,
) -> Result<(), EvalError> {
    let n = key.args[0];
    store.grundy(defs, key)?;
    let count = rule.move_count(n);
    let limit = store.limits.options;
    let period = store.families.proven_period(key.game);
    let game = key.game;
    let (families, watch) = (&store.families, &mut store.ticker.watch);
    let lookup = |h: u64| families.lookup(game, h);
    if count <= u128::from(limit) {
        return each_move(defs, key, rule, count, lookup, &mut **watch, visit);
    }
    let (Some((pre, p)), HeapRule::TakeBreak(code)) = (period, rule.normalized()) else {
        return Err(too_many(defs, key, count, limit));
    };
    let too_many = || too_many(defs, key, count, limit);
    let classes = Classes { pre, p, too_many };
    classes.each(defs, key, &code, lookup, &mut **watch, visit)
}

/// Visits each move of heap `key.args[0]` on its own, `count` of them.
fn each_move(
    defs: &Defs,
    key: &Key,
    rule: &HeapRule,
    count: u128,
    lookup: impl Fn(u64) -> Option<u64>,
    watch: &mut dyn Watch,
    mut visit: impl FnMut(&OptionClass) -> ControlFlow<()>,
) -> Result<(), EvalError> {
    let n = key.args[0];
    let mut visited = 0u64;
    let mut stopped: Result<(), EvalError> = Ok(());
    let mut class = OptionClass {
        take: 0,
        heaps: Vec::new(),
        count: 1,
        step: 0,
        value: 0,
    };
    let _ = rule.each_move(n, |take, heaps| {
        visited += 1;
        if visited.is_multiple_of(TICK)
            && let Err(e) = watch.tick(visited, count as u64)
        {
            stopped = Err(e.into());
            return ControlFlow::Break(());
        }
        let mut value = 0;
        for &h in heaps {
            match lookup(h) {
                Some(v) => value ^= v,
                None => {
                    stopped = Err(unknown(defs, key, h));
                    return ControlFlow::Break(());
                }
            }
        }
        class.take = take;
        class.heaps.clear();
        class.heaps.extend_from_slice(heaps);
        class.value = value;
        visit(&class)
    });
    stopped
}

/// The options of a heap of a take-and-break game with a proven period
/// (`pre`, `p`), too many to visit one by one: the splits of a heap into
/// two, past the pre-period, come in classes of one value.
struct Classes<F> {
    pre: u64,
    p: u64,
    too_many: F,
}

impl<F: Fn() -> EvalError> Classes<F> {
    /// Visits the options of heap `key.args[0]` of the game of `code`, a
    /// class at a time where the splits come in classes.
    fn each(
        &self,
        defs: &Defs,
        key: &Key,
        code: &Code,
        lookup: impl Fn(u64) -> Option<u64>,
        watch: &mut dyn Watch,
        mut visit: impl FnMut(&OptionClass) -> ControlFlow<()>,
    ) -> Result<(), EvalError> {
        let n = key.args[0];
        let mut visited = 0u64;
        let value_of =
            |h: u64| -> Result<u64, EvalError> { lookup(h).ok_or_else(|| unknown(defs, key, h)) };
        let mut emit = |c: &OptionClass| -> Result<bool, EvalError> {
            visited += 1;
            if visited.is_multiple_of(TICK) {
                watch.tick(visited, 0)?;
            }
            Ok(visit(c).is_break())
        };
        for (k, &d) in code.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            let rest = n - k;
            let single = |heaps: Vec<u64>, value: u64| OptionClass {
                take: k,
                heaps,
                count: 1,
                step: 0,
                value,
            };
            if d & 1 != 0 && rest == 0 && emit(&single(vec![], 0))? {
                return Ok(());
            }
            if d & 2 != 0 && rest >= 1 && emit(&single(vec![rest], value_of(rest)?))? {
                return Ok(());
            }
            if d & 8 != 0 && rest >= 3 {
                return Err((self.too_many)());
            }
            if d & 4 == 0 || rest < 2 {
                continue;
            }
            if self.splits(k, rest, &value_of, &mut emit)? {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Visits the splits of `rest` tokens left by taking `k` into two
    /// heaps: one at a time below `2 * (pre + p)`, by class past it.
    /// Whether the visit stopped.
    fn splits(
        &self,
        k: u64,
        rest: u64,
        value_of: &impl Fn(u64) -> Result<u64, EvalError>,
        emit: &mut impl FnMut(&OptionClass) -> Result<bool, EvalError>,
    ) -> Result<bool, EvalError> {
        let (pre, p) = (self.pre, self.p);
        // Splits past this many leftover tokens are grouped by class.
        let explicit_below = pre.saturating_add(p).saturating_mul(2);
        let single = |heaps: Vec<u64>, value: u64| OptionClass {
            take: k,
            heaps,
            count: 1,
            step: 0,
            value,
        };
        let half = rest / 2;
        if rest < explicit_below {
            for a in 1..=half {
                let v = value_of(a)? ^ value_of(rest - a)?;
                if emit(&single(vec![a, rest - a], v))? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        // Below the pre-period each split is its own; from there on, a
        // and rest - a are both at least `pre`, so the value depends on a
        // modulo p only.
        for a in 1..pre.max(1) {
            let v = value_of(a)? ^ value_of(rest - a)?;
            if emit(&single(vec![a, rest - a], v))? {
                return Ok(true);
            }
        }
        for c in pre.max(1)..pre.max(1) + p {
            if c > half {
                break;
            }
            let v = value_of(c)? ^ value_of(rest - c)?;
            let class = OptionClass {
                take: k,
                heaps: vec![c, rest - c],
                count: (half - c) / p + 1,
                step: p,
                value: v,
            };
            if emit(&class)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

fn too_many(defs: &Defs, key: &Key, count: u128, limit: u64) -> EvalError {
    let e = LimitError::new(
        Setting::Options,
        Some(count),
        limit,
        format!(
            "{} has {count} options, more than the limit of {limit} for one position",
            defs.show_key(key)
        ),
    );
    EvalError::from(if count <= u128::from(LISTABLE) {
        e.then("raises the limit (time grows with it); `grundy` answers without listing options")
    } else {
        e.no_help("listing them would take years whatever the limit; `grundy` and `outcome` answer without listing options")
    })
}

/// Options past which raising the limit is no help (years of listing).
const LISTABLE: u64 = 1 << 50;

fn unknown(defs: &Defs, key: &Key, h: u64) -> EvalError {
    crate::eval::error::internal(format!(
        "the value of heap {h} is not known while listing the options of {}",
        defs.show_key(key)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::DefKind;
    use crate::session::Session;

    /// Every move (take, heaps, value), with classes expanded.
    fn moves(s: &mut Session, game: &str, n: u64, options: u64) -> Vec<(u64, Vec<u64>, u64)> {
        let id = s.names.games[game].0;
        let DefKind::Family(rule) = s.defs.games[id].kind.clone() else {
            panic!("{game} is a family");
        };
        s.store.limits.options = options;
        let key = Key {
            game: id,
            args: [n].into_iter().collect(),
        };
        let mut out = Vec::new();
        each_option(&s.defs, &mut s.store, &key, &rule, |c| {
            for i in 0..c.count {
                let mut h = c.heaps.clone();
                if i > 0 {
                    h[0] += i * c.step;
                    h[1] -= i * c.step;
                }
                out.push((c.take, h, c.value));
            }
            ControlFlow::Continue(())
        })
        .expect("options are listed");
        out.sort();
        out
    }

    #[test]
    fn classes_from_a_period_stand_for_every_move() {
        let mut s = Session::default();
        let (_, r) = s.run_collect(
            "t",
            "game k = octal 0.77; game d = octal 0.07; game c = octal 0.137; game f = octal 4.07
             period k; period d; period c; period f",
        );
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        for game in ["k", "d", "c", "f"] {
            for n in [0, 1, 5, 200, 401, 1000, 1001, 2222] {
                let all = moves(&mut s, game, n, 100_000_000);
                let grouped = moves(&mut s, game, n, 10);
                assert_eq!(all, grouped, "{game}({n})");
            }
        }
    }

    #[test]
    fn too_many_options_without_a_period_is_refused() {
        let mut s = Session::default();
        let (_, r) = s.run_collect("t", "game g = grundy; grundy g(1000)");
        assert!(r.errors.is_empty());
        let id = s.names.games["g"].0;
        s.store.limits.options = 10;
        let key = Key {
            game: id,
            args: [1000].into_iter().collect(),
        };
        let e = each_option(&s.defs, &mut s.store, &key, &HeapRule::Grundy, |_| {
            ControlFlow::Continue(())
        });
        let Err(EvalError::Failed(d)) = e else {
            panic!("refused")
        };
        assert!(d.hint.unwrap().contains("set options"));
    }
}
