//! Questions about games, answered as data ([`Answer`]): values, outcomes,
//! winning moves, explanations, sequences, periods, tables, plots, and
//! `check` grading. [`crate::render`] writes the answers as text or JSON.

mod answer;
pub mod explain;
pub mod heap_options;
pub mod misere;
pub mod misere_moves;
pub mod moves;
pub mod period;
mod plot;
pub mod show;
mod table;

pub use answer::{
    Answer, Found, Graded, PeriodAnswer, PeriodFound, PlotKind, Plotted, Sequence, Table,
};

use crate::diag::Diagnostic;
use crate::eval::value::mex_of;
use crate::eval::{Defs, EvalError, Store};
use crate::ir::arith;
use crate::ir::{BinOp, GameId, TableStyle};
use crate::ir::{Expect, QueryIr, RangeIr};

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
            Answer::Grundy(store.value(defs, &g)?)
        }
        QueryIr::Outcome(e) => {
            let g = store.eval_game(defs, e)?;
            Answer::Outcome {
                p: store.value(defs, &g)? == 0,
                misere: false,
            }
        }
        QueryIr::Mex(set) => {
            let values = store.eval_int_set(defs, set)?;
            Answer::Mex(mex_of(&values, &mut Vec::new()))
        }
        QueryIr::Moves(e) => {
            let g = store.eval_game(defs, e)?;
            moves::winning_moves(defs, store, &g)?
        }
        QueryIr::Explain(e) => {
            let g = store.eval_game(defs, e)?;
            Answer::Explain(explain::explain(defs, store, &g)?)
        }
        QueryIr::Equiv(a, b) => {
            let ga = store.eval_game(defs, a)?;
            let gb = store.eval_game(defs, b)?;
            Answer::Equiv {
                a: store.value(defs, &ga)?,
                b: store.value(defs, &gb)?,
            }
        }
        QueryIr::Sequence(game, range) => Answer::Sequence(sequence(defs, store, *game, range)?),
        QueryIr::SequenceBy(game, range, by) => {
            let k = store.eval_int(defs, by)?;
            if k == 0 {
                return Err(EvalError::from(
                    crate::diag::Diagnostic::error(by.loc.range(), "rows of 0 values")
                        .at(by.loc.src)
                        .label("this is 0")
                        .hint("`by 12` writes 12 values a row"),
                ));
            }
            let mut s = sequence(defs, store, *game, range)?;
            s.by = Some(k);
            Answer::Sequence(s)
        }
        QueryIr::Table(source, rows, cols) => Answer::Table(table::table(
            defs,
            store,
            source,
            rows,
            cols,
            TableStyle::Text,
        )?),
        QueryIr::TableAs(source, rows, cols, style) => {
            Answer::Table(table::table(defs, store, source, rows, cols, *style)?)
        }
        QueryIr::MisereOutcome(e) => {
            let g = store.eval_game(defs, e)?;
            Answer::Outcome {
                p: misere::misere_p(defs, store, &g)?,
                misere: true,
            }
        }
        QueryIr::MisereMoves(e) => {
            let g = store.eval_game(defs, e)?;
            misere_moves::misere_moves(defs, store, &g)?
        }
        QueryIr::Period(game) => Answer::Period(period::period(defs, store, *game)?),
        QueryIr::Plot(p) => Answer::Plot(plot::plot(defs, store, p)?),
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

/// Values computed between two looks at the watch, and emitted together.
const CHUNK: u64 = 4096;

/// The values of a one-parameter game over a range, held whole (for
/// `check`, and for `by K`, whose columns are aligned over every row).
fn sequence(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    r: &RangeIr,
) -> Result<Sequence, EvalError> {
    let (lo, count) = range_bounds(defs, store, r)?;
    // The values, and their text (a few bytes each), must fit in memory;
    // past the output limit `stream_sequence` says so.
    let bytes = count.saturating_mul(8 + 4);
    let mut values: Vec<u64> = Vec::new();
    if count <= store.limits.output
        && (bytes > store.limits.memory || values.try_reserve_exact(count as usize).is_err())
    {
        return Err(EvalError::from(store.limits.memory_error(
            &format!("a sequence of {count} values"),
            bytes,
            0,
        )));
    }
    stream_sequence(defs, store, game, r, &mut |_, piece, _, _| {
        values.extend(piece)
    })?;
    Ok(Sequence {
        from: lo,
        values,
        by: None,
    })
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

/// Grades a `check`: what was expected, what was found, and (for a FAIL) why.
pub fn check(
    defs: &Defs,
    store: &mut Store,
    q: &QueryIr,
    expect: &Expect,
    text: &str,
) -> Result<Graded, EvalError> {
    let a = answer(defs, store, q)?;
    let found = a.found();
    let passed = match (expect, &found) {
        (Expect::Value(x), Found::Value(y)) => x == y,
        (Expect::Outcome(x), Found::Outcome(y)) => x == y,
        (Expect::Values(x), Found::Values(y)) => x == y,
        (Expect::Period(a1, b1), Found::Period(a2, b2)) => a1 == a2 && b1 == b2,
        _ => false,
    };
    let why = if passed {
        Vec::new()
    } else {
        why(defs, store, q, expect, &found)?
    };
    Ok(Graded {
        text: text.to_string(),
        passed,
        expected: expect.clone(),
        found: a,
        why,
    })
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
