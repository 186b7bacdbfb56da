//! Loopy games in the language: rules whose positions repeat are answered
//! with generalized Sprague–Grundy values (the labelling itself is tested
//! in `engine::loopy` against retrograde analysis and the definition).

use crate::common::{mex_cmd, run_ok};

const SELF_LOOP: &str = "game h(n) = { h(n) } | { nim(0) for k in {1} if n == 0 }";
const CYCLE: &str = "game g(n) = { g((n + 1) % 5) }";
/// a 3-cycle c(0) -> c(1) -> c(2) -> c(0) with an exit c(2) -> *1
const EXIT: &str = "game c(n) = { c((n + 1) % 3) } | { nim(1) for k in {1} if n == 2 }";

#[test]
fn the_textbook_examples() {
    let lines = run_ok(&format!(
        "{CYCLE}\n{SELF_LOOP}\n{EXIT}\n\
         grundy g(0)\noutcome g(0)\n\
         grundy h(0)\noutcome h(0)\ngrundy h(1)\n\
         grundy c(2)\ngrundy c(0)\noutcome c(2)"
    ));
    assert_eq!(
        lines,
        [
            "∞{}",
            "D (a draw: neither player can force a win)",
            "∞{0}",
            "N (the next player wins)",
            "∞{}",
            "∞{1}",
            "∞{}",
            "D (a draw: neither player can force a win)",
        ]
    );
}

#[test]
fn an_infinite_option_that_reverses_is_no_obstacle() {
    // r's only move is to h(0) = ∞{0}, which moves on to 0: r is a loss
    let lines = run_ok(&format!(
        "{SELF_LOOP}\ngame r(n) = {{ h(0) }}\ngrundy r(0)\noutcome r(0)\nmoves r(0)"
    ));
    assert_eq!(lines[0], "0");
    assert!(lines[1].starts_with('P'));
    assert!(lines[2].starts_with("none"), "{lines:?}");
}

#[test]
fn sums_follow_the_generalized_values() {
    let lines = run_ok(&format!(
        "{SELF_LOOP}\n{CYCLE}\n\
         outcome h(0) + *0\noutcome h(0) + *1\ngrundy h(0) + *1\n\
         outcome g(0) + g(1)\noutcome g(0) + *3\ngrundy h(0) + *3 + *3"
    ));
    assert_eq!(
        lines,
        [
            "N (the next player wins)",
            "D (a draw: neither player can force a win)",
            "∞{1}",
            "D (a draw: neither player can force a win)",
            "D (a draw: neither player can force a win)",
            "∞{0}",
        ]
    );
}

#[test]
fn moves_checks_explain_and_json() {
    let lines = run_ok(&format!(
        "{SELF_LOOP}\n{CYCLE}\nmoves h(0)\nmoves g(0)\n\
         check outcome g(0) == D\ncheck outcome h(0) == N\nexplain h(0)"
    ));
    assert_eq!(lines[0], "h(0) -> nim(0)");
    assert_eq!(lines[1], "g(0) -> g(1) (keeps the draw: ∞{})");
    assert_eq!(lines[2], "ok outcome g(0) == D");
    assert_eq!(lines[3], "ok outcome h(0) == N");
    assert!(lines[4].contains("∞{0}"), "{lines:?}");
    let out = mex_cmd(
        &[
            "--format",
            "json",
            "-e",
            &format!("{SELF_LOOP}; grundy h(0); outcome h(0) + *1; check grundy h(0) == 0"),
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let json: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(json[0]["value"], "inf");
    assert_eq!(json[0]["finite"], serde_json::json!([0]));
    assert_eq!(json[1]["outcome"], "D");
    assert_eq!(json[2]["passed"], false);
    assert_eq!(json[2]["found"], "∞{0}");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn what_needs_a_game_that_ends_still_says_so() {
    // a sequence needs values of games that end; positions without end
    // are refused
    let out = mex_cmd(&["-e", &format!("{CYCLE}\nsequence g 0..3")], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("loopy game"));
    let out = mex_cmd(&["-e", "game a(n) = { a(n + 1) }\ngrundy a(0)"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("grow without end"));
}

#[test]
fn a_graph_of_a_hundred_thousand_positions() {
    // every position moves to two others: n -> 3n + 1 and n -> n + 7 (mod N)
    let lines = run_ok(
        "game w(n) = { w((3 * n + 1) % 100000), w((n + 7) % 100000) } | { nim(0) for k in {1} if n % 10 == 0 }\n\
         outcome w(1)",
    );
    assert_eq!(lines.len(), 1);
}
