//! Writing answers and diagnostics out: as text for people ([`text`]) or
//! as JSON Lines for programs ([`json`]). Both take the same structured
//! [`Answer`], so the two forms never disagree.

pub mod json;
pub mod table;
pub mod text;

use crate::query::Answer;
use crate::session::Event;

/// How results and diagnostics are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Lines for people; diagnostics on standard error with their source.
    #[default]
    Text,
    /// One JSON object a line, diagnostics too, all on standard output.
    Json,
}

impl Format {
    pub const NAMES: &'static [(&'static str, Format)] =
        &[("text", Format::Text), ("json", Format::Json)];

    pub fn named(name: &str) -> Option<Format> {
        Format::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
        }
    }
}

/// Hands an answer to `emit` in the given format: text as its lines (a
/// `check` as one [`Event::Check`]), JSON as one line.
pub fn emit(format: Format, answer: &Answer, emit: &mut dyn FnMut(Event)) {
    match format {
        Format::Json => emit(Event::Line(json::answer(answer).to_string())),
        Format::Text => match answer {
            Answer::Check(graded) => emit(Event::Check {
                passed: graded.passed,
                lines: text::lines(answer),
            }),
            _ => {
                for line in text::lines(answer) {
                    emit(Event::Line(line));
                }
            }
        },
    }
}
