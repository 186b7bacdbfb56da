//! Tables as text, Markdown, LaTeX or CSV. The corner cell says which
//! parameter runs down and which across: `m \ n` (rows m, columns n).

use crate::ir::TableStyle;
use crate::query::Table;

pub fn lines(t: &Table) -> Vec<String> {
    match t.style {
        TableStyle::Text => text(t),
        TableStyle::Markdown => markdown(t),
        TableStyle::Latex => latex(t),
        TableStyle::Csv => csv(t),
    }
}

fn corner(t: &Table) -> String {
    format!("{} \\ {}", t.row_param, t.col_param)
}

fn col_labels(t: &Table) -> impl Iterator<Item = u64> + '_ {
    (0..t.cols).map(|j| t.col_from + j)
}

fn row_label(t: &Table, i: usize) -> u64 {
    t.row_from + i as u64
}

/// Aligned columns under a header, the labels apart behind `|`.
fn text(t: &Table) -> Vec<String> {
    let width = t
        .rows
        .iter()
        .flatten()
        .copied()
        .chain(col_labels(t))
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let corner = corner(t);
    let lw = (0..t.rows.len())
        .map(|i| row_label(t, i).to_string().len())
        .chain([corner.chars().count()])
        .max()
        .unwrap_or(1);
    let mut head = format!("{corner:>lw$} |");
    for c in col_labels(t) {
        head.push_str(&format!(" {c:>width$}"));
    }
    let rule = format!(
        "{}-+{}",
        "-".repeat(lw),
        "-".repeat((t.cols as usize).saturating_mul(width + 1))
    );
    let mut out = vec![head, rule];
    for (i, row) in t.rows.iter().enumerate() {
        let mut line = format!("{:>lw$} |", row_label(t, i));
        for v in row {
            line.push_str(&format!(" {v:>width$}"));
        }
        out.push(line);
    }
    out
}

/// A GitHub-flavoured Markdown table, numbers right-aligned, the row
/// labels in bold; padded so the source reads as a table too.
fn markdown(t: &Table) -> Vec<String> {
    let mut cells: Vec<Vec<String>> = Vec::with_capacity(t.rows.len() + 1);
    let mut head = vec![corner(t)];
    head.extend(col_labels(t).map(|c| c.to_string()));
    cells.push(head);
    for (i, row) in t.rows.iter().enumerate() {
        let mut r = vec![format!("**{}**", row_label(t, i))];
        r.extend(row.iter().map(u64::to_string));
        cells.push(r);
    }
    let widths: Vec<usize> = (0..cells[0].len())
        .map(|j| {
            cells
                .iter()
                .map(|r| r[j].chars().count())
                .max()
                .unwrap_or(3)
                .max(3)
        })
        .collect();
    let line = |r: &[String]| {
        let mut s = String::from("|");
        for (c, w) in r.iter().zip(&widths) {
            s.push_str(&format!(" {c:>w$} |"));
        }
        s
    };
    let mut out = vec![line(&cells[0])];
    let mut rule = String::from("|");
    for w in &widths {
        rule.push_str(&format!(" {}: |", "-".repeat(w - 1)));
    }
    out.push(rule);
    out.extend(cells[1..].iter().map(|r| line(r)));
    out
}

/// A `tabular` with the row labels apart behind a rule, and a comment
/// saying what the table is.
fn latex(t: &Table) -> Vec<String> {
    let name = |p: &str| format!("\\mathit{{{}}}", p.replace('_', "\\_"));
    let what = if t.game == "nimsum" {
        format!("{} xor {}", t.row_param, t.col_param)
    } else if t.game == "nimprod" {
        format!("the nim product of {} and {}", t.row_param, t.col_param)
    } else {
        format!("{}({}, {})", t.game, t.row_param, t.col_param)
    };
    let mut out = vec![
        format!(
            "% {what}: rows {} from {}, columns {} from {}",
            t.row_param, t.row_from, t.col_param, t.col_from
        ),
        format!("\\begin{{tabular}}{{r|{}}}", "r".repeat(t.cols as usize)),
    ];
    let mut head = format!(
        "${} \\backslash {}$",
        name(&t.row_param),
        name(&t.col_param)
    );
    for c in col_labels(t) {
        head.push_str(&format!(" & {c}"));
    }
    head.push_str(" \\\\");
    out.push(head);
    out.push("\\hline".into());
    for (i, row) in t.rows.iter().enumerate() {
        let mut line = row_label(t, i).to_string();
        for v in row {
            line.push_str(&format!(" & {v}"));
        }
        line.push_str(" \\\\");
        out.push(line);
    }
    out.push("\\end{tabular}".into());
    out
}

/// Comma-separated values, the header row first, written by the csv crate.
fn csv(t: &Table) -> Vec<String> {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let mut head = vec![corner(t)];
    head.extend(col_labels(t).map(|c| c.to_string()));
    let mut ok = w.write_record(&head).is_ok();
    for (i, row) in t.rows.iter().enumerate() {
        let mut r = vec![row_label(t, i).to_string()];
        r.extend(row.iter().map(u64::to_string));
        ok &= w.write_record(&r).is_ok();
    }
    // Writing to memory cannot fail; if it ever did, the table says so.
    let bytes = match w.into_inner() {
        Ok(b) if ok => b,
        _ => return vec!["error: the CSV table could not be written".into()],
    };
    String::from_utf8_lossy(&bytes)
        .lines()
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two(style: TableStyle) -> Table {
        Table {
            game: "two".into(),
            row_param: "m".into(),
            col_param: "n".into(),
            row_from: 0,
            col_from: 1,
            cols: 3,
            rows: vec![vec![1, 2, 3], vec![0, 3, 2]],
            style,
        }
    }

    #[test]
    fn text_has_axis_labels() {
        assert_eq!(
            lines(&two(TableStyle::Text)),
            vec![
                "m \\ n | 1 2 3",
                "------+------",
                "    0 | 1 2 3",
                "    1 | 0 3 2"
            ]
        );
    }

    #[test]
    fn markdown_table() {
        assert_eq!(
            lines(&two(TableStyle::Markdown)),
            vec![
                "| m \\ n |   1 |   2 |   3 |",
                "| ----: | --: | --: | --: |",
                "| **0** |   1 |   2 |   3 |",
                "| **1** |   0 |   3 |   2 |",
            ]
        );
    }

    #[test]
    fn latex_table() {
        assert_eq!(
            lines(&two(TableStyle::Latex)),
            vec![
                "% two(m, n): rows m from 0, columns n from 1",
                "\\begin{tabular}{r|rrr}",
                "$\\mathit{m} \\backslash \\mathit{n}$ & 1 & 2 & 3 \\\\",
                "\\hline",
                "0 & 1 & 2 & 3 \\\\",
                "1 & 0 & 3 & 2 \\\\",
                "\\end{tabular}",
            ]
        );
    }

    #[test]
    fn csv_table() {
        assert_eq!(
            lines(&two(TableStyle::Csv)),
            vec!["m \\ n,1,2,3", "0,1,2,3", "1,0,3,2"]
        );
    }
}
