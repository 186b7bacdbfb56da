//! Tests of the period search: published periods, windows, all-but
//! arithmetic periods, limits and interruption.

use super::*;
use crate::engine::Quiet;
use crate::engine::StopAfter;
use crate::engine::code::{Code, parse_code};
use std::time::Instant;

fn code(text: &str) -> HeapRule {
    HeapRule::TakeBreak(parse_code(text, false).unwrap())
}

fn proven(rule: HeapRule, limit: u64) -> (Period, HeapTable) {
    let mut t = HeapTable::new(rule.clone());
    let start = Instant::now();
    let r = find_period(&mut t, limit, Allowance::ANY, &mut Quiet).unwrap();
    eprintln!(
        "{}: {:?} in {:?} ({} values)",
        rule.describe(),
        r,
        start.elapsed(),
        t.len()
    );
    match r {
        PeriodSearch::Proven(p) => {
            assert_eq!(t.proven(), Some(p), "the table owns the period");
            (p, t)
        }
        other => panic!("{}: {other:?}", rule.describe()),
    }
}

fn check(text: &str, preperiod: u64, period: u64) {
    let (p, t) = proven(code(text), 1 << 20);
    assert_eq!(
        (p.preperiod, p.period, p.saltus),
        (preperiod, period, 0),
        "{text}"
    );
    let Proof::OctalTheorem { checked_to } = p.proof else {
        panic!("{:?}", p.proof)
    };
    assert!(checked_to < t.len());
    // the search stops where the proof is: no value computed beyond it
    assert_eq!(t.len(), checked_to + 1, "{text}");
    // the reported pre-period is minimal: the value just before differs
    if preperiod > 0 {
        assert_ne!(t.get(preperiod - 1), t.get(preperiod - 1 + period));
    }
}

#[test]
fn kayles() {
    check("0.77", 71, 12);
}

#[test]
fn dawsons_kayles_and_chess() {
    check("0.07", 53, 34);
    // Dawson's chess is Dawson's Kayles shifted by one heap
    check("0.137", 52, 34);
}

#[test]
fn small_codes() {
    check("0.45", 498, 20);
    // split without taking: G = 0 0 1 0 1 0 1 ... (odd heaps split into
    // odd + even, even heaps into two odd or two even ones)
    check("4.0", 1, 2);
    // subtraction {1, 2}
    check("0.33", 0, 3);
    // no move at all
    check("0.0", 0, 1);
}

#[test]
fn heavy_codes() {
    check("0.156", 3479, 349);
    check("0.356", 7315, 142);
    check("0.644", 3256, 442);
    // a long one: published pre-period 105351 and period 149459
    check("0.16", 105351, 149459);
}

#[test]
fn three_heap_codes_proven_and_consistent() {
    // any proven period must agree with far more computed values
    // (0.8, 8.0, 0.48 and the like have values growing with the heap:
    // no period, see `wide_three_heap_values` in the heap tests)
    for text in ["0.A", "0.B", "0.D", "0.F", "4.8"] {
        let rule = HeapRule::TakeBreak(parse_code(text, true).unwrap());
        let (p, small) = proven(rule.clone(), 1 << 12);
        let mut far = HeapTable::new(rule).with_period_shortcut(false);
        far.extend_to(3 * (p.preperiod + 3 * p.period) + 50, &mut Quiet)
            .unwrap();
        for n in 0..far.len() {
            assert_eq!(small.value(n), far.get(n), "{text} at {n}");
        }
    }
}

#[test]
fn subtraction_windows() {
    let (p, _) = proven(HeapRule::subtraction([1, 2, 3]).unwrap(), 1000);
    assert_eq!((p.preperiod, p.period), (0, 4));
    assert_eq!(p.proof, Proof::Window { width: 3 });
    let (p, t) = proven(HeapRule::subtraction([1, 3, 4]).unwrap(), 1000);
    assert_eq!((p.preperiod, p.period), (0, 7));
    // 0 1 0 1 2 3 2, repeated
    assert!(
        t.values(0..14)
            .eq([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2])
    );
    let (p, _) = proven(HeapRule::Subtraction(vec![]), 10);
    assert_eq!((p.preperiod, p.period), (0, 1));
    // the same game as an octal code agrees
    let (q, _) = proven(code("0.3033"), 1000);
    assert_eq!((q.preperiod, q.period), (0, 7));
    // random sets: the window proof agrees with the octal theorem
    let mut state = 7u64;
    let mut rng = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..60 {
        let size = 1 + rng() % 4;
        let set: Vec<u64> = (0..size).map(|_| 1 + rng() % 12).collect();
        let rule = HeapRule::subtraction(set.clone()).unwrap();
        let (p, _) = proven(rule, 1 << 16);
        let max = *set.iter().max().unwrap() as usize;
        let mut digits = vec![0u8; max + 1];
        for &k in &set {
            digits[k as usize] = 3;
        }
        let as_code = HeapRule::TakeBreak(Code { digits, hex: false });
        let (q, _) = proven(as_code, 1 << 16);
        assert_eq!((p.preperiod, p.period), (q.preperiod, q.period), "{set:?}");
    }
}

#[test]
fn all_but_games_have_proven_arithmetic_periods() {
    // all but {2}: 0 1 0 1 2 3 2 3 ...: period 4, saltus 2
    let (p, t) = proven(HeapRule::all_but([2]), 100_000);
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 4, 2));
    assert!(matches!(p.proof, Proof::AllBut { .. }));
    assert_eq!(t.value(1_000_000_000_001), Some(500_000_000_001));
    // all but {1}: floor(n / 2)
    let (p, t) = proven(HeapRule::all_but([1]), 500);
    assert_eq!((p.period, p.saltus), (2, 1));
    assert_eq!(t.value(u64::MAX), Some(u64::MAX / 2));
    // nim
    let (p, _) = proven(HeapRule::all_but([]), 500);
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 1, 1));
    // values copied past the proof agree with computed ones
    for e in [vec![2u64], vec![1, 4], vec![3, 5, 6], vec![2, 3, 7]] {
        let (_, mut short) = proven(HeapRule::all_but(e.clone()), 10_000);
        short.extend_to(3000, &mut Quiet).unwrap();
        let mut long = HeapTable::new(HeapRule::all_but(e.clone()));
        long.extend_to(3000, &mut Quiet).unwrap();
        assert!(short.values(0..3001).eq(long.values(0..3001)), "{e:?}");
    }
}

#[test]
fn unprovable_rules_are_observed() {
    let mut t = HeapTable::new(HeapRule::Grundy);
    match find_period(&mut t, 3000, Allowance::ANY, &mut Quiet).unwrap() {
        PeriodSearch::Candidate(p) => panic!("spurious candidate {p:?}"),
        PeriodSearch::NotFound { up_to } => assert_eq!(up_to, 3000),
        PeriodSearch::Proven(p) => panic!("{p:?}"),
    }
    // hex 0.9 up to heap 18 looks arithmetic (+ 2 every 4 heaps from heap
    // 2 on), which the next value breaks: seen, and the proof fails
    let mut t = HeapTable::new(HeapRule::TakeBreak(parse_code("0.9", true).unwrap()));
    match find_period(&mut t, 18, Allowance::ANY, &mut Quiet).unwrap() {
        PeriodSearch::Candidate(p) => {
            assert_eq!((p.preperiod, p.period, p.saltus), (2, 4, 2));
            assert_eq!(p.proof, Proof::Observed { up_to: 18 });
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn arithmetic_periods_of_codes_are_proven() {
    // hex 0.8: (n - 1) / 3 from heap 1 on; hex 0.F8: + 4 every 6 heaps;
    // hex 0.3F: + 3 every 6 heaps
    for (code, expected) in [("0.8", (1, 3, 1)), ("0.F8", (7, 6, 4)), ("0.3F", (0, 6, 3))] {
        let mut t = HeapTable::new(HeapRule::TakeBreak(parse_code(code, true).unwrap()));
        match find_period(&mut t, 100_000, Allowance::ANY, &mut Quiet).unwrap() {
            PeriodSearch::Proven(p) => {
                assert_eq!((p.preperiod, p.period, p.saltus), expected);
                assert!(matches!(p.proof, Proof::Saltus { .. }), "{p:?}");
                // proven from the first stretch of values
                assert!(t.len() <= 1024, "{code}: {} values", t.len());
                let n = 1_000_000_000_000u64;
                let (q, r) = ((n - p.preperiod) / p.period, (n - p.preperiod) % p.period);
                let base = t.get(p.preperiod + r).unwrap();
                assert_eq!(t.value(n), Some(base + q * p.saltus));
            }
            other => panic!("{code}: {other:?}"),
        }
    }
}

#[test]
fn far_values_from_the_table() {
    let (p, t) = proven(code("0.77"), 1 << 16);
    assert_eq!(t.value(84), Some(4)); // 72 + 12: 4 1 2 8 1 4 7 2 1 8 2 7
    let far = u64::MAX;
    assert_eq!(
        t.value(far),
        Some([4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7][((far - 72) % 12) as usize])
    );
    assert_eq!(p.value_at(far, |n| t.get(n)), t.value(far));
}

#[test]
fn limit_is_respected() {
    let mut t = HeapTable::new(code("0.156"));
    match find_period(&mut t, 1000, Allowance::ANY, &mut Quiet).unwrap() {
        PeriodSearch::Proven(p) => panic!("{p:?}"),
        _ => assert!(t.len() <= 1001),
    }
}

#[test]
fn candidate_when_the_proof_needs_more_than_the_limit() {
    // 0.45 needs G up to 1037 for its proof
    let mut t = HeapTable::new(code("0.45"));
    let r = find_period(&mut t, 1030, Allowance::ANY, &mut Quiet).unwrap();
    assert_eq!(
        r,
        PeriodSearch::Candidate(Period {
            preperiod: 498,
            period: 20,
            saltus: 0,
            proof: Proof::Observed { up_to: 1030 }
        })
    );
    // and with a bit more room it is proven
    let r = find_period(&mut t, 1037, Allowance::ANY, &mut Quiet).unwrap();
    assert!(
        matches!(r, PeriodSearch::Proven(p) if (p.preperiod, p.period) == (498, 20)),
        "{r:?}"
    );
}

#[test]
fn search_can_be_interrupted_and_resumed() {
    let mut t = HeapTable::new(HeapRule::Grundy);
    assert_eq!(
        find_period(&mut t, 100_000, Allowance::ANY, &mut StopAfter(5)),
        Err(Interrupted)
    );
    assert!(t.len() < 100_001);
    let r = find_period(&mut t, 20_000, Allowance::ANY, &mut Quiet).unwrap();
    assert_eq!(r, PeriodSearch::NotFound { up_to: 20_000 });
}
