//! Questions about games, answered as lines of text: values, outcomes,
//! winning moves, explanations, sequences, tables, and `check` grading.

pub mod explain;
pub mod heap_options;
pub mod misere;
pub mod misere_moves;
pub mod moves;
pub mod period;
pub mod show;
mod table;

use crate::eval::value::mex_of;
use crate::eval::{Defs, EvalError, Store};
use crate::ir::arith;
use crate::ir::{BinOp, GameId};
use crate::ir::{Expect, QueryIr, RangeIr};

/// The answer to a query: the value it found (for `check`) and its lines.
pub struct Answer {
    pub found: Found,
    pub lines: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Value(u64),
    Outcome(bool),
    Values(Vec<u64>),
    Period(u64, u64),
    Nothing,
}

pub fn outcome_line(p_position: bool) -> String {
    if p_position {
        "P (the previous player wins)".into()
    } else {
        "N (the next player wins)".into()
    }
}

pub fn answer(defs: &Defs, store: &mut Store, q: &QueryIr) -> Result<Answer, EvalError> {
    Ok(match q {
        QueryIr::Grundy(e) => {
            let g = store.eval_game(defs, e)?;
            let v = store.value(defs, &g)?;
            Answer {
                found: Found::Value(v),
                lines: vec![v.to_string()],
            }
        }
        QueryIr::Outcome(e) => {
            let g = store.eval_game(defs, e)?;
            let p = store.value(defs, &g)? == 0;
            Answer {
                found: Found::Outcome(p),
                lines: vec![outcome_line(p)],
            }
        }
        QueryIr::Mex(set) => {
            let values = store.eval_int_set(defs, set)?;
            let m = mex_of(&values, &mut Vec::new());
            Answer {
                found: Found::Value(m),
                lines: vec![m.to_string()],
            }
        }
        QueryIr::Moves(e) => {
            let g = store.eval_game(defs, e)?;
            Answer {
                found: Found::Nothing,
                lines: moves::winning_moves(defs, store, &g)?,
            }
        }
        QueryIr::Explain(e) => {
            let g = store.eval_game(defs, e)?;
            Answer {
                found: Found::Nothing,
                lines: explain::explain(defs, store, &g)?,
            }
        }
        QueryIr::Equiv(a, b) => {
            let ga = store.eval_game(defs, a)?;
            let gb = store.eval_game(defs, b)?;
            let (va, vb) = (store.value(defs, &ga)?, store.value(defs, &gb)?);
            let line = if va == vb {
                format!("equivalent: both have value {va}, so their sum is a P-position")
            } else {
                format!(
                    "not equivalent: values {va} and {vb} differ, so their sum has value {} (an N-position)",
                    va ^ vb
                )
            };
            Answer {
                found: Found::Outcome(va == vb),
                lines: vec![line],
            }
        }
        QueryIr::Sequence(game, range) => {
            let values = sequence(defs, store, *game, range)?;
            let line = values
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            Answer {
                found: Found::Values(values),
                lines: vec![line],
            }
        }
        QueryIr::Table(source, rows, cols) => Answer {
            found: Found::Nothing,
            lines: table::table(defs, store, source, rows, cols)?,
        },
        QueryIr::MisereOutcome(e) => {
            let g = store.eval_game(defs, e)?;
            let p = misere::misere_p(defs, store, &g)?;
            Answer {
                found: Found::Outcome(p),
                lines: vec![outcome_line(p)],
            }
        }
        QueryIr::MisereMoves(e) => {
            let g = store.eval_game(defs, e)?;
            Answer {
                found: Found::Nothing,
                lines: misere_moves::misere_moves(defs, store, &g)?,
            }
        }
        QueryIr::Period(game) => period::period(defs, store, *game)?,
    })
}

/// The integers a range covers, as (first, count); empty ranges are fine.
pub fn range_bounds(defs: &Defs, store: &mut Store, r: &RangeIr) -> Result<(u64, u64), EvalError> {
    let lo = store.eval_int(defs, &r.lo)?;
    let hi = store.eval_int(defs, &r.hi)?;
    let end = if r.inclusive {
        arith(BinOp::Add, hi, 1).unwrap_or(u64::MAX)
    } else {
        hi
    };
    Ok((lo, end.saturating_sub(lo)))
}

fn sequence(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    r: &RangeIr,
) -> Result<Vec<u64>, EvalError> {
    let (lo, count) = range_bounds(defs, store, r)?;
    let mut out = Vec::new();
    for n in lo..lo + count {
        let key = crate::eval::Key {
            game,
            args: [n].into_iter().collect(),
        };
        out.push(store.grundy(defs, &key)?);
    }
    Ok(out)
}

/// Grades a `check`: Ok(lines) starting with `ok` or `FAIL`, and whether it passed.
pub fn check(
    defs: &Defs,
    store: &mut Store,
    q: &QueryIr,
    expect: &Expect,
    text: &str,
) -> Result<(bool, Vec<String>), EvalError> {
    let a = answer(defs, store, q)?;
    let passed = match (expect, &a.found) {
        (Expect::Value(x), Found::Value(y)) => x == y,
        (Expect::Outcome(x), Found::Outcome(y)) => x == y,
        (Expect::Values(x), Found::Values(y)) => x == y,
        (Expect::Period(a1, b1), Found::Period(a2, b2)) => a1 == a2 && b1 == b2,
        _ => false,
    };
    if passed {
        return Ok((true, vec![format!("ok {text}")]));
    }
    let expected = match expect {
        Expect::Value(v) => v.to_string(),
        Expect::Outcome(p) => if *p { "P" } else { "N" }.to_string(),
        Expect::Values(v) => v.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
        Expect::Period(a, b) => format!("pre-period {a}, period {b}"),
    };
    let found = match &a.found {
        Found::Value(v) => v.to_string(),
        Found::Outcome(p) => if *p { "P" } else { "N" }.to_string(),
        Found::Values(v) => v.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
        Found::Period(a, b) => format!("pre-period {a}, period {b}"),
        Found::Nothing => a.lines.join("; "),
    };
    let mut lines = vec![format!("FAIL {text}: expected {expected}, found {found}")];
    lines.extend(
        why(defs, store, q, expect, &a.found)?
            .into_iter()
            .map(|l| format!("  {l}")),
    );
    Ok((false, lines))
}

/// The reason behind a found answer, for FAIL lines.
fn why(
    defs: &Defs,
    store: &mut Store,
    q: &QueryIr,
    expect: &Expect,
    found: &Found,
) -> Result<Vec<String>, EvalError> {
    match q {
        QueryIr::Grundy(e) | QueryIr::Outcome(e) => {
            let g = store.eval_game(defs, e)?;
            let mut lines = vec!["why:".to_string()];
            lines.extend(
                explain::explain(defs, store, &g)?
                    .into_iter()
                    .map(|l| format!("  {l}")),
            );
            if matches!(q, QueryIr::Outcome(_)) {
                lines.push("a position is P exactly when its Grundy value is 0".into());
            }
            Ok(lines)
        }
        QueryIr::MisereOutcome(e) => {
            let g = store.eval_game(defs, e)?;
            misere_moves::why(defs, store, &g)
        }
        QueryIr::Mex(set) => {
            let values = store.eval_int_set(defs, set)?;
            let m = mex_of(&values, &mut Vec::new());
            Ok(vec![format!(
                "why: {} (the least value not in the set)",
                show::mex_line(&values, m)
            )])
        }
        QueryIr::Sequence(_, r) => {
            let (lo, _) = range_bounds(defs, store, r)?;
            let (Expect::Values(x), Found::Values(y)) = (expect, found) else {
                return Ok(vec![]);
            };
            match x.iter().zip(y).position(|(a, b)| a != b) {
                Some(i) => Ok(vec![format!(
                    "first difference at n = {}: expected {}, found {}",
                    lo + i as u64,
                    x[i],
                    y[i]
                )]),
                None => Ok(vec![format!(
                    "expected {} values, found {}",
                    x.len(),
                    y.len()
                )]),
            }
        }
        _ => Ok(vec![]),
    }
}
