//! Parsing a whole source: lexing, the LALRPOP parser with statement-level
//! recovery, and syntax errors turned into diagnostics with friendly names.

use super::ast::Stmt;
use super::grammar::ProgramParser;
use super::lexer::{lex, Spanned};
use super::token::Tok;
use crate::diag::Diagnostic;
use lalrpop_util::ParseError;

pub struct Parsed {
    pub stmts: Vec<Stmt>,
    pub errors: Vec<Diagnostic>,
}

/// Parses a source text. Errors carry source id 0; the caller sets it.
pub fn parse(src: &str) -> Parsed {
    let lexed = lex(src);
    let mut errors = lexed.errors;
    let lexer_failed = !errors.is_empty();
    let mut recovered = Vec::new();
    let tokens = lexed.tokens.clone();
    let result = ProgramParser::new().parse(&mut recovered, tokens.into_iter().map(Ok::<Spanned, ()>));
    let mut syntax = Vec::new();
    for e in recovered {
        syntax.push(convert(e.error, src, &lexed.tokens));
    }
    let stmts = match result {
        Ok(stmts) => stmts,
        Err(e) => {
            syntax.push(convert(e, src, &lexed.tokens));
            Vec::new()
        }
    };
    // A lexical error (an unclosed bracket, say) usually causes a parse error
    // at the same place or at the end; report the lexical one alone there.
    if lexer_failed {
        syntax.retain(|d| {
            !errors.iter().any(|l| l.span.start <= d.span.start && d.span.start <= l.span.end)
                && d.span.start < src.len()
        });
    }
    errors.extend(syntax);
    errors.sort_by_key(|d| d.span.start);
    errors.dedup_by(|a, b| a.span == b.span);
    Parsed { stmts, errors }
}

fn convert(e: ParseError<usize, Tok, ()>, src: &str, tokens: &[Spanned]) -> Diagnostic {
    match e {
        ParseError::InvalidToken { location } => {
            Diagnostic::error(location..location + 1, "invalid token")
        }
        ParseError::UnrecognizedEof { location, expected } => {
            Diagnostic::error(location..location, "unexpected end of input")
                .label(format!("expected {}", describe(&expected)))
        }
        ParseError::UnrecognizedToken {
            token: (l, tok, r),
            expected,
        } => {
            let (l, r) = if tok == Tok::End && l == r { (l, l) } else { (l, r) };
            let what = if tok == Tok::End {
                "the statement ends too early".to_string()
            } else {
                format!("unexpected {tok}")
            };
            let d = Diagnostic::error(l..r, what).label(format!("expected {}", describe(&expected)));
            hint_for(d, &tok, l, src, tokens)
        }
        ParseError::ExtraToken { token: (l, tok, r) } => {
            Diagnostic::error(l..r, format!("unexpected {tok}")).label("nothing more was expected")
        }
        ParseError::User { .. } => Diagnostic::error(0..0, "syntax error"),
    }
}

/// Hints for the usual slips.
fn hint_for(d: Diagnostic, tok: &Tok, at: usize, src: &str, tokens: &[Spanned]) -> Diagnostic {
    let prev = tokens.iter().take_while(|t| t.0 < at).last();
    match (tok, prev) {
        (Tok::LParen, Some((_, Tok::Ident(name), _))) => {
            d.hint(format!("write `{name}(` with no space between a game's name and `(`"))
        }
        (Tok::Assign, _) => d.hint("`=` defines (`game`, `let`); compare with `==`"),
        (Tok::Code(c), _) => d.hint(format!(
            "`{c}` is a take-and-break code: use it as `game g = octal {c}`"
        )),
        (Tok::Int(_), Some((_, t, _))) if t.ends_operand() => {
            d.hint("two values in a row: is an operator such as `+` missing?")
        }
        (Tok::End, _) if src[..at].trim_end().ends_with(['+', '-', '*', '/', '%', '|']) => {
            d.hint("an operator at the end of a line needs its right operand on the same line (or open a bracket)")
        }
        _ => d,
    }
}

/// "an expression", "`)` or `,`": expected tokens as a person would say them.
fn describe(expected: &[String]) -> String {
    let names: Vec<&str> = expected.iter().map(|s| s.trim_matches('"')).collect();
    let starts_expr = ["integer", "name", "name(", "*", "{", "("];
    if starts_expr.iter().all(|s| names.contains(s)) {
        let mut rest: Vec<String> = names
            .iter()
            .filter(|n| !starts_expr.contains(n) && !["not", "*1"].contains(n))
            .map(|n| quote(n))
            .collect();
        rest.insert(0, "an expression".to_string());
        return join_or(rest);
    }
    join_or(names.iter().map(|n| quote(n)).collect())
}

fn quote(n: &str) -> String {
    match n {
        "integer" => "an integer".into(),
        "name" => "a name".into(),
        "name(" => "a name followed by `(`".into(),
        "code" => "a code such as 0.77".into(),
        "end of statement" => "the end of the statement".into(),
        "times" => "`*`".into(),
        other => format!("`{other}`"),
    }
}

fn join_or(mut items: Vec<String>) -> String {
    items.dedup();
    match items.len() {
        0 => "something else".into(),
        1 => items.remove(0),
        n if n > 6 => format!("{}, or another", items[..5].join(", ")),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} or {}", items.join(", "), last)
        }
    }
}
