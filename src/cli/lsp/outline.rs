//! What the text of a document says without running it: the games and
//! `let` names it defines, where, and where each name is used. Read in the
//! server itself: parsing reads nothing and writes nothing.

use mex::syntax::ast::{Name, StmtKind};
use mex::syntax::token::Tok;
use std::ops::Range;

/// A game or `let` name defined.
#[derive(Debug, Clone)]
pub struct Defined {
    pub name: String,
    /// Where the name is written in its definition.
    pub at: Range<usize>,
    /// The whole statement.
    pub stmt: Range<usize>,
    pub game: bool,
    /// Its parameters (a game's).
    pub params: usize,
}

#[derive(Default)]
pub struct Outline {
    pub defined: Vec<Defined>,
    /// Every name written (not keywords), and where.
    pub names: Vec<(Range<usize>, String)>,
    /// Every statement, where it is.
    pub stmts: Vec<Range<usize>>,
}

impl Outline {
    pub fn of(text: &str) -> Outline {
        let parsed = mex::syntax::parse::parse(text);
        let mut o = Outline::default();
        for stmt in &parsed.stmts {
            o.stmts.push(stmt.span.clone());
            let mut def = |name: &Name, game: bool, params: usize| {
                o.defined.push(Defined {
                    name: name.text.clone(),
                    at: name.span.clone(),
                    stmt: stmt.span.clone(),
                    game,
                    params,
                })
            };
            match &stmt.kind {
                StmtKind::Game { name, params, .. } => def(name, true, params.len()),
                StmtKind::Let(name, _) => def(name, false, 0),
                _ => {}
            }
        }
        for (l, tok, r) in mex::syntax::lexer::tokens(text) {
            if let Tok::Ident(n) | Tok::CallName(n) = tok {
                let end = (l + n.len()).min(r.max(l + n.len()));
                o.names.push((l..end, n));
            }
        }
        o
    }

    /// The first definition of a name.
    pub fn definition(&self, name: &str) -> Option<&Defined> {
        self.defined.iter().find(|d| d.name == name)
    }

    /// Where a name is written: its definitions and its uses.
    pub fn references(&self, name: &str) -> Vec<Range<usize>> {
        self.names
            .iter()
            .filter(|(_, n)| n == name)
            .map(|(r, _)| r.clone())
            .collect()
    }

    /// The statement an offset is in.
    pub fn statement_at(&self, at: usize) -> Option<Range<usize>> {
        self.stmts
            .iter()
            .find(|s| s.start <= at && at <= s.end)
            .cloned()
    }

    /// The names defined, with their parameters, for completion.
    pub fn arities(&self) -> Vec<(String, usize)> {
        self.defined
            .iter()
            .map(|d| (d.name.clone(), d.params))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_definitions_and_uses() {
        let text = "game k = octal 0.77\nlet n = 5\ngrundy k(n) + k(3)\n";
        let o = Outline::of(text);
        let k = o.definition("k").expect("k is defined");
        assert!(k.game);
        assert_eq!(&text[k.at.clone()], "k");
        let uses: Vec<&str> = o.references("k").into_iter().map(|r| &text[r]).collect();
        assert_eq!(uses, ["k", "k", "k"]);
        assert_eq!(o.references("n").len(), 2);
        assert_eq!(o.stmts.len(), 3);
    }
}
