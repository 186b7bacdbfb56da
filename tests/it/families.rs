//! The rule families (`subtraction`, `subtraction all but`, `octal`, `hex`,
//! `grundy`) against the same games written out in set-builder form, and
//! both against a naive evaluator written here; misère play against
//! Bouton's rule and a naive misère search; published facts about octal
//! games (periods, OEIS sequences) asked through the language; and the
//! dense heap table answering the same question the same way every time.
//!
//! The naive evaluator knows nothing of the engine: a rule lists the
//! options of a heap as lists of heaps, an option's value is the xor of its
//! heaps' values, a heap's value the mex of its options' values.

use std::collections::HashMap;

use mex::session::Session;
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;

use crate::common::{numbers, run_in, run_ok, spaced};

// ---------------------------------------------------------------- helpers

fn int_set(ks: &[u64]) -> String {
    format!(
        "{{{}}}",
        ks.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
    )
}

/// `N` for a line starting with N, `P` for one starting with P.
fn outcome_letter(line: &str) -> char {
    match line.chars().next() {
        Some(c @ ('N' | 'P')) => c,
        _ => panic!("`{line}` is not an outcome"),
    }
}

fn letter(next_wins: bool) -> char {
    if next_wins { 'N' } else { 'P' }
}

// ------------------------------------------------------------------ rules

/// A one-parameter heap game of one of the families.
#[derive(Clone, Debug)]
enum Rule {
    /// Remove k tokens, k in the (non-empty) set.
    Subtraction(Vec<u64>),
    /// Remove any k >= 1 tokens except those listed.
    AllBut(Vec<u64>),
    /// A take-and-break code: `digits[k]` is the digit d_k (d_0 before the
    /// point). `hex`: written as a hexadecimal code (bit 8 allowed).
    /// `style` only changes how the code is spelled.
    Code {
        hex: bool,
        digits: Vec<u8>,
        style: u8,
    },
    /// Grundy's game: split a heap into two unequal non-empty heaps.
    Grundy,
}

impl Rule {
    fn octal(code: &str) -> Rule {
        let (before, after) = code.split_once('.').expect("a code with a point");
        let mut digits = vec![if before.is_empty() {
            0
        } else {
            before.parse::<u8>().unwrap()
        }];
        digits.extend(
            after
                .chars()
                .map(|c| c.to_digit(8).expect("an octal digit") as u8),
        );
        Rule::Code {
            hex: false,
            digits,
            style: 0,
        }
    }

    fn code_text(hex: bool, digits: &[u8], style: u8) -> String {
        let digit = |d: u8| {
            let s = if hex { format!("{d:X}") } else { d.to_string() };
            if style & 1 == 1 { s.to_lowercase() } else { s }
        };
        let before = if digits[0] == 0 && style & 2 == 2 {
            String::new()
        } else {
            digit(digits[0])
        };
        let after: String = digits[1..].iter().map(|&d| digit(d)).collect();
        format!("{before}.{after}")
    }

    /// The short form, as written after `game NAME =`.
    fn short(&self) -> String {
        match self {
            Rule::Subtraction(ks) => format!("subtraction {}", int_set(ks)),
            Rule::AllBut(ks) => format!("subtraction all but {}", int_set(ks)),
            Rule::Code { hex, digits, style } => {
                format!(
                    "{} {}",
                    if *hex { "hex" } else { "octal" },
                    Rule::code_text(*hex, digits, *style)
                )
            }
            Rule::Grundy => "grundy".to_string(),
        }
    }

    /// The same game in set-builder form, as written after `game g(n) =`.
    fn builder(&self, g: &str) -> String {
        match self {
            Rule::Subtraction(ks) => format!("{{ {g}(n - k) for k in {} if k <= n }}", int_set(ks)),
            Rule::AllBut(ks) => {
                let mut guard: Vec<String> = ks.iter().map(|k| format!("k != {k}")).collect();
                if guard.is_empty() {
                    guard.push("k >= 1".to_string());
                }
                format!("{{ {g}(n - k) for k in 1..=n if {} }}", guard.join(" and "))
            }
            Rule::Code { digits, .. } => {
                // The amounts k whose digit has the given bit.
                let with = |bit: u8| -> Vec<u64> {
                    (0..digits.len())
                        .filter(|&k| digits[k] & bit != 0)
                        .map(|k| k as u64)
                        .collect()
                };
                let mut parts = Vec::new();
                let (s1, s2, s4, s8) = (with(1), with(2), with(4), with(8));
                assert!(
                    !s1.contains(&0) && !s2.contains(&0),
                    "d_0 takes no token: only bits 4 and 8 make sense"
                );
                if !s1.is_empty() {
                    // remove k from a heap of exactly k: nothing is left
                    parts.push(format!(
                        "{{ {g}(n - k) for k in {} if k == n }}",
                        int_set(&s1)
                    ));
                }
                if !s2.is_empty() {
                    // remove k, one non-empty heap is left
                    parts.push(format!(
                        "{{ {g}(n - k) for k in {} if k < n }}",
                        int_set(&s2)
                    ));
                }
                if !s4.is_empty() {
                    // remove k, split the rest into a <= b, both non-empty
                    parts.push(format!(
                        "{{ {g}(a) + {g}(n - k - a) for k in {} if k < n for a in 1..n - k if a + a <= n - k }}",
                        int_set(&s4)
                    ));
                }
                if !s8.is_empty() {
                    // remove k, split the rest into a <= b <= c, all non-empty
                    parts.push(format!(
                        "{{ {g}(a) + {g}(b) + {g}(n - k - a - b) for k in {} if k < n \
                         for a in 1..n - k for b in a..n - k if a + b + b <= n - k }}",
                        int_set(&s8)
                    ));
                }
                if parts.is_empty() {
                    "{}".to_string()
                } else {
                    parts.join(" | ")
                }
            }
            Rule::Grundy => format!("{{ {g}(a) + {g}(n - a) for a in 1..n if a < n - a }}"),
        }
    }

    /// Calls `f` with every option of a heap of `n`, as its non-empty heaps.
    fn each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        fn one(f: &mut dyn FnMut(&[u64]), h: u64) {
            if h == 0 { f(&[]) } else { f(&[h]) }
        }
        match self {
            Rule::Subtraction(ks) => {
                for &k in ks.iter().filter(|&&k| k <= n) {
                    one(f, n - k);
                }
            }
            Rule::AllBut(ks) => {
                for k in (1..=n).filter(|k| !ks.contains(k)) {
                    one(f, n - k);
                }
            }
            Rule::Code { digits, .. } => {
                for (k, &d) in digits.iter().enumerate() {
                    let k = k as u64;
                    if k > n {
                        break;
                    }
                    let rest = n - k;
                    if d & 1 != 0 && k >= 1 && rest == 0 {
                        f(&[]);
                    }
                    if d & 2 != 0 && k >= 1 && rest >= 1 {
                        f(&[rest]);
                    }
                    if d & 4 != 0 {
                        for a in 1..=rest / 2 {
                            f(&[a, rest - a]);
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                f(&[a, b, rest - a - b]);
                            }
                        }
                    }
                }
            }
            Rule::Grundy => {
                for a in 1..n.div_ceil(2) {
                    f(&[a, n - a]);
                }
            }
        }
    }

    /// The most tokens a move removes (for the octal periodicity theorem).
    fn most_removed(&self) -> u64 {
        match self {
            Rule::Code { digits, .. } => (0..digits.len())
                .rev()
                .find(|&k| digits[k] != 0)
                .unwrap_or(0) as u64,
            _ => panic!("only codes"),
        }
    }
}

/// The naive evaluator: values of heaps 0..count, bottom up.
fn naive_values(rule: &Rule, count: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(count);
    // seen[v] == n + 1: value v is an option's value at heap n
    let mut seen: Vec<usize> = Vec::new();
    for n in 0..count {
        let stamp = n + 1;
        rule.each_option(n as u64, &mut |heaps| {
            let v = heaps.iter().fold(0, |x, &h| {
                assert!((h as usize) < n, "heap {h} is not smaller than {n}");
                x ^ g[h as usize]
            }) as usize;
            if v >= seen.len() {
                seen.resize(v + 1, 0);
            }
            seen[v] = stamp;
        });
        let mex = (0..)
            .find(|&v| v >= seen.len() || seen[v] != stamp)
            .unwrap();
        g.push(mex as u64);
    }
    g
}

// ------------------------------------------------ short form = set builder

fn code_rule(hex: bool) -> impl Strategy<Value = Rule> {
    let top: u8 = if hex { 16 } else { 8 };
    let d0 = if hex {
        prop_oneof![3 => Just(0u8), 1 => Just(4u8), 1 => Just(8u8)].boxed()
    } else {
        prop_oneof![3 => Just(0u8), 1 => Just(4u8)].boxed()
    };
    (d0, vec(0..top, 1..=3), any::<u8>()).prop_map(move |(d0, after, style)| {
        let mut digits = vec![d0];
        digits.extend(after);
        Rule::Code {
            hex,
            digits,
            style: style & 3,
        }
    })
}

/// The short form and the set-builder form of `rule` over 0..40, each
/// against the naive values.
fn agree(rule: &Rule) -> Result<(), TestCaseError> {
    let source = format!(
        "game s = {}\ngame sb(n) = {}\nsequence s 0..40\nsequence sb 0..40",
        rule.short(),
        rule.builder("sb")
    );
    let lines = run_ok(&source);
    prop_assert_eq!(lines.len(), 2, "{}", source);
    let naive = spaced(&naive_values(rule, 40));
    prop_assert_eq!(&lines[0], &naive, "short form\n{}", source);
    prop_assert_eq!(&lines[1], &naive, "set builder\n{}", source);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn subtraction_sets_agree(ks in btree_set(1u64..=9, 1..=4)) {
        agree(&Rule::Subtraction(ks.into_iter().collect()))?;
    }

    #[test]
    fn all_but_sets_agree(ks in btree_set(1u64..=8, 0..=3)) {
        agree(&Rule::AllBut(ks.into_iter().collect()))?;
    }

    #[test]
    fn octal_codes_agree(rule in code_rule(false)) {
        agree(&rule)?;
    }

    #[test]
    fn hex_codes_agree(rule in code_rule(true)) {
        agree(&rule)?;
    }
}

#[test]
fn grundys_game_agrees() {
    let lines = run_ok(
        "game s = grundy\ngame b(n) = { b(a) + b(n - a) for a in 1..n if a < n - a }\nsequence s 0..40\nsequence b 0..40",
    );
    let naive = spaced(&naive_values(&Rule::Grundy, 40));
    assert_eq!(lines, vec![naive.clone(), naive]);
}

/// A few fixed codes whose translation is easy to get wrong: the digit
/// before the point, a trailing zero digit, no move at all, equal halves.
#[test]
fn edge_codes_agree() {
    for code in [
        "4.0", "0.0", "0.70", "4.07", "0.4", "0.04", "4.4", "0.6", "0.1",
    ] {
        agree(&Rule::octal(code)).unwrap();
    }
    for (code, digits) in [
        ("8.0", vec![8, 0]),
        ("0.8", vec![0, 8]),
        ("0.F", vec![0, 15]),
        ("4.1F", vec![4, 1, 15]),
    ] {
        let rule = Rule::Code {
            hex: true,
            digits,
            style: 0,
        };
        assert_eq!(rule.short(), format!("hex {code}"));
        agree(&rule).unwrap();
    }
}

/// The naive evaluator itself, on values everyone knows.
#[test]
fn naive_evaluator_knows_the_classics() {
    // Nim: every k may be removed, the value of a heap is its size
    assert_eq!(
        naive_values(&Rule::AllBut(vec![]), 20),
        (0..20).collect::<Vec<_>>()
    );
    // subtraction {1, 2}: n mod 3
    assert_eq!(
        naive_values(&Rule::Subtraction(vec![1, 2]), 20),
        (0..20).map(|n| n % 3).collect::<Vec<_>>()
    );
    // hex 0.F: every move removes one token, so the value is the parity
    let parity = Rule::Code {
        hex: true,
        digits: vec![0, 15],
        style: 0,
    };
    assert_eq!(
        naive_values(&parity, 20),
        (0..20).map(|n| n % 2).collect::<Vec<_>>()
    );
    // Kayles, Dawson's chess and Grundy's game as published
    assert_eq!(naive_values(&Rule::octal("0.77"), A002186.len()), A002186);
    assert_eq!(naive_values(&Rule::octal("0.137"), A002187.len()), A002187);
    assert_eq!(naive_values(&Rule::Grundy, A002188.len()), A002188);
}

// ----------------------------------------------------------------- misère

/// Bouton's rule for misère Nim: when every heap is 0 or 1 the player to
/// move wins exactly when the number of 1s is even; otherwise exactly when
/// the nim-sum is not zero.
fn bouton_misere_next_wins(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
    } else {
        heaps.iter().fold(0, |x, &h| x ^ h) != 0
    }
}

/// Naive misère search over a sum of heaps of one rule: the player who
/// cannot move wins. `true` when the player to move wins.
fn naive_misere_heaps(rule: &Rule, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut state: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    state.sort_unstable();
    if let Some(&v) = memo.get(&state) {
        return v;
    }
    let mut options: Vec<Vec<u64>> = Vec::new();
    for i in 0..state.len() {
        if i > 0 && state[i] == state[i - 1] {
            continue;
        }
        rule.each_option(state[i], &mut |hs| {
            let mut next: Vec<u64> = state
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &h)| h)
                .collect();
            next.extend_from_slice(hs);
            options.push(next);
        });
    }
    let wins = options.is_empty() || options.iter().any(|o| !naive_misere_heaps(rule, o, memo));
    memo.insert(state, wins);
    wins
}

/// How a Nim heap is written in a sum.
#[derive(Clone, Copy, Debug)]
enum NimForm {
    /// `h(k)`, Nim defined by the user: the engine must search
    User,
    /// `nim(k)`
    Call,
    /// `*k`
    Star,
}

fn nim_sum() -> impl Strategy<Value = Vec<(u64, NimForm)>> {
    let size = prop_oneof![2 => 0u64..=1, 3 => 0u64..=9];
    let form =
        prop_oneof![2 => Just(NimForm::User), 1 => Just(NimForm::Call), 1 => Just(NimForm::Star)];
    vec((size, form), 1..=4)
}

fn write_nim(heaps: &[(u64, NimForm)], force_user: bool) -> String {
    heaps
        .iter()
        .map(|&(k, form)| match (force_user, form) {
            (true, _) | (false, NimForm::User) => format!("h({k})"),
            (false, NimForm::Call) => format!("nim({k})"),
            (false, NimForm::Star) => format!("*{k}"),
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// The exhaustive misère search (on Nim written as a user game), the
    /// built-in rule for plain Nim sums, Bouton's rule, and a naive search.
    #[test]
    fn misere_nim_follows_bouton(heaps in nim_sum()) {
        let sizes: Vec<u64> = heaps.iter().map(|&(k, _)| k).collect();
        let nim_only = sizes.iter().map(|k| format!("nim({k})")).collect::<Vec<_>>().join(" + ");
        let source = format!(
            "game h(n) = {{ h(k) for k in 0..n }}\nmisere outcome {}\nmisere outcome {}\nmisere outcome {}",
            write_nim(&heaps, true),
            nim_only,
            write_nim(&heaps, false),
        );
        let lines = run_ok(&source);
        prop_assert_eq!(lines.len(), 3);
        let bouton = letter(bouton_misere_next_wins(&sizes));
        let naive = letter(naive_misere_heaps(&Rule::AllBut(vec![]), &sizes, &mut HashMap::new()));
        prop_assert_eq!(naive, bouton, "the naive search disagrees with Bouton on {:?}", sizes);
        for line in &lines {
            prop_assert_eq!(outcome_letter(line), bouton, "{}\n{}", source, lines.join("\n"));
        }
    }
}

/// An explicit game: a nimber or a set of options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Tree {
    Star(u64),
    Set(Vec<Tree>),
}

impl Tree {
    fn options(&self) -> Vec<Tree> {
        match self {
            Tree::Star(k) => (0..*k).map(Tree::Star).collect(),
            Tree::Set(v) => v.clone(),
        }
    }

    fn render(&self) -> String {
        match self {
            Tree::Star(k) => format!("*{k}"),
            Tree::Set(v) => format!(
                "{{{}}}",
                v.iter().map(Tree::render).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

/// Naive misère search on a sum of explicit games.
fn naive_misere_trees(sum: &[Tree], memo: &mut HashMap<Vec<Tree>, bool>) -> bool {
    let mut state = sum.to_vec();
    state.sort();
    if let Some(&v) = memo.get(&state) {
        return v;
    }
    let mut moved = false;
    let mut wins = false;
    'outer: for i in 0..state.len() {
        for o in state[i].options() {
            moved = true;
            let mut next = state.clone();
            next[i] = o;
            if !naive_misere_trees(&next, memo) {
                wins = true;
                break 'outer;
            }
        }
    }
    let wins = wins || !moved;
    memo.insert(state, wins);
    wins
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![3 => (0u64..4).prop_map(Tree::Star), 1 => Just(Tree::Set(Vec::new()))];
    leaf.prop_recursive(3, 24, 3, |inner| vec(inner, 0..=3).prop_map(Tree::Set))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn misere_explicit_sums_agree_with_naive(sum in vec(tree(), 1..=3)) {
        let text = sum.iter().map(Tree::render).collect::<Vec<_>>().join(" + ");
        let lines = run_ok(&format!("misere outcome {text}"));
        let naive = letter(naive_misere_trees(&sum, &mut HashMap::new()));
        prop_assert_eq!(outcome_letter(&lines[0]), naive, "misere outcome {}", text);
    }

    /// Sums of Kayles rows, by the short form and by the set-builder form.
    #[test]
    fn misere_kayles_sums_agree_with_naive(rows in vec(0u64..=12, 1..=3).prop_filter("small", |r| r.iter().sum::<u64>() <= 18)) {
        let kayles = Rule::octal("0.77");
        let short = rows.iter().map(|r| format!("k({r})")).collect::<Vec<_>>().join(" + ");
        let built = rows.iter().map(|r| format!("kb({r})")).collect::<Vec<_>>().join(" + ");
        let source = format!(
            "game k = octal 0.77\ngame kb(n) = {}\nmisere outcome {short}\nmisere outcome {built}",
            kayles.builder("kb")
        );
        let lines = run_ok(&source);
        let naive = letter(naive_misere_heaps(&kayles, &rows, &mut HashMap::new()));
        prop_assert_eq!(outcome_letter(&lines[0]), naive, "{}", source);
        prop_assert_eq!(outcome_letter(&lines[1]), naive, "{}", source);
    }
}

/// Facts of misère play that do not depend on any search: the empty game
/// is won by the player to move, a single move loses, and a game that
/// normal play and misère play disagree on.
#[test]
fn misere_known_facts() {
    let lines = run_ok(
        "misere outcome {}\nmisere outcome *1\nmisere outcome {{}}\nmisere outcome *1 + *1\n\
         misere outcome *2 + *2\nmisere outcome *0 + *0\noutcome *1\noutcome {}",
    );
    let got: Vec<char> = lines.iter().map(|l| outcome_letter(l)).collect();
    assert_eq!(got, vec!['N', 'P', 'P', 'N', 'P', 'N', 'N', 'P']);

    // single Kayles rows 0..=20, searched in the engine and here
    let kayles = Rule::octal("0.77");
    let mut memo = HashMap::new();
    let source: String = std::iter::once("game k = octal 0.77".to_string())
        .chain((0..=20).map(|n| format!("misere outcome k({n})")))
        .collect::<Vec<_>>()
        .join("\n");
    let lines = run_ok(&source);
    let mut p_rows = Vec::new();
    for n in 0..=20u64 {
        let naive = naive_misere_heaps(&kayles, &[n], &mut memo);
        assert_eq!(
            outcome_letter(&lines[n as usize]),
            letter(naive),
            "misere outcome k({n})"
        );
        if !naive {
            p_rows.push(n);
        }
    }
    // misère Kayles: a row of 1 is lost by the player to move, and so is a
    // row of 4 (every move leaves 3, 2, 1+2 or 1+1, each won by taking
    // the right pins), while rows 2 and 3 are won
    assert!(
        p_rows.starts_with(&[1, 4]),
        "misère Kayles P-rows {p_rows:?}"
    );
}

// ----------------------------------------------------------- published facts

/// OEIS A002186, Kayles (octal 0.77), n = 0..104.
const A002186: [u64; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, //
    6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, //
    1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1,
];

/// OEIS A002187, Dawson's chess (octal 0.137), n = 0..131.
const A002187: [u64; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// OEIS A002188, Grundy's game, n = 0..104.
const A002188: [u64; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, //
    1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3,
    2, 4, //
    3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5,
    2, 3, 5, 2, 3,
];

/// Published pre-periods and periods of octal games: Kayles, Dawson's
/// Kayles, Dawson's chess (A002187: period 34, last exception at n = 51),
/// and the long ones from the tables of octal games.
const PERIODS: [(&str, u64, u64); 7] = [
    ("0.77", 71, 12),
    ("0.07", 53, 34),
    ("0.137", 52, 34),
    ("0.45", 498, 20),
    ("0.156", 3479, 349),
    ("0.356", 7315, 142),
    ("0.644", 3256, 442),
];

const HUGE: u64 = 1_000_000_000_000;

/// The value at `n` of a sequence with this pre-period and period, from
/// its first values.
fn by_period(values: &[u64], pre: u64, per: u64, n: u64) -> u64 {
    let i = if n < pre { n } else { pre + (n - pre) % per };
    values[i as usize]
}

#[test]
fn published_periods() {
    for (code, pre, per) in PERIODS {
        let rule = Rule::octal(code);
        // Enough values for the octal periodicity theorem: when
        // g(n + p) = g(n) for pre <= n < 2 pre + p + t (t the most tokens
        // removed), the values repeat forever.
        let count = (2 * (pre + per) + rule.most_removed() + 1) as usize;
        let naive = naive_values(&rule, count);
        // the published pre-period and period, proven here from the naive values
        for n in pre as usize..count - per as usize {
            assert_eq!(
                naive[n],
                naive[n + per as usize],
                "octal {code}: g({n}) and g({})",
                n + per as usize
            );
        }
        if pre > 0 {
            let n = pre as usize - 1;
            assert_ne!(
                naive[n],
                naive[n + per as usize],
                "octal {code}: the pre-period is shorter than {pre}"
            );
        }
        for p in 1..per as usize {
            assert!(
                (pre as usize..count - p).any(|n| naive[n] != naive[n + p]),
                "octal {code}: period {p} would do"
            );
        }

        let source = format!(
            "game g = octal {code}\ncheck period g == {pre} {per}\nperiod g\nsequence g 0..{count}\n\
             grundy g({HUGE})\ngrundy g({})\ngrundy g({})",
            HUGE + 7,
            count as u64 + 12_345
        );
        let lines = run_ok(&source);
        assert_eq!(lines.len(), 6, "{source}\n{}", lines.join("\n"));
        assert!(lines[0].starts_with("ok"), "octal {code}: {}", lines[0]);
        assert!(
            lines[1].starts_with(&format!("pre-period {pre}, period {per}")),
            "octal {code}: {}",
            lines[1]
        );
        assert!(lines[1].contains("proven"), "octal {code}: {}", lines[1]);
        assert!(
            numbers(&lines[2]) == naive,
            "octal {code}: the sequence 0..{count} differs from the naive one"
        );
        for (line, n) in lines[3..]
            .iter()
            .zip([HUGE, HUGE + 7, count as u64 + 12_345])
        {
            assert_eq!(
                line,
                &by_period(&naive, pre, per, n).to_string(),
                "octal {code}: grundy g({n})"
            );
        }
    }
}

#[test]
fn kayles_at_a_trillion() {
    let naive = naive_values(&Rule::octal("0.77"), 71 + 12);
    let lines = run_ok("game kayles = octal 0.77\ngrundy kayles(1000000000000)");
    let want = naive[(71 + (HUGE - 71) % 12) as usize];
    assert_eq!(lines, vec![want.to_string()]);
}

#[test]
fn oeis_sequences() {
    let lines = run_ok(&format!(
        "game kayles = octal 0.77\ngame dchess = octal 0.137\ngame gg = grundy\n\
         sequence kayles 0..{}\nsequence dchess 0..{}\nsequence gg 0..{}",
        A002186.len(),
        A002187.len(),
        A002188.len()
    ));
    assert_eq!(numbers(&lines[0]), A002186, "Kayles");
    assert_eq!(numbers(&lines[1]), A002187, "Dawson's chess");
    assert_eq!(numbers(&lines[2]), A002188, "Grundy's game");
    assert!(A002188.len() >= 100);
    assert_eq!(naive_values(&Rule::Grundy, 100), A002188[..100]);
}

/// Dawson's chess (0.137) is Dawson's Kayles (0.07) with one more token:
/// g_137(n) = g_07(n + 1). And Kayles is octal 4.4 with one token fewer
/// (A002186: 4.4 has values a(n - 1)).
#[test]
fn shifted_sequences() {
    const LEN: usize = 400;
    let d07 = naive_values(&Rule::octal("0.07"), LEN + 1);
    let d137 = naive_values(&Rule::octal("0.137"), LEN + 1);
    // the direction of the shift, from the naive values
    assert!((0..LEN).all(|n| d137[n] == d07[n + 1]));
    assert!(!(0..LEN).all(|n| d07[n] == d137[n + 1]));
    let kayles = naive_values(&Rule::octal("0.77"), LEN + 1);
    let four = naive_values(&Rule::octal("4.4"), LEN + 1);
    assert!((0..LEN).all(|n| four[n + 1] == kayles[n]));

    let lines = run_ok(&format!(
        "game d = octal 0.07\ngame c = octal 0.137\ngame k = octal 0.77\ngame f = octal 4.4\n\
         sequence c 0..{LEN}\nsequence d 1..{}\nsequence k 0..{LEN}\nsequence f 1..{}",
        LEN + 1,
        LEN + 1
    ));
    assert_eq!(lines[0], lines[1], "0.137 from 0 and 0.07 from 1");
    assert_eq!(numbers(&lines[0]), d137[..LEN]);
    assert_eq!(lines[2], lines[3], "0.77 from 0 and 4.4 from 1");
    assert_eq!(numbers(&lines[2]), kayles[..LEN]);
}

// --------------------------------------------------------- the dense table

#[test]
fn dense_table_answers_consistently() {
    let naive = naive_values(&Rule::octal("0.77"), 1000);
    let mut s = Session::default();
    let lines = run_in(
        &mut s,
        "game kayles = octal 0.77\nsequence kayles 0..1000\nsequence kayles 0..1000\ngrundy kayles(500)\n\
         sequence kayles 500..1000\ngrundy kayles(999)",
    );
    assert_eq!(lines.len(), 5);
    assert_eq!(numbers(&lines[0]), naive);
    assert_eq!(lines[1], lines[0]);
    assert_eq!(lines[2], naive[500].to_string());
    assert_eq!(numbers(&lines[3]), naive[500..]);
    assert_eq!(lines[4], naive[999].to_string());

    // later sources in the same session, as at the prompt
    assert_eq!(
        run_in(&mut s, "grundy kayles(500)"),
        vec![naive[500].to_string()]
    );
    assert_eq!(
        run_in(&mut s, "sequence kayles 0..1000"),
        vec![spaced(&naive)]
    );
    // another name for the same code, and a sum of rows
    let lines = run_in(
        &mut s,
        "game k2 = octal 0.77\nsequence k2 0..1000\ngrundy kayles(500) + k2(333)",
    );
    assert_eq!(
        lines,
        vec![spaced(&naive), (naive[500] ^ naive[333]).to_string()]
    );

    // a single value first, then the whole range
    let lines = run_ok(
        "game kayles = octal 0.77\ngrundy kayles(500)\nsequence kayles 0..1000\ngrundy kayles(500)",
    );
    assert_eq!(
        lines,
        vec![
            naive[500].to_string(),
            spaced(&naive),
            naive[500].to_string()
        ]
    );

    // redefining the name must not answer from the old table
    let dawson = naive_values(&Rule::octal("0.07"), 1000);
    let lines = run_in(
        &mut s,
        "game kayles = octal 0.07\nsequence kayles 0..1000\ngrundy kayles(500)",
    );
    assert_eq!(lines, vec![spaced(&dawson), dawson[500].to_string()]);
}

/// `period` with the default settings searches as far as the proof needs
/// (0.16 needs about half a million values); arithmetic periods are
/// reported with their saltus, proven for all-but games and hexadecimal
/// codes, and answer any heap.
#[test]
fn periods_with_a_saltus_and_the_default_search() {
    let lines = crate::common::run_ok(
        "game a = subtraction all but {2}\nperiod a\ngrundy a(1000000000001)\n\
         game h = hex 0.8\nperiod h\ngrundy h(1000000000000000000)\n\
         game k = octal 0.16\nperiod k\ngrundy k(1000000000000)",
    );
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert!(
        lines[0].starts_with("pre-period 0, period 4, saltus 2: proven"),
        "{}",
        lines[0]
    );
    // G(4q + r) = 2q + r mod 2
    assert_eq!(lines[1], "500000000001");
    assert!(
        lines[2].starts_with("pre-period 1, period 3, saltus 1: proven"),
        "{}",
        lines[2]
    );
    // G(n) = (n - 1) / 3
    assert_eq!(lines[3], "333333333333333333");
    assert!(
        lines[4].starts_with("pre-period 105351, period 149459: proven"),
        "{}",
        lines[4]
    );
    // the same heap from the published period, by the table's own values
    let tail = crate::common::run_ok("game k = octal 0.16\nsequence k 105351..254810");
    let values = crate::common::numbers(&tail[0]);
    let r = (1_000_000_000_000u64 - 105_351) % 149_459;
    assert_eq!(lines[5], values[r as usize].to_string());
}

/// A heap far past the table of a code with a proven arithmetic period:
/// its value at once, `explain` shows the step from the period, and a
/// failed check says why although the options cannot be listed.
#[test]
fn far_heaps_of_an_arithmetic_period() {
    let lines = crate::common::run_ok(
        "game h = hex 0.F8\nperiod h\nexplain h(10^18)\ngrundy h(10^18) + h(5)",
    );
    assert!(
        lines[0].starts_with("pre-period 7, period 6, saltus 4: proven"),
        "{lines:?}"
    );
    // 10^18 = 10 + 166666666666666665 * 6, and G(10) = 5
    assert_eq!(
        lines[2],
        "  1000000000000000000 = 10 + 166666666666666665 × 6, so h(1000000000000000000) = h(10) + \
         166666666666666665 × 4 = 5 + 666666666666666660 = 666666666666666665"
    );
    assert!(
        lines[1].contains("h(n + 6) = h(n) + 4 for n >= 7"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[3], (666_666_666_666_666_665u64 ^ 2).to_string());
    let mut s = mex::session::Session::default();
    let (out, report) = s.run_collect("t", "game h = hex 0.F8\ncheck grundy h(10^18) == 3");
    assert!(report.errors.is_empty());
    assert_eq!(report.status(), 1);
    assert!(out[0].starts_with("FAIL grundy h(10^18) == 3: expected 3, found 666666666666666665"));
    assert!(
        out.iter().any(|l| l.contains("proven arithmetic period")),
        "{out:?}"
    );
}

/// A rule written out that runs as a family answers like the family where
/// only the family's proof or its classes of moves can: `period` is proven,
/// and `moves`/`explain` of a heap past the options limit answer.
#[test]
fn rules_that_run_as_families_answer_like_them() {
    let written = "game k(n) = { k(a) + k(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }\n\
                   game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }\n";
    let short = "game k = octal 0.77\ngame s = subtraction {1, 3, 4}\n";
    let questions =
        "period k\nperiod s\nmoves k(10^18) + k(7)\nexplain k(10^18)\nmoves s(10^18) + s(2)\n";
    let mut a = run_ok(&format!("{written}{questions}"));
    let b = run_ok(&format!("{short}{questions}"));
    // the far heap's explanation says whose moves it lists
    let note = "k runs as octal 0.77 (Kayles): its moves are that family's, each split once";
    let at = a
        .iter()
        .position(|l| l == note)
        .expect("explain says what k runs as");
    a.remove(at);
    assert!(
        a[0].starts_with("pre-period 71, period 12: proven"),
        "{}",
        a[0]
    );
    assert!(
        a[0].ends_with("[k, runs as octal 0.77 (Kayles)]"),
        "{}",
        a[0]
    );
    assert!(
        a[1].starts_with("pre-period 0, period 7: proven"),
        "{}",
        a[1]
    );
    // the same answers but for the rule named at the end of `period`
    let cut = |l: &String| l.split(" [").next().unwrap_or_default().to_string();
    assert_eq!(
        a[..2].iter().map(cut).collect::<Vec<_>>(),
        b[..2].iter().map(cut).collect::<Vec<_>>()
    );
    assert_eq!(a[2..], b[2..]);
    assert!(a.iter().any(|l| l == "k(7) -> k(2) + k(3)"), "{a:?}");
    // a small heap is still explained from the rule as written (both orders
    // of a split are options of it)
    let small = run_ok(&format!("{written}explain k(3)\n"));
    assert!(small[0].starts_with("k(3) has 5 options"), "{small:?}");
}

/// `check move` from a heap with far more options than can be listed is
/// graded from the rule itself, for a family and for a rule written out
/// that runs as one.
#[test]
fn check_move_from_a_huge_heap() {
    for def in [
        "game k = octal 0.77",
        "game k(n) = { k(a) + k(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }",
    ] {
        let mut session = Session::default();
        let (lines, report) = session.run_collect(
            "<test>",
            &format!(
                "{def}\n\
             check move k(10^18) + k(7) -> k(22) + k(999999999999999977) + k(7)\n\
             check move k(10^18) + k(7) -> k(23) + k(999999999999999977) + k(7)\n\
             check move k(10^18) + k(7) -> k(999999999999999998) + k(7)\n"
            ),
        );
        // one check fails, and nothing else goes wrong
        assert!(report.errors.is_empty(), "{def}: {lines:?}");
        assert_eq!(report.status(), 1, "{def}: {lines:?}");
        assert!(lines[0].starts_with("ok move"), "{def}: {lines:?}");
        assert!(lines[1].starts_with("FAIL move"), "{def}: {lines:?}");
        assert!(
            lines.iter().any(|l| l.contains(
                "k(1000000000000000000) cannot become k(23) + k(999999999999999977) in one move"
            )),
            "{def}: {lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.contains("a move takes k(1000000000000000000) to one of its options: k(999999999999999999), k(1) + k(999999999999999998)")),
            "{def}: {lines:?}"
        );
        // taking two leaves a heap of value 2, and k(7) has value 2: a winning move
        assert!(
            lines.last().is_some_and(|l| l.starts_with("ok move")),
            "{def}: {lines:?}"
        );
    }
}

/// Splits written with two loop variables whose sum an equation fixes run
/// as their family (Kayles, Grundy's game, a subtraction game); the same
/// rules with `+ nim(0)` added, which no family matches, run as written
/// and must give the same values.
#[test]
fn splits_pinned_by_an_equation_run_as_their_family() {
    let rules = [
        (
            "k",
            "{ k(a) + k(b){x} for t in {1, 2} for a in 0..n for b in 0..n if t <= n and a + b == n - t }",
            "octal 0.77",
        ),
        (
            "g",
            "{ g(a) + g(b){x} for a in 1..n for b in 1..n if a + b == n and a != b }",
            "Grundy's game",
        ),
        (
            "s",
            "{ s(m){x} for k in {1, 3, 4} if k <= n for m in 0..n if m + k == n }",
            "subtraction {1, 3, 4}",
        ),
    ];
    for (name, rule, family) in rules {
        let fast = rule.replace("{x}", "");
        let slow = rule.replace("{x}", " + nim(0)");
        let a = run_ok(&format!("game {name}(n) = {fast}\nsequence {name} 0..60\n"));
        let b = run_ok(&format!("game {name}(n) = {slow}\nsequence {name} 0..60\n"));
        assert_eq!(a, b, "{fast}");
        let p = run_ok(&format!("game {name}(n) = {fast}\nperiod {name}\n"));
        assert!(p[0].contains(&format!("runs as {family}")), "{fast}: {p:?}");
    }
}
