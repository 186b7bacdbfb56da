//! `period NAME`: the pre-period and period (and the saltus of an
//! arithmetic period) of a one-parameter game, and whether they are proven
//! (the octal periodicity theorem for take-and-break codes, a repeated
//! window for finite subtraction sets, the arithmetic periodicity test for
//! all-but subtraction sets) or only observed.

use super::{Answer, Found};
use crate::engine::period::{Period, PeriodSearch, Proof, observed_period};
use crate::eval::family::{Bound, Searched};
use crate::eval::{Defs, EvalError, Key, Store};
use crate::ir::{DefKind, GameId};

/// User-defined rules are searched up to this heap unless `set period` says
/// less (they cost more per value than the rule families).
const USER_LIMIT: u64 = 4096;

pub fn period(defs: &Defs, store: &mut Store, game: GameId) -> Result<Answer, EvalError> {
    let limit = store.limits.period;
    let name = defs.games[game].name.clone();
    if let DefKind::Family(rule) = &defs.games[game].kind {
        let what = format!("{name}, {}", rule.describe());
        let limits = store.limits;
        let found = store
            .families
            .period(game, &limits, &mut *store.ticker.watch)?;
        return Ok(match found {
            Some(s) => render(s, &what),
            None => Answer {
                found: Found::Nothing,
                lines: vec![format!("no period search for {what}")],
            },
        });
    }
    let found = user_period(defs, store, game, limit.min(USER_LIMIT))?;
    Ok(render(
        Searched {
            found,
            provable: false,
            provable_saltus: false,
            bound: Bound::Setting,
        },
        &name,
    ))
}

/// `pre-period 71, period 12` or `pre-period 0, period 4, saltus 2`.
fn head(p: &Period) -> String {
    if p.saltus == 0 {
        format!("pre-period {}, period {}", p.preperiod, p.period)
    } else {
        format!(
            "pre-period {}, period {}, saltus {}",
            p.preperiod, p.period, p.saltus
        )
    }
}

/// How to let a search look further than it did.
fn further(bound: Bound) -> &'static str {
    match bound {
        Bound::Setting => "`set period N` looks further",
        Bound::Memory => "`set memory N` lets it look further",
        Bound::Work => "`set heap N` lets it look further",
    }
}

fn render(searched: Searched, what: &str) -> Answer {
    match searched.found {
        PeriodSearch::Proven(p) => {
            let why = match p.proof {
                Proof::OctalTheorem { checked_to } => {
                    format!(
                        "proven by the octal periodicity theorem (values checked up to n = {checked_to})"
                    )
                }
                Proof::Window { width } => {
                    format!(
                        "proven: a window of {width} consecutive values repeats, and each value depends only on the {width} before it"
                    )
                }
                Proof::AllBut { checked_to } => format!(
                    "proven by the arithmetic periodicity test for all-but subtraction games (values checked up to n = {checked_to})"
                ),
                Proof::Observed { up_to } => format!("observed up to n = {up_to}"),
            };
            Answer {
                found: Found::Period(p.preperiod, p.period),
                lines: vec![format!("{}: {why} [{what}]", head(&p))],
            }
        }
        PeriodSearch::Candidate(p) => {
            let up_to = match p.proof {
                Proof::Observed { up_to }
                | Proof::OctalTheorem { checked_to: up_to }
                | Proof::AllBut { checked_to: up_to } => up_to,
                Proof::Window { .. } => 0,
            };
            let provable = if p.saltus == 0 {
                searched.provable
            } else {
                searched.provable_saltus
            };
            let why = match (provable, searched.bound) {
                (false, _) if p.saltus > 0 && searched.provable => {
                    "with no proof for this kind of period"
                }
                (false, _) => "with no proof for this kind of rule",
                (true, Bound::Setting) => "not proven with the values up to the limit",
                (true, _) => "not proven with the values that fit the limits",
            };
            Answer {
                found: Found::Period(p.preperiod, p.period),
                lines: vec![format!(
                    "{}: observed up to n = {up_to}, {why} ({}) [{what}]",
                    head(&p),
                    further(searched.bound)
                )],
            }
        }
        PeriodSearch::NotFound { up_to } => Answer {
            found: Found::Nothing,
            lines: vec![format!(
                "no period observed up to n = {up_to} ({}) [{what}]",
                further(searched.bound)
            )],
        },
    }
}

/// A user-defined rule: values computed up to `limit` (doubling from a small
/// start), and the first period seen to repeat at least three times over
/// the latter half of them. Never proven.
fn user_period(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    limit: u64,
) -> Result<PeriodSearch, EvalError> {
    let mut values: Vec<u64> = Vec::new();
    let mut n = 64.min(limit.max(1));
    loop {
        while (values.len() as u64) < n {
            let key = Key {
                game,
                args: [values.len() as u64].into_iter().collect(),
            };
            values.push(store.grundy(defs, &key)?);
        }
        if let Some((n0, p, s)) = observed_period(&values, &mut *store.ticker.watch)? {
            return Ok(PeriodSearch::Candidate(Period {
                preperiod: n0,
                period: p,
                saltus: s,
                proof: Proof::Observed { up_to: n - 1 },
            }));
        }
        if n >= limit {
            return Ok(PeriodSearch::NotFound { up_to: n - 1 });
        }
        n = n.saturating_mul(2).min(limit);
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Quiet;
    use crate::engine::period::observed_period;

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
