//! Writing answers and diagnostics out: as text for people ([`text`]) or
//! as JSON Lines for programs ([`json`]). Both take the same structured
//! [`Answer`], so the two forms never disagree.

pub mod explain;
mod hackenbush;
pub mod json;
pub mod misere;
pub mod reason;
pub mod table;
pub mod text;

pub use crate::event::{Event, Format};
use crate::query::Answer;

/// NumPy's name of the unsigned type of `width` bytes.
pub(crate) fn numpy_type(width: u32) -> &'static str {
    match width {
        1 => "uint8",
        2 => "uint16",
        4 => "uint32",
        _ => "uint64",
    }
}

/// Bytes as lower-case hexadecimal digits.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hands an answer to `emit` in the given format: text as its lines (a
/// `check` as one [`Event::Check`]), JSON as one line.
pub fn emit(format: Format, answer: &Answer, emit: &mut dyn FnMut(Event)) {
    match format {
        Format::Json => emit(Event::Line(json::answer(answer).to_string())),
        Format::Text => match answer {
            Answer::Plot(p) if p.svg.is_some() => {
                emit(Event::Svg {
                    svg: p.svg.clone().unwrap_or_default(),
                    game: p.game.clone(),
                    about: text::plot_about(p),
                });
            }
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

impl Event {
    /// Writes the event as the text it stands for: lines of results, a
    /// sequence's values separated by single spaces on one line (in JSON
    /// mode, one JSON object written piece by piece).
    pub fn write_text(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        match self {
            Event::Line(l) => writeln!(w, "{l}"),
            Event::Svg { svg, .. } => writeln!(w, "{}", svg.trim_end()),
            Event::Check { lines, .. } => lines.iter().try_for_each(|l| writeln!(w, "{l}")),
            Event::Values {
                from,
                values,
                first,
                last,
                format,
            } => {
                let piece = match format {
                    Format::Text => text::sequence_piece(values, *first, *last),
                    Format::Json => json::sequence_piece(*from, values, *first, *last),
                };
                w.write_all(piece.as_bytes())
            }
            // Results only: a diagnostic is text only where it goes with them.
            Event::Error { text, to_stdout } => match to_stdout {
                true => w.write_all(text.as_bytes()),
                false => Ok(()),
            },
        }
    }
}
