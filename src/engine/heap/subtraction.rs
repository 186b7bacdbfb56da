//! Finite subtraction and all-but subtraction tables.

use super::marks::{Bits, Marks};
use super::{Cell, Reporter, Stop};
use crate::engine::Interrupted;

// ---------------------------------------------------------------------------
// Finite subtraction: mex over at most |S| options.

#[derive(Debug, Clone)]
pub(super) struct Subtraction {
    pub(super) set: Vec<u64>,
    pub(super) scratch: Vec<u64>,
}

impl Subtraction {
    pub(super) fn new(set: Vec<u64>) -> Self {
        Subtraction {
            set,
            scratch: Vec::new(),
        }
    }

    pub(super) fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Reporter,
    ) -> Result<Stop, Interrupted> {
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
                return Ok(Stop::Wide(v));
            }
            ticker.saw(v);
            vals.push(T::from_u64(v));
            ticker.add(cost, vals.len())?;
        }
        Ok(Stop::Done)
    }
}

// ---------------------------------------------------------------------------
// All-but subtraction: every smaller heap is an option except the few
// `n - e`. Keep how often each value occurred (saturated: only "more than the
// number of exclusions" matters) and the mex of all values so far; a value is
// missing for heap n when all its occurrences are excluded.

#[derive(Debug, Clone)]
pub(super) struct AllBut {
    pub(super) excluded: Vec<u64>,
    pub(super) counts: Vec<u32>,
    pub(super) cap: u32,
    pub(super) mex_all: usize,
    pub(super) scratch: Vec<u64>,
}

impl AllBut {
    pub(super) fn new(excluded: Vec<u64>) -> Self {
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

    pub(super) fn run<T: Cell>(
        &mut self,
        vals: &mut Vec<T>,
        target: usize,
        ticker: &mut Reporter,
    ) -> Result<Stop, Interrupted> {
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
                return Ok(Stop::Wide(v));
            }
            ticker.saw(v);
            self.commit(vals, v);
            ticker.add(cost, vals.len())?;
        }
        Ok(Stop::Done)
    }

    pub(super) fn commit<T: Cell>(&mut self, vals: &mut Vec<T>, v: u64) {
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
