//! Splitting rules (take-and-break codes, Grundy's game): the mex of
//! xor-pairs, with the rare/common split that settles most values quickly.

use super::*;

// ---------------------------------------------------------------------------
// Splitting rules: take-and-break codes and Grundy's game.

/// A set of option values being marked, with its mex.
pub(super) trait Marks {
    fn set(&mut self, x: usize);
    fn has(&self, x: usize) -> bool;
    /// The smallest unmarked value `>= from` (the capacity if all are marked).
    fn mex_from(&self, from: usize) -> usize;
}

/// Marks for values below 64, in one register.
pub(super) struct Reg(pub(super) u64);

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
pub(super) struct Bits<'a>(pub(super) &'a mut [u64]);

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
pub(super) fn xor_permute(mut w: u64, x: usize) -> u64 {
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
pub(super) const SCAN_BLOCK: usize = 16;
pub(super) const UNKNOWN: u8 = 0;
pub(super) const COMMON: u8 = 1;
pub(super) const RARE: u8 = 2;
/// Above this many distinct possible values the split is not used (its
/// classification costs the square of it).
pub(super) const RC_MAX_WIDTH: usize = 4096;

/// The rare/common split (see the module documentation).
#[derive(Debug, Clone, Default)]
pub(super) struct RareCommon {
    /// Whether new values are computed through the split.
    pub(super) on: bool,
    /// Per value: UNKNOWN, COMMON or RARE.
    pub(super) class: Vec<u8>,
    pub(super) commons: Vec<usize>,
    /// Heaps >= 1 whose value is not common, ascending (kept while `on`).
    pub(super) rare: Vec<usize>,
    /// Table length at the last rebuild, and when to rebuild next.
    pub(super) last: usize,
    pub(super) next: usize,
    pub(super) rare_since: usize,
}

impl RareCommon {
    #[inline]
    pub(super) fn is_common(&mut self, v: usize) -> bool {
        match self.class.get(v) {
            Some(&COMMON) => true,
            Some(&RARE) => false,
            _ => self.classify(v),
        }
    }

    /// Puts a value no heap has yet into C when C stays xor-free, else in R.
    pub(super) fn classify(&mut self, v: usize) -> bool {
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
pub(super) struct Split {
    /// k with bit 1: a heap of exactly k may be removed.
    pub(super) whole: Vec<usize>,
    /// k >= 1 with bit 2: removing k may leave one heap.
    pub(super) leave: Vec<usize>,
    /// k with bit 4 (two heaps left), ascending.
    pub(super) two: Vec<usize>,
    /// k with bit 8 (three heaps left), ascending.
    pub(super) three: Vec<usize>,
    /// The two heaps must differ (Grundy's game).
    pub(super) unequal: bool,
    /// A power of two >= 64 above every value so far.
    pub(super) width: usize,
    pub(super) bits: Vec<u64>,
    pub(super) counts: Vec<u64>,
    pub(super) rc: RareCommon,
    /// With three-heap splits: for each s, the set of values of the splits
    /// of s into two non-empty heaps, `width / 64` words per s.
    pub(super) pairs: Vec<u64>,
    /// For codes: the largest number of tokens taken and of heaps left, for
    /// the periodicity theorem.
    pub(super) theorem: Option<(u64, u64)>,
    /// When to look for a proven period next (table length).
    pub(super) next_period_check: usize,
    /// A period proven by the theorem: (pre-period, period). Every later
    /// value is copied from one period earlier.
    pub(super) periodic: Option<(usize, usize)>,
}

impl Split {
    pub(super) fn new(
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

    pub(super) fn rc_possible(&self) -> bool {
        self.three.is_empty() && !self.two.is_empty()
    }

    pub(super) fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Ticker,
    ) -> Result<Option<u64>, Interrupted> {
        while vals.len() < target {
            if let Some((_, p)) = self.periodic {
                // proven periodic: copy from one period earlier
                let len = vals.len();
                let chunk = (target - len).min(p).min(1 << 16);
                vals.extend_from_within(len - p..len - p + chunk);
                ticker.add(chunk as u64, vals.len())?;
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
            ticker.saw(v);
            self.commit(vals, v);
            ticker.add(work, vals.len())?;
            if vals.len() >= self.next_period_check {
                self.check_period(vals, &mut *ticker.watch)?;
            }
        }
        Ok(None)
    }

    /// Looks for a period proven by the periodicity theorem (codes only), at
    /// every doubling of the table; once found, later values are copies.
    pub(super) fn check_period<T: Cell>(
        &mut self,
        vals: &[T],
        watch: &mut dyn Watch,
    ) -> Result<(), Interrupted> {
        self.next_period_check = vals.len().saturating_mul(2);
        let Some((t, parts)) = self.theorem else {
            return Ok(());
        };
        if let Some((n0, p, _)) = crate::engine::period::theorem_scan(vals, t, parts, watch)?.proven
        {
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
    pub(super) fn mark_takes<T: Cell, M: Marks>(&self, vals: &[T], marks: &mut M) {
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
    pub(super) fn value2<T: Cell, M: Marks>(&mut self, vals: &[T], marks: &mut M) -> (u64, u64) {
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
    pub(super) fn value3<T: Cell>(&mut self, vals: &[T]) -> (u64, u64) {
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

    pub(super) fn commit<T: Cell>(&mut self, vals: &mut Vec<T>, v: u64) {
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
    pub(super) fn grow(&mut self, v: usize) {
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
    pub(super) fn rebuild<T: Cell>(&mut self, vals: &[T]) {
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
