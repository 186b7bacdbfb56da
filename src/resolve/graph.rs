//! Games played on a directed graph: `game g = graph { a -> b -> c, c -> a }`
//! and their positions `g.a`. A graph game is a one-parameter game whose
//! parameter is the vertex's number (in order of first mention); its rule
//! picks the successors of that vertex, so cycles are allowed and the loopy
//! evaluation answers them like any other rule whose positions repeat.

use super::Checker;
use super::expr::{Named, R};
use crate::diag::ErrorKind;
use crate::ir::{GameExpr, GameId, IntExpr, IntKind, OptionSet};
use crate::syntax::ast::{self, Expr};

/// The most vertices one graph may have (a position is a vertex's number,
/// and each is a case of the rule).
pub const MAX_VERTICES: usize = 1 << 20;

/// The vertices of a graph game in order of first mention, and each one's
/// successors (repeated edges once).
pub fn vertices_and_edges(chains: &[Vec<ast::Name>]) -> (Vec<String>, Vec<Vec<u64>>) {
    let mut names: Vec<String> = Vec::new();
    let mut index: std::collections::HashMap<&str, u64> = std::collections::HashMap::new();
    let mut succ: Vec<Vec<u64>> = Vec::new();
    for chain in chains {
        let mut prev: Option<u64> = None;
        for n in chain {
            let i = *index.entry(n.text.as_str()).or_insert_with(|| {
                names.push(n.text.clone());
                succ.push(Vec::new());
                (names.len() - 1) as u64
            });
            if let Some(p) = prev
                && !succ[p as usize].contains(&i)
            {
                succ[p as usize].push(i);
            }
            prev = Some(i);
        }
    }
    (names, succ)
}

impl Checker<'_> {
    /// The rule of a graph game: per vertex, the positions at its successors.
    pub(super) fn graph_rule(
        &mut self,
        id: GameId,
        chains: &[Vec<ast::Name>],
        span: &ast::Span,
    ) -> R<(Vec<String>, OptionSet)> {
        let (names, succ) = vertices_and_edges(chains);
        if names.is_empty() {
            return Err(self
                .err(ErrorKind::Definition, span, "a graph with no vertex")
                .label("nothing between the braces")
                .hint("name the moves, as in `graph { a -> b, b -> c }`"));
        }
        if names.len() > MAX_VERTICES {
            return Err(self
                .err(
                    ErrorKind::TooLarge,
                    span,
                    format!("a graph of {} vertices", names.len()),
                )
                .label(format!("more than {MAX_VERTICES}"))
                .hint("write a rule with parameters for a game this large"));
        }
        for chain in chains {
            for n in chain {
                if n.text == "_" {
                    return Err(self
                        .err(ErrorKind::Definition, &n.span, "`_` cannot name a vertex")
                        .label("here"));
                }
            }
        }
        let loc = self.loc(span);
        let cases = succ
            .iter()
            .map(|s| {
                OptionSet::Items(
                    s.iter()
                        .map(|&w| GameExpr::Pos {
                            game: id,
                            args: vec![IntExpr {
                                kind: IntKind::Lit(w),
                                loc,
                            }],
                            loc,
                        })
                        .collect(),
                )
            })
            .collect();
        Ok((names, OptionSet::Switch { slot: 0, cases }))
    }

    /// The vertices of a game, when it is a graph game.
    pub(super) fn vertices(&self, name: &str, id: GameId) -> Option<&[String]> {
        if self.unit_games.contains_key(name) {
            return self.unit_vertices.get(name).map(Vec::as_slice);
        }
        self.games
            .get(id)
            .map(|d| d.vertices.as_slice())
            .filter(|v| !v.is_empty())
    }

    /// `g.a`: the position at vertex `a` of graph game `g`.
    pub(super) fn vertex(&mut self, g: &ast::Name, v: &ast::Name, e: &Expr) -> R<GameExpr> {
        let id = match self.resolve(g)? {
            Named::Game(id, _) => id,
            Named::Unknown => return Err(self.unknown(g)),
            _ => {
                return Err(self
                    .err(
                        ErrorKind::Type,
                        &g.span,
                        format!("`{}` is not a game", g.text),
                    )
                    .label("`name.vertex` is a position of a graph game"));
            }
        };
        let Some(names) = self.vertices(&g.text, id) else {
            return Err(self
                .err(ErrorKind::Type, &g.span, format!("`{}` is not a graph game", g.text))
                .label("`name.vertex` is a position of a graph game")
                .hint(format!(
                    "define it as `game {} = graph {{ a -> b, ... }}`, or write its positions as `{}(..)`",
                    g.text, g.text
                )));
        };
        let Some(i) = names.iter().position(|n| *n == v.text) else {
            let close = names
                .iter()
                .filter(|n| strsim::levenshtein(n, &v.text) <= 2)
                .min_by_key(|n| strsim::levenshtein(n, &v.text));
            let shown: Vec<&str> = names.iter().take(12).map(String::as_str).collect();
            let more = if names.len() > 12 { ", ..." } else { "" };
            let hint = match close {
                Some(c) => format!("did you mean `{}.{c}`?", g.text),
                None => format!("its vertices: {}{more}", shown.join(", ")),
            };
            return Err(self
                .err(
                    ErrorKind::UnknownName,
                    &v.span,
                    format!("`{}` has no vertex `{}`", g.text, v.text),
                )
                .label("not a vertex of this graph")
                .hint(hint));
        };
        Ok(GameExpr::Pos {
            game: id,
            args: vec![IntExpr {
                kind: IntKind::Lit(i as u64),
                loc: self.loc(&v.span),
            }],
            loc: self.loc(&e.span),
        })
    }
}
