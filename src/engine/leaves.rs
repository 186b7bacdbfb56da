//! Whether one move of a heap rule leaves given heaps, answered from the
//! rule's arithmetic (a few sums) rather than by listing the heap's
//! options, so that it answers for heaps of any size.
//!
//! Heaps with no moves are the zero game and are not listed: a move that
//! leaves `kayles(3) + kayles(0)` leaves the listed heap 3, and one of
//! Grundy's game that leaves heaps 1 and 5 leaves the listed heap 5.

use super::rule::HeapRule;

/// At most this many heaps are left by one move (hexadecimal codes).
const MOST_PARTS: usize = 3;

impl HeapRule {
    /// Whether a heap has at least one move.
    pub fn has_moves(&self, h: u64) -> bool {
        self.move_count(h) > 0
    }

    /// Whether one move from a heap of `n` tokens leaves exactly the heaps
    /// `left` (in any order) besides heaps with no moves. Every heap of
    /// `left` must have moves (it is `false` otherwise).
    pub fn leaves(&self, n: u64, left: &[u64]) -> bool {
        if left.len() > MOST_PARTS || left.iter().any(|&h| !self.has_moves(h)) {
            return false;
        }
        let Some(sum) = left.iter().try_fold(0u64, |a, &h| a.checked_add(h)) else {
            return false;
        };
        match self.normalized() {
            HeapRule::Subtraction(set) => match left {
                [] => set.iter().any(|&k| k <= n && !self.has_moves(n - k)),
                [h] => *h < n && set.binary_search(&(n - h)).is_ok(),
                _ => false,
            },
            HeapRule::AllBut(excluded) => {
                let allowed = |k: u64| k >= 1 && k <= n && excluded.binary_search(&k).is_err();
                match left {
                    // the heaps with no moves are those below the least
                    // take allowed, which is at most |excluded| + 1
                    [] => (0..=excluded.len() as u64)
                        .filter_map(|r| n.checked_sub(r))
                        .any(|k| allowed(k) && !self.has_moves(n - k)),
                    [h] => *h < n && allowed(n - h),
                    _ => false,
                }
            }
            HeapRule::Grundy => {
                // two unequal non-empty heaps; 1 and 2 have no moves
                let pair = |a: u64, b: u64| a != b && a.checked_add(b) == Some(n);
                match left {
                    [] => pair(1, 2),
                    [h] => pair(*h, 1) || pair(*h, 2),
                    [a, b] => pair(*a, *b),
                    _ => false,
                }
            }
            HeapRule::TakeBreak(code) => {
                // heaps with no moves are small when any move leaves a heap
                // (past the largest take plus three every heap has one)
                let bound = code.max_take().saturating_add(MOST_PARTS as u64);
                let quiet: Vec<u64> = (1..=bound).filter(|&h| !self.has_moves(h)).collect();
                code.digits.iter().enumerate().any(|(t, &d)| {
                    let Some(rest) = n.checked_sub(t as u64) else {
                        return false;
                    };
                    (0..=MOST_PARTS).any(|parts| {
                        d & (1 << parts) != 0
                            && parts >= left.len()
                            && rest >= sum
                            && sums_to(&quiet, parts - left.len(), rest - sum, 1)
                    })
                })
            }
        }
    }
}

/// Whether `count` heaps from `quiet` (repeats allowed, each at least
/// `from`, a multiset) sum to `total`.
fn sums_to(quiet: &[u64], count: usize, total: u64, from: u64) -> bool {
    if count == 0 {
        return total == 0;
    }
    quiet
        .iter()
        .filter(|&&h| h >= from && h <= total)
        .any(|&h| sums_to(quiet, count - 1, total - h, h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::code::parse_code;
    use std::ops::ControlFlow;

    /// Whether a move leaves `left` (sorted), by listing every move.
    fn listed(rule: &HeapRule, n: u64, left: &[u64]) -> bool {
        let mut found = false;
        let _ = rule.each_move(n, |_, heaps| {
            let mut with_moves: Vec<u64> = heaps
                .iter()
                .copied()
                .filter(|&h| rule.has_moves(h))
                .collect();
            with_moves.sort_unstable();
            if with_moves == left {
                found = true;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        found
    }

    fn rules() -> Vec<HeapRule> {
        let mut rules = vec![
            HeapRule::Grundy,
            HeapRule::subtraction([1, 3, 4]).unwrap(),
            HeapRule::subtraction([5, 7]).unwrap(),
            HeapRule::all_but([1, 2]),
            HeapRule::all_but([2, 5]),
            HeapRule::all_but([]),
        ];
        for (text, hex) in [
            ("0.77", false),
            ("0.07", false),
            ("0.137", false),
            ("4.0", false),
            ("0.4", false),
            ("0.1", false),
            ("0.04", false),
            ("0.0034", false),
            ("0.8", true),
            ("0.F8", true),
            ("0.08", true),
            ("4.8", true),
        ] {
            rules.push(HeapRule::TakeBreak(parse_code(text, hex).unwrap()));
        }
        rules
    }

    #[test]
    fn agrees_with_listing_the_moves() {
        for rule in rules() {
            let with_moves: Vec<u64> = (1..=24).filter(|&h| rule.has_moves(h)).collect();
            for n in 0..=24u64 {
                let mut lefts: Vec<Vec<u64>> = vec![vec![]];
                for (i, &a) in with_moves.iter().enumerate() {
                    lefts.push(vec![a]);
                    for (j, &b) in with_moves.iter().enumerate().skip(i) {
                        lefts.push(vec![a, b]);
                        for &c in &with_moves[j..] {
                            lefts.push(vec![a, b, c]);
                        }
                    }
                }
                for left in lefts {
                    assert_eq!(
                        rule.leaves(n, &left),
                        listed(&rule, n, &left),
                        "{} from {n} to {left:?}",
                        rule.describe()
                    );
                }
            }
        }
    }

    #[test]
    fn answers_for_huge_heaps() {
        let kayles = HeapRule::TakeBreak(parse_code("0.77", false).unwrap());
        let n = 1_000_000_000_000_000_000;
        assert!(kayles.leaves(n, &[22, n - 23]));
        assert!(kayles.leaves(n, &[n - 1]));
        assert!(kayles.leaves(n, &[n - 2]));
        assert!(!kayles.leaves(n, &[n - 3]));
        assert!(!kayles.leaves(n, &[2, n - 5]));
        assert!(!kayles.leaves(n, &[u64::MAX, u64::MAX]));
        assert!(HeapRule::Grundy.leaves(n, &[n - 1]));
        assert!(!HeapRule::Grundy.leaves(n, &[n / 2, n / 2]));
        assert!(HeapRule::all_but([2]).leaves(n, &[n - 3]));
        assert!(!HeapRule::all_but([2]).leaves(n, &[n - 2]));
        let s = HeapRule::subtraction([1, 3, 4]).unwrap();
        assert!(!s.leaves(u64::MAX, &[]));
        assert!(s.leaves(u64::MAX, &[u64::MAX - 3]));
    }
}
