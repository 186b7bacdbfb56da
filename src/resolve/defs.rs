//! Definitions: which names a unit defines, the one redefinition rule, and
//! what a statement says when it needs a definition that failed.
//!
//! The rule, the same in a file, across files and in the REPL: a name
//! defined again is replaced from that statement on, as long as it keeps its
//! kind (a game stays a game with the same number of parameters, a `let`
//! stays a `let`). The first definition of a game in a unit is installed
//! before the unit runs, so a game may be used above the line that defines
//! it. The built-ins `nim` and `nimsum` cannot be defined.

use super::Checker;
use super::error::ResolveError;
use super::expr::plural;
use crate::diag::{Diagnostic, ErrorKind};
use crate::ir::Failure;
use crate::syntax::ast::{self, Body, Stmt, StmtKind};
use crate::syntax::suggest::BUILTINS;

impl Checker<'_> {
    /// Gives every game of the unit its id before any body is checked, and
    /// reports definitions that break the redefinition rule.
    pub(super) fn declare_games(&mut self, stmts: &[Stmt], errors: &mut Vec<Diagnostic>) {
        let mut next = self.games.len();
        for s in stmts {
            let (name, arity) = match &s.kind {
                // A rule family defines a one-parameter heap game: `kayles(n)`.
                StmtKind::Game {
                    name,
                    body: Body::Family(..),
                    ..
                } => (name, 1),
                // A graph game's parameter is the vertex: `g.a`.
                StmtKind::Game {
                    name,
                    body: Body::Graph(chains, _),
                    ..
                } => {
                    if !self.unit_vertices.contains_key(&name.text) {
                        let (names, _) = super::graph::vertices_and_edges(chains);
                        self.unit_vertices.insert(name.text.clone(), names);
                    }
                    (name, 1)
                }
                // a built-in coin game: `mock turtles`, `ruler`, a product
                StmtKind::Game { name, body, .. }
                    if !defines(stmts, "ruler")
                        && !defines(stmts, "product")
                        && let Some(arity) = self.builtin_arity(body) =>
                {
                    (name, arity)
                }
                StmtKind::Game { name, params, .. } => (name, params.len()),
                _ => continue,
            };
            if BUILTINS.contains(&name.text.as_str()) {
                errors.push(self.builtin(name));
                continue;
            }
            if let Some(&(_, first)) = self.unit_games.get(&name.text) {
                if first != arity {
                    let at = self.first_def[&name.text].clone();
                    errors.push(
                        self.err(ErrorKind::Definition,
                            &name.span,
                            format!(
                                "`{}` is defined with {first} parameter{} above",
                                name.text,
                                plural(first)
                            ),
                        )
                        .label(format!("here with {arity}"))
                        .secondary(at, "the first definition")
                        .hint("a game defined again keeps its number of parameters; or choose a new name"),
                    );
                }
                continue;
            }
            let id = match self.names.games.get(&name.text) {
                Some(&(id, old)) if old == arity => id,
                Some(&(id, old)) => {
                    let where_ = self.place(self.games[id].loc);
                    errors.push(
                        self.err(ErrorKind::Definition,
                            &name.span,
                            format!(
                                "`{}` already has {old} parameter{}",
                                name.text,
                                plural(old)
                            ),
                        )
                        .label(format!("redefined with {arity}"))
                        .note(format!("`{}` is defined at {where_}", name.text))
                        .hint("a game defined again keeps its number of parameters; or choose a new name"),
                    );
                    continue;
                }
                None => {
                    next += 1;
                    next - 1
                }
            };
            self.unit_games.insert(name.text.clone(), (id, arity));
            self.first_def.insert(name.text.clone(), name.span.clone());
        }
        // A game statement that did not parse: what uses the game says so.
        for s in stmts {
            if let StmtKind::Error(Some(name)) = &s.kind
                && is_game(s, self.text)
                && !self.unit_games.contains_key(&name.text)
            {
                self.name_failed(name);
            }
        }
    }

    /// A `let` may not take the name of a game or a built-in.
    pub(super) fn check_let_name(&self, name: &ast::Name) -> Result<(), Diagnostic> {
        if BUILTINS.contains(&name.text.as_str()) {
            return Err(self.builtin(name));
        }
        if let Some(at) = self.first_def.get(&name.text) {
            return Err(self
                .err(
                    ErrorKind::Definition,
                    &name.span,
                    format!("`{}` is a game", name.text),
                )
                .label("a `let` cannot take its name")
                .secondary(at.clone(), "the game is defined here")
                .hint("a name is a game or a `let` value, not both: choose another name"));
        }
        if let Some(&(id, _)) = self.names.games.get(&name.text) {
            return Err(self
                .err(
                    ErrorKind::Definition,
                    &name.span,
                    format!("`{}` is already a game", name.text),
                )
                .label("a `let` cannot take its name")
                .note(format!(
                    "`{}` is defined at {}",
                    name.text,
                    self.place(self.games[id].loc)
                ))
                .hint("a name is a game or a `let` value, not both: choose another name"));
        }
        Ok(())
    }

    /// A game may not take the name of a `let` value.
    pub(super) fn check_game_name(&self, name: &ast::Name) -> Result<(), Diagnostic> {
        if !self.unit_globals.contains_key(&name.text)
            && !self.names.globals.contains_key(&name.text)
        {
            return Ok(());
        }
        let d = self
            .err(
                ErrorKind::Definition,
                &name.span,
                format!("`{}` is already a `let` name", name.text),
            )
            .label("a game cannot take its name")
            .hint("a name is a game or a `let` value, not both: choose another name");
        let site = self
            .let_sites
            .get(&name.text)
            .or_else(|| self.names.let_sites.get(&name.text));
        Err(match site {
            Some(loc) if loc.src == self.src => d.secondary(loc.range(), "bound here"),
            Some(loc) => d.note(format!("`{}` is bound at {}", name.text, self.place(*loc))),
            None => d,
        })
    }

    /// `nim`, `nimsum` and the nimber field's functions are built in.
    fn builtin(&self, name: &ast::Name) -> Diagnostic {
        let what = match name.text.as_str() {
            "nim" => "`nim(n)` is the Nim heap of n",
            "nimsum" => {
                "`nimsum(a, b, ...)` is the nim-sum (xor) of integers, and `table nimsum 0..8 0..8` their table"
            }
            _ => {
                "`nimprod(a, b)`, `nimdiv(a, b)` and `niminv(a)` are the nimber field's product, quotient and inverse"
            }
        };
        self.err(
            ErrorKind::Definition,
            &name.span,
            format!("`{}` is built in", name.text),
        )
        .label("a built-in name cannot be defined")
        .hint(format!(
            "{what}; give yours another name, such as `my{}`",
            name.text
        ))
    }

    /// The diagnostic of a statement that uses a name whose definition
    /// failed.
    pub fn needs_failed(&self, span: &ast::Span, failure: &Failure) -> Diagnostic {
        needs_failed(self.src, span, None, failure, &self.place(failure.loc))
    }
}

/// The diagnostic of a statement skipped because it needs a definition that
/// failed (`via`: the name it uses that needs it, if another).
pub fn needs_failed(
    src: crate::diag::SourceId,
    span: &ast::Span,
    via: Option<&str>,
    failure: &Failure,
    place: &str,
) -> Diagnostic {
    ResolveError::Skipped {
        src,
        span: span.clone(),
        via: via.map(str::to_string),
        name: failure.name.clone(),
        failed: failure.loc,
        place: place.to_string(),
    }
    .into()
}

/// Whether a statement that did not parse was a `game`.
fn is_game(s: &Stmt, text: &str) -> bool {
    text.get(s.span.clone())
        .is_some_and(|t| t.trim_start().starts_with("game"))
}

/// True when a statement of the unit defines a game of this name (then
/// `ruler` or `product(..)` in a body is that game, not the built-in).
fn defines(stmts: &[Stmt], game: &str) -> bool {
    stmts
        .iter()
        .any(|s| matches!(&s.kind, StmtKind::Game { name, .. } if name.text == game))
}
