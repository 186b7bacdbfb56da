//! The iterative mex driver: works out the value of a position of a
//! compiled rule with an explicit stack, so chains 10^6 positions deep are
//! fine. Each position's rule runs once: options whose parts are all known
//! are valued at once; if some are not, the position is marked as being
//! worked out, the unknown positions are pushed (smallest on top, so most
//! of them finish in one pass), and when they are done its options are read
//! back from the tape (see [`options`]) and its mex taken.

mod fast;
mod options;

use super::budget::Budget;
use super::compiled::run::{Ctx, Run, Scratch};
use super::compiled::{Program, Root};
use super::defs::{Defs, Ticker};
use super::error::{EvalError, Fault, LimitError, internal};
use super::family::Families;
use super::limits::Limits;
use super::memo::{Memo, State};
use super::value::{Key, mex_of};
use crate::diag::ErrorKind;
use crate::ir::Setting;
use options::Options;
use std::rc::Rc;

pub use super::budget::WORK;

/// How the diagnostic for a position reached from itself begins: questions
/// that can answer for loopy games (`query::loopy`) know it by this.
pub use super::error::LOOPY;

/// How the positions of a game get their values.
#[derive(Debug, Clone)]
pub enum Plan {
    /// From a family table: a rule family, or a rule recognized as one.
    Family,
    /// By running the game's compiled rule.
    Rule(Rc<Compiled>),
    /// By the Tartan theorem, from its factors' values (a product of coin
    /// games); not inside other rules.
    Product(crate::ir::Factor, crate::ir::Factor),
    /// The game has no rule (declared only).
    None,
}

/// A game's rule, lowered.
#[derive(Debug)]
pub struct Compiled {
    pub prog: Program,
    pub root: Root,
    simple: Vec<Option<fast::Simple>>,
}

impl Compiled {
    pub fn new(prog: Program, root: Root) -> Self {
        let simple = fast::simple_sums(&prog);
        Compiled { prog, root, simple }
    }
}

/// The positions waiting to be worked out, and those expanded (one a
/// level of the path being worked down).
#[derive(Default)]
struct Stack {
    keys: Vec<Key>,
    open: Vec<Expanded>,
}

/// An expanded position: where it sits on the stack, where its known
/// option values (on the value stack) and its records (on the tape) start;
/// `rerun` when an unknown position sat inside a nested option set, which
/// the tape cannot hold: then the rule runs again once its options are
/// known.
#[derive(Clone, Copy)]
struct Expanded {
    at: usize,
    vals: usize,
    tape: usize,
    rerun: bool,
}

impl Stack {
    /// The top position's expansion, if it is expanded.
    fn expanded(&self) -> Option<Expanded> {
        self.open
            .last()
            .copied()
            .filter(|o| o.at + 1 == self.keys.len())
    }

    /// The positions expanded, from the root down.
    fn path(&self) -> impl Iterator<Item = &Key> + '_ {
        self.open.iter().map(|o| &self.keys[o.at])
    }
}

/// The store's parts the driver works with.
pub struct Tables<'a> {
    pub defs: &'a Defs,
    pub plans: &'a [Plan],
    pub memos: &'a mut [Memo],
    pub families: &'a mut Families,
    pub ticker: &'a mut Ticker,
    pub positions: &'a mut u64,
    pub limits: Limits,
}

/// The value of a position of a game with a compiled rule.
pub fn grundy(t: Tables, root: &Key) -> Result<u64, EvalError> {
    if let State::Done(v) = t.memos[root.game].get(&root.args) {
        return Ok(v);
    }
    let mut v = Options::new(t.defs, t.plans, t.memos, t.families);
    let held = v.families.held().saturating_add(v.memo_bytes);
    let mut budget = Budget::new(t.limits, held);
    let mut scratch = Scratch::default();
    let mut cx = Ctx {
        scratch: &mut scratch,
        ticker: t.ticker,
        budget: &mut budget,
    };
    let mut stack = Stack {
        keys: vec![root.clone()],
        open: Vec::new(),
    };
    let limits = t.limits;
    let mut result = drive(&mut v, &mut cx, &mut stack, t.positions, &limits);
    // (a positions or memory limit passed, or memory the machine would
    // not give, may be a rule that grows without end)
    if let Err(e) = &result
        && (e
            .limit()
            .is_some_and(|l| l.setting == "positions" || l.setting == "memory")
            || e.kind() == Some(ErrorKind::Memory))
        && let Some(e) = endless(t.defs, &stack)
    {
        result = Err(e);
    }
    if result.is_err() {
        // Leave the memo consistent: nothing stays half-done.
        for key in stack.path() {
            if v.memos[key.game].get(&key.args) == State::Gray
                && v.memos[key.game].forget(&key.args)
            {
                *t.positions -= 1;
            }
        }
        // Stopped (Ctrl-C, a limit): the work lists may take gigabytes,
        // and freeing them a second; the answer should not wait for that.
        release(std::mem::take(&mut v.pending));
        release(std::mem::take(&mut v.tape));
        release(std::mem::take(&mut stack.keys));
    }
    result?;
    match v.memos[root.game].get(&root.args) {
        State::Done(x) => Ok(x),
        _ => Err(undefined(t.defs, root)),
    }
}

/// Frees a large work list on a thread of its own (a small one at once;
/// if no thread can be started, this one frees it after all).
fn release<T: Send + 'static>(list: Vec<T>) {
    if list.capacity() >= 1 << 20 {
        let free = move || drop(list);
        let _ = std::thread::Builder::new()
            .name("mex-free".into())
            .spawn(free);
    }
}

fn drive(
    v: &mut Options,
    cx: &mut Ctx,
    stack: &mut Stack,
    positions: &mut u64,
    limits: &Limits,
) -> Result<(), EvalError> {
    while let Some(top) = stack.keys.last() {
        let Some(Expanded {
            vals, tape, rerun, ..
        }) = stack.expanded()
        else {
            if v.memos[top.game].get(&top.args) != State::Unknown {
                // done meanwhile, or a repeat of a position being worked out
                stack.keys.pop();
                continue;
            }
            let key = top.clone();
            let (vals, tape) = (v.vals.len(), v.tape.len());
            v.pending.clear();
            v.rerun = false;
            let value = step(v, cx, &key).map_err(|e| working_on(v.defs, &key, e))?;
            if v.pending.is_empty() {
                finish(v, cx, &key, value, vals, positions, limits)?;
                stack.keys.pop();
                continue;
            }
            record(v, cx, &key, State::Gray, positions, limits)?;
            cx.budget.grow(&mut stack.open, 1, WORK)?;
            stack.open.push(Expanded {
                at: stack.keys.len() - 1,
                vals,
                tape,
                rerun: v.rerun,
            });
            push_pending(v, cx, stack)?;
            continue;
        };
        stack.open.pop();
        let key = stack.keys.pop().expect("looked at");
        let value = if rerun {
            v.vals.truncate(vals);
            v.tape.truncate(tape);
            v.pending.clear();
            let value = step(v, cx, &key).map_err(|e| working_on(v.defs, &key, e))?;
            if !v.pending.is_empty() {
                return Err(internal(format!(
                    "the options of {} are still unknown",
                    v.defs.show_key(&key)
                )));
            }
            value
        } else {
            v.read_back(cx, tape)?;
            alias_value(v, &key, vals)
        };
        finish(v, cx, &key, value, vals, positions, limits)?;
    }
    Ok(())
}

/// Runs the rule of one position once, valuing what it can.
fn step(v: &mut Options, cx: &mut Ctx, key: &Key) -> Result<Option<u64>, EvalError> {
    let c = match &v.plans[key.game] {
        Plan::Rule(c) => c,
        Plan::Product(..) => {
            return Err(EvalError::from(Fault::ProductInRule {
                position: v.defs.show_key(key),
            }));
        }
        Plan::Family | Plan::None => return Err(undefined(v.defs, key)),
    };
    let c = Rc::clone(c);
    cx.scratch.prepare(&c.prog, &key.args);
    cx.ticker.iterations = 0;
    let run = Run::new(&c.prog, &v.defs.globals);
    let start = v.vals.len();
    match c.root {
        Root::Options(o) => {
            let mut body = fast::Step {
                v,
                simple: &c.simple,
            };
            run.each_option(cx, o, &mut body)?;
            Ok(None)
        }
        Root::Alias(sum) => {
            v.option(&run, cx, sum)?;
            Ok(v.vals.get(start).copied())
        }
    }
}

/// An alias's value is its one option's; a rule's is the mex (taken in
/// `finish`).
fn alias_value(v: &Options, key: &Key, vals: usize) -> Option<u64> {
    match &v.plans[key.game] {
        Plan::Rule(c) if matches!(c.root, Root::Alias(_)) => v.vals.get(vals).copied(),
        _ => None,
    }
}

fn finish(
    v: &mut Options,
    cx: &mut Ctx,
    key: &Key,
    alias: Option<u64>,
    vals: usize,
    positions: &mut u64,
    limits: &Limits,
) -> Result<(), EvalError> {
    let value = match alias {
        Some(x) => x,
        None => mex_of(&v.vals[vals..], &mut v.seen),
    };
    v.vals.truncate(vals);
    record(v, cx, key, State::Done(value), positions, limits)?;
    cx.ticker.done += 1;
    Ok(())
}

/// Pushes the pending positions, smallest on top: in most games options
/// are smaller positions, so each then finds its own options known.
fn push_pending(v: &mut Options, cx: &mut Ctx, stack: &mut Stack) -> Result<(), EvalError> {
    v.pending
        .sort_unstable_by(|a, b| (b.game, &b.args[..]).cmp(&(a.game, &a.args[..])));
    v.pending.dedup();
    cx.budget.grow(&mut stack.keys, v.pending.len(), WORK)?;
    for child in v.pending.drain(..) {
        cx.ticker.tick_work()?;
        match v.memos[child.game].get(&child.args) {
            State::Done(_) => {}
            State::Gray => return Err(cycle(v.defs, stack, &child)),
            State::Unknown => stack.keys.push(child),
        }
    }
    Ok(())
}

fn record(
    v: &mut Options,
    cx: &mut Ctx,
    key: &Key,
    state: State,
    positions: &mut u64,
    limits: &Limits,
) -> Result<(), EvalError> {
    if v.memos[key.game].set(&key.args, state, cx.budget)? {
        *positions += 1;
        if *positions > limits.positions {
            if v.memos[key.game].forget(&key.args) {
                *positions -= 1;
            }
            return Err(limit(v.defs, key, limits.positions));
        }
    }
    Ok(())
}

fn working_on(defs: &Defs, key: &Key, e: EvalError) -> EvalError {
    e.note(format!(
        "while working out the options of {}",
        defs.show_key(key)
    ))
}

pub fn undefined(defs: &Defs, key: &Key) -> EvalError {
    let def = &defs.games[key.game];
    EvalError::from(Fault::NoRule {
        loc: def.loc,
        position: defs.show_key(key),
    })
}

fn limit(defs: &Defs, key: &Key, max: u64) -> EvalError {
    let def = &defs.games[key.game];
    EvalError::from(
        LimitError::new(
            Setting::Positions,
            Some(max.saturating_mul(10)),
            max,
            format!("too many positions: {} is past the limit of {max}", defs.show_key(key)),
        )
        .at(def.loc)
        .label("positions of this game")
        .then("raises the limit (memory grows with it)")
        .note("every position the question reaches is kept until it is answered; a rule whose moves lead to ever larger positions would never end, and no limit is enough for it"),
    )
}

/// Positions on the path being worked down that grew at every one of the
/// last [`GROWING`] steps: a rule whose moves lead to ever larger positions,
/// which no limit is enough for. The diagnostic for it, if so.
fn endless(defs: &Defs, stack: &Stack) -> Option<EvalError> {
    let path: Vec<&Key> = stack.path().collect();
    if path.len() < GROWING {
        return None;
    }
    let size = |k: &Key| k.args.iter().fold(0u128, |a, &x| a + u128::from(x));
    let recent = &path[path.len() - GROWING..];
    if !recent.windows(2).all(|w| size(w[1]) > size(w[0])) {
        return None;
    }
    let game = recent[0].game;
    let def = &defs.games[game];
    let (first, last) = (path[0], path[path.len() - 1]);
    Some(EvalError::from(Fault::Endless {
        loc: def.loc,
        game: def.name.clone(),
        first: defs.show_key(first),
        last: defs.show_key(last),
    }))
}

/// Steps of growth that make a path [`endless`].
const GROWING: usize = 1000;

/// A position reached from itself: the positions on the current path from
/// the repeated one to the last one expanded.
fn cycle(defs: &Defs, stack: &Stack, repeated: &Key) -> EvalError {
    let path: Vec<&Key> = stack.path().collect();
    let from = path.iter().rposition(|k| *k == repeated).unwrap_or(0);
    let mut names: Vec<String> = path[from..].iter().map(|k| defs.show_key(k)).collect();
    if names.len() > 8 {
        let n = names.len();
        names.splice(4..n - 3, [format!("... {} more ...", n - 7)]);
    }
    names.push(defs.show_key(repeated));
    let def = &defs.games[repeated.game];
    EvalError::from(Fault::Cycle {
        loc: def.loc,
        position: defs.show_key(repeated),
        cycle: names,
    })
}
