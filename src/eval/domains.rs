//! The two domains game expressions run in: values (for the mex driver, no
//! allocation of games) and structure (for results people read).

use super::error::EvalError;
use super::family::Families;
use super::interp::Domain;
use super::memo::{Memo, State};
use super::store::{Defs, Limits, Store};
use super::value::{Explicit, Game, Key, Part, mex_of};
use crate::ir::Loc;
use std::rc::Rc;

/// Grundy values straight from the memo; a position not yet known is put on
/// `pending` and the value is `None`.
pub struct ValueDomain<'a> {
    pub memos: &'a [Memo],
    pub families: &'a mut Families,
    pub defs: &'a Defs,
    pub limits: Limits,
    pub pending: &'a mut Vec<Key>,
    pub ticker: &'a mut super::store::Ticker,
    pub seen: Vec<bool>,
}

impl ValueDomain<'_> {
    fn part(&mut self, p: &Part) -> Result<Option<u64>, EvalError> {
        Ok(match p {
            Part::Nim { n, .. } => Some(*n),
            Part::Options(e) => Some(e.value),
            Part::Pos(key) => self.pos(key.clone(), Loc::default())?,
        })
    }

    fn lookup(&mut self, key: Key) -> Option<u64> {
        match self.memos[key.game].get(&key.args) {
            State::Done(v) => Some(v),
            _ => {
                self.pending.push(key);
                None
            }
        }
    }
}

impl Domain for ValueDomain<'_> {
    type G = Option<u64>;

    fn nim(&mut self, n: u64, _star: bool) -> Self::G {
        Some(n)
    }

    fn pos(&mut self, key: Key, _loc: Loc) -> Result<Self::G, EvalError> {
        if self.families.is_family(key.game) {
            let v = self.families.value(
                self.defs,
                key.game,
                key.args[0],
                &self.limits,
                &mut *self.ticker.watch,
            )?;
            return Ok(Some(v));
        }
        Ok(self.lookup(key))
    }

    fn zero(&mut self) -> Self::G {
        Some(0)
    }

    fn add(&mut self, a: Self::G, b: Self::G) -> Self::G {
        Some(a? ^ b?)
    }

    fn options(&mut self, options: Vec<Self::G>) -> Result<Self::G, EvalError> {
        let values: Option<Vec<u64>> = options.into_iter().collect();
        Ok(values.map(|v| mex_of(&v, &mut self.seen)))
    }

    fn global(&mut self, game: &Game) -> Result<Self::G, EvalError> {
        let mut acc = Some(0u64);
        for p in &game.parts {
            let v = self.part(p)?;
            acc = match (acc, v) {
                (Some(a), Some(b)) => Some(a ^ b),
                _ => None,
            };
        }
        Ok(acc)
    }

    fn tick(&mut self) -> Result<(), EvalError> {
        self.ticker.tick()
    }
}

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
