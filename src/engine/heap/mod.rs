//! Dense bottom-up tables of the values G(0), G(1), ... of one heap rule.
//!
//! Values live in the narrowest unsigned type that holds them all (see
//! [`values`]). Each kind of rule has its solver: finite and all-but
//! subtraction ([`subtraction`]), two-heap splits with the rare/common
//! split ([`split`]), three-heap splits ([`three`]).
//!
//! A table owns the proven period of its values, if one is known: found by
//! its solver (the octal periodicity theorem, checked as the table grows)
//! or handed to it by a search ([`HeapTable::set_proven`]). Past the proof,
//! new values are copied from one period earlier (plus the saltus), and
//! any heap is answered from the period ([`HeapTable::value`]).

use std::ops::Range;

use super::periodicity::{Period, Proof};
use super::rule::HeapRule;
use super::{Interrupted, Watch};

mod census;
mod marks;
mod mirror;
mod parallel;
mod pool;
mod scan;
mod split;
mod subtraction;
mod three;
mod values;

#[cfg(test)]
mod tests;

pub use census::{CENSUS_VALUES, Census, NoCensus, Sparse};
pub use parallel::ThreadStats;
pub use split::RareValues;
pub use split::Stats as ThreadReport;
use split::Split;
use subtraction::{AllBut, Subtraction};
use three::Three;
pub(crate) use values::{Cell, Slice, wide};
use values::{Values, bytes_for, with_vals};

/// What an extension may take: bytes of memory for the whole table, and
/// steps of work for the values still to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    pub memory: u64,
    pub work: u64,
}

impl Allowance {
    /// No limit (the caller has checked the estimates).
    pub const ANY: Allowance = Allowance {
        memory: u64::MAX,
        work: u64::MAX,
    };
}

/// Why a table could not be extended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtendError {
    /// The watch stopped the work.
    Interrupted,
    /// The memory for the table could not be had; `bytes` is the estimate
    /// for the size that was asked.
    OutOfMemory { bytes: u64 },
    /// The work would pass the limit given; `work` is the estimate, in
    /// steps (one step: about one option looked at).
    TooMuchWork { work: u64 },
}

impl From<Interrupted> for ExtendError {
    fn from(_: Interrupted) -> Self {
        ExtendError::Interrupted
    }
}

/// Work steps between two calls of the watch.
const TICK_WORK: u64 = 1 << 18;

/// Values computed before the estimates are trusted (the first ones are
/// cheap, and they may prove a period that makes the rest copies).
pub const WARM_UP: u64 = 4096;

/// A cost model of a solver: the work for heap `x` is about `a + b x + c
/// x^2`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Cost {
    pub(crate) a: f64,
    pub(crate) b: f64,
    pub(crate) c: f64,
}

impl Cost {
    /// The work for the heaps `from..to`.
    fn between(&self, from: u64, to: u64) -> f64 {
        if to <= from {
            return 0.0;
        }
        let (f, t) = (from as f64, to as f64);
        (t - f) * self.a + self.b * (t * t - f * f) / 2.0 + self.c * (t * t * t - f * f * f) / 3.0
    }
}

/// What a solver reports to while it computes: the watch (every
/// `TICK_WORK` steps, with the fraction of the work done scaled to the
/// heaps of the extension, so that a progress bar's remaining time is
/// honest even when later heaps cost more), and the largest value seen.
pub(crate) struct Reporter<'w> {
    work: u64,
    /// Work done in this extension.
    done: f64,
    from: u64,
    target: u64,
    cost: Cost,
    watch: &'w mut dyn Watch,
    max_value: u64,
    /// The last position reported (reports never go back).
    shown: u64,
}

impl Reporter<'_> {
    #[inline]
    pub(crate) fn add(&mut self, work: u64, len: usize) -> Result<(), Interrupted> {
        self.work = self.work.saturating_add(work);
        if self.work >= TICK_WORK {
            self.done += self.work as f64;
            self.work = 0;
            self.report(len as u64)
        } else {
            Ok(())
        }
    }

    fn report(&mut self, len: u64) -> Result<(), Interrupted> {
        let left = self.cost.between(len, self.target);
        let fraction = if self.done + left > 0.0 {
            (self.done / (self.done + left)).min(1.0)
        } else {
            1.0
        };
        let span = self.target.saturating_sub(self.from) as f64;
        let pos = (self.from + (span * fraction) as u64)
            .min(len)
            .max(self.shown);
        self.shown = pos;
        self.watch.tick(pos, self.target)
    }

    /// A new cost model (the solver learned more about its costs).
    pub(crate) fn model(&mut self, cost: Cost) {
        self.cost = cost;
    }

    #[inline]
    pub(crate) fn saw(&mut self, v: u64) {
        self.max_value = self.max_value.max(v);
    }

    pub(crate) fn watch(&mut self) -> &mut dyn Watch {
        &mut *self.watch
    }

    /// The steps of work counted in this extension so far.
    fn total(&self) -> u64 {
        (self.done as u64).saturating_add(self.work)
    }
}

/// Why a solver stopped before the target.
pub(crate) enum Stop {
    /// Every value up to the target is stored.
    Done,
    /// The value of the next heap, not yet stored, does not fit the type.
    Wide(u64),
    /// The solver proved a period (the values are stored up to the proof).
    Proven(Period),
}

#[derive(Debug, Clone)]
enum Solver {
    Subtraction(Subtraction),
    AllBut(AllBut),
    Split(Box<Split>),
    Three(Box<Three>),
}

impl Solver {
    fn new(rule: &HeapRule) -> Solver {
        match rule {
            HeapRule::Subtraction(s) => Solver::Subtraction(Subtraction::new(s.clone())),
            HeapRule::AllBut(e) => Solver::AllBut(AllBut::new(e.clone())),
            HeapRule::TakeBreak(code) => {
                if code.max_parts() == 3 {
                    Solver::Three(Box::new(Three::new(code)))
                } else {
                    Solver::Split(Box::new(Split::for_code(code)))
                }
            }
            HeapRule::Grundy => Solver::Split(Box::new(Split::grundy())),
        }
    }

    /// Computes values until `vals` has `target` of them.
    fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Reporter,
    ) -> Result<Stop, Interrupted> {
        match self {
            Solver::Subtraction(s) => s.run(vals, target, ticker),
            Solver::AllBut(s) => s.run(vals, target, ticker),
            Solver::Split(s) => s.run(vals, target, ticker),
            Solver::Three(s) => s.run(vals, target, ticker),
        }
    }

    /// Stores `v` as the next value and updates the solver's bookkeeping.
    fn commit<T: Cell>(&mut self, vals: &mut Vec<T>, v: u64) {
        match self {
            Solver::Subtraction(_) => vals.push(T::from_u64(v)),
            Solver::AllBut(s) => s.commit(vals, v),
            Solver::Split(s) => s.commit(vals, v),
            Solver::Three(s) => s.commit(vals, v),
        }
    }

    /// The cost of the heaps from `len` on.
    fn cost(&self, len: u64) -> Cost {
        match self {
            Solver::Subtraction(s) => Cost {
                a: s.set.len() as f64 + 1.0,
                b: 0.0,
                c: 0.0,
            },
            Solver::AllBut(s) => Cost {
                a: s.excluded.len() as f64 + 1.0,
                b: 0.0,
                c: 0.0,
            },
            Solver::Split(s) => s.cost(len),
            Solver::Three(s) => s.cost(len),
        }
    }

    /// Bytes per value beyond the values themselves, for tables of `count`
    /// values whose largest value is about `max`.
    fn bytes_per_value(&self, count: u64, max: u64) -> u64 {
        match self {
            Solver::Subtraction(_) => 0,
            // a count per value
            Solver::AllBut(_) => 4,
            Solver::Split(s) => s.bytes_per_value(max),
            Solver::Three(s) => s.bytes_per_value(count, max),
        }
    }

    /// Stops looking for a period as the table grows.
    fn no_period_checks(&mut self) {
        match self {
            Solver::Split(s) => s.tracker.disable(),
            Solver::Three(s) => s.tracker.disable(),
            _ => {}
        }
    }
}

/// The values of one heap rule, computed bottom-up and kept.
#[derive(Debug, Clone)]
pub struct HeapTable {
    rule: HeapRule,
    vals: Values,
    max_value: u64,
    solver: Solver,
    /// The proven period of the values, if one is known.
    proven: Option<Period>,
    /// Whether values past a proven period are copied (the default).
    shortcut: bool,
    /// The steps of work the solver counted for the values so far.
    work_done: u64,
    /// `work_log[k]`: the steps of work of G(0) .. G(2^k - 1), recorded as
    /// the table passed each power of two (the table is computed in pieces
    /// that end there). The staged reach of a search is worked out from
    /// it ([`HeapTable::reach`]). Cleared by [`HeapTable::load`]: values
    /// read back carry no work.
    work_log: Vec<u64>,
    /// What stopped the last [`HeapTable::reach`] short of its target.
    stopped: Option<StageLimit>,
}

/// What kept a staged search from the heap it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageLimit {
    /// The next stage's table would not fit the memory allowed.
    Memory,
    /// The next stage's work, counted from heap 0, would pass the work
    /// allowed.
    Work,
}

impl HeapTable {
    /// A table for `rule` (its sets normalized) with no value computed yet.
    pub fn new(rule: HeapRule) -> Self {
        let rule = rule.normalized();
        let solver = Solver::new(&rule);
        HeapTable {
            rule,
            vals: Values::U8(Vec::new()),
            max_value: 0,
            solver,
            proven: None,
            shortcut: true,
            work_done: 0,
            work_log: Vec::new(),
            stopped: None,
        }
    }

    /// Turns the rare/common split for splitting rules on (the default) or
    /// off; values are the same either way, only the time differs. For
    /// benchmarks and tests.
    pub fn with_rare_common(mut self, on: bool) -> Self {
        match &mut self.solver {
            Solver::Split(s) => s.set_rare_common(on),
            Solver::Three(s) => s.set_shortcuts(on),
            _ => {}
        }
        self
    }

    /// Turns off the use of a proven period: by default, once a period is
    /// proven, later values are copied from one period earlier instead of
    /// computed; off, every value is computed and no period is looked for
    /// while the table grows. Call it before computing. For benchmarks and
    /// tests.
    pub fn with_period_shortcut(mut self, on: bool) -> Self {
        self.shortcut = on;
        if !on {
            self.solver.no_period_checks();
        }
        self
    }

    /// Makes room for the values up to G(n) (a research run does, so that
    /// the table and its search structures are allocated once).
    pub fn reserve(&mut self, n: u64) -> Result<(), ExtendError> {
        let oom = ExtendError::OutOfMemory {
            bytes: self.memory_estimate(n),
        };
        let total = n
            .checked_add(1)
            .and_then(|t| usize::try_from(t).ok())
            .filter(|t| t.checked_mul(16).is_some())
            .ok_or(oom)?;
        self.vals.try_reserve_total(total).map_err(|_| oom)
    }

    /// Threads that compute the values of a splitting rule together (1:
    /// the calling thread alone): two-heap splits (see [`parallel`]), and
    /// the three-heap splits of one heap worked out by pair sets (see
    /// [`three`]). The values are the same for any number.
    pub fn set_threads(&mut self, threads: usize) {
        // no threads in the browser's WebAssembly
        let threads = if cfg!(target_family = "wasm") {
            1
        } else {
            threads.max(1)
        };
        match &mut self.solver {
            Solver::Split(s) => s.threads = threads,
            Solver::Three(s) => s.threads = threads,
            _ => {}
        }
    }

    /// Times the threads' steps from now on (see [`HeapTable::thread_stats`]);
    /// counts are kept whether or not.
    pub fn with_thread_timing(mut self, on: bool) -> Self {
        if let Solver::Split(s) = &mut self.solver {
            s.stats.timed = on;
        }
        self
    }

    /// What the threads did so far, for the two-heap splitting rules (the
    /// only ones computed on several threads).
    pub fn thread_stats(&self) -> Option<&ThreadReport> {
        match &self.solver {
            Solver::Split(s) => Some(&s.stats),
            _ => None,
        }
    }

    /// As [`HeapTable::set_threads`], for a new table.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.set_threads(threads);
        self
    }

    /// The rule (normalized).
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// How many values are known: G(0) .. G(len - 1).
    pub fn len(&self) -> u64 {
        self.vals.len() as u64
    }

    /// No value computed yet.
    pub fn is_empty(&self) -> bool {
        self.vals.len() == 0
    }

    /// G(n) if it has been computed.
    pub fn get(&self, n: u64) -> Option<u64> {
        usize::try_from(n).ok().and_then(|i| self.vals.get(i))
    }

    /// G(n) from the table, or from the proven period for heaps past it
    /// (whatever the size of `n`). `None` when neither has it, or the value
    /// does not fit in 64 bits.
    pub fn value(&self, n: u64) -> Option<u64> {
        if let Some(v) = self.get(n) {
            return Some(v);
        }
        self.proven?.value_at(n, |m| self.get(m))
    }

    /// The known values with index in `range` (clamped to what is known).
    pub fn values(&self, range: Range<u64>) -> impl Iterator<Item = u64> + '_ {
        let end = range.end.min(self.len());
        (range.start.min(end)..end).filter_map(move |i| self.get(i))
    }

    /// The proven period of the values, if one is known.
    pub fn proven(&self) -> Option<Period> {
        self.proven
    }

    /// Records a period proven from this table's values (by a search that
    /// read them). The table must hold the values of the heaps below
    /// `preperiod + period`, which the proof always looked at.
    pub fn set_proven(&mut self, period: Period) {
        debug_assert!(period.proof.is_proven());
        debug_assert!(period.preperiod + period.period <= self.len());
        if self.proven.is_none() && period.period > 0 {
            self.proven = Some(period);
        }
    }

    /// The largest value computed so far (0 for an empty table).
    pub fn max_value(&self) -> u64 {
        self.max_value
    }

    /// Appends values computed earlier (a research run's file read back),
    /// as if the table had computed them: the solver's bookkeeping (value
    /// counts, the rare/common split, the period tracker) is brought up to
    /// date value by value. The values must be the rule's own, in order,
    /// starting at G(len); the caller checked the file that held them.
    pub fn load(
        &mut self,
        values: impl IntoIterator<Item = u64>,
        watch: &mut dyn Watch,
    ) -> Result<(), ExtendError> {
        self.work_log.clear();
        self.work_done = 0;
        for v in values {
            if v > self.vals.max() {
                let cap = self.vals.len().saturating_add(1);
                self.widen(v, cap).map_err(|_| ExtendError::OutOfMemory {
                    bytes: self.memory_estimate(self.len()),
                })?;
            }
            self.max_value = self.max_value.max(v);
            with_vals!(&mut self.vals, |vals| self.solver.commit(vals, v));
            let len = self.vals.len();
            if let Solver::Split(s) = &mut self.solver
                && self.shortcut
                && self.proven.is_none()
                && s.tracker.next_check() != u64::MAX
                && with_vals!(&self.vals, |vals| s.tracker.push(vals, watch))?
                && let Some((n0, p, need)) = s.tracker.proven()
            {
                self.proven = Some(octal_period(n0, p, need));
            }
            if len.is_multiple_of(1 << 20) {
                watch.tick(len as u64, len as u64)?;
            }
        }
        Ok(())
    }

    /// What a researcher publishes of the values so far, for rules valued
    /// by the rare/common split: the heaps n >= 1 whose value is rare, and
    /// the last of them with its value. `None` when the split is not in use
    /// (the values are not sparse, or the rule has no two-heap splits).
    pub fn rare_values(&self) -> Option<RareValues> {
        match &self.solver {
            Solver::Split(s) => s.rare_values(),
            _ => None,
        }
    }

    /// The stored values as a slice of their storage type.
    pub(crate) fn slice(&self) -> Slice<'_> {
        self.vals.slice()
    }

    /// About how many bytes the table takes once it holds G(0) .. G(n)
    /// (values, counts and search structures). Callers compare it with their
    /// memory limit before extending. Saturates instead of overflowing.
    pub fn memory_estimate(&self, n: u64) -> u64 {
        let count = n.saturating_add(1);
        if self.proven.is_some() && self.shortcut {
            // copies from the period: the values only
            let max = self.grown_max(count);
            return count.saturating_mul(bytes_for(max)).saturating_add(1 << 16);
        }
        let max = self.grown_max(count);
        let per_value = bytes_for(max)
            .max(self.vals.bytes_per_value())
            .saturating_add(self.solver.bytes_per_value(count, max));
        count.saturating_mul(per_value).saturating_add(1 << 16)
    }

    /// The largest value a table of `count` values may hold: the largest
    /// so far, extrapolated linearly where values grow with the heap (all-but
    /// rules, three-heap splits), at most `count` for all-but rules.
    fn grown_max(&self, count: u64) -> u64 {
        let len = self.len().max(1);
        match (&self.rule, &self.solver) {
            (HeapRule::AllBut(_), _) => count,
            (_, Solver::Three(_)) => {
                let grown = (u128::from(self.max_value) + 1) * u128::from(count) / u128::from(len);
                u64::try_from(grown).unwrap_or(u64::MAX)
            }
            (HeapRule::Subtraction(s), _) => s.len() as u64,
            _ => self.max_value.max(255),
        }
    }

    /// About how many steps of work computing G(len) .. G(n) takes, from
    /// what the solver has seen so far (0 when copying from a period).
    pub fn work_estimate(&self, n: u64) -> u64 {
        if self.proven.is_some() && self.shortcut {
            return n.saturating_sub(self.len());
        }
        let w = self
            .solver
            .cost(self.len())
            .between(self.len(), n.saturating_add(1));
        if w >= u64::MAX as f64 {
            u64::MAX
        } else {
            w as u64
        }
    }

    /// Computes every value up to and including G(n). Keeps what it computed
    /// when interrupted and never recomputes a value.
    ///
    /// Callers check [`HeapTable::memory_estimate`] first. Should the memory
    /// still not be had, this returns `Ok(())` with fewer values than asked
    /// (see [`HeapTable::len`]); [`HeapTable::try_extend_to`] reports it.
    pub fn extend_to(&mut self, n: u64, watch: &mut dyn Watch) -> Result<(), Interrupted> {
        match self.try_extend_to(n, watch) {
            Ok(()) | Err(ExtendError::OutOfMemory { .. } | ExtendError::TooMuchWork { .. }) => {
                Ok(())
            }
            Err(ExtendError::Interrupted) => Err(Interrupted),
        }
    }

    /// As [`HeapTable::extend_to`], but says when memory ran out.
    pub fn try_extend_to(&mut self, n: u64, watch: &mut dyn Watch) -> Result<(), ExtendError> {
        self.extend(n, Allowance::ANY, false, watch)
    }

    /// Computes the first values if there are none yet: they are cheap,
    /// teach the solver its costs (for [`HeapTable::work_estimate`]) and
    /// may prove a period. Stops at heap `n` if that comes first. (Heap
    /// `WARM_UP` itself is included: the solvers revise their methods at
    /// powers of two, so its estimates then reflect the method it will use.)
    pub fn warm_up(&mut self, n: u64, watch: &mut dyn Watch) -> Result<(), ExtendError> {
        let first = WARM_UP.max(self.len()).min(n);
        self.extend(first, Allowance::ANY, false, watch)
    }

    /// Extends the table towards heap `n`: stops early once a period is
    /// proven if `until_proven`. After the first values ([`HeapTable::warm_up`]),
    /// refuses (`OutOfMemory`, `TooMuchWork`) when the table up to `n`
    /// would take more memory, or the rest more work, than `allow` gives.
    pub fn extend(
        &mut self,
        n: u64,
        allow: Allowance,
        until_proven: bool,
        watch: &mut dyn Watch,
    ) -> Result<(), ExtendError> {
        if n < self.len() || (until_proven && self.proven.is_some()) {
            return Ok(());
        }
        let oom = ExtendError::OutOfMemory {
            bytes: self.memory_estimate(n),
        };
        let target = n
            .checked_add(1)
            .and_then(|t| usize::try_from(t).ok())
            .ok_or(oom)?;
        // refuse sizes whose byte count does not even fit the address space
        if target.checked_mul(16).is_none() {
            return Err(oom);
        }
        if allow != Allowance::ANY {
            self.warm_up(n, watch)?;
            if n < self.len() || (until_proven && self.proven.is_some()) {
                return Ok(());
            }
            let bytes = self.memory_estimate(n);
            if bytes > allow.memory {
                return Err(ExtendError::OutOfMemory { bytes });
            }
            let work = self.work_estimate(n);
            if work > allow.work {
                return Err(ExtendError::TooMuchWork { work });
            }
        }
        let oom = ExtendError::OutOfMemory {
            bytes: self.memory_estimate(n),
        };
        self.vals.try_reserve_total(target).map_err(|_| oom)?;
        let from = self.len();
        watch.tick(from, target as u64)?;
        let mut ticker = Reporter {
            work: 0,
            done: 0.0,
            from,
            target: target as u64,
            cost: self.solver.cost(from),
            watch,
            max_value: self.max_value,
            shown: from,
        };
        let base = self.work_done;
        let done = self.compute(target, until_proven, &mut ticker, base, oom);
        self.work_done = base.saturating_add(ticker.total());
        done
    }

    /// The values up to `target` (see [`HeapTable::extend`]), computed in
    /// pieces that end at the powers of two, where the work so far is
    /// logged (`base`: the work before this extension).
    fn compute(
        &mut self,
        target: usize,
        until_proven: bool,
        ticker: &mut Reporter,
        base: u64,
        oom: ExtendError,
    ) -> Result<(), ExtendError> {
        loop {
            if self.proven.is_some() && self.shortcut {
                if until_proven {
                    return Ok(());
                }
                let stop = self.copy_from_period(target, ticker);
                self.max_value = ticker.max_value;
                match stop? {
                    None => return Ok(()),
                    Some(value) => {
                        self.widen(value, target).map_err(|_| oom)?;
                        continue;
                    }
                }
            }
            let piece = self
                .vals
                .len()
                .saturating_add(1)
                .next_power_of_two()
                .min(target);
            let stop = with_vals!(&mut self.vals, |v| self.solver.run(v, piece, ticker));
            self.max_value = ticker.max_value;
            match stop? {
                Stop::Done => {
                    let len = self.vals.len();
                    if len.is_power_of_two() && self.work_log.len() == len.trailing_zeros() as usize
                    {
                        self.work_log.push(base.saturating_add(ticker.total()));
                    }
                    if len >= target {
                        return Ok(());
                    }
                }
                Stop::Proven(period) => {
                    self.proven = Some(period);
                    if !self.shortcut {
                        // values keep being computed: nothing to copy
                        self.proven = None;
                    }
                }
                Stop::Wide(value) => {
                    // `value` does not fit the storage type: widen, then store it
                    self.widen(value, target).map_err(|_| oom)?;
                    self.max_value = self.max_value.max(value);
                    with_vals!(&mut self.vals, |v| self.solver.commit(v, value));
                    let done = self.vals.len();
                    ticker.watch.tick(done as u64, target as u64)?;
                }
            }
        }
    }

    /// The values a search may use, computing them as needed, in stages
    /// that end at the powers of two (from [`WARM_UP`] on) and at `n + 1`:
    /// a stage is taken only if the table up to its end fits
    /// `allow.memory` and its work counted from heap 0 fits `allow.work`.
    /// Stops early once a period is proven if `until_proven`. Returns how
    /// many values may be used (at most `n + 1`); [`HeapTable::stopped`]
    /// says what stopped it short.
    ///
    /// The work of a stage is estimated from the work logged at the two
    /// stages before it, never from values computed past them, so the
    /// stages a search takes depend on the rule and the allowance alone:
    /// not on how far earlier questions took the table. (The work of
    /// `G(0) .. G(2^k - 1)` is logged as the table passes `2^k`; the
    /// estimate for `c <= 2^(k+1)` values is `W_k (c / 2^k)^e`, where `e`
    /// is the exponent of the last doubling, `log2(W_k / W_(k-1))`, taken
    /// between 1 and 3.)
    pub fn reach(
        &mut self,
        n: u64,
        allow: Allowance,
        until_proven: bool,
        watch: &mut dyn Watch,
    ) -> Result<u64, ExtendError> {
        self.stopped = None;
        let want = n.saturating_add(1);
        let mut count = WARM_UP.min(want);
        self.extend(count - 1, Allowance::ANY, until_proven, watch)?;
        loop {
            let proven = until_proven && self.proven.is_some();
            if proven || count >= want {
                return Ok(self.len().min(count));
            }
            let next = count.saturating_mul(2).min(want);
            if self.memory_estimate(next - 1) > allow.memory {
                self.stopped = Some(StageLimit::Memory);
                return Ok(count);
            }
            if self.stage_work(count, next) > allow.work {
                self.stopped = Some(StageLimit::Work);
                return Ok(count);
            }
            self.extend(next - 1, Allowance::ANY, until_proven, watch)?;
            count = next;
        }
    }

    /// The work logged at each power of two of values (see
    /// [`HeapTable::reach`]).
    pub fn work_log(&self) -> &[u64] {
        &self.work_log
    }

    /// What stopped the last [`HeapTable::reach`] short of its heap.
    pub fn stopped(&self) -> Option<StageLimit> {
        self.stopped
    }

    /// The estimated work, counted from heap 0, of the first `next` values,
    /// from the log at `count = 2^k` values and at `2^(k-1)` (see
    /// [`HeapTable::reach`]). Without a log (values read back from a file)
    /// it is the work still to do.
    fn stage_work(&self, count: u64, next: u64) -> u64 {
        let k = count.trailing_zeros() as usize;
        let (Some(&w), Some(&before)) =
            (self.work_log.get(k), self.work_log.get(k.wrapping_sub(1)))
        else {
            return self.work_estimate(next - 1);
        };
        if !count.is_power_of_two() || w == 0 {
            return self.work_estimate(next - 1);
        }
        let e = if before == 0 {
            1.0
        } else {
            (w as f64 / before as f64).log2().clamp(1.0, 3.0)
        };
        let est = w as f64 * (next as f64 / count as f64).powf(e);
        if est >= u64::MAX as f64 {
            u64::MAX
        } else {
            est as u64
        }
    }

    /// Copies values from one period earlier (plus the saltus) until the
    /// table has `target` of them; returns a value that does not fit the
    /// storage type, not yet stored.
    fn copy_from_period(
        &mut self,
        target: usize,
        ticker: &mut Reporter,
    ) -> Result<Option<u64>, Interrupted> {
        let Some(period) = self.proven else {
            return Ok(None);
        };
        let p = period.period as usize;
        let s = period.saltus;
        with_vals!(&mut self.vals, |v| copy(v, p, s, target, ticker))
    }

    fn widen(&mut self, value: u64, capacity: usize) -> Result<(), ()> {
        self.vals = self.vals.widened(value, capacity)?;
        Ok(())
    }
}

/// Extends `v` to `target` values with `v[n] = v[n - p] + s`.
fn copy<T: Cell>(
    v: &mut Vec<T>,
    p: usize,
    s: u64,
    target: usize,
    ticker: &mut Reporter,
) -> Result<Option<u64>, Interrupted> {
    while v.len() < target {
        let len = v.len();
        let chunk = (target - len).min(p).min(1 << 16);
        if s == 0 {
            v.extend_from_within(len - p..len - p + chunk);
        } else {
            for i in len..len + chunk {
                let x: u64 = v[i - p].into();
                let y = x.saturating_add(s);
                if y > T::MAX {
                    return Ok(Some(y));
                }
                ticker.saw(y);
                v.push(T::from_u64(y));
            }
        }
        ticker.add(chunk as u64, v.len())?;
    }
    Ok(None)
}

/// The period a code's solver proved, as a [`Period`].
pub(crate) fn octal_period(n0: u64, p: u64, need: u64) -> Period {
    Period {
        preperiod: n0,
        period: p,
        saltus: 0,
        proof: Proof::OctalTheorem {
            checked_to: need - 1,
        },
    }
}
