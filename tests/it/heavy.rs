//! Heavy questions end by themselves: under a 3 GiB address-space cap
//! (`prlimit --as`) each program below ends with its answer (exit 0) or with
//! a diagnostic that names a limit (exit 2), never a signal, an abort or a
//! panic. No time is asserted (a loaded machine would fail it): a refusal
//! made before the work is told by the work counted before it
//! ([`crate::common::run_counted`]), and a guard kills a run only after ten
//! minutes, as a hang.

use crate::common::{errors_of, run_counted};
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CAP: &str = "--as=3221225472";
/// Not a time limit on the question: a guard against a hang, so that a
/// broken build fails instead of stalling the suite.
const WAIT: Duration = Duration::from_secs(600);

struct Ended {
    code: Option<i32>,
    out: String,
    err: String,
}

/// Runs `mex -e PROGRAM` under the cap, or directly where prlimit is missing.
fn run(program: &str) -> Ended {
    let capped = Command::new("prlimit").arg("--version").output().is_ok();
    let mut cmd = if capped {
        let mut c = Command::new("prlimit");
        c.arg(CAP).arg(env!("CARGO_BIN_EXE_mex"));
        c
    } else {
        eprintln!("prlimit is missing: running without the address-space cap");
        Command::new(env!("CARGO_BIN_EXE_mex"))
    };
    let mut child = cmd
        .args(["-e", program])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mex starts");
    let start = Instant::now();
    let (mut out, mut err) = (String::new(), String::new());
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if start.elapsed() > WAIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {WAIT:?}: {program}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = stderr.read_to_string(&mut err);
    out.push_str(&reader.join().expect("reader"));
    Ended { code, out, err }
}

/// Ends with exit 0, or with exit 2 and a diagnostic naming a `set`.
fn ends(program: &str) -> Ended {
    let e = run(program);
    assert!(
        !e.err.contains("panicked") && !e.err.contains("internal error"),
        "{program}\n{}",
        e.err
    );
    match e.code {
        Some(0) => {}
        Some(2) => assert!(
            e.err.contains("`set ") || e.err.contains("interrupted"),
            "exit 2 without naming a limit: {program}\n{}",
            e.err
        ),
        other => panic!("{program}: exit {other:?}\n{}", e.err),
    }
    e
}

#[test]
fn misere_searches_end() {
    // misère Kayles is answered by its quotient
    let e = ends("game k = octal 0.77; misere outcome k(200) + k(40) + k(41) + k(43) + k(47)");
    assert_eq!(e.code, Some(0));
    // Dawson's Kayles' quotient grows past reach: the search is refused
    // before it starts (the quotient is tried to a few dozen heaps, no
    // position of the search is visited)
    for program in [
        "game d = octal 0.07; misere outcome d(200)",
        "game d = octal 0.07; misere outcome d(40) + d(41) + d(43) + d(47)",
    ] {
        let e = ends(program);
        assert_eq!(e.code, Some(2), "{program}: {}", e.out);
        assert!(e.err.contains("`set positions"), "{program}: {}", e.err);
        assert!(e.err.contains("misère quotient"), "{program}: {}", e.err);
        let (_, report, work, s) = run_counted(program);
        let said = errors_of(&s, &report);
        assert!(said.contains("could visit up to"), "{program}: {said}");
        assert!(
            work.done <= 64 && work.iterations == 0,
            "{program}: {work:?}"
        );
    }
    // answered at once: {*1} plays like 0, and Bouton's rule
    let e = ends("misere outcome nim(100000) + {*1}");
    assert_eq!(e.out, "N (the next player wins)\n");
    // every heap of subtraction {1, 2, 5} plays like *(n mod 3)
    let e = ends(
        "game s = subtraction {1, 2, 5}; \
         misere outcome s(30) + s(31) + s(32) + s(33) + s(34) + s(35) + s(36)",
    );
    assert_eq!(e.out, "P (the previous player wins)\n");
}

#[test]
fn move_lists_end() {
    ends("game h = hex 0.8; explain h(30000)");
    ends("game h = hex 0.8; moves h(30000) + h(29999)");
}

#[test]
fn memo_tables_end() {
    // recognized as subtraction {1}: the proven period answers at once
    let e = ends(
        "set positions 100000000000; game f(n) = { f(n - 1) for k in {1} if k <= n }; \
         grundy f(50000000000)",
    );
    assert_eq!(e.out.trim(), "0", "{}", e.err);
    // a rule no family has: refused once its memory passes the limit
    let e = ends(
        "set positions 100000000000; set work 1000000000000000; \
         game f(n) = { f(n - 1) + nim(0) for k in {1} if k <= n }; \
         grundy f(50000000000)",
    );
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("`set memory"), "{}", e.err);
    let e = ends("game f(n) = { f(n / 2) for k in {1} if k <= n }; grundy f(18446744073709551615)");
    assert_eq!(e.code, Some(0), "{}", e.err);
    assert_eq!(e.out.trim(), "0");
    let e = ends("game f(n) = { f(n / 2) for k in {1} if k <= n }; grundy f(19999999)");
    assert_eq!(e.out.trim(), "1", "{}", e.err);
    let e = ends("mex { x for x in 0..10000000000 }");
    assert_eq!(e.code, Some(2));
    // past the options limit, the memory limit stops it
    let e = ends("set options 100000000000; mex { x for x in 0..10000000000 }");
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("`set memory"), "{}", e.err);
}

#[test]
fn output_ends() {
    ends("game k = octal 0.77; sequence k 0..1000000000000");
    ends(
        "game two(m, n) = { two(m, j) for j in 0..n } | { two(i, n) for i in 0..m }; \
         table two 0..100000 0..100000",
    );
}

#[test]
fn hex_three_heap_tables_end() {
    ends("game h = hex 0.8; period h");
    ends("game h = hex 0.8; grundy h(100000)");
}

#[test]
fn raising_a_limit_keeps_the_period_shortcut() {
    let e = ends("set heap 10000000000; game k = octal 0.77; grundy k(5000000000)");
    assert_eq!(e.out.trim(), "1", "{}", e.err);
}

#[test]
fn the_loop_diagnostic_quotes_its_own_source() {
    let e = run("game a(n) = { b(n) }; game b(n) = { a(n) }; sequence a 4..5");
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("game a(n)"), "{}", e.err);
}

#[test]
fn hostile_shapes_end_with_a_diagnostic() {
    // an explicit game too large for memory: refused, not aborted
    let e = ends("grundy {*1 for k in 0..99999999}");
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("`set memory"), "{}", e.err);
    // doubling lets: a sum of 2^25 games is refused by the positions limit
    let mut lets = String::from("let g0 = *1\n");
    for i in 1..40 {
        lets += &format!("let g{i} = g{} + g{}\n", i - 1, i - 1);
    }
    lets += "check grundy g39 == 0\n";
    let e = ends(&lets);
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("a sum of"), "{}", e.err);
    // a subtraction set with a huge move: only observed, within the limits
    for set in ["{10^9}", "{18446744073709551615}"] {
        let e = ends(&format!("game s = subtraction {set}; period s"));
        assert_eq!(e.code, Some(0), "{}", e.err);
        assert!(e.out.contains("observed"), "{}", e.out);
    }
    let e = ends("set memory 1000; game s = subtraction {10^9}; period s");
    assert_eq!(e.code, Some(0), "{}", e.err);
}

#[test]
fn default_limits_end_with_an_answer_or_a_refusal() {
    // a hexadecimal code with no period found: the search stops at the
    // work the heap limit allows
    let e = ends("game h = hex 0.9; period h");
    assert!(e.out.contains("no period observed"), "{}", e.out);
    assert!(e.out.contains("`set work N`"), "{}", e.out);
    // a rule written out whose work is estimated before it starts
    let e = ends(
        "game f(n) = { f(a) + f(b) for a in 0..n for b in 0..n if a + b < n }; grundy f(3000)",
    );
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("`set work"), "{}", e.err);
    // refused up front: the estimate ran the rule at a few positions, a
    // small part of the 5 * 10^8 iterations the limit allows
    let (_, _, work, _) = run_counted(
        "game f(n) = { f(a) + f(b) for a in 0..n for b in 0..n if a + b < n }; grundy f(3000)",
    );
    assert!(
        work.iterations < 50_000_000,
        "not refused up front: {work:?}"
    );
    // ... or counted as it runs, one position after another
    let dir = tempfile::tempdir().expect("a temp dir");
    let svg = dir.path().join("h.svg");
    let e = ends(&format!(
        "game two(m, n) = {{ two(m, j) for j in 0..n }} | {{ two(i, n) for i in 0..m }}\n\
         plot two 0..3000 0..3000 to {:?}",
        svg.display().to_string()
    ));
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("`set work"), "{}", e.err);
    // a loopy game whose cycle is millions of positions long: its graph is
    // refused by the work it would take
    let e = ends("game g(n) = { g((n + 1) % 5000000) }; grundy g(0)");
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("`set work"), "{}", e.err);
    // positions that grow without end are named so, with no limit to raise
    let e = run("game up(n) = { up(n + 1) }; grundy up(0)");
    assert_eq!(e.code, Some(2));
    assert!(e.err.contains("grow without end"), "{}", e.err);
    assert!(!e.err.contains("`set "), "{}", e.err);
}

/// Runs `mex -e PROGRAM` under an address-space cap of `cap` bytes.
fn run_under(cap: u64, program: &str) -> std::process::Output {
    let capped = Command::new("prlimit").arg("--version").output().is_ok();
    assert!(capped, "prlimit (util-linux) is needed for this test");
    Command::new("prlimit")
        .arg(format!("--as={cap}"))
        .arg(env!("CARGO_BIN_EXE_mex"))
        .args(["-e", program])
        .env("NO_COLOR", "1")
        .output()
        .expect("mex runs")
}

#[test]
fn refusals_come_before_the_work_they_save() {
    // 10^8 options of an explicit set: counted, not built, then refused by
    // the memory they would take ...
    let (_, report, work, s) = run_counted("set memory 1000; grundy {*1 for k in 0..99999999}");
    let said = errors_of(&s, &report);
    assert!(
        said.contains("the options of a game") && said.contains("`set memory"),
        "{said}"
    );
    assert!(said.contains("counted before any was built"), "{said}");
    // counted on (cheaply) only as far as the work of building them could go:
    // a ninth of `set work`
    assert!(work.iterations <= 500_000_000 / 9 + 4096, "{work:?}");
    // ... or, with the memory allowed, by the work of building them, before
    // a byte of them is taken (under a cap of 1 GiB that the options would
    // pass many times over)
    let o = run_under(
        1 << 30,
        "set memory 100000; grundy {*1 for k in 0..99999999}",
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("building the options of a game") && err.contains("`set work"),
        "{err}"
    );
    // a rule whose moves go down by a few at a time: w(10^9) would keep
    // hundreds of millions of positions; refused at once, in its own words
    let (_, report, work, s) = run_counted(
        "game w(n) = { w(n - k) for k in {1, 3, 4} if k <= n and n % 7 != k }; grundy w(10^9)",
    );
    let said = errors_of(&s, &report);
    assert!(
        said.contains("working out w(1000000000) would keep"),
        "{said}"
    );
    assert!(said.contains("`set positions"), "{said}");
    assert!(!said.contains("ever larger"), "{said}");
    assert!(work.iterations < 1_000_000 && work.done == 0, "{work:?}");
    // with the positions allowed, the memory they would take refuses it
    let (_, report, work, s) = run_counted(
        "set positions 100000000000; set work 1000000000000000; \
         game f(n) = { f(n - 1) + nim(0) for k in {1} if k <= n }; grundy f(50000000000)",
    );
    let said = errors_of(&s, &report);
    assert!(
        said.contains("working out f(50000000000)") && said.contains("`set memory"),
        "{said}"
    );
    assert!(work.iterations < 1_000_000 && work.done == 0, "{work:?}");
    // a rule that halves its position reaches few positions: answered
    let (lines, report, _, _) =
        run_counted("game f(n) = { f(n / 2) for k in {1} if k <= n }; grundy f(10^18)");
    assert!(report.errors.is_empty());
    assert_eq!(lines, ["0"]);
}

#[test]
fn a_position_with_too_many_options_to_list_is_refused_before_holding_them() {
    // the options of t(100000) take 5 * 10^9 loop iterations to list, and
    // would be 8 * 10^8 sums held: the estimate meets `set options` while
    // it counts, holding none of them
    let e = ends(
        "game t(n) = { t(a) + t(b) + t(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }; grundy t(100000)",
    );
    assert_eq!(e.code, Some(2), "{}", e.out);
    assert!(
        e.err.contains("listing the options of t(100000) takes more than 100000000 loop iterations"),
        "{}",
        e.err
    );
    assert!(e.err.contains("`set options N` raises the limit"), "{}", e.err);
}

#[test]
fn canonical_forms_past_the_limits_are_refused_within_the_cap() {
    // `*100000` alone would be 5 * 10^9 option ids: refused before it is
    // built; a form too long to write is refused with `set output`, or
    // with `set memory` where its text and copies would pass the memory
    // limit first (with `set output` raised it once aborted, out of memory)
    for (program, says) in [
        ("misere canonical nim(100000)", "`set work"),
        ("misere canonical nim(3000) + nim(3000)", "`set work"),
        ("misere canonical nim(30) + {*2}", "`set output"),
        (
            "set output 10000000000; set memory 256; misere canonical nim(30) + {*2}",
            "`set memory",
        ),
    ] {
        let e = ends(program);
        assert_eq!(e.code, Some(2), "{program}: {}", e.out);
        assert!(e.err.contains(says), "{program}: {}", e.err);
    }
}
