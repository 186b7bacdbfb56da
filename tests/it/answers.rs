//! Answers as data: every move object of `moves` and `misere moves` (JSON)
//! leaves the position its `to` writes, and that position has the move's
//! `value` (or misère outcome); every option in `explain`'s data has the
//! value `grundy` gives, and the value is their mex.
//!
//! Positions are random: sums of family heaps, explicit games, rows of
//! coins, Green Hackenbush pictures and two-heap rules. For explicit games
//! the values are also checked against the naive evaluator of `laws.rs`,
//! which shares no code with the engine.

use mex::render::Format;
use mex::session::Session;
use proptest::prelude::*;
use serde_json::Value;

use crate::common::mex_of;
use crate::laws::{Forms, Tree, parse_game, src, tree};

/// A session that answers in JSON, with these definitions.
fn session(defs: &str) -> Session {
    let mut s = Session {
        format: Format::Json,
        ..Session::default()
    };
    if !defs.is_empty() {
        let _ = ask(&mut s, defs);
    }
    s
}

/// The JSON answers of a source; an error fails the test.
fn ask(s: &mut Session, source: &str) -> Vec<Value> {
    let (lines, report) = s.run_collect("<test>", source);
    assert!(
        report.errors.is_empty(),
        "errors running {source}: {:?}",
        lines
    );
    lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The one answer of a question.
fn one(s: &mut Session, question: &str) -> Value {
    let mut v = ask(s, question);
    assert_eq!(v.len(), 1, "{question}: {v:?}");
    v.remove(0)
}

/// Checks the move objects of `moves` and `misere moves` of `position`:
/// `grundy` of each `to` is its `value` (0), `misere outcome` of each `to`
/// is its outcome (P), and `grundy` of the position is the answer's value.
/// Returns the `to` of each normal-play move.
fn moves_lead_where_they_say(s: &mut Session, position: &str, misere: bool) -> Vec<String> {
    let m = one(s, &format!("moves {position}"));
    assert_eq!(m["query"], "moves");
    let asked = m["position"].as_str().expect("the position");
    let value = one(s, &format!("grundy {asked}"))["value"].clone();
    assert_eq!(m["value"], value, "moves {position}: {m}");
    assert_eq!(
        one(s, &format!("grundy {position}"))["value"],
        value,
        "{position} written as {asked}"
    );
    let mut tos = Vec::new();
    for mv in m["moves"].as_array().expect("moves") {
        let to = mv["to"].as_str().expect("a position");
        assert!(mv["text"].is_string(), "{mv}");
        assert_eq!(mv["value"], 0, "a winning move: {mv}");
        let got = one(s, &format!("grundy {to}"));
        assert_eq!(got["value"], mv["value"], "moves {position}: {mv}");
        tos.push(to.to_string());
    }
    if value != 0 {
        assert!(
            !m["moves"].as_array().unwrap().is_empty(),
            "an N-position has a winning move: {m}"
        );
    } else {
        assert!(m["reason"].is_string(), "{m}");
    }
    if misere {
        let mm = one(s, &format!("misere moves {position}"));
        let outcome = one(s, &format!("misere outcome {position}"))["outcome"].clone();
        assert_eq!(mm["outcome"], outcome, "misere moves {position}: {mm}");
        for mv in mm["moves"].as_array().expect("moves") {
            let to = mv["to"].as_str().expect("a position");
            assert_eq!(mv["outcome"], "P", "{mv}");
            let got = one(s, &format!("misere outcome {to}"));
            assert_eq!(got["outcome"], "P", "misere moves {position}: {mv}");
        }
        // an N-position has a move to P, but for the end of play
        if outcome == "N" && mm["moves"].as_array().unwrap().is_empty() {
            let reason = mm["reason"].as_str().unwrap_or_default();
            assert!(reason.contains("there is no move"), "{mm}");
            assert!(m["moves"].as_array().unwrap().is_empty(), "{m}");
        }
    }
    tos
}

/// Checks `explain`'s data: each option has the value `grundy` gives, and
/// for a mex the value is theirs. Returns the options' positions.
fn explain_agrees(s: &mut Session, position: &str) -> Vec<String> {
    let e = one(s, &format!("explain {position}"));
    assert_eq!(e["query"], "explain");
    let value = one(s, &format!("grundy {position}"))["value"].clone();
    assert_eq!(e["value"], value, "explain {position}: {e}");
    assert!(e["lines"].as_array().is_some_and(|l| !l.is_empty()), "{e}");
    let mut tos = Vec::new();
    match e["rule"].as_str().expect("a rule") {
        "mex" | "nimber" => {
            assert!(e.get("options_more").is_none(), "small positions: {e}");
            let mut values = Vec::new();
            for o in e["options"].as_array().expect("options") {
                let to = o["to"].as_str().expect("a position");
                let got = one(s, &format!("grundy {to}"));
                assert_eq!(got["value"], o["value"], "explain {position}: {o}");
                values.push(o["value"].as_u64().expect("a value"));
                tos.push(to.to_string());
            }
            assert_eq!(
                Some(mex_of(values)),
                value.as_u64(),
                "explain {position}: {e}"
            );
        }
        "nim-sum" | "coins" => {
            let mut x = 0;
            for c in e["components"].as_array().expect("components") {
                let game = c["game"].as_str().expect("a game");
                let got = one(s, &format!("grundy {game}"));
                assert_eq!(got["value"], c["value"], "explain {position}: {c}");
                x ^= c["value"].as_u64().expect("a value");
            }
            assert_eq!(Some(x), value.as_u64(), "explain {position}: {e}");
        }
        "hackenbush" => {}
        other => panic!("explain {position}: rule {other} for a small position: {e}"),
    }
    tos
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

const FAMILIES: &str = "game k = octal 0.77
game dk = octal 0.07
game o = octal 0.137
game s = subtraction {1, 3, 4}
game g = grundy
game a = subtraction all but {2}
game hx = hex 0.8
game t(n) = { t(n - 1) if n >= 1 } | { t(a) + t(b) for a in 0..n for b in 0..n if a + b + 2 == n }
";

/// A sum of one to three family heaps, and a nimber now and then.
fn family_sum() -> impl Strategy<Value = String> {
    let heap = (
        prop::sample::select(vec!["k", "dk", "o", "s", "g", "a", "hx", "t"]),
        0u64..30,
    )
        .prop_map(|(f, n)| format!("{f}({n})"));
    (
        prop::collection::vec(heap, 1..=3),
        prop::option::of(0u64..5),
    )
        .prop_map(|(heaps, star)| {
            let mut parts = heaps;
            if let Some(k) = star {
                parts.push(format!("*{k}"));
            }
            parts.join(" + ")
        })
}

/// A row of coins of one of the coin rules.
fn coin_row() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["m", "r", "tt"]),
        prop::collection::vec(any::<bool>(), 1..12),
    )
        .prop_map(|(g, coins)| {
            let row: String = coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect();
            format!("{g}(\"{row}\")")
        })
}

const COINS: &str = "game m = mock turtles
game r = ruler
game tt(n) = { 0 if n >= 1 } | { tt(a) for a in 1..n }
";

/// A picture of up to six edges on five vertices (0 is the ground),
/// alone or beside a nimber.
fn picture() -> impl Strategy<Value = String> {
    (
        prop::collection::vec((0u64..5, 0u64..5), 1..=6),
        prop::option::of(0u64..4),
    )
        .prop_map(|(edges, star)| {
            let e: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
            let pic = format!("hackenbush {{{}}}", e.join(", "));
            match star {
                Some(k) => format!("{pic} + *{k}"),
                None => pic,
            }
        })
}

const TWO: &str = "game two(m, n) = { two(m, j) for j in 0..n } | { two(i, n) for i in 0..m }
game wy(m, n) = { wy(m - k, n) for k in 1..=m } | { wy(m, n - k) for k in 1..=n } | { wy(m - k, n - k) for k in 1..=m if k <= n }
";

/// One or two positions of two-heap rules.
fn two_heaps() -> impl Strategy<Value = String> {
    let pos = (prop::sample::select(vec!["two", "wy"]), 0u64..9, 0u64..9)
        .prop_map(|(g, m, n)| format!("{g}({m}, {n})"));
    prop::collection::vec(pos, 1..=2).prop_map(|p| p.join(" + "))
}

/// The misère outcome of a form by the definition: P exactly when it has
/// options and each of them is N.
fn misere_p(forms: &Forms, id: usize, memo: &mut std::collections::HashMap<usize, bool>) -> bool {
    if let Some(&p) = memo.get(&id) {
        return p;
    }
    let kids = forms.kids[id].clone();
    let p = !kids.is_empty() && kids.iter().all(|&k| !misere_p(forms, k, memo));
    memo.insert(id, p);
    p
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn family_moves_and_explanations_lead_where_they_say(position in family_sum()) {
        let mut s = session(FAMILIES);
        // misère play is searched position by position: small heaps only
        let small = position
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse::<u64>().ok())
            .all(|n| n < 12);
        moves_lead_where_they_say(&mut s, &position, small);
        explain_agrees(&mut s, &position);
        // and each component's own options
        for part in position.split(" + ") {
            explain_agrees(&mut s, part);
        }
    }

    #[test]
    fn explicit_moves_and_options_have_their_naive_values(g in tree()) {
        let mut s = session("");
        let position = src(&g);
        let mut forms = Forms::default();
        let tos = moves_lead_where_they_say(&mut s, &position, true);
        for to in &tos {
            let t: Tree = parse_game(to).unwrap_or_else(|e| panic!("{to}: {e}"));
            prop_assert_eq!(forms.grundy(&t), 0, "moves {}: {}", position, to);
        }
        // misère moves, by the definition
        let mm = one(&mut s, &format!("misere moves {position}"));
        let mut memo = std::collections::HashMap::new();
        for mv in mm["moves"].as_array().expect("moves") {
            let to = mv["to"].as_str().expect("a position");
            let t: Tree = parse_game(to).unwrap_or_else(|e| panic!("{to}: {e}"));
            let id = forms.of(&t);
            prop_assert!(misere_p(&forms, id, &mut memo), "misere moves {}: {}", position, to);
        }
        for to in explain_agrees(&mut s, &position) {
            let t: Tree = parse_game(&to).unwrap_or_else(|e| panic!("{to}: {e}"));
            let want = one(&mut s, &format!("grundy {to}"))["value"].as_u64();
            prop_assert_eq!(Some(forms.grundy(&t)), want, "explain {}: {}", position, to);
        }
    }

    #[test]
    fn coin_moves_lead_where_they_say(row in coin_row()) {
        let mut s = session(COINS);
        moves_lead_where_they_say(&mut s, &row, false);
        explain_agrees(&mut s, &row);
    }

    #[test]
    fn picture_moves_lead_where_they_say(pic in picture()) {
        let mut s = session("");
        moves_lead_where_they_say(&mut s, &pic, false);
        explain_agrees(&mut s, &pic);
    }

    #[test]
    fn two_heap_moves_and_explanations_lead_where_they_say(position in two_heaps()) {
        let mut s = session(TWO);
        moves_lead_where_they_say(&mut s, &position, true);
        explain_agrees(&mut s, &position);
    }
}

#[test]
fn a_class_of_moves_is_one_object_with_its_count_and_first_position() {
    let mut s = session("game k = octal 0.77\nset options 100");
    let m = one(&mut s, "moves k(1000000000)");
    let class = m["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|mv| mv["count"].as_u64().is_some_and(|c| c > 1))
        .unwrap_or_else(|| panic!("a class of moves: {m}"));
    assert!(
        class["text"].as_str().unwrap().contains(" for a = "),
        "{class}"
    );
    let to = class["to"].as_str().expect("a position");
    assert_eq!(one(&mut s, &format!("grundy {to}"))["value"], 0, "{class}");
}

#[test]
fn a_failed_check_says_why_as_data() {
    let mut s = session("");
    let v = ask(
        &mut s,
        "check move nim(3) + nim(5) -> nim(1) + nim(3)\ncheck grundy {*1, {*1}, *2} == 2\ncheck outcome *1 + *2 == P",
    );
    // a move: where it goes, its value, and the winning moves
    assert_eq!(v[0]["why"]["to"], "nim(1) + nim(3)");
    assert_eq!(v[0]["why"]["value"], 2);
    assert_eq!(v[0]["why"]["legal"], true);
    assert_eq!(v[0]["why"]["moves"][0]["text"], "nim(5) -> nim(3)");
    assert_eq!(v[0]["why"]["moves"][0]["to"], "nim(3) + nim(3)");
    // a value: the explanation of the position
    assert_eq!(v[1]["why"]["rule"], "mex");
    assert_eq!(v[1]["why"]["value"], 3);
    assert_eq!(
        v[1]["why"]["options"][1],
        serde_json::json!({"to": "{*1}", "value": 0})
    );
    // an outcome: the explanation and the winning moves
    assert_eq!(v[2]["why"]["rule"], "nim-sum");
    assert_eq!(v[2]["why"]["moves"][0]["to"], "*1 + *1");
}

#[test]
fn explain_names_its_rule_and_carries_its_data() {
    let mut s = session(
        "game q = hex 0.48\ngame k = octal 0.77\ngame m = mock turtles\nlet pic = hackenbush { 0-1, 1-2 }\ngame l = graph { a -> b, b -> a, b -> c }",
    );
    let e = one(&mut s, "explain q(100000)");
    assert_eq!(e["rule"], "arithmetic period");
    assert_eq!(e["period"]["period"], 2);
    assert_eq!(e["period"]["saltus"], 1);
    assert_eq!(e["period"]["heap"], 100000);
    let reduced = e["period"]["reduced"].as_u64().unwrap();
    let base = one(&mut s, &format!("grundy q({reduced})"));
    assert_eq!(e["period"]["reduced_value"], base["value"]);
    assert_eq!(one(&mut s, "explain *4")["rule"], "nimber");
    assert_eq!(one(&mut s, "explain k(3) + k(4)")["rule"], "nim-sum");
    assert_eq!(one(&mut s, "explain m(\"HTH\")")["rule"], "coins");
    assert_eq!(one(&mut s, "explain pic")["rule"], "hackenbush");
    let l = one(&mut s, "explain l.a");
    assert_eq!(l["rule"], "loopy");
    assert!(
        l["options"].as_array().is_some_and(|o| !o.is_empty()),
        "{l}"
    );
}
