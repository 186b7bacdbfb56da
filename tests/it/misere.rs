//! Misère play through the session: `misere moves` and the reasons of
//! failed checks agree with a naive search, and a search with no bound up
//! front stops at its limits (the heavy questions from the command line,
//! under a memory cap, are in `heavy.rs`).

use crate::common::run_ok;
use mex::session::Session;
use proptest::prelude::*;
use std::collections::HashMap;

// ------------------------------------------------------------ the naive side

/// A component: a Kayles row (`k(n)`) or a Nim heap (`nim(n)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum C {
    K(u64),
    Nim(u64),
    /// Dawson's Kayles (octal 0.07).
    D(u64),
    /// Octal 0.137.
    E(u64),
}

impl C {
    fn text(self) -> String {
        match self {
            C::K(n) => format!("k({n})"),
            C::Nim(n) => format!("nim({n})"),
            C::D(n) => format!("d({n})"),
            C::E(n) => format!("e({n})"),
        }
    }

    fn parse(s: &str) -> C {
        let (name, rest) = s.split_once('(').expect("a call");
        let n = rest.trim_end_matches(')').parse().expect("a size");
        match name {
            "k" => C::K(n),
            "nim" => C::Nim(n),
            "d" => C::D(n),
            "e" => C::E(n),
            _ => panic!("unexpected component {s}"),
        }
    }

    /// The options, each as the components it leaves.
    fn options(self) -> Vec<Vec<C>> {
        let mut out = Vec::new();
        match self {
            C::Nim(n) => {
                for k in 0..n {
                    out.push(if k == 0 { vec![] } else { vec![C::Nim(k)] });
                }
            }
            C::K(n) => {
                for t in 1..=2u64.min(n) {
                    for a in 0..=(n - t) {
                        let b = n - t - a;
                        out.push(
                            [a, b]
                                .iter()
                                .filter(|&&h| h > 0)
                                .map(|&h| C::K(h))
                                .collect(),
                        );
                    }
                }
            }
            C::D(n) if n >= 2 => {
                for a in 0..=(n - 2) {
                    let parts = [a, n - 2 - a];
                    out.push(parts.iter().filter(|&&h| h > 0).map(|&h| C::D(h)).collect());
                }
            }
            C::D(_) => {}
            C::E(n) => {
                // 0.137: take 1 leaving nothing; 2 leaving nothing or one
                // row; 3 leaving nothing, one row or two
                if n == 1 {
                    out.push(vec![]);
                }
                if n >= 2 {
                    out.push(if n == 2 { vec![] } else { vec![C::E(n - 2)] });
                }
                if n >= 3 {
                    for a in 0..=(n - 3) {
                        let parts = [a, n - 3 - a];
                        out.push(parts.iter().filter(|&&h| h > 0).map(|&h| C::E(h)).collect());
                    }
                }
            }
        }
        out
    }
}

fn norm(sum: &[C]) -> Vec<C> {
    let mut v: Vec<C> = sum
        .iter()
        .copied()
        .filter(|c| !matches!(c, C::K(0) | C::Nim(0) | C::D(0) | C::E(0)))
        .collect();
    v.sort();
    v
}

/// True when the sum is a misère P-position, by the definition.
fn naive_p(sum: &[C], memo: &mut HashMap<Vec<C>, bool>) -> bool {
    let key = norm(sum);
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut any = false;
    let mut p = true;
    'all: for i in 0..key.len() {
        for o in key[i].options() {
            any = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(o);
            if naive_p(&next, memo) {
                p = false;
                break 'all;
            }
        }
    }
    let p = p && any;
    memo.insert(key, p);
    p
}

/// The misère Grundy value of the sum, by the definition: 1 with no move,
/// else the mex of the options' values.
fn naive_grundy(sum: &[C], memo: &mut HashMap<Vec<C>, u64>) -> u64 {
    let key = norm(sum);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut values = Vec::new();
    for i in 0..key.len() {
        for o in key[i].options() {
            let mut next = key.clone();
            next.remove(i);
            next.extend(o);
            values.push(naive_grundy(&next, memo));
        }
    }
    let v = if values.is_empty() {
        1
    } else {
        (0..).find(|x| !values.contains(x)).unwrap_or(0)
    };
    memo.insert(key, v);
    v
}

fn text(sum: &[C]) -> String {
    sum.iter().map(|c| c.text()).collect::<Vec<_>>().join(" + ")
}

fn component() -> impl Strategy<Value = C> {
    prop_oneof![3 => (0u64..=9).prop_map(C::K), 1 => (0u64..=6).prop_map(C::Nim)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// `misere grundy` of sums of Kayles rows and Nim heaps is the value the
    /// definition gives, and 0 exactly where `misere outcome` says P.
    #[test]
    fn misere_grundy_values_follow_the_definition(sum in prop::collection::vec(component(), 1..=3)) {
        let lines = run_ok(&format!(
            "game k = octal 0.77\nmisere grundy {}\nmisere outcome {}",
            text(&sum),
            text(&sum)
        ));
        let want = naive_grundy(&sum, &mut HashMap::new());
        prop_assert_eq!(&lines[0], &want.to_string(), "misere grundy {}", text(&sum));
        prop_assert_eq!(lines[1].starts_with('P'), want == 0);
    }
}

#[test]
fn five_kayles_pins_have_the_genus_4_146() {
    // g = 4, and the misère values of k(5), k(5) + 2, k(5) + 2 + 2, ... are
    // 1, 4, 6, 4, 6 (Winning Ways, ch. 13)
    let lines = run_ok(
        "game k = octal 0.77\ngrundy k(5)\nmisere grundy k(5)\nmisere grundy k(5) + *2\n\
         misere grundy k(5) + *2 + *2\nmisere grundy k(5) + *2 + *2 + *2\nmisere grundy 0\n\
         check misere grundy *1 + *1 == 1",
    );
    assert_eq!(
        lines,
        [
            "4",
            "1",
            "4",
            "6",
            "4",
            "1",
            "ok misere grundy *1 + *1 == 1"
        ]
    );
    let out = crate::common::mex_cmd(&["--format", "json", "-e", "misere grundy *2 + *2"], b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        r#"{"query":"misere grundy","value":0}"#
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Every move `misere moves` lists leads to a P-position, and every
    /// move to a P-position is listed (once per distinct result).
    #[test]
    fn misere_moves_are_exactly_the_winning_moves(sum in prop::collection::vec(component(), 1..=3)) {
        let lines = run_ok(&format!("game k = octal 0.77\nmisere moves {}\nmisere outcome {}", text(&sum), text(&sum)));
        let (moves, outcome) = lines.split_at(lines.len() - 1);
        let mut memo = HashMap::new();
        let p = naive_p(&sum, &mut memo);
        prop_assert_eq!(outcome[0].starts_with('P'), p, "{}", text(&sum));
        // the winning moves, naively: (component, what it leaves)
        let mut want: Vec<(C, Vec<C>)> = Vec::new();
        for (i, &c) in sum.iter().enumerate() {
            for o in c.options() {
                let mut next = sum.clone();
                next.remove(i);
                next.extend(o.iter().copied());
                let o = norm(&o);
                if naive_p(&next, &mut memo) && !want.contains(&(c, o.clone())) {
                    want.push((c, o));
                }
            }
        }
        if want.is_empty() {
            prop_assert_eq!(moves.len(), 1);
            prop_assert!(moves[0].starts_with("none"), "{:?}", moves);
            return Ok(());
        }
        let mut got: Vec<(C, Vec<C>)> = Vec::new();
        for line in moves {
            let (from, to) = line.split_once(" -> ").expect("a move");
            let to: Vec<C> = if to == "0" { vec![] } else { to.split(" + ").map(C::parse).collect() };
            got.push((C::parse(from), norm(&to)));
        }
        got.sort();
        want.sort();
        prop_assert_eq!(got, want, "misere moves {}", text(&sum));
    }
}

#[test]
fn kayles_sums_searched_agree_with_the_naive_search() {
    let mut memo = HashMap::new();
    let sum = [C::K(8), C::K(9), C::K(11), C::K(12)];
    let lines = run_ok(&format!(
        "game k = octal 0.77\nmisere outcome {}",
        text(&sum)
    ));
    let p = naive_p(&sum, &mut memo);
    assert_eq!(lines[0].starts_with('P'), p, "{}", lines[0]);
    for n in 0..=30u64 {
        let lines = run_ok(&format!(
            "game k = octal 0.77\nmisere outcome k({n}) + k(3)"
        ));
        let p = naive_p(&[C::K(n), C::K(3)], &mut memo);
        assert_eq!(lines[0].starts_with('P'), p, "k({n}) + k(3)");
    }
}

#[test]
fn a_failed_misere_check_says_why() {
    let mut s = Session::default();
    let (lines, _) = s.run_collect(
        "t",
        "game k = octal 0.77\ncheck misere outcome k(5) == P\ncheck misere outcome nim(1) + nim(2) + nim(3) == N\ncheck misere outcome k(4) + nim(1) == P",
    );
    assert_eq!(
        lines[0],
        "FAIL misere outcome k(5) == P: expected P, found N"
    );
    // the quotient's reason, then a winning move
    assert_eq!(
        lines[1],
        "  why: in the misère quotient of `k` (order 12, heaps to 5), k(5) is c; their product c is not in the P-portion {a, a c, b^2}, so the position is N"
    );
    assert_eq!(
        lines[2],
        "  for example k(5) -> k(4) leaves a P-position in misère play, so the player to move wins"
    );
    assert!(lines[4].contains("Bouton's misère rule"), "{lines:?}");
    assert!(lines[4].contains("1 xor 2 xor 3 = 0"), "{lines:?}");
    // k(4) plays like *1: two heaps of 1, an even number: N
    assert!(lines[6].contains("k(4) plays like *1"), "{lines:?}");
    assert!(lines[6].contains("here it is 2: N"), "{lines:?}");
}

#[test]
fn a_search_without_an_estimate_stops_at_its_limits() {
    // Kayles written as a set builder: no bound up front, so the search
    // runs until a limit stops it, and says which
    let program = "set options 200000\ngame kb(n) = { kb(a) + kb(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }\nmisere outcome kb(90)";
    let mut s = Session::default();
    let (lines, report) = s.run_collect("t", program);
    assert!(lines.is_empty(), "{lines:?}");
    let msg = &report.errors[0];
    assert!(msg.message.contains("options"), "{msg:?}");
    assert!(
        msg.hint.as_deref().unwrap_or("").contains("set options"),
        "{msg:?}"
    );
}

/// A search whose bound on work is far above its real work starts, and
/// answers within the default limits: the work is counted as it goes, not
/// refused from the bound (states times moves, 114,629,142 here, past the
/// default 100,000,000). A lower limit stops it while it runs, and says so.
#[test]
fn a_search_is_refused_by_its_real_work_not_by_its_bound() {
    let sum = "game dk = octal 0.07\nmisere outcome dk(60) + dk(41) + dk(8)";
    let at_default = run_ok(sum);
    assert_eq!(at_default, vec!["N (the next player wins)"]);
    // the same with room to spare: the limit did not change the answer
    let raised = run_ok(&format!("set options 2000000000\n{sum}"));
    assert_eq!(raised, at_default);
    // and it has a winning move
    let moves = run_ok("game dk = octal 0.07\nmisere moves dk(60) + dk(41) + dk(8)");
    assert!(!moves.is_empty(), "an N-position has a winning move");
    // a limit below the real work stops the search while it runs
    let mut s = Session::default();
    let (lines, report) = s.run_collect("t", &format!("set options 100000\n{sum}"));
    assert!(lines.is_empty(), "{lines:?}");
    let e = &report.errors[0];
    assert!(e.message.contains("options"), "{e:?}");
    assert!(
        !e.message.contains("could visit up to"),
        "counted, not estimated: {e:?}"
    );
}

// ------------------------------------------------- quotients and genera

/// The normal-play Grundy value, by the definition.
fn naive_normal(sum: &[C], memo: &mut HashMap<Vec<C>, u64>) -> u64 {
    let key = norm(sum);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut values = Vec::new();
    for i in 0..key.len() {
        for o in key[i].options() {
            let mut next = key.clone();
            next.remove(i);
            next.extend(o);
            values.push(naive_normal(&next, memo));
        }
    }
    let v = (0..).find(|x| !values.contains(x)).unwrap_or(0);
    memo.insert(key, v);
    v
}

const DEFS: &str = "game k = octal 0.77\ngame d = octal 0.07\ngame e = octal 0.137\n";

/// The genus of `sum` from `mex`, as (normal, misère terms).
fn genus_of(sum: &[C]) -> (u64, Vec<u64>) {
    let out = crate::common::mex_cmd(
        &[
            "--format",
            "json",
            "-e",
            &format!("{DEFS}genus {}", text(sum)),
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let misere = v["misere"]
        .as_array()
        .expect("terms")
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    (v["normal"].as_u64().unwrap(), misere)
}

/// The genus against the misère values of `sum + *2 + ... + *2` by the
/// definition, well past where `mex` says they repeat.
fn genus_agrees(sum: &[C]) {
    let (normal, terms) = genus_of(sum);
    assert_eq!(
        normal,
        naive_normal(sum, &mut HashMap::new()),
        "normal value of {}",
        text(sum)
    );
    let s = terms.len() - 2;
    let mut memo = HashMap::new();
    for j in 0..terms.len() + 4 {
        let want = if j < terms.len() {
            terms[j]
        } else {
            terms[s + (j - s) % 2]
        };
        let mut w = sum.to_vec();
        w.extend(std::iter::repeat_n(C::Nim(2), j));
        assert_eq!(
            naive_grundy(&w, &mut memo),
            want,
            "term {j} of the genus of {}",
            text(sum)
        );
    }
}

#[test]
fn genera_of_single_heaps_of_three_codes() {
    for n in 0..=11 {
        genus_agrees(&[C::K(n)]);
        genus_agrees(&[C::D(n)]);
        genus_agrees(&[C::E(n)]);
    }
    assert_eq!(genus_of(&[C::K(5)]), (4, vec![1, 4, 6]));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The genus of a sum, by the recursion or by genus arithmetic on tame
    /// components, against the definition.
    #[test]
    fn genera_of_sums(sum in prop::collection::vec(prop_oneof![
        (0u64..=7).prop_map(C::K), (0u64..=5).prop_map(C::Nim), (0u64..=7).prop_map(C::D)
    ], 1..=3)) {
        genus_agrees(&sum);
    }

    /// Sums of heaps of one family are answered by its quotient: against
    /// the definition.
    #[test]
    fn quotient_outcomes_of_random_sums(heaps in prop::collection::vec(1u64..=16, 1..=3), code in 0usize..3) {
        let make = [C::K, C::D, C::E][code];
        let sum: Vec<C> = heaps.iter().map(|&h| make(h)).collect();
        let lines = run_ok(&format!("{DEFS}misere outcome {}", text(&sum)));
        let want = naive_p(&sum, &mut HashMap::new());
        prop_assert_eq!(lines[0].starts_with('P'), want, "{}", text(&sum));
    }
}

#[test]
fn the_quotient_of_0_75_as_text_and_json() {
    let lines = run_ok("game q = octal 0.75\nmisere quotient q to 40");
    assert_eq!(
        lines[0],
        "misère quotient of q (octal 0.75), heaps 0..=40: order 8, P-portion of 2"
    );
    assert_eq!(lines[1], "generators: a = q(1), b = q(2), c = q(5)");
    assert_eq!(
        lines[2],
        "relations: a^2 = 1, b c = a b, c^2 = b^2, b^3 = b"
    );
    assert_eq!(lines[3], "P-portion: a, b^2");
    assert!(lines.iter().any(|l| {
        l.starts_with("the heaps' elements repeat with period 2 from heap 8 on (proven)")
    }));
    let out = crate::common::mex_cmd(
        &[
            "--format",
            "json",
            "-e",
            "game k = octal 0.77\nmisere quotient k to 12",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["query"], "misere quotient");
    assert_eq!(v["to"], 12);
    let order = v["order"].as_u64().unwrap();
    assert_eq!(order % 2, 0, "a misère quotient has even order");
    let elements: Vec<&str> = v["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(elements.len() as u64, order);
    // every name used is an element's name
    for key in ["heaps", "p_portion"] {
        for x in v[key].as_array().unwrap() {
            assert!(elements.contains(&x.as_str().unwrap()), "{key}: {x}");
        }
    }
    assert_eq!(v["heaps"].as_array().unwrap().len(), 13);
}

#[test]
fn a_failed_check_shows_the_quotient() {
    let (lines, _) = Session::default().run_collect(
        "t",
        "game k = octal 0.77\ncheck misere outcome k(70) + k(45) + k(33) + k(12) == P",
    );
    assert!(lines[0].starts_with("FAIL"), "{lines:?}");
    assert!(
        lines[1].contains("in the misère quotient of `k`"),
        "{lines:?}"
    );
    assert!(lines[1].contains("not in the P-portion"), "{lines:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Sums mixing Dawson's Kayles rows and Nim heaps: answered by genus
    /// arithmetic when every component is tame throughout, else searched;
    /// against the definition either way.
    #[test]
    fn mixed_sums_with_tame_components(sum in prop::collection::vec(prop_oneof![
        (0u64..=12).prop_map(C::D), (0u64..=5).prop_map(C::Nim)
    ], 2..=4)) {
        let lines = run_ok(&format!("{DEFS}misere outcome {}", text(&sum)));
        prop_assert_eq!(lines[0].starts_with('P'), naive_p(&sum, &mut HashMap::new()), "{}", text(&sum));
    }
}

#[test]
fn far_heaps_are_answered_by_a_proven_period() {
    // Kayles' quotient repeats with period 12 from heap 71 (proven by heap
    // 400): a row of 10^12 pins has the element of a short one
    let lines = run_ok(
        "game k = octal 0.77\nmisere outcome k(1000000000000) + k(7)\nmisere outcome k(1000000000000) + k(1000000000000)",
    );
    // 10^12 = 71 + 12·q + 5, as 76: the same element as k(76)
    let want =
        run_ok("game k = octal 0.77\nmisere outcome k(76) + k(7)\nmisere outcome k(76) + k(76)");
    assert_eq!(lines, want);
}

// ------------------------------------------------ explicit games, naively

/// An explicit game: its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct X(Vec<X>);

impl X {
    fn text(&self) -> String {
        if self.0.is_empty() {
            return "0".into();
        }
        let parts: Vec<String> = self.0.iter().map(X::text).collect();
        format!("{{{}}}", parts.join(", "))
    }
}

/// True when the sum of explicit games is a misère P-position, by the
/// definition (a sum with no move is N: the player to move has won).
fn naive_x(sum: &[X], memo: &mut HashMap<Vec<X>, bool>) -> bool {
    let mut key: Vec<X> = sum.iter().filter(|g| !g.0.is_empty()).cloned().collect();
    key.sort();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut p = !key.is_empty();
    'all: for i in 0..key.len() {
        for o in &key[i].0 {
            let mut next = key.clone();
            next[i] = o.clone();
            if naive_x(&next, memo) {
                p = false;
                break 'all;
            }
        }
    }
    memo.insert(key, p);
    p
}

fn explicit() -> impl Strategy<Value = X> {
    let leaf = Just(X(Vec::new()));
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop::collection::vec(inner, 0..=3).prop_map(X)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Sums of explicit games: answered by genus arithmetic when every
    /// component is tame throughout, by the search otherwise; both the
    /// outcome and the misère Grundy value against the definition.
    #[test]
    fn sums_of_explicit_games(sum in prop::collection::vec(explicit(), 1..=3)) {
        let text: Vec<String> = sum.iter().map(X::text).collect();
        let text = text.join(" + ");
        let lines = run_ok(&format!("misere outcome {text}\nmisere grundy {text}"));
        let mut memo = HashMap::new();
        prop_assert_eq!(lines[0].starts_with('P'), naive_x(&sum, &mut memo), "{}", text);
        let mut with = sum.clone();
        with.push(X(Vec::new()));
        let b = (0u64..).find(|&b| {
            *with.last_mut().unwrap() = X((0..b).map(nim_x).collect());
            naive_x(&with, &mut memo)
        }).unwrap();
        prop_assert_eq!(&lines[1], &b.to_string(), "{}", text);
    }

    /// Sums of Kayles rows with Nim heaps and explicit games that play
    /// like small Nim heaps: those are replaced by rows of the same class
    /// and the quotient answers; the outcome, the misère Grundy value and
    /// the winning moves against the definition.
    #[test]
    fn family_heaps_beside_nim_like_games(
        heaps in prop::collection::vec(1u64..=12, 1..=2),
        nims in prop::collection::vec(0u64..=5, 1..=2),
    ) {
        let mut sum: Vec<C> = heaps.iter().map(|&h| C::K(h)).collect();
        sum.extend(nims.iter().map(|&n| C::Nim(n)));
        // `{0, *1}` is `*2`, written as an explicit game
        let written = text(&sum).replace("nim(2)", "{0, *1}");
        let lines = run_ok(&format!(
            "game k = octal 0.77\nmisere outcome {written}\nmisere grundy {written}"
        ));
        prop_assert_eq!(lines[0].starts_with('P'), naive_p(&sum, &mut HashMap::new()), "{}", written);
        prop_assert_eq!(&lines[1], &naive_grundy(&sum, &mut HashMap::new()).to_string(), "{}", written);
    }
}

fn nim_x(n: u64) -> X {
    X((0..n).map(nim_x).collect())
}

/// Genus arithmetic holds among games that are tame throughout, but a tame
/// component may not be replaced by the Nim heaps of its genus beside a
/// wild one: `{*2}` and `*2 + *2` have the genus `0^02`, yet beside
/// `{0, {*2}} + {*1, {*2}}` one sum is N and the other P (the definition
/// says so too). `misere outcome` answers both correctly.
#[test]
fn a_tame_component_beside_wild_ones_is_not_folded() {
    let lines = run_ok(
        "genus {*2}\ngenus *2 + *2\nmisere outcome {*2} + {0, {*2}} + {*1, {*2}}\nmisere outcome *2 + *2 + {0, {*2}} + {*1, {*2}}",
    );
    assert!(lines[0].starts_with("0^02 (tame"), "{lines:?}");
    assert!(lines[1].starts_with("0^02 (tame"), "{lines:?}");
    let two = nim_x(2);
    let t = X(vec![two.clone()]);
    let w1 = X(vec![X(vec![]), t.clone()]);
    let w2 = X(vec![nim_x(1), t.clone()]);
    let mut memo = HashMap::new();
    assert!(!naive_x(&[t, w1.clone(), w2.clone()], &mut memo));
    assert!(naive_x(&[two.clone(), two, w1, w2], &mut memo));
    assert!(lines[2].starts_with('N'), "{lines:?}");
    assert!(lines[3].starts_with('P'), "{lines:?}");
}

/// Dawson's Kayles' quotient to heap 33 is MisereSolver's frontier: order
/// 638, P-portion 109 (Plambeck and Siegel's published figures). It answers
/// with the default limits; further heaps are refused by the work they
/// really take, and the refusal says how far the quotient is known.
#[test]
fn dawsons_kayles_reaches_heap_33_under_the_defaults() {
    let mut s = Session::default();
    let lines = crate::common::run_in(&mut s, "game dk = octal 0.07\nmisere quotient dk to 33");
    assert_eq!(
        lines[0],
        "misère quotient of dk (octal 0.07 (Dawson's Kayles)), heaps 0..=33: order 638, P-portion of 109"
    );
    let (_, report) = s.run_collect("<test>", "set work 20000000\nmisere quotient dk to 40");
    let said = crate::common::errors_of(&s, &report);
    assert_eq!(report.status(), 2, "{said}");
    assert!(said.contains("`dk` to heap 40 would take more than 20,000,000 steps"), "{said}");
    assert!(said.contains("`set work 200000000` raises the limit"), "{said}");
    assert!(said.contains("the quotient is known to heap 33 (order 638)"), "{said}");
    // how far heap 34 got, and its last refutation, checked by the misère
    // search (which shares nothing with the quotient's; the naive search
    // takes half a minute on these sums): the two really differ
    assert!(said.contains("at heap 34 the search refuted 1 trial quotient,"), "{said}");
    let (p, n) = refutation(&said).expect("a refutation in the note");
    let ask = |w: &[u64]| {
        let sum: Vec<String> = w.iter().map(|h| format!("dk({h})")).collect();
        format!("misere outcome {}", sum.join(" + "))
    };
    let lines = crate::common::run_in(&mut s, &format!("{}\n{}", ask(&p), ask(&n)));
    assert!(lines[0].starts_with("P "), "{p:?}: {lines:?}");
    assert!(lines[1].starts_with("N "), "{n:?}: {lines:?}");
}

/// The two sums of Dawson's Kayles heaps of a note's last refutation
/// (`heaps 2 + 2·14 make a P-position and heaps ... do not`).
fn refutation(said: &str) -> Option<(Vec<u64>, Vec<u64>)> {
    let rest = &said[said.find("the last refutation: heaps ")? + 27..];
    let (p, rest) = rest.split_once(" make a P-position and heaps ")?;
    let (n, _) = rest.split_once(" do not")?;
    let sum = |w: &str| -> Option<Vec<u64>> {
        let mut out = Vec::new();
        for part in w.split(" + ") {
            let (k, h) = part.split_once('·').unwrap_or(("1", part));
            let (k, h): (usize, u64) = (k.parse().ok()?, h.parse().ok()?);
            out.extend(std::iter::repeat_n(h, k));
        }
        Some(out)
    };
    Some((sum(p)?, sum(n)?))
}
