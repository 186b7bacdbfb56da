//! Heavy questions end by themselves under a 3 GiB address-space cap, with
//! the answer or a diagnostic naming a limit (exit 2), never a signal:
//! deep chains, far-apart positions, huge sets of integers. Run under
//! `prlimit --as` and `timeout` where they are installed.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

const CAP: &str = "--as=3221225472";

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs `mex -e PROGRAM` under the cap (when prlimit is there) and a 60 s
/// timeout (when timeout is there); returns the output and the time taken.
fn capped(program: &str) -> (Output, Duration) {
    let mex = env!("CARGO_BIN_EXE_mex");
    let mut cmd = if have("timeout") {
        let mut c = Command::new("timeout");
        c.arg("60");
        c
    } else {
        Command::new("env")
    };
    if have("prlimit") {
        cmd.args(["prlimit", CAP]);
    }
    cmd.args([mex, "-e", program]).env("NO_COLOR", "1");
    let start = Instant::now();
    let out = cmd.output().expect("mex runs");
    (out, start.elapsed())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Ended by itself: the answer (exit 0) or a limit (exit 2, naming `set`).
fn ended(program: &str, answer: Option<&str>) -> Output {
    let (out, took) = capped(program);
    let code = out.status.code();
    assert!(
        code == Some(0) || code == Some(2),
        "{program}: status {:?} after {took:?}\n{}",
        out.status,
        text(&out.stderr)
    );
    if code == Some(2) {
        assert!(
            text(&out.stderr).contains("`set "),
            "{program}: {}",
            text(&out.stderr)
        );
    } else if let Some(a) = answer {
        assert_eq!(text(&out.stdout).trim(), a, "{program}");
    }
    out
}

#[test]
fn a_long_chain_is_answered_or_refused() {
    // recognized: subtraction {1}, answered from its proven period
    let out = ended(
        "set positions 100000000000; game f(n) = { f(n - 1) for k in {1} if k <= n }; grundy f(50000000000)",
        Some("0"),
    );
    assert_eq!(out.status.code(), Some(0));
    // a rule no family has: refused once its memory passes the limit
    let out = ended(
        "set positions 100000000000; game f(n) = { f(n - 1) + nim(0) for k in {1} if k <= n }; grundy f(50000000000)",
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("`set memory"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn far_apart_positions_are_answered() {
    let out = ended(
        "game f(n) = { f(n / 2) for k in {1} if k <= n }; grundy f(18446744073709551615); grundy f(19999999)",
        None,
    );
    assert_eq!(text(&out.stdout), "0\n1\n");
}

#[test]
fn a_huge_set_of_integers_is_refused() {
    let out = ended("mex { x for x in 0..10000000000 }", None);
    assert_eq!(out.status.code(), Some(2));
    // past the options limit, the memory limit stops it
    let out = ended(
        "set options 100000000000; mex { x for x in 0..10000000000 }",
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("`set memory"),
        "{}",
        text(&out.stderr)
    );
}
