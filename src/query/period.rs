//! `period NAME`: the pre-period and period of a one-parameter game, and
//! whether they are proven (the octal periodicity theorem for take-and-break
//! codes, a repeated window for finite subtraction sets) or only observed.

use super::{PeriodAnswer, PeriodFound};
use crate::engine::period::{Period, PeriodSearch, Proof, observed_period};
use crate::eval::{Defs, EvalError, Key, Store};
use crate::ir::{DefKind, GameId};

/// User-defined rules are searched up to this heap unless `set period` says
/// less (they cost more per value than the rule families).
const USER_LIMIT: u64 = 4096;

/// `period NAME`: a search as far as `set period` allows.
pub fn period(defs: &Defs, store: &mut Store, game: GameId) -> Result<PeriodAnswer, EvalError> {
    let limit = store.limits.period;
    find(defs, store, game, limit)
}

/// The period of a one-parameter game, searched with values up to heap
/// `limit` (a rule family's earlier, longer search is reused).
pub fn find(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    limit: u64,
) -> Result<PeriodAnswer, EvalError> {
    let name = defs.games[game].name.clone();
    if let DefKind::Family(rule) = &defs.games[game].kind {
        let rule = rule.describe();
        let limits = store.limits;
        let found = store
            .families
            .period(game, limit, &limits, &mut *store.ticker.watch)?;
        return Ok(describe(found, name, Some(rule)));
    }
    let search = user_period(defs, store, game, limit.min(USER_LIMIT))?;
    Ok(describe(Some(search), name, None))
}

/// A period as answers give it; `proven` says whether a theorem backs it.
fn found(p: &Period, proven: bool) -> PeriodFound {
    PeriodFound {
        pre_period: p.preperiod,
        period: p.period,
        saltus: None,
        proven,
    }
}

fn describe(search: Option<PeriodSearch>, game: String, rule: Option<String>) -> PeriodAnswer {
    let (found, reason) = match search {
        Some(PeriodSearch::Proven(p)) => {
            let why = match p.proof {
                Proof::OctalTheorem { checked_to } => format!(
                    "proven by the octal periodicity theorem (values checked up to n = {checked_to})"
                ),
                Proof::Window { width } => format!(
                    "proven: a window of {width} consecutive values repeats, and each value depends only on the {width} before it"
                ),
                Proof::Observed { up_to } => format!("observed up to n = {up_to}"),
            };
            let proven = !matches!(p.proof, Proof::Observed { .. });
            (Some(found(&p, proven)), why)
        }
        Some(PeriodSearch::Candidate(p)) => {
            let up_to = match p.proof {
                Proof::Observed { up_to } | Proof::OctalTheorem { checked_to: up_to } => up_to,
                Proof::Window { .. } => 0,
            };
            (
                Some(found(&p, false)),
                format!(
                    "observed up to n = {up_to}, with no proof for this kind of rule (`set period N` looks further)"
                ),
            )
        }
        Some(PeriodSearch::NotFound { up_to }) => (
            None,
            format!("no period observed up to n = {up_to} (`set period N` searches further)"),
        ),
        None => (None, "no period search for this kind of game".to_string()),
    };
    PeriodAnswer {
        game,
        rule,
        found,
        reason,
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
        if let Some((n0, p)) = observed_period(&values, &mut *store.ticker.watch)? {
            return Ok(PeriodSearch::Candidate(crate::engine::period::Period {
                preperiod: n0,
                period: p,
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
        assert_eq!(observed_period(&v, &mut Quiet), Ok(Some((5, 3))));
        let zeros = vec![0; 12];
        assert_eq!(observed_period(&zeros, &mut Quiet), Ok(Some((0, 1))));
        let growing: Vec<u64> = (0..40).collect();
        assert_eq!(observed_period(&growing, &mut Quiet), Ok(None));
    }
}
