//! Games built from expressions, for results people read (`moves`,
//! `explain`, `let`): a compiled expression is run to build the parts of a
//! game; explicit option sets are valued afterwards, innermost first,
//! through the store, so values of nested sets are never worked out twice.

use super::Store;
use crate::eval::compiled::run::{Ctx, Run};
use crate::eval::compiled::{Ix, Leaf};
use crate::eval::defs::Defs;
use crate::eval::error::{EvalError, unbound};
use crate::eval::value::{Args, Explicit, Game, Key, Part, Value, mex_of};
use std::rc::Rc;

/// A part of a game as it is built: a finished part, or an explicit set
/// whose options (each a list of parts) are valued once built.
pub enum Built {
    Part(Part),
    Set(Vec<Vec<Built>>),
}

const WHAT: &str = "the options of a game";
const SUM: &str = "a sum of games";

/// What one part of a sum takes once it is built into a game.
const PART_BYTES: u64 = std::mem::size_of::<Part>() as u64;

/// About what one option built as a game takes (its parts and key).
const BYTES: u64 = super::BYTES_PER_OPTION as u64;

/// The parts of a sum, appended to `out`.
pub fn sum(run: &Run, cx: &mut Ctx, sum: Ix, out: &mut Vec<Built>) -> Result<(), EvalError> {
    let prog = run.prog;
    for &l in prog.span(prog.sums[sum as usize]) {
        match &prog.leaves[l as usize] {
            Leaf::Nim { n, star } => out.push(Built::Part(Part::Nim {
                n: run.int(&cx.scratch.env, *n)?,
                star: *star,
            })),
            Leaf::Pos { game, args, .. } => {
                let mut key = Args::new();
                for &a in prog.span(*args) {
                    key.push(run.int(&cx.scratch.env, a)?);
                }
                out.push(Built::Part(Part::Pos(Key {
                    game: *game,
                    args: key,
                })));
            }
            Leaf::Options(o) => {
                let mut options = Vec::new();
                options_of(run, cx, *o, &mut options, WHAT)?;
                out.push(Built::Set(options));
            }
            Leaf::Picture(p) => out.push(Built::Part(Part::Picture(p.clone()))),
            Leaf::Run { game, lo, hi, .. } => {
                let lo = run.int(&cx.scratch.env, *lo)?;
                let hi = run.int(&cx.scratch.env, *hi)?;
                let n = hi.saturating_sub(lo);
                let total = (out.len() as u64).saturating_add(n);
                if total > cx.budget.limits.positions {
                    return Err(too_many_parts(total, cx.budget.limits.positions));
                }
                cx.budget.take(PART_BYTES.saturating_mul(n), SUM)?;
                cx.budget.grow(out, n as usize, SUM)?;
                for j in lo..hi {
                    cx.ticker.tick()?;
                    out.push(Built::Part(Part::Pos(Key {
                        game: *game,
                        args: [j].into_iter().collect(),
                    })));
                }
            }
            Leaf::Global(g, loc) => match run.globals.get(*g) {
                Some(Value::Game(game)) => {
                    // counted twice: as built here, and as the game made of it
                    let n = game.parts.len();
                    let total = (out.len() as u64).saturating_add(n as u64);
                    if total > cx.budget.limits.positions {
                        return Err(too_many_parts(total, cx.budget.limits.positions));
                    }
                    cx.budget.take(PART_BYTES.saturating_mul(n as u64), SUM)?;
                    cx.budget.grow(out, n, SUM)?;
                    out.extend(game.parts.iter().cloned().map(Built::Part));
                }
                _ => return Err(unbound(*loc)),
            },
        }
    }
    Ok(())
}

/// Every option of an option set, each as its parts. The options are
/// counted first (the loops and conditions run, no option is built), so a
/// set whose options would not fit the memory limit, or whose building
/// would pass the work limit, is refused before any is built; then each is
/// counted against the memory budget (as `what`) and the work as it is
/// built.
pub fn options_of(
    run: &Run,
    cx: &mut Ctx,
    opts: Ix,
    out: &mut Vec<Vec<Built>>,
    what: &str,
) -> Result<(), EvalError> {
    count_options(run, cx, opts, what)?;
    run.each_option(cx, opts, &mut |run: &Run, cx: &mut Ctx, s: Ix| {
        cx.ticker.advance_work(BUILD_WORK)?;
        cx.budget.take(BYTES, what)?;
        if out.len() == out.capacity() {
            // the room the list takes is counted with the options
            out.try_reserve(out.len().max(4))
                .map_err(|_| cx.budget.unavailable(BYTES, what))?;
        }
        let mut parts = Vec::new();
        sum(run, cx, s, &mut parts)?;
        out.push(parts);
        Ok(())
    })
}

/// Steps of `set work` one option built as a game counts for (the loop
/// iteration that reaches it is one more): building it allocates its parts,
/// and valuing it reads them again, some ten times the work of an
/// iteration.
const BUILD_WORK: u64 = 8;

/// Counts the options of a set before any is built, and refuses the set if
/// building them would pass the memory left or the work left. The count
/// goes on past the memory left (counting is cheap), so the refusal can
/// say how many there are, up to what the work limit allows.
fn count_options(run: &Run, cx: &mut Ctx, opts: Ix, what: &str) -> Result<(), EvalError> {
    let fit_memory = cx.budget.left() / BYTES;
    let fit_work = cx.ticker.work_left() / (BUILD_WORK + 1);
    let mut count = 0u64;
    let counted = run.each_option(cx, opts, &mut |_: &Run, _: &mut Ctx, _: Ix| {
        count += 1;
        if count > fit_work {
            return Err(EvalError::Interrupted);
        }
        Ok(())
    });
    let all = match counted {
        Ok(()) => true,
        // stopped here, past what the work limit allows
        Err(EvalError::Interrupted) if count > fit_work => false,
        Err(e) => return Err(e),
    };
    let how_many = if all {
        format!("{count}")
    } else {
        format!("more than {fit_work}")
    };
    if count > fit_memory {
        let held = cx.budget.held.saturating_add(cx.budget.used);
        return Err(EvalError::from(
            cx.budget
                .limits
                .memory_error(
                    &format!("{what} ({how_many} of them)"),
                    count.saturating_mul(BYTES),
                    held,
                )
                .note("the options were counted before any was built"),
        ));
    }
    if !all {
        return Err(cx.ticker.refuse_work(
            &format!("building {what} ({how_many} of them)"),
            count.saturating_mul(BUILD_WORK + 1),
        ));
    }
    Ok(())
}

impl Store {
    /// A built game, its explicit sets valued (innermost first).
    pub(super) fn finish(&mut self, defs: &Defs, built: Vec<Built>) -> Result<Game, EvalError> {
        let mut parts = Vec::with_capacity(built.len());
        for b in built {
            parts.push(match b {
                Built::Part(p) => p,
                Built::Set(options) => {
                    let mut games = Vec::with_capacity(options.len());
                    let mut values = Vec::with_capacity(options.len());
                    for o in options {
                        let g = self.finish(defs, o)?;
                        values.push(self.value(defs, &g)?);
                        games.push(g);
                    }
                    let value = mex_of(&values, &mut Vec::new());
                    Part::Options(Rc::new(Explicit {
                        options: games,
                        value,
                    }))
                }
            });
        }
        Ok(Game { parts })
    }
}

/// A sum built of more games than the positions limit allows (doubling
/// `let` names make sums of 2^40 games in 40 lines).
fn too_many_parts(total: u64, limit: u64) -> EvalError {
    EvalError::from(
        crate::eval::error::LimitError::new(
            crate::ir::Setting::Positions,
            Some(total),
            limit,
            format!("a sum of {total} games is past the limit of {limit} positions"),
        )
        .label("this sum")
        .then("raises the limit (memory grows with it); a sum of equal games is worth 0 or the game alone, by the nim-sum"),
    )
}
