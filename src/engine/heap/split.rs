//! Two-heap splitting rules (take-and-break codes without three-heap
//! splits, Grundy's game): the mex of xor-pairs, with the rare/common split
//! that settles most values quickly.
//!
//! The values are divided into a set C of "common" values that is xor-free
//! (no c1 ^ c2 = c3 with all three in C; hence 0 is not in C) and the rest,
//! R. A split of two heaps whose values are both common has a value outside
//! C. So the common values a heap can reach are all reached by splits where
//! one part has a rare value (or by moves that leave one heap), and those
//! positions are few in games with the "sparse space" behaviour. Each new
//! value is first bounded from the rare positions only: the least common
//! value c not reached is the answer unless a rare value below c is not
//! reached either. Those rare values are then looked for among all splits,
//! and the scan stops as soon as all of them are found (the answer is c),
//! which in sparse games happens after a few thousand splits. The split is
//! rebuilt from the value counts as the table grows, and is switched off
//! when rare positions are not rare.
//!
//! Option values are marked one byte per value (see [`Bytes`]); the
//! rest of a long scan compares blocks of splits with the few targets still
//! missing (see [`super::mirror`]).

use super::marks::{Bytes, Marks};
use super::mirror::Mirror;
use super::parallel::{self, Moves, Segment};
use super::scan::{mark_rare, pairs, smaller_part};
use super::values::bytes_for;
use super::{Cell, Cost, Reporter, Stop, octal_period};
use crate::engine::Interrupted;
use crate::engine::code::Code;
use crate::engine::periodicity::theorem::Tracker;

/// Pairs scanned between two looks at the values still missing.
const SCAN_BLOCK: usize = 64;
const UNKNOWN: u8 = 0;
const COMMON: u8 = 1;
const RARE: u8 = 2;
/// Above this many distinct possible values the split is not used (its
/// classification costs the square of it).
const RC_MAX_WIDTH: usize = 4096;
/// The comparing scan takes over from this split on (by then few targets
/// are usually missing).
const COMPARE_FROM: usize = 8 * SCAN_BLOCK;
/// Heaps computed by one thread before the threads share the work (the
/// first heaps are cheap, and the segments need values below them).
#[cfg(not(test))]
const PARALLEL_FROM: usize = 1 << 14;
#[cfg(test)]
const PARALLEL_FROM: usize = 200;
/// The longest segment the threads compute between two looks at the watch:
/// `2^16` heaps a thread (300 in all in tests, so that they cross many).
#[cfg(not(test))]
fn segment_cap(threads: usize) -> usize {
    (1 << 16) * threads
}
#[cfg(test)]
fn segment_cap(_threads: usize) -> usize {
    300
}
/// Values between two updates of the cost model.
const COST_WINDOW: usize = 4096;

/// How a segment on all threads went.
enum Seg {
    /// Not worth it: the next heap is computed alone.
    Not,
    /// Done; go on.
    Went,
    /// Stopped before the value of the next heap, which is computed alone
    /// (it is past the marks' width or the storage type).
    Alone,
    Stop(Stop),
}

/// The rare/common split (see the module documentation).
#[derive(Debug, Clone, Default)]
struct RareCommon {
    /// Whether new values are computed through the split.
    on: bool,
    /// Per value: UNKNOWN, COMMON or RARE.
    class: Vec<u8>,
    commons: Vec<usize>,
    /// Per value below the width: 1 if common (all classified at a rebuild).
    common: Vec<u8>,
    /// Heaps >= 1 whose value is not common, ascending, with their values.
    rare: Vec<(u32, u32)>,
    /// Table length at the last rebuild, and when to rebuild next
    /// (`usize::MAX`: never, the split is not wanted).
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

/// The rare values of a table (see [`super::HeapTable::rare_values`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RareValues {
    /// Heaps n >= 1 whose value is rare.
    pub count: u64,
    /// The last such heap and its value.
    pub last: Option<(u64, u64)>,
}

#[derive(Debug, Clone)]
pub(super) struct Split {
    /// k with bit 1: a heap of exactly k may be removed.
    whole: Vec<usize>,
    /// k >= 1 with bit 2: removing k may leave one heap.
    leave: Vec<usize>,
    /// k with bit 4 (two heaps left), ascending.
    two: Vec<usize>,
    /// The two heaps must differ (Grundy's game).
    unequal: bool,
    /// A power of two >= 64 above every value so far.
    width: usize,
    /// One mark per value below `width`.
    seen: Vec<u8>,
    counts: Vec<u64>,
    rc: RareCommon,
    /// The rare values still to be found in the full scan.
    targets: Vec<u32>,
    /// Those still missing when the comparing scan takes over.
    missing: Vec<u32>,
    mirror: Mirror,
    /// Looks for a period proven by the octal periodicity theorem (codes).
    pub(super) tracker: Tracker,
    /// Work done since the cost model was last updated, and the length then.
    window_work: u64,
    window_from: usize,
    cost: Cost,
    /// Threads that compute a sequence together (see [`super::parallel`]).
    pub(super) threads: usize,
    /// The values the table has room for (the mirror is made that large).
    planned: usize,
    /// What the threads did (see [`Stats`]).
    pub(super) stats: Stats,
}

/// What the threads did while a table was extended: per thread, and the
/// serial work between segments. Times are measured only when `timed`.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Whether the steps are timed.
    pub timed: bool,
    /// Per thread, thread 0 being the one that called.
    pub threads: Vec<parallel::ThreadStats>,
    /// Segments computed on the threads, and the heaps in them.
    pub segments: u64,
    pub segment_heaps: u64,
    /// Heaps computed by one thread alone (before the threads take over,
    /// and between segments).
    pub alone: u64,
    /// Rebuilds of the rare/common split, and their time.
    pub rebuilds: u64,
    pub rebuild_ns: u64,
    /// Nanoseconds taking in a segment's values on one thread (counts,
    /// the period tracker), rebuilds included.
    pub serial_ns: u64,
    /// Nanoseconds the threads of the segments ran, wall clock.
    pub segment_ns: u64,
}

impl Split {
    fn new(
        whole: Vec<usize>,
        leave: Vec<usize>,
        two: Vec<usize>,
        unequal: bool,
        tracker: Tracker,
    ) -> Self {
        Split {
            whole,
            leave,
            two,
            unequal,
            width: 64,
            seen: vec![0; 64],
            counts: Vec::new(),
            rc: RareCommon {
                next: 64,
                ..RareCommon::default()
            },
            targets: Vec::new(),
            missing: Vec::new(),
            mirror: Mirror::default(),
            tracker,
            window_work: 0,
            window_from: 0,
            cost: Cost {
                a: 16.0,
                b: 0.0,
                c: 0.0,
            },
            threads: 1,
            planned: 0,
            stats: Stats::default(),
        }
    }

    /// The solver of a take-and-break code with at most two heaps left.
    pub(super) fn for_code(code: &Code) -> Self {
        let (whole, leave, two) = (
            code.takes_leaving(0),
            code.takes_leaving(1),
            code.takes_leaving(2),
        );
        let tracker = Tracker::new(code.max_take(), u64::from(code.max_parts()));
        Split::new(whole, leave, two, false, tracker)
    }

    /// The solver of Grundy's game (never periodic, as far as anyone knows,
    /// and no theorem would prove it).
    pub(super) fn grundy() -> Self {
        let mut tracker = Tracker::new(0, 2);
        tracker.disable();
        Split::new(vec![], vec![], vec![0], true, tracker)
    }

    pub(super) fn set_rare_common(&mut self, on: bool) {
        self.rc.next = if on { self.rc.last.max(64) } else { usize::MAX };
        if !on {
            self.rc.on = false;
            self.rc.rare = Vec::new();
        }
    }

    pub(super) fn rare_values(&self) -> Option<RareValues> {
        if !self.rc.on {
            return None;
        }
        Some(RareValues {
            count: self.rc.rare.len() as u64,
            last: self
                .rc
                .rare
                .last()
                .map(|&(n, v)| (u64::from(n), u64::from(v))),
        })
    }

    fn rc_possible(&self) -> bool {
        !self.two.is_empty()
    }

    /// About how much work each later heap takes.
    pub(super) fn cost(&self, _len: u64) -> Cost {
        self.cost
    }

    /// Bytes per value beyond the values (whose largest is about `max`):
    /// the rare list (at most a quarter of the heaps while it is used), the
    /// mirror of the values for the comparing scan and the transient arrays
    /// of a period check.
    pub(super) fn bytes_per_value(&self, max: u64) -> u64 {
        let mirror = if self.rc_possible() {
            Mirror::bytes_per_value(bytes_for(max))
        } else {
            0
        };
        mirror
            + if self.tracker.next_check() == u64::MAX {
                2
            } else {
                5
            }
    }

    pub(super) fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Reporter,
    ) -> Result<Stop, Interrupted> {
        ticker.model(self.cost);
        self.planned = vals.capacity();
        let mut alone = false;
        while vals.len() < target {
            if !std::mem::take(&mut alone) {
                match self.segment(vals, target, ticker)? {
                    Seg::Not => {}
                    Seg::Went => continue,
                    Seg::Alone => {
                        alone = true;
                        continue;
                    }
                    Seg::Stop(stop) => return Ok(stop),
                }
            }
            let (v, work) = self.value(vals);
            self.stats.alone += 1;
            if v > T::MAX {
                return Ok(Stop::Wide(v));
            }
            ticker.saw(v);
            self.commit(vals, v);
            self.window_work += work;
            ticker.add(work, vals.len())?;
            if vals.len() - self.window_from >= COST_WINDOW {
                self.update_cost(vals.len());
                ticker.model(self.cost);
            }
            if let Some(stop) = self.period_proven(vals, ticker)? {
                return Ok(stop);
            }
        }
        Ok(Stop::Done)
    }

    /// Shows the tracker the last of `vals`; the stop when that proves a
    /// period.
    fn period_proven<T: Cell>(
        &mut self,
        vals: &[T],
        ticker: &mut Reporter,
    ) -> Result<Option<Stop>, Interrupted> {
        if self.tracker.next_check() != u64::MAX
            && self.tracker.push(vals, ticker.watch())?
            && let Some((n0, p, need)) = self.tracker.proven()
        {
            self.rc = RareCommon::default();
            return Ok(Some(Stop::Proven(octal_period(n0, p, need))));
        }
        Ok(None)
    }

    /// Computes a segment of heaps on all threads when that is worth it
    /// (see [`super::parallel`]).
    fn segment<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Reporter,
    ) -> Result<Seg, Interrupted> {
        let s0 = vals.len();
        if self.threads < 2 || s0 < PARALLEL_FROM || !self.rc_possible() {
            return Ok(Seg::Not);
        }
        // about 2^25 steps a thread a segment (some milliseconds), so that
        // the watch is called often enough, and the segment's fixed costs
        // (waking the threads, joining them) stay small beside it however
        // many threads share it
        let per_heap = self.cost.a + self.cost.b * s0 as f64;
        let len = ((1u64 << 25) as f64 * self.threads as f64 / per_heap.max(1.0)) as usize;
        let len = len.clamp(16 * self.threads, segment_cap(self.threads));
        let s1 = target.min(s0 + len);
        if s1 - s0 < 4 * self.threads || u32::try_from(s1).is_err() {
            return Ok(Seg::Not);
        }
        if vals.capacity() < s1 && vals.try_reserve_exact(s1 - s0).is_err() {
            return Ok(Seg::Not);
        }
        if self.rc.on {
            while self.rc.common.len() < self.width {
                let v = self.rc.common.len();
                let c = self.rc.is_common(v);
                self.rc.common.push(u8::from(c));
            }
        }
        let seg = Segment {
            moves: Moves {
                whole: &self.whole,
                leave: &self.leave,
                two: &self.two,
                unequal: self.unequal,
            },
            rc_on: self.rc.on,
            rare: &self.rc.rare,
            common: &self.rc.common,
            width: self.width,
            s0,
            s1,
            threads: self.threads,
            timed: self.stats.timed,
        };
        let Some((rev, cap)) = self.mirror.raw(vals, s1) else {
            return Ok(Seg::Not);
        };
        let clock = self.stats.timed.then(std::time::Instant::now);
        let out = parallel::run(&seg, vals, rev, cap);
        let ns = |c: Option<std::time::Instant>| {
            c.map_or(0, |t| u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX))
        };
        self.stats.segment_ns += ns(clock);
        let clock = self.stats.timed.then(std::time::Instant::now);
        self.stats.segments += 1;
        self.stats.segment_heaps += (out.len - s0) as u64;
        self.stats.threads.resize(out.threads.len().max(self.stats.threads.len()), Default::default());
        for (sum, t) in self.stats.threads.iter_mut().zip(&out.threads) {
            sum.add(t);
        }
        self.mirror.advance::<T>(out.len);
        let share = out.work / (out.len - s0).max(1) as u64;
        // each value is taken in as the single-threaded solver takes it in;
        // if the watch stops the work, the values not yet taken in are
        // dropped (they are computed again later)
        for n in s0..out.len {
            let v = vals[n].into();
            ticker.saw(v);
            self.note(n, v);
            self.window_work += share;
            let step = ticker
                .add(share, n + 1)
                .and_then(|()| self.period_proven(&vals[..=n], ticker));
            match step {
                Ok(None) => {}
                Ok(Some(stop)) => {
                    vals.truncate(n + 1);
                    return Ok(Seg::Stop(stop));
                }
                Err(e) => {
                    vals.truncate(n + 1);
                    return Err(e);
                }
            }
        }
        if vals.len() - self.window_from >= COST_WINDOW {
            self.update_cost(vals.len());
            ticker.model(self.cost);
        }
        self.maybe_rebuild(vals);
        self.stats.serial_ns += ns(clock);
        Ok(if out.len < s1 { Seg::Alone } else { Seg::Went })
    }

    /// Learns the cost per heap from the last window of heaps: about
    /// constant with the split on, growing with the heap without it.
    fn update_cost(&mut self, len: usize) {
        let heaps = (len - self.window_from).max(1) as f64;
        let per = self.window_work as f64 / heaps;
        self.cost = if self.rc.on {
            Cost {
                a: per,
                b: 0.0,
                c: 0.0,
            }
        } else {
            Cost {
                a: 0.0,
                b: per / len as f64,
                c: 0.0,
            }
        };
        self.window_work = 0;
        self.window_from = len;
    }

    /// The value of heap `vals.len()`, with a measure of the work done.
    fn value<T: Cell>(&mut self, vals: &[T]) -> (u64, u64) {
        let n = vals.len();
        let mut seen = std::mem::take(&mut self.seen);
        seen.fill(0);
        let mut marks = Bytes(&mut seen);
        let mut work = 1 + self.whole.len() as u64 + self.leave.len() as u64;
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
        let result = if self.rc.on {
            self.value_rc(vals, &mut seen, &mut work)
        } else {
            for &k in &self.two {
                if k + 2 > n {
                    break;
                }
                let m = n - k;
                let half = self.half(m);
                work += pairs(vals, m, 0, half, &mut seen);
            }
            Bytes(&mut seen).mex_from(0)
        };
        self.seen = seen;
        (result as u64, work)
    }

    /// The largest smaller part of a split of `m` tokens into two heaps.
    #[inline]
    fn half(&self, m: usize) -> usize {
        smaller_part(self.unequal, m)
    }

    /// The value from the rare positions, then a scan of all splits for
    /// the rare values below it that are still missing.
    fn value_rc<T: Cell>(&mut self, vals: &[T], seen: &mut [u8], work: &mut u64) -> usize {
        self.mark_rare_splits(vals, seen, work);
        let c = self.least_common(seen);
        if self.targets.is_empty() {
            return c;
        }
        self.scan_for_targets(vals, seen, c, work)
    }

    /// Marks the values of the splits with a rare part, for every digit
    /// that splits a heap into two.
    #[inline]
    fn mark_rare_splits<T: Cell>(&self, vals: &[T], seen: &mut [u8], work: &mut u64) {
        let n = vals.len();
        let mask = seen.len() - 1;
        let rare = &self.rc.rare;
        for &k in &self.two {
            if k + 2 > n {
                break;
            }
            let m = n - k;
            let end = rare.partition_point(|&(r, _)| (r as usize) < m);
            if self.unequal && m.is_multiple_of(2) {
                // the split into two equal heaps is no move
                let half = rare[..end].partition_point(|&(r, _)| 2 * (r as usize) < m);
                let skip = usize::from(rare.get(half).is_some_and(|&(r, _)| 2 * r as usize == m));
                mark_rare(vals, m, &rare[..half], seen, mask);
                mark_rare(vals, m, &rare[(half + skip).min(end)..end], seen, mask);
            } else {
                mark_rare(vals, m, &rare[..end], seen, mask);
            }
            *work += end as u64;
        }
    }

    /// The least common value not reached in `seen`; the values below it
    /// not reached (rare ones) become `self.targets`.
    #[inline]
    fn least_common(&mut self, seen: &[u8]) -> usize {
        // the least common value not reached is the answer, unless a rare
        // value below it is not reached at all
        self.targets.clear();
        // eight marks at a time: only the values not reached are looked at
        let common = &self.rc.common;
        let words = seen.len().min(common.len()) / 8;
        let mut found = None;
        'words: for w in 0..words {
            let at = 8 * w;
            let marks = u64::from_le_bytes(seen[at..at + 8].try_into().unwrap_or_default());
            let mut missing = !marks & 0x0101_0101_0101_0101;
            while missing != 0 {
                let v = at + missing.trailing_zeros() as usize / 8;
                missing &= missing - 1;
                if common[v] != 0 {
                    found = Some(v);
                    break 'words;
                }
                self.targets.push(v as u32);
            }
        }
        match found {
            Some(v) => v,
            None => {
                // every value below the classified ones is reached or rare
                let mut c = 8 * words;
                loop {
                    if seen.get(c).is_none_or(|&b| b == 0) {
                        if self.rc.is_common(c) {
                            break c;
                        }
                        self.targets.push(c as u32);
                    }
                    c += 1;
                }
            }
        }
    }

    /// Scans all splits, in blocks, until every rare target below `c` is
    /// reached: the value is `c`, or else the least target never reached.
    #[inline]
    fn scan_for_targets<T: Cell>(
        &mut self,
        vals: &[T],
        seen: &mut [u8],
        c: usize,
        work: &mut u64,
    ) -> usize {
        let n = vals.len();
        // all splits, all digits side by side, in blocks, until every rare
        // target is found
        let Some(&k0) = self.two.first() else {
            return self.targets[0] as usize;
        };
        let longest = if k0 + 2 > n { 0 } else { self.half(n - k0) };
        // all targets must be found: look at them in order, and only as far
        // as the first one still missing; after the first `COMPARE_FROM`
        // splits (by then few are missing), compare blocks of splits with
        // each target still missing instead
        let mut head = 0;
        let mut i = 0;
        while i < longest {
            let end = (i + SCAN_BLOCK).min(longest);
            for &k in &self.two {
                if k + 2 > n {
                    break;
                }
                let m = n - k;
                let e = end.min(self.half(m));
                if e <= i {
                    break;
                }
                *work += pairs(vals, m, i, e, seen);
            }
            i = end;
            while self
                .targets
                .get(head)
                .is_some_and(|&t| seen.get(t as usize).is_some_and(|&b| b != 0))
            {
                head += 1;
            }
            if head == self.targets.len() {
                return c;
            }
            if i == COMPARE_FROM && i < longest {
                self.missing.clear();
                self.missing.extend(
                    self.targets[head..]
                        .iter()
                        .filter(|&&t| seen.get(t as usize).is_none_or(|&b| b == 0)),
                );
                let narrow = self.missing.iter().all(|&t| u64::from(t) <= T::MAX);
                if narrow && let Some(c) = self.compare(vals, i, c, work) {
                    return c;
                }
            }
        }
        // the least target never reached
        self.targets
            .iter()
            .copied()
            .find(|&t| seen.get(t as usize).is_none_or(|&b| b == 0))
            .map_or(c, |t| t as usize)
    }

    /// The rest of the scan from split `from` on, comparing blocks of
    /// splits with the few targets still missing (`self.missing`); `None`
    /// if there is no memory for the mirror (the marking scan goes on).
    fn compare<T: Cell>(
        &mut self,
        vals: &[T],
        from: usize,
        c: usize,
        work: &mut u64,
    ) -> Option<usize> {
        let n = vals.len();
        let mut missing: Vec<T> = self
            .missing
            .iter()
            .map(|&t| T::from_u64(t.into()))
            .collect();
        let view = self.mirror.of(vals, self.planned)?;
        let unequal = self.unequal;
        for &k in &self.two {
            if k + 2 > n || missing.is_empty() {
                break;
            }
            let m = n - k;
            let to = smaller_part(unequal, m);
            if to > from {
                *work += view.find(m, from, to, &mut missing);
            }
        }
        Some(missing.iter().map(|&t| t.idx()).min().unwrap_or(c))
    }

    pub(super) fn commit<T: Cell>(&mut self, vals: &mut Vec<T>, v: u64) {
        let n = vals.len();
        vals.push(T::from_u64(v));
        self.note(n, v);
        self.maybe_rebuild(vals);
    }

    /// Counts `v = G(n)`, lists heap `n` if it is rare, and widens the marks
    /// if `v` is past them.
    fn note(&mut self, n: usize, v: u64) {
        let vi = v as usize;
        if vi >= self.counts.len() {
            self.counts.resize(vi + 1, 0);
        }
        self.counts[vi] += 1;
        if vi >= self.width {
            while self.width <= vi {
                self.width *= 2;
            }
            self.seen = vec![0; self.width];
        }
        if self.rc.on && !self.rc.is_common(vi) && n >= 1 {
            self.rc.rare.push((n as u32, v as u32));
            self.rc.rare_since += 1;
        }
    }

    /// Rebuilds the split when the table has doubled since the last time,
    /// or the rare heaps are no longer rare.
    fn maybe_rebuild<T: Cell>(&mut self, vals: &[T]) {
        let len = vals.len();
        if self.rc_possible() {
            let since = len - self.rc.last;
            let crowded =
                self.rc.on && since >= 64.max(self.rc.last / 8) && self.rc.rare_since * 4 > since;
            if len >= self.rc.next || crowded {
                let clock = self.stats.timed.then(std::time::Instant::now);
                self.rebuild(vals);
                self.stats.rebuilds += 1;
                self.stats.rebuild_ns += clock.map_or(0, |t| {
                    u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX)
                });
            }
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
        // the values no heap has yet, in order, so that the scan for the
        // least common value missing need not classify any
        for v in 0..self.width {
            if rc.class[v] == UNKNOWN {
                rc.classify(v);
            }
        }
        rc.common = rc.class[..self.width]
            .iter()
            .map(|&c| u8::from(c == COMMON))
            .collect();
        rc.rare.clear();
        let fits = u32::try_from(len).is_ok() && self.width <= RC_MAX_WIDTH;
        if fits {
            for (p, &x) in vals.iter().enumerate().skip(1) {
                if rc.class[x.idx()] != COMMON {
                    rc.rare.push((p as u32, x.idx() as u32));
                }
            }
        }
        rc.on = fits && rc.rare.len() * 4 <= len;
        if !rc.on {
            rc.rare = Vec::new();
        }
        rc.last = len;
        rc.next = (2 * len).max(64);
        rc.rare_since = 0;
    }
}
