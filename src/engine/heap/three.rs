//! Take-and-break codes with three-heap splits (hexadecimal digits with
//! bit 8), in two ways.
//!
//! **Pair sets.** For each heap `s` the set of values of its splits into two
//! non-empty heaps is kept as a bitset; the options of a three-heap split
//! of `m` tokens are then `G(c) ^ P(m - c)` for the smallest part `c <=
//! m / 3`. Exact for any code; the cost per heap grows with the heap and
//! with the values, and so does the memory.
//!
//! **Bounds.** Many of these games have values that grow steadily:
//! `G(n + p) = G(n) + s` from some point on. Then, with `a = s / p` and `B`
//! (`B_K`) the largest `G(x) - a x` over all heaps (over heaps above `K`),
//! two heaps `x + y = m` both above `K` have `G(x) ^ G(y) <= G(x) + G(y) <=
//! a m + 2 B_K` (a xor never exceeds the sum), and three heaps of which two
//! are above `K` have at most `a m + B + 2 B_K`. The value of a heap is
//! found from the options that are listed exactly (every option whose
//! parts but the largest are at most `K`, and the three-heap splits `(b, b,
//! x)` whose value is `G(x)`) when the mex of those exceeds every bound:
//! then every smaller value is reached and the mex is reached by no option
//! at all. When a bound does not allow it, the heap is worked out by going
//! through all its options. No value rests on the period itself: it only
//! chooses the slope `a`, and every bound is checked against the values.
//!
//! **Threads.** With pair sets, the three-heap splits of one heap are most
//! of its work (`m / 3` pair sets of `width / 64` words for each move
//! taking `k`, `m = n - k`), and they only read values and pair sets
//! already found. So the smallest parts `c` are cut into ranges, each
//! range marks the values it reaches in marks of its own on a thread of a
//! pool, and the marks are joined: the union is the same whatever the cut,
//! so the value is the one thread's. The heap's own pair set (its splits
//! into two heaps, `G(a) ^ G(n - a)` for `a <= n / 2`) is cut the same way
//! beside them. A heap is cut only when it costs [`SHARED_FROM`] steps or
//! more (a job handed to the pool costs some
//! microseconds). The bound method lists a few options per heap, too few
//! to share.

use super::marks::{Bits, Marks, xor_permute};
use super::{Cell, Cost, Reporter, Stop, octal_period, wide};
use crate::engine::code::Code;
use crate::engine::periodicity::observe::observed;
use crate::engine::periodicity::theorem::Tracker;
use crate::engine::{Interrupted, Quiet};

/// Parts up to this size are listed exactly in the bound method.
const K: usize = 12;
/// Heaps before the bound method is first tried.
const BOUNDS_FROM: usize = 256;
/// Known heaps the bound method must reproduce before it is used.
const TRIAL: usize = 64;
/// Work of a heap (steps) from which its splits are shared among threads
/// (small in tests, so that they share many heaps). Measured on two
/// threads, 0.B and 4.8 to 10^5 (2026-11-28): from 2^16 steps, 1.4x and
/// 1.3x one thread's speed; from 2^13 or 2^11, 1.6x for both.
#[cfg_attr(not(feature = "threads"), allow(dead_code))]
#[cfg(not(test))]
const SHARED_FROM: u64 = 1 << 12;
#[cfg_attr(not(feature = "threads"), allow(dead_code))]
#[cfg(test)]
const SHARED_FROM: u64 = 64;
/// Heaps computed on the pool between two looks at the watch.
#[cfg_attr(not(feature = "threads"), allow(dead_code))]
#[cfg(not(test))]
const STRETCH: usize = 32;
#[cfg_attr(not(feature = "threads"), allow(dead_code))]
#[cfg(test)]
const STRETCH: usize = 7;

#[derive(Debug, Clone)]
pub(super) struct Three {
    whole: Vec<usize>,
    leave: Vec<usize>,
    /// k with bit 4 (two heaps left), ascending.
    two: Vec<usize>,
    /// k with bit 8 (three heaps left), ascending.
    three: Vec<usize>,
    /// A power of two >= 64 above every value so far.
    width: usize,
    bits: Vec<u64>,
    /// The pair sets, `width / 64` words per heap (while they are used).
    pairs: Vec<u64>,
    /// Whether the pair sets are kept (false once bounds are used).
    keep_pairs: bool,
    /// The bound method, once it is in use.
    bounds: Option<Box<Bounds>>,
    /// Whether the bound method may be used.
    shortcuts: bool,
    /// When to try the bound method next (table length).
    next_try: usize,
    pub(super) tracker: Tracker,
    /// Threads for one heap's three-heap splits (see the module docs).
    pub(super) threads: usize,
}

impl Three {
    pub(super) fn new(code: &Code) -> Self {
        let (whole, leave, two, three) = (
            code.takes_leaving(0),
            code.takes_leaving(1),
            code.takes_leaving(2),
            code.takes_leaving(3),
        );
        Three {
            whole,
            leave,
            two,
            three,
            width: 64,
            bits: vec![0; 1],
            pairs: Vec::new(),
            keep_pairs: true,
            bounds: None,
            shortcuts: true,
            next_try: BOUNDS_FROM,
            tracker: Tracker::new(code.max_take(), 3),
            threads: 1,
        }
    }

    /// Whether the bound method may be used (the default); for tests.
    pub(super) fn set_shortcuts(&mut self, on: bool) {
        self.shortcuts = on;
    }

    fn stride(&self) -> usize {
        self.width / 64
    }

    /// About how much work each later heap takes (from heap `len` on).
    pub(super) fn cost(&self, len: u64) -> Cost {
        let lists = (self.three.len() * K * K / 2 + self.two.len() * K + 8) as f64;
        match &self.bounds {
            // the rare heaps worked out in full cost about x^2 / 12 each
            Some(b) => {
                let rate = (b.fallbacks as f64 + 1.0) / (b.used as f64 + 64.0);
                Cost {
                    a: lists,
                    b: 0.0,
                    c: rate * self.three.len() as f64 / 12.0,
                }
            }
            None => {
                // x / 3 words of pair sets per heap at three steps each,
                // the width growing with the values (about `slope` per heap)
                let slope = self.width as f64 / (len.max(1) as f64);
                Cost {
                    a: lists,
                    b: 0.5 + (self.two.len() as f64),
                    c: self.three.len() as f64 * slope.max(1.0 / 64.0) / 64.0,
                }
            }
        }
    }

    /// Bytes per value beyond the values, for a table of `count` values
    /// whose values reach about `max`.
    pub(super) fn bytes_per_value(&self, _count: u64, max: u64) -> u64 {
        if self.bounds.is_some() {
            // first heaps of each value by parity, and the transient arrays
            // of a period check
            return 16 + 2;
        }
        let width = max
            .max(self.width as u64)
            .checked_next_power_of_two()
            .unwrap_or(u64::MAX);
        (width / 64).max(1).saturating_mul(8).saturating_add(2)
    }

    pub(super) fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Reporter,
    ) -> Result<Stop, Interrupted> {
        ticker.model(self.cost(vals.len() as u64));
        while vals.len() < target {
            if self.bounds.is_none() && self.shortcuts && vals.len() >= self.next_try {
                self.try_bounds(vals);
                ticker.model(self.cost(vals.len() as u64));
            }
            if let Some(stop) = self.run_shared(vals, target, ticker)? {
                return Ok(stop);
            }
            if vals.len() >= target {
                break;
            }
            let (v, work) = match self.bounds.take() {
                Some(mut b) => {
                    let r = b.value(self, vals);
                    self.bounds = Some(b);
                    r
                }
                None => self.value_by_pairs(vals),
            };
            if v > T::MAX {
                return Ok(Stop::Wide(v));
            }
            ticker.saw(v);
            self.commit(vals, v);
            if let Some(stop) = self.take_in(vals, work, ticker)? {
                return Ok(stop);
            }
        }
        Ok(Stop::Done)
    }

    /// Counts the work of the last of `vals` and shows it to the period
    /// tracker: the stop when that proves a period.
    fn take_in<T: Cell>(
        &mut self,
        vals: &[T],
        work: u64,
        ticker: &mut Reporter,
    ) -> Result<Option<Stop>, Interrupted> {
        ticker.add(work, vals.len())?;
        if self.tracker.next_check() != u64::MAX
            && self.tracker.push(vals, ticker.watch())?
            && let Some((n0, p, need)) = self.tracker.proven()
        {
            self.pairs = Vec::new();
            self.bounds = None;
            return Ok(Some(Stop::Proven(octal_period(n0, p, need))));
        }
        Ok(None)
    }

    /// Computes a stretch of heaps on the pool when their splits are worth
    /// sharing (see [`Three::share`]): the loop runs on a thread of the
    /// pool, so the threads hand work to one another without the caller
    /// sleeping and waking for every heap. Each heap is then taken in as
    /// [`Three::run`] takes it in; returns the stop, if any.
    #[cfg(feature = "threads")]
    fn run_shared<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Reporter,
    ) -> Result<Option<Stop>, Interrupted> {
        let n = vals.len();
        let next_work = self.three.len() * (n / 3) * self.stride() + n / 2;
        if self.threads < 2 || self.bounds.is_some() || (next_work as u64) < SHARED_FROM {
            return Ok(None);
        }
        let Some(pool) = self.pool() else {
            return Ok(None);
        };
        // the heaps before the next try of the bound method, some
        // milliseconds of them between two looks at the watch
        let mut end = target.min(n + STRETCH);
        if self.shortcuts {
            end = end.min(self.next_try.max(n + 1));
        }
        let found: Vec<(u64, u64)> = pool.install(|| {
            let mut found = Vec::new();
            while vals.len() < end {
                let (v, work) = self.value_by_pairs(vals);
                found.push((v, work));
                if v > T::MAX {
                    break;
                }
                self.commit(vals, v);
            }
            found
        });
        for (i, (v, work)) in found.into_iter().enumerate() {
            if v > T::MAX {
                return Ok(Some(Stop::Wide(v)));
            }
            ticker.saw(v);
            let len = n + i + 1;
            match self.take_in(&vals[..len], work, ticker) {
                Ok(None) => {}
                Ok(Some(stop)) => {
                    vals.truncate(len);
                    return Ok(Some(stop));
                }
                Err(e) => {
                    // the heaps after it are dropped, their pair sets too
                    // (one row a heap), so that the next run goes on from
                    // here
                    vals.truncate(len);
                    self.pairs.truncate(len * self.stride());
                    return Err(e);
                }
            }
        }
        Ok(None)
    }

    /// Without the `threads` feature (the browser), one thread.
    #[cfg(not(feature = "threads"))]
    fn run_shared<T: Cell>(
        &mut self,
        _vals: &mut Vec<T>,
        _target: usize,
        _ticker: &mut Reporter,
    ) -> Result<Option<Stop>, Interrupted> {
        Ok(None)
    }

    /// The process's pool of this table's number of threads (see
    /// [`super::pool`]).
    #[cfg(feature = "threads")]
    fn pool(&self) -> Option<std::sync::Arc<rayon::ThreadPool>> {
        super::pool::pool(self.threads)
    }

    /// The value of heap `vals.len()` from the pair sets; records the pair
    /// set of that heap.
    fn value_by_pairs<T: Cell>(&mut self, vals: &[T]) -> (u64, u64) {
        let n = vals.len();
        let stride = self.stride();
        let mut bits = std::mem::take(&mut self.bits);
        bits.fill(0);
        self.mark_takes(vals, &mut Bits(&mut bits));
        // the smallest part c of a split (c, a, b) is at most m / 3; a word
        // of a pair set costs about three steps (the xor permutes it)
        let splits: Vec<(usize, usize)> = self
            .three
            .iter()
            .take_while(|&&k| k + 3 <= n)
            .map(|&k| (n - k, (n - k) / 3))
            .collect();
        let three_work: u64 = splits.iter().map(|&(_, c)| 3 * (c * stride) as u64).sum();
        let mut work = 1 + n as u64 / 2 + three_work;
        // the pair set of heap n (read by its own two-heap splits taking
        // nothing) and the three-heap splits (which read pair sets below n)
        let row = self.pairs.len();
        self.pairs.resize(row + stride, 0);
        if !self.share(vals, &splits, work, &mut bits) {
            let (below, new) = self.pairs.split_at_mut(row);
            pair_set(vals, 1..n / 2 + 1, new);
            for &(m, top) in &splits {
                mark_splits(below, stride, vals, m, 1..top + 1, &mut bits);
            }
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
        let v = Bits(&mut bits).mex_from(0) as u64;
        self.bits = bits;
        (v, work)
    }

    /// Computes the pair set of heap `vals.len()` (the last row of the
    /// pair sets) and marks the three-heap splits `(m, c <= top)`, on the
    /// pool's threads, both cut into ranges; false (nothing done) when the
    /// heap's `work` is too little to share or there is no pool.
    #[cfg(feature = "threads")]
    fn share<T: Cell>(
        &mut self,
        vals: &[T],
        splits: &[(usize, usize)],
        work: u64,
        bits: &mut [u64],
    ) -> bool {
        use rayon::prelude::*;
        if self.threads < 2 || work < SHARED_FROM {
            return false;
        }
        let Some(pool) = self.pool() else {
            return false;
        };
        let n = vals.len();
        let stride = self.stride();
        // about four ranges a thread for each part, so that one slow
        // thread costs little
        let cut = |len: usize| len.div_ceil(4 * self.threads).max(1);
        let ranges = |from: usize, to: usize| {
            let per = cut(to - from);
            (from..to).step_by(per).map(move |a| a..(a + per).min(to))
        };
        let half: Vec<_> = ranges(1, n / 2 + 1).collect();
        let total: usize = splits.iter().map(|&(_, top)| top).sum();
        let per = cut(total);
        let jobs: Vec<(usize, std::ops::Range<usize>)> = splits
            .iter()
            .flat_map(|&(m, top)| {
                (1..top + 1)
                    .step_by(per)
                    .map(move |c| (m, c..(c + per).min(top + 1)))
            })
            .collect();
        let row = self.pairs.len() - stride;
        let (below, new) = self.pairs.split_at_mut(row);
        let below = &*below;
        let or = |mut a: Vec<u64>, b: Vec<u64>| {
            a.iter_mut().zip(&b).for_each(|(x, y)| *x |= y);
            a
        };
        let (pairs, marks) = pool.install(|| {
            rayon::join(
                || {
                    half.par_iter()
                        .map(|r| {
                            let mut own = vec![0u64; stride];
                            pair_set(vals, r.clone(), &mut own);
                            own
                        })
                        .reduce(|| vec![0u64; stride], or)
                },
                || {
                    jobs.par_iter()
                        .map(|(m, cs)| {
                            let mut own = vec![0u64; bits.len()];
                            mark_splits(below, stride, vals, *m, cs.clone(), &mut own);
                            own
                        })
                        .reduce(|| vec![0u64; bits.len()], or)
                },
            )
        });
        new.copy_from_slice(&pairs);
        bits.iter_mut().zip(&marks).for_each(|(x, y)| *x |= y);
        true
    }

    /// Without the `threads` feature (the browser), one thread.
    #[cfg(not(feature = "threads"))]
    fn share<T: Cell>(
        &mut self,
        _vals: &[T],
        _splits: &[(usize, usize)],
        _work: u64,
        _bits: &mut [u64],
    ) -> bool {
        false
    }

    /// The value of heap `vals.len()` by going through all its options.
    fn value_by_options<T: Cell>(&mut self, vals: &[T]) -> (u64, u64) {
        let n = vals.len();
        let mut bits = std::mem::take(&mut self.bits);
        bits.fill(0);
        let mut marks = Bits(&mut bits);
        self.mark_takes(vals, &mut marks);
        let mut work = 1u64;
        for &k in &self.two {
            if k + 2 > n {
                break;
            }
            let m = n - k;
            for a in 1..=m / 2 {
                marks.set((vals[a] ^ vals[m - a]).idx());
            }
            work += (m / 2) as u64;
        }
        for &k in &self.three {
            if k + 3 > n {
                break;
            }
            let m = n - k;
            for a in 1..=m / 3 {
                let rest = m - a;
                let ga = vals[a];
                let (lo, hi) = (&vals[a..=rest / 2], &vals[rest - rest / 2..=rest - a]);
                for (&b, &c) in lo.iter().zip(hi.iter().rev()) {
                    marks.set((ga ^ b ^ c).idx());
                }
                work += lo.len() as u64;
            }
        }
        let v = marks.mex_from(0) as u64;
        self.bits = bits;
        (v, work)
    }

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

    pub(super) fn commit<T: Cell>(&mut self, vals: &mut Vec<T>, v: u64) {
        vals.push(T::from_u64(v));
        let vi = v as usize;
        if vi >= self.width {
            let old_stride = self.stride();
            while self.width <= vi {
                self.width *= 2;
            }
            let stride = self.stride();
            self.bits = vec![0; stride];
            if self.keep_pairs && self.bounds.is_none() {
                let rows = self.pairs.len() / old_stride.max(1);
                let mut pairs = vec![0u64; rows * stride];
                for r in 0..rows {
                    pairs[r * stride..r * stride + old_stride]
                        .copy_from_slice(&self.pairs[r * old_stride..(r + 1) * old_stride]);
                }
                self.pairs = pairs;
            }
        }
        if let Some(b) = &mut self.bounds {
            b.saw(vals.len() - 1, v);
        }
    }

    /// Switches to the bound method if the values grow steadily and the
    /// method reproduces the last known values; else tries again later.
    fn try_bounds<T: Cell>(&mut self, vals: &[T]) {
        self.next_try = vals.len().saturating_mul(2);
        let Ok(Some(seen)) = observed(vals, &mut Quiet) else {
            return;
        };
        if seen.saltus == 0 {
            return;
        }
        let mut b = Bounds::new(seen.saltus, seen.period, vals.len() - TRIAL, vals);
        // the method must find the known values of the last heaps by
        // itself (no full listing) before it is trusted with new ones
        for n in vals.len() - TRIAL..vals.len() {
            let (v, _) = b.value(self, &vals[..n]);
            if b.fallbacks > 0 || wide(vals[n]) != v {
                return;
            }
            b.saw(n, wide(vals[n]));
        }
        b.fallbacks = 0;
        b.used = 0;
        self.bounds = Some(Box::new(b));
        self.keep_pairs = false;
        self.pairs = Vec::new();
    }
}

/// The bound method's state (see the module documentation): the slope
/// `s / p`, the largest excesses over it, the first heap of each value by
/// parity, and how far the `(b, b, x)` splits reach for each digit.
#[derive(Debug, Clone)]
struct Bounds {
    s: i128,
    p: i128,
    /// max of `p G(x) - s x` over heaps `x >= 1`, and over heaps `x > K`.
    excess: i128,
    excess_k: i128,
    /// `first[parity][v]`: the least heap `x >= 1` of that parity with
    /// `G(x) = v` (`usize::MAX` if none yet).
    first: [Vec<usize>; 2],
    /// For heaps `n` of each parity: the mex of the values of the splits
    /// `(b, b, x)` of the last such heap, with that heap.
    reach: [(usize, usize); 2],
    /// Exactly listed option values of the heap at hand.
    listed: Vec<u64>,
    /// Heaps answered by the method, and heaps it left to a full listing.
    used: u64,
    fallbacks: u64,
}

impl Bounds {
    /// The method with slope `s / p`, knowing the heaps below `upto`.
    fn new<T: Cell>(s: u64, p: u64, upto: usize, vals: &[T]) -> Bounds {
        let mut b = Bounds {
            s: i128::from(s),
            p: i128::from(p),
            excess: i128::MIN,
            excess_k: i128::MIN,
            first: [Vec::new(), Vec::new()],
            reach: [(0, 0); 2],
            listed: Vec::new(),
            used: 0,
            fallbacks: 0,
        };
        for (x, &g) in vals.iter().enumerate().take(upto).skip(1) {
            b.saw(x, g.into());
        }
        b
    }

    /// Records `G(x) = v`.
    fn saw(&mut self, x: usize, v: u64) {
        if x == 0 {
            return;
        }
        let e = self.p * i128::from(v) - self.s * x as i128;
        self.excess = self.excess.max(e);
        if x > K {
            self.excess_k = self.excess_k.max(e);
        }
        let first = &mut self.first[x % 2];
        let v = v as usize;
        if v >= first.len() {
            first.resize(v + 1, usize::MAX);
        }
        if first[v] == usize::MAX {
            first[v] = x;
        }
    }

    /// Whether `v` is the value of some heap `x <= upto` of parity `par`.
    fn reached(&self, par: usize, v: usize, upto: usize) -> bool {
        self.first[par].get(v).is_some_and(|&x| x <= upto)
    }

    /// The value of heap `vals.len()` (see the module documentation).
    fn value<T: Cell>(&mut self, solver: &mut Three, vals: &[T]) -> (u64, u64) {
        let n = vals.len();
        let g = |i: usize| -> u64 { vals[i].into() };
        self.listed.clear();
        let mut work = 8u64;
        for &k in &solver.whole {
            if k == n {
                self.listed.push(0);
            }
        }
        for &k in &solver.leave {
            if k < n {
                self.listed.push(g(n - k));
            }
        }
        for &k in &solver.two {
            if k + 2 > n {
                break;
            }
            let m = n - k;
            for a in 1..=(m / 2).min(K) {
                self.listed.push(g(a) ^ g(m - a));
            }
            work += K as u64;
        }
        for &k in &solver.three {
            if k + 3 > n {
                break;
            }
            let m = n - k;
            for a in 1..=K.min(m / 3) {
                for b in a..=K.min((m - a) / 2) {
                    self.listed.push(g(a) ^ g(b) ^ g(m - a - b));
                }
            }
            work += (K * K / 2) as u64;
        }
        self.listed.sort_unstable();
        self.listed.dedup();
        // every value below the reach is the value of some split (b, b, x):
        // for heaps of one parity the reach only grows, so it is kept
        let split_reaches = |b: &Bounds, v: usize| {
            solver.three.iter().any(|&k| {
                k + 3 <= n && {
                    let m = n - k;
                    b.reached(m % 2, v, m - 2)
                }
            })
        };
        let (mut v, at) = self.reach[n % 2];
        if at > n {
            v = 0;
        }
        while split_reaches(self, v) {
            v += 1;
        }
        self.reach[n % 2] = (v, n);
        loop {
            let listed = self.listed.binary_search(&(v as u64)).is_ok();
            let split = split_reaches(self, v);
            if !listed && !split {
                break;
            }
            v += 1;
        }
        // no unlisted option may reach v
        let vp = self.p * v as i128;
        let bounded = solver.two.iter().all(|&k| {
            let m = n.saturating_sub(k);
            m < 2 * (K + 1)
                || self.excess_k == i128::MIN
                || vp > self.s * m as i128 + 2 * self.excess_k
        }) && solver.three.iter().all(|&k| {
            let m = n.saturating_sub(k);
            m < 2 * (K + 1) + 1
                || self.excess_k == i128::MIN
                || vp > self.s * m as i128 + self.excess + 2 * self.excess_k
        });
        if bounded {
            self.used += 1;
            return (v as u64, work);
        }
        self.fallbacks += 1;
        let (v, more) = solver.value_by_options(vals);
        (v, work + more)
    }
}

/// Marks in `row` the values `G(a) ^ G(n - a)` of the splits of heap
/// `n = vals.len()` into two heaps whose smaller part `a` is in `parts`.
fn pair_set<T: Cell>(vals: &[T], parts: std::ops::Range<usize>, row: &mut [u64]) {
    let n = vals.len();
    let mut p = Bits(row);
    for a in parts {
        p.set(vals[a].idx() ^ vals[n - a].idx());
    }
}

/// Marks in `bits` the values of the three-heap splits of `m` tokens whose
/// smallest part `c` is in `cs`: `G(c) ^ P(m - c)`, `P` the pair sets.
fn mark_splits<T: Cell>(
    pairs: &[u64],
    stride: usize,
    vals: &[T],
    m: usize,
    cs: std::ops::Range<usize>,
    bits: &mut [u64],
) {
    for c in cs {
        let g = vals[c].idx();
        let (hi, lo) = (g >> 6, g & 63);
        let s = m - c;
        for (j, &w) in pairs[s * stride..(s + 1) * stride].iter().enumerate() {
            if w != 0
                && let Some(b) = bits.get_mut(j ^ hi)
            {
                *b |= xor_permute(w, lo);
            }
        }
    }
}
