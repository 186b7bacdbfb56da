//! Checking a parsed unit (a file, an `-e` argument, a REPL input): names
//! resolved, types checked, lowered to the IR the evaluator runs. All errors
//! of a unit are found before anything in it runs.

// Diagnostics are returned by value on the cold path of checking; boxing
// them would only add noise to every builder call.
#![allow(clippy::result_large_err)]

pub mod expr;
pub mod names;
mod stmt;

pub use crate::diag::{Diagnostic, SourceId};
use crate::ir::{GameDef, GameId, GlobalId, Slot, Type, Unit};
use crate::syntax::ast::Stmt;
pub use expr::Named;
pub use names::Names;
use std::collections::HashMap;

pub struct Checker<'a> {
    pub src: SourceId,
    text: &'a str,
    names: &'a Names,
    games: &'a [GameDef],
    /// Games defined in this unit: usable anywhere in it.
    unit_games: HashMap<String, (GameId, usize)>,
    /// `let`s checked so far in this unit.
    unit_globals: HashMap<String, (GlobalId, Type)>,
    next_global: GlobalId,
    pub(crate) locals: Vec<(String, Slot)>,
    max_locals: usize,
    depth: usize,
}

/// Checks a unit against what earlier units defined.
pub fn check_unit(
    stmts: &[Stmt],
    src: SourceId,
    text: &str,
    names: &Names,
    games: &[GameDef],
    globals: usize,
) -> Result<Unit, Vec<Diagnostic>> {
    let mut c = Checker {
        src,
        text,
        names,
        games,
        unit_games: HashMap::new(),
        unit_globals: HashMap::new(),
        next_global: globals,
        locals: Vec::new(),
        max_locals: 0,
        depth: 0,
    };
    c.run(stmts)
}

impl Checker<'_> {
    pub fn lookup(&self, name: &str) -> Named {
        if let Some((_, s)) = self.locals.iter().rev().find(|(n, _)| n == name) {
            return Named::Local(*s);
        }
        if let Some(&(g, t)) = self
            .unit_globals
            .get(name)
            .or_else(|| self.names.globals.get(name))
        {
            return Named::Global(g, t);
        }
        if let Some(&(id, arity)) = self
            .unit_games
            .get(name)
            .or_else(|| self.names.games.get(name))
        {
            return Named::Game(id, arity);
        }
        Named::Unknown
    }

    pub(crate) fn bind_local(&mut self, name: &str) -> Slot {
        let slot = self.locals.len();
        self.locals.push((name.to_string(), slot));
        self.max_locals = self.max_locals.max(self.locals.len());
        slot
    }

    fn candidates(&self) -> impl Iterator<Item = &str> {
        self.locals
            .iter()
            .map(|(n, _)| n.as_str())
            .chain(self.unit_globals.keys().map(String::as_str))
            .chain(self.names.globals.keys().map(String::as_str))
            .chain(self.unit_games.keys().map(String::as_str))
            .chain(self.names.games.keys().map(String::as_str))
    }
}
