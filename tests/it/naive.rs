//! The engine's memoized, iterative evaluator against a naive recursive one
//! written here, on random user-defined games in set-builder form: heap
//! games (subtraction, take-and-break) through `sequence`, and two-parameter
//! games through `grundy two(i, j)` on a grid. Then published facts: a long
//! chain that only an iterative evaluator can climb, Kayles, Wythoff.

use std::collections::HashMap;

use mex::session::Session;
use proptest::collection::btree_set;
use proptest::prelude::*;

use crate::common::{mex_of, numbers, run_in, run_ok, spaced};

fn set(ks: &[u64]) -> String {
    format!(
        "{{{}}}",
        ks.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
    )
}

// ------------------------------------------------------------- heap games

/// A one-parameter game: how it is written, and its options, each a list
/// of heaps (the option is their sum).
#[derive(Clone, Debug)]
enum Heap {
    /// Remove c*k tokens, k in the set.
    Subtract { ks: Vec<u64>, c: u64 },
    /// Remove k tokens from a row, perhaps splitting what is left in two
    /// (Kayles-like).
    TakeMaybeSplit(Vec<u64>),
    /// Remove k tokens and split what is left into two non-empty rows.
    TakeMustSplit(Vec<u64>),
    /// Remove k tokens, or split a heap into two non-empty heaps (unequal
    /// ones only, if `unequal`).
    SubtractOrSplit { ks: Vec<u64>, unequal: bool },
    /// Remove k tokens and split what is left into three non-empty heaps.
    TakeThree(Vec<u64>),
    /// Remove any k >= 1 tokens except those with k % m == r (k = 1 always).
    Modular { m: u64, r: u64 },
    /// Remove n / d tokens (d in the set, when n >= d), or k tokens.
    Fraction { ds: Vec<u64>, ks: Vec<u64> },
}

impl Heap {
    fn source(&self, g: &str) -> String {
        match self {
            Heap::Subtract { ks, c: 1 } => format!(
                "game {g}(n) = {{ {g}(n - k) for k in {} if k <= n }}",
                set(ks)
            ),
            Heap::Subtract { ks, c } => format!(
                "game {g}(n) = {{ {g}(n - {c} * k) for k in {} if {c} * k <= n }}",
                set(ks)
            ),
            Heap::TakeMaybeSplit(ks) => {
                format!(
                    "game {g}(n) = {{ {g}(a) + {g}(n - k - a) for k in {} if k <= n for a in 0..=n - k }}",
                    set(ks)
                )
            }
            Heap::TakeMustSplit(ks) => {
                format!(
                    "game {g}(n) = {{ {g}(a) + {g}(n - k - a) for k in {} if k < n for a in 1..n - k }}",
                    set(ks)
                )
            }
            Heap::SubtractOrSplit { ks, unequal } => format!(
                "game {g}(n) = {{ {g}(n - k) for k in {} if k <= n }} | {{ {g}(a) + {g}(n - a) for a in 1..n if a {} n - a }}",
                set(ks),
                if *unequal { "<" } else { "<=" }
            ),
            Heap::TakeThree(ks) => format!(
                "game {g}(n) = {{\n  {g}(a) + {g}(b) + {g}(n - k - a - b)\n  for k in {} if k < n\n  for a in 1..n - k\n  for b in 1..n - k - a\n}}",
                set(ks)
            ),
            Heap::Modular { m, r } => {
                format!(
                    "game {g}(n) = {{ {g}(n - k) for k in 1..=n if not (k % {m} == {r}) or k == 1 }}"
                )
            }
            Heap::Fraction { ds, ks } => format!(
                "game {g}(n) = {{ {g}(n - n / d) for d in {} if n >= d }} | {{ {g}(n - k) for k in {} if k <= n }}",
                set(ds),
                set(ks)
            ),
        }
    }

    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        match self {
            Heap::Subtract { ks, c } => {
                for &k in ks {
                    if c * k <= n {
                        out.push(vec![n - c * k]);
                    }
                }
            }
            Heap::TakeMaybeSplit(ks) => {
                for &k in ks.iter().filter(|&&k| k <= n) {
                    for a in 0..=n - k {
                        out.push(vec![a, n - k - a]);
                    }
                }
            }
            Heap::TakeMustSplit(ks) => {
                for &k in ks.iter().filter(|&&k| k < n) {
                    for a in 1..n - k {
                        out.push(vec![a, n - k - a]);
                    }
                }
            }
            Heap::SubtractOrSplit { ks, unequal } => {
                for &k in ks.iter().filter(|&&k| k <= n) {
                    out.push(vec![n - k]);
                }
                for a in 1..n {
                    if a < n - a || (!unequal && a == n - a) {
                        out.push(vec![a, n - a]);
                    }
                }
            }
            Heap::TakeThree(ks) => {
                for &k in ks.iter().filter(|&&k| k < n) {
                    for a in 1..n - k {
                        for b in 1..n - k - a {
                            out.push(vec![a, b, n - k - a - b]);
                        }
                    }
                }
            }
            Heap::Modular { m, r } => {
                for k in 1..=n {
                    if k % m != *r || k == 1 {
                        out.push(vec![n - k]);
                    }
                }
            }
            Heap::Fraction { ds, ks } => {
                for &d in ds.iter().filter(|&&d| n >= d) {
                    out.push(vec![n - n / d]);
                }
                for &k in ks.iter().filter(|&&k| k <= n) {
                    out.push(vec![n - k]);
                }
            }
        }
        out
    }

    /// Heaps 0..len are compared.
    fn len(&self) -> u64 {
        match self {
            Heap::TakeThree(_) => 30,
            _ => 60,
        }
    }
}

/// The naive evaluator: the value of a heap is the mex of its options'
/// values, an option's value the xor of its heaps' values; recursion with
/// a memo, nothing else.
fn naive_heap(game: &Heap, n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let mut values = Vec::new();
    for heaps in game.options(n) {
        values.push(heaps.iter().fold(0, |x, &h| x ^ naive_heap(game, h, memo)));
    }
    let v = mex_of(values);
    memo.insert(n, v);
    v
}

fn naive_sequence(game: &Heap, len: u64) -> Vec<u64> {
    let mut memo = HashMap::new();
    (0..len).map(|n| naive_heap(game, n, &mut memo)).collect()
}

fn small_set(lo: u64, hi: u64, most: usize) -> impl Strategy<Value = Vec<u64>> {
    btree_set(lo..=hi, 1..=most).prop_map(|s| s.into_iter().collect())
}

fn heap_game() -> impl Strategy<Value = Heap> {
    prop_oneof![
        (small_set(1, 9, 4), 1u64..=3).prop_map(|(ks, c)| Heap::Subtract { ks, c }),
        small_set(1, 4, 3).prop_map(Heap::TakeMaybeSplit),
        small_set(0, 4, 3).prop_map(Heap::TakeMustSplit),
        (small_set(1, 6, 3), any::<bool>())
            .prop_map(|(ks, unequal)| Heap::SubtractOrSplit { ks, unequal }),
        small_set(0, 3, 2).prop_map(Heap::TakeThree),
        (2u64..=5)
            .prop_flat_map(|m| (Just(m), 0..m))
            .prop_map(|(m, r)| Heap::Modular { m, r }),
        (small_set(2, 5, 2), small_set(1, 4, 2)).prop_map(|(ds, ks)| Heap::Fraction { ds, ks }),
    ]
}

// ------------------------------------------------------ two-parameter games

/// Moves from (m, n) to (m - k, n), (m, n - k), (m - k, n - k) for k in
/// three sets (the last may be empty), and perhaps cutting the first
/// coordinate in two: two(a, n) + two(m - a, n).
#[derive(Clone, Debug)]
struct Two {
    rows: Vec<u64>,
    cols: Vec<u64>,
    diag: Vec<u64>,
    cut: bool,
}

impl Two {
    fn source(&self) -> String {
        let mut s = format!(
            "game two(m, n) = {{ two(m - k, n) for k in {} if k <= m }} | {{ two(m, n - k) for k in {} if k <= n }}",
            set(&self.rows),
            set(&self.cols)
        );
        if !self.diag.is_empty() {
            s.push_str(&format!(
                " | {{ two(m - k, n - k) for k in {} if k <= m and k <= n }}",
                set(&self.diag)
            ));
        }
        if self.cut {
            s.push_str(" | { two(a, n) + two(m - a, n) for a in 1..m }");
        }
        s
    }

    fn options(&self, m: u64, n: u64) -> Vec<Vec<(u64, u64)>> {
        let mut out = Vec::new();
        for &k in self.rows.iter().filter(|&&k| k <= m) {
            out.push(vec![(m - k, n)]);
        }
        for &k in self.cols.iter().filter(|&&k| k <= n) {
            out.push(vec![(m, n - k)]);
        }
        for &k in self.diag.iter().filter(|&&k| k <= m && k <= n) {
            out.push(vec![(m - k, n - k)]);
        }
        if self.cut {
            for a in 1..m {
                out.push(vec![(a, n), (m - a, n)]);
            }
        }
        out
    }
}

fn naive_two(game: &Two, m: u64, n: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if let Some(&v) = memo.get(&(m, n)) {
        return v;
    }
    let mut values = Vec::new();
    for parts in game.options(m, n) {
        values.push(
            parts
                .iter()
                .fold(0, |x, &(a, b)| x ^ naive_two(game, a, b, memo)),
        );
    }
    let v = mex_of(values);
    memo.insert((m, n), v);
    v
}

fn two_game() -> impl Strategy<Value = Two> {
    (
        small_set(1, 5, 3),
        small_set(1, 5, 3),
        prop::option::of(small_set(1, 4, 2)),
        any::<bool>(),
    )
        .prop_map(|(rows, cols, diag, cut)| Two {
            rows,
            cols,
            diag: diag.unwrap_or_default(),
            cut,
        })
}

const GRID: u64 = 10;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn heap_games_agree_with_the_naive_evaluator(game in heap_game()) {
        let len = game.len();
        let want = naive_sequence(&game, len);
        let source = format!("{}\nsequence g 0..{len}\ngrundy g({})", game.source("g"), len - 1);
        let lines = run_ok(&source);
        prop_assert_eq!(lines.len(), 2, "{}\n{:?}", source, lines);
        prop_assert_eq!(spaced(&numbers(&lines[0])), spaced(&want), "sequence of\n{}", source);
        prop_assert_eq!(numbers(&lines[1]), vec![want[len as usize - 1]], "grundy g({}) of\n{}", len - 1, source);
    }

    /// Subtraction games, defined through mutual recursion with forward
    /// references, and redefined in a session that has already evaluated
    /// the old definition.
    #[test]
    fn subtraction_games_forward_references_and_redefinition(a in small_set(1, 9, 4), b in small_set(1, 9, 4)) {
        let (ga, gb) = (Heap::Subtract { ks: a.clone(), c: 1 }, Heap::Subtract { ks: b.clone(), c: 1 });
        let (wa, wb) = (naive_sequence(&ga, 60), naive_sequence(&gb, 60));

        let mutual = format!(
            "game p(n) = {{ q(n - k) for k in {s} if k <= n }}\ngame q(n) = {{ p(n - k) for k in {s} if k <= n }}\nsequence p 0..60\nsequence q 0..60",
            s = set(&a)
        );
        let lines = run_ok(&mutual);
        prop_assert_eq!(lines.len(), 2);
        prop_assert_eq!(&lines[0], &spaced(&wa), "p in\n{}", mutual);
        prop_assert_eq!(&lines[1], &spaced(&wa), "q in\n{}", mutual);

        let mut session = Session::default();
        let first = format!("{}\nsequence s 0..60", ga.source("s"));
        let lines = run_in(&mut session, &first);
        prop_assert_eq!(lines, vec![spaced(&wa)], "{}", first);
        let second = format!("{}\nsequence s 0..60\ngrundy s(59) + s(58)", gb.source("s"));
        let lines = run_in(&mut session, &second);
        prop_assert_eq!(lines, vec![spaced(&wb), (wb[59] ^ wb[58]).to_string()], "after\n{}\nthen\n{}", first, second);
    }
}

proptest! {
    #![proptest_config(config(32))]

    #[test]
    fn two_parameter_games_agree_with_the_naive_evaluator(game in two_game()) {
        let mut source = game.source();
        for i in 0..GRID {
            for j in 0..GRID {
                source.push_str(&format!("\ngrundy two({i}, {j})"));
            }
        }
        let lines = run_ok(&source);
        prop_assert_eq!(lines.len() as u64, GRID * GRID, "{}", source);
        let mut memo = HashMap::new();
        for i in 0..GRID {
            for j in 0..GRID {
                let want = naive_two(&game, i, j, &mut memo);
                let got = &lines[(i * GRID + j) as usize];
                prop_assert_eq!(got, &want.to_string(), "grundy two({}, {}) of\n{}", i, j, game.source());
            }
        }
    }
}

// ------------------------------------------------------------ known facts

#[test]
fn a_chain_of_a_million_is_climbed_without_recursion() {
    // Test threads have small stacks: an evaluator that recursed once per
    // position would overflow long before a million.
    let lines = run_ok(
        "game d(n) = { d(n - k) for k in {1} if k <= n }\ngrundy d(1000000)\ngrundy d(999999)",
    );
    assert_eq!(lines, vec!["0", "1"]);
}

/// Kayles, n = 0..83 (Guy and Smith; the values repeat with period 12 from
/// n = 71 on).
const KAYLES: &str = "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 1 8 2 7 \
                      4 1 2 8 1 4 7 2 1 4 2 7 4 1 2 8 1 4 7 2 1 8 6 7 4 1 2 8 1 4 7 2 1 8 2 7";

#[test]
fn kayles_has_its_published_values() {
    let kayles = Heap::TakeMaybeSplit(vec![1, 2]);
    let naive = naive_sequence(&kayles, 401);
    assert_eq!(
        spaced(&naive[..84]),
        KAYLES,
        "the naive evaluator against the published values"
    );
    // Period 12 from 71 on, so kayles(400) = kayles(76) = 1.
    assert_eq!(naive[400], 1);
    assert_eq!(naive[400], naive[76]);

    let source = "game kayles(n) = { kayles(a) + kayles(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }\n\
                  sequence kayles 0..84\ngrundy kayles(400)";
    let lines = run_ok(source);
    assert_eq!(lines, vec![KAYLES.to_string(), "1".to_string()]);
}

#[test]
fn wythoff_p_positions_are_the_published_pairs() {
    // Wythoff's game: P-positions are (floor(k phi), floor(k phi^2)) and
    // their mirror images: (0,0) (1,2) (3,5) (4,7) (6,10) (8,13) (9,15) ...
    let pairs = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)];
    let n = 14u64;
    let source = "game wy(m, n) = { wy(m - k, n) for k in 1..=m } | { wy(m, n - k) for k in 1..=n } \
                  | { wy(m - k, n - k) for k in 1..=m if k <= n }";
    let mut text = source.to_string();
    for i in 0..n {
        for j in 0..n {
            text.push_str(&format!("\noutcome wy({i}, {j})"));
        }
    }
    let lines = run_ok(&text);
    assert_eq!(lines.len() as u64, n * n);
    for i in 0..n {
        for j in 0..n {
            let p = pairs
                .iter()
                .any(|&(a, b)| (a, b) == (i, j) || (b, a) == (i, j));
            let line = &lines[(i * n + j) as usize];
            assert!(
                line.starts_with(if p { 'P' } else { 'N' }),
                "outcome wy({i}, {j}): {line}"
            );
        }
    }
}
