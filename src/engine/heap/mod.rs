//! Dense bottom-up tables of the values G(0), G(1), ... of one heap rule.
//!
//! Values live in the narrowest unsigned type that holds them all (u8 first,
//! widened to u16, u32, u64 when a value needs it).
//!
//! Splitting rules (take-and-break codes with bit 4, Grundy's game) use the
//! rare/common split: the values are divided into a set C of "common" values
//! that is xor-free (no c1 ^ c2 = c3 with all three in C; hence 0 is not in
//! C) and the rest, R. A split of two heaps whose values are both common
//! has a value outside C. So the common values that a heap can reach are all
//! reached by splits where one part has a rare value, and those positions are
//! few in games with the "sparse space" behaviour. Each new value is first
//! found from the rare positions only; when that mex is common it is exact,
//! otherwise a full scan settles it (stopping as soon as the mex becomes
//! common). The split is rebuilt from the value counts as the table grows,
//! and is switched off when rare positions are not rare.

use std::ops::{BitXor, Range};

use super::rule::HeapRule;
use super::{Interrupted, Watch};

/// Why a table could not be extended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtendError {
    /// The watch stopped the work.
    Interrupted,
    /// The memory for the table could not be had; `bytes` is the estimate
    /// for the size that was asked.
    OutOfMemory { bytes: u64 },
}

impl From<Interrupted> for ExtendError {
    fn from(_: Interrupted) -> Self {
        ExtendError::Interrupted
    }
}

/// An unsigned type that values are stored in.
pub(crate) trait Cell:
    Copy + Eq + Default + Into<u64> + BitXor<Output = Self> + 'static
{
    const MAX: u64;
    /// `v` must be at most `MAX`.
    fn from_u64(v: u64) -> Self;
    #[inline(always)]
    fn idx(self) -> usize {
        let v: u64 = self.into();
        v as usize
    }
}

macro_rules! cell {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            const MAX: u64 = <$t>::MAX as u64;
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
        }
    )*};
}
cell!(u8, u16, u32, u64);

#[derive(Debug, Clone)]
enum Values {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

/// A borrowed view of the stored values, in their storage type.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Slice<'a> {
    U8(&'a [u8]),
    U16(&'a [u16]),
    U32(&'a [u32]),
    U64(&'a [u64]),
}

impl Values {
    fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
            Values::U64(v) => v.len(),
        }
    }

    fn get(&self, i: usize) -> Option<u64> {
        match self {
            Values::U8(v) => v.get(i).map(|&x| x.into()),
            Values::U16(v) => v.get(i).map(|&x| x.into()),
            Values::U32(v) => v.get(i).map(|&x| x.into()),
            Values::U64(v) => v.get(i).copied(),
        }
    }

    fn try_reserve_total(&mut self, total: usize) -> Result<(), ()> {
        fn go<T>(v: &mut Vec<T>, total: usize) -> Result<(), ()> {
            let more = total.saturating_sub(v.len());
            v.try_reserve_exact(more).map_err(|_| ())
        }
        match self {
            Values::U8(v) => go(v, total),
            Values::U16(v) => go(v, total),
            Values::U32(v) => go(v, total),
            Values::U64(v) => go(v, total),
        }
    }

    fn bytes_per_value(&self) -> u64 {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
            Values::U64(_) => 8,
        }
    }
}

fn convert<A: Cell, B: Cell>(a: &[A], capacity: usize) -> Result<Vec<B>, ()> {
    let mut b: Vec<B> = Vec::new();
    b.try_reserve_exact(capacity.max(a.len())).map_err(|_| ())?;
    b.extend(a.iter().map(|&x| B::from_u64(x.into())));
    Ok(b)
}

/// Work units between two calls of the watch.
const TICK_WORK: u64 = 1 << 18;

/// What a solver reports to while it computes: the watch (every
/// `TICK_WORK` units of work) and the largest value seen.
struct Ticker<'w> {
    work: u64,
    total: u64,
    watch: &'w mut dyn Watch,
    max_value: u64,
}

impl Ticker<'_> {
    #[inline]
    fn add(&mut self, work: u64, done: usize) -> Result<(), Interrupted> {
        self.work = self.work.saturating_add(work);
        if self.work >= TICK_WORK {
            self.work = 0;
            self.watch.tick(done as u64, self.total)
        } else {
            Ok(())
        }
    }

    #[inline]
    fn saw(&mut self, v: u64) {
        self.max_value = self.max_value.max(v);
    }
}

/// The values of one heap rule, computed bottom-up and kept.
#[derive(Debug, Clone)]
pub struct HeapTable {
    rule: HeapRule,
    vals: Values,
    max_value: u64,
    solver: Solver,
}

impl HeapTable {
    /// A table for `rule` (its sets normalized) with no value computed yet.
    pub fn new(rule: HeapRule) -> Self {
        let rule = rule.normalized();
        let solver = match &rule {
            HeapRule::Subtraction(s) => Solver::Subtraction(Subtraction {
                set: s.clone(),
                scratch: Vec::new(),
            }),
            HeapRule::AllBut(e) => Solver::AllBut(AllBut::new(e.clone())),
            HeapRule::TakeBreak(code) => {
                let mut whole = Vec::new();
                let mut leave = Vec::new();
                let mut two = Vec::new();
                let mut three = Vec::new();
                for (k, &d) in code.digits.iter().enumerate() {
                    if d & 1 != 0 && k > 0 {
                        whole.push(k);
                    }
                    if d & 2 != 0 && k > 0 {
                        leave.push(k);
                    }
                    if d & 4 != 0 {
                        two.push(k);
                    }
                    if d & 8 != 0 {
                        three.push(k);
                    }
                }
                let mut split = Split::new(whole, leave, two, three, false);
                split.theorem = Some((code.max_take(), u64::from(code.max_parts())));
                Solver::Split(Box::new(split))
            }
            HeapRule::Grundy => {
                Solver::Split(Box::new(Split::new(vec![], vec![], vec![0], vec![], true)))
            }
        };
        HeapTable {
            rule,
            vals: Values::U8(Vec::new()),
            max_value: 0,
            solver,
        }
    }

    /// Turns the rare/common split for splitting rules on (the default) or
    /// off; values are the same either way, only the time differs. For
    /// benchmarks and tests.
    pub fn with_rare_common(mut self, on: bool) -> Self {
        if let Solver::Split(s) = &mut self.solver {
            s.rc.next = if on { s.rc.last.max(64) } else { usize::MAX };
            if !on {
                s.rc.on = false;
                s.rc.rare = Vec::new();
            }
        }
        self
    }

    /// Turns off (or back on) the use of a proven period: by default, once
    /// the periodicity theorem proves a period for a code, later values are
    /// copied from one period earlier instead of computed. Takes effect for
    /// later checks only (call it before computing). For benchmarks and
    /// tests.
    pub fn with_period_shortcut(mut self, on: bool) -> Self {
        if let Solver::Split(s) = &mut self.solver {
            s.next_period_check = if on {
                s.next_period_check.min(128)
            } else {
                usize::MAX
            };
        }
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

    /// The known values with index in `range` (clamped to what is known).
    pub fn values(&self, range: Range<u64>) -> impl Iterator<Item = u64> + '_ {
        let end = range.end.min(self.len());
        (range.start.min(end)..end).filter_map(move |i| self.get(i))
    }

    /// The period (pre-period, period) that the periodicity theorem proved
    /// while the table grew (codes only; checked at each doubling), if any.
    /// It is minimal, like the one `find_period` reports.
    pub fn proven_period(&self) -> Option<(u64, u64)> {
        match &self.solver {
            Solver::Split(s) => s.periodic.map(|(n0, p)| (n0 as u64, p as u64)),
            _ => None,
        }
    }

    /// The largest value computed so far (0 for an empty table).
    pub fn max_value(&self) -> u64 {
        self.max_value
    }

    /// The stored values as a slice of their storage type.
    pub(crate) fn slice(&self) -> Slice<'_> {
        match &self.vals {
            Values::U8(v) => Slice::U8(v),
            Values::U16(v) => Slice::U16(v),
            Values::U32(v) => Slice::U32(v),
            Values::U64(v) => Slice::U64(v),
        }
    }

    /// About how many bytes the table takes once it holds G(0) .. G(n)
    /// (values, counts and search structures). Callers compare it with their
    /// memory limit before extending. Saturates instead of overflowing.
    pub fn memory_estimate(&self, n: u64) -> u64 {
        let count = n.saturating_add(1);
        let per_value: u64 = match &self.solver {
            // values are at most |S|
            Solver::Subtraction(s) => bytes_for(s.set.len() as u64),
            // values may reach n, plus a count per value
            Solver::AllBut(_) => bytes_for(n).saturating_add(4),
            Solver::Split(s) => {
                // values (u16 is ample for known games), the list of rare
                // positions (at most a quarter of them while it is used) and,
                // with three-heap splits, a bitset of pair values per heap
                let values = self.vals.bytes_per_value().max(2);
                let pairs = if s.three.is_empty() || s.periodic.is_some() {
                    0
                } else {
                    // values of three-heap games tend to grow with the heap:
                    // extrapolate the largest value so far linearly
                    let len = self.len().max(1);
                    let grown =
                        (u128::from(self.max_value) + 1) * u128::from(count) / u128::from(len);
                    let grown = u64::try_from(grown).unwrap_or(u64::MAX);
                    let width = grown
                        .max(s.width as u64)
                        .checked_next_power_of_two()
                        .unwrap_or(u64::MAX);
                    (width / 64).max(1).saturating_mul(8)
                };
                values.saturating_add(2).saturating_add(pairs)
            }
        };
        count.saturating_mul(per_value).saturating_add(1 << 16)
    }

    /// Computes every value up to and including G(n). Keeps what it computed
    /// when interrupted and never recomputes a value.
    ///
    /// Callers check [`HeapTable::memory_estimate`] first. Should the memory
    /// still not be had, this returns `Ok(())` with fewer values than asked
    /// (see [`HeapTable::len`]); [`HeapTable::try_extend_to`] reports it.
    pub fn extend_to(&mut self, n: u64, watch: &mut dyn Watch) -> Result<(), Interrupted> {
        match self.try_extend_to(n, watch) {
            Ok(()) | Err(ExtendError::OutOfMemory { .. }) => Ok(()),
            Err(ExtendError::Interrupted) => Err(Interrupted),
        }
    }

    /// As [`HeapTable::extend_to`], but says when memory ran out.
    pub fn try_extend_to(&mut self, n: u64, watch: &mut dyn Watch) -> Result<(), ExtendError> {
        if n < self.len() {
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
        self.vals.try_reserve_total(target).map_err(|_| oom)?;
        watch.tick(self.len(), target as u64)?;
        loop {
            let mut ticker = Ticker {
                work: 0,
                total: target as u64,
                watch: &mut *watch,
                max_value: self.max_value,
            };
            let pending = match &mut self.vals {
                Values::U8(v) => self.solver.run(v, target, &mut ticker),
                Values::U16(v) => self.solver.run(v, target, &mut ticker),
                Values::U32(v) => self.solver.run(v, target, &mut ticker),
                Values::U64(v) => self.solver.run(v, target, &mut ticker),
            };
            self.max_value = ticker.max_value;
            let Some(value) = pending? else {
                return Ok(());
            };
            // `value` does not fit the storage type: widen, then store it
            self.widen(value, target).map_err(|_| oom)?;
            self.max_value = self.max_value.max(value);
            match &mut self.vals {
                Values::U8(v) => self.solver.commit(v, value),
                Values::U16(v) => self.solver.commit(v, value),
                Values::U32(v) => self.solver.commit(v, value),
                Values::U64(v) => self.solver.commit(v, value),
            }
            let done = self.vals.len();
            watch.tick(done as u64, target as u64)?;
        }
    }

    fn widen(&mut self, value: u64, capacity: usize) -> Result<(), ()> {
        let wide = |a: Slice<'_>| -> Result<Values, ()> {
            Ok(if value <= u16::MAX as u64 {
                Values::U16(match a {
                    Slice::U8(a) => convert(a, capacity)?,
                    Slice::U16(a) => convert(a, capacity)?,
                    Slice::U32(a) => convert(a, capacity)?,
                    Slice::U64(a) => convert(a, capacity)?,
                })
            } else if value <= u32::MAX as u64 {
                Values::U32(match a {
                    Slice::U8(a) => convert(a, capacity)?,
                    Slice::U16(a) => convert(a, capacity)?,
                    Slice::U32(a) => convert(a, capacity)?,
                    Slice::U64(a) => convert(a, capacity)?,
                })
            } else {
                Values::U64(match a {
                    Slice::U8(a) => convert(a, capacity)?,
                    Slice::U16(a) => convert(a, capacity)?,
                    Slice::U32(a) => convert(a, capacity)?,
                    Slice::U64(a) => convert(a, capacity)?,
                })
            })
        };
        let new = wide(self.slice())?;
        self.vals = new;
        Ok(())
    }
}

fn bytes_for(max: u64) -> u64 {
    if max <= u8::MAX as u64 {
        1
    } else if max <= u16::MAX as u64 {
        2
    } else if max <= u32::MAX as u64 {
        4
    } else {
        8
    }
}

#[derive(Debug, Clone)]
enum Solver {
    Subtraction(Subtraction),
    AllBut(AllBut),
    Split(Box<Split>),
}

impl Solver {
    /// Computes values until `vals` has `target` of them. Returns the value
    /// of the next heap, not yet stored, if it does not fit in `T`.
    fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Ticker,
    ) -> Result<Option<u64>, Interrupted> {
        match self {
            Solver::Subtraction(s) => s.run(vals, target, ticker),
            Solver::AllBut(s) => s.run(vals, target, ticker),
            Solver::Split(s) => s.run(vals, target, ticker),
        }
    }

    /// Stores `v` as the next value and updates the solver's bookkeeping.
    fn commit<T: Cell>(&mut self, vals: &mut Vec<T>, v: u64) {
        match self {
            Solver::Subtraction(_) => vals.push(T::from_u64(v)),
            Solver::AllBut(s) => s.commit(vals, v),
            Solver::Split(s) => s.commit(vals, v),
        }
    }
}

mod split;
mod subtraction;
#[cfg(test)]
mod tests;

use split::Split;
use subtraction::{AllBut, Subtraction};
