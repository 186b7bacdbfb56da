//! The structure domain: game expressions built as games, for results
//! people read; explicit sets are valued as they are built, through the
//! store.

use super::Store;
use crate::eval::defs::Defs;
use crate::eval::error::EvalError;
use crate::eval::interp::Domain;
use crate::eval::value::{Explicit, Game, Key, Part, mex_of};
use crate::ir::Loc;
use std::rc::Rc;

/// Builds games; an explicit set is valued when it is built, through the
/// store, so values of nested sets are never worked out twice.
pub struct StructDomain<'a> {
    pub defs: &'a Defs,
    pub store: &'a mut Store,
}

impl Domain for StructDomain<'_> {
    type G = Game;

    fn nim(&mut self, n: u64, star: bool) -> Game {
        Game::single(Part::Nim { n, star })
    }

    fn pos(&mut self, key: Key, _loc: Loc) -> Result<Game, EvalError> {
        Ok(Game::single(Part::Pos(key)))
    }

    fn zero(&mut self) -> Game {
        Game::zero()
    }

    fn add(&mut self, a: Game, b: Game) -> Game {
        a.plus(b)
    }

    fn options(&mut self, options: Vec<Game>) -> Result<Game, EvalError> {
        let mut values = Vec::with_capacity(options.len());
        for g in &options {
            values.push(self.store.value(self.defs, g)?);
        }
        let value = mex_of(&values, &mut Vec::new());
        Ok(Game::single(Part::Options(Rc::new(Explicit {
            options,
            value,
        }))))
    }

    fn global(&mut self, game: &Game) -> Result<Game, EvalError> {
        Ok(game.clone())
    }

    fn tick(&mut self) -> Result<(), EvalError> {
        self.store.ticker.tick()
    }
}
