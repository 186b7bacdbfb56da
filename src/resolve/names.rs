//! What names mean: `let` bindings and games, kept across statements and
//! REPL inputs. ("Did you mean" is [`crate::syntax::suggest`]'s, shared
//! with the parser's hints.)

use crate::ir::{Dep, Failure, GameId, GlobalId, Loc, Type};
use std::collections::HashMap;

/// Names visible at the top level.
#[derive(Default, Clone, Debug)]
pub struct Names {
    pub globals: HashMap<String, (GlobalId, Type)>,
    /// Game name to id and arity.
    pub games: HashMap<String, (GameId, usize)>,
    /// Games and `let` values whose definition has an error: what needs
    /// them is skipped, and says why.
    pub failed: HashMap<Dep, Failure>,
    /// Names with no id whose definition has an error (a `let` that did
    /// not check, a statement that did not parse).
    pub failed_names: HashMap<String, Failure>,
    /// `let` names bound to `{}` or `{0}`, which read as a game or as a set
    /// of integers as their use needs: whether the set holds 0.
    pub zero_sets: HashMap<GlobalId, bool>,
    /// Where each `let` name was last bound.
    pub let_sites: HashMap<String, Loc>,
}
