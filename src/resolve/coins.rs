//! Coin-turning games (Winning Ways ch. 14; Ferguson, Game Theory I.5):
//! a row of coins, a move turns some coins, the rightmost of them from
//! heads to tails. A position is the sum of its single heads (the game
//! whose options are what a move from one head leaves), so a coin rule is
//! a one-parameter game `g(n)`, the value of a single head at `n`
//! (numbered from 1), and a row is the sum of `g(i)` over its heads. A
//! coin turned from tails to heads is a head added; one turned from heads
//! to tails cancels, since `g(i) + g(i)` is 0.
//!
//! The built-in rules are written here as ordinary rules of that kind,
//! valued by mex like any other:
//! - `mock turtles`: turn one, two or three coins: the options of `g(n)`
//!   are `0`, `g(a)` and `g(a) + g(b)` for `1 <= a < b < n`.
//! - `ruler`: turn any run of consecutive coins ending at the rightmost:
//!   the options are the runs `g(s) + ... + g(n - 1)`, `1 <= s <= n`.

use super::Checker;
use super::expr::R;
use crate::diag::ErrorKind;
use crate::ir::{
    Clause, CmpOp, Cond, Factor, GameExpr, GameId, IntExpr, IntKind, OptionSet, Rule, Source,
};
use crate::syntax::ast::{self, Body, ExprKind};

/// A built-in game named by the body of a definition.
pub enum Builtin {
    MockTurtles,
    Ruler,
    /// `product(g, h)`, or `turning corners` (Twins times Twins).
    Product(Factor, Factor),
}

/// The slots a built-in coin rule uses: the parameter and two loop
/// variables.
pub const SLOTS: usize = 3;

impl Checker<'_> {
    /// The built-in coin rule a definition's body names, if it names one:
    /// `mock turtles`, or `ruler` when no game of that name is defined.
    pub(super) fn builtin_game(&self, body: &Body) -> R<Option<Builtin>> {
        match body {
            Body::Words(a, b, span) => match (a.text.as_str(), b.text.as_str()) {
                ("mock", "turtles") => Ok(Some(Builtin::MockTurtles)),
                ("turning", "corners") => Ok(Some(Builtin::Product(Factor::Twins, Factor::Twins))),
                _ => Err(self
                    .err(ErrorKind::UnknownName, span, format!("unknown game `{} {}`", a.text, b.text))
                    .label("not a built-in game")
                    .hint("the built-in coin games are `mock turtles`, `ruler` and `turning corners`, and `product(g, h)` of two; a rule is written as `{ ... }`")),
            },
            Body::Expr(e) if self.names_ruler(e) => Ok(Some(Builtin::Ruler)),
            Body::Expr(e) if self.names_product(e) => {
                let ExprKind::Call(_, args) = &e.kind else {
                    return Ok(None);
                };
                if args.len() != 2 {
                    return Err(self
                        .err(ErrorKind::Type, &e.span, "a product of coin games has two factors")
                        .label(format!("{} given", args.len()))
                        .hint("write `product(g, h)` for two one-parameter games g and h"));
                }
                let mut factors = Vec::new();
                for a in args {
                    let ExprKind::Name(n) = &a.kind else {
                        return Err(self
                            .err(ErrorKind::Type, &a.span, "a factor of a product is a game's name")
                            .label("not a name")
                            .hint("write `product(g, h)` for two one-parameter games g and h"));
                    };
                    match self.lookup(&n.text) {
                        super::Named::Game(id, 1) if self.vertices(&n.text, id).is_none() => {
                            factors.push(Factor::Game(id))
                        }
                        super::Named::Unknown => return Err(self.unknown(n)),
                        _ => {
                            return Err(self
                                .err(ErrorKind::Type, &a.span, format!("`{}` is not a coin game", n.text))
                                .label("a factor needs one parameter")
                                .hint("a factor is a one-parameter game: `mock turtles`, `ruler`, or a rule `game g(n) = { ... }`"));
                        }
                    }
                }
                Ok(Some(Builtin::Product(factors[0], factors[1])))
            }
            _ => Ok(None),
        }
    }

    /// `product(..)`, when no game of that name is defined.
    pub(super) fn names_product(&self, e: &ast::Expr) -> bool {
        matches!(&e.kind, ExprKind::Call(n, _) if n.text == "product")
            && !self.unit_games.contains_key("product")
            && matches!(self.lookup("product"), super::Named::Unknown)
    }

    /// The number of parameters of a built-in game's body, if it is one
    /// (for declaring the games of a unit before checking them).
    pub(super) fn builtin_arity(&self, body: &Body) -> Option<usize> {
        match body {
            Body::Words(a, b, _) if a.text == "turning" && b.text == "corners" => Some(2),
            Body::Words(..) => Some(1),
            Body::Expr(e) if self.names_ruler(e) => Some(1),
            Body::Expr(e) if self.names_product(e) => Some(2),
            _ => None,
        }
    }

    /// `ruler` alone, when no game of that name is defined.
    pub(super) fn names_ruler(&self, e: &ast::Expr) -> bool {
        matches!(&e.kind, ExprKind::Name(n) if n.text == "ruler")
            && !self.unit_games.contains_key("ruler")
            && matches!(self.lookup("ruler"), super::Named::Unknown)
    }

    /// `g("THHTH")`: a row of coins of a one-parameter game.
    pub(super) fn row(
        &mut self,
        g: &ast::Name,
        text: &str,
        at: &ast::Span,
        e: &ast::Expr,
    ) -> R<GameExpr> {
        let id = match self.resolve(g)? {
            super::Named::Game(id, 1) if self.vertices(&g.text, id).is_none() => id,
            super::Named::Unknown => return Err(self.unknown(g)),
            _ => {
                return Err(self
                    .err(ErrorKind::Type, &g.span, format!("`{}` is not a coin game", g.text))
                    .label("a row of coins needs a one-parameter game")
                    .hint("the value of a single head at n is `g(n)`: define `game g = mock turtles`, `game g = ruler`, or a rule `game g(n) = { ... }`"));
            }
        };
        let heads = heads(text).map_err(|(off, c)| {
            let start = at.start + 1 + off;
            self.err(
                ErrorKind::Parse,
                &(start..start + c.len_utf8()),
                format!("`{c}` in a row of coins"),
            )
            .label("not H or T")
            .hint("write a row with H for heads and T for tails: `\"THHTH\"`")
        })?;
        Ok(GameExpr::Row {
            game: id,
            heads,
            len: text.chars().count() as u64,
            loc: self.loc(&e.span),
        })
    }

    /// The rule of a built-in coin game `id`, in the IR of rules written out
    /// (`None` for a product, valued by its theorem).
    pub(super) fn builtin_rule(&self, id: GameId, b: &Builtin, span: &ast::Span) -> Option<Rule> {
        let loc = self.loc(span);
        let int = |kind: IntKind| IntExpr { kind, loc };
        let lit = |v: u64| int(IntKind::Lit(v));
        let slot = |s: usize| int(IntKind::Local(s));
        let pos = |s: usize| GameExpr::Pos {
            game: id,
            args: vec![slot(s)],
            loc,
        };
        let each = |s: usize, lo: IntExpr, hi: IntExpr, inclusive: bool| Clause::For {
            slot: s,
            source: Source::Range { lo, hi, inclusive },
            loc,
        };
        let (n, a, b2) = (0, 1, 2);
        Some(Rule::Options(match b {
            Builtin::Product(..) => return None,
            Builtin::MockTurtles => {
                let alone = OptionSet::Builder {
                    item: Box::new(GameExpr::Zero),
                    clauses: vec![Clause::If(Cond::Cmp(CmpOp::Ge, slot(n), lit(1)))],
                };
                let one = OptionSet::Builder {
                    item: Box::new(pos(a)),
                    clauses: vec![each(a, lit(1), slot(n), false)],
                };
                let after_a = int(IntKind::Bin(
                    ast::BinOp::Add,
                    Box::new(slot(a)),
                    Box::new(lit(1)),
                ));
                let two = OptionSet::Builder {
                    item: Box::new(GameExpr::Sum(vec![pos(a), pos(b2)])),
                    clauses: vec![
                        each(a, lit(1), slot(n), false),
                        each(b2, after_a, slot(n), false),
                    ],
                };
                OptionSet::Union(
                    Box::new(alone),
                    Box::new(OptionSet::Union(Box::new(one), Box::new(two))),
                )
            }
            Builtin::Ruler => OptionSet::Builder {
                item: Box::new(GameExpr::Run {
                    game: id,
                    lo: slot(a),
                    hi: slot(n),
                    loc,
                }),
                clauses: vec![each(a, lit(1), slot(n), true)],
            },
        }))
    }
}

/// The heads of a row written as `H` and `T` (`"THHTH"`: heads at 2, 3 and
/// 5), or the first character that is neither, with its byte offset.
pub fn heads(row: &str) -> Result<Vec<u64>, (usize, char)> {
    let mut out = Vec::new();
    for (i, (at, c)) in row.char_indices().enumerate() {
        match c {
            'H' | 'h' => out.push(i as u64 + 1),
            'T' | 't' => {}
            other => return Err((at, other)),
        }
    }
    Ok(out)
}
