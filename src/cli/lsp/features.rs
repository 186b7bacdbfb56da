//! What the editor asks of a place in a document: hover, completion, the
//! definition of a name and its references, the document's symbols.

use super::record::Record;
use super::state::Doc;
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, DocumentSymbol, Hover, HoverContents,
    Location, MarkupContent, MarkupKind, Position, SymbolKind, TextEdit,
};

/// The words that start a rule family or a built-in game after `game g =`.
const FAMILY_WORDS: &[(&str, &str)] = &[
    ("octal", "a take-and-break code: `octal 0.77` is Kayles"),
    ("hex", "a hexadecimal take-and-break code: `hex 0.F`"),
    ("subtraction", "a subtraction game: `subtraction {1, 3, 4}`"),
    (
        "subtraction all but",
        "take any k >= 1 but those listed: `subtraction all but {2}`",
    ),
    (
        "grundy",
        "Grundy's game: split a heap into two unequal heaps",
    ),
    ("mock turtles", "turn one, two or three coins"),
    ("ruler", "turn any run of coins ending at the rightmost"),
    (
        "turning corners",
        "turn the corners of a rectangle of coins",
    ),
    (
        "product",
        "`product(g, h)`: coins on a board, by the Tartan theorem",
    ),
    (
        "graph",
        "a game on a directed graph: `graph { a -> b, ... }`",
    ),
    ("hackenbush", "a Green Hackenbush picture"),
];

fn markdown(value: String) -> HoverContents {
    HoverContents::Markup(MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    })
}

/// Hover: a game's definition and what it runs as; a `let`'s definition;
/// why a statement stopped (`…`); a keyword's section of the reference;
/// else the answer of the statement.
pub fn hover(doc: &Doc, p: Position) -> Option<Hover> {
    let at = doc.lines.offset(p);
    let word = doc.lines.word_at(at);
    if let Some((span, word)) = &word
        && let Some(value) = about_name(doc, word)
    {
        let range = Some(doc.lines.range(span.start, span.end));
        return Some(Hover {
            contents: markdown(value),
            range,
        });
    }
    let said = said(doc, at);
    if let Some((_, Some(why))) = &said {
        return Some(Hover {
            contents: markdown(why.clone()),
            range: None,
        });
    }
    if let Some((span, word)) = &word
        && mex::syntax::token::Tok::keyword(word).is_some()
        && let Ok(section) = mex::repl::topics::help(word)
    {
        let range = Some(doc.lines.range(span.start, span.end));
        return Some(Hover {
            contents: markdown(section),
            range,
        });
    }
    let (answer, _) = said?;
    Some(Hover {
        contents: markdown(answer?),
        range: None,
    })
}

/// The answer of the statement at an offset, and why it stopped, if it
/// did (from the run of the text as it is).
fn said(doc: &Doc, at: usize) -> Option<(Option<String>, Option<String>)> {
    let stmt = doc.outline.statement_at(at)?;
    if doc.run.version != doc.version {
        return None;
    }
    let mut out = (None, None);
    for r in doc.run.stopped.iter().chain(&doc.run.answers) {
        match r {
            Record::Stopped { start, why, .. } if *start == stmt.start => {
                out.1 = Some(format!("`…` {why}"));
            }
            Record::Answer { start, lines, .. } if *start == stmt.start => {
                out.0 = Some(format!("```text\n{}\n```", lines.join("\n")));
            }
            _ => {}
        }
    }
    Some(out)
}

/// What a defined name is: its definition as written, and for a game what
/// it runs as (from the run).
fn about_name(doc: &Doc, word: &str) -> Option<String> {
    let def = doc.outline.definition(word)?;
    let text = doc.lines.text.get(def.stmt.clone())?;
    let mut out = format!("```mex\n{text}\n```");
    if !def.game {
        return Some(out);
    }
    let run = doc.run.games.iter().find_map(|g| match g {
        Record::Game { name, runs_as, .. } if name == word => Some(runs_as.clone()),
        _ => None,
    });
    match run {
        Some(Some(family)) => out.push_str(&format!("\n\nruns as {family}")),
        Some(None) => out.push_str("\n\nruns as its rule, written out"),
        None => {}
    }
    if let Some(period) = period_of(doc, word) {
        out.push_str(&format!("\n\nits period: {period}"));
    }
    Some(out)
}

/// The answer of a `period NAME` question of the document, if one ran.
fn period_of(doc: &Doc, name: &str) -> Option<String> {
    if doc.run.version != doc.version {
        return None;
    }
    doc.run.answers.iter().find_map(|r| match r {
        Record::Answer {
            start, end, lines, ..
        } => {
            let stmt = doc.lines.text.get(*start..*end)?;
            let mut words = stmt.split_whitespace();
            let asked = words.next() == Some("period") && words.next() == Some(name);
            (asked && words.next().is_none()).then(|| lines.join(" "))
        }
        _ => None,
    })
}

/// Completion at a place: keywords, names defined, family words; from the
/// REPL's completion (what follows a word included).
pub fn complete(doc: &Doc, p: Position) -> Vec<CompletionItem> {
    let line = doc.lines.line(p.line as usize);
    let at = doc.lines.offset(p) - doc.lines.line_start(p.line as usize);
    let names = doc.outline.arities();
    let mex::repl::helper::Completion::Words(start, words) =
        mex::repl::helper::complete(line, at, &names)
    else {
        return Vec::new();
    };
    let word = line.get(start..at).unwrap_or("");
    let base = doc.lines.line_start(p.line as usize);
    let range = doc.lines.range(base + start, base + at);
    let item = |label: String, insert: String, kind, detail: Option<String>| CompletionItem {
        label,
        kind: Some(kind),
        detail,
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, insert))),
        ..Default::default()
    };
    let mut out: Vec<CompletionItem> = words
        .into_iter()
        .map(|w| {
            let label = w.trim_end_matches([' ', '(']).to_string();
            let kind = match mex::syntax::token::Tok::keyword(&label) {
                Some(_) => CompletionItemKind::KEYWORD,
                None if names.iter().any(|(n, _)| *n == label) => CompletionItemKind::FUNCTION,
                None => CompletionItemKind::VALUE,
            };
            item(label, w, kind, None)
        })
        .collect();
    let after_eq = line[..start].trim_end().ends_with('=') && line.trim_start().starts_with("game");
    if after_eq {
        // right after `game g =`: a family, or a game (no question word)
        out.retain(|i| {
            i.kind != Some(CompletionItemKind::KEYWORD)
                && !["move", "moves"].contains(&i.label.as_str())
        });
    }
    for (w, about) in FAMILY_WORDS {
        if after_eq && w.starts_with(word) && !out.iter().any(|i| i.label == *w) {
            let about = Some(about.to_string());
            out.push(item(
                w.to_string(),
                w.to_string(),
                CompletionItemKind::ENUM_MEMBER,
                about,
            ));
        }
    }
    out
}

/// Where the name at a place is defined.
pub fn definition(doc: &Doc, p: Position) -> Option<Location> {
    let (_, word) = doc.lines.word_at(doc.lines.offset(p))?;
    let def = doc.outline.definition(word)?;
    Some(Location::new(
        doc.uri.clone(),
        doc.lines.range(def.at.start, def.at.end),
    ))
}

/// Where the name at a place is written (its definitions too, if asked).
pub fn references(doc: &Doc, p: Position, with_definition: bool) -> Vec<Location> {
    let Some((_, word)) = doc.lines.word_at(doc.lines.offset(p)) else {
        return Vec::new();
    };
    if doc.outline.definition(word).is_none() {
        return Vec::new();
    }
    let defs: Vec<_> = doc
        .outline
        .defined
        .iter()
        .filter(|d| d.name == word)
        .map(|d| d.at.clone())
        .collect();
    doc.outline
        .references(word)
        .into_iter()
        .filter(|r| with_definition || !defs.contains(r))
        .map(|r| Location::new(doc.uri.clone(), doc.lines.range(r.start, r.end)))
        .collect()
}

/// The games and `let` names defined, in order.
#[allow(deprecated)] // `deprecated` is a field lsp-types still requires
pub fn symbols(doc: &Doc) -> Vec<DocumentSymbol> {
    doc.outline
        .defined
        .iter()
        .map(|d| DocumentSymbol {
            name: d.name.clone(),
            detail: Some(if d.game { "game" } else { "let" }.into()),
            kind: if d.game {
                SymbolKind::FUNCTION
            } else {
                SymbolKind::VARIABLE
            },
            tags: None,
            deprecated: None,
            range: doc.lines.range(d.stmt.start, d.stmt.end),
            selection_range: doc.lines.range(d.at.start, d.at.end),
            children: None,
        })
        .collect()
}
