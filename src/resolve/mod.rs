//! Checking a parsed unit (a file, an `-e` argument, a REPL input): names
//! resolved, types checked, lowered to the IR the evaluator runs. A
//! statement with an error is reported and left out; the others are kept,
//! each with the defined names it uses, so that one needing a definition
//! that failed can say so instead of running.

// Diagnostics are returned by value on the cold path of checking; boxing
// them would only add noise to every builder call.
#![allow(clippy::result_large_err)]

mod checks;
mod coins;
mod defs;
pub mod error;
pub mod expr;
mod graph;
mod hackenbush;
pub mod names;
mod plot;
mod research;
mod stmt;

use crate::diag::Sources;
pub use crate::diag::{Diagnostic, SourceId};
use crate::ir::{Dep, Failure, GameDef, GameId, GlobalId, Loc, Slot, Type, Unit, Use};
use crate::syntax::ast::{self, Stmt};
pub use defs::needs_failed;
pub use expr::Named;
pub use names::Names;
use std::collections::HashMap;

pub struct Checker<'a> {
    pub src: SourceId,
    text: &'a str,
    /// Every source so far, to say where an earlier definition is.
    sources: &'a Sources,
    names: &'a Names,
    games: &'a [GameDef],
    /// Games defined in this unit: usable anywhere in it.
    unit_games: HashMap<String, (GameId, usize)>,
    /// The vertices of the graph games of this unit, as defined so far.
    unit_vertices: HashMap<String, Vec<String>>,
    /// Where each game of the unit is first defined (that definition is
    /// installed before the unit runs; later ones where they stand).
    first_def: HashMap<String, ast::Span>,
    /// `let`s checked so far in this unit.
    unit_globals: HashMap<String, (GlobalId, Type)>,
    /// Names of this unit whose definition has an error, so far.
    unit_failed: HashMap<String, Failure>,
    /// `let` names of this unit bound to `{}` or `{0}`.
    unit_zero_sets: HashMap<GlobalId, bool>,
    /// Where each `let` of this unit binds its name.
    let_sites: HashMap<String, Loc>,
    next_global: GlobalId,
    pub(crate) locals: Vec<(String, Slot)>,
    max_locals: usize,
    depth: usize,
    /// The defined names the statement being checked uses.
    uses: Vec<Use>,
}

/// What a unit is checked against: what earlier units defined.
pub struct Context<'a> {
    pub sources: &'a Sources,
    pub names: &'a Names,
    pub games: &'a [GameDef],
    pub globals: usize,
}

/// Checks a unit: the statements that check, and the diagnostics of those
/// that do not.
pub fn check_unit(stmts: &[Stmt], src: SourceId, cx: Context) -> (Unit, Vec<Diagnostic>) {
    let mut c = Checker {
        src,
        text: cx.sources.text(src),
        sources: cx.sources,
        names: cx.names,
        games: cx.games,
        unit_games: HashMap::new(),
        unit_vertices: HashMap::new(),
        first_def: HashMap::new(),
        unit_globals: HashMap::new(),
        unit_failed: HashMap::new(),
        unit_zero_sets: HashMap::new(),
        let_sites: HashMap::new(),
        next_global: cx.globals,
        locals: Vec::new(),
        max_locals: 0,
        depth: 0,
        uses: Vec::new(),
    };
    c.run(stmts)
}

impl Checker<'_> {
    pub fn lookup(&self, name: &str) -> Named {
        if let Some((_, s)) = self.locals.iter().rev().find(|(n, _)| n == name) {
            return Named::Local(*s);
        }
        if let Some(f) = self.unit_failed.get(name) {
            return Named::Failed(f.clone());
        }
        if let Some(&(g, t)) = self.unit_globals.get(name) {
            return Named::Global(g, t);
        }
        if let Some(&(id, arity)) = self.unit_games.get(name) {
            return Named::Game(id, arity);
        }
        if let Some(f) = self.names.failed_names.get(name) {
            return Named::Failed(f.clone());
        }
        if let Some(&(g, t)) = self.names.globals.get(name) {
            return Named::Global(g, t);
        }
        if let Some(&(id, arity)) = self.names.games.get(name) {
            return Named::Game(id, arity);
        }
        Named::Unknown
    }

    /// Looks a name up where it is used, and notes the use; a name whose
    /// definition failed is an error here, the statement's reason to skip.
    pub fn resolve(&mut self, name: &ast::Name) -> Result<Named, Diagnostic> {
        let found = self.lookup(&name.text);
        let dep = match &found {
            Named::Global(g, _) => Dep::Global(*g),
            Named::Game(id, _) => Dep::Game(*id),
            Named::Failed(f) => return Err(self.needs_failed(&name.span, f)),
            _ => return Ok(found),
        };
        self.uses.push(Use {
            dep,
            name: name.text.clone(),
            loc: self.loc(&name.span),
        });
        Ok(found)
    }

    /// Whether a global is bound to `{}` (false) or `{0}` (true).
    pub(crate) fn zero_set(&self, g: GlobalId) -> Option<bool> {
        self.unit_zero_sets
            .get(&g)
            .or_else(|| self.names.zero_sets.get(&g))
            .copied()
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

    /// `spec.mex:3`: where a place is, for notes about other sources.
    pub(crate) fn place(&self, loc: Loc) -> String {
        place(self.sources, loc)
    }
}

/// `spec.mex:3`: the source and line of a place.
pub fn place(sources: &Sources, loc: Loc) -> String {
    let (line, _) = sources.line_column(loc.src, loc.start as usize);
    format!("{}:{line}", sources.name(loc.src))
}
