//! Conditions folded into ranges keep their meaning, and fail, or do not,
//! exactly where the conditions would.

use crate::session::Session;

fn run(src: &str) -> Result<String, String> {
    let mut s = Session::default();
    let (lines, report) = s.run_collect("t", src);
    match report.errors.first() {
        Some(d) => Err(d.message.clone()),
        None => Ok(lines.join(" ")),
    }
}

#[test]
fn bounds_fold_into_ranges() {
    // 2 and 3, shifted down to 0 and 1
    let two = Ok("2".to_string());
    assert_eq!(run("mex { x - 2 for x in 0..10 if x > 1 and x <= 3 }"), two);
    assert_eq!(run("mex { x - 2 for x in 0..10 if 1 < x and 3 >= x }"), two);
    assert_eq!(run("mex { x - 2 for x in 0..10 if x >= 2 if 4 > x }"), two);
    assert_eq!(run("mex { x for x in 0..10 if x < 0 }"), Ok("0".into()));
    let top = "mex { x - 18446744073709551615 for x in 0..=18446744073709551615 if x > 18446744073709551614 }";
    assert_eq!(run(top), Ok("1".into()));
}

#[test]
fn a_folded_bound_fails_only_where_its_condition_would_run() {
    // the second condition never runs: the first is never true
    assert_eq!(
        run("mex { x for x in 0..5 if x > 10 if x <= 1 - 2 }"),
        Ok("0".into())
    );
    // it runs on the first iteration
    let e = run("mex { x for x in 0..5 if x <= 1 - 2 }").unwrap_err();
    assert!(e.contains("below zero"), "{e}");
    let e = run("mex { x for x in 0..5 if x >= 0 and x <= 1 - 2 }").unwrap_err();
    assert!(e.contains("below zero"), "{e}");
    // an empty range runs no condition
    assert_eq!(run("mex { x for x in 5..5 if x <= 1 - 2 }"), Ok("0".into()));
}
