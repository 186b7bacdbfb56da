//! Grading a `check`: the answer found, compared with the one expected; a
//! `FAIL` says what was expected, what was found, and why.

mod one_move;
mod why;

use super::{Found, answer};
use crate::eval::{Defs, EvalError, Store};
use crate::ir::{Expect, QueryIr};

/// A graded `check`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graded {
    pub passed: bool,
    /// The expected answer, and the one found, as the FAIL line says them.
    pub expected: String,
    pub found: String,
    /// `ok ...`, or `FAIL ...` followed by the reasons, indented.
    pub lines: Vec<String>,
}

/// Grades a `check` of `q` against `expect`; `text` is the check as written.
pub fn check(
    defs: &Defs,
    store: &mut Store,
    q: &QueryIr,
    expect: &Expect,
    text: &str,
) -> Result<Graded, EvalError> {
    let (passed, found, why) = match (q, expect) {
        (QueryIr::Moves(g), Expect::Move(h)) => why::check_move(defs, store, g, h)?,
        (QueryIr::Equiv(g, h), Expect::Equivalent) => why::check_equiv(defs, store, g, h)?,
        _ => {
            let a = answer(defs, store, q)?;
            let passed = match (expect, &a.found) {
                (Expect::Value(x), Found::Value(y)) => x == y,
                (Expect::Outcome(x), Found::Outcome(y)) => x == y,
                (Expect::Values(x), Found::Values(y)) => x == y,
                (Expect::Period(a1, b1), Found::Period(a2, b2)) => a1 == a2 && b1 == b2,
                _ => false,
            };
            let found = match &a.found {
                Found::Value(v) => v.to_string(),
                Found::Outcome(p) => if *p { "P" } else { "N" }.to_string(),
                Found::Values(v) => v.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
                Found::Period(a, b) => format!("pre-period {a}, period {b}"),
                Found::Nothing => a.lines.join("; "),
            };
            let why = if passed {
                Vec::new()
            } else {
                why::why(defs, store, q, expect, &a)?
            };
            (passed, found, why)
        }
    };
    let expected = expect.describe();
    let lines = if passed {
        vec![format!("ok {text}")]
    } else {
        let mut lines = vec![format!("FAIL {text}: expected {expected}, found {found}")];
        lines.extend(why.into_iter().map(|l| format!("  {l}")));
        lines
    };
    Ok(Graded {
        passed,
        expected,
        found,
        lines,
    })
}
