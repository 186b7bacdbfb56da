//! The errors of reading a source's characters and tokens, as facts, and
//! their words: each becomes a [`Diagnostic`] here, in one place. (The
//! parser's errors are worded in [`super::hints`], which reads the tokens
//! around one to say what was meant; "did you mean" is [`super::suggest`].)

use crate::diag::{Diagnostic, ErrorKind};
use std::ops::Range;

/// The most brackets that may be open at once.
pub const MAX_NESTING: usize = 256;

/// What the lexer found wrong, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LexError {
    /// A string with no closing `"` on its line.
    OpenString { span: Range<usize> },
    /// An integer literal past 64 bits.
    IntegerTooLarge { span: Range<usize> },
    /// More than [`MAX_NESTING`] brackets open.
    NestedTooDeeply { span: Range<usize> },
    /// A closing bracket `text` where `expected` closes the one opened at
    /// `opened`.
    Mismatched {
        span: Range<usize>,
        text: String,
        expected: char,
        opened: usize,
    },
    /// A closing bracket `text` with nothing open.
    Unmatched { span: Range<usize>, text: String },
    /// A bracket opened at `at` that `closer` never closes; `cut`, where the
    /// statement ends, if it ends before the source does.
    Unclosed {
        at: usize,
        closer: char,
        cut: Option<usize>,
    },
    /// An integer in scientific notation (`1e18`).
    Scientific { span: Range<usize>, text: String },
    /// A character that looks like the language's `ascii` but is `what`.
    Lookalike {
        span: Range<usize>,
        what: &'static str,
        ascii: &'static str,
    },
    /// A REPL command (`:load x.mex`, its line) written where statements go.
    ReplCommand { span: Range<usize>, line: String },
    /// Characters that are not the language's.
    BadChars { span: Range<usize>, text: String },
}

impl LexError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            LexError::NestedTooDeeply { .. } => ErrorKind::TooLarge,
            _ => ErrorKind::Parse,
        }
    }

    /// The words of the error: the one place the lexer's errors are worded.
    pub fn diagnostic(self) -> Diagnostic {
        let kind = self.kind();
        match self {
            e @ (LexError::OpenString { .. }
            | LexError::IntegerTooLarge { .. }
            | LexError::Scientific { .. }) => e.literal_words(kind),
            e @ (LexError::NestedTooDeeply { .. }
            | LexError::Mismatched { .. }
            | LexError::Unmatched { .. }
            | LexError::Unclosed { .. }) => e.bracket_words(kind),
            e @ (LexError::Lookalike { .. }
            | LexError::ReplCommand { .. }
            | LexError::BadChars { .. }) => e.character_words(kind),
        }
    }

    /// The words of strings and numbers that do not lex.
    fn literal_words(self, kind: ErrorKind) -> Diagnostic {
        let d = |span: Range<usize>, message: String| Diagnostic::error(kind, span, message);
        match self {
            LexError::OpenString { span } => d(span, "this string has no closing `\"`".into())
                .label("the string starts here")
                .hint("a string ends on the line it starts: `\"kayles.svg\"`"),
            LexError::IntegerTooLarge { span } => d(span, "integer literal too large".into())
                .label("this does not fit in 64 bits")
                .hint(format!(
                    "integers are unsigned 64-bit: at most {}",
                    u64::MAX
                )),
            LexError::Scientific { span, text } => {
                let (mantissa, exp) = text.split_at(text.find(['e', 'E']).unwrap_or(text.len()));
                let exp = &exp[1..];
                let power = if mantissa == "1" {
                    format!("10^{exp}")
                } else {
                    format!("{mantissa} * 10^{exp}")
                };
                d(span, format!("`{text}` is not an integer"))
                    .label("scientific notation is not part of the language")
                    .hint(format!("write `{power}` for {text}"))
            }
            _ => crate::diag::Diagnostic::unplaced(
                crate::diag::ErrorKind::Internal,
                "internal error: a message was not worded",
            ),
        }
    }

    /// The words of brackets that do not pair up.
    fn bracket_words(self, kind: ErrorKind) -> Diagnostic {
        let d = |span: Range<usize>, message: String| Diagnostic::error(kind, span, message);
        match self {
            LexError::NestedTooDeeply { span } => d(span, "brackets nested too deeply".into())
                .label(format!("more than {MAX_NESTING} levels"))
                .hint("name the inner parts with `let` and use the names"),
            LexError::Mismatched {
                span,
                text,
                expected,
                opened,
            } => d(span, format!("`{text}` does not match"))
                .label(format!("expected `{expected}` here"))
                .secondary(opened..opened + 1, "the bracket opened here"),
            LexError::Unmatched { span, text } => {
                d(span, format!("unmatched `{text}`")).label("nothing is open here")
            }
            LexError::Unclosed { at, closer, cut } => {
                let d = d(at..at + 1, "unclosed bracket".into())
                    .label(format!("this is never closed with `{closer}`"));
                match cut {
                    Some(c) => d
                        .secondary(c..c + 1, "the statement ends here")
                        .hint(format!(
                            "close it with `{closer}` before the statement ends"
                        )),
                    None => d.hint("a statement continues across lines while a bracket is open"),
                }
            }
            _ => crate::diag::Diagnostic::unplaced(
                crate::diag::ErrorKind::Internal,
                "internal error: a message was not worded",
            ),
        }
    }

    /// The words of characters that are not part of the language.
    fn character_words(self, kind: ErrorKind) -> Diagnostic {
        let d = |span: Range<usize>, message: String| Diagnostic::error(kind, span, message);
        match self {
            LexError::Lookalike { span, what, ascii } => {
                let hint = match ascii {
                    "+" => "a sum of games is written with `+`: `*3 + *5` has the value 3 xor 5 (the nim-sum)".to_string(),
                    " " => "write a plain space".to_string(),
                    a => format!("write `{a}`"),
                };
                d(span.clone(), format!("{what} is not `{}`", ascii.trim()))
                    .label("this character only looks like it")
                    .fix(span, ascii)
                    .hint(hint)
            }
            LexError::ReplCommand { span, line } => {
                let word = line[1..].split_whitespace().next().unwrap_or("");
                let hint = if matches!(word, "load" | "l") {
                    let files = line[1..].trim_start()[word.len()..].trim();
                    let files = if files.is_empty() { "FILE.mex" } else { files };
                    format!(
                        "`:load` works at the REPL prompt only; in a file or `-e` text, list the files to run on the command line instead, in order: `mex {files} FILE.mex`"
                    )
                } else {
                    COMMANDS.into()
                };
                let shown = if word.is_empty() {
                    ":".to_string()
                } else {
                    format!(":{word}")
                };
                d(
                    span,
                    format!("`{shown}` is a REPL command, not a statement"),
                )
                .label("a command of the REPL")
                .hint(hint)
            }
            LexError::BadChars { span, text } => {
                let shown: String = text.chars().take(8).collect();
                let hint = if text.starts_with('\'') {
                    "file names are written in double quotes: `\"kayles.svg\"`"
                } else if text.starts_with(':') {
                    COMMANDS
                } else if text.starts_with('&') {
                    "write `and`"
                } else if text.starts_with('!') {
                    "write `not`"
                } else if text.starts_with(['\u{201c}', '\u{201d}', '\u{2018}', '\u{2019}']) {
                    "these are typographic quotes: write straight double quotes, `\"kayles.svg\"`"
                } else {
                    "see `mex --help` for the language"
                };
                d(
                    span,
                    format!(
                        "unexpected character{} `{}`",
                        if text.chars().count() > 1 { "s" } else { "" },
                        shown.escape_debug()
                    ),
                )
                .label("not part of the language")
                .hint(hint)
            }
            _ => crate::diag::Diagnostic::unplaced(
                crate::diag::ErrorKind::Internal,
                "internal error: a message was not worded",
            ),
        }
    }
}

/// The hint for a `:command` where statements go.
const COMMANDS: &str = "`:help` and the other `:commands` are typed at the REPL prompt (`mex` on a terminal); see docs/language.md";

impl From<LexError> for Diagnostic {
    fn from(e: LexError) -> Self {
        e.diagnostic()
    }
}
