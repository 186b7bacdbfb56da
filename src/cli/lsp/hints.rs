//! Each question's answer at the end of its line (an inlay hint): `3`,
//! `P`, `ok`, `FAIL: expected 2, found 3`; `…` for one stopped at a limit
//! or at its time, with why on hover; `…` too for the statement a run not
//! yet ended is working on. Not yet known: nothing.

use super::record::Record;
use super::state::Doc;
use lsp_types::{InlayHint, InlayHintLabel, InlayHintTooltip, Position};

/// The longest answer shown whole at the end of a line.
const SHOWN: usize = 60;

/// The hints of the statements that end within `range`.
pub fn inlay(doc: &Doc, range: lsp_types::Range) -> Vec<InlayHint> {
    if doc.run.version != doc.version {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut working = Vec::new();
    if !doc.run.done {
        let why = "stopped: why is known when the run of the document ends";
        for (start, end) in &doc.run.erred {
            let (start, end, why) = (*start, *end, why.to_string());
            working.push(Record::Stopped { start, end, why });
        }
        if let Some((start, end)) = doc.run.running {
            let why = format!(
                "working on it: each line may take {} ms; the answer comes when it is done",
                super::line_ms()
            );
            working.push(Record::Stopped { start, end, why });
        }
    }
    // at one place the later wins: an answer gives way to a `…`, and a
    // `…` of a run not ended to the reason the run found
    let all = doc.run.answers.iter().chain(&working);
    for r in all.chain(&doc.run.stopped) {
        let (start, end, label, tooltip) = match r {
            Record::Answer {
                start,
                end,
                lines,
                passed,
            } => (
                *start,
                *end,
                short(
                    lines,
                    *passed,
                    doc.lines.text.get(*start..*end).unwrap_or(""),
                ),
                lines.join("\n"),
            ),
            Record::Stopped { start, end, why } => (*start, *end, "…".to_string(), why.clone()),
            _ => continue,
        };
        if end > doc.lines.text.len() || start > end {
            continue;
        }
        let at = line_end(doc, end);
        if at.line < range.start.line || at.line > range.end.line {
            continue;
        }
        // a stopped statement's partial answer gives way to its `…`
        out.retain(|h: &InlayHint| h.position != at);
        out.push(InlayHint {
            position: at,
            label: InlayHintLabel::String(label),
            kind: None,
            text_edits: None,
            tooltip: Some(InlayHintTooltip::String(tooltip)),
            padding_left: Some(true),
            padding_right: None,
            data: None,
        });
    }
    out.sort_by_key(|h| (h.position.line, h.position.character));
    out
}

/// The end of the line a statement ends on.
fn line_end(doc: &Doc, end: usize) -> Position {
    let line = doc.lines.line_of(end.saturating_sub(1));
    let at = doc.lines.line_start(line) + doc.lines.line(line).len();
    doc.lines.position(at)
}

/// An answer as short as its line allows: a check's verdict (`ok`,
/// `FAIL: expected 2, found 3`), an outcome's letter, a period without its
/// proof; the first line of a longer answer.
pub fn short(lines: &[String], passed: Option<bool>, stmt: &str) -> String {
    let first = lines.first().map_or("", String::as_str);
    let text = match passed {
        Some(true) => "ok".to_string(),
        Some(false) => {
            let asked = stmt.trim().trim_start_matches("check").trim();
            let rest = first.trim_start_matches("FAIL").trim_start();
            let why = rest
                .strip_prefix(asked)
                .and_then(|r| r.strip_prefix(':'))
                .or_else(|| rest.split_once(": ").map(|(_, w)| w))
                .unwrap_or(rest);
            format!("FAIL: {}", why.trim())
        }
        None => plain(first),
    };
    let more = lines.len() > 1 && passed.is_none();
    let mut shown: String = text.chars().take(SHOWN).collect();
    if shown.len() < text.len() || more {
        shown.push_str(" ...");
    }
    shown
}

/// `P (the previous player wins)` as `P`; `pre-period 71, period 12:
/// proven by ...` as `pre-period 71, period 12 (proven)`.
fn plain(first: &str) -> String {
    if let Some((letter, _)) = first.split_once(" (")
        && letter.len() <= 2
        && letter.chars().all(|c| c.is_ascii_alphabetic())
    {
        return letter.to_string();
    }
    if first.starts_with("pre-period")
        && let Some((head, rest)) = first.split_once(": ")
    {
        let proven = rest.starts_with("proven");
        return format!("{head}{}", if proven { " (proven)" } else { "" });
    }
    first.to_string()
}

#[cfg(test)]
mod tests {
    use super::short;
    use crate::cli::lsp::record::Record;
    use crate::cli::lsp::state::Doc;

    #[test]
    fn a_run_not_ended_shows_its_answers_and_dots_where_it_erred_and_works() {
        let uri = "file:///sheet.mex".parse().expect("a URI");
        let mut doc = Doc::new(uri, 3, "grundy nim(3)\ngrundy slow(9)\ngrundy nim(1)\n");
        doc.run.version = 3;
        let (start, end) = (0, 13);
        doc.run.add(Record::Answer {
            start,
            end,
            lines: vec!["3".into()],
            passed: None,
        });
        doc.run.add(Record::Erred { start: 14, end: 28 });
        doc.run.add(Record::Running { start: 29, end: 42 });
        let whole = lsp_types::Range::new(Default::default(), lsp_types::Position::new(9, 0));
        let hints = super::inlay(&doc, whole);
        let labels: Vec<(u32, String)> = hints
            .iter()
            .map(|h| match &h.label {
                lsp_types::InlayHintLabel::String(s) => (h.position.line, s.clone()),
                _ => (h.position.line, String::new()),
            })
            .collect();
        let dots = "…".to_string();
        assert_eq!(labels, [(0, "3".to_string()), (1, dots.clone()), (2, dots)]);
        doc.run.add(Record::Done { diags: Vec::new() });
        assert_eq!(
            super::inlay(&doc, whole).len(),
            1,
            "a run that ended works on nothing"
        );
    }

    fn s(lines: &[&str], passed: Option<bool>, stmt: &str) -> String {
        let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        short(&lines, passed, stmt)
    }

    #[test]
    fn answers_are_shortened_as_a_line_end_shows_them() {
        assert_eq!(s(&["3"], None, "grundy nim(3)"), "3");
        assert_eq!(s(&["P (the previous player wins)"], None, ""), "P");
        assert_eq!(
            s(
                &["ok grundy nim(3) == 3"],
                Some(true),
                "check grundy nim(3) == 3"
            ),
            "ok"
        );
        assert_eq!(
            s(
                &["FAIL grundy nim(3) == 2: expected 2, found 3", "  why:"],
                Some(false),
                "check grundy nim(3) == 2"
            ),
            "FAIL: expected 2, found 3"
        );
        assert_eq!(
            s(
                &[
                    "pre-period 71, period 12: proven by the octal periodicity theorem (values checked up to n = 167) [k, octal 0.77 (Kayles)]"
                ],
                None,
                "period k"
            ),
            "pre-period 71, period 12 (proven)"
        );
        assert_eq!(
            s(&["a | b", "1 | 2"], None, "table t 0..2 0..2"),
            "a | b ..."
        );
    }
}
