//! The errors of checking a unit (names, types, definitions), as facts for
//! the common classes, and their words: each becomes a [`Diagnostic`] here.
//! The one-off errors of a statement's form are worded where they are found,
//! through [`Checker::err`](super::Checker::err), which takes their kind.

use crate::diag::{Diagnostic, ErrorKind, SourceId};
use crate::ir::{Loc, Type};
use std::ops::Range;

/// What an unknown name may have meant (found by [`crate::syntax::suggest`]
/// and the well-known games).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Meant {
    /// A well-known game not defined: its definition, to copy.
    WellKnown { def: String },
    /// A close name or keyword.
    Close { name: String },
    /// A misspelt well-known game, and its definition.
    MisspeltWellKnown { name: String, def: String },
    /// Nothing close.
    Nothing,
}

/// What a value of the wrong sort looks like a slip for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slip {
    /// `xor` where a game goes.
    XorForGame,
    /// `xor` of games where an integer goes.
    XorOfGames,
    /// Arithmetic where a game goes.
    ArithmeticForGame,
    /// An integer (written `text`) where a game goes: a Nim heap meant.
    IntForGame { text: String },
    /// A game where an integer goes.
    GameForInt,
    /// Something else where a condition goes.
    NotCondition,
    /// Something else where a set of integers goes.
    NotIntSet,
    /// No slip known.
    Other,
}

/// The errors of checking, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// A name that is not defined.
    UnknownName {
        src: SourceId,
        span: Range<usize>,
        name: String,
        meant: Meant,
    },
    /// A call with `got` arguments to `name`, which takes `want`.
    Arity {
        src: SourceId,
        span: Range<usize>,
        name: String,
        want: usize,
        got: usize,
    },
    /// `found` where `want` goes, and the slip it looks like.
    Mismatch {
        src: SourceId,
        span: Range<usize>,
        want: Type,
        found: Type,
        slip: Slip,
    },
    /// A statement skipped: it needs `name` (through `via`, a name it uses,
    /// if another), whose definition at `failed` (`place`, in words) has an
    /// error.
    Skipped {
        src: SourceId,
        span: Range<usize>,
        via: Option<String>,
        name: String,
        failed: Loc,
        place: String,
    },
}

impl ResolveError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            ResolveError::UnknownName { .. } => ErrorKind::UnknownName,
            ResolveError::Arity { .. } | ResolveError::Mismatch { .. } => ErrorKind::Type,
            ResolveError::Skipped { .. } => ErrorKind::Skipped,
        }
    }

    /// The words of the error: the one place these are worded.
    pub fn diagnostic(self) -> Diagnostic {
        let kind = self.kind();
        match self {
            e @ (ResolveError::UnknownName { .. } | ResolveError::Skipped { .. }) => {
                e.name_words(kind)
            }
            e @ (ResolveError::Arity { .. } | ResolveError::Mismatch { .. }) => e.type_words(kind),
        }
    }

    /// The words of names not defined, or whose definition failed.
    fn name_words(self, kind: ErrorKind) -> Diagnostic {
        match self {
            ResolveError::UnknownName {
                src,
                span,
                name,
                meant,
            } => {
                let d = Diagnostic::error(kind, span.clone(), format!("unknown name `{name}`"))
                    .at(src)
                    .label("not defined");
                let d = match &meant {
                    Meant::Close { name } | Meant::MisspeltWellKnown { name, .. } => {
                        d.fix(span, name.clone())
                    }
                    _ => d,
                };
                d.hint(match meant {
                    Meant::WellKnown { def } => format!("define it first, for example: `{def}`"),
                    Meant::Close { name } => format!("did you mean `{name}`?"),
                    Meant::MisspeltWellKnown { name, def } => {
                        format!("did you mean `{name}`? define it first, for example: `{def}`")
                    }
                    Meant::Nothing => "define it first with `game` or `let`".into(),
                })
            }
            ResolveError::Skipped {
                src,
                span,
                via,
                name,
                failed,
                place,
            } => {
                let message = match &via {
                    Some(v) => {
                        format!("skipped: `{v}` needs `{name}`, whose definition has an error")
                    }
                    None => {
                        format!("skipped: `{name}` has no definition (its definition has an error)")
                    }
                };
                let label = match &via {
                    Some(v) => format!("`{v}` needs `{name}`"),
                    None => format!("this needs `{name}`"),
                };
                let d = Diagnostic::error(kind, span, message)
                    .at(src)
                    .label(label)
                    .hint(format!(
                        "fix the definition of `{name}`; this statement then runs"
                    ));
                if failed.src == src {
                    d.secondary(failed.range(), "the definition with the error")
                } else {
                    d.note(format!(
                        "`{name}` is defined at {place}, which has an error"
                    ))
                }
            }
            _ => crate::diag::Diagnostic::unplaced(
                crate::diag::ErrorKind::Internal,
                "internal error: a message was not worded",
            ),
        }
    }

    /// The words of arguments and values of the wrong count or type.
    fn type_words(self, kind: ErrorKind) -> Diagnostic {
        match self {
            ResolveError::Arity {
                src,
                span,
                name,
                want,
                got,
            } => Diagnostic::error(
                kind,
                span,
                format!(
                    "`{name}` takes {want} argument{}, not {got}",
                    if want == 1 { "" } else { "s" }
                ),
            )
            .at(src)
            .label(format!("{got} given here")),
            ResolveError::Mismatch {
                src,
                span,
                want,
                found,
                slip,
            } => {
                let d = Diagnostic::error(
                    kind,
                    span,
                    format!("expected {}, found {}", want.describe(), found.describe()),
                )
                .at(src)
                .label(format!("this is {}", found.describe()));
                let hint = match slip {
                    Slip::XorForGame => "`xor` combines integers: write it alone (`6 xor 12` prints 10); games are added with `+`, `*6 + *12`".to_string(),
                    Slip::XorOfGames => "games are added with `+`: `*2 + *3` has the value 2 xor 3".to_string(),
                    Slip::ArithmeticForGame => "games combine only with `+` (the disjunctive sum)".to_string(),
                    Slip::IntForGame { text } => format!(
                        "a Nim heap is written `*{text}` or `nim({text})`; integers and games do not mix"
                    ),
                    Slip::GameForInt => "games add with `+` only where a game is expected; arithmetic is on integers".to_string(),
                    Slip::NotCondition => "conditions compare integers: `k <= n`, `a != b`, with `and`, `or`, `not`".to_string(),
                    Slip::NotIntSet => "write a set of integers like `{1, 3, 4}` or a range like `1..=n`".to_string(),
                    Slip::Other => return d,
                };
                d.hint(hint)
            }
            _ => crate::diag::Diagnostic::unplaced(
                crate::diag::ErrorKind::Internal,
                "internal error: a message was not worded",
            ),
        }
    }
}

impl From<ResolveError> for Diagnostic {
    fn from(e: ResolveError) -> Self {
        e.diagnostic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_name_says_what_was_meant() {
        let unknown = |meant| {
            ResolveError::UnknownName {
                src: 0,
                span: 0..6,
                name: "kayels".into(),
                meant,
            }
            .diagnostic()
        };
        let d = unknown(Meant::Close {
            name: "kayles".into(),
        });
        assert_eq!(d.kind, ErrorKind::UnknownName);
        assert_eq!(d.message, "unknown name `kayels`");
        assert_eq!(d.hint.as_deref(), Some("did you mean `kayles`?"));
        let d = unknown(Meant::Nothing);
        assert_eq!(
            d.hint.as_deref(),
            Some("define it first with `game` or `let`")
        );
    }
}
