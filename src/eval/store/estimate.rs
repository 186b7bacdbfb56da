//! The work a question about a rule written out will take, estimated
//! before it starts: the loop iterations of the position asked about, and
//! of positions with every argument halved, then quartered, ..., each
//! standing for the positions between it and the next (as many as the box
//! `0..=a1 x 0..=a2 ...` holds between the two scales). Rules whose
//! positions lie below the one asked about and whose work per position
//! grows with the arguments (the usual case) are estimated within a small
//! factor; for others the count of work as it runs (`set work`) still ends
//! the question. Positions whose box holds more positions than may be kept
//! (`set positions`) are not estimated: such a question ends only if its
//! rule reaches few of them, as `f(n / 2)` does.

use super::Store;
use super::structure::{self, Built};
use crate::eval::compiled::Root;
use crate::eval::compiled::run::{Ctx, Run};
use crate::eval::defs::Defs;
use crate::eval::error::{EvalError, LimitError};
use crate::ir::Setting;
use crate::eval::value::{Args, Key, Part};

/// Steps of the chain of largest options a probe follows at most.
const CHAIN_STEPS: u64 = 4096;
/// Loop iterations a probe of the chain spends at most (past them it
/// estimates from the steps it took).
const CHAIN_WORK: u64 = 10_000_000;

impl Store {
    /// About how many loop iterations working out `key` from nothing takes
    /// (`None` for a game whose rule is not compiled).
    pub(super) fn estimate_work(
        &mut self,
        defs: &Defs,
        key: &Key,
    ) -> Result<Option<u128>, EvalError> {
        let Some(c) = self.programs[key.game].clone() else {
            return Ok(None);
        };
        let Root::Options(opts) = c.root else {
            return Ok(None);
        };
        let boxed = |args: &[u64]| {
            args.iter()
                .fold(1u128, |acc, &a| acc.saturating_mul(u128::from(a) + 1))
        };
        if boxed(&key.args) > u128::from(self.limits.positions) {
            // more positions below it than may be kept: the question can
            // only end if its rule reaches few of them (`f(n / 2)`), and
            // the box says nothing of its work
            return Ok(None);
        }
        let mut args: Vec<u64> = key.args.to_vec();
        let mut total = 0u128;
        loop {
            let before = self.ticker.spent;
            self.ticker.iterations = 0;
            let ran = self.run(defs, &c.prog, &args, |run: &Run, cx: &mut Ctx| {
                run.each_option(cx, opts, &mut |_: &Run, _: &mut Ctx, _| Ok(()))
            });
            match ran {
                Ok(()) => {}
                Err(EvalError::Interrupted) => return Err(EvalError::Interrupted),
                // the options of the position asked about alone pass a
                // limit (more loop iterations than `set options` or `set
                // work` allow): the question itself would list them,
                // holding every option, before meeting it, so it is
                // refused now, having held none
                Err(e) if e.limit().is_some() && args == key.args.as_slice() => {
                    self.ticker.iterations = 0;
                    if e.limit().is_some_and(|l| l.setting == "options") {
                        return Err(self.options_past_limit(defs, key));
                    }
                    return Err(e);
                }
                // a position the question may never reach (its rule fails
                // there): the estimate is what was seen so far; at the
                // position asked about, the question itself reports it
                Err(EvalError::Failed(_)) => break,
            }
            let here = u128::from(self.ticker.spent - before).max(1);
            let smaller: Vec<u64> = args.iter().map(|a| a / 2).collect();
            let shell = boxed(&args) - if args == smaller { 0 } else { boxed(&smaller) };
            total = total.saturating_add(here.saturating_mul(shell));
            if args == smaller {
                break;
            }
            args = smaller;
        }
        self.ticker.iterations = 0;
        Ok((total > 0).then_some(total))
    }
}

impl Store {
    /// The options of `key` take more loop iterations to list than `set
    /// options` allows for one position.
    fn options_past_limit(&self, defs: &Defs, key: &Key) -> EvalError {
        let limit = self.limits.options;
        EvalError::from(
            LimitError::new(
                Setting::Options,
                None::<u64>,
                limit,
                format!(
                    "listing the options of {} takes more than {limit} loop iterations, the limit for one position (`set options`)",
                    defs.show_key(key)
                ),
            )
            .placeholder()
            .then("raises the limit; or ask about a smaller position"),
        )
    }

    /// For a position with more positions below it than may be kept: how
    /// many positions the question would keep at the least, from the chain
    /// of its largest options. The question works out every position on
    /// the chain from `key` down through the option of its own game with
    /// the largest arguments (their sum), then that option's, and so on.
    /// Followed for up to [`CHAIN_STEPS`] steps, the chain's average step
    /// down gives its length to the bottom. `None` when the chain ends
    /// within the steps, or does not go down.
    pub(super) fn estimate_chain(
        &mut self,
        defs: &Defs,
        key: &Key,
    ) -> Result<Option<u128>, EvalError> {
        let Some(c) = self.programs[key.game].clone() else {
            return Ok(None);
        };
        let Root::Options(opts) = c.root else {
            return Ok(None);
        };
        let size = |args: &[u64]| args.iter().fold(0u128, |a, &x| a + u128::from(x));
        let start = self.ticker.spent;
        let mut at: Args = key.args.clone();
        let mut steps = 0u64;
        while steps < CHAIN_STEPS && self.ticker.spent - start < CHAIN_WORK {
            let here = size(&at);
            let mut next: Option<Args> = None;
            self.ticker.iterations = 0;
            let ran = self.run(defs, &c.prog, &at, |run: &Run, cx: &mut Ctx| {
                run.each_option(cx, opts, &mut |run: &Run, cx: &mut Ctx, s| {
                    let mut parts = Vec::new();
                    structure::sum(run, cx, s, &mut parts)?;
                    for p in parts {
                        if let Built::Part(Part::Pos(k)) = p
                            && k.game == key.game
                            && size(&k.args) < here
                            && next.as_ref().is_none_or(|n| size(&k.args) > size(n))
                        {
                            next = Some(k.args);
                        }
                    }
                    Ok(())
                })
            });
            self.ticker.iterations = 0;
            match ran {
                Ok(()) => {}
                Err(EvalError::Interrupted) => return Err(EvalError::Interrupted),
                // the rule fails here: the question itself reports it
                Err(EvalError::Failed(_)) => return Ok(None),
            }
            match next {
                Some(n) => at = n,
                // the bottom of the chain: it says nothing of the rest
                None => return Ok(None),
            }
            steps += 1;
        }
        let down = size(&key.args) - size(&at);
        if steps < 16 || down == 0 {
            return Ok(None);
        }
        Ok(Some(
            size(&key.args).saturating_mul(u128::from(steps)) / down,
        ))
    }
}
