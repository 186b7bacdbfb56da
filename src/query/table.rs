//! `table`: the values of a two-parameter game (or the nim-sum) over two
//! ranges, with the parameters the rows and columns stand for.

use super::{Table, range_bounds};
use crate::eval::{Defs, EvalError, Key, Store};
use crate::ir::{RangeIr, TableSource, TableStyle};

/// Tables are for reading: larger ones are refused with a hint.
const MAX_CELLS: u64 = 10_000;
/// A CSV table goes to a spreadsheet or a program, and may be larger.
const MAX_CSV_CELLS: u64 = 1_000_000;

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
    let max = if style == TableStyle::Csv {
        MAX_CSV_CELLS
    } else {
        MAX_CELLS
    };
    if rn.saturating_mul(cn) > max {
        return Err(EvalError::from(
            crate::diag::Diagnostic::error(
                rows.lo.loc.range(),
                format!("a table of {rn} x {cn} cells is too large to read"),
            )
            .at(rows.lo.loc.src)
            .hint(format!(
                "at most {max} cells (`as csv`: {MAX_CSV_CELLS}); use smaller ranges, or draw a heat map with `plot NAME a..b c..d to \"FILE.svg\"`"
            )),
        ));
    }
    let mut grid = Vec::new();
    for r in r0..r0 + rn {
        let mut row = Vec::new();
        for c in c0..c0 + cn {
            row.push(match source {
                TableSource::Nimsum => r ^ c,
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
