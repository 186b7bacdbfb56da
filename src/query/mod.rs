//! Questions about games, answered as lines of text: values, outcomes,
//! winning moves, explanations, sequences, tables, and `check` grading.

pub mod check;
pub mod explain;
pub mod heap_options;
pub mod misere;
pub mod moves;
pub mod period;
pub mod show;
mod table;

use crate::diag::Diagnostic;
use crate::eval::value::mex_of;
use crate::eval::{Defs, EvalError, Store};
use crate::ir::arith;
use crate::ir::{BinOp, GameId};
use crate::ir::{QueryIr, RangeIr};
pub use check::{Graded, check};

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
        QueryIr::Period(game) => period::period(defs, store, *game)?,
    })
}

/// The integers a range of a query covers, as (first, count). An empty
/// range is an error: `sequence s 10..0` asks for nothing.
pub fn range_bounds(defs: &Defs, store: &mut Store, r: &RangeIr) -> Result<(u64, u64), EvalError> {
    let lo = store.eval_int(defs, &r.lo)?;
    let hi = store.eval_int(defs, &r.hi)?;
    let end = if r.inclusive {
        arith(BinOp::Add, hi, 1).unwrap_or(u64::MAX)
    } else {
        hi
    };
    if end <= lo {
        let dots = if r.inclusive { "..=" } else { ".." };
        let hint = if hi < lo {
            format!("a range counts up: write `{hi}{dots}{lo}`")
        } else {
            format!("`{lo}..{hi}` stops before {hi}: write `{lo}..={hi}` to include it")
        };
        return Err(EvalError::from(
            crate::diag::Diagnostic::error(
                r.lo.loc.start as usize..r.hi.loc.end as usize,
                format!("the range {lo}{dots}{hi} is empty"),
            )
            .at(r.lo.loc.src)
            .label("no n is in this range")
            .hint(hint),
        ));
    }
    Ok((lo, end - lo))
}

/// Values computed between two looks at the watch, and emitted together.
const CHUNK: u64 = 4096;

/// The values of a one-parameter game over a range (for `check`: the
/// range is bounded by the output limit).
fn sequence(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    r: &RangeIr,
) -> Result<Vec<u64>, EvalError> {
    let mut out = Vec::new();
    stream_sequence(defs, store, game, r, &mut |_, values, _, _| {
        out.extend(values)
    })?;
    Ok(out)
}

/// Computes a nim-sequence piece by piece, handing each piece to `sink` as
/// (first n, values, first piece, last piece): memory stays constant
/// whatever the length, and the watch is told between pieces (Ctrl-C and
/// progress work even when every value comes from a table).
pub fn stream_sequence(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    r: &RangeIr,
    sink: &mut dyn FnMut(u64, Vec<u64>, bool, bool),
) -> Result<(), EvalError> {
    let (lo, count) = range_bounds(defs, store, r)?;
    let limit = store.limits.output;
    if count > limit {
        return Err(EvalError::from(
            Diagnostic::error(
                r.lo.loc.range().start..r.hi.loc.range().end,
                format!("a sequence of {count} values is past the output limit of {limit}"),
            )
            .at(r.lo.loc.src)
            .label("this range")
            .hint(format!(
                "`set output {count}` raises the limit; or ask for a shorter range"
            )),
        ));
    }
    let mut n = lo;
    let end = lo + count;
    let mut first = true;
    loop {
        let stop = end.min(n.saturating_add(CHUNK));
        let mut values = Vec::with_capacity((stop - n) as usize);
        for m in n..stop {
            let key = crate::eval::Key {
                game,
                args: [m].into_iter().collect(),
            };
            values.push(store.grundy(defs, &key)?);
        }
        store.ticker.watch.tick(stop - lo, count)?;
        let last = stop >= end;
        sink(n, values, first, last);
        if last {
            return Ok(());
        }
        first = false;
        n = stop;
    }
}
