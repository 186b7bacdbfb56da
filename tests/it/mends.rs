//! Rough edges found by trying the product as a new user and as a hostile
//! one would: each test failed before its mend.

use crate::common::{mex_cmd, run_ok};
use mex::session::Session;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn ranges_may_end_at_the_top_of_u64() {
    let lines = run_ok(
        "game s = subtraction {1}\n\
         sequence s 18446744073709551613..=18446744073709551615\n\
         game k = octal 0.77\n\
         sequence k 18446744073709551615..=18446744073709551615",
    );
    assert_eq!(lines, ["1 0 1", "8"]);
    let lines = run_ok("table nimsum 18446744073709551614..=18446744073709551615 0..2");
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[3].starts_with("18446744073709551615 | 18446744073709551615 18446744073709551614")
    );
}

#[test]
fn a_set_builder_of_integers_is_a_set() {
    assert_eq!(
        run_ok("let s = {k for k in 1..4}; mex s; s"),
        ["0", "{1, 2, 3}"]
    );
    assert_eq!(run_ok("let s = {2 * k for k in 0..3}; mex s"), ["1"]);
}

#[test]
fn xor_and_nimsum_of_integers() {
    assert_eq!(run_ok("6 xor 12 xor 9"), ["3"]);
    assert_eq!(run_ok("nimsum(6, 12, 9)"), ["3"]);
    assert_eq!(
        run_ok("nimsum(5)\nnimsum()\ngrundy *(6 xor 12) + *9"),
        ["5", "0", "3"]
    );
    // xor is looser than +: 1 + 2 xor 3 is 3 xor 3
    assert_eq!(run_ok("1 + 2 xor 3"), ["0"]);
    let out = mex_cmd(&["-e", "grundy 6 xor 12"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`xor` combines integers"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn moves_of_a_rule_leave_out_heaps_with_no_moves() {
    let rule = "game kayles(n) = { kayles(a) + kayles(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }";
    let family = run_ok("game kayles = octal 0.77\nmoves kayles(5) + nim(3)");
    let written = run_ok(&format!("{rule}\nmoves kayles(5) + nim(3)"));
    assert_eq!(written, family);
    assert_eq!(
        written,
        [
            "kayles(5) -> kayles(3)",
            "kayles(5) -> kayles(1) + kayles(2)"
        ]
    );
    // a single part stays as written
    assert_eq!(
        run_ok("game f(n) = {f(j) for j in 0..n}\nmoves f(1)"),
        ["f(1) -> f(0)"]
    );
}

#[test]
fn limits_of_zero_are_refused_and_memory_messages_add_up() {
    for setting in ["memory", "output", "positions", "work"] {
        let mut s = Session::default();
        let (_, report) = s.run_collect("t", &format!("set {setting} 0"));
        assert_eq!(report.errors.len(), 1, "set {setting} 0");
        assert!(report.errors[0].message.contains("a limit of 0"));
    }
    let out = mex_cmd(
        &["-e", "set memory 10; let a = {k for k in 0..10000000}"],
        b"",
    );
    let err = stderr(&out);
    assert!(
        err.contains("grew past the memory limit of 10 MiB"),
        "{err}"
    );
    assert!(!err.contains("bytes of memory, past the limit"), "{err}");
}

#[test]
fn many_errors_are_reported_in_linear_time() {
    let text = "}\n".repeat(100_000);
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("braces.mex");
    std::fs::write(&path, text).expect("written");
    // (quadratic reporting took over a minute; no time is asserted here)
    let out = mex_cmd(&[path.to_str().expect("utf-8")], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).matches("nothing is open here").count(),
        100_000
    );
}

#[test]
fn a_statement_too_deep_is_one_error() {
    let deep = format!("{}1{}", "(".repeat(300), ")".repeat(300));
    let src =
        format!("check grundy *1 == 1\ngrundy nim({deep}); grundy *2\ncheck grundy *3 == 3\n");
    let out = mex_cmd(&["-e", &src], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out),
        "ok grundy *1 == 1\n2\nok grundy *3 == 3\n2 of 2 checks passed; 1 error was reported\n"
    );
    assert_eq!(stderr(&out).matches("nested too deeply").count(), 1);
}

#[test]
fn line_breaks_of_every_kind_and_nul_bytes() {
    let out = mex_cmd(&["-"], b"check grundy *2 == 2\r\rgrundy *3\rgrundy foo\r");
    assert_eq!(
        stdout(&out),
        "ok grundy *2 == 2\n3\n1 of 1 check passed; 1 error was reported\n"
    );
    assert!(stderr(&out).contains(":4:8"), "{}", stderr(&out));
    let out = mex_cmd(&["-"], b"grundy *3\n\0");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("NUL byte"), "{}", stderr(&out));
}

#[test]
fn a_long_union_is_flat() {
    // 600,000 alternatives overflowed the stack of the checker
    let alternatives = vec!["{}"; 600_000].join(" | ");
    let lines = run_ok(&format!("game g = {alternatives}\ngrundy g + *1"));
    assert_eq!(lines, ["1"]);
}

#[test]
fn a_cascade_of_skipped_statements_is_one_diagnostic_past_a_hundred() {
    // one error, then 20,000 `let`s each needing the one before
    let mut src = String::from("let a0 = nim(0 - 1)\n");
    for i in 1..=20_000 {
        src += &format!("let a{i} = a{} + *1\n", i - 1);
    }
    src += "grundy *3\n";
    let out = mex_cmd(&["-"], src.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "3\n");
    let err = stderr(&out);
    // the error, the first hundred skips, and one line for the rest
    assert_eq!(
        err.matches("Error: ").count(),
        102,
        "{}",
        &err[..err.len().min(2000)]
    );
    assert!(
        err.contains("19900 more statements were skipped"),
        "{}",
        &err[err.len().saturating_sub(2000)..]
    );
}

#[test]
fn a_report_keeps_a_bounded_number_of_diagnostics() {
    let src = "grundy nim(-1)\n".repeat(12_000);
    let (_, report) = Session::default().run_collect("<t>", &src);
    assert_eq!(report.errors.len(), mex::session::KEPT);
    assert_eq!(report.errors.len() + report.errors_not_kept, 12_000);
    assert_eq!(report.summary().errors, 12_000);
    assert_eq!(report.status(), 2);
}
