//! Each limit means one thing, whatever was asked before: `set heap` is
//! the largest heap whose value a question computes, `set period` the
//! largest `period` searches (by default the heap limit), `set work` the
//! work of one question, `set memory` the memory. A question's answer never
//! depends on what the session asked before it.

use crate::common::{errors_of, run_counted};
use mex::session::Session;

/// What a source prints and its diagnostics, run in a fresh session.
fn said(source: &str) -> (Vec<String>, String) {
    let (lines, report, _, s) = run_counted(source);
    (lines, errors_of(&s, &report))
}

/// The answer of the last statement of `source` (its last line printed).
fn last_line(source: &str) -> String {
    let (lines, errors) = said(source);
    assert!(errors.is_empty(), "{source}\n{errors}");
    lines.last().cloned().unwrap_or_default()
}

#[test]
fn set_period_bounds_the_search_the_same_way_at_every_value() {
    // 0.16's proof needs the values up to 509,621
    let proven = last_line("game g = octal 0.16; period g");
    assert!(
        proven.contains("proven by the octal periodicity theorem"),
        "{proven}"
    );
    assert!(proven.contains("509621"), "{proven}");
    // the default of `set period` is the heap limit: naming it changes nothing
    assert_eq!(
        last_line("set period 10000000; game g = octal 0.16; period g"),
        proven
    );
    // 100000 and 100001 (the old default and one more) both stop there
    for limit in [100_000u64, 100_001, 200_000] {
        let out = last_line(&format!(
            "set period {limit}; game g = octal 0.16; period g"
        ));
        assert!(
            out.contains(&format!("up to n = {limit} ")) && out.contains("`set period N`"),
            "set period {limit}: {out}"
        );
    }
    // past the proof, more changes nothing
    assert_eq!(
        last_line("set period 600000; game g = octal 0.16; period g"),
        proven
    );
}

#[test]
fn set_heap_is_the_largest_heap_for_every_question() {
    // `period` searches no further than the heap limit ...
    let (lines, errors) =
        said("set heap 200000; game g = octal 0.16; period g; grundy g(200000); grundy g(300000)");
    assert!(lines[0].contains("up to n = 200000"), "{lines:?}");
    assert!(!lines[0].contains("proven by"), "{lines:?}");
    // ... and `grundy` answers up to it and refuses past it
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        errors.contains("g(300000) is past the heap limit of 200000"),
        "{errors}"
    );
    assert!(errors.contains("`set heap 300000`"), "{errors}");
    // with `set period` past the heap limit, the search goes on and the
    // period it proves answers every heap
    let (lines, errors) =
        said("set heap 200000; set period 600000; game g = octal 0.16; period g; grundy g(300000)");
    assert!(errors.is_empty(), "{errors}");
    assert!(lines[0].contains("proven"), "{lines:?}");
    assert_eq!(lines.len(), 2);
}

#[test]
fn work_past_the_limit_names_set_work_not_set_heap() {
    // a heap within a raised heap limit whose table is too much work
    let (_, errors) = said("set heap 100000000; game g = octal 0.6; grundy g(16777216)");
    assert!(errors.contains("`set work "), "{errors}");
    assert!(!errors.contains("`set heap"), "{errors}");
    // a period search that runs out of work says so, with the heap it reached
    let out = last_line("set work 20000000; game g = octal 0.6; period g");
    assert!(out.contains("no period observed up to n = "), "{out}");
    assert!(out.contains("`set work N` lets it look further"), "{out}");
}

/// The answer of `question` in a fresh session, and after each of `before`.
fn same_after(setup: &str, question: &str, before: &[&str]) {
    let alone = last_line(&format!("{setup}; {question}"));
    // a search that stopped at a limit, not one that found its answer early
    assert!(
        alone.contains("`set work N` lets it look further"),
        "{alone}"
    );
    for b in before {
        let mut s = Session::default();
        let (_, _) = s.run_collect("<before>", &format!("{setup}; {b}"));
        let (lines, report) = s.run_collect("<after>", question);
        assert!(report.errors.is_empty(), "{question} after {b}");
        assert_eq!(lines.last(), Some(&alone), "{question} after `{b}`");
    }
}

#[test]
fn a_period_search_answers_the_same_whatever_was_asked_before() {
    // a code with no period in reach: the search stops where its work,
    // counted from heap 0, would pass the limit, however far the table
    // had been taken (on one thread the work counted is exact)
    same_after(
        "set threads 1; game g = octal 0.14",
        "set work 30000000; period g",
        &[
            "grundy g(200000)",
            "set work 1000000000; grundy g(1000000)",
            "grundy g(50000000)",
            "set work 30000000; period g",
        ],
    );
    // on the threads the process may use, as by default
    same_after(
        "game g = octal 0.6",
        "set work 30000000; period g",
        &["grundy g(100000)", "set work 1000000000; grundy g(600000)"],
    );
    // a rule written out, searched by the estimate of its work from nothing
    same_after(
        "game t(n) = { t(n - k) for k in 1..=n if k * k <= n }",
        "set work 2000000; period t",
        &["grundy t(40)", "set work 100000000; grundy t(30000)"],
    );
}

#[test]
fn the_limits_show_what_bounds_what() {
    let mut s = Session::default();
    assert_eq!(s.store.limits.period_limit(), s.store.limits.heap);
    let (_, report) = s.run_collect("<t>", "set heap 5000");
    assert!(report.errors.is_empty());
    // `set period` follows the heap limit until it is set
    assert_eq!(s.store.limits.period_limit(), 5000);
    let (_, report) = s.run_collect("<t>", "set period 7000");
    assert!(report.errors.is_empty());
    assert_eq!(s.store.limits.period_limit(), 7000);
}
