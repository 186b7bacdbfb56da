//! Hover on a position (`k(5)`, a game's name and its arguments; a game
//! of no parameters) or on a `let` name where it is used: its value,
//! worked out in a process of its own, as every run is: the document's
//! definitions, then the position or the name alone on a line (which
//! writes its value), with nothing else of the document run. Answered
//! from a thread of its own.

use super::child_process::{Msg, Running};
use super::record::Record;
use super::state::Doc;
use lsp_server::{Message, RequestId, Response};
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};
use std::ops::Range;
use std::time::Duration;

/// The position written at an offset: a game's name followed by its
/// arguments in brackets, if the name is a game the document defines; a
/// game of no parameters, or a `let` name, alone (not where it is defined).
pub fn position_at(doc: &Doc, at: usize) -> Option<Range<usize>> {
    let (span, word) = doc.lines.word_at(at)?;
    let def = doc.outline.definition(word)?;
    if def.at == span {
        return None;
    }
    let rest = doc.lines.text.get(span.end..)?;
    if !rest.starts_with('(') {
        return (!def.game || def.params == 0).then_some(span);
    }
    let mut depth = 0usize;
    for (i, c) in rest.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '\n' => return None,
            _ => {}
        }
        if depth == 0 {
            return Some(span.start..span.end + i + 1);
        }
    }
    None
}

/// The document with only its definitions and settings, and a question
/// after them: the value of `position`.
fn question(doc: &Doc, position: &Range<usize>) -> Option<String> {
    let text = &doc.lines.text;
    let mut out = text.clone().into_bytes();
    for stmt in &doc.outline.stmts {
        let defines = doc.outline.defined.iter().any(|d| d.stmt == *stmt);
        let sets = text.get(stmt.clone())?.trim_start().starts_with("set ");
        if !defines && !sets {
            for b in &mut out[stmt.clone()] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
        }
    }
    let mut out = String::from_utf8(out).ok()?;
    out.push_str(&format!("\n{}\n", text.get(position.clone())?));
    Some(out)
}

/// Starts the run that answers a hover on `position`; the answer goes to
/// `out` with `id`, with `about` (the game's definition) before it.
pub fn answer(
    doc: &Doc,
    position: Range<usize>,
    about: String,
    id: RequestId,
    out: crossbeam_channel::Sender<Message>,
) {
    let asked = doc
        .lines
        .text
        .get(position.clone())
        .unwrap_or("")
        .to_string();
    let range = doc.lines.range(position.start, position.end);
    let text = question(doc, &position);
    std::thread::spawn(move || {
        let value = text.and_then(|t| run(&t));
        let said = match value {
            Some(Ok(v)) => format!("{about}\n\n`{asked}` has the value {v}"),
            Some(Err(why)) => format!("{about}\n\n`{asked}`: `…` {why}"),
            None => about,
        };
        let hover = Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: said,
            }),
            range: Some(range),
        };
        let _ = out.send(Response::new_ok(id, hover).into());
    });
}

/// Runs the text and gives the answer of its last statement, or why it
/// stopped; `None` if it gave neither (an error).
fn run(text: &str) -> Option<Result<String, String>> {
    let (to, from) = std::sync::mpsc::channel();
    let running = Running::start(1, text, to).ok()?;
    let mut last = None;
    let until = std::time::Instant::now() + Duration::from_secs(5);
    while let Ok(msg) =
        from.recv_timeout(until.saturating_duration_since(std::time::Instant::now()))
    {
        match msg {
            Msg::Record(_, Record::Answer { end, lines, .. }) if end >= text.trim_end().len() => {
                last = Some(Ok(lines.join(" ")));
            }
            Msg::Record(_, Record::Stopped { end, why, .. }) if end >= text.trim_end().len() => {
                last = Some(Err(why));
            }
            Msg::Record(_, Record::Done { .. }) | Msg::Ended(_) => break,
            _ => {}
        }
    }
    running.end();
    last
}
