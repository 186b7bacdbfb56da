//! The second stage of reading a source: the raw tokens that
//! [`super::chars`] reads, turned into the parser's tokens. It
//! - ends statements at newlines outside brackets and at `;`,
//! - tells a nimber `*5` from a multiplication `2*k`,
//! - marks a name written right before `(` as a call (`kayles(5)`),
//! - parses integers with overflow checks,
//! - joins a line that starts with `|` or `+` to the statement before it,
//! - and collects every lexical error with its span instead of stopping
//!   (with the errors of the characters, in order).

use super::chars::{Chars, Piece};
use super::error::LexError;
use super::token::{Raw, Tok};
use crate::diag::Diagnostic;
use logos::Logos;
use std::ops::Range;

/// Brackets may nest this deep; deeper input is refused with a diagnostic.
pub use super::error::MAX_NESTING;

/// A token with its byte span, as the LALRPOP parser wants it.
pub type Spanned = (usize, Tok, usize);

pub struct Lexed {
    pub tokens: Vec<Spanned>,
    pub errors: Vec<Diagnostic>,
}

/// The parser's tokens for the pieces `chars` reads from `src`, with the
/// errors of both stages in the order they were found.
/// The tokens of a source (a tool's view: which words are names, and where).
pub fn tokens(src: &str) -> Vec<Spanned> {
    lex(src, Chars::new(src)).tokens
}

pub fn lex<'s>(src: &'s str, mut chars: Chars<'s>) -> Lexed {
    let mut lexer = Lexer {
        src,
        out: Lexed {
            tokens: Vec::new(),
            errors: Vec::new(),
        },
        open: Vec::new(),
    };
    while let Some(piece) = chars.next() {
        match piece {
            Piece::Error(d) => lexer.out.errors.push(*d),
            Piece::Token(raw, span, text) => {
                if let Some(tok) = lexer.convert(raw, span.clone(), text, &mut chars) {
                    lexer.out.tokens.push((span.start, tok, span.end));
                }
            }
        }
    }
    lexer.finish()
}

/// What the lexer keeps while it reads a source.
struct Lexer<'s> {
    src: &'s str,
    out: Lexed,
    /// Open brackets: (kind, byte offset).
    open: Vec<(Raw, usize)>,
}

impl Lexer<'_> {
    /// The parser's token for a raw one, if it makes one (a path makes
    /// three, pushed here; a bracket too deep skips its statement, read on
    /// from `chars`).
    fn convert(
        &mut self,
        raw: Raw,
        span: Range<usize>,
        text: &str,
        chars: &mut Chars,
    ) -> Option<Tok> {
        Some(match raw {
            Raw::Newline => return self.newline(span),
            Raw::Semi => return self.semicolon(span),
            Raw::Int => self.integer(span, text),
            Raw::Code => Tok::Code(text.to_string()),
            Raw::Path if matches!(self.out.tokens.last(), Some((_, Tok::Octal | Tok::Hex, _))) => {
                Tok::Code(text.to_string())
            }
            Raw::Path => {
                self.path(span, text);
                return None;
            }
            Raw::Str => Tok::Str(text[1..text.len() - 1].to_string()),
            Raw::OpenStr => {
                self.out.errors.push(LexError::OpenString { span }.into());
                Tok::Str(text[1..].to_string())
            }
            Raw::Ident => self.word(span, text),
            Raw::LParen | Raw::LBrace | Raw::LBracket => return self.opening(raw, span, chars),
            Raw::RParen | Raw::RBrace | Raw::RBracket => return self.closing(raw, span, text),
            Raw::Star => star_kind(
                self.src,
                span.start,
                span.end,
                self.open.is_empty(),
                &self.out.tokens,
            ),
            Raw::StarStar => Tok::Power,
            Raw::Caret => Tok::Caret,
            Raw::Comma => Tok::Comma,
            Raw::DotDot => Tok::DotDot,
            Raw::DotDotEq => Tok::DotDotEq,
            Raw::Plus => Tok::Plus,
            Raw::Minus => Tok::Minus,
            Raw::Slash => Tok::Slash,
            Raw::Percent => Tok::Percent,
            Raw::Bar => Tok::Bar,
            Raw::Assign => Tok::Assign,
            Raw::EqEq => Tok::EqEq,
            Raw::NotEq => Tok::NotEq,
            Raw::Lt => Tok::Lt,
            Raw::Le => Tok::Le,
            Raw::Gt => Tok::Gt,
            Raw::Ge => Tok::Ge,
            Raw::Arrow => Tok::Arrow,
            Raw::Question => Tok::Blank,
        })
    }

    /// A newline ends the statement unless a bracket is open.
    fn newline(&mut self, span: Range<usize>) -> Option<Tok> {
        // A line that starts a new statement inside an open bracket
        // means the bracket was never closed: the statement ends
        // here, so the ones after it still run.
        if let Some(&(kind, at)) = self.open.first()
            && starts_statement(&self.src[span.end..])
        {
            self.out.errors.push(unclosed(kind, at, Some(span.start)));
            self.open.clear();
        }
        if !self.open.is_empty() || last_is_end(&self.out.tokens) {
            return None;
        }
        Some(Tok::End)
    }

    /// `;` ends the statement, and any bracket still open there.
    fn semicolon(&mut self, span: Range<usize>) -> Option<Tok> {
        if let Some(&(kind, at)) = self.open.last() {
            self.out.errors.push(unclosed(kind, at, Some(span.start)));
            self.open.clear();
        }
        if last_is_end(&self.out.tokens) {
            return None;
        }
        Some(Tok::End)
    }

    fn integer(&mut self, span: Range<usize>, text: &str) -> Tok {
        match parse_int(text) {
            Some(n) => Tok::Int(n),
            None => {
                self.out
                    .errors
                    .push(LexError::IntegerTooLarge { span }.into());
                Tok::Int(0)
            }
        }
    }

    /// `g.a`: three tokens.
    fn path(&mut self, span: Range<usize>, text: &str) {
        let dot = span.start + text.find('.').unwrap_or(0);
        let (left, right) = (&text[..dot - span.start], &text[dot - span.start + 1..]);
        self.out
            .tokens
            .push((span.start, Tok::Ident(left.to_string()), dot));
        self.out.tokens.push((dot, Tok::Dot, dot + 1));
        self.out
            .tokens
            .push((dot + 1, Tok::Ident(right.to_string()), span.end));
    }

    /// A keyword, a name called (`kayles(5)`) or a name.
    fn word(&self, span: Range<usize>, text: &str) -> Tok {
        match Tok::keyword(text) {
            Some(k) => k,
            None if text == "move"
                && matches!(self.out.tokens.last(), Some((_, Tok::Check, _))) =>
            {
                Tok::Move
            }
            None if self.src[span.end..].starts_with('(') => Tok::CallName(text.to_string()),
            None => Tok::Ident(text.to_string()),
        }
    }

    /// An opening bracket, unless brackets nest too deeply here: then the
    /// statement is the error, its tokens dropped and the rest of it
    /// skipped, and the statements after it run.
    fn opening(&mut self, raw: Raw, span: Range<usize>, chars: &mut Chars) -> Option<Tok> {
        if self.open.len() >= MAX_NESTING {
            self.out
                .errors
                .push(LexError::NestedTooDeeply { span }.into());
            let start = self
                .out
                .tokens
                .iter()
                .rposition(|(_, t, _)| *t == Tok::End)
                .map_or(0, |i| i + 1);
            self.out.tokens.truncate(start);
            skip_statement(self.src, chars, self.open.len() + 1);
            self.open.clear();
            return None;
        }
        self.open.push((raw, span.start));
        Some(match raw {
            Raw::LParen => Tok::LParen,
            Raw::LBrace => Tok::LBrace,
            _ => Tok::LBracket,
        })
    }

    /// A closing bracket: one that matches nothing open is dropped, one
    /// that matches another kind closes it.
    fn closing(&mut self, raw: Raw, span: Range<usize>, text: &str) -> Option<Tok> {
        let want = match raw {
            Raw::RParen => Raw::LParen,
            Raw::RBrace => Raw::LBrace,
            _ => Raw::LBracket,
        };
        match self.open.last() {
            Some(&(kind, _)) if kind == want => {
                self.open.pop();
            }
            Some(&(kind, at)) => {
                self.out.errors.push(
                    LexError::Mismatched {
                        span,
                        text: text.to_string(),
                        expected: closer(kind),
                        opened: at,
                    }
                    .into(),
                );
                self.open.pop();
            }
            None => {
                self.out.errors.push(
                    LexError::Unmatched {
                        span,
                        text: text.to_string(),
                    }
                    .into(),
                );
                return None;
            }
        }
        Some(match raw {
            Raw::RParen => Tok::RParen,
            Raw::RBrace => Tok::RBrace,
            _ => Tok::RBracket,
        })
    }

    /// The end of the source: a bracket still open, the last statement's
    /// end, and the lines that continue a statement joined to it.
    fn finish(mut self) -> Lexed {
        if let Some(&(kind, at)) = self.open.first() {
            self.out.errors.push(unclosed(kind, at, None));
        }
        if !last_is_end(&self.out.tokens) {
            let end = self.src.len();
            self.out.tokens.push((end, Tok::End, end));
        }
        join_continued_lines(self.src, &mut self.out.tokens);
        self.out
    }
}

/// Skips the rest of a statement `depth` brackets deep: up to the newline
/// or `;` where every bracket is closed, or a line that starts a new
/// statement (a bracket never closed).
fn skip_statement(src: &str, chars: &mut Chars, mut depth: usize) {
    while let Some((raw, end)) = chars.next_skipped() {
        match raw {
            Ok(Raw::LParen | Raw::LBrace | Raw::LBracket) => depth += 1,
            Ok(Raw::RParen | Raw::RBrace | Raw::RBracket) => depth = depth.saturating_sub(1),
            Ok(Raw::Semi) if depth == 0 => return,
            Ok(Raw::Newline) if depth == 0 || starts_statement(&src[end..]) => return,
            _ => {}
        }
    }
}

/// A line that starts with `|` or `+` continues the statement before it
/// (no statement can start with them), so a union may be laid out as
/// `game two(m, n) = { .. }` then `  | { .. }` on the next line.
fn join_continued_lines(src: &str, tokens: &mut Vec<Spanned>) {
    let mut keep = vec![true; tokens.len()];
    for i in 0..tokens.len().saturating_sub(1) {
        let (l, ref t, r) = tokens[i];
        if *t == Tok::End && &src[l..r] == "\n" && matches!(tokens[i + 1].1, Tok::Bar | Tok::Plus) {
            keep[i] = false;
        }
    }
    let mut k = keep.into_iter();
    tokens.retain(|_| k.next().unwrap_or(true));
}

/// Whether the next line with something on it starts with a keyword that
/// only starts statements (`game`, `grundy`, `check`, ...).
fn starts_statement(rest: &str) -> bool {
    const STARTS: &[&str] = &[
        "game", "let", "set", "grundy", "outcome", "misere", "genus", "moves", "explain",
        "sequence", "period", "table", "mex", "check", "equiv", "plot",
    ];
    let line = rest
        .lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    let word: &str = line
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    STARTS.contains(&word)
}

fn last_is_end(tokens: &[Spanned]) -> bool {
    matches!(tokens.last(), None | Some((_, Tok::End, _)))
}

fn parse_int(text: &str) -> Option<u64> {
    let mut n: u64 = 0;
    for b in text.bytes().filter(|&b| b != b'_') {
        n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    Some(n)
}

/// `*` starts a nimber unless it follows an operand. At the top level a `*`
/// with space before it and none after (`equiv nim(3) *3`) is a nimber too.
fn star_kind(src: &str, start: usize, end: usize, top: bool, before: &[Spanned]) -> Tok {
    let after_operand = before.last().is_some_and(|(_, t, _)| t.ends_operand());
    let space_before = src[..start].ends_with([' ', '\t']);
    let tight_after = src[end..]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '(' || c == '_');
    if after_operand && !(top && space_before && tight_after) {
        Tok::Times
    } else if tight_after {
        Tok::Nimber
    } else {
        Tok::StarOne
    }
}

fn closer(open: Raw) -> char {
    match open {
        Raw::LParen => ')',
        Raw::LBrace => '}',
        _ => ']',
    }
}

fn unclosed(kind: Raw, at: usize, cut: Option<usize>) -> Diagnostic {
    LexError::Unclosed {
        at,
        closer: closer(kind),
        cut,
    }
    .into()
}

/// True when the text ends inside an open bracket: a REPL should read more
/// lines before running it.
pub fn is_incomplete(src: &str) -> bool {
    let mut depth: i64 = 0;
    let lexer = Raw::lexer(src);
    for raw in lexer {
        match raw {
            Ok(Raw::LParen | Raw::LBrace | Raw::LBracket) => depth += 1,
            Ok(Raw::RParen | Raw::RBrace | Raw::RBracket) => depth -= 1,
            Ok(Raw::Semi) => depth = depth.min(0),
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first two stages, as [`crate::syntax::parse`] runs them.
    fn lex(src: &str) -> Lexed {
        super::lex(src, Chars::new(src))
    }

    fn toks(src: &str) -> Vec<Tok> {
        let l = lex(src);
        assert!(l.errors.is_empty(), "{:?}", l.errors);
        l.tokens.into_iter().map(|t| t.1).collect()
    }

    #[test]
    fn integers_with_separators() {
        assert_eq!(toks("1_000_000"), vec![Tok::Int(1_000_000), Tok::End]);
        assert_eq!(toks("18446744073709551615")[0], Tok::Int(u64::MAX));
    }

    #[test]
    fn overflowing_integer_is_an_error_with_span() {
        let l = lex("grundy 123456789012345678901234567890");
        assert_eq!(l.errors.len(), 1);
        assert_eq!(l.errors[0].span, Some(7..37));
    }

    #[test]
    fn newlines_inside_brackets_do_not_end_statements() {
        let t = toks("game s(n) = {\n s(n - 1)\n}\ngrundy s(3)");
        let ends = t.iter().filter(|t| **t == Tok::End).count();
        assert_eq!(ends, 2);
    }

    #[test]
    fn a_line_starting_with_a_bar_continues_the_statement() {
        let t = toks("game t(n) = {}\n  | {}\n# c\n  + *1\ngrundy t(1)");
        assert_eq!(t.iter().filter(|t| **t == Tok::End).count(), 2);
    }

    #[test]
    fn star_prefix_and_infix() {
        assert_eq!(toks("*5 + *")[0], Tok::Nimber);
        assert_eq!(toks("*5 + *")[3], Tok::StarOne);
        assert_eq!(toks("{*, *2}")[1], Tok::StarOne);
        assert_eq!(toks("nim(2*k)")[3], Tok::Times);
        assert_eq!(toks("nim(2 * k)")[3], Tok::Times);
        assert_eq!(toks("equiv nim(3) *3")[5], Tok::Nimber);
    }

    #[test]
    fn codes_and_ranges() {
        assert_eq!(toks("octal 0.07")[1], Tok::Code("0.07".into()));
        assert_eq!(
            toks("0..=n")[..3],
            [Tok::Int(0), Tok::DotDotEq, Tok::Ident("n".into())]
        );
        assert_eq!(toks("0..10")[..3], [Tok::Int(0), Tok::DotDot, Tok::Int(10)]);
    }

    #[test]
    fn calls_keywords_comments() {
        assert_eq!(
            toks("kayles(3) # a comment ünïcode"),
            vec![
                Tok::CallName("kayles".into()),
                Tok::LParen,
                Tok::Int(3),
                Tok::RParen,
                Tok::End
            ]
        );
        assert_eq!(toks("grundy x")[0], Tok::Grundy);
    }

    #[test]
    fn unbalanced_brackets_are_reported() {
        assert_eq!(lex("{ *1").errors.len(), 1);
        assert_eq!(lex("*1 }").errors.len(), 1);
        assert_eq!(lex("(]").errors.len(), 1);
    }

    #[test]
    fn garbage_is_grouped() {
        let l = lex("grundy @@@ $");
        assert_eq!(l.errors.len(), 2);
    }

    #[test]
    fn lookalikes_are_reported_and_read_as_what_they_look_like() {
        let l = lex("grundy ∗3 ⊕ *2 − 1");
        assert_eq!(l.errors.len(), 3, "{:?}", l.errors);
        let toks: Vec<Tok> = l.tokens.into_iter().map(|t| t.1).collect();
        assert_eq!(
            toks,
            [
                Tok::Grundy,
                Tok::Nimber,
                Tok::Int(3),
                Tok::Plus,
                Tok::Nimber,
                Tok::Int(2),
                Tok::Minus,
                Tok::Int(1),
                Tok::End
            ]
        );
    }

    #[test]
    fn powers_scientific_notation_and_move() {
        assert_eq!(toks("10^18")[1], Tok::Caret);
        assert_eq!(toks("2**k")[1], Tok::Power);
        let l = lex("nim(1e18) + e1");
        assert_eq!(l.errors.len(), 1);
        assert_eq!(l.errors[0].span, Some(4..8));
        assert_eq!(toks("check move a -> b")[1], Tok::Move);
        assert_eq!(toks("grundy move(3)")[1], Tok::CallName("move".into()));
    }

    #[test]
    fn a_statement_keyword_ends_an_unclosed_bracket() {
        let l = lex("game f(n) = { f(n - 1)
grundy f(3)
");
        assert_eq!(l.errors.len(), 1);
        assert_eq!(l.errors[0].message, "unclosed bracket");
        let ends = l.tokens.iter().filter(|t| t.1 == Tok::End).count();
        assert_eq!(ends, 2);
        // inside brackets, `for` and names go on
        assert!(
            lex("game f(n) = {
  f(n - 1)
  for k in {1}
}
")
            .errors
            .is_empty()
        );
    }

    #[test]
    fn deep_nesting_is_refused() {
        let src = "(".repeat(100_000);
        let l = lex(&src);
        assert!(
            l.errors
                .iter()
                .any(|d| d.message.contains("nested too deeply"))
        );
    }
}
