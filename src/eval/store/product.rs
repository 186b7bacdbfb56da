//! Products of coin games (Winning Ways ch. 14, "Tartan"; Ferguson I.5.5):
//! a coin at `(x, y)` of a board, a move turning the corners of a move of
//! `g` at `x` times a move of `h` at `y`: the coins `(a, b)` for `a` among
//! the coins the `g`-move turns and `b` among those the `h`-move turns.
//!
//! **The Tartan theorem** gives the value of a single head at `(x, y)` as
//! `G(x) ⊗ H(y)`, the nim product of the factors' values, and a position
//! is the sum of its single heads as for any coin game. Values are worked
//! out by the theorem; the options, listed for `moves` and `explain`, come
//! from the factors' moves, so the tests can check the theorem against the
//! mex over the board's own moves.

use super::Store;
use crate::engine::nimber;
use crate::eval::defs::Defs;
use crate::eval::error::{EvalError, Fault, LimitError};
use crate::eval::value::{Game, Key, Part};
use crate::ir::{Factor, GameId, Setting};
use std::collections::BTreeSet;

/// How the hint of a product's options limit goes on after the `set`.
const TARTAN: &str =
    "raises the limit; `grundy` answers by the Tartan theorem without listing them";

fn key(game: GameId, args: &[u64]) -> Key {
    Key {
        game,
        args: args.iter().copied().collect(),
    }
}

impl Store {
    /// Refuses to build `items` options or corners of `p` past `set memory`.
    fn room_for(&self, defs: &Defs, p: &Key, items: u128) -> Result<(), EvalError> {
        let bytes = items.saturating_mul(super::BYTES_PER_OPTION);
        if bytes > u128::from(self.limits.memory) {
            let what = format!("the options of {}", defs.show_key(p));
            return Err(EvalError::from(self.limits.memory_error(
                &what,
                u64::try_from(bytes).unwrap_or(u64::MAX),
                0,
            )));
        }
        Ok(())
    }

    /// The value of a single head of a factor at `n`.
    fn factor_value(&mut self, defs: &Defs, f: Factor, n: u64) -> Result<u64, EvalError> {
        match f {
            Factor::Twins => Ok(n),
            Factor::Game(g) => self.grundy(defs, &key(g, &[n])),
        }
    }

    /// `p(x, y)` by the Tartan theorem.
    pub(super) fn product_value(
        &mut self,
        defs: &Defs,
        f: Factor,
        g: Factor,
        args: &[u64],
    ) -> Result<u64, EvalError> {
        let a = self.factor_value(defs, f, args[0])?;
        let b = self.factor_value(defs, g, args[1])?;
        Ok(nimber::product(a, b))
    }

    /// The factors' values of a single head `p(x, y)` of a product, whose
    /// nim product is its value by the Tartan theorem.
    pub fn factor_values(
        &mut self,
        defs: &Defs,
        f: Factor,
        g: Factor,
        args: &[u64],
    ) -> Result<(u64, u64), EvalError> {
        Ok((
            self.factor_value(defs, f, args[0])?,
            self.factor_value(defs, g, args[1])?,
        ))
    }

    /// The sets of coins each move of a factor from a head at `n` turns
    /// (`n` itself included).
    fn factor_moves(
        &mut self,
        defs: &Defs,
        f: Factor,
        n: u64,
        product: &Key,
    ) -> Result<Vec<BTreeSet<u64>>, EvalError> {
        let Factor::Game(g) = f else {
            if n > self.limits.options {
                return Err(EvalError::from(
                    LimitError::new(
                        Setting::Options,
                        Some(n),
                        self.limits.options,
                        format!(
                            "{} has at least {n} options, more than the limit of {} for one position",
                            defs.show_key(product),
                            self.limits.options
                        ),
                    )
                    .then(TARTAN),
                ));
            }
            self.room_for(defs, product, u128::from(n))?;
            return Ok((0..n).map(|a| BTreeSet::from([a, n])).collect());
        };
        let mut out = Vec::new();
        for option in self.options_of(defs, &key(g, &[n]))? {
            let Some(turned) = crate::eval::value::coins_turned(&option, g, n) else {
                return Err(EvalError::from(Fault::ProductMoves {
                    product: defs.show_key(product),
                    option_of: defs.show_key(&key(g, &[n])),
                    game: defs.games[g].name.clone(),
                    n,
                }));
            };
            out.push(turned);
        }
        Ok(out)
    }

    /// The options of `p(x, y)`: for each pair of factor moves, the corners
    /// they turn other than `(x, y)` itself, each a head.
    pub(super) fn product_options(
        &mut self,
        defs: &Defs,
        f: Factor,
        g: Factor,
        k: &Key,
    ) -> Result<Vec<Game>, EvalError> {
        let (x, y) = (k.args[0], k.args[1]);
        let rows = self.factor_moves(defs, f, x, k)?;
        let cols = self.factor_moves(defs, g, y, k)?;
        let count = (rows.len() as u128).saturating_mul(cols.len() as u128);
        if count > u128::from(self.limits.options) {
            return Err(EvalError::from(
                self.too_many_options(defs, k, count).then(TARTAN),
            ));
        }
        let corners = rows.iter().map(BTreeSet::len).max().unwrap_or(0) as u128
            * cols.iter().map(BTreeSet::len).max().unwrap_or(0) as u128;
        self.room_for(defs, k, count.saturating_mul(corners.max(1)))?;
        let mut out = Vec::with_capacity(count as usize);
        for r in &rows {
            for c in &cols {
                self.ticker.tick()?;
                let parts = r
                    .iter()
                    .flat_map(|&a| c.iter().map(move |&b| (a, b)))
                    .filter(|&p| p != (x, y))
                    .map(|(a, b)| Part::Pos(key(k.game, &[a, b])))
                    .collect();
                out.push(Game { parts });
            }
        }
        Ok(out)
    }
}
