//! `table`: values of a two-parameter game (or the nim-sum) as a grid with
//! row and column labels, aligned.

use super::range_bounds;
use crate::diag::Diagnostic;
use crate::eval::{Defs, EvalError, Key, Store};
use crate::ir::{RangeIr, TableSource};

/// Memory a cell takes while the table is built: its value and its text.
const BYTES_PER_CELL: u64 = 32;

pub fn table(
    defs: &Defs,
    store: &mut Store,
    source: &TableSource,
    rows: &RangeIr,
    cols: &RangeIr,
) -> Result<Vec<String>, EvalError> {
    let (r0, rn) = range_bounds(defs, store, rows)?;
    let (c0, cn) = range_bounds(defs, store, cols)?;
    let cells = rn.saturating_mul(cn);
    let span = rows.lo.loc.range().start..cols.hi.loc.range().end;
    let limits = store.limits;
    if cells > limits.output {
        return Err(EvalError::from(
            Diagnostic::error(
                span,
                format!(
                    "a table of {rn} x {cn} cells is past the output limit of {}",
                    limits.output
                ),
            )
            .at(rows.lo.loc.src)
            .label("these ranges")
            .hint(format!(
                "`set output {cells}` raises the limit; or ask for smaller ranges"
            )),
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
    for r in r0..r0 + rn {
        store.ticker.watch.tick(r - r0, rn)?;
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
    let width = grid
        .iter()
        .flatten()
        .copied()
        .chain([r0 + rn.saturating_sub(1), c0 + cn.saturating_sub(1)])
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let label = match source {
        TableSource::Nimsum => "xor".to_string(),
        TableSource::Game(g) => defs.games[*g].name.clone(),
    };
    let lw = width.max(label.len());
    let mut lines = Vec::new();
    let mut head = format!("{label:>lw$} |");
    for c in c0..c0 + cn {
        head.push_str(&format!(" {c:>width$}"));
    }
    lines.push(head.clone());
    lines.push(format!(
        "{}-+{}",
        "-".repeat(lw),
        "-".repeat(head.len().saturating_sub(lw + 2))
    ));
    for (i, row) in grid.iter().enumerate() {
        let mut line = format!("{:>lw$} |", r0 + i as u64);
        for v in row {
            line.push_str(&format!(" {v:>width$}"));
        }
        lines.push(line);
    }
    Ok(lines)
}
