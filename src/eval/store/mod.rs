//! What a session holds for its games ([`Store`]): how each game's positions
//! are valued (a family's table, or its compiled rule run by the driver),
//! the memo tables, the limits, and the games built for results people
//! read. A redefinition drops only the values that depend on it.

use super::budget::Budget;
use super::compiled::Lowering;
use super::compiled::Root;
use super::compiled::run::{Ctx, Run, Scratch};
use super::defs::{Defs, Ticker};
use super::driver::{self, Compiled, Plan, Tables};
use super::error::{EvalError, LimitError};
use super::family::Families;
use super::limits::Limits;
use super::memo::Memo;
use super::shape::{self, Shape};
use super::value::{Game, Key, Part, Value};

use crate::engine::rule::HeapRule;
use crate::engine::{Quiet, Watch};
use crate::ir::{GameId, Setting};
use std::rc::Rc;

mod estimate;
mod picture;
mod product;
mod structure;
use crate::ir::{DefKind, GameExpr, IntExpr, IntSet};

/// About what one option built as a game takes at the peak of building it:
/// its parts as built, the game made of them, its value and the slack of
/// the growing lists (about 258 bytes measured for `{*1 for k in 0..10^7}`).
const BYTES_PER_OPTION: u128 = 272;
/// The least a position kept while a rule is worked out takes: its value in
/// the memo and its entry on the driver's stack (more in practice).
const MIN_BYTES_PER_POSITION: u128 = 16;

pub struct Store {
    memos: Vec<Memo>,
    /// How each game's positions are valued.
    plans: Vec<Plan>,
    /// Every rule, compiled (also those that run on a family's table: their
    /// options are listed from the rule as written).
    programs: Vec<Option<Rc<Compiled>>>,
    /// Games whose rule read a `let` not yet bound when it was installed:
    /// recognizing its shape is tried again when it is first used.
    retry: Vec<bool>,
    pub families: Families,
    pub positions: u64,
    pub limits: Limits,
    pub ticker: Ticker,
    /// Whether rules recognized as a family's run on its table (on unless
    /// turned off, for benchmarks and tests of the compiled evaluator);
    /// takes effect for games defined afterwards.
    pub recognize: bool,
    /// Running a file nobody has read (`mex --sandbox`, `mex grade`): no
    /// file is written, and `set` may lower a limit but not raise it past
    /// these.
    pub sandbox: Option<Limits>,
    /// Where a front end with no files (the browser) keeps what `plot ...
    /// to FILE` would write, as (name, contents), to offer it itself.
    pub files: Option<Vec<(String, String)>>,
    /// Misère quotients of rule families, kept for the session like their
    /// value tables.
    pub quotients: rustc_hash::FxHashMap<GameId, crate::engine::misere::quotient::Kept>,
}

impl Default for Store {
    fn default() -> Self {
        Store::new(Box::new(Quiet))
    }
}

impl Store {
    /// `key` has `count` options, past `set options` for one position.
    pub(crate) fn too_many_options(&self, defs: &Defs, key: &Key, count: u128) -> LimitError {
        LimitError::new(
            Setting::Options,
            Some(count),
            self.limits.options,
            format!(
                "{} has {count} options, more than the limit of {} for one position",
                defs.show_key(key),
                self.limits.options
            ),
        )
    }

    pub fn new(watch: Box<dyn Watch>) -> Self {
        Store {
            memos: Vec::new(),
            plans: Vec::new(),
            programs: Vec::new(),
            retry: Vec::new(),
            families: Families::default(),
            positions: 0,
            limits: Limits::default(),
            quotients: Default::default(),
            ticker: Ticker::new(watch),
            recognize: true,
            sandbox: None,
            files: None,
        }
    }

    /// Takes in games defined or redefined since the last call. A
    /// redefined game's values are dropped, and so are those of every game
    /// whose rule leads to it (through its options or the `let` games it
    /// uses); all other values are kept.
    pub fn sync(&mut self, defs: &Defs, redefined: &[GameId]) {
        let old = self.plans.len();
        let total = defs.games.len();
        let mut reset = vec![false; total];
        for &g in redefined {
            reset[g] = true;
        }
        reset[old..].fill(true);
        let mut dropped = reset.clone();
        let deps: Vec<Vec<GameId>> = (0..old).map(|g| self.deps(defs, g)).collect();
        loop {
            let mut changed = false;
            for g in 0..old {
                if !dropped[g] && deps[g].iter().any(|&d| dropped[d]) {
                    dropped[g] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        self.plans.resize(total, Plan::None);
        self.programs.resize(total, None);
        self.retry.resize(total, false);
        while self.memos.len() < total {
            self.memos
                .push(Memo::new(defs.games[self.memos.len()].arity()));
        }
        for g in 0..total {
            if dropped[g] {
                self.positions -= self.memos[g].len();
                self.memos[g] = Memo::new(defs.games[g].arity());
            }
            if reset[g] {
                self.plans[g] = self.plan_for(defs, g);
            }
        }
        self.families.others = self.memo_bytes();
    }

    /// Decides how a game's positions are valued: a rule family's table; a
    /// rule recognized as a family's, on that family's table; or the
    /// compiled rule.
    fn plan_for(&mut self, defs: &Defs, g: GameId) -> Plan {
        self.retry[g] = false;
        self.programs[g] = None;
        let def = &defs.games[g];
        let rule = match &def.kind {
            DefKind::Family(rule) => {
                self.families.install(g, Some(rule));
                return Plan::Family;
            }
            DefKind::Declared => {
                self.families.install(g, None);
                return Plan::None;
            }
            DefKind::Product(a, b) => {
                self.families.install(g, None);
                return Plan::Product(*a, *b);
            }
            DefKind::Rule(rule) => rule,
        };
        let mut lower = Lowering::new(def.slots.max(def.arity()));
        let root = lower.rule(rule);
        let compiled = Rc::new(Compiled::new(lower.finish(), root));
        self.programs[g] = Some(Rc::clone(&compiled));
        let shape = if self.recognize {
            shape::recognize(def, g, &defs.globals)
        } else {
            Shape::No
        };
        match shape {
            Shape::Heap(heap) => {
                self.families.install(g, Some(&heap));
                return Plan::Family;
            }
            Shape::NotYet => self.retry[g] = true,
            Shape::No => {}
        }
        self.families.install(g, None);
        Plan::Rule(compiled)
    }

    /// The games a game's values depend on directly.
    fn deps(&self, defs: &Defs, g: GameId) -> Vec<GameId> {
        if matches!(self.plans[g], Plan::Family) {
            return Vec::new();
        }
        let Some(c) = &self.programs[g] else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for leaf in &c.prog.leaves {
            match leaf {
                super::compiled::Leaf::Pos { game, .. }
                | super::compiled::Leaf::Run { game, .. } => out.push(*game),
                super::compiled::Leaf::Global(id, _) => {
                    if let Some(Value::Game(game)) = defs.globals.get(*id) {
                        out.extend(game.parts.iter().filter_map(|p| match p {
                            Part::Pos(k) => Some(k.game),
                            _ => None,
                        }));
                    }
                }
                _ => {}
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Positions of a game held in its memo table.
    pub fn memo_len(&self, game: GameId) -> u64 {
        self.memos.get(game).map_or(0, Memo::len)
    }

    fn memo_bytes(&self) -> u64 {
        self.memos
            .iter()
            .map(Memo::bytes)
            .fold(0, u64::saturating_add)
    }

    /// The family rule a game runs as, when its own rule was recognized as
    /// one (`game k(n) = { k(a) + k(n - t - a) ... }` runs as octal 0.77).
    pub fn runs_as(&self, defs: &Defs, game: GameId) -> Option<&HeapRule> {
        match defs.games.get(game)?.kind {
            DefKind::Rule(_) if matches!(self.plans.get(game), Some(Plan::Family)) => {
                self.families.rule(game)
            }
            _ => None,
        }
    }

    /// The rule of the family table a one-parameter game's values come
    /// from, if they come from one: a rule family, or a rule recognized as
    /// one (recognized again first if it read a `let` not bound before).
    pub fn table_rule(&mut self, defs: &Defs, game: GameId) -> Option<&HeapRule> {
        if self.retry.get(game) == Some(&true) && self.memos[game].is_empty() {
            self.plans[game] = self.plan_for(defs, game);
        }
        match self.plans.get(game) {
            Some(Plan::Family) => self.families.rule(game),
            _ => None,
        }
    }

    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.ticker.limit = limits.options;
        self.ticker.work = limits.work;
    }

    /// The Grundy value of a game: the nim-sum of its parts' values.
    pub fn value(&mut self, defs: &Defs, game: &Game) -> Result<u64, EvalError> {
        let mut acc = 0;
        for p in &game.parts {
            acc ^= match p {
                Part::Nim { n, .. } => *n,
                Part::Options(e) => e.value,
                Part::Picture(p) => p.value,
                Part::Pos(key) => self.grundy(defs, key)?,
            };
        }
        Ok(acc)
    }

    /// The value of a position without working anything out: known when
    /// it is in a memo table, or its game is a rule family's.
    pub fn known(&mut self, defs: &Defs, key: &Key) -> Result<Option<u64>, EvalError> {
        match self.plans.get(key.game) {
            Some(Plan::Family) => self.grundy(defs, key).map(Some),
            _ => Ok(match self.memos.get(key.game).map(|m| m.get(&key.args)) {
                Some(super::memo::State::Done(v)) => Some(v),
                _ => None,
            }),
        }
    }

    /// Builds the game a checked expression denotes.
    pub fn eval_game(&mut self, defs: &Defs, e: &GameExpr) -> Result<Game, EvalError> {
        let mut lower = Lowering::new(0);
        let sum = lower.game(e);
        let prog = lower.finish();
        let mut built = Vec::new();
        self.run(defs, &prog, &[], |run, cx| {
            structure::sum(run, cx, sum, &mut built)
        })?;
        self.finish(defs, built)
    }

    pub fn eval_int(&mut self, defs: &Defs, e: &IntExpr) -> Result<u64, EvalError> {
        let mut lower = Lowering::new(0);
        let i = lower.int(e);
        let prog = lower.finish();
        self.run(defs, &prog, &[], |run, cx| run.int(&cx.scratch.env, i))
    }

    /// A set of integers, sorted, without repeats (its memory taken from
    /// the budget as it grows).
    pub fn eval_int_set(&mut self, defs: &Defs, set: &IntSet) -> Result<Vec<u64>, EvalError> {
        let mut lower = Lowering::new(0);
        let s = lower.int_set(set);
        let prog = lower.finish();
        let mut out = Vec::new();
        self.run(defs, &prog, &[], |run, cx| run.int_set(cx, s, &mut out))?;
        Ok(out)
    }

    /// Runs a program with the parameters `args`, its memory taken from
    /// what the tables leave.
    fn run<R>(
        &mut self,
        defs: &Defs,
        prog: &super::compiled::Program,
        args: &[u64],
        f: impl FnOnce(&Run, &mut Ctx) -> Result<R, EvalError>,
    ) -> Result<R, EvalError> {
        let mut scratch = Scratch::default();
        scratch.prepare(prog, args);
        let held = self
            .families
            .held()
            .saturating_add(self.memo_bytes())
            .saturating_add(defs.held_bytes());
        let mut budget = Budget::new(self.limits, held);
        let mut cx = Ctx {
            scratch: &mut scratch,
            ticker: &mut self.ticker,
            budget: &mut budget,
        };
        f(&Run::new(prog, &defs.globals), &mut cx)
    }

    /// A position with no options is the zero game (`kayles(0)`); one whose
    /// options cannot be listed counts as having some.
    pub fn has_no_options(&mut self, defs: &Defs, key: &Key) -> Result<bool, EvalError> {
        if self.grundy(defs, key)? != 0 {
            return Ok(false);
        }
        Ok(self
            .options_of(defs, key)
            .is_ok_and(|options| options.is_empty()))
    }

    /// Refuses a question whose estimated work passes `set work` before it
    /// starts (see [`estimate`]).
    fn refuse_long_work(&mut self, defs: &Defs, root: &Key) -> Result<(), EvalError> {
        let Some(work) = self.estimate_work(defs, root)? else {
            return self.refuse_long_chain(defs, root);
        };
        if work <= u128::from(self.limits.work) {
            return self.refuse_long_chain(defs, root);
        }
        Err(EvalError::from(
            LimitError::new(
                Setting::Work,
                Some(work),
                self.limits.work,
                format!(
                    "working out {} would take about {work} loop iterations, past the limit of {} (`set work`)",
                    defs.show_key(root),
                    self.limits.work
                ),
            )
            .then("allows it (the time grows with it, a few nanoseconds an iteration); or ask about a smaller position"),
        ))
    }

    /// Refuses a question whose chain of largest options alone holds more
    /// positions than may be kept (see [`estimate`]): `w(10^9)` of a rule
    /// whose moves take 1, 3 or 4 would keep 4 * 10^8 of them.
    fn refuse_long_chain(&mut self, defs: &Defs, root: &Key) -> Result<(), EvalError> {
        let Some(chain) = self.estimate_chain(defs, root)? else {
            return Ok(());
        };
        let max = self.limits.positions;
        if chain <= u128::from(max) {
            // each position kept takes some bytes at the least
            let bytes = chain.saturating_mul(MIN_BYTES_PER_POSITION);
            let held = self.memo_bytes().saturating_add(self.families.held());
            if bytes.saturating_add(u128::from(held)) <= u128::from(self.limits.memory) {
                return Ok(());
            }
            let what = format!(
                "working out {} (about {chain} positions kept)",
                defs.show_key(root)
            );
            return Err(EvalError::from(self.limits.memory_error(
                &what,
                u64::try_from(bytes).unwrap_or(u64::MAX),
                held,
            )));
        }
        Err(EvalError::from(
            LimitError::new(
                Setting::Positions,
                Some(chain),
                max,
                format!(
                    "working out {} would keep the values of about {chain} of its positions, past the limit of {max} (`set positions`)",
                    defs.show_key(root),
                ),
            )
            .then("allows it (memory grows with it); or ask about a smaller position")
            .note("each move makes the position only a little smaller, so every position on the way down is worked out and kept"),
        ))
    }

    /// About how many loop iterations working out `key` from nothing takes,
    /// for a rule written out (`None` where it cannot be told; see
    /// [`estimate`]).
    pub fn estimate_from_nothing(
        &mut self,
        defs: &Defs,
        key: &Key,
    ) -> Result<Option<u128>, EvalError> {
        match self.plans.get(key.game) {
            Some(Plan::Rule(_)) => self.estimate_work(defs, key),
            _ => Ok(None),
        }
    }

    /// The options of a position, built as games (for explanations).
    pub fn options_of(&mut self, defs: &Defs, key: &Key) -> Result<Vec<Game>, EvalError> {
        let def = &defs.games[key.game];
        match &def.kind {
            DefKind::Rule(_) => {
                let Some(c) = self.programs[key.game].clone() else {
                    return Err(driver::undefined(defs, key));
                };
                let mut options: Vec<Vec<structure::Built>> = Vec::new();
                let what = format!("listing the options of {}", defs.show_key(key));
                self.run(defs, &c.prog, &key.args, |run, cx| match c.root {
                    Root::Options(o) => structure::options_of(run, cx, o, &mut options, &what),
                    Root::Alias(sum) => {
                        let mut parts = Vec::new();
                        structure::sum(run, cx, sum, &mut parts)?;
                        options.push(parts);
                        Ok(())
                    }
                })?;
                options.into_iter().map(|o| self.finish(defs, o)).collect()
            }
            DefKind::Family(rule) => {
                let n = key.args[0];
                let count = rule.move_count(n);
                let bytes = count.saturating_mul(BYTES_PER_OPTION);
                if count > u128::from(self.limits.options) {
                    return Err(EvalError::from(
                        self.too_many_options(defs, key, count)
                            .at(def.loc)
                            .label("a game of this rule")
                            .then("raises the limit; `grundy` answers without listing options"),
                    ));
                }
                if bytes > u128::from(self.limits.memory) {
                    let what = format!("the {count} options of {}", defs.show_key(key));
                    return Err(EvalError::from(self.limits.memory_error(
                        &what,
                        u64::try_from(bytes).unwrap_or(u64::MAX),
                        0,
                    )));
                }
                Ok(rule
                    .moves(n)
                    .into_iter()
                    .map(|m| Game::of_heaps(key.game, &m.heaps))
                    .collect())
            }
            DefKind::Product(a, b) => self.product_options(defs, *a, *b, key),
            DefKind::Declared => Err(driver::undefined(defs, key)),
        }
    }

    /// The Grundy value of a position.
    pub fn grundy(&mut self, defs: &Defs, root: &Key) -> Result<u64, EvalError> {
        let g = root.game;
        if self.retry[g] && self.memos[g].is_empty() {
            self.plans[g] = self.plan_for(defs, g);
        }
        match &self.plans[g] {
            Plan::Family => {
                let n = root.args[0];
                if let Some(v) = self.families.lookup(g, n) {
                    self.ticker.tick_work()?;
                    return Ok(v);
                }
                let others = self.memo_bytes();
                self.families.others = others;
                self.families
                    .value(defs, g, n, &self.limits, others, &mut *self.ticker.watch)
            }
            Plan::Rule(_) => {
                if self.memos[g].is_empty() {
                    self.refuse_long_work(defs, root)?;
                }
                let v = driver::grundy(
                    Tables {
                        defs,
                        plans: &self.plans,
                        memos: &mut self.memos,
                        families: &mut self.families,
                        ticker: &mut self.ticker,
                        positions: &mut self.positions,
                        limits: self.limits,
                    },
                    root,
                );
                self.families.others = self.memo_bytes();
                v
            }
            Plan::Product(a, b) => {
                let (a, b) = (*a, *b);
                self.product_value(defs, a, b, &root.args)
            }
            Plan::None => Err(driver::undefined(defs, root)),
        }
    }
}

#[cfg(test)]
mod tests;
