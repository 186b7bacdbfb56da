//! `plot`: gathers the values a plot shows (checking first that the work
//! fits the limits and that the file can be written), has [`crate::plot`]
//! draw them, and writes the SVG file.

use super::error::QueryError;
use super::files::{cannot_write, writable};
use super::{PeriodFound, PlotKind, Plotted, range_bounds};
use crate::engine::periodicity::allbut::allbut_proof;
use crate::engine::periodicity::observe::observed;
use crate::engine::periodicity::search::WIDEST_WINDOW;
use crate::engine::periodicity::search::arithmetic;
use crate::engine::periodicity::theorem::theorem_check;
use crate::engine::rule::HeapRule;
use crate::engine::{Interrupted, Watch};
use crate::eval::error::LimitError;
use crate::eval::{Defs, EvalError, Key, Store};
use crate::ir::{GameId, PlotIr, PlotOf, RangeIr, Setting, TableSource};
use crate::plot::heat::{self, Blocks, HeatMap};
use crate::plot::sequence::{self, Columns, Marks, SequencePlot};

pub fn plot(defs: &Defs, store: &mut Store, p: &PlotIr) -> Result<Plotted, EvalError> {
    let Some(file) = &p.file else {
        let (svg, game, kind, period) = draw(defs, store, p)?;
        return Ok(Plotted {
            file: None,
            game,
            kind,
            period,
            bytes: svg.len() as u64,
            svg: Some(svg),
        });
    };
    if store.sandbox.is_some() {
        return Err(EvalError::from(QueryError::PlotInSandbox {
            loc: p.file_loc,
        }));
    }
    if store.files.is_none() {
        writable(file, p.file_loc, "an SVG file", "\"folder/plot.svg\"")?;
    }
    let (svg, game, kind, period) = draw(defs, store, p)?;
    if let Some(files) = &mut store.files {
        files.push((file.clone(), svg.clone()));
    } else if let Err(e) = std::fs::write(file, svg.as_bytes()) {
        return Err(cannot_write(file, p.file_loc, &e));
    }
    Ok(Plotted {
        file: Some(file.clone()),
        svg: None,
        game,
        kind,
        period,
        bytes: svg.len() as u64,
    })
}

type Drawn = (String, String, PlotKind, Option<PeriodFound>);

fn draw(defs: &Defs, store: &mut Store, p: &PlotIr) -> Result<Drawn, EvalError> {
    match &p.of {
        PlotOf::Sequence(game, range) => sequence_plot(defs, store, *game, range),
        PlotOf::Heat(source, rows, cols) => heat_plot(defs, store, source, rows, cols),
    }
}

fn sequence_plot(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    range: &RangeIr,
) -> Result<Drawn, EvalError> {
    let (from, count) = range_bounds(defs, store, range)?;
    let name = defs.games[game].name.clone();
    if count == 0 {
        return Err(empty(range));
    }
    if count > store.limits.heap {
        return Err(EvalError::from(
            LimitError::new(
                Setting::Heap,
                Some(count),
                store.limits.heap,
                format!(
                    "a plot of {count} values is past the limit of {} values computed at once",
                    store.limits.heap
                ),
            )
            .at(range.lo.loc)
            .label("this range")
            .then("raises the limit (the time grows with it); the plot stays small either way"),
        ));
    }
    let last = from + (count - 1);
    let key = |n: u64| Key {
        game,
        args: [n].into_iter().collect(),
    };
    // The largest heap first: a refusal (memory, heap limit) comes before
    // any work, and a rule family's table grows once.
    store.grundy(defs, &key(last))?;
    let mut columns = Columns::new(count);
    for (i, n) in (from..=last).enumerate() {
        if i & 0xFFF == 0xFFF {
            store.ticker.watch.tick(i as u64, count)?;
        }
        columns.push(store.grundy(defs, &key(n))?);
    }
    // The period the values plotted show (up to `set period`), from those
    // values alone: the same plot marks the same period whatever the
    // session computed before.
    let found = marked_period(defs, store, game, last)?;
    let marks = found.map(|f| Marks {
        pre_period: f.pre_period,
        period: f.period,
        how: if f.proven { "proven" } else { "observed" }.into(),
    });
    let svg = sequence::svg(&SequencePlot {
        title: format!("{name}: Grundy values G(n) for n = {from} to {last}"),
        from,
        count,
        columns: columns.columns(),
        marks,
    })
    .map_err(drawing_failed)?;
    let kind = PlotKind::Sequence {
        from,
        to: last,
        per_column: columns.per_column(),
    };
    Ok((svg, name, kind, found))
}

/// The values of a rule of the user's (one no family runs) that a plot
/// looks for a period in, at most (each costs a run of its rule).
const USER_VALUES: u64 = 4096;

/// The period a sequence plot up to heap `last` marks: the one the values
/// G(0) .. G(last) show by themselves (at most `set period` + 1 of them),
/// proven where the rule's theorem proves it from those values, else
/// observed in them. Nothing the session computed before enters: a table
/// that went further, or a period proven by an earlier question, changes
/// nothing, so the same question always gets the same picture.
fn marked_period(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    last: u64,
) -> Result<Option<PeriodFound>, EvalError> {
    let rule = store.table_rule(defs, game).cloned();
    let mut top = store.limits.period_limit().min(last);
    if rule.is_none() {
        top = top.min(USER_VALUES - 1);
    }
    // a quarter of the memory budget at most, 8 bytes a value
    top = top.min((store.limits.memory / 32).max(1));
    let len = usize::try_from(top + 1).unwrap_or(usize::MAX);
    let mut values = Vec::with_capacity(len);
    for n in 0..=top {
        if n & 0xFFFF == 0xFFFF {
            store.ticker.watch.tick(n, top + 1)?;
        }
        let key = Key {
            game,
            args: [n].into_iter().collect(),
        };
        values.push(store.grundy(defs, &key)?);
    }
    Ok(period_of_values(
        rule.as_ref(),
        &values,
        &mut *store.ticker.watch,
    )?)
}

/// The period of the values `v` = G(0), G(1), ... of a game (of `rule`
/// when one runs it): `proven` when the rule's theorem proves it from `v`
/// alone (the octal periodicity theorem or an arithmetic period for a
/// code, a repeated window for a finite subtraction set, the arithmetic
/// test for an all-but set), else the period `v` shows, observed.
fn period_of_values(
    rule: Option<&HeapRule>,
    v: &[u64],
    watch: &mut dyn Watch,
) -> Result<Option<PeriodFound>, Interrupted> {
    let proven = match rule {
        Some(HeapRule::TakeBreak(code)) => {
            match arithmetic(v, &code.moves_leaving_heaps(), &mut None, watch)? {
                Some(p) => Some((p.preperiod, p.period, p.saltus)),
                None => {
                    let parts = u64::from(code.max_parts());
                    theorem_check(v, code.max_take(), parts, watch)?
                        .proven
                        .map(|(n0, p, _)| (n0, p, 0))
                }
            }
        }
        Some(HeapRule::Subtraction(set)) => repeated_window(set.last().copied().unwrap_or(0), v),
        Some(HeapRule::AllBut(excluded)) => {
            let e = excluded.last().copied().unwrap_or(0);
            allbut_proof(v, e, watch)?.map(|(n0, p, s, _)| (n0, p, s))
        }
        Some(HeapRule::Grundy) | None => None,
    };
    let found = |(n0, p, s): (u64, u64, u64), proven| PeriodFound {
        pre_period: n0,
        period: p,
        saltus: (s > 0).then_some(s),
        proven,
    };
    if let Some(p) = proven {
        return Ok(Some(found(p, true)));
    }
    Ok(observed(v, watch)?.map(|s| found((s.preperiod, s.period, s.saltus), false)))
}

/// A finite subtraction set whose largest move is `width`: G(i + width)
/// depends only on the window G(i .. i + width), so the first window equal
/// to an earlier one gives the minimal pre-period and period (see
/// `engine::periodicity::search`): `(pre-period, period, 0)`.
fn repeated_window(width: u64, v: &[u64]) -> Option<(u64, u64, u64)> {
    if width == 0 {
        // no move: every value is 0
        return Some((0, 1, 0));
    }
    let w = usize::try_from(width).ok()?;
    if width > WIDEST_WINDOW || v.len() < w {
        return None;
    }
    // a rolling hash of each window (in time linear in the values, however
    // wide the window), the windows of equal hashes compared in full
    const B: u64 = 0x100_0000_01B3;
    let top = B.wrapping_pow((w - 1) as u32);
    let mut starts: rustc_hash::FxHashMap<u64, Vec<usize>> = rustc_hash::FxHashMap::default();
    let mut hash = 0u64;
    for j in 0..=v.len() - w {
        hash = if j == 0 {
            v[..w].iter().fold(0u64, |h, x| {
                h.wrapping_mul(B).wrapping_add(x.wrapping_add(1))
            })
        } else {
            hash.wrapping_sub(v[j - 1].wrapping_add(1).wrapping_mul(top))
                .wrapping_mul(B)
                .wrapping_add(v[j + w - 1].wrapping_add(1))
        };
        let same = starts.entry(hash).or_default();
        if let Some(&i) = same.iter().find(|&&i| v[i..i + w] == v[j..j + w]) {
            return Some((i as u64, (j - i) as u64, 0));
        }
        same.push(j);
    }
    None
}

fn heat_plot(
    defs: &Defs,
    store: &mut Store,
    source: &TableSource,
    rows: &RangeIr,
    cols: &RangeIr,
) -> Result<Drawn, EvalError> {
    let (r0, rn) = range_bounds(defs, store, rows)?;
    let (c0, cn) = range_bounds(defs, store, cols)?;
    if rn == 0 {
        return Err(empty(rows));
    }
    if cn == 0 {
        return Err(empty(cols));
    }
    let cells = rn.saturating_mul(cn);
    if cells > store.limits.positions {
        return Err(EvalError::from(
            LimitError::new(
                Setting::Positions,
                Some(cells),
                store.limits.positions,
                format!(
                    "a heat map of {rn} x {cn} cells is past the limit of {} positions",
                    store.limits.positions
                ),
            )
            .span(
                rows.lo.loc.range().start..cols.hi.loc.range().end,
                rows.lo.loc.src,
            )
            .label("these ranges")
            .then("raises the limit (the time grows with it); the picture stays small either way"),
        ));
    }
    let (name, row_param, col_param) = match source {
        TableSource::Nimsum => ("nimsum".to_string(), "a".to_string(), "b".to_string()),
        TableSource::Nimprod => ("nimprod".to_string(), "a".to_string(), "b".to_string()),
        TableSource::Game(g) => {
            let def = &defs.games[*g];
            let param = |i: usize| def.params.get(i).cloned().unwrap_or_default();
            (def.name.clone(), param(0), param(1))
        }
    };
    let mut blocks = Blocks::new(rn, cn);
    let mut done = 0u64;
    for i in 0..rn {
        for j in 0..cn {
            done += 1;
            if done & 0xFFF == 0 {
                store.ticker.watch.tick(done, cells)?;
            }
            let v = match source {
                TableSource::Nimsum => (r0 + i) ^ (c0 + j),
                TableSource::Nimprod => crate::engine::nimber::product(r0 + i, c0 + j),
                TableSource::Game(g) => store.grundy(
                    defs,
                    &Key {
                        game: *g,
                        args: [r0 + i, c0 + j].into_iter().collect(),
                    },
                )?,
            };
            blocks.push(i, j, v);
        }
    }
    let title = match source {
        TableSource::Nimsum => "nimsum: a xor b".to_string(),
        TableSource::Nimprod => "nimprod: the nim product of a and b".to_string(),
        TableSource::Game(_) => format!("{name}({row_param}, {col_param}): Grundy values"),
    };
    let svg = heat::svg(&HeatMap {
        title,
        row_param,
        col_param,
        rows: (r0, rn),
        cols: (c0, cn),
        blocks: &blocks,
    })
    .map_err(drawing_failed)?;
    let kind = PlotKind::Heat {
        rows: (r0, r0 + (rn - 1)),
        cols: (c0, c0 + (cn - 1)),
        block: blocks.block,
    };
    Ok((svg, name, kind, None))
}

fn empty(range: &RangeIr) -> EvalError {
    EvalError::from(QueryError::NothingToPlot {
        from: range.lo.loc,
        to: range.hi.loc,
    })
}

fn drawing_failed(e: crate::plot::PlotError) -> EvalError {
    EvalError::from(QueryError::DrawingFailed { why: e.0 })
}
