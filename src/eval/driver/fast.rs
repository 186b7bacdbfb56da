//! The innermost loop of a builder whose item is one position of a game
//! with a memo (`w(m - k, n) for k in 1..=m`), run tight: no dispatch on
//! the item per option, ticks counted once for the whole loop, values read
//! straight from the memo. Anything unusual (a family game, a batch that
//! would pass the options limit) takes the ordinary path, one option at a
//! time.

use super::options::Options;
use super::{Plan, WORK};
use crate::eval::compiled::run::{Body, Ctx, Run};
use crate::eval::compiled::{Int, Ix, Leaf, Program};
use crate::eval::error::EvalError;
use crate::eval::memo::State;
use crate::ir::GameId;
use smallvec::SmallVec;

/// A sum that is a single position whose arguments are slots, constants,
/// or one operation on them.
#[derive(Debug, Clone)]
pub struct Simple {
    game: GameId,
    args: SmallVec<[Ix; 4]>,
}

/// The simple form of every sum of a program, where it has one.
pub fn simple_sums(p: &Program) -> Vec<Option<Simple>> {
    (0..p.sums.len() as u32)
        .map(|sum| {
            let mut leaves = p.leaves_of(sum);
            let (Some(Leaf::Pos { game, args, .. }), None) = (leaves.next(), leaves.next()) else {
                return None;
            };
            let args: SmallVec<[Ix; 4]> = p.span(*args).iter().copied().collect();
            let plain = args.iter().all(|&a| {
                matches!(
                    p.ints[a as usize],
                    Int::Lit(_) | Int::Local(_) | Int::Slots(..) | Int::SlotLit(..)
                )
            });
            (plain && args.len() <= 4).then_some(Simple { game: *game, args })
        })
        .collect()
}

/// The driver's body: every option goes to [`Options`]; the innermost
/// loops of simple sums run tight.
pub struct Step<'v, 'a> {
    pub v: &'v mut Options<'a>,
    pub simple: &'v [Option<Simple>],
}

impl Body for Step<'_, '_> {
    fn option(&mut self, run: &Run, cx: &mut Ctx, sum: Ix) -> Result<(), EvalError> {
        cx.ticker.options += 1;
        self.v.option(run, cx, sum)
    }

    fn options_over(
        &mut self,
        run: &Run,
        cx: &mut Ctx,
        sum: Ix,
        slot: u32,
        lo: u64,
        last: u64,
    ) -> Result<(), EvalError> {
        let count = (last - lo).saturating_add(1);
        let simple = self.simple[sum as usize]
            .as_ref()
            .filter(|s| !matches!(self.v.plans[s.game], Plan::Family));
        let Some(simple) = simple.filter(|_| cx.ticker.room(count)) else {
            for x in lo..=last {
                cx.ticker.tick()?;
                cx.scratch.env[slot as usize] = x;
                self.option(run, cx, sum)?;
            }
            return Ok(());
        };
        cx.ticker.advance(count)?;
        cx.ticker.options += count;
        let k = simple.args.len();
        let mut key = [0u64; 4];
        for x in lo..=last {
            cx.scratch.env[slot as usize] = x;
            for (dst, &a) in key.iter_mut().zip(&simple.args) {
                *dst = run.int(&cx.scratch.env, a)?;
            }
            let args = &key[..k];
            match self.v.memos[simple.game].get(args) {
                State::Done(value) => {
                    if self.v.vals.len() == self.v.vals.capacity() {
                        cx.budget.grow(&mut self.v.vals, 1, WORK)?;
                    }
                    self.v.vals.push(value);
                }
                _ => self.v.unknown(cx, simple.game, args)?,
            }
        }
        Ok(())
    }
}
