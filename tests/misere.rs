//! Misère play through the session: `misere moves` and the reasons of
//! failed checks agree with a naive search, and a search with no bound up
//! front stops at its limits (the heavy questions from the command line,
//! under a memory cap, are in `heavy.rs`).

mod common;

use common::run_ok;
use mex::session::Session;
use proptest::prelude::*;
use std::collections::HashMap;

// ------------------------------------------------------------ the naive side

/// A component: a Kayles row (`k(n)`) or a Nim heap (`nim(n)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum C {
    K(u64),
    Nim(u64),
}

impl C {
    fn text(self) -> String {
        match self {
            C::K(n) => format!("k({n})"),
            C::Nim(n) => format!("nim({n})"),
        }
    }

    fn parse(s: &str) -> C {
        let (name, rest) = s.split_once('(').expect("a call");
        let n = rest.trim_end_matches(')').parse().expect("a size");
        match name {
            "k" => C::K(n),
            "nim" => C::Nim(n),
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
        }
        out
    }
}

fn norm(sum: &[C]) -> Vec<C> {
    let mut v: Vec<C> = sum
        .iter()
        .copied()
        .filter(|c| !matches!(c, C::K(0) | C::Nim(0)))
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
    assert_eq!(lines, ["4", "1", "4", "6", "4", "1", "ok misere grundy *1 + *1 == 1"]);
    let out = common::mex_cmd(&["--format", "json", "-e", "misere grundy *2 + *2"], b"");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), r#"{"query":"misere grundy","value":0}"#);
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
    assert_eq!(
        lines[1],
        "  why: k(5) -> k(4) leaves a P-position in misère play, so the player to move wins"
    );
    assert!(lines[3].contains("Bouton's misère rule"), "{lines:?}");
    assert!(lines[3].contains("1 xor 2 xor 3 = 0"), "{lines:?}");
    // k(4) plays like *1: two heaps of 1, an even number: N
    assert!(lines[5].contains("k(4) plays like *1"), "{lines:?}");
    assert!(lines[5].contains("here it is 2: N"), "{lines:?}");
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
