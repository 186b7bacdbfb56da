//! Reading a whole source, in four stages run in order by [`parse`]:
//! characters to raw tokens ([`super::chars`]), raw tokens to the parser's
//! ([`super::lexer`], which reads the first stage as it goes), tokens to
//! statements (the LALRPOP grammar, with statement-level recovery), and
//! syntax errors to diagnostics in words ([`super::hints`]).

use super::ast::{Name, Stmt, StmtKind};
use super::chars::Chars;
use super::grammar::ProgramParser;
use super::hints;
use super::lexer::{Spanned, lex};
use super::token::Tok;
use crate::diag::Diagnostic;
use lalrpop_util::ParseError;

pub struct Parsed {
    pub stmts: Vec<Stmt>,
    pub errors: Vec<Diagnostic>,
}

/// Parses a source text. Errors carry source id 0; the caller sets it.
/// A statement with an error (lexical or syntax) becomes
/// [`StmtKind::Error`], so the statements around it still run.
pub fn parse(src: &str) -> Parsed {
    let lexed = lex(src, Chars::new(src));
    let (mut stmts, failures) = statements(&lexed.tokens);
    let syntax = failures
        .into_iter()
        .map(|e| hints::convert(e, src, &lexed.tokens))
        .collect();
    mark_failed(&mut stmts, &lexed.errors, &lexed.tokens);
    let errors = merge_errors(src, lexed.errors, syntax);
    Parsed { stmts, errors }
}

/// The statements the grammar reads, and where it failed: the statements
/// it recovered from, then the failure that stopped it (if one did).
fn statements(tokens: &[Spanned]) -> (Vec<Stmt>, Vec<ParseError<usize, Tok, ()>>) {
    let mut recovered = Vec::new();
    let tokens = tokens.iter().cloned().map(Ok::<Spanned, ()>);
    let result = ProgramParser::new().parse(&mut recovered, tokens);
    let mut failures: Vec<_> = recovered.into_iter().map(|r| r.error).collect();
    let stmts = match result {
        Ok(stmts) => stmts,
        Err(e) => {
            failures.push(e);
            Vec::new()
        }
    };
    (stmts, failures)
}

/// A statement with a lexical error in it is an error, as one that did
/// not parse is; each keeps the name it was defining, if any.
fn mark_failed(stmts: &mut [Stmt], lexical: &[Diagnostic], tokens: &[Spanned]) {
    let lexical: Vec<usize> = lexical.iter().map(Diagnostic::start).collect();
    for stmt in stmts {
        let bad_chars = lexical
            .iter()
            .any(|&at| stmt.span.start <= at && at < stmt.span.end);
        if bad_chars && !matches!(stmt.kind, StmtKind::Error(_)) {
            stmt.kind = StmtKind::Error(None);
        }
        if stmt.kind == StmtKind::Error(None) {
            stmt.kind = StmtKind::Error(defined_name(tokens, &stmt.span));
        }
    }
}

/// The lexical and syntax errors in the order of the source, one per
/// place. A lexical error (an unclosed bracket, say) usually causes a
/// parse error at the same place or at the end; the lexical one alone is
/// reported there.
fn merge_errors(
    src: &str,
    mut errors: Vec<Diagnostic>,
    mut syntax: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    if !errors.is_empty() {
        syntax.retain(|d| {
            !errors.iter().any(|l| {
                let at_error =
                    l.start() <= d.start() && l.span.as_ref().is_some_and(|r| d.start() <= r.end);
                // an unclosed bracket cut where its statement ends
                let at_cut = l.secondary.iter().any(|(r, _)| r.start == d.start());
                at_error || at_cut
            }) && d.start() < src.len()
        });
    }
    errors.extend(syntax);
    errors.sort_by_key(Diagnostic::start);
    errors.dedup_by(|a, b| a.span == b.span);
    errors
}

/// The name a statement that failed to parse was defining (`game NAME ..`,
/// `let NAME = ..`), so that the statements using it can say so.
fn defined_name(tokens: &[Spanned], span: &std::ops::Range<usize>) -> Option<Name> {
    let mut it = tokens
        .iter()
        .skip_while(|t| t.0 < span.start)
        .take_while(|t| t.0 < span.end.max(span.start + 1));
    let first = it.next()?;
    let (l, second, r) = it.next()?;
    match (&first.1, second) {
        (Tok::Game, Tok::Ident(n) | Tok::CallName(n)) | (Tok::Let, Tok::Ident(n)) => Some(Name {
            text: n.clone(),
            span: *l..*r,
        }),
        _ => None,
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
            .unwrap_or(StmtKind::Error(None))
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
        let StmtKind::Check(Check::Answer { query, expect, .. }) =
            one("check period kayles == 71 12")
        else {
            panic!()
        };
        assert!(matches!(*query, Query::Period(_)));
        assert_eq!(expect, vec![Atom::Int(71), Atom::Int(12)]);
        let StmtKind::Check(Check::Answer { query, expect, .. }) =
            one("check grundy nim(1)+nim(2) == *3")
        else {
            panic!()
        };
        assert!(matches!(*query, Query::Grundy(_)));
        assert_eq!(expect, vec![Atom::Nimber(3)]);
        assert!(matches!(
            one("check move nim(3) + nim(1) -> nim(1) + nim(1)"),
            StmtKind::Check(Check::Move(..))
        ));
        assert!(matches!(
            one("check equiv nim(3), *3"),
            StmtKind::Check(Check::Equiv(..))
        ));
    }

    #[test]
    fn recovery_reports_each_bad_statement() {
        let p = parse("grundy +\ngrundy *1\nlet = 2\ngrundy nim(1) nim(2)\n");
        assert_eq!(p.errors.len(), 3, "{:?}", p.errors);
        assert_eq!(
            p.stmts
                .iter()
                .filter(|s| !matches!(s.kind, StmtKind::Error(_)))
                .count(),
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
