//! Bounds, before a search starts, on the positions it could reach: the
//! refusals up front rest on them, so they must never fall short (tested
//! against the positions exact searches visit).

use super::atoms::WILD;
use super::family::FamilyClasses;
use crate::engine::rule::HeapRule;
use std::sync::OnceLock;

impl FamilyClasses {
    /// An upper bound on the positions reachable from heaps of these sizes
    /// side by side, saturating. Positions are counted as the search keeps
    /// them: heaps that play like Nim heaps are merged into one canonical
    /// Nim part, so only the other heaps are counted one by one.
    pub fn reach(&self, heaps: &[u64]) -> u128 {
        if !self.splits() {
            return heaps
                .iter()
                .fold(1u128, |a, &n| a.saturating_mul(u128::from(n) + 1));
        }
        // Each heap h weighs h, and the weights of the heaps a position
        // holds add up to at most `budget`:
        // * Grundy's game never removes a token: the heaps' total;
        // * a code whose splits all remove a token: the heaps left by a
        //   heap of n and the gaps between them fit in n + 1, so weighing
        //   each heap h + 1, the total is at most the sum of the n + 1;
        // * otherwise: the heaps' total.
        let total = heaps.iter().fold(0u64, |a, &n| a.saturating_add(n));
        let extra = match &self.rule {
            HeapRule::TakeBreak(code)
                if code.digits.iter().all(|d| d & 8 == 0)
                    && code.digits.first().is_none_or(|d| d & 12 == 0) =>
            {
                1
            }
            _ => 0,
        };
        let budget = total.saturating_add(extra * heaps.len() as u64);
        let top = heaps.iter().copied().max().unwrap_or(0);
        if budget > LIMIT || (top as usize) >= self.classes.len() {
            return match (&self.rule, extra) {
                (HeapRule::Grundy, _) | (_, 1) => partitions(budget),
                _ => partitions_up_to(budget),
            };
        }
        // multisets of heaps not known to be Nim heaps, by weight
        let budget = budget as usize;
        let mut ways = vec![0u128; budget + 1];
        ways[0] = 1;
        let mut even = Vec::new();
        let mut lightest_big = u64::MAX;
        let mut largest = 0u64;
        for h in 1..=top {
            let w = (h + extra) as usize;
            match self.classes[h as usize] {
                WILD => {
                    for j in w..=budget {
                        ways[j] = ways[j].saturating_add(ways[j - w]);
                    }
                }
                v => {
                    let v = u64::from(v);
                    largest = largest.max(v);
                    if v >= 2 {
                        lightest_big = lightest_big.min(w as u64);
                        even.push(v & !1);
                    }
                }
            }
        }
        let wild = ways.iter().fold(0u128, |a, &b| a.saturating_add(b));
        // canonical Nim parts: none or one heap (below the next power of
        // two of the largest value), or k >= 2 heaps of 2 or more, all even
        // but the first, which holds the parity
        even.sort_unstable();
        even.dedup();
        // (a nim-sum of values up to `largest` stays below this power of 2)
        let singles = u128::from(
            largest
                .saturating_add(1)
                .checked_next_power_of_two()
                .unwrap_or(u64::MAX),
        ) + 1;
        let most = (budget as u64).checked_div(lightest_big).unwrap_or(0);
        let mut multis: u128 = 0;
        let kinds = even.len() as u128;
        // multisets of k from `kinds` values: C(kinds + k - 1, k)
        let mut choose: u128 = 1;
        for k in 1..=most as u128 {
            choose = choose
                .checked_mul(kinds + k - 1)
                .map_or(u128::MAX, |c| c / k);
            if k >= 2 {
                multis = multis.saturating_add(choose.saturating_mul(2));
            }
        }
        wild.saturating_mul(singles.saturating_add(multis))
    }
}

/// Partition numbers p(0..=LIMIT), saturating; past LIMIT they are far
/// beyond any budget.
const LIMIT: u64 = 1200;

fn table() -> &'static [u128] {
    static P: OnceLock<Vec<u128>> = OnceLock::new();
    P.get_or_init(|| {
        let n = LIMIT as usize;
        let mut p = vec![0u128; n + 1];
        p[0] = 1;
        for k in 1..=n {
            for j in k..=n {
                p[j] = p[j].saturating_add(p[j - k]);
            }
        }
        p
    })
}

/// p(n), the number of partitions of n (saturating).
pub(super) fn partitions(n: u64) -> u128 {
    if n > LIMIT {
        return u128::MAX;
    }
    table()[n as usize]
}

/// p(0) + p(1) + ... + p(n) (saturating).
fn partitions_up_to(n: u64) -> u128 {
    if n > LIMIT {
        return u128::MAX;
    }
    table()[..=n as usize]
        .iter()
        .fold(0u128, |a, &b| a.saturating_add(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Quiet;
    use crate::engine::code::parse_code;
    use crate::engine::misere::{Budget, Meter};

    fn budget() -> Budget {
        Budget::for_tests()
    }

    #[test]
    fn partition_numbers() {
        let want = [1u128, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42];
        for (n, &p) in want.iter().enumerate() {
            assert_eq!(partitions(n as u64), p);
        }
        assert_eq!(partitions(100), 190_569_292);
        assert_eq!(partitions(200), 3_972_999_029_388);
        assert_eq!(partitions_up_to(3), 1 + 1 + 2 + 3);
        assert_eq!(partitions(5000), u128::MAX);
    }

    #[test]
    fn reach_bounds() {
        let kayles = FamilyClasses::new(&HeapRule::TakeBreak(parse_code("0.77", false).unwrap()));
        // no class known: every multiset of heaps
        assert_eq!(kayles.reach(&[40]), partitions(41));
        assert_eq!(kayles.reach(&[12, 13]), partitions(27));
        let sub = FamilyClasses::new(&HeapRule::subtraction([1, 2]).unwrap());
        assert_eq!(sub.reach(&[40]), 41);
        assert_eq!(sub.reach(&[40, 9]), 410);
        let gg = FamilyClasses::new(&HeapRule::Grundy);
        assert_eq!(gg.reach(&[10]), 42);
        // with the classes known, rows of up to 4 pins merge into the Nim
        // part: fewer positions
        let mut kayles = kayles;
        let mut meter = Meter::new(1 << 30);
        kayles
            .extend::<()>(13, &budget(), 0, &mut meter, &mut Quiet, 0)
            .unwrap();
        let bound = kayles.reach(&[12, 13]);
        assert!(bound < partitions(27), "{bound}");
        assert!(bound > 100, "{bound}");
    }
}
