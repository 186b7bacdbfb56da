//! Questions about games, answered as data ([`Answer`]): values, outcomes,
//! winning moves, explanations, sequences, periods, tables, plots, and
//! `check` grading. [`crate::render`] writes the answers as text or JSON.

mod answer;
pub mod check;
pub mod canonical;
pub mod coins;
pub mod error;
pub mod explain;
mod files;
pub mod genus;
pub mod heap_options;
pub mod loopy;
pub mod misere;
pub mod misere_moves;
pub mod moves;
pub mod period;
mod plot;
pub mod quotient;
pub mod research;
pub mod show;
mod table;

pub use answer::*;

use crate::eval::error::LimitError;
use crate::eval::value::mex_of;
use crate::eval::{Defs, EvalError, Store};
use crate::ir::{GameExpr, GameId, Setting, TableStyle};
use crate::ir::{QueryIr, RangeIr};
pub use check::check;
use error::QueryError;

/// The value of a game: its Grundy value, or for a game that reaches a
/// cycle its generalized Sprague–Grundy value.
pub fn grundy_answer(
    defs: &Defs,
    store: &mut Store,
    g: &crate::eval::Game,
) -> Result<Answer, EvalError> {
    match store.value(defs, g) {
        Ok(v) => Ok(Answer::Grundy(v)),
        Err(err) if loopy::is_cycle(&err) => Ok(Answer::LoopyGrundy(loopy::value(defs, store, g)?)),
        Err(err) => Err(err),
    }
}

pub fn answer(defs: &Defs, store: &mut Store, q: &QueryIr) -> Result<Answer, EvalError> {
    match q {
        QueryIr::Grundy { .. }
        | QueryIr::Outcome { .. }
        | QueryIr::Mex { .. }
        | QueryIr::Moves { .. }
        | QueryIr::Explain { .. }
        | QueryIr::Equiv { .. } => play_answer(defs, store, q),
        QueryIr::MisereOutcome { .. }
        | QueryIr::MisereGrundy { .. }
        | QueryIr::MisereMoves { .. }
        | QueryIr::MisereExplain { .. }
        | QueryIr::MisereQuotient { .. }
        | QueryIr::Genus { .. }
        | QueryIr::MisereForm { .. }
        | QueryIr::MisereEquiv { .. } => misere_answer(defs, store, q),
        QueryIr::Sequence { .. }
        | QueryIr::SequenceBy { .. }
        | QueryIr::Table { .. }
        | QueryIr::TableAs { .. }
        | QueryIr::Period { .. }
        | QueryIr::PeriodFrom { .. }
        | QueryIr::Plot { .. }
        | QueryIr::Research { .. } => family_answer(defs, store, q),
    }
}

/// The answers of normal play about one game or two: values,
/// outcomes, moves and why.
fn play_answer(defs: &Defs, store: &mut Store, q: &QueryIr) -> Result<Answer, EvalError> {
    Ok(match q {
        QueryIr::Grundy(e) => {
            let g = store.eval_game(defs, e)?;
            grundy_answer(defs, store, &g)?
        }
        QueryIr::Outcome(e) => {
            let g = store.eval_game(defs, e)?;
            match store.value(defs, &g) {
                Ok(v) => Answer::Outcome {
                    p: v == 0,
                    misere: false,
                },
                Err(err) if loopy::is_cycle(&err) => {
                    Answer::LoopyOutcome(loopy::outcome(defs, store, &g)?.map(|win| !win))
                }
                Err(err) => return Err(err),
            }
        }
        QueryIr::Mex(set) => {
            let values = store.eval_int_set(defs, set)?;
            Answer::Mex(mex_of(&values, &mut Vec::new()))
        }
        QueryIr::Moves(GameExpr::Row {
            game, heads, len, ..
        }) if let Some(m) = coins::moves(defs, store, *game, heads, *len)? => {
            Answer::Moves(Box::new(m))
        }
        QueryIr::Explain(GameExpr::Row {
            game, heads, len, ..
        }) => Answer::Explain(Box::new(coins::explain(defs, store, *game, heads, *len)?)),
        QueryIr::Moves(e) => {
            let g = store.eval_game(defs, e)?;
            match moves::winning_moves(defs, store, &g) {
                Err(err) if loopy::is_cycle(&err) => loopy::moves(defs, store, &g)?,
                other => Answer::Moves(Box::new(other?)),
            }
        }
        QueryIr::Explain(e) => {
            let g = store.eval_game(defs, e)?;
            let e = match explain::explain(defs, store, &g) {
                Err(err) if loopy::is_cycle(&err) => loopy::explain(defs, store, &g)?,
                other => other?,
            };
            Answer::Explain(Box::new(e))
        }
        QueryIr::Equiv(a, b) => {
            let ga = store.eval_game(defs, a)?;
            let gb = store.eval_game(defs, b)?;
            Answer::Equiv {
                a: store.value(defs, &ga)?,
                b: store.value(defs, &gb)?,
            }
        }
        _ => return Err(misrouted()),
    })
}

/// The answers of misère play.
fn misere_answer(defs: &Defs, store: &mut Store, q: &QueryIr) -> Result<Answer, EvalError> {
    Ok(match q {
        QueryIr::MisereOutcome(e) => {
            let g = store.eval_game(defs, e)?;
            Answer::Outcome {
                p: misere::misere_p(defs, store, &g)?,
                misere: true,
            }
        }
        QueryIr::MisereGrundy(e) => {
            let g = store.eval_game(defs, e)?;
            Answer::MisereGrundy(misere::misere_grundy(defs, store, &g)?)
        }
        QueryIr::MisereMoves(e) => {
            let g = store.eval_game(defs, e)?;
            misere_moves::misere_moves(defs, store, &g)?
        }
        QueryIr::MisereExplain(e) => {
            let g = store.eval_game(defs, e)?;
            Answer::MisereExplain(Box::new(misere_moves::explain(defs, store, &g)?))
        }
        QueryIr::MisereQuotient(game, to) => {
            let to = store.eval_int(defs, to)?;
            Answer::MisereQuotient(Box::new(quotient::misere_quotient(defs, store, *game, to)?))
        }
        QueryIr::MisereForm(question, e) => {
            let g = store.eval_game(defs, e)?;
            Answer::MisereForm(Box::new(canonical::answer(defs, store, *question, &g)?))
        }
        QueryIr::MisereEquiv(a, b) => {
            let (g, h) = (store.eval_game(defs, a)?, store.eval_game(defs, b)?);
            Answer::MisereEquiv(Box::new(canonical::equiv(defs, store, &g, &h)?))
        }
        QueryIr::Genus(e) => {
            let g = store.eval_game(defs, e)?;
            Answer::Genus(genus::genus(defs, store, &g)?)
        }
        _ => return Err(misrouted()),
    })
}

/// The answers about a game's values over a range: sequences, tables,
/// periods, plots and research runs.
fn family_answer(defs: &Defs, store: &mut Store, q: &QueryIr) -> Result<Answer, EvalError> {
    Ok(match q {
        QueryIr::Sequence(game, range) => Answer::Sequence(sequence(defs, store, *game, range)?),
        QueryIr::SequenceBy(game, range, by) => {
            let k = store.eval_int(defs, by)?;
            if k == 0 {
                return Err(EvalError::from(QueryError::RowsOfZero { loc: by.loc }));
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
        QueryIr::Period(game) => Answer::Period(period::period(defs, store, *game)?),
        QueryIr::PeriodFrom(p) => Answer::Period(research::period_from(defs, store, p)?),
        QueryIr::Plot(p) => Answer::Plot(plot::plot(defs, store, p)?),
        QueryIr::Research(r) => Answer::Research(Box::new(research::run(defs, store, r)?)),
        _ => return Err(misrouted()),
    })
}

/// A question sent to a part of [`answer`] that does not answer it (a
/// bug: each part gets only its own questions).
pub(crate) fn misrouted() -> EvalError {
    EvalError::from(crate::diag::Diagnostic::unplaced(
        crate::diag::ErrorKind::Internal,
        "internal error: a question was sent to the wrong answer",
    ))
}

/// The integers a range of a query covers, as (first, count). An empty
/// range is an error: `sequence s 10..0` asks for nothing. The last one,
/// `first + (count - 1)`, may be `u64::MAX` (so `first + count` may not be
/// computed); the count of `0..=18446744073709551615`, 2^64, is given as
/// `u64::MAX`, past every output limit.
pub fn range_bounds(defs: &Defs, store: &mut Store, r: &RangeIr) -> Result<(u64, u64), EvalError> {
    let lo = store.eval_int(defs, &r.lo)?;
    let hi = store.eval_int(defs, &r.hi)?;
    let last = if r.inclusive {
        Some(hi)
    } else {
        hi.checked_sub(1)
    };
    let last = last.filter(|&last| last >= lo);
    let Some(last) = last else {
        return Err(EvalError::from(QueryError::EmptyRange {
            from: r.lo.loc,
            to: r.hi.loc,
            lo,
            hi,
            inclusive: r.inclusive,
        }));
    };
    Ok((lo, (last - lo).saturating_add(1)))
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
            LimitError::new(
                Setting::Output,
                Some(count),
                limit,
                format!("a sequence of {count} values is past the output limit of {limit}"),
            )
            .span(r.lo.loc.range().start..r.hi.loc.range().end, r.lo.loc.src)
            .label("this range")
            .then("raises the limit; or ask for a shorter range"),
        ));
    }
    let mut n = lo;
    let end = lo + (count - 1); // the last n, included
    // A family's table is dense: its last heap first, so that a heap past
    // the limit is refused before any work, naming the heap the whole
    // range needs.
    if let crate::ir::DefKind::Family(_) = defs.games[game].kind {
        let key = crate::eval::Key {
            game,
            args: [end].into_iter().collect(),
        };
        store.grundy(defs, &key)?;
    }
    let mut first = true;
    loop {
        let stop = end.min(n.saturating_add(CHUNK - 1)); // included
        let mut values = Vec::with_capacity((stop - n + 1) as usize);
        for m in n..=stop {
            let key = crate::eval::Key {
                game,
                args: [m].into_iter().collect(),
            };
            values.push(store.grundy(defs, &key)?);
        }
        store.ticker.watch.tick(stop - lo + 1, count)?;
        let last = stop >= end;
        sink(n, values, first, last);
        if last {
            return Ok(());
        }
        first = false;
        n = stop + 1;
    }
}
