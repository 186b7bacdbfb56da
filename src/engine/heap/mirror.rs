//! The values in reverse order, so that both parts of the splits
//! `(a, m - a)`, `a = 1, 2, ...` run forward in memory, and the look for a
//! few missing option values among many splits, side by side.
//!
//! Marking each split's value costs a store per split; once only a few
//! values are still looked for, comparing a block of split values with
//! each of them is cheaper, and the compiler does the comparisons many at
//! a time (the values of a block are formed from two forward slices).

use std::any::Any;

use super::Cell;

/// Splits per block of the comparing scan.
pub(super) const BLOCK: usize = 128;

/// `rev[cap - 1 - i]` is the value of heap `i`, for `i < count`.
#[derive(Debug, Default)]
struct Rev<T> {
    rev: Vec<T>,
    count: usize,
}

/// The mirror of the values, in their storage type (rebuilt when the type
/// changes: it is a cache, and a clone starts without it).
#[derive(Default)]
pub(super) struct Mirror(Option<Box<dyn Any + Send + Sync>>);

impl Clone for Mirror {
    fn clone(&self) -> Self {
        Mirror(None)
    }
}

impl std::fmt::Debug for Mirror {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Mirror")
    }
}

impl Mirror {
    /// The mirror of `vals`, brought up to date, with room for `planned`
    /// values (the table's capacity: the mirror is as large as the values,
    /// not more, and grows with them); `None` if it cannot grow (no memory
    /// for it: the caller scans without it).
    pub(super) fn of<'a, T: Cell>(
        &'a mut self,
        vals: &'a [T],
        planned: usize,
    ) -> Option<Mirrored<'a, T>> {
        let rev = self.synced(vals, planned)?;
        Some(Mirrored {
            vals,
            rev: &rev.rev,
        })
    }

    fn synced<T: Cell>(&mut self, vals: &[T], planned: usize) -> Option<&mut Rev<T>> {
        if !self.0.as_ref().is_some_and(|b| b.is::<Rev<T>>()) {
            self.0 = Some(Box::new(Rev::<T>::default()));
        }
        let rev = self.0.as_mut().and_then(|b| b.downcast_mut::<Rev<T>>())?;
        if rev.count > vals.len() {
            // the values were replaced: start again
            rev.count = 0;
        }
        if rev.rev.len() < vals.len().max(planned) {
            // the planned size, and at least a quarter more than now, so
            // that a table extended a little at a time is not copied each time
            let cap = planned.max(vals.len() + vals.len() / 4).max(64);
            let mut grown = Vec::new();
            grown.try_reserve_exact(cap).ok()?;
            grown.resize(cap, T::default());
            let old = rev.rev.len();
            grown[cap - old..].copy_from_slice(&rev.rev);
            rev.rev = grown;
        }
        let cap = rev.rev.len();
        for (i, &v) in vals.iter().enumerate().skip(rev.count) {
            rev.rev[cap - 1 - i] = v;
        }
        rev.count = vals.len();
        Some(rev)
    }

    /// The mirror brought up to date with `vals`, with room for `total`
    /// values, as its buffer's start and length (`cap`): heap `i` is at
    /// `cap - 1 - i`. For the threads of [`super::parallel`], which write
    /// the heaps they compute there, then call [`Mirror::advance`]. `None`
    /// if there is no memory for it.
    pub(super) fn raw<T: Cell>(&mut self, vals: &[T], total: usize) -> Option<(*mut T, usize)> {
        let rev = self.synced(vals, total)?;
        Some((rev.rev.as_mut_ptr(), rev.rev.len()))
    }

    /// Counts the values written through [`Mirror::raw`]: the mirror holds
    /// heaps `0..count`.
    pub(super) fn advance<T: Cell>(&mut self, count: usize) {
        if let Some(rev) = self.0.as_mut().and_then(|b| b.downcast_mut::<Rev<T>>()) {
            rev.count = count.min(rev.rev.len());
        }
    }

    /// Bytes the mirror holds per value of the given width (it grows by a
    /// quarter at least, to the table's capacity).
    pub(super) fn bytes_per_value(width: u64) -> u64 {
        width + width.div_ceil(4)
    }
}

/// The values and their mirror.
pub(super) struct Mirrored<'a, T> {
    vals: &'a [T],
    rev: &'a [T],
}

impl<'a, T: Cell> Mirrored<'a, T> {
    /// `rev` holds heaps `0..vals.len()` reversed (the end of a mirror).
    pub(super) fn new(vals: &'a [T], rev: &'a [T]) -> Self {
        debug_assert_eq!(vals.len(), rev.len());
        Mirrored { vals, rev }
    }

    /// Looks among the splits `(1 + j, m - 1 - j)`, `j` in `from..to`, for
    /// the values in `missing`, and removes those found. Returns the number
    /// of splits looked at. The order of the values left is not kept.
    pub(super) fn find(&self, m: usize, from: usize, to: usize, missing: &mut Vec<T>) -> u64 {
        // heap m - 1 - j is rev[cap - m + j]
        let base = self.rev.len() - m;
        let mut j = from;
        let mut xs = [T::default(); BLOCK];
        while j < to && !missing.is_empty() {
            let len = (to - j).min(BLOCK);
            let lo = &self.vals[1 + j..1 + j + len];
            let hi = &self.rev[base + j..base + j + len];
            if len == BLOCK {
                for ((x, &a), &b) in xs.iter_mut().zip(lo).zip(hi) {
                    *x = a ^ b;
                }
                let mut k = 0;
                while k < missing.len() {
                    let t = missing[k];
                    if xs.iter().fold(false, |hit, &x| hit | (x == t)) {
                        missing.swap_remove(k);
                    } else {
                        k += 1;
                    }
                }
            } else {
                let xs = &mut xs[..len];
                for ((x, &a), &b) in xs.iter_mut().zip(lo).zip(hi) {
                    *x = a ^ b;
                }
                missing.retain(|t| !xs.contains(t));
            }
            j += len;
        }
        (j.min(to) - from) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive look: every split's value, compared with every target.
    fn naive(vals: &[u8], m: usize, from: usize, to: usize, missing: &[u8]) -> Vec<u8> {
        missing
            .iter()
            .copied()
            .filter(|&t| !(from..to).any(|j| vals[1 + j] ^ vals[m - 1 - j] == t))
            .collect()
    }

    #[test]
    fn finds_what_the_naive_look_finds() {
        let mut mirror = Mirror::default();
        let mut vals: Vec<u8> = Vec::new();
        let mut x: u32 = 12345;
        for n in 0..700usize {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            vals.push((x >> 16) as u8 & 63);
            let m = n + 1;
            for (from, to) in [(0, (m - 1) / 2), (3, m / 2), (0, 0), (5, 200.min(m / 2))] {
                if from > to || to > (m - 1) / 2 + 1 || m < 2 || 1 + to > m {
                    continue;
                }
                let targets: Vec<u8> = (0..64).step_by(3).collect();
                let mut missing = targets.clone();
                let view = mirror.of(&vals, 0).expect("small");
                view.find(m, from, to, &mut missing);
                // the order of the targets left is not kept
                missing.sort_unstable();
                assert_eq!(
                    missing,
                    naive(&vals, m, from, to, &targets),
                    "m {m} {from}..{to}"
                );
            }
        }
    }

    #[test]
    fn a_clone_or_a_new_type_rebuilds_the_mirror() {
        let mut mirror = Mirror::default();
        let vals: Vec<u8> = vec![0, 1, 2, 3, 1, 4];
        let mut missing = vec![5u8, 7];
        mirror.of(&vals, 0).unwrap().find(6, 0, 2, &mut missing);
        // splits (1, 5): 1 ^ 4 = 5, (2, 4): 2 ^ 1 = 3
        assert_eq!(missing, vec![7]);
        let wide: Vec<u16> = vals.iter().map(|&v| u16::from(v)).collect();
        let mut missing = vec![5u16, 3, 9];
        mirror
            .clone()
            .of(&wide, 0)
            .unwrap()
            .find(6, 0, 2, &mut missing);
        missing.sort_unstable();
        assert_eq!(missing, vec![9]);
        let mut missing = vec![3u16];
        mirror.of(&wide, 0).unwrap().find(6, 1, 2, &mut missing);
        assert!(missing.is_empty());
    }
}
