//! The evaluator as a session sees it: errors, interruptions, limits,
//! memory, and what a redefinition drops.
use crate::session::Session;

fn run(s: &mut Session, src: &str) -> (Vec<String>, Vec<String>) {
    let (lines, report) = s.run_collect("t", src);
    (
        lines,
        report.errors.iter().map(|d| d.message.clone()).collect(),
    )
}

#[test]
fn a_failed_evaluation_leaves_no_half_done_positions() {
    let mut s = Session::default();
    let (_, errs) = run(&mut s, "game f(n) = { f(n - 1) }\ngrundy f(5)");
    assert!(errs[0].contains("below zero"), "{errs:?}");
    // Asking again must report the same error, not a false cycle through
    // positions left marked as in progress.
    let (_, errs) = run(&mut s, "grundy f(3)");
    assert!(errs[0].contains("below zero"), "{errs:?}");
}

use crate::engine::StopAfter;

#[test]
fn an_interrupted_evaluation_can_be_resumed() {
    let mut s = Session::new(Box::new(StopAfter(3)));
    // `+ nim(0)`: no family's rule, so the rule runs as written
    let src =
        "game gg(n) = { gg(a) + gg(n - a) + nim(0) for a in 1..n if a < n - a }\ngrundy gg(600)";
    let (lines, report) = s.run_collect("t", src);
    assert!(report.interrupted && lines.is_empty());
    s.store.ticker.watch = Box::new(crate::engine::Quiet);
    let (lines, errs) = run(&mut s, "grundy gg(600)\ngrundy gg(10)");
    assert!(errs.is_empty(), "{errs:?}");
    // Grundy's game from its dense table, computed independently.
    let (want, _) = run(&mut s, "game g = grundy\ngrundy g(600)\ngrundy g(10)");
    assert_eq!(lines, want);
    assert_eq!(lines[1], "0"); // A002188: G(10) = 0
}

#[test]
fn the_position_limit_is_a_diagnostic() {
    let mut s = Session::default();
    let (_, errs) = run(
        &mut s,
        "set positions 100\ngame d(n) = { d(n - 1) + nim(0) for k in {1} if k <= n }\ngrundy d(1000)",
    );
    assert!(errs[0].contains("too many positions"), "{errs:?}");
    let (lines, errs) = run(&mut s, "set positions 2000\ngrundy d(1000)");
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines, ["0"]);
}

#[test]
fn a_redefinition_drops_only_what_depends_on_it() {
    let mut s = Session::default();
    let (lines, errs) = run(
        &mut s,
        "game k = octal 0.6\ngame b(n) = nim(n)\ngame a(n) = b(n) + *1\n\
         game c(n) = { a(j) for j in 0..n } | { nim(0) }\n\
         game u(m, n) = { u(m - i, n) for i in 1..=m }\n\
         grundy k(5000)\ngrundy a(3)\ngrundy c(4)\ngrundy u(30, 30)",
    );
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines[1..], ["2", "4", "30"]);
    let (k, b, a, c, u) = (0, 1, 2, 3, 4);
    let table = s.store.families.lookup(k, 5000);
    assert!(table.is_some());
    let held_u = s.store.memo_len(u);
    assert!(held_u > 0 && s.store.memo_len(a) > 0 && s.store.memo_len(c) > 0);
    // b changes: a uses it, c uses a; k and u do not
    let (lines, errs) = run(&mut s, "game b(n) = nim(n + 1)\ngrundy a(3)");
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines, ["5"]);
    assert_eq!(s.store.memo_len(c), 0);
    assert_eq!(s.store.memo_len(b), 1); // b(3), worked out afresh
    assert_eq!(s.store.memo_len(u), held_u);
    assert_eq!(s.store.families.lookup(k, 5000), table);
    let (lines, _) = run(&mut s, "grundy c(4)");
    // c(4): options a(0..4) = 1^1.. = b(j) + 1 = j + 2 (xor 1), and 0
    let want: Vec<u64> = (0..4u64).map(|j| (j + 1) ^ 1).chain([0]).collect();
    let mex = (0..).find(|x| !want.contains(x)).unwrap();
    assert_eq!(lines, [mex.to_string()]);
    // redefining the family game itself drops its table
    run(&mut s, "game k = octal 0.7");
    assert_eq!(s.store.families.lookup(k, 5000), None);
    // positions count what is held
    let total: u64 = (0..5).map(|g| s.store.memo_len(g)).sum();
    assert_eq!(s.store.positions, total);
}

#[test]
fn far_apart_positions_take_little_memory() {
    let mut s = Session::default();
    let (lines, errs) = run(
        &mut s,
        "game f(n) = { f(n / 2) for k in {1} if k <= n }\n\
         grundy f(19999999)\ngrundy f(18446744073709551615)",
    );
    assert!(errs.is_empty(), "{errs:?}");
    // f(n) alternates with the number of halvings down to 0
    assert_eq!(lines, ["1", "0"]);
    assert!(s.store.memo_len(0) <= 90);
    assert!(s.store.memo_bytes() < 64 * 1024, "{}", s.store.memo_bytes());
}

#[test]
fn a_chain_past_the_memory_limit_is_refused() {
    let mut s = Session::default();
    // `+ nim(0)`: no family's rule; the chain is 10^11 deep
    let (_, errs) = run(
        &mut s,
        "set memory 64\nset positions 100000000000\nset work 1000000000000000\n\
         game f(n) = { f(n - 1) + nim(0) for k in {1} if k <= n }\ngrundy f(100000000000)",
    );
    // refused before the work, from the chain's length
    assert!(
        errs[0].contains("working out f(100000000000)")
            && errs[0].contains("past the limit of 64 MiB"),
        "{errs:?}"
    );
    // nothing is left half-done, and smaller questions still work
    let (lines, errs) = run(&mut s, "set memory 1024\ngrundy f(1000)");
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines, ["0"]);
}

#[test]
fn a_cycle_through_two_games_names_its_positions() {
    let mut s = Session::default();
    let (_, report) = s.run_collect(
        "t",
        // a sequence needs values of games that end (`grundy` would answer ∞)
        "game a(n) = { b(n + 1) }\ngame b(n) = { a(n - 1) for k in {1} if k <= n }\nsequence a 3..4",
    );
    let d = &report.errors[0];
    assert!(d.message.contains("loopy"), "{d:?}");
    assert!(
        d.notes.iter().any(|n| n.contains("a(3) -> b(4) -> a(3)")),
        "{:?}",
        d.notes
    );
}

#[test]
fn every_long_loop_ticks_the_watch() {
    for src in [
        // one position with many options, in the tight loop and the other
        "game f(n) = { f(j) for j in 0..n }\ngame g(n) = { g(n / 2) + nim(j) for j in 0..n }\ngrundy g(1000000000)",
        "game w(m, n) = { w(m - k, n) for k in 1..=m } | { w(m, n - k) for k in 1..=n }\ngrundy w(3000, 3000)",
        // a set of integers built element by element
        "mex { x for x in 0..1000000000 }",
        // values read from a family table, over and over
        "game k = octal 0.77\ngame s(n) = { k(a) + nim(0) for a in 0..1000000000 }\ngrundy s(1)",
    ] {
        let mut s = Session::new(Box::new(crate::engine::StopAfter(5)));
        // past the work limit too: the watch ends them first
        let src = format!("set work 1000000000000000\n{src}");
        let (_, report) = s.run_collect("t", &src);
        assert!(report.interrupted, "{src}: {:?}", report.errors);
    }
}
