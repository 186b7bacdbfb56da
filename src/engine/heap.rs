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

struct Ticker {
    work: u64,
    total: u64,
}

impl Ticker {
    #[inline]
    fn add(&mut self, work: u64, done: usize, watch: &mut dyn Watch) -> Result<(), Interrupted> {
        self.work = self.work.saturating_add(work);
        if self.work >= TICK_WORK {
            self.work = 0;
            watch.tick(done as u64, self.total)
        } else {
            Ok(())
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
        let mut ticker = Ticker {
            work: 0,
            total: target as u64,
        };
        watch.tick(self.len(), target as u64)?;
        loop {
            let pending = match &mut self.vals {
                Values::U8(v) => {
                    self.solver
                        .run(v, target, watch, &mut ticker, &mut self.max_value)?
                }
                Values::U16(v) => {
                    self.solver
                        .run(v, target, watch, &mut ticker, &mut self.max_value)?
                }
                Values::U32(v) => {
                    self.solver
                        .run(v, target, watch, &mut ticker, &mut self.max_value)?
                }
                Values::U64(v) => {
                    self.solver
                        .run(v, target, watch, &mut ticker, &mut self.max_value)?
                }
            };
            let Some(value) = pending else {
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
        watch: &mut dyn Watch,
        ticker: &mut Ticker,
        max_value: &mut u64,
    ) -> Result<Option<u64>, Interrupted> {
        match self {
            Solver::Subtraction(s) => s.run(vals, target, watch, ticker, max_value),
            Solver::AllBut(s) => s.run(vals, target, watch, ticker, max_value),
            Solver::Split(s) => s.run(vals, target, watch, ticker, max_value),
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

// ---------------------------------------------------------------------------
// Finite subtraction: mex over at most |S| options.

#[derive(Debug, Clone)]
struct Subtraction {
    set: Vec<u64>,
    scratch: Vec<u64>,
}

impl Subtraction {
    fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        watch: &mut dyn Watch,
        ticker: &mut Ticker,
        max_value: &mut u64,
    ) -> Result<Option<u64>, Interrupted> {
        let words = self.set.len() / 64 + 1;
        self.scratch.resize(words, 0);
        let cost = self.set.len() as u64 + 1;
        while vals.len() < target {
            let n = vals.len();
            let v = if words == 1 {
                let mut acc = 0u64;
                for &k in &self.set {
                    if k > n as u64 {
                        break;
                    }
                    acc |= 1u64 << (vals[n - k as usize].idx() & 63);
                }
                (!acc).trailing_zeros() as u64
            } else {
                let marks = &mut self.scratch;
                marks.fill(0);
                for &k in &self.set {
                    if k > n as u64 {
                        break;
                    }
                    let x = vals[n - k as usize].idx();
                    if let Some(w) = marks.get_mut(x >> 6) {
                        *w |= 1 << (x & 63);
                    }
                }
                Bits(marks).mex_from(0) as u64
            };
            if v > T::MAX {
                return Ok(Some(v));
            }
            *max_value = (*max_value).max(v);
            vals.push(T::from_u64(v));
            ticker.add(cost, vals.len(), watch)?;
        }
        Ok(None)
    }
}

// ---------------------------------------------------------------------------
// All-but subtraction: every smaller heap is an option except the few
// `n - e`. Keep how often each value occurred (saturated: only "more than the
// number of exclusions" matters) and the mex of all values so far; a value is
// missing for heap n when all its occurrences are excluded.

#[derive(Debug, Clone)]
struct AllBut {
    excluded: Vec<u64>,
    counts: Vec<u32>,
    cap: u32,
    mex_all: usize,
    scratch: Vec<u64>,
}

impl AllBut {
    fn new(excluded: Vec<u64>) -> Self {
        let cap = u32::try_from(excluded.len())
            .unwrap_or(u32::MAX - 1)
            .saturating_add(1);
        AllBut {
            excluded,
            counts: Vec::new(),
            cap,
            mex_all: 0,
            scratch: Vec::new(),
        }
    }

    fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        watch: &mut dyn Watch,
        ticker: &mut Ticker,
        max_value: &mut u64,
    ) -> Result<Option<u64>, Interrupted> {
        let cost = self.excluded.len() as u64 + 1;
        while vals.len() < target {
            let n = vals.len();
            self.scratch.clear();
            for &e in &self.excluded {
                if e > n as u64 {
                    break;
                }
                self.scratch.push(vals[n - e as usize].into());
            }
            self.scratch.sort_unstable();
            let mut v = self.mex_all as u64;
            let mut i = 0;
            while i < self.scratch.len() {
                let x = self.scratch[i];
                let mut j = i;
                while j < self.scratch.len() && self.scratch[j] == x {
                    j += 1;
                }
                if x >= v {
                    break;
                }
                let seen = self.counts.get(x as usize).copied().unwrap_or(0) as usize;
                if seen <= j - i {
                    v = x;
                    break;
                }
                i = j;
            }
            if v > T::MAX {
                return Ok(Some(v));
            }
            *max_value = (*max_value).max(v);
            self.commit(vals, v);
            ticker.add(cost, vals.len(), watch)?;
        }
        Ok(None)
    }

    fn commit<T: Cell>(&mut self, vals: &mut Vec<T>, v: u64) {
        vals.push(T::from_u64(v));
        // v <= mex_all <= counts.len(), so at most one new slot is needed
        let v = v as usize;
        if v >= self.counts.len() {
            self.counts.resize(v + 1, 0);
        }
        self.counts[v] = self.counts[v].saturating_add(1).min(self.cap);
        while self.counts.get(self.mex_all).is_some_and(|&c| c > 0) {
            self.mex_all += 1;
        }
    }
}

// ---------------------------------------------------------------------------
// Splitting rules: take-and-break codes and Grundy's game.

/// A set of option values being marked, with its mex.
trait Marks {
    fn set(&mut self, x: usize);
    fn has(&self, x: usize) -> bool;
    /// The smallest unmarked value `>= from` (the capacity if all are marked).
    fn mex_from(&self, from: usize) -> usize;
}

/// Marks for values below 64, in one register.
struct Reg(u64);

impl Marks for Reg {
    #[inline(always)]
    fn set(&mut self, x: usize) {
        self.0 |= 1u64 << (x & 63);
    }
    #[inline(always)]
    fn has(&self, x: usize) -> bool {
        x < 64 && (self.0 >> x) & 1 != 0
    }
    #[inline]
    fn mex_from(&self, from: usize) -> usize {
        if from >= 64 {
            return 64;
        }
        let free = !self.0 >> from;
        if free == 0 {
            64
        } else {
            from + free.trailing_zeros() as usize
        }
    }
}

/// Marks in a slice of words.
struct Bits<'a>(&'a mut [u64]);

impl Marks for Bits<'_> {
    #[inline(always)]
    fn set(&mut self, x: usize) {
        if let Some(w) = self.0.get_mut(x >> 6) {
            *w |= 1u64 << (x & 63);
        }
    }
    #[inline(always)]
    fn has(&self, x: usize) -> bool {
        self.0.get(x >> 6).is_some_and(|w| (w >> (x & 63)) & 1 != 0)
    }
    fn mex_from(&self, from: usize) -> usize {
        let mut i = from >> 6;
        if i >= self.0.len() {
            return self.0.len() * 64;
        }
        let free = !self.0[i] >> (from & 63);
        if free != 0 {
            return from + free.trailing_zeros() as usize;
        }
        i += 1;
        while i < self.0.len() {
            let free = !self.0[i];
            if free != 0 {
                return i * 64 + free.trailing_zeros() as usize;
            }
            i += 1;
        }
        self.0.len() * 64
    }
}

/// Moves every bit at position b of `w` to position b ^ x (x < 64).
#[inline]
fn xor_permute(mut w: u64, x: usize) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (i, &m) in MASKS.iter().enumerate() {
        if (x >> i) & 1 != 0 {
            let s = 1u32 << i;
            w = ((w & m) << s) | ((w >> s) & m);
        }
    }
    w
}

/// Pairs scanned between two looks at the mex in the early-exit scan.
const SCAN_BLOCK: usize = 16;
const UNKNOWN: u8 = 0;
const COMMON: u8 = 1;
const RARE: u8 = 2;
/// Above this many distinct possible values the split is not used (its
/// classification costs the square of it).
const RC_MAX_WIDTH: usize = 4096;

/// The rare/common split (see the module documentation).
#[derive(Debug, Clone, Default)]
struct RareCommon {
    /// Whether new values are computed through the split.
    on: bool,
    /// Per value: UNKNOWN, COMMON or RARE.
    class: Vec<u8>,
    commons: Vec<usize>,
    /// Heaps >= 1 whose value is not common, ascending (kept while `on`).
    rare: Vec<usize>,
    /// Table length at the last rebuild, and when to rebuild next.
    last: usize,
    next: usize,
    rare_since: usize,
}

impl RareCommon {
    #[inline]
    fn is_common(&mut self, v: usize) -> bool {
        match self.class.get(v) {
            Some(&COMMON) => true,
            Some(&RARE) => false,
            _ => self.classify(v),
        }
    }

    /// Puts a value no heap has yet into C when C stays xor-free, else in R.
    fn classify(&mut self, v: usize) -> bool {
        if v >= self.class.len() {
            self.class.resize((v + 1).next_power_of_two(), UNKNOWN);
        }
        let ok = v != 0
            && self
                .commons
                .iter()
                .all(|&c| self.class.get(v ^ c) != Some(&COMMON));
        self.class[v] = if ok { COMMON } else { RARE };
        if ok {
            self.commons.push(v);
        }
        ok
    }
}

#[derive(Debug, Clone)]
struct Split {
    /// k with bit 1: a heap of exactly k may be removed.
    whole: Vec<usize>,
    /// k >= 1 with bit 2: removing k may leave one heap.
    leave: Vec<usize>,
    /// k with bit 4 (two heaps left), ascending.
    two: Vec<usize>,
    /// k with bit 8 (three heaps left), ascending.
    three: Vec<usize>,
    /// The two heaps must differ (Grundy's game).
    unequal: bool,
    /// A power of two >= 64 above every value so far.
    width: usize,
    bits: Vec<u64>,
    counts: Vec<u64>,
    rc: RareCommon,
    /// With three-heap splits: for each s, the set of values of the splits
    /// of s into two non-empty heaps, `width / 64` words per s.
    pairs: Vec<u64>,
    /// For codes: the largest number of tokens taken and of heaps left, for
    /// the periodicity theorem.
    theorem: Option<(u64, u64)>,
    /// When to look for a proven period next (table length).
    next_period_check: usize,
    /// A period proven by the theorem: (pre-period, period). Every later
    /// value is copied from one period earlier.
    periodic: Option<(usize, usize)>,
}

impl Split {
    fn new(
        whole: Vec<usize>,
        leave: Vec<usize>,
        two: Vec<usize>,
        three: Vec<usize>,
        unequal: bool,
    ) -> Self {
        Split {
            whole,
            leave,
            two,
            three,
            unequal,
            width: 64,
            bits: vec![0; 1],
            counts: Vec::new(),
            rc: RareCommon {
                next: 64,
                ..RareCommon::default()
            },
            pairs: Vec::new(),
            theorem: None,
            next_period_check: 128,
            periodic: None,
        }
    }

    fn rc_possible(&self) -> bool {
        self.three.is_empty() && !self.two.is_empty()
    }

    fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        watch: &mut dyn Watch,
        ticker: &mut Ticker,
        max_value: &mut u64,
    ) -> Result<Option<u64>, Interrupted> {
        while vals.len() < target {
            if let Some((_, p)) = self.periodic {
                // proven periodic: copy from one period earlier
                let len = vals.len();
                let chunk = (target - len).min(p).min(1 << 16);
                vals.extend_from_within(len - p..len - p + chunk);
                ticker.add(chunk as u64, vals.len(), watch)?;
                continue;
            }
            let (v, work) = if !self.three.is_empty() {
                self.value3(vals)
            } else if self.width == 64 {
                let mut marks = Reg(0);
                let work = self.value2(vals, &mut marks);
                (work.0, work.1)
            } else {
                let mut bits = std::mem::take(&mut self.bits);
                bits.fill(0);
                let r = self.value2(vals, &mut Bits(&mut bits));
                self.bits = bits;
                r
            };
            if v > T::MAX {
                return Ok(Some(v));
            }
            *max_value = (*max_value).max(v);
            self.commit(vals, v);
            ticker.add(work, vals.len(), watch)?;
            if vals.len() >= self.next_period_check {
                self.check_period(vals, watch)?;
            }
        }
        Ok(None)
    }

    /// Looks for a period proven by the periodicity theorem (codes only), at
    /// every doubling of the table; once found, later values are copies.
    fn check_period<T: Cell>(
        &mut self,
        vals: &[T],
        watch: &mut dyn Watch,
    ) -> Result<(), Interrupted> {
        self.next_period_check = vals.len().saturating_mul(2);
        let Some((t, parts)) = self.theorem else {
            return Ok(());
        };
        if let Some((n0, p, _)) = super::period::theorem_scan(vals, t, parts, watch)?.proven {
            // the scan only proves periods whose check lies within the
            // table, so n0 + p <= len
            self.periodic = Some((n0 as usize, p as usize));
            self.rc = RareCommon::default();
            self.pairs = Vec::new();
        }
        Ok(())
    }

    /// Marks the options that do not split.
    #[inline]
    fn mark_takes<T: Cell, M: Marks>(&self, vals: &[T], marks: &mut M) {
        let n = vals.len();
        for &k in &self.whole {
            if k == n {
                marks.set(0);
            }
        }
        for &k in &self.leave {
            if k < n {
                marks.set(vals[n - k].idx());
            }
        }
    }

    /// The value of heap `vals.len()` for rules with at most two-heap splits;
    /// returns it with a measure of the work done.
    fn value2<T: Cell, M: Marks>(&mut self, vals: &[T], marks: &mut M) -> (u64, u64) {
        let n = vals.len();
        self.mark_takes(vals, marks);
        let mut work = 1 + self.whole.len() as u64 + self.leave.len() as u64;
        let unequal = self.unequal;
        let half_of = |m: usize| if unequal { (m - 1) / 2 } else { m / 2 };
        if !self.rc.on {
            for &k in &self.two {
                if k + 2 > n {
                    break;
                }
                let m = n - k;
                let half = half_of(m);
                let lo = &vals[1..=half];
                let hi = &vals[m - half..m];
                let len = lo.len().min(hi.len());
                for t in 0..len {
                    marks.set((lo[t] ^ hi[len - 1 - t]).idx());
                }
                work += half as u64;
            }
            return (marks.mex_from(0) as u64, work);
        }
        // splits in which one part is a rare position
        for &k in &self.two {
            if k + 2 > n {
                break;
            }
            let m = n - k;
            for &r in &self.rc.rare {
                if r >= m {
                    break;
                }
                if unequal && 2 * r == m {
                    continue;
                }
                marks.set((vals[r] ^ vals[m - r]).idx());
            }
            work += self.rc.rare.len() as u64;
        }
        let mut result = marks.mex_from(0);
        if self.rc.is_common(result) {
            // common-common splits never reach a common value
            return (result as u64, work);
        }
        // full scan, until the mex is common: all digits side by side, in
        // blocks of pairs, so that whichever digit reaches the missing
        // values ends it
        let Some(&k0) = self.two.first() else {
            return (result as u64, work);
        };
        let longest = if k0 + 2 > n { 0 } else { half_of(n - k0) };
        let mut i = 0;
        while i < longest {
            let end = (i + SCAN_BLOCK).min(longest);
            for &k in &self.two {
                if k + 2 > n {
                    break;
                }
                let m = n - k;
                let e = end.min(half_of(m));
                if e <= i {
                    break;
                }
                // pairs (1 + j, m - 1 - j) for j in i..e
                let lo = &vals[1 + i..1 + e];
                let hi = &vals[m - e..m - i];
                let len = lo.len().min(hi.len());
                for t in 0..len {
                    marks.set((lo[t] ^ hi[len - 1 - t]).idx());
                }
                work += len as u64;
            }
            i = end;
            if marks.has(result) {
                result = marks.mex_from(result);
                if self.rc.is_common(result) {
                    break;
                }
            }
        }
        (result as u64, work)
    }

    /// The value of heap `vals.len()` for codes with three-heap splits; also
    /// records the pair values of that heap.
    fn value3<T: Cell>(&mut self, vals: &[T]) -> (u64, u64) {
        let n = vals.len();
        let stride = self.width / 64;
        // the pair values of n
        let row = self.pairs.len();
        self.pairs.resize(row + stride, 0);
        {
            let mut p = Bits(&mut self.pairs[row..row + stride]);
            let half = n / 2;
            if half >= 1 {
                for (&x, &y) in vals[1..=half].iter().zip(vals[n - half..n].iter().rev()) {
                    p.set((x ^ y).idx());
                }
            }
        }
        let mut bits = std::mem::take(&mut self.bits);
        bits.fill(0);
        let mut work = 1 + n as u64 / 2;
        {
            let mut marks = Bits(&mut bits);
            self.mark_takes(vals, &mut marks);
        }
        for &k in &self.two {
            if k + 2 > n {
                break;
            }
            let s = n - k;
            for (b, &w) in bits
                .iter_mut()
                .zip(&self.pairs[s * stride..(s + 1) * stride])
            {
                *b |= w;
            }
            work += stride as u64;
        }
        for &k in &self.three {
            if k + 3 > n {
                break;
            }
            let m = n - k;
            for (c, &x) in vals.iter().enumerate().take(m - 1).skip(1) {
                let g = x.idx();
                let (hi, lo) = (g >> 6, g & 63);
                let s = m - c;
                for (j, &w) in self.pairs[s * stride..(s + 1) * stride].iter().enumerate() {
                    if w != 0
                        && let Some(b) = bits.get_mut(j ^ hi)
                    {
                        *b |= xor_permute(w, lo);
                    }
                }
            }
            work += (m as u64) * stride as u64;
        }
        let v = Bits(&mut bits).mex_from(0) as u64;
        self.bits = bits;
        (v, work)
    }

    fn commit<T: Cell>(&mut self, vals: &mut Vec<T>, v: u64) {
        let n = vals.len();
        vals.push(T::from_u64(v));
        let vi = v as usize;
        if vi >= self.counts.len() {
            self.counts.resize(vi + 1, 0);
        }
        self.counts[vi] += 1;
        if vi >= self.width {
            self.grow(vi);
        }
        if self.rc.on && !self.rc.is_common(vi) && n >= 1 {
            self.rc.rare.push(n);
            self.rc.rare_since += 1;
        }
        let len = n + 1;
        if self.rc_possible() {
            let since = len - self.rc.last;
            let crowded =
                self.rc.on && since >= 64.max(self.rc.last / 8) && self.rc.rare_since * 4 > since;
            if len >= self.rc.next || crowded {
                self.rebuild(vals);
            }
        }
    }

    /// Makes room for values up to `v`.
    fn grow(&mut self, v: usize) {
        let old_stride = self.width / 64;
        while self.width <= v {
            self.width *= 2;
        }
        let stride = self.width / 64;
        self.bits = vec![0; stride];
        if !self.three.is_empty() {
            let rows = self.pairs.len() / old_stride.max(1);
            let mut pairs = vec![0u64; rows * stride];
            for r in 0..rows {
                pairs[r * stride..r * stride + old_stride]
                    .copy_from_slice(&self.pairs[r * old_stride..(r + 1) * old_stride]);
            }
            self.pairs = pairs;
        }
    }

    /// Chooses C greedily from the most frequent values and lists the rare
    /// positions again.
    fn rebuild<T: Cell>(&mut self, vals: &[T]) {
        let len = vals.len();
        let mut order: Vec<usize> = (0..self.counts.len())
            .filter(|&v| self.counts[v] > 0)
            .collect();
        order.sort_by(|&a, &b| self.counts[b].cmp(&self.counts[a]).then(a.cmp(&b)));
        let rc = &mut self.rc;
        rc.class.clear();
        rc.class.resize(2 * self.width, UNKNOWN);
        rc.commons.clear();
        for v in order {
            rc.classify(v);
        }
        rc.rare.clear();
        for (p, &x) in vals.iter().enumerate().skip(1) {
            if rc.class[x.idx()] != COMMON {
                rc.rare.push(p);
            }
        }
        rc.on = self.width <= RC_MAX_WIDTH && rc.rare.len() * 4 <= len;
        if !rc.on {
            rc.rare = Vec::new();
        }
        rc.last = len;
        rc.next = (2 * len).max(64);
        rc.rare_since = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::super::code::{Code, parse_code};
    use super::super::{Interrupted, Quiet};
    use super::*;
    use rustc_hash::FxHashMap;

    /// Plain recursion with memo over `rule.moves(n)`.
    pub(crate) struct Naive {
        rule: HeapRule,
        memo: FxHashMap<u64, u64>,
    }

    impl Naive {
        pub(crate) fn new(rule: HeapRule) -> Self {
            Naive {
                rule,
                memo: FxHashMap::default(),
            }
        }
        pub(crate) fn value(&mut self, n: u64) -> u64 {
            if let Some(&v) = self.memo.get(&n) {
                return v;
            }
            let mut seen = std::collections::BTreeSet::new();
            for m in self.rule.moves(n) {
                let mut x = 0;
                for h in m.heaps {
                    x ^= self.value(h);
                }
                seen.insert(x);
            }
            let mut v = 0;
            while seen.contains(&v) {
                v += 1;
            }
            self.memo.insert(n, v);
            v
        }
    }

    fn table(rule: HeapRule, n: u64) -> HeapTable {
        let mut t = HeapTable::new(rule);
        t.extend_to(n, &mut Quiet).unwrap();
        t
    }

    fn code(text: &str) -> HeapRule {
        HeapRule::TakeBreak(parse_code(text, false).unwrap())
    }

    fn hexcode(text: &str) -> HeapRule {
        HeapRule::TakeBreak(parse_code(text, true).unwrap())
    }

    const KAYLES: [u64; 84] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    ];

    /// OEIS A002188.
    pub(crate) const GRUNDY: [u64; 100] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5,
    ];

    /// OEIS A002187 (Dawson's chess, 0.137).
    const DAWSON_CHESS: [u64; 40] = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3,
    ];

    #[test]
    fn kayles_published_and_naive() {
        let t = table(code("0.77"), 83);
        let got: Vec<u64> = t.values(0..84).collect();
        assert_eq!(got, KAYLES);
        let mut naive = Naive::new(code("0.77"));
        for n in 0..84 {
            assert_eq!(naive.value(n), KAYLES[n as usize], "naive kayles at {n}");
        }
    }

    #[test]
    fn grundy_published_and_naive() {
        let t = table(HeapRule::Grundy, 99);
        let got: Vec<u64> = t.values(0..100).collect();
        assert_eq!(got, GRUNDY);
        let mut naive = Naive::new(HeapRule::Grundy);
        let naive: Vec<u64> = (0..100).map(|n| naive.value(n)).collect();
        assert_eq!(naive, GRUNDY);
    }

    #[test]
    fn dawson_chess_and_kayles_shift() {
        let chess = table(code("0.137"), 200);
        let got: Vec<u64> = chess.values(0..40).collect();
        assert_eq!(got, DAWSON_CHESS);
        // Dawson's Kayles at n + 1 is Dawson's chess at n
        let dk = table(code("0.07"), 201);
        for n in 0..=200 {
            assert_eq!(dk.get(n + 1), chess.get(n), "at {n}");
        }
        assert_eq!(dk.get(0), Some(0));
    }

    #[test]
    fn subtraction_and_all_but() {
        let t = table(HeapRule::subtraction([1, 2, 3]).unwrap(), 20);
        for n in 0..=20 {
            assert_eq!(t.get(n), Some(n % 4));
        }
        // nim: every heap may be taken down to any size
        let nim = table(HeapRule::all_but([]), 600);
        for n in 0..=600 {
            assert_eq!(nim.get(n), Some(n));
        }
        assert!(matches!(nim.vals, Values::U16(_)));
        // all but {1}: take at least 2
        let t = table(HeapRule::all_but([1]), 30);
        for n in 0..=30 {
            assert_eq!(t.get(n), Some(n / 2), "at {n}");
        }
        assert_eq!(
            table(HeapRule::Subtraction(vec![]), 5)
                .values(0..6)
                .sum::<u64>(),
            0
        );
        assert_eq!(
            table(
                HeapRule::TakeBreak(Code {
                    digits: vec![],
                    hex: false
                }),
                5
            )
            .max_value(),
            0
        );
    }

    /// A small deterministic generator (xorshift64*).
    pub(crate) struct Rng(u64);
    impl Rng {
        pub(crate) fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        pub(crate) fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn check_against_naive(rule: HeapRule, upto: u64) {
        let t = table(rule.clone(), upto);
        let mut naive = Naive::new(rule.clone());
        for n in 0..=upto {
            assert_eq!(t.get(n), Some(naive.value(n)), "{} at {n}", rule.describe());
        }
    }

    #[test]
    fn random_rules_agree_with_naive() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..150 {
            let hex = rng.below(4) == 0;
            let len = 1 + rng.below(6) as usize;
            let mut digits: Vec<u8> = (0..len)
                .map(|_| rng.below(if hex { 16 } else { 8 }) as u8)
                .collect();
            digits[0] = if rng.below(3) == 0 {
                4 * rng.below(if hex { 4 } else { 2 }) as u8
            } else {
                0
            };
            while digits.last() == Some(&0) {
                digits.pop();
            }
            check_against_naive(
                HeapRule::TakeBreak(Code { digits, hex }),
                if hex { 40 } else { 60 },
            );
        }
        for _ in 0..100 {
            let size = 1 + rng.below(5);
            let set: Vec<u64> = (0..size).map(|_| 1 + rng.below(9)).collect();
            check_against_naive(HeapRule::subtraction(set.clone()).unwrap(), 60);
            check_against_naive(HeapRule::all_but(set), 60);
        }
        check_against_naive(HeapRule::Grundy, 60);
    }

    #[test]
    fn rare_common_split_agrees_with_plain_scan() {
        // long enough for several rebuilds of the split; the plain scan is
        // forced by a second table whose split is never switched on
        for text in [
            "0.77", "0.07", "0.137", "0.45", "0.156", "0.16", "4.0", "0.4", "0.644", "0.356",
        ] {
            let rule = code(text);
            let mut fast = HeapTable::new(rule.clone()).with_period_shortcut(false);
            fast.extend_to(3000, &mut Quiet).unwrap();
            let mut plain = HeapTable::new(rule)
                .with_rare_common(false)
                .with_period_shortcut(false);
            plain.extend_to(3000, &mut Quiet).unwrap();
            let a: Vec<u64> = fast.values(0..3001).collect();
            let b: Vec<u64> = plain.values(0..3001).collect();
            assert_eq!(a, b, "{text}");
        }
        let fast = table(HeapRule::Grundy, 5000);
        let mut plain = HeapTable::new(HeapRule::Grundy).with_rare_common(false);
        plain.extend_to(5000, &mut Quiet).unwrap();
        assert!(fast.values(0..5001).eq(plain.values(0..5001)));
    }

    #[test]
    fn period_shortcut_agrees_with_computing() {
        for text in [
            "0.137", "0.07", "0.77", "0.45", "0.156", "4.0", "0.33", "0.6",
        ] {
            let short = table(code(text), 20_000);
            let mut long = HeapTable::new(code(text)).with_period_shortcut(false);
            long.extend_to(20_000, &mut Quiet).unwrap();
            assert!(short.values(0..20_001).eq(long.values(0..20_001)), "{text}");
            assert!(
                text == "0.6" || short.proven_period().is_some(),
                "{text} not periodic"
            );
            if text == "0.77" {
                assert_eq!(short.proven_period(), Some((71, 12)));
            }
        }
        for text in ["0.A", "4.8"] {
            let short = table(hexcode(text), 5000);
            let mut long = HeapTable::new(hexcode(text)).with_period_shortcut(false);
            long.extend_to(5000, &mut Quiet).unwrap();
            assert!(short.values(0..5001).eq(long.values(0..5001)), "{text}");
        }
    }

    #[test]
    fn three_heap_splits() {
        for text in [
            "0.8", "0.F", "0.C", "8.0", "C.0", "0.48", "0.0F", "0.9B", "4.8",
        ] {
            check_against_naive(hexcode(text), 45);
        }
    }

    #[test]
    fn wide_three_heap_values() {
        // values pass 64 (and 128 for 8.0) here, so the pair bitsets are
        // laid out again on the way
        for text in ["0.8", "8.0", "0.48"] {
            let t = table(hexcode(text), 300);
            assert!(t.max_value() > 64, "{text}: {}", t.max_value());
            check_against_naive(hexcode(text), 300);
        }
    }

    #[test]
    fn xor_permute_moves_bits() {
        for x in 0..64 {
            for b in 0..64 {
                assert_eq!(xor_permute(1u64 << b, x), 1u64 << (b ^ x));
            }
        }
    }

    #[test]
    fn widening_through_types() {
        // all-but {} is nim: values grow past u8 and u16
        let mut t = HeapTable::new(HeapRule::AllBut(vec![]));
        t.extend_to(70_000, &mut Quiet).unwrap();
        assert!(matches!(t.vals, Values::U32(_)));
        assert_eq!(t.get(70_000), Some(70_000));
        assert_eq!(t.get(255), Some(255));
        assert_eq!(t.get(256), Some(256));
        assert_eq!(t.max_value(), 70_000);
    }

    use crate::engine::StopAfter;

    #[test]
    fn interruption_keeps_values() {
        // 0.16 has no known period and Grundy's game never gets one, so
        // both keep computing (and ticking)
        for rule in [code("0.16"), HeapRule::Grundy] {
            let n = 100_000;
            let mut t = HeapTable::new(rule.clone());
            assert_eq!(t.extend_to(n, &mut StopAfter(2)), Err(Interrupted));
            let had = t.len();
            assert!(had > 0 && had < n + 1, "{had}");
            // a second interruption, then the rest
            assert_eq!(t.extend_to(n, &mut StopAfter(2)), Err(Interrupted));
            assert!(t.len() > had);
            t.extend_to(n, &mut Quiet).unwrap();
            assert_eq!(t.len(), n + 1);
            let fresh = table(rule, n);
            assert!(t.values(0..n + 1).eq(fresh.values(0..n + 1)));
        }
    }

    #[test]
    fn absurd_sizes_fail_cleanly() {
        let mut t = HeapTable::new(code("0.77"));
        assert!(matches!(
            t.try_extend_to(u64::MAX, &mut Quiet),
            Err(ExtendError::OutOfMemory { .. })
        ));
        assert!(matches!(
            t.try_extend_to(1 << 60, &mut Quiet),
            Err(ExtendError::OutOfMemory { .. })
        ));
        assert_eq!(t.extend_to(1 << 60, &mut Quiet), Ok(()));
        assert_eq!(t.len(), 0);
        assert!(t.memory_estimate(u64::MAX) >= 1 << 60);
        assert!(t.memory_estimate(1000) < 1 << 20);
        assert_eq!(t.get(u64::MAX), None);
        let (from, to) = (5, 2);
        assert_eq!(t.values(from..to).count(), 0);
    }
}
