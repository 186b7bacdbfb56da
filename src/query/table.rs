//! `table`: the values of a two-parameter game (or the nim-sum) over two
//! ranges, with the parameters the rows and columns stand for.

use super::{Table, range_bounds};
use crate::eval::error::LimitError;
use crate::eval::{Defs, EvalError, Key, Store};
use crate::ir::{RangeIr, Setting, TableSource, TableStyle};

/// Memory a cell takes while the table is built: its value and its text.
const BYTES_PER_CELL: u64 = 32;

pub fn table(
    defs: &Defs,
    store: &mut Store,
    source: &TableSource,
    rows: &RangeIr,
    cols: &RangeIr,
    style: TableStyle,
) -> Result<Table, EvalError> {
    let (r0, rn) = range_bounds(defs, store, rows)?;
    let (c0, cn) = range_bounds(defs, store, cols)?;
    let cells = rn.saturating_mul(cn);
    let span = rows.lo.loc.range().start..cols.hi.loc.range().end;
    let limits = store.limits;
    if cells > limits.output {
        return Err(EvalError::from(
            LimitError::new(
                Setting::Output,
                Some(cells),
                limits.output,
                format!(
                    "a table of {rn} x {cn} cells is past the output limit of {}",
                    limits.output
                ),
            )
            .span(span, rows.lo.loc.src)
            .label("these ranges")
            .then("raises the limit; or ask for smaller ranges, or draw a heat map with `plot NAME a..b c..d to \"FILE.svg\"`"),
        ));
    }
    // the grid and its printed lines, about this much a cell
    let bytes = cells.saturating_mul(BYTES_PER_CELL);
    if bytes > limits.memory {
        return Err(EvalError::from(
            limits
                .memory_error(&format!("a table of {rn} x {cn} cells"), bytes, 0)
                .at(rows.lo.loc.src),
        ));
    }
    let mut grid = Vec::new();
    // the last row and column may be u64::MAX: the ranges include them
    for r in r0..=r0 + (rn - 1) {
        store.ticker.watch.tick(r - r0, rn)?;
        let mut row = Vec::new();
        for c in c0..=c0 + (cn - 1) {
            row.push(match source {
                TableSource::Nimsum => r ^ c,
                TableSource::Nimprod => crate::engine::nimber::product(r, c),
                TableSource::Game(g) => store.grundy(
                    defs,
                    &Key {
                        game: *g,
                        args: [r, c].into_iter().collect(),
                    },
                )?,
            });
        }
        grid.push(row);
    }
    let (game, row_param, col_param) = match source {
        TableSource::Nimsum => ("nimsum".to_string(), "a".to_string(), "b".to_string()),
        TableSource::Nimprod => ("nimprod".to_string(), "a".to_string(), "b".to_string()),
        TableSource::Game(g) => {
            let def = &defs.games[*g];
            let param = |i: usize| def.params.get(i).cloned().unwrap_or_default();
            (def.name.clone(), param(0), param(1))
        }
    };
    Ok(Table {
        game,
        row_param,
        col_param,
        row_from: r0,
        col_from: c0,
        cols: cn,
        rows: grid,
        style,
    })
}
