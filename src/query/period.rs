//! `period NAME`: the pre-period and period (and the saltus of an
//! arithmetic period) of a one-parameter game, and whether they are proven
//! (the octal periodicity theorem for take-and-break codes, a repeated
//! window for finite subtraction sets, the arithmetic periodicity tests for
//! all-but subtraction sets and take-and-break codes) or only observed.

use super::{PeriodAnswer, PeriodFound, PeriodWhy, Unproven};
use crate::engine::periodicity::search::{Period, PeriodSearch, Proof, observed_period};
use crate::eval::family::{Bound, Searched};
use crate::eval::{Defs, EvalError, Key, Store};
use crate::ir::{DefKind, GameId};

/// `period NAME`: values up to `set period` (by default the heap limit),
/// as far as the memory and work limits let the search go.
pub fn period(defs: &Defs, store: &mut Store, game: GameId) -> Result<PeriodAnswer, EvalError> {
    let limit = store.limits.period_limit();
    find(defs, store, game, limit)
}

/// The period of a one-parameter game, searched with values up to heap
/// `limit`, within the memory and work limits.
pub fn find(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    limit: u64,
) -> Result<PeriodAnswer, EvalError> {
    let name = defs.games[game].name.clone();
    // a family, or a rule written out that runs as one (its period is the
    // family's, proven the same way)
    let family = match &defs.games[game].kind {
        DefKind::Family(rule) => Some(rule.describe()),
        _ => store
            .runs_as(defs, game)
            .map(|rule| format!("runs as {}", rule.describe())),
    };
    if let Some(rule) = family {
        let limits = store.limits;
        let found = store
            .families
            .period(game, Some(limit), &limits, &mut *store.ticker.watch)?;
        return Ok(describe(found, name, Some(rule)));
    }
    let (found, bound) = user_period(defs, store, game, limit)?;
    let searched = Searched {
        found,
        provable: false,
        provable_saltus: false,
        bound,
    };
    Ok(describe(Some(searched), name, None))
}

/// A period as answers give it; `proven` says whether a theorem backs it.
fn found(p: &Period, proven: bool) -> PeriodFound {
    PeriodFound {
        pre_period: p.preperiod,
        period: p.period,
        saltus: (p.saltus > 0).then_some(p.saltus),
        proven,
    }
}

/// The heap up to which a search checked the values, and the `set` that
/// would let an unproven search look further.
fn reach(search: &Option<Searched>) -> (Option<u64>, Option<&'static str>) {
    let Some(s) = search else {
        return (None, None);
    };
    let limit = match s.bound {
        Bound::Setting => "period",
        Bound::Memory => "memory",
        Bound::Work => "work",
        Bound::Positions => "positions",
    };
    match s.found {
        PeriodSearch::Proven(p) => {
            let checked = match p.proof {
                Proof::OctalTheorem { checked_to }
                | Proof::AllBut { checked_to }
                | Proof::Saltus { checked_to } => checked_to,
                Proof::Observed { up_to } => up_to,
                // the window at the repeat's end was compared
                Proof::Window { width } => (p.preperiod + p.period + width).saturating_sub(1),
            };
            (Some(checked), None)
        }
        PeriodSearch::Candidate(p) => match p.proof {
            Proof::Observed { up_to }
            | Proof::OctalTheorem { checked_to: up_to }
            | Proof::AllBut { checked_to: up_to }
            | Proof::Saltus { checked_to: up_to } => (Some(up_to), Some(limit)),
            Proof::Window { .. } => (None, Some(limit)),
        },
        PeriodSearch::NotFound { up_to } => (Some(up_to), Some(limit)),
    }
}

fn describe(search: Option<Searched>, game: String, rule: Option<String>) -> PeriodAnswer {
    let (checked_to, limit) = reach(&search);
    let (found, reason) = match search {
        Some(Searched {
            found: PeriodSearch::Proven(p),
            ..
        }) => (
            Some(found(&p, p.proof.is_proven())),
            PeriodWhy::Proof(p.proof),
        ),
        Some(
            s @ Searched {
                found: PeriodSearch::Candidate(p),
                ..
            },
        ) => {
            let up_to = match p.proof {
                Proof::Observed { up_to }
                | Proof::OctalTheorem { checked_to: up_to }
                | Proof::AllBut { checked_to: up_to }
                | Proof::Saltus { checked_to: up_to } => up_to,
                Proof::Window { .. } => 0,
            };
            let provable = if p.saltus == 0 {
                s.provable
            } else {
                s.provable_saltus
            };
            let why = match (provable, s.bound) {
                (false, _) if p.saltus > 0 && s.provable => Unproven::KindOfPeriod,
                (false, _) => Unproven::KindOfRule,
                (true, Bound::Setting) => Unproven::AtLimit,
                (true, _) => Unproven::WithinLimits,
            };
            let reason = PeriodWhy::Unproven {
                up_to,
                why,
                bound: s.bound,
            };
            (Some(found(&p, false)), reason)
        }
        Some(Searched {
            found: PeriodSearch::NotFound { up_to },
            bound,
            ..
        }) => (None, PeriodWhy::NotFound { up_to, bound }),
        None => (None, PeriodWhy::NoSearch),
    };
    PeriodAnswer {
        game,
        rule,
        found,
        checked_to,
        read: None,
        limit,
        reason,
    }
}

/// A user-defined rule: values computed up to `limit` (doubling from a
/// small start, each stretch taken only if the work of the values up to
/// its end, estimated from nothing, fits `set work`, so that how far the
/// search looks never depends on what was computed before), and the first
/// period seen to repeat at least three times over the latter half of
/// them (with its saltus if the values grow). Never proven.
fn user_period(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    limit: u64,
) -> Result<(PeriodSearch, Bound), EvalError> {
    let key = |n: u64| Key {
        game,
        args: [n].into_iter().collect(),
    };
    let mut values: Vec<u64> = Vec::new();
    let mut n = 64.min(limit.saturating_add(1)).max(1);
    loop {
        while (values.len() as u64) < n {
            values.push(store.grundy(defs, &key(values.len() as u64))?);
        }
        if let Some((n0, p, s)) = observed_period(&values, &mut *store.ticker.watch)? {
            let found = PeriodSearch::Candidate(Period {
                preperiod: n0,
                period: p,
                saltus: s,
                proof: Proof::Observed { up_to: n - 1 },
            });
            return Ok((found, Bound::Setting));
        }
        let not_found = PeriodSearch::NotFound { up_to: n - 1 };
        if n > limit {
            return Ok((not_found, Bound::Setting));
        }
        let next = n.saturating_mul(2).min(limit.saturating_add(1));
        let positions = next > store.limits.positions;
        let work = store
            .estimate_from_nothing(defs, &key(next - 1))?
            .is_some_and(|w| w > u128::from(store.limits.work));
        if positions {
            return Ok((not_found, Bound::Positions));
        }
        if work {
            return Ok((not_found, Bound::Work));
        }
        n = next;
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Quiet;
    use crate::engine::periodicity::search::observed_period;

    #[test]
    fn observed_periods() {
        let v: Vec<u64> = (0..60).map(|n| if n < 5 { 9 } else { n % 3 }).collect();
        assert_eq!(observed_period(&v, &mut Quiet), Ok(Some((5, 3, 0))));
        let zeros = vec![0; 12];
        assert_eq!(observed_period(&zeros, &mut Quiet), Ok(Some((0, 1, 0))));
        let growing: Vec<u64> = (0..40).collect();
        assert_eq!(observed_period(&growing, &mut Quiet), Ok(Some((0, 1, 1))));
        let shuffled: Vec<u64> = (0..40u64)
            .map(|n| n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60)
            .collect();
        assert_eq!(observed_period(&shuffled, &mut Quiet), Ok(None));
    }
}
