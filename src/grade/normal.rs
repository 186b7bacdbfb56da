//! The normal form of a question, so that two ways of asking the same
//! thing match: a `let` name stands for the expression it names (a picture
//! written inline matches the key's name for it), the parts of a sum and
//! the options of an explicit game are taken in one order (`kayles(6) +
//! kayles(5)` is `kayles(5) + kayles(6)`), and nested sums are one sum.
//! Brackets, spaces and layout leave no trace in the syntax tree already.

use crate::syntax::ast::{Clause, Expr, ExprKind, Iter, Query, Question};
use std::collections::{HashMap, HashSet};

/// `let` names and the expressions they name.
pub type Lets = HashMap<String, Expr>;

/// Deeper chains of `let` names than this are left as names (a chain
/// that long is no question anyone asks by another route).
const DEPTH: usize = 16;

/// The question with every `let` name replaced and every sum in order.
pub fn question(q: &Question, lets: &Lets) -> Question {
    let e = |x: &Expr| expr(x, lets, &HashSet::new(), 0);
    match q {
        Question::Answer(query) => Question::Answer(self::query(query, lets)),
        Question::Move(g) => Question::Move(e(g)),
        Question::Equiv(g) => Question::Equiv(e(g)),
        Question::MisereEquiv(g) => Question::MisereEquiv(e(g)),
    }
}

fn query(q: &Query, lets: &Lets) -> Query {
    let e = |x: &Expr| expr(x, lets, &HashSet::new(), 0);
    match q {
        Query::Grundy(x) => Query::Grundy(e(x)),
        Query::Outcome(x) => Query::Outcome(e(x)),
        Query::MisereOutcome(x) => Query::MisereOutcome(e(x)),
        Query::MisereGrundy(x) => Query::MisereGrundy(e(x)),
        Query::MisereMoves(x) => Query::MisereMoves(e(x)),
        Query::MisereExplain(x) => Query::MisereExplain(e(x)),
        Query::MisereForm(w, x) => Query::MisereForm(w.clone(), e(x)),
        Query::Genus(x) => Query::Genus(e(x)),
        Query::Moves(x) => Query::Moves(e(x)),
        Query::Explain(x) => Query::Explain(e(x)),
        Query::Mex(x) => Query::Mex(e(x)),
        Query::Equiv(a, b) => Query::Equiv(e(a), e(b)),
        other => other.clone(),
    }
}

/// An expression in normal form; `bound` are the names a set builder
/// binds around it (never replaced).
pub fn expr(x: &Expr, lets: &Lets, bound: &HashSet<String>, depth: usize) -> Expr {
    let go = |y: &Expr| expr(y, lets, bound, depth);
    let kind = match &x.kind {
        ExprKind::Name(n) if !bound.contains(&n.text) && depth < DEPTH => match lets.get(&n.text) {
            Some(named) => return expr(named, lets, &HashSet::new(), depth + 1),
            None => ExprKind::Name(n.clone()),
        },
        ExprKind::Call(n, args) => ExprKind::Call(n.clone(), args.iter().map(go).collect()),
        ExprKind::Nimber(Some(e)) => ExprKind::Nimber(Some(Box::new(go(e)))),
        ExprKind::Sum(parts) => {
            let mut flat = Vec::new();
            for p in parts {
                match go(p).kind {
                    ExprKind::Sum(inner) => flat.extend(inner),
                    kind => flat.push(Expr {
                        kind,
                        span: p.span.clone(),
                    }),
                }
            }
            ExprKind::Sum(sorted(flat))
        }
        ExprKind::Set(items) => {
            let mut items = sorted(items.iter().map(go).collect());
            items.dedup_by(|a, b| key(a) == key(b));
            ExprKind::Set(items)
        }
        ExprKind::Builder(item, clauses) => {
            let mut inner = bound.clone();
            let clauses = clauses
                .iter()
                .map(|c| match c {
                    Clause::For(n, it) => {
                        let it = match it {
                            Iter::Expr(e) => Iter::Expr(expr(e, lets, &inner, depth)),
                            Iter::Range(r, s) => Iter::Range(r.clone(), s.clone()),
                        };
                        inner.insert(n.text.clone());
                        Clause::For(n.clone(), it)
                    }
                    Clause::If(e) => Clause::If(expr(e, lets, &inner, depth)),
                })
                .collect();
            ExprKind::Builder(Box::new(expr(item, lets, &inner, depth)), clauses)
        }
        ExprKind::Bin(op, a, b) => ExprKind::Bin(*op, Box::new(go(a)), Box::new(go(b))),
        ExprKind::Union(parts) => ExprKind::Union(parts.iter().map(go).collect()),
        other => other.clone(),
    };
    Expr {
        kind,
        span: x.span.clone(),
    }
}

/// Expressions in the order of their normal keys.
fn sorted(mut items: Vec<Expr>) -> Vec<Expr> {
    items.sort_by_cached_key(key);
    items
}

/// An expression's key: its syntax tree's form without byte spans.
pub fn key(e: &Expr) -> String {
    super::question::canonical(&format!("{e:?}"))
}

/// Whether a game expression is a value as an answer gives it: nimbers,
/// `nim(n)` and integers (and sums of them), nothing that names a game.
pub fn is_value(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Nimber(None) => true,
        ExprKind::Nimber(Some(n)) => is_number(n),
        ExprKind::Call(n, args) => n.text == "nim" && args.iter().all(is_number),
        ExprKind::Sum(parts) => parts.iter().all(is_value),
        _ => false,
    }
}

fn is_number(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) => true,
        ExprKind::Bin(_, a, b) | ExprKind::Caret(a, b) => is_number(a) && is_number(b),
        ExprKind::Sum(parts) => parts.iter().all(is_number),
        _ => false,
    }
}

/// The names of games and `let`s an expression uses (positions `g(...)`,
/// rows, vertices and bare names), `nim` left out.
pub fn names(e: &Expr, out: &mut HashSet<String>) {
    match &e.kind {
        ExprKind::Name(n) => {
            out.insert(n.text.clone());
        }
        ExprKind::Call(n, args) => {
            if n.text != "nim" {
                out.insert(n.text.clone());
            }
            args.iter().for_each(|a| names(a, out));
        }
        ExprKind::Vertex(g, _) | ExprKind::Row(g, _, _) => {
            out.insert(g.text.clone());
        }
        ExprKind::Nimber(Some(x)) | ExprKind::Not(x) => names(x, out),
        ExprKind::Sum(v) | ExprKind::Set(v) | ExprKind::Union(v) => {
            v.iter().for_each(|a| names(a, out));
        }
        ExprKind::Builder(item, clauses) => {
            names(item, out);
            for c in clauses {
                match c {
                    Clause::For(_, Iter::Expr(x)) | Clause::If(x) => names(x, out),
                    Clause::For(..) => {}
                }
            }
        }
        ExprKind::Bin(_, a, b)
        | ExprKind::Caret(a, b)
        | ExprKind::Cmp(_, a, b)
        | ExprKind::And(a, b)
        | ExprKind::Or(a, b) => {
            names(a, out);
            names(b, out);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::{Check, StmtKind};
    use crate::syntax::parse::parse;

    /// The normal key of the question of the last check of `src`, with the
    /// `let`s of `src`.
    fn normal(src: &str) -> String {
        let stmts = parse(src).stmts;
        let mut lets = Lets::new();
        let mut last = None;
        for s in &stmts {
            match &s.kind {
                StmtKind::Let(n, e) => {
                    lets.insert(n.text.clone(), e.clone());
                }
                StmtKind::Check(c) => last = Some(c.clone()),
                _ => {}
            }
        }
        let c: Check = last.expect("a check");
        super::super::question::canonical(&format!("{:?}", question(&c.question(), &lets)))
    }

    #[test]
    fn sums_in_any_order_and_nested() {
        let a = normal("check grundy kayles(5) + kayles(6) == 1");
        assert_eq!(a, normal("check grundy kayles(6) + kayles(5) == 1"));
        assert_eq!(a, normal("check grundy (kayles(6)) + ((kayles(5))) == 1"));
        let three = normal("check grundy *1 + (*2 + *3) == 0");
        assert_eq!(three, normal("check grundy *3 + *1 + *2 == 0"));
        assert_ne!(a, normal("check grundy kayles(5) + kayles(7) == 1"));
        // an explicit game is a set of options
        assert_eq!(
            normal("check grundy {*2, *1, *1} == 0"),
            normal("check grundy {*1, *2} == 0")
        );
    }

    #[test]
    fn a_let_name_is_what_it_names() {
        let named = normal("let h = hackenbush { 0-1, 1-2 }\ncheck grundy h + *1 == 3");
        let inline = normal("check grundy *1 + hackenbush { 0-1, 1-2 } == 3");
        assert_eq!(named, inline);
        // a builder's own variable is no let
        let b = normal("let k = 9\ncheck grundy { *k for k in 0..3 } == 3");
        assert_eq!(b, normal("check grundy { *k for k in 0..3 } == 3"));
    }

    #[test]
    fn values_and_names() {
        let e = |s: &str| match &parse(&format!("check equiv {s}, *1")).stmts[0].kind {
            StmtKind::Check(Check::Equiv(g, _)) => g.clone(),
            _ => panic!("{s}"),
        };
        assert!(is_value(&e("*3")));
        assert!(is_value(&e("*3 + nim(2) + *")));
        assert!(!is_value(&e("kayles(7)")));
        assert!(!is_value(&e("{*1}")));
        let mut n = HashSet::new();
        names(&e("kayles(7) + nim(3) + s(2)"), &mut n);
        assert_eq!(n, HashSet::from(["kayles".to_string(), "s".to_string()]));
    }
}
