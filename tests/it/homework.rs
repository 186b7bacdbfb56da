//! Grading as a sheet of homework needs it: `check move` against an
//! independent enumeration of the moves of Nim sums, the one redefinition
//! rule, and runs that go on past errors, naming the definitions that failed.

use mex::session::Session;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Runs a source: its result lines, its rendered diagnostics, its status.
fn run(s: &mut Session, name: &str, src: &str) -> (Vec<String>, String, i32) {
    let (lines, report) = s.run_collect(name, src);
    let errors: String = report.errors.iter().map(|d| s.render(d, false)).collect();
    (lines, errors, report.status())
}

#[test]
fn a_redefinition_holds_from_its_statement_on() {
    let mut s = Session::default();
    let (lines, errors, status) = run(
        &mut s,
        "sheet.mex",
        "sequence s 0..4\n\
         game s = subtraction {1}\n\
         game t(n) = s(n) + *1\n\
         grundy t(2)\n\
         game s = subtraction {1, 2}\n\
         sequence s 0..4\n\
         grundy t(2)\n",
    );
    assert_eq!(errors, "");
    assert_eq!(status, 0);
    // Used above its first definition, a game has that definition; a game
    // that uses it follows each redefinition.
    assert_eq!(lines, ["0 1 0 1", "1", "0 1 2 0", "3"]);
}

#[test]
fn redefinitions_across_sources_follow_the_same_rule() {
    let mut s = Session::default();
    run(&mut s, "a.mex", "game s = subtraction {1}\n");
    let (lines, errors, _) = run(
        &mut s,
        "b.mex",
        "game s = subtraction {1, 2}\nsequence s 0..4\n",
    );
    assert_eq!(
        (lines, errors),
        (vec!["0 1 2 0".to_string()], String::new())
    );
    let (_, errors, status) = run(&mut s, "c.mex", "let s = 3\n");
    assert_eq!(status, 2);
    assert!(errors.contains("`s` is already a game"), "{errors}");
    assert!(errors.contains("`s` is defined at b.mex:1"), "{errors}");
    let (_, errors, _) = run(&mut s, "d.mex", "game s(m, n) = {}\n");
    assert!(errors.contains("`s` already has 1 parameter"), "{errors}");
    let (_, errors, _) = run(&mut s, "e.mex", "let k = 3\ngame k(n) = {}\n");
    // Games are installed first, so the `let` is the one refused.
    assert!(errors.contains("`k` is a game"), "{errors}");
    assert!(errors.contains("the game is defined here"), "{errors}");
    // A `let` may be bound again, to a value of another type too.
    let (lines, errors, _) = run(&mut s, "f.mex", "let x = 3\nlet x = *2\ngrundy x + *1\n");
    assert_eq!((lines, errors), (vec!["3".to_string()], String::new()));
}

#[test]
fn every_statement_after_an_error_runs() {
    let mut s = Session::default();
    let (lines, errors, status) = run(
        &mut s,
        "sheet.mex",
        "check grundy nim(3) == 3\n\
         check grundy kayels(3) == 1\n\
         grundy nim(1) +\n\
         check grundy nim(3) + nim(5) == 6\n\
         grundy nim(0 - 1)\n\
         check outcome *2 + *2 == N\n",
    );
    assert_eq!(
        lines[..2],
        ["ok grundy nim(3) == 3", "ok grundy nim(3) + nim(5) == 6"]
    );
    assert!(
        lines[2].starts_with("FAIL outcome *2 + *2 == N"),
        "{lines:?}"
    );
    assert_eq!(status, 2);
    assert_eq!(errors.matches("Error:").count(), 3, "{errors}");
    // reported in the order of the file
    let at = |what: &str| {
        errors
            .find(what)
            .unwrap_or_else(|| panic!("{what}: {errors}"))
    };
    assert!(at("kayels") < at("ends too early") && at("ends too early") < at("below zero"));
}

#[test]
fn failed_definitions_are_named_until_they_are_fixed() {
    let mut s = Session::default();
    let (_, errors, _) = run(
        &mut s,
        "<repl:1>",
        "game s(n) = { s(n - k) for k in {1} if k <= m }\nlet y = nim(0 - 1)\n",
    );
    assert_eq!(errors.matches("Error:").count(), 2, "{errors}");
    let (lines, errors, status) = run(&mut s, "<repl:2>", "grundy s(2)\ngrundy y\ngrundy *3\n");
    assert_eq!(lines, ["3"]);
    assert_eq!(status, 2);
    assert!(
        errors.contains("skipped: `s` has no definition"),
        "{errors}"
    );
    assert!(
        errors.contains("`s` is defined at <repl:1>:1, which has an error"),
        "{errors}"
    );
    assert!(
        errors.contains("skipped: `y` has no definition"),
        "{errors}"
    );
    assert!(errors.contains("`y` is defined at <repl:1>:2"), "{errors}");
    let (lines, errors, _) = run(
        &mut s,
        "<repl:3>",
        "game s(n) = { s(n - k) for k in {1} if k <= n }\nlet y = *2\ngrundy s(3) + y\n",
    );
    assert_eq!((lines, errors), (vec!["3".to_string()], String::new()));
}

#[test]
fn a_game_that_uses_a_failed_game_says_which() {
    let mut s = Session::default();
    let (lines, errors, _) = run(
        &mut s,
        "sheet.mex",
        "grundy t(3)\n\
         game t(n) = { s(n - 1) for k in {1} if k <= n }\n\
         game s(n) = { s(n - k) for k in {1, 2 if k <= n }\n\
         grundy *2\n",
    );
    assert_eq!(lines, ["2"]);
    // t's rule is skipped because s failed, and t(3) because t did.
    assert!(
        errors.contains("skipped: `s` has no definition"),
        "{errors}"
    );
    assert!(
        errors.contains("skipped: `t` has no definition"),
        "{errors}"
    );
    // When s fails only once checked, t is kept and a use of t says why.
    let (lines, errors, _) = run(
        &mut s,
        "sheet2.mex",
        "game u(n) = { v(n - 1) for k in {1} if k <= n }
         game v(n) = { v(n - k) for k in {1} if k <= m }
         grundy u(3)
",
    );
    assert!(lines.is_empty());
    assert!(
        errors.contains("skipped: `u` needs `v`, whose definition has an error"),
        "{errors}"
    );
}

#[test]
fn sets_read_as_their_use_needs() {
    let mut s = Session::default();
    let (lines, errors, _) = run(
        &mut s,
        "sets.mex",
        "{1, 2, 3}\n\
         let Z = {0}\n\
         mex Z\n\
         grundy Z + *1\n\
         let E = {}\n\
         mex E\n\
         grundy E\n\
         game s(n) = { s(n - k) for k in Z | {1} if k <= n and k > 0 }\n\
         sequence s 0..4\n\
         {0}\n",
    );
    assert_eq!(errors, "");
    assert_eq!(lines, ["{1, 2, 3}", "1", "0", "0", "0", "0 1 0 1", "1"]);
}

#[test]
fn a_byte_order_mark_and_crlf_line_ends_are_ignored() {
    let mut s = Session::default();
    let (lines, errors, status) = run(
        &mut s,
        "bom.mex",
        "\u{feff}game s(n) = {\r\n  s(n - k) for k in {1, 2} if k <= n\r\n}\r\nsequence s 0..4\r\ncheck grundy *5 + *1 == *4\r\n",
    );
    assert_eq!(errors, "");
    assert_eq!(status, 0);
    assert_eq!(lines, ["0 1 2 0", "ok grundy *5 + *1 == *4"]);
}

// ------------------------------------------------ `check move` on Nim sums

fn written(heaps: &[u64], stars: bool) -> String {
    if heaps.is_empty() {
        return "0".into();
    }
    heaps
        .iter()
        .map(|h| {
            if stars {
                format!("*{h}")
            } else {
                format!("nim({h})")
            }
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The positions one move from a Nim sum, as sorted heaps without zeros.
fn one_move(heaps: &[u64]) -> BTreeSet<Vec<u64>> {
    let mut out = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for m in 0..h {
            let mut next = heaps.to_vec();
            next[i] = m;
            next.retain(|&x| x != 0);
            next.sort_unstable();
            out.insert(next);
        }
    }
    out
}

fn graded(s: &mut Session, g: &[u64], h: &[u64], stars: bool) -> String {
    let src = format!("check move {} -> {}", written(g, false), written(h, stars));
    let (lines, report) = s.run_collect("p.mex", &src);
    assert!(report.errors.is_empty(), "{src}");
    lines.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every position one move away, its heaps in any order: `ok` exactly
    /// when its nim-sum is 0; a FAIL then gives its value and the moves.
    #[test]
    fn every_move_of_a_nim_sum_is_graded_by_its_value(
        g in proptest::collection::vec(0u64..7, 1..4),
        turn in 0usize..4,
        stars: bool,
    ) {
        let mut s = Session::default();
        for mut h in one_move(&g) {
            let len = h.len().max(1);
            h.rotate_left(turn % len);
            let out = graded(&mut s, &g, &h, stars);
            let value = h.iter().fold(0, |a, b| a ^ b);
            if value == 0 {
                prop_assert!(out.starts_with("ok move"), "{out}");
            } else {
                prop_assert!(out.starts_with("FAIL move"), "{out}");
                let found = format!("found a move to a position of value {value}");
                prop_assert!(out.contains(&found), "{out}");
                prop_assert!(out.contains("is one move from"), "{out}");
            }
        }
    }

    /// Any position at all: `ok` exactly when it is one move away and its
    /// nim-sum is 0; otherwise a FAIL that says which of the two it is not.
    #[test]
    fn any_position_is_graded_against_the_moves(
        g in proptest::collection::vec(0u64..6, 1..4),
        h in proptest::collection::vec(0u64..6, 0..4),
    ) {
        let mut s = Session::default();
        let out = graded(&mut s, &g, &h, false);
        let mut key: Vec<u64> = h.iter().copied().filter(|&x| x != 0).collect();
        key.sort_unstable();
        let reachable = one_move(&g).contains(&key);
        let wins = h.iter().fold(0, |a, b| a ^ b) == 0;
        prop_assert_eq!(out.starts_with("ok"), reachable && wins, "{}", out);
        if !reachable {
            prop_assert!(out.contains("found no move"), "{}", out);
        }
    }
}

#[test]
fn check_move_on_explicit_games_positions_and_aliases() {
    let mut s = Session::default();
    let defs = "game kayles = octal 0.77\n\
                game f(n) = kayles(n) + *1\n\
                game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }\n\
                game two(m, n) = { two(m, j) for j in 0..n } | { two(i, n) for i in 0..m }\n\
                game h = hex 0.8\n";
    run(&mut s, "defs.mex", defs);
    let cases = [
        ("{*1, {*1}, *2} -> {*1}", "ok"),
        (
            "{*1, {*1}, *2} -> *2",
            "found a move to a position of value 2",
        ),
        // {0, *1} is *2, written as its options
        (
            "{*1, {*1}, *2} -> {0, *1}",
            "found a move to a position of value 2",
        ),
        (
            "{*1, {*1}, *2} -> *3",
            "*3 is not one move from {*1, {*1}, *2}",
        ),
        ("kayles(5) -> kayles(2) + kayles(2)", "ok"),
        // an empty row may be written or left out
        ("kayles(5) -> kayles(0) + kayles(2) + kayles(2)", "ok"),
        (
            "kayles(5) -> kayles(3)",
            "found a move to a position of value 3",
        ),
        (
            "kayles(5) -> kayles(4) + kayles(1)",
            "kayles(5) cannot become kayles(1) + kayles(4)",
        ),
        ("kayles(6) + *2 -> *2 + kayles(1) + kayles(3)", "ok"),
        (
            "kayles(6) + *2 -> *2 + kayles(4) + kayles(1)",
            "found a move to a position of value 2",
        ),
        // an alias is the game it stands for
        (
            "f(5) -> kayles(2) + kayles(2) + *1",
            "found a move to a position of value 1",
        ),
        ("f(5) -> kayles(2) + kayles(2) + *1 + *1", "no move from"),
        ("s(10) -> s(9)", "ok"),
        (
            "s(10) -> s(8)",
            "a move takes s(10) to one of its options: s(9), s(7), s(6)",
        ),
        ("two(3, 5) -> two(3, 3)", "ok"),
        (
            "two(3, 5) -> two(2, 5)",
            "the winning move: two(3, 5) -> two(3, 3)",
        ),
        (
            "nim(4) + nim(4) -> nim(4) + nim(1)",
            "no move wins: nim(4) + nim(4) is a P-position",
        ),
        // take one, leave three heaps: the move is shown as written, heaps
        // with no moves included
        (
            "h(10) -> h(1) + h(1) + h(7)",
            "is one move from h(10) (h(10) -> h(1) + h(1) + h(7))",
        ),
        ("h(10) -> h(3) + h(3) + h(3)", "ok"),
        // a heap with too many options to list is still graded
        (
            "h(10^18) -> h(2) + h(3) + h(999999999999999994)",
            "the winning moves are not listed: h(1000000000000000000) has",
        ),
    ];
    for (check, want) in cases {
        let (lines, errors, _) = run(&mut s, "c.mex", &format!("check move {check}"));
        assert_eq!(errors, "", "{check}");
        let out = lines.join("\n");
        if want == "ok" {
            assert!(out.starts_with("ok move"), "{check}\n{out}");
        } else {
            assert!(out.starts_with("FAIL move"), "{check}\n{out}");
            assert!(out.contains(want), "{check}: want {want:?}\n{out}");
        }
    }
}

#[test]
fn checks_of_moves_and_equivalence_in_json() {
    let mut s = Session {
        format: mex::render::Format::Json,
        ..Session::default()
    };
    let (lines, report) = s.run_collect(
        "j.mex",
        "check move nim(3) + nim(5) -> nim(3) + nim(1)\ncheck equiv nim(3), *2\ncheck grundy *5 + *1 == *4\n",
    );
    assert_eq!(report.status(), 1);
    let v: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(v[0]["check"], "move");
    assert_eq!(v[0]["passed"], false);
    assert_eq!(v[0]["expected"], "nim(3) + nim(1)");
    assert_eq!(v[0]["found"], "a move to a position of value 2");
    assert_eq!(
        v[0]["why"]["lines"][1],
        "the winning move: nim(5) -> nim(3)"
    );
    assert_eq!(v[1]["check"], "equiv");
    assert_eq!(v[1]["found"]["values"], serde_json::json!([3, 2]));
    assert_eq!(v[2]["expected"], 4);
    assert_eq!(v[2]["passed"], true);
}
