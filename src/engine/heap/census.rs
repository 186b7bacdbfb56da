//! The rare values of a two-heap splitting rule as the published tables
//! count them (Flammenkamp's tables of octal games, after Gangolli and
//! Plambeck): the statistic a research run reports, computed from the
//! values alone, whatever split the solver uses inside.
//!
//! For a mask `m`, a value `v` is *rare* when `v & m` has an even number of
//! 1 bits (so 0 is always rare) and *common* otherwise. Two common values
//! xor to a rare one, so a heap split into two common parts never has a
//! common value: where a mask makes few heaps rare, the values are found
//! from the rare heaps alone (Winning Ways' "sparse space"). When every
//! split of the rule removes an even number of tokens, or every split an
//! odd number, the parity of the heap may join in ("sparse in the domain"):
//! heap `n` is rare when the 1 bits of `G(n) & m`, counted with `n - t`
//! (`t` the tokens a split removes), are even. The mask reported is the
//! one that makes the fewest of the heaps 0, 1, ..., N - 1 rare, the
//! smallest such (the heap's parity counting as the lowest bit), as in the
//! published tables.
//!
//! Rare counts for every mask at once come from the Walsh–Hadamard
//! transform of the counts of (value, parity) pairs: `N + H[i]` is twice
//! the count of heaps rare under mask `i`.

use super::super::rule::HeapRule;

/// Values from this on are not counted (the counts of pairs would take
/// 2^21 entries and more).
pub const CENSUS_VALUES: u64 = 1 << 20;

/// Why a rule has no rare values to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoCensus {
    /// No move splits a heap in two.
    NoSplit,
    /// A move may leave three heaps (three common values xor to a common
    /// one: the split says nothing).
    ThreeHeaps,
}

/// The counts of the (value, parity) pairs of the heaps seen.
#[derive(Debug, Clone)]
pub struct Census {
    /// `Some(t & 1)` when every split removes `t` tokens of one parity: the
    /// parity of `n - t` may join the mask. `None` when splits of both
    /// parities exist.
    parity: Option<u64>,
    /// The fewest tokens a split removes (named in the answer).
    offset: u64,
    /// Per pair `x = 2 G(n) + parity(n - t)`: the heaps with it.
    counts: Vec<u64>,
    /// Per pair: the last heap with it, plus one (0: none).
    last: Vec<u64>,
    heaps: u64,
    /// A value of `CENSUS_VALUES` or more was seen.
    too_wide: bool,
}

/// What the census found: the mask, and the heaps it makes rare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sparse {
    /// A value `v` is rare when `v & mask` has an even number of 1 bits.
    pub mask: u64,
    /// `Some(t)`: the parity of `n - t` counts with those bits.
    pub offset: Option<u64>,
    /// The heaps that are rare, of `heaps` counted (0, 1, ..., heaps - 1).
    pub rare: u64,
    pub heaps: u64,
    /// The last rare heap and its value.
    pub last: Option<(u64, u64)>,
}

impl Census {
    /// A census for the heaps of `rule`, or why it has none.
    pub fn for_rule(rule: &HeapRule) -> Result<Census, NoCensus> {
        let offsets: Vec<u64> = match rule {
            HeapRule::Grundy => vec![0],
            HeapRule::TakeBreak(code) if code.max_parts() >= 3 => {
                return Err(NoCensus::ThreeHeaps);
            }
            HeapRule::TakeBreak(code) => code.takes_leaving(2).iter().map(|&k| k as u64).collect(),
            HeapRule::Subtraction(_) | HeapRule::AllBut(_) => Vec::new(),
        };
        Census::new(&offsets).ok_or(NoCensus::NoSplit)
    }

    /// A census for a rule whose splits into two heaps remove `offsets`
    /// tokens; `None` if there is none.
    pub fn new(offsets: &[u64]) -> Option<Census> {
        let offset = *offsets.iter().min()?;
        let parity = offsets
            .iter()
            .all(|&t| t % 2 == offset % 2)
            .then_some(offset % 2);
        Some(Census {
            parity,
            offset,
            counts: vec![0; 2],
            last: vec![0; 2],
            heaps: 0,
            too_wide: false,
        })
    }

    /// Counts heap `n`, of value `v`.
    #[inline]
    pub fn see(&mut self, n: u64, v: u64) {
        self.heaps += 1;
        if v >= CENSUS_VALUES {
            self.too_wide = true;
            return;
        }
        let p = self.parity.map_or(0, |r| (n ^ r) & 1);
        let x = (2 * v + p) as usize;
        if x >= self.counts.len() {
            let len = (x + 1).next_power_of_two();
            self.counts.resize(len, 0);
            self.last.resize(len, 0);
        }
        self.counts[x] += 1;
        self.last[x] = self.last[x].max(n + 1);
    }

    /// Counts heaps `from`, `from + 1`, ... of the values given.
    pub fn see_all(&mut self, from: u64, values: &[u64]) {
        for (i, &v) in values.iter().enumerate() {
            self.see(from + i as u64, v);
        }
    }

    /// The heaps counted so far.
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// The mask that makes the fewest heaps rare, and those heaps; `None`
    /// if a value was too large to count (see [`CENSUS_VALUES`]).
    pub fn result(&self) -> Option<Sparse> {
        if self.too_wide {
            return None;
        }
        let size = self.counts.len();
        let mut h: Vec<i64> = self.counts.iter().map(|&c| c as i64).collect();
        let mut step = 1;
        while step < size {
            for block in h.chunks_exact_mut(2 * step) {
                let (a, b) = block.split_at_mut(step);
                for (x, y) in a.iter_mut().zip(b.iter_mut()) {
                    (*x, *y) = (*x + *y, *x - *y);
                }
            }
            step *= 2;
        }
        let n = self.heaps as i64;
        let (best, rare) = h
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.parity.is_some() || i % 2 == 0)
            .map(|(i, &hi)| (i, ((n + hi) / 2) as u64))
            .min_by_key(|&(i, rare)| (rare, i))?;
        let last = (0..size)
            .filter(|&x| self.counts[x] > 0 && (x & best).count_ones() % 2 == 0)
            .map(|x| (self.last[x] - 1, (x / 2) as u64))
            .max();
        Some(Sparse {
            mask: (best / 2) as u64,
            offset: (best % 2 == 1).then_some(self.offset),
            rare,
            heaps: self.heaps,
            last,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rare heaps under every mask, counted one by one.
    fn brute(values: &[u64], offsets: &[u64]) -> (u64, u64, Option<u64>) {
        let t = *offsets.iter().min().unwrap();
        let same = offsets.iter().all(|&o| o % 2 == t % 2);
        let top = values.iter().max().copied().unwrap_or(0);
        let width = 64 - top.leading_zeros();
        let mut best: Option<(u64, u64, Option<u64>)> = None;
        for with_n in [false, true] {
            if with_n && !same {
                continue;
            }
            for mask in 0..1u64 << width {
                let rare = values
                    .iter()
                    .enumerate()
                    .filter(|&(n, &v)| {
                        let bits = (v & mask).count_ones() as u64;
                        let bits = if with_n {
                            bits + (n as u64 + 2 - t % 2)
                        } else {
                            bits
                        };
                        bits.is_multiple_of(2)
                    })
                    .count() as u64;
                let key = (rare, 2 * mask + u64::from(with_n));
                if best.is_none_or(|(r, m, o)| key < (r, 2 * m + u64::from(o.is_some()))) {
                    best = Some((rare, mask, with_n.then_some(t)));
                }
            }
        }
        best.unwrap()
    }

    #[test]
    fn the_fewest_rare_heaps_are_found_as_a_count_of_every_mask_finds_them() {
        // Kayles' first values, Dawson's Kayles', and made-up ones
        let kayles = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
        ];
        let dawson = [
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1,
        ];
        let odd = [0, 5, 9, 12, 3, 3, 7, 1, 0, 14, 2, 6, 11, 8, 0, 4];
        for (values, offsets) in [
            (&kayles[..], &[1u64, 2][..]),
            (&dawson[..], &[2][..]),
            (&odd[..], &[3, 5][..]),
            (&odd[..], &[0, 1][..]),
            (&kayles[..], &[0][..]),
        ] {
            let mut c = Census::new(offsets).unwrap();
            c.see_all(0, values);
            let got = c.result().unwrap();
            let (rare, mask, offset) = brute(values, offsets);
            assert_eq!(
                (got.rare, got.mask, got.offset),
                (rare, mask, offset),
                "{values:?} {offsets:?}"
            );
            assert_eq!(got.heaps, values.len() as u64);
            // the last rare heap, looked for from the end
            let is_rare = |n: usize, v: u64| {
                let bits = (v & got.mask).count_ones() as u64
                    + got.offset.map_or(0, |t| n as u64 + 2 - t % 2);
                bits.is_multiple_of(2)
            };
            let last = (0..values.len()).rev().find(|&n| is_rare(n, values[n]));
            assert_eq!(got.last, last.map(|n| (n as u64, values[n])));
        }
    }

    #[test]
    fn rules_without_two_heap_splits_have_no_census() {
        use crate::engine::code::parse_code;
        let code = |t: &str, hex: bool| HeapRule::TakeBreak(parse_code(t, hex).unwrap());
        assert_eq!(
            Census::for_rule(&code("0.33", false)).err(),
            Some(NoCensus::NoSplit)
        );
        assert_eq!(
            Census::for_rule(&code("0.F", true)).err(),
            Some(NoCensus::ThreeHeaps)
        );
        assert_eq!(
            Census::for_rule(&HeapRule::Subtraction(vec![1, 2])).err(),
            Some(NoCensus::NoSplit)
        );
        let c = Census::for_rule(&code("0.127", false)).unwrap();
        assert_eq!((c.parity, c.offset), (Some(1), 3));
        let c = Census::for_rule(&code("4.064", false)).unwrap();
        assert_eq!((c.parity, c.offset), (None, 0));
        let c = Census::for_rule(&HeapRule::Grundy).unwrap();
        assert_eq!((c.parity, c.offset), (Some(0), 0));
    }

    #[test]
    fn values_too_large_are_not_counted() {
        let mut c = Census::new(&[1]).unwrap();
        c.see(0, 0);
        c.see(1, CENSUS_VALUES);
        assert_eq!(c.result(), None);
        assert_eq!(c.heaps(), 2);
    }
}
