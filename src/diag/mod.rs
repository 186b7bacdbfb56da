//! Diagnostics: what went wrong, where, and what to do about it; rendered
//! with ariadne against the source they point into.

mod crop;
pub mod units;

use ariadne::{Color, Config, IndexType, Label, Report, ReportKind};
use std::ops::Range;
use std::rc::Rc;

/// Which source a span points into (an index into [`Sources`]).
pub type SourceId = usize;

/// What class of error a diagnostic is: one stable word for programs
/// (`"kind"` in JSON), the same whatever the wording of its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The text does not lex or parse.
    Parse,
    /// A name, setting, vertex or format that is not defined.
    UnknownName,
    /// A value of the wrong sort: an integer where a game goes, too many
    /// arguments, a game that is not of the form asked for.
    Type,
    /// A definition that cannot stand: a name taken twice, a built-in name
    /// redefined, a rule family's constants out of range.
    Definition,
    /// A statement not run because a definition it needs has an error.
    Skipped,
    /// A `check` that cannot be graded as written.
    Check,
    /// An integer expression below zero, divided by zero, or past 64 bits.
    Arithmetic,
    /// A `set` limit passed: see [`LimitFacts`].
    Limit,
    /// A fixed bound of the language that no `set` raises: nesting depth,
    /// a graph's vertices, a picture's edges.
    TooLarge,
    /// A game that reaches a position again, or positions that grow
    /// without end, where the question needs a game that always ends.
    Loop,
    /// A file that cannot be read or written, or that holds the wrong data.
    Io,
    /// Refused in the sandbox (`mex grade`, `mex --sandbox`, the playground).
    Sandbox,
    /// A statement's argument outside what it takes: an empty range, rows
    /// of 0 values, a limit of 0.
    Argument,
    /// A question the game's form does not answer.
    Unsupported,
    /// Memory the machine would not give, though the limit allowed it.
    Memory,
    /// A source with no statement to run.
    Empty,
    /// A bug in `mex`: a state the code holds cannot happen.
    Internal,
}

impl ErrorKind {
    /// Every kind, in the order the docs list them.
    pub const ALL: &'static [ErrorKind] = &[
        ErrorKind::Parse,
        ErrorKind::UnknownName,
        ErrorKind::Type,
        ErrorKind::Definition,
        ErrorKind::Skipped,
        ErrorKind::Check,
        ErrorKind::Arithmetic,
        ErrorKind::Limit,
        ErrorKind::TooLarge,
        ErrorKind::Loop,
        ErrorKind::Io,
        ErrorKind::Sandbox,
        ErrorKind::Argument,
        ErrorKind::Unsupported,
        ErrorKind::Memory,
        ErrorKind::Empty,
        ErrorKind::Internal,
    ];

    /// The kind's stable word (snake_case), as JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::UnknownName => "unknown_name",
            ErrorKind::Type => "type",
            ErrorKind::Definition => "definition",
            ErrorKind::Skipped => "skipped",
            ErrorKind::Check => "check",
            ErrorKind::Arithmetic => "arithmetic",
            ErrorKind::Limit => "limit",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::Loop => "loop",
            ErrorKind::Io => "io",
            ErrorKind::Sandbox => "sandbox",
            ErrorKind::Argument => "argument",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Memory => "memory",
            ErrorKind::Empty => "empty",
            ErrorKind::Internal => "internal",
        }
    }
}

/// The facts of a `set` limit passed: which setting, the value that would
/// be enough (`None` when it is not known), and the limit in force, both
/// as `set` writes them (memory in MiB).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitFacts {
    pub setting: &'static str,
    /// (a count may pass 64 bits: an estimate of the work of a question)
    pub needed: Option<u128>,
    pub allowed: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The class of the error, for programs (see [`ErrorKind`]).
    pub kind: ErrorKind,
    /// For a [`ErrorKind::Limit`]: the setting passed and its values.
    pub limit: Option<LimitFacts>,
    /// The source the spans point into; set when the diagnostic leaves the
    /// pass that made it (lexer and parser work on one source at a time).
    pub source: SourceId,
    /// The text it is about; `None` for errors with no place of their own
    /// (a limit reached, say), which the session places on the statement
    /// that was running.
    pub span: Option<Range<usize>>,
    pub message: String,
    pub label: String,
    pub hint: Option<String>,
    pub notes: Vec<String>,
    pub secondary: Vec<(Range<usize>, String)>,
    /// The hint as an edit, where it is a plain replacement (`grundey` →
    /// `grundy`, `0 14` → `0..14`, `∗` → `*`): an editor offers it as a
    /// quick fix.
    pub fix: Option<Fix>,
}

/// Text that replaces a span of the diagnostic's source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    pub span: Range<usize>,
    pub text: String,
}

impl Diagnostic {
    pub fn error(kind: ErrorKind, span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            span: Some(span),
            ..Diagnostic::unplaced(kind, message)
        }
    }

    /// A diagnostic with no place yet (see [`Diagnostic::span`]).
    pub fn unplaced(kind: ErrorKind, message: impl Into<String>) -> Self {
        Diagnostic {
            kind,
            limit: None,
            source: 0,
            span: None,
            message: message.into(),
            label: String::new(),
            hint: None,
            notes: Vec::new(),
            secondary: Vec::new(),
            fix: None,
        }
    }

    /// Where the span starts (0 when it has none), for ordering.
    pub fn start(&self) -> usize {
        self.span.as_ref().map_or(0, |r| r.start)
    }

    pub fn at(mut self, source: SourceId) -> Self {
        self.source = source;
        self
    }

    /// Marks it a limit error with the facts of the limit passed.
    pub fn limit(mut self, facts: LimitFacts) -> Self {
        self.kind = ErrorKind::Limit;
        self.limit = Some(facts);
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// The hint as an edit: `text` in place of `span`.
    pub fn fix(mut self, span: Range<usize>, text: impl Into<String>) -> Self {
        self.fix = Some(Fix {
            span,
            text: text.into(),
        });
        self
    }

    pub fn secondary(mut self, span: Range<usize>, label: impl Into<String>) -> Self {
        self.secondary.push((span, label.into()));
        self
    }
}

/// The texts diagnostics point into: files, `-e` arguments, REPL inputs.
/// Each keeps where its lines start and ariadne's index of its lines, made
/// once: a file of 10^5 errors renders each in time that does not grow
/// with the file.
#[derive(Default, Clone)]
pub struct Sources {
    items: Vec<Item>,
}

#[derive(Clone)]
struct Item {
    name: String,
    starts: Vec<usize>,
    lines: Rc<ariadne::Source<String>>,
}

impl std::fmt::Debug for Sources {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.items.iter().map(|i| &i.name))
            .finish()
    }
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        let text: String = text.into();
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        self.items.push(Item {
            name: name.into(),
            starts,
            lines: Rc::new(ariadne::Source::from(text)),
        });
        self.items.len() - 1
    }

    pub fn name(&self, id: SourceId) -> &str {
        &self.items[id].name
    }

    pub fn text(&self, id: SourceId) -> &str {
        self.items[id].lines.text()
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, id: SourceId, at: usize) -> (usize, usize) {
        let text = self.text(id);
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let starts = &self.items[id].starts;
        let line = starts.partition_point(|&s| s <= at).max(1);
        let start = starts[line - 1];
        (line, text[start..at].chars().count() + 1)
    }

    /// Whether the line holding `at` is too long to be shown whole.
    fn long_line(&self, id: SourceId, at: usize) -> bool {
        let text = self.text(id);
        let starts = &self.items[id].starts;
        let i = starts.partition_point(|&s| s <= at).saturating_sub(1);
        let end = starts.get(i + 1).map_or(text.len(), |s| s - 1);
        let line = &text[starts[i]..end];
        line.len() > crop::WIDE && line.chars().count() > crop::WIDE
    }

    /// The source text under a span, clamped to the text.
    pub fn slice(&self, id: SourceId, span: &Range<usize>) -> &str {
        let text = self.text(id);
        let end = span.end.min(text.len());
        text.get(span.start.min(end)..end).unwrap_or("")
    }

    /// Renders one diagnostic as ariadne does, in colour or not, against
    /// the one source it points into (sources are told apart by id, never
    /// by name: two `-e` arguments are two sources).
    pub fn render(&self, d: &Diagnostic, color: bool) -> String {
        let key = SourceKey {
            id: d.source,
            name: self.name(d.source).into(),
        };
        let text = self.text(d.source);
        let len = text.len();
        let clamp = |r: &Range<usize>| r.start.min(len)..r.end.min(len).max(r.start.min(len));
        let span = d.span.as_ref().map_or(0..0, clamp);
        let secondary: Vec<(Range<usize>, &str)> = d
            .secondary
            .iter()
            .map(|(r, m)| (clamp(r), m.as_str()))
            .collect();
        let points: Vec<usize> = std::iter::once(&span)
            .chain(secondary.iter().map(|(r, _)| r))
            .flat_map(|r| [r.start, r.end])
            .collect();
        // A long line is shown cut down to a window around the spans; the
        // header then names the column of the original line.
        let view = if points.iter().any(|&p| self.long_line(d.source, p)) {
            crop::View::with_lines(text, &self.items[d.source].starts, &points)
        } else {
            None
        };
        let shown = view.as_ref().map_or(text, |v| v.text.as_str());
        let place = |r: &Range<usize>| view.as_ref().map_or(r.clone(), |v| v.range(r));
        let header_fix = view
            .as_ref()
            .map(|v| self.header_fix(d.source, v, span.start));
        let span = place(&span);
        let mut report = Report::build(ReportKind::Error, (key.clone(), span.clone()))
            .with_config(
                Config::default()
                    .with_index_type(IndexType::Byte)
                    .with_color(color),
            )
            .with_message(&d.message);
        // ariadne draws no caret under a label without a message
        let main = if d.label.is_empty() { "here" } else { &d.label };
        let mut labels: Vec<(Range<usize>, &str, Color)> = secondary
            .iter()
            .map(|(r, msg)| (place(r), *msg, Color::Blue))
            .collect();
        if d.span.is_some() {
            labels.insert(0, (span, main, Color::Red));
        }
        self.in_text_order(d.source, view.is_some().then_some(shown), &mut labels);
        for (r, msg, color) in labels {
            report = report.with_label(
                Label::new((key.clone(), r))
                    .with_message(msg)
                    .with_color(color),
            );
        }
        if let Some(h) = &d.hint {
            report = report.with_help(h);
        }
        for n in &d.notes {
            report = report.with_note(n);
        }
        let mut out = Vec::new();
        let written = match &view {
            None => report
                .finish()
                .write((key, &*self.items[d.source].lines), &mut out),
            Some(_) => report
                .finish()
                .write((key, ariadne::Source::from(shown)), &mut out),
        };
        if written.is_err() {
            return format!("error: {}\n", d.message);
        }
        let out = String::from_utf8_lossy(&out).into_owned();
        match header_fix {
            Some((cut, whole)) => out.replacen(&cut, &whole, 1),
            None => out,
        }
    }

    /// The header of a cropped line names the column in the cropped text
    /// (`cut`); the header of the whole line (`whole`) replaces it.
    fn header_fix(&self, source: SourceId, v: &crop::View, at: usize) -> (String, String) {
        let text = self.text(source);
        let line = self.line_column(source, at).0;
        let name = self.name(source);
        (
            format!("{name}:{line}:{}", crop::column(&v.text, v.place(at))),
            format!("{name}:{line}:{}", crop::column(text, at)),
        )
    }

    /// Sorts the labels in the order of the text (of `cropped`, where the
    /// line is shown cut down). Ariadne starts a new snippet at a label
    /// above the one before, and heads it with the main span's place,
    /// which would then name a line the snippet does not show. In order,
    /// every label is in the one snippet, under the main span's place.
    /// (the line of a whole source from its index of line starts: a
    /// count of the text before it would make a file of many errors
    /// take time quadratic in its length)
    fn in_text_order(
        &self,
        source: SourceId,
        cropped: Option<&str>,
        labels: &mut [(Range<usize>, &str, Color)],
    ) {
        labels.sort_by_key(|(r, _, _)| {
            let at = r.end.saturating_sub(1).max(r.start);
            match cropped {
                None => self.line_column(source, at).0,
                Some(shown) => crop::line_number(shown, at),
            }
        });
    }
}

/// A source as ariadne knows it: told apart by id, shown by name.
#[derive(Debug, Clone)]
struct SourceKey {
    id: SourceId,
    name: std::rc::Rc<str>,
}

impl PartialEq for SourceKey {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for SourceKey {}

impl std::hash::Hash for SourceKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl std::fmt::Display for SourceKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placed_diagnostic_has_a_caret() {
        let mut sources = Sources::default();
        let id = sources.add("a.mex", "grundy nim(3)\n");
        let d = Diagnostic::error(ErrorKind::Internal, 7..13, "something").at(id);
        let shown = sources.render(&d, false);
        assert!(shown.contains("┬"), "{shown}");
        assert!(shown.contains("here"), "{shown}");
    }

    #[test]
    fn a_long_line_is_shown_around_the_caret_with_its_real_column() {
        let mut sources = Sources::default();
        let text = format!("grundy nim(3) + {}foo(2)\n", "nim(1) + ".repeat(20000));
        let at = text.find("foo").unwrap();
        let id = sources.add("long.mex", text.as_str());
        let d = Diagnostic::error(ErrorKind::UnknownName, at..at + 3, "unknown name `foo`")
            .label("not defined")
            .at(id);
        let shown = sources.render(&d, false);
        assert!(shown.len() < 2000, "{} bytes", shown.len());
        assert!(shown.contains(&format!("long.mex:1:{}", at + 1)), "{shown}");
        assert!(
            shown.contains("…") && shown.contains("+ nim(1) + foo(2)"),
            "{shown}"
        );
        assert!(shown.contains("foo(2)"), "{shown}");
        assert!(shown.contains("not defined"), "{shown}");
    }
}
