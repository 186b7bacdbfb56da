//! The first stage of reading a source: its characters as logos's raw
//! tokens, with each character that is not the language's reported with
//! what to write instead: a REPL command on a line of its own (`:load`),
//! lookalikes of its operators (`∗`, `⊕`, `−`, read as what they look
//! like), scientific notation (`1e18`, read as `0`), and anything else
//! (adjacent ones as one error). [`super::lexer`] reads the pieces in
//! order.

use super::error::LexError;
use super::token::Raw;
use crate::diag::Diagnostic;
use logos::Logos;
use std::collections::VecDeque;
use std::ops::Range;

/// What the characters of a source are read as, in order.
pub enum Piece<'s> {
    /// A raw token with its span and its text (a lookalike's text is the
    /// one it stands for, scientific notation's is `0`).
    Token(Raw, Range<usize>, &'s str),
    /// Characters that are not the language's (boxed: a diagnostic is
    /// much larger than a token, and errors are rare).
    Error(Box<Diagnostic>),
}

/// A source's characters, read as [`Piece`]s.
pub struct Chars<'s> {
    src: &'s str,
    lexer: logos::Lexer<'s, Raw>,
    /// Adjacent unknown characters not yet reported (reported as one).
    bad_run: Option<(usize, usize)>,
    /// Pieces read and not yet given out: errors, then the token after them.
    ready: VecDeque<Piece<'s>>,
}

impl<'s> Chars<'s> {
    pub fn new(src: &'s str) -> Self {
        Chars {
            src,
            lexer: Raw::lexer(src),
            bad_run: None,
            ready: VecDeque::new(),
        }
    }

    /// The next raw token as logos reads it, with where it ends, for a
    /// statement the lexer skips: nothing in it is reported, and a
    /// character not the language's is `Err`.
    pub fn next_skipped(&mut self) -> Option<(Result<Raw, ()>, usize)> {
        debug_assert!(self.ready.is_empty() && self.bad_run.is_none());
        let raw = self.lexer.next()?;
        Some((raw, self.lexer.span().end))
    }

    /// A raw token of the language, after the unknown characters before it;
    /// an integer with an exponent (`1e18`) is an error, and `0`.
    fn token(&mut self, raw: Raw) {
        self.report_bad_run();
        let span = self.lexer.span();
        let exponent = if raw == Raw::Int {
            exponent_after(&self.src[span.end..])
        } else {
            0
        };
        if exponent == 0 {
            self.ready
                .push_back(Piece::Token(raw, span, self.lexer.slice()));
            return;
        }
        self.lexer.bump(exponent);
        let span = self.lexer.span();
        let error = scientific_notation(span.clone(), self.lexer.slice());
        self.ready.push_back(Piece::Error(Box::new(error)));
        self.ready.push_back(Piece::Token(Raw::Int, span, "0"));
    }

    /// Characters logos does not read as a token.
    fn not_a_token(&mut self) {
        let span = self.lexer.span();
        // `:load x.mex` on a line of its own: one error for the line.
        if let Some(len) = command_line(self.src, span.start) {
            self.report_bad_run();
            let error = command_in_source(self.src, span.start, len);
            self.ready.push_back(Piece::Error(Box::new(error)));
            self.lexer.bump(len - span.len());
            return;
        }
        // A character that looks like one of the language's (a
        // typographic minus, a multiplication sign) is reported and read as
        // that one, so the rest of the line parses.
        if let Some(look) = lookalike(&self.src[span.clone()]) {
            self.report_bad_run();
            self.ready
                .push_back(Piece::Error(Box::new(look.diagnostic(span.clone()))));
            if let Some(raw) = look.raw {
                self.ready.push_back(Piece::Token(raw, span, look.ascii));
            }
            return;
        }
        // Merge adjacent unknown characters into one error.
        self.bad_run = match self.bad_run {
            Some((s, e)) if e == span.start => Some((s, span.end)),
            Some((s, e)) => {
                self.ready
                    .push_back(Piece::Error(Box::new(bad_chars(self.src, s, e))));
                Some((span.start, span.end))
            }
            None => Some((span.start, span.end)),
        };
    }

    fn report_bad_run(&mut self) {
        if let Some((s, e)) = self.bad_run.take() {
            self.ready
                .push_back(Piece::Error(Box::new(bad_chars(self.src, s, e))));
        }
    }
}

impl<'s> Iterator for Chars<'s> {
    type Item = Piece<'s>;

    fn next(&mut self) -> Option<Piece<'s>> {
        loop {
            if let Some(piece) = self.ready.pop_front() {
                return Some(piece);
            }
            match self.lexer.next() {
                Some(Ok(raw)) => self.token(raw),
                Some(Err(())) => self.not_a_token(),
                None => {
                    let (s, e) = self.bad_run.take()?;
                    return Some(Piece::Error(Box::new(bad_chars(self.src, s, e))));
                }
            }
        }
    }
}

/// The error for an integer written in scientific notation (`1e18`).
fn scientific_notation(span: Range<usize>, text: &str) -> Diagnostic {
    LexError::Scientific {
        span,
        text: text.to_string(),
    }
    .into()
}

/// The length of an exponent such as `e18` right after an integer (0 if
/// there is none).
fn exponent_after(rest: &str) -> usize {
    let b = rest.as_bytes();
    if b.first().is_none_or(|c| !matches!(c, b'e' | b'E')) {
        return 0;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let tail_is_word = b
        .get(1 + digits)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
    if digits == 0 || tail_is_word {
        0
    } else {
        1 + digits
    }
}

/// A character that looks like one of the language's but is another.
struct Lookalike {
    /// The raw token it is read as, if any (a non-breaking space is none).
    raw: Option<Raw>,
    /// What to write instead.
    ascii: &'static str,
    /// What the character is.
    what: &'static str,
}

impl Lookalike {
    fn diagnostic(&self, span: std::ops::Range<usize>) -> Diagnostic {
        LexError::Lookalike {
            span,
            what: self.what,
            ascii: self.ascii,
        }
        .into()
    }
}

fn lookalike(text: &str) -> Option<Lookalike> {
    let c = text.chars().next()?;
    let (raw, ascii, what) = match c {
        '\u{2217}' => (Some(Raw::Star), "*", "`∗` (asterisk operator)"),
        '\u{204e}' | '\u{2731}' | '\u{ff0a}' => (Some(Raw::Star), "*", "this star"),
        '\u{00d7}' => (Some(Raw::Star), "*", "`×` (multiplication sign)"),
        '\u{22c5}' | '\u{00b7}' => (Some(Raw::Star), "*", "this dot"),
        '\u{2295}' => (Some(Raw::Plus), "+", "`⊕` (circled plus)"),
        '\u{2212}' => (Some(Raw::Minus), "-", "`−` (minus sign)"),
        '\u{2013}' => (Some(Raw::Minus), "-", "`–` (en dash)"),
        '\u{2014}' => (Some(Raw::Minus), "-", "`—` (em dash)"),
        '\u{2264}' => (Some(Raw::Le), "<=", "`≤`"),
        '\u{2265}' => (Some(Raw::Ge), ">=", "`≥`"),
        '\u{2260}' => (Some(Raw::NotEq), "!=", "`≠`"),
        '\u{2192}' | '\u{27f6}' => (Some(Raw::Arrow), "->", "this arrow"),
        '\u{2026}' => (Some(Raw::DotDot), "..", "`…` (ellipsis)"),
        '\u{ff08}' => (Some(Raw::LParen), "(", "a full-width bracket"),
        '\u{ff09}' => (Some(Raw::RParen), ")", "a full-width bracket"),
        '\u{ff0c}' => (Some(Raw::Comma), ",", "a full-width comma"),
        '\u{00a0}' | '\u{2009}' | '\u{202f}' => (None, " ", "a non-breaking or thin space"),
        _ => return None,
    };
    Some(Lookalike { raw, ascii, what })
}

/// A REPL command (`:load x.txt`) on a line of a file or of `-e` text: its
/// length from the `:` to the end of the line or a `;`, when `at` is the
/// first character of its line. It is one error (its words are no
/// statement); a statement after a `;` still runs.
fn command_line(src: &str, at: usize) -> Option<usize> {
    let line_start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    if !src[at..].starts_with(':') || !src[line_start..at].trim().is_empty() {
        return None;
    }
    Some(src[at..].find(['\n', '\r', ';']).unwrap_or(src.len() - at))
}

/// The error for a REPL command written where statements go.
fn command_in_source(src: &str, at: usize, len: usize) -> Diagnostic {
    let line = src[at..at + len].trim_end();
    LexError::ReplCommand {
        span: at..at + line.len(),
        line: line.to_string(),
    }
    .into()
}

fn bad_chars(src: &str, s: usize, e: usize) -> Diagnostic {
    LexError::BadChars {
        span: s..e,
        text: src[s..e].to_string(),
    }
    .into()
}
