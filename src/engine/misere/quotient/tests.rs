//! The quotient against an exhaustive misère search of sums of heaps that
//! shares no code with it (its own move generator, its own memo).

use super::states::Spend;
use super::{Presentation, QuotientError, Solver, Table};
use crate::engine::Quiet;
use crate::engine::code::parse_code;
use crate::engine::rule::HeapRule;
use proptest::prelude::*;
use std::collections::HashMap;

/// Moves of an octal code written as digits after the point, by hand.
fn octal_moves(digits: &[u8], n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (k, &d) in digits.iter().enumerate() {
        let k = k as u64 + 1;
        if k > n {
            break;
        }
        let r = n - k;
        if d & 1 == 1 && r == 0 {
            out.push(vec![]);
        }
        if d & 2 == 2 && r > 0 {
            out.push(vec![r]);
        }
        if d & 4 == 4 {
            for a in 1..r {
                out.push(vec![a, r - a]);
            }
        }
    }
    out
}

struct Naive {
    moves: Moves,
    memo: HashMap<Vec<u64>, bool>,
}

impl Naive {
    /// Misère: true when the sum is a P-position (the player to move loses).
    fn p(&mut self, w: &[u64]) -> bool {
        let mut w: Vec<u64> = w.iter().copied().filter(|&h| h > 0).collect();
        w.sort_unstable();
        if let Some(&v) = self.memo.get(&w) {
            return v;
        }
        let mut any = false;
        let mut win = false;
        for i in 0..w.len() {
            if i > 0 && w[i] == w[i - 1] {
                continue;
            }
            for o in (self.moves)(w[i]) {
                any = true;
                let mut next: Vec<u64> = w.clone();
                next.remove(i);
                next.extend(o);
                if self.p(&next) {
                    win = true;
                    break;
                }
            }
            if win {
                break;
            }
        }
        let v = any && !win;
        self.memo.insert(w, v);
        v
    }
}

fn try_solve(rule: &HeapRule, n: u64) -> Result<Solver, super::QuotientError> {
    let mut s = Solver::new(rule);
    let mut quiet = Quiet;
    let mut spend = Spend::new(1 << 22, 1 << 30, 1 << 30, &mut quiet);
    s.extend_to(n, &mut spend)?;
    Ok(s)
}

fn solve(rule: &HeapRule, n: u64) -> Solver {
    try_solve(rule, n).unwrap()
}

type Moves = Box<dyn Fn(u64) -> Vec<Vec<u64>>>;

fn octal(code: &str) -> (HeapRule, Moves) {
    let digits: Vec<u8> = code[2..].bytes().map(|b| b - b'0').collect();
    (
        HeapRule::TakeBreak(parse_code(code, false).unwrap()),
        Box::new(move |n| octal_moves(&digits, n)),
    )
}

fn product(s: &Solver, w: &[u64]) -> u32 {
    w.iter()
        .fold(0, |x, &h| s.table.mul(x, s.element(h).unwrap()))
}

/// Every sum of up to `k` heaps (at most `max` each, `total` tokens in
/// all) has the outcome the quotient gives.
fn agrees(code: &str, max: u64, k: usize, total: u64) {
    let (rule, moves) = octal(code);
    let s = solve(&rule, max);
    assert_eq!(s.table.order % 2, 0, "{code}: order {}", s.table.order);
    let mut naive = Naive {
        moves,
        memo: HashMap::new(),
    };
    let mut w: Vec<u64> = Vec::new();
    fn each(w: &mut Vec<u64>, from: u64, max: u64, k: usize, left: u64, f: &mut dyn FnMut(&[u64])) {
        f(w);
        if w.len() == k {
            return;
        }
        for h in from..=max.min(left) {
            w.push(h);
            each(w, h, max, k, left - h, f);
            w.pop();
        }
    }
    each(&mut w, 1, max, k, total, &mut |w| {
        let q = s.table.p[product(&s, w) as usize];
        assert_eq!(q, naive.p(w), "{code}: {w:?}");
    });
}

#[test]
fn kayles_quotient_gives_every_small_sum() {
    agrees("0.77", 14, 4, 26);
}

#[test]
fn dawsons_kayles_quotient_gives_every_small_sum() {
    agrees("0.07", 14, 4, 26);
}

#[test]
fn quotients_of_other_codes_give_every_small_sum() {
    agrees("0.137", 14, 4, 24);
    agrees("0.75", 12, 4, 22);
    agrees("0.31", 12, 4, 22);
    agrees("0.6", 10, 3, 20);
}

#[test]
fn the_quotient_of_0_75_is_r8() {
    // Plambeck and Siegel: <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>,
    // P = {a, b^2}, with a, b, c the heaps 1, 2 and 5
    let (rule, _) = octal("0.75");
    let s = solve(&rule, 40);
    let pr = Presentation::new(&s.table, &s.phi);
    assert_eq!(s.table.order, 8);
    let gens: Vec<u64> = pr.generators.iter().map(|g| g.1).collect();
    assert_eq!(gens, [1, 2, 5]);
    let rel: Vec<String> = pr
        .relations
        .iter()
        .map(|(a, b)| format!("{a} = {b}"))
        .collect();
    assert_eq!(rel, ["a^2 = 1", "b c = a b", "c^2 = b^2", "b^3 = b"]);
    let p: Vec<&str> = (0..8)
        .filter(|&x| s.table.p[x])
        .map(|x| pr.names[x].as_str())
        .collect();
    assert_eq!(p, ["a", "b^2"]);
    assert_eq!(s.period(), Some((8, 2)));
    assert_eq!(s.expansions, [1, 2, 5]);
}

#[test]
fn kayles_quotient_to_heap_90_gives_sums_up_to_40_tokens() {
    let (rule, moves) = octal("0.77");
    let s = solve(&rule, 90);
    assert_eq!(s.table.order, 40);
    assert_eq!(s.expansions, [1, 2, 5, 9, 12, 25, 27]);
    let mut naive = Naive {
        moves,
        memo: HashMap::new(),
    };
    for a in 1..=40u64 {
        for b in 0..=(40 - a).min(a) {
            let w = [a, b];
            assert_eq!(s.table.p[product(&s, &w) as usize], naive.p(&w), "{w:?}");
        }
    }
}

#[test]
fn kayles_sums_with_the_last_generators() {
    // heaps 25 and 27 are where the quotient last grows
    let (rule, moves) = octal("0.77");
    let s = solve(&rule, 30);
    let mut naive = Naive {
        moves,
        memo: HashMap::new(),
    };
    for big in [25u64, 26, 27, 28] {
        for a in 1..=14u64 {
            for b in 0..=(44 - big - a).min(a) {
                let w = [big, a, b];
                assert_eq!(s.table.p[product(&s, &w) as usize], naive.p(&w), "{w:?}");
            }
        }
    }
}

#[test]
fn dawsons_kayles_quotient_to_heap_30() {
    let (rule, moves) = octal("0.07");
    let s = solve(&rule, 30);
    assert_eq!(s.table.order % 2, 0);
    let mut naive = Naive {
        moves,
        memo: HashMap::new(),
    };
    for a in 20..=30u64 {
        for b in 0..=(36 - a) {
            let w = [a, b];
            assert_eq!(s.table.p[product(&s, &w) as usize], naive.p(&w), "{w:?}");
        }
    }
}

/// Every sum of up to 3 heaps (at most `max`) by the quotient and by the
/// naive search with `moves`.
fn agrees_with(rule: &HeapRule, moves: Moves, max: u64) {
    let s = solve(rule, max);
    assert_eq!(s.table.order % 2, 0);
    let mut naive = Naive {
        moves,
        memo: HashMap::new(),
    };
    for a in 1..=max {
        for b in 0..=a {
            for c in 0..=b {
                let w = [a, b, c];
                assert_eq!(
                    s.table.p[product(&s, &w) as usize],
                    naive.p(&w),
                    "{rule:?} {w:?}"
                );
            }
        }
    }
}

#[test]
fn quotients_of_grundys_game_and_subtraction_games() {
    // Grundy's game: split a heap into two unequal heaps
    let grundy: Moves = Box::new(|n| {
        (1..n)
            .filter(|&a| 2 * a < n)
            .map(|a| vec![a, n - a])
            .collect()
    });
    agrees_with(&HeapRule::Grundy, grundy, 16);
    let sub: Moves = Box::new(|n| {
        [1u64, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| if k == n { vec![] } else { vec![n - k] })
            .collect()
    });
    let rule = HeapRule::subtraction([1, 3, 4]).unwrap();
    agrees_with(&rule, sub, 20);
    // its elements repeat with period 7 from heap 0, proven
    assert_eq!(solve(&rule, 30).period(), Some((0, 7)));
    // hexadecimal 0.F: take one and leave up to three heaps
    let hex: Moves = Box::new(|n| {
        let mut out = Vec::new();
        if n == 1 {
            out.push(vec![]);
        }
        if n >= 2 {
            let r = n - 1;
            out.push(vec![r]);
            for a in 1..r {
                out.push(vec![a, r - a]);
                for b in 1..(r - a) {
                    out.push(vec![a, b, r - a - b]);
                }
            }
        }
        out
    });
    let rule = HeapRule::TakeBreak(parse_code("0.f", true).unwrap());
    agrees_with(&rule, hex, 9);
}

#[test]
fn a_quotient_that_keeps_growing_is_refused() {
    let (rule, _) = octal("0.354");
    assert!(try_solve(&rule, 4).is_ok());
    assert!(try_solve(&rule, 5).is_err());
}

/// A refusal keeps how far the growing heap got, and its last refutation
/// is true: the naive search gives the two sums different outcomes.
#[test]
fn a_refused_heap_keeps_its_last_refutation() {
    let (rule, moves) = octal("0.354");
    let mut s = Solver::new(&rule);
    let mut quiet = Quiet;
    let mut spend = Spend::new(1 << 22, 1 << 30, 1 << 30, &mut quiet);
    assert!(s.extend_to(5, &mut spend).is_err());
    assert_eq!(s.to(), 4);
    let a = s.attempt.clone().expect("heap 5 was attempted");
    assert_eq!(a.heap, 5);
    assert!(a.rounds > 1, "{a:?}");
    assert!(a.order > 0 && a.powers.1 > 0, "{a:?}");
    assert!(!a.tracked.is_empty(), "{a:?}");
    let (p, n) = a.witness.expect("a refutation");
    let mut naive = Naive {
        moves,
        memo: HashMap::new(),
    };
    assert!(naive.p(&p), "{p:?}");
    assert!(!naive.p(&n), "{n:?}");
    // a heap that settles leaves no attempt behind
    let mut s = Solver::new(&rule);
    assert!(s.extend_to(4, &mut spend).is_ok());
    assert_eq!(s.attempt, None);
}

/// Growing a quotient holds no more than the memory it is given: every
/// structure is refused beside those already held, not alone. Heap 31 of
/// Dawson's Kayles grows the quotient from order 360 to 520.
#[test]
fn a_growing_quotient_holds_no_more_than_its_memory() {
    let (rule, _) = octal("0.07");
    let at_30 = solve(&rule, 30);
    let extend = |memory: u64| {
        let mut s = at_30.clone();
        let mut quiet = Quiet;
        let mut spend = Spend::new(1 << 22, 1 << 34, memory, &mut quiet);
        let (r, most) = crate::held::peak(|| s.extend_to(31, &mut spend));
        (r, s, most)
    };
    let (r, s, most) = extend(1 << 30);
    assert!(r.is_ok());
    assert_eq!(s.table.order, 520);
    // the ledger leaves out a few small vectors (a word, a letter's
    // options): a hundredth of the limit
    for limit in [most / 8, most / 4, most / 2, most * 3 / 4, most * 7 / 8] {
        let memory = at_30.held() + limit;
        let (r, _, used) = extend(memory);
        assert!(
            matches!(r, Err(QuotientError::Memory { bytes }) if bytes > memory),
            "{r:?}"
        );
        assert!(
            used <= limit + limit / 100,
            "held {used} beside the solver, allowed {limit}"
        );
    }
}

fn reduced(t: &Table) -> bool {
    let n = t.order;
    (0..n).all(|x| {
        (x + 1..n).all(|y| (0..n).any(|z| t.p[t.mul(x, z) as usize] != t.p[t.mul(y, z) as usize]))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn quotients_of_random_codes_are_reduced_and_even(d1 in 0u8..8, d2 in 0u8..8, d3 in 0u8..8) {
        prop_assume!(d1 | d2 | d3 != 0);
        let code = format!("0.{d1}{d2}{d3}");
        let (rule, moves) = octal(&code);
        // some quotients grow without end (0.354 at heap 5): refused
        let Ok(s) = try_solve(&rule, 9) else {
            return Ok(());
        };
        prop_assert!(reduced(&s.table));
        prop_assert_eq!(s.table.order % 2, 0);
        let mut naive = Naive { moves, memo: HashMap::new() };
        for a in 0..=9u64 {
            for b in a..=9 {
                for c in b..=9 {
                    let w = [a, b, c];
                    prop_assert_eq!(s.table.p[product(&s, &w) as usize], naive.p(&w), "{} {:?}", code, w);
                }
            }
        }
    }
}
