//! The value domain game expressions run in for the mex driver: Grundy
//! values straight from the memo, no allocation of games. (The structure
//! domain, which builds games for results people read, lives beside the
//! store it values them with.)

use super::defs::{Defs, Ticker};
use super::error::EvalError;
use super::family::Families;
use super::interp::Domain;
use super::limits::Limits;
use super::memo::{Memo, State};
use super::value::{Game, Key, Part, mex_of};
use crate::ir::Loc;

/// Grundy values straight from the memo; a position not yet known is put on
/// `pending` and the value is `None`.
pub struct ValueDomain<'a> {
    pub memos: &'a [Memo],
    pub families: &'a mut Families,
    pub defs: &'a Defs,
    pub limits: Limits,
    pub pending: &'a mut Vec<Key>,
    pub ticker: &'a mut Ticker,
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
