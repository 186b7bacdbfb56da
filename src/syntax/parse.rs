//! Parsing a whole source: lexing, the LALRPOP parser with statement-level
//! recovery, and syntax errors turned into diagnostics with friendly names.

use super::ast::Stmt;
use super::grammar::ProgramParser;
use super::lexer::{Spanned, lex};
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
    let result =
        ProgramParser::new().parse(&mut recovered, tokens.into_iter().map(Ok::<Spanned, ()>));
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
            !errors.iter().any(|l| {
                l.start() <= d.start() && l.span.as_ref().is_some_and(|r| d.start() <= r.end)
            }) && d.start() < src.len()
        });
    }
    errors.extend(syntax);
    errors.sort_by_key(Diagnostic::start);
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
            let (l, r) = if tok == Tok::End && l == r {
                (l, l)
            } else {
                (l, r)
            };
            let what = if tok == Tok::End {
                "the statement ends too early".to_string()
            } else {
                format!("unexpected {tok}")
            };
            let d =
                Diagnostic::error(l..r, what).label(format!("expected {}", describe(&expected)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::*;

    fn one(src: &str) -> StmtKind {
        let p = parse(src);
        assert!(p.errors.is_empty(), "{src}: {:?}", p.errors);
        assert_eq!(p.stmts.len(), 1, "{src}");
        p.stmts
            .into_iter()
            .next()
            .map(|s| s.kind)
            .unwrap_or(StmtKind::Error)
    }

    #[test]
    fn sums_are_flat() {
        let StmtKind::Query(Query::Grundy(e)) = one("grundy nim(6)+nim(12)+nim(9)") else {
            panic!()
        };
        let ExprKind::Sum(parts) = e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(parts.len(), 3);
    }

    #[test]
    fn nimbers_and_products() {
        let StmtKind::Expr(e) = one("*5 + *") else {
            panic!()
        };
        let ExprKind::Sum(parts) = e.kind else {
            panic!()
        };
        assert!(matches!(parts[0].kind, ExprKind::Nimber(Some(_))));
        assert!(matches!(parts[1].kind, ExprKind::Nimber(None)));
        let StmtKind::Expr(e) = one("nim(2*k+1)") else {
            panic!()
        };
        let ExprKind::Call(_, args) = e.kind else {
            panic!()
        };
        assert!(matches!(args[0].kind, ExprKind::Sum(_)));
    }

    #[test]
    fn set_builders_with_clauses() {
        let StmtKind::Game { name, params, body } = one(
            "game kayles(n) = { kayles(a) + kayles(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }",
        ) else {
            panic!()
        };
        assert_eq!(name.text, "kayles");
        assert_eq!(params.len(), 1);
        let Body::Expr(Expr {
            kind: ExprKind::Builder(_, clauses),
            ..
        }) = body
        else {
            panic!()
        };
        assert_eq!(clauses.len(), 3);
        assert!(matches!(
            &clauses[0],
            Clause::For(
                _,
                Iter::Range(
                    Range {
                        inclusive: true,
                        ..
                    },
                    _
                )
            )
        ));
        assert!(matches!(&clauses[1], Clause::If(_)));
    }

    #[test]
    fn unions_and_two_parameters() {
        let StmtKind::Game { params, body, .. } =
            one("game two(m, n) = { two(m, j) for j in 0..n } | { two(i, n) for i in 0..m }")
        else {
            panic!()
        };
        assert_eq!(params.len(), 2);
        assert!(matches!(
            body,
            Body::Expr(Expr {
                kind: ExprKind::Union(..),
                ..
            })
        ));
    }

    #[test]
    fn short_forms() {
        assert!(
            matches!(one("game s = subtraction {1, 3, 4}"), StmtKind::Game { body: Body::Family(Family::Subtraction(v), _), .. } if v.len() == 3)
        );
        assert!(matches!(
            one("game a = subtraction all but {2}"),
            StmtKind::Game {
                body: Body::Family(Family::AllBut(_), _),
                ..
            }
        ));
        assert!(
            matches!(one("game k = octal 0.77"), StmtKind::Game { body: Body::Family(Family::Octal(c, _), _), .. } if c == "0.77")
        );
        assert!(matches!(
            one("game h = hex 0.F"),
            StmtKind::Game {
                body: Body::Family(Family::Hex(..), _),
                ..
            }
        ));
        assert!(matches!(
            one("game g = grundy"),
            StmtKind::Game {
                body: Body::Family(Family::Grundy, _),
                ..
            }
        ));
    }

    #[test]
    fn queries_and_checks() {
        assert!(matches!(
            one("sequence s 0..40"),
            StmtKind::Query(Query::Sequence(..))
        ));
        assert!(matches!(
            one("table nimsum 0..16 0..16"),
            StmtKind::Query(Query::Table(..))
        ));
        assert!(matches!(
            one("misere outcome nim(1)"),
            StmtKind::Query(Query::MisereOutcome(_))
        ));
        assert!(matches!(
            one("equiv nim(3) *3"),
            StmtKind::Query(Query::Equiv(..))
        ));
        let StmtKind::Check(Query::Period(_), atoms, _) = one("check period kayles == 71 12")
        else {
            panic!()
        };
        assert_eq!(atoms, vec![Atom::Int(71), Atom::Int(12)]);
        let StmtKind::Check(Query::Grundy(_), atoms, _) = one("check grundy nim(1)+nim(2) == 3")
        else {
            panic!()
        };
        assert_eq!(atoms, vec![Atom::Int(3)]);
    }

    #[test]
    fn recovery_reports_each_bad_statement() {
        let p = parse("grundy +\ngrundy *1\nlet = 2\ngrundy nim(1) nim(2)\n");
        assert_eq!(p.errors.len(), 3, "{:?}", p.errors);
        assert_eq!(
            p.stmts.iter().filter(|s| s.kind != StmtKind::Error).count(),
            1
        );
    }

    #[test]
    fn spans_are_byte_offsets() {
        let p = parse("# é\ngrundy x");
        let StmtKind::Query(Query::Grundy(e)) = &p.stmts[0].kind else {
            panic!()
        };
        assert_eq!(e.span, 12..13);
    }
}
