//! Recognizing rule families in rules written as set builders.

use crate::engine::rule::HeapRule;
use crate::eval::value::Value;
use crate::ir::{GameDef, GameId};

/// What a rule was recognized as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// Exactly this family's rule.
    Heap(HeapRule),
    /// It reads a `let` that is not bound yet: try again later.
    NotYet,
    /// No family's rule.
    No,
}

pub fn recognize(_def: &GameDef, _game: GameId, _globals: &[Value]) -> Shape {
    Shape::No
}
