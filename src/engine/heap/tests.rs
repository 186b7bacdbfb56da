//! Tests of the heap tables: values against naive evaluation, storage widening, interruption.

use super::super::code::{Code, parse_code};
use super::super::{Interrupted, Quiet};
use super::marks::xor_permute;
use super::*;
use rustc_hash::FxHashMap;

/// Plain recursion with memo over `rule.moves(n)`.
pub(crate) struct Naive {
    rule: HeapRule,
    memo: FxHashMap<u64, u64>,
}

impl Naive {
    pub(crate) fn new(rule: HeapRule) -> Self {
        Naive {
            rule,
            memo: FxHashMap::default(),
        }
    }
    pub(crate) fn value(&mut self, n: u64) -> u64 {
        if let Some(&v) = self.memo.get(&n) {
            return v;
        }
        let mut seen = std::collections::BTreeSet::new();
        for m in self.rule.moves(n) {
            let mut x = 0;
            for h in m.heaps {
                x ^= self.value(h);
            }
            seen.insert(x);
        }
        let mut v = 0;
        while seen.contains(&v) {
            v += 1;
        }
        self.memo.insert(n, v);
        v
    }
}

fn table(rule: HeapRule, n: u64) -> HeapTable {
    let mut t = HeapTable::new(rule);
    t.extend_to(n, &mut Quiet).unwrap();
    t
}

fn code(text: &str) -> HeapRule {
    HeapRule::TakeBreak(parse_code(text, false).unwrap())
}

fn hexcode(text: &str) -> HeapRule {
    HeapRule::TakeBreak(parse_code(text, true).unwrap())
}

const KAYLES: [u64; 84] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
];

/// OEIS A002188.
pub(crate) const GRUNDY: [u64; 100] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5,
];

/// OEIS A002187 (Dawson's chess, 0.137).
const DAWSON_CHESS: [u64; 40] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3,
];

#[test]
fn kayles_published_and_naive() {
    let t = table(code("0.77"), 83);
    let got: Vec<u64> = t.values(0..84).collect();
    assert_eq!(got, KAYLES);
    let mut naive = Naive::new(code("0.77"));
    for n in 0..84 {
        assert_eq!(naive.value(n), KAYLES[n as usize], "naive kayles at {n}");
    }
}

#[test]
fn grundy_published_and_naive() {
    let t = table(HeapRule::Grundy, 99);
    let got: Vec<u64> = t.values(0..100).collect();
    assert_eq!(got, GRUNDY);
    let mut naive = Naive::new(HeapRule::Grundy);
    let naive: Vec<u64> = (0..100).map(|n| naive.value(n)).collect();
    assert_eq!(naive, GRUNDY);
}

#[test]
fn dawson_chess_and_kayles_shift() {
    let chess = table(code("0.137"), 200);
    let got: Vec<u64> = chess.values(0..40).collect();
    assert_eq!(got, DAWSON_CHESS);
    // Dawson's Kayles at n + 1 is Dawson's chess at n
    let dk = table(code("0.07"), 201);
    for n in 0..=200 {
        assert_eq!(dk.get(n + 1), chess.get(n), "at {n}");
    }
    assert_eq!(dk.get(0), Some(0));
}

#[test]
fn subtraction_and_all_but() {
    let t = table(HeapRule::subtraction([1, 2, 3]).unwrap(), 20);
    for n in 0..=20 {
        assert_eq!(t.get(n), Some(n % 4));
    }
    // nim: every heap may be taken down to any size
    let nim = table(HeapRule::all_but([]), 600);
    for n in 0..=600 {
        assert_eq!(nim.get(n), Some(n));
    }
    assert!(matches!(nim.vals, Values::U16(_)));
    // all but {1}: take at least 2
    let t = table(HeapRule::all_but([1]), 30);
    for n in 0..=30 {
        assert_eq!(t.get(n), Some(n / 2), "at {n}");
    }
    assert_eq!(
        table(HeapRule::Subtraction(vec![]), 5)
            .values(0..6)
            .sum::<u64>(),
        0
    );
    assert_eq!(
        table(
            HeapRule::TakeBreak(Code {
                digits: vec![],
                hex: false
            }),
            5
        )
        .max_value(),
        0
    );
}

/// A small deterministic generator (xorshift64*).
pub(crate) struct Rng(u64);
impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random octal code (hexadecimal one time in `hex_one_in`) of at most
/// `max_len` digits, the digit before the point 0 two times in three.
fn random_code(rng: &mut Rng, hex_one_in: u64, max_len: u64) -> Code {
    let hex = rng.below(hex_one_in) == 0;
    let len = 1 + rng.below(max_len) as usize;
    let mut digits: Vec<u8> = (0..len)
        .map(|_| rng.below(if hex { 16 } else { 8 }) as u8)
        .collect();
    digits[0] = if rng.below(3) == 0 {
        4 * rng.below(if hex { 4 } else { 2 }) as u8
    } else {
        0
    };
    while digits.last() == Some(&0) {
        digits.pop();
    }
    Code { digits, hex }
}

fn check_against_naive(rule: HeapRule, upto: u64) {
    let t = table(rule.clone(), upto);
    let mut naive = Naive::new(rule.clone());
    for n in 0..=upto {
        assert_eq!(t.get(n), Some(naive.value(n)), "{} at {n}", rule.describe());
    }
}

#[test]
fn random_rules_agree_with_naive() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..150 {
        let code = random_code(&mut rng, 4, 6);
        let upto = if code.hex { 40 } else { 60 };
        check_against_naive(HeapRule::TakeBreak(code), upto);
    }
    for _ in 0..100 {
        let size = 1 + rng.below(5);
        let set: Vec<u64> = (0..size).map(|_| 1 + rng.below(9)).collect();
        check_against_naive(HeapRule::subtraction(set.clone()).unwrap(), 60);
        check_against_naive(HeapRule::all_but(set), 60);
    }
    check_against_naive(HeapRule::Grundy, 60);
}

#[test]
fn rare_common_split_agrees_with_plain_scan() {
    // long enough for several rebuilds of the split; the plain scan is
    // forced by a second table whose split is never switched on
    for text in [
        "0.77", "0.07", "0.137", "0.45", "0.156", "0.16", "4.0", "0.4", "0.644", "0.356",
    ] {
        let rule = code(text);
        let mut fast = HeapTable::new(rule.clone()).with_period_shortcut(false);
        fast.extend_to(3000, &mut Quiet).unwrap();
        let mut plain = HeapTable::new(rule)
            .with_rare_common(false)
            .with_period_shortcut(false);
        plain.extend_to(3000, &mut Quiet).unwrap();
        let a: Vec<u64> = fast.values(0..3001).collect();
        let b: Vec<u64> = plain.values(0..3001).collect();
        assert_eq!(a, b, "{text}");
    }
    let fast = table(HeapRule::Grundy, 5000);
    let mut plain = HeapTable::new(HeapRule::Grundy).with_rare_common(false);
    plain.extend_to(5000, &mut Quiet).unwrap();
    assert!(fast.values(0..5001).eq(plain.values(0..5001)));
}

#[test]
fn period_shortcut_agrees_with_computing() {
    for text in [
        "0.137", "0.07", "0.77", "0.45", "0.156", "4.0", "0.33", "0.6",
    ] {
        let short = table(code(text), 20_000);
        let mut long = HeapTable::new(code(text)).with_period_shortcut(false);
        long.extend_to(20_000, &mut Quiet).unwrap();
        assert!(short.values(0..20_001).eq(long.values(0..20_001)), "{text}");
        assert!(
            text == "0.6" || short.proven().is_some(),
            "{text} not periodic"
        );
        if text == "0.77" {
            let p = short.proven().unwrap();
            assert_eq!((p.preperiod, p.period), (71, 12));
        }
    }
    for text in ["0.A", "4.8"] {
        let short = table(hexcode(text), 5000);
        let mut long = HeapTable::new(hexcode(text)).with_period_shortcut(false);
        long.extend_to(5000, &mut Quiet).unwrap();
        assert!(short.values(0..5001).eq(long.values(0..5001)), "{text}");
    }
}

#[test]
fn three_heap_splits() {
    for text in [
        "0.8", "0.F", "0.C", "8.0", "C.0", "0.48", "0.0F", "0.9B", "4.8",
    ] {
        check_against_naive(hexcode(text), 45);
    }
}

#[test]
fn wide_three_heap_values() {
    // values pass 64 (and 128 for 8.0) here, so the pair bitsets are
    // laid out again on the way
    for text in ["0.8", "8.0", "0.48"] {
        let t = table(hexcode(text), 300);
        assert!(t.max_value() > 64, "{text}: {}", t.max_value());
        check_against_naive(hexcode(text), 300);
    }
}

#[test]
fn xor_permute_moves_bits() {
    for x in 0..64 {
        for b in 0..64 {
            assert_eq!(xor_permute(1u64 << b, x), 1u64 << (b ^ x));
        }
    }
}

#[test]
fn widening_through_types() {
    // all-but {} is nim: values grow past u8 and u16
    let mut t = HeapTable::new(HeapRule::AllBut(vec![]));
    t.extend_to(70_000, &mut Quiet).unwrap();
    assert!(matches!(t.vals, Values::U32(_)));
    assert_eq!(t.get(70_000), Some(70_000));
    assert_eq!(t.get(255), Some(255));
    assert_eq!(t.get(256), Some(256));
    assert_eq!(t.max_value(), 70_000);
}

use crate::engine::StopAfter;

#[test]
fn interruption_keeps_values() {
    // 0.16 has no known period and Grundy's game never gets one, so
    // both keep computing (and ticking)
    for rule in [code("0.16"), HeapRule::Grundy] {
        let n = 100_000;
        let mut t = HeapTable::new(rule.clone());
        assert_eq!(t.extend_to(n, &mut StopAfter(2)), Err(Interrupted));
        let had = t.len();
        assert!(had > 0 && had < n + 1, "{had}");
        // a second interruption, then the rest
        assert_eq!(t.extend_to(n, &mut StopAfter(2)), Err(Interrupted));
        assert!(t.len() > had);
        t.extend_to(n, &mut Quiet).unwrap();
        assert_eq!(t.len(), n + 1);
        let fresh = table(rule, n);
        assert!(t.values(0..n + 1).eq(fresh.values(0..n + 1)));
    }
}

#[test]
fn absurd_sizes_fail_cleanly() {
    let mut t = HeapTable::new(code("0.77"));
    assert!(matches!(
        t.try_extend_to(u64::MAX, &mut Quiet),
        Err(ExtendError::OutOfMemory { .. })
    ));
    assert!(matches!(
        t.try_extend_to(1 << 60, &mut Quiet),
        Err(ExtendError::OutOfMemory { .. })
    ));
    assert_eq!(t.extend_to(1 << 60, &mut Quiet), Ok(()));
    assert_eq!(t.len(), 0);
    assert!(t.memory_estimate(u64::MAX) >= 1 << 60);
    assert!(t.memory_estimate(1000) < 1 << 20);
    assert_eq!(t.get(u64::MAX), None);
    let (from, to) = (5, 2);
    assert_eq!(t.values(from..to).count(), 0);
}

#[test]
fn three_heap_bounds_agree_with_pair_sets() {
    // the bound method takes over once values grow steadily (from heap
    // 256); the pair sets compute every heap in full
    for text in ["0.8", "0.C", "0.F8", "0.9F", "8.0", "0.48", "C.0", "0.4F"] {
        let fast = table(hexcode(text), 1500);
        let mut exact = HeapTable::new(hexcode(text)).with_rare_common(false);
        exact.extend_to(1500, &mut Quiet).unwrap();
        assert!(
            fast.values(0..1501).eq(exact.values(0..1501)),
            "{text}: the bound method differs from the pair sets"
        );
    }
    // and with naive values on a shorter stretch past the switch
    check_against_naive(hexcode("0.F8"), 330);
}

#[test]
fn three_heap_hex_codes_reach_far_heaps_quickly() {
    // published closed forms: 0.8 gives (n - 1) / 3 and 0.C gives
    // (n - 1) / 2 from heap 1 on
    let t = table(hexcode("0.8"), 100_000);
    assert_eq!(t.get(100_000), Some(33_333));
    assert!((1..=100_000).all(|n| t.get(n) == Some((n - 1) / 3)));
    let t = table(hexcode("0.C"), 50_000);
    assert!((1..=50_000).all(|n| t.get(n) == Some((n - 1) / 2)));
}

/// The values of `rule` up to `n` on `threads` threads (every value
/// computed; the split on or off).
fn threaded(rule: &HeapRule, n: u64, threads: usize, rc: bool) -> Vec<u64> {
    let mut t = HeapTable::new(rule.clone())
        .with_period_shortcut(false)
        .with_rare_common(rc)
        .with_threads(threads);
    t.extend_to(n, &mut Quiet).unwrap();
    t.values(0..n + 1).collect()
}

#[test]
fn threads_give_the_values_of_one_thread() {
    // in tests the threads take over at heap 200, in segments of 300, so
    // these cross many segments, rebuilds of the split and widenings of
    // the marks; codes with moves leaving one heap, splits taking
    // nothing, three-digit takes, splits that are not sparse
    let mut rules: Vec<HeapRule> = [
        "0.6", "0.16", "0.77", "0.07", "0.137", "0.45", "0.156", "4.0", "0.4", "0.644", "0.356",
        "0.26", "0.56", "4.7", "0.376",
    ]
    .iter()
    .map(|t| code(t))
    .collect();
    rules.extend(["0.A", "4.8", "0.F6", "C.6"].iter().map(|t| hexcode(t)));
    rules.push(HeapRule::Grundy);
    for rule in &rules {
        let one = threaded(rule, 4000, 1, true);
        for threads in [2, 3, 5, 8, 16] {
            assert_eq!(
                threaded(rule, 4000, threads, true),
                one,
                "{} on {threads} threads",
                rule.describe()
            );
        }
        assert_eq!(
            threaded(rule, 2500, 2, false),
            one[..2501],
            "{} plain",
            rule.describe()
        );
    }
}

#[test]
fn threads_agree_on_random_codes() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    for _ in 0..40 {
        let rule = HeapRule::TakeBreak(random_code(&mut rng, 3, 4));
        let one = threaded(&rule, 1500, 1, true);
        let two = threaded(&rule, 1500, 2, true);
        assert_eq!(two, one, "{}", rule.describe());
        let eight = threaded(&rule, 1500, 8, true);
        assert_eq!(eight, one, "{} on 8 threads", rule.describe());
        // and against the plain recursion over the rule's moves, which
        // shares no code with either (the threads take over at heap 200)
        let mut naive = Naive::new(rule.clone());
        for (n, &v) in two.iter().enumerate().take(500) {
            assert_eq!(v, naive.value(n as u64), "{} at {n}", rule.describe());
        }
    }
}

#[test]
fn threads_keep_values_when_interrupted() {
    for (rule, n) in [
        (code("0.6"), 60_000),
        (HeapRule::Grundy, 60_000),
        // three-heap splits shared on the pool, in stretches
        (hexcode("0.B"), 3_000),
    ] {
        let mut t = HeapTable::new(rule.clone())
            .with_period_shortcut(false)
            .with_threads(2);
        assert_eq!(t.extend_to(n, &mut StopAfter(3)), Err(Interrupted));
        let had = t.len();
        assert!(had > 200 && had < n + 1, "{had}");
        t.extend_to(n, &mut Quiet).unwrap();
        assert!(
            t.values(0..n + 1)
                .eq(threaded(&rule, n, 1, true).into_iter())
        );
    }
}

#[test]
fn officers_values_cost_the_same_far_out_and_fit_in_a_few_bytes() {
    // 0.6's rare heaps settle (1583 of them, none past 2^15), so the work
    // per value, as the solver measures it, does not grow with the heap
    let mut t = HeapTable::new(code("0.6")).with_threads(1);
    t.extend_to(1 << 17, &mut Quiet).unwrap();
    let early = t.work_estimate((1 << 17) + 4096);
    t.extend_to(1 << 19, &mut Quiet).unwrap();
    let late = t.work_estimate((1 << 19) + 4096);
    assert!(
        late * 2 < early * 3,
        "work per value grew: {early} -> {late}"
    );
    let rare = t.rare_values().expect("the split is on");
    assert_eq!(rare.count, 1583);
    // two bytes a value, a mirror of them, the rare list and a period
    // check's arrays at worst: 2^30 values within 10 GiB
    let bytes = t.memory_estimate((1 << 30) - 1);
    assert!(bytes <= (10 << 30) + (1 << 20), "{bytes}");
}

#[test]
fn threads_agree_far_out() {
    // long enough for many shared scans (in tests a scan of 100 pairs or
    // more left is shared, in stretches of 24) and for races between them
    let n = 1 << 19;
    let one = threaded(&HeapRule::Grundy, n, 1, true);
    for threads in [2, 3, 8, 16] {
        let many = threaded(&HeapRule::Grundy, n, threads, true);
        let first = one.iter().zip(&many).position(|(x, y)| x != y);
        assert_eq!(
            first, None,
            "{threads} threads: first difference at {first:?}"
        );
    }
}

#[test]
fn thread_counts_add_up() {
    // every heap of a segment is written once, by one thread; a heap is
    // worked out by its own thread or computed by a helper, and computed
    // again only after it was worked out
    for threads in [2, 8] {
        let mut t = HeapTable::new(code("0.6"))
            .with_period_shortcut(false)
            .with_threads(threads);
        t.extend_to(20_000, &mut Quiet).unwrap();
        let r = t.thread_stats().expect("a splitting rule");
        assert_eq!(r.threads.len(), threads);
        assert!(r.segments > 10, "{r:?}");
        let sum = |f: fn(&crate::engine::heap::ThreadStats) -> u64| r.threads.iter().map(f).sum::<u64>();
        assert_eq!(sum(|s| s.resolved), r.segment_heaps, "{r:?}");
        assert_eq!(r.alone + r.segment_heaps, 20_001, "{r:?}");
        assert!(sum(|s| s.heaps) + sum(|s| s.helped) >= r.segment_heaps, "{r:?}");
        assert!(sum(|s| s.recomputed) <= sum(|s| s.heaps), "{r:?}");
        // the deferred options of 0.6 (take one, leave one or two heaps)
        // read the heaps from the frontier to the heap: the one below and
        // the pairs with a smaller part under the lag, which is at most
        // the reach (32 here), each checked for at most the 12 values kept
        // (none at all when the other threads did not start in time: the
        // pool may be busy with other tests)
        let reach = 32;
        assert!(
            sum(|s| s.deferred) <= sum(|s| s.heaps) * 12 * (reach + 1),
            "{r:?}"
        );
        // not timed unless asked
        assert_eq!(sum(|s| s.busy_ns + s.wait_ns + s.scan_ns + s.resolve_ns), 0);
    }
}

#[test]
fn three_heap_splits_shared_among_threads_give_the_values_of_one_thread() {
    // in tests a heap's three-heap splits are shared from 64 steps of work
    // on, so nearly every heap past the first is cut into ranges; codes
    // that stay on pair sets (0.B, 0.F, 4.8) and random ones with bit 8
    let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
    let mut rules: Vec<HeapRule> = ["0.B", "0.F", "4.8", "0.D", "0.F8", "0.9"]
        .iter()
        .map(|t| hexcode(t))
        .collect();
    while rules.len() < 30 {
        let c = random_code(&mut rng, 1, 4);
        if c.digits.iter().any(|d| d & 8 != 0) {
            rules.push(HeapRule::TakeBreak(c));
        }
    }
    for rule in &rules {
        let one = threaded(rule, 1200, 1, true);
        for threads in [2, 3, 8, 16] {
            assert_eq!(
                threaded(rule, 1200, threads, true),
                one,
                "{} on {threads} threads",
                rule.describe()
            );
        }
        // the plain recursion over the rule's moves shares no code with
        // either
        let mut naive = Naive::new(rule.clone());
        let two = threaded(rule, 150, 2, true);
        for (n, &v) in two.iter().enumerate() {
            assert_eq!(v, naive.value(n as u64), "{} at {n}", rule.describe());
        }
    }
}
