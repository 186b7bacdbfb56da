//! Grading a `check`: the answer found, compared with the one expected; a
//! `FAIL` says what was expected, what was found, and why.

mod one_move;
mod why;

pub use why::MoveGraded;

use super::{Answer, CheckFound, Found, Graded, GradedMove, Reason, WhyPart, answer};
use crate::eval::{Defs, EvalError, Store};
use crate::ir::{Expect, QueryIr};

/// Grades a `check` of `q` against `expect`; `text` is the check as written
/// (without `check`).
pub fn check(
    defs: &Defs,
    store: &mut Store,
    q: &QueryIr,
    expect: &Expect,
    text: &str,
) -> Result<Graded, EvalError> {
    let graded = |passed, found, found_words, r: why::Reasons, share| Graded {
        text: text.to_string(),
        passed,
        expected: expect.clone(),
        found,
        found_words,
        why: r.parts,
        winning: r.winning.map(Box::new),
        graded_move: None,
        share,
    };
    let all = |passed: bool| (u64::from(passed), 1);
    match (q, expect) {
        (QueryIr::Moves(g), Expect::Move { to, .. }) => {
            let m = why::check_move(defs, store, g, to)?;
            // a legal move that does not win is half an answer
            let share = match (m.passed, m.legal) {
                (true, _) => (1, 1),
                (false, true) => (1, 2),
                (false, false) => (0, 1),
            };
            let r = why::Reasons {
                winning: (!m.passed).then(|| m.moves.clone()),
                ..why::Reasons::of(m.why)
            };
            let mut g = graded(
                m.passed,
                Answer::Moves(Box::new(m.moves)),
                Some(m.found),
                r,
                share,
            );
            g.graded_move = (!m.passed).then_some(GradedMove {
                to: m.to,
                value: m.value,
                legal: m.legal,
            });
            Ok(g)
        }
        (QueryIr::MisereEquiv(..), Expect::Equivalent) => {
            let a = answer(defs, store, q)?;
            let (passed, found, why) = misere_equiv(&a)?;
            Ok(graded(passed, a, Some(found), why, all(passed)))
        }
        (QueryIr::Equiv(g, h), Expect::Equivalent) => {
            let a = answer(defs, store, q)?;
            let (passed, words, why) = why::check_equiv(defs, store, g, h)?;
            let r = why::Reasons::of(why);
            Ok(graded(passed, a, Some(words), r, all(passed)))
        }
        _ => {
            let a = answer(defs, store, q)?;
            let passed = match (expect, &a.found()) {
                (Expect::Value(x), Found::Value(y)) => x == y,
                (Expect::Outcome(x), Found::Outcome(y)) => x == y,
                (Expect::Draw, Found::Draw) => true,
                (Expect::Values(x), Found::Values(y)) => x == y,
                (Expect::Period(a1, b1), Found::Period(a2, b2)) => a1 == a2 && b1 == b2,
                _ => false,
            };
            let reasons = match (&a, q) {
                _ if passed => why::Reasons::default(),
                (
                    Answer::LoopyGrundy(_) | Answer::LoopyOutcome(_),
                    QueryIr::Grundy(e) | QueryIr::Outcome(e),
                ) => {
                    let g = store.eval_game(defs, e)?;
                    let e = Box::new(super::loopy::explain(defs, store, &g)?);
                    why::Reasons {
                        parts: vec![WhyPart::Explained { e, indent: false }],
                        winning: None,
                    }
                }
                _ => why::why(defs, store, q, expect, &a)?,
            };
            // a sequence: the share of its terms that are right
            let share = match (expect, &a.found()) {
                _ if passed => (1, 1),
                (Expect::Values(x), Found::Values(y)) if !x.is_empty() => {
                    let right = x.iter().zip(y).filter(|(p, q)| p == q).count();
                    (right as u64, x.len().max(y.len()) as u64)
                }
                _ => (0, 1),
            };
            Ok(graded(passed, a, None, reasons, share))
        }
    }
}

/// `check misere equiv G, H`: whether the forms agree, what was found, and
/// why not (the two forms, and the game that tells them apart).
fn misere_equiv(a: &Answer) -> Result<(bool, CheckFound, why::Reasons), EvalError> {
    let Answer::MisereEquiv(e) = a else {
        return Err(super::misrouted());
    };
    let found = CheckFound::Forms(e.forms.0.clone(), e.forms.1.clone());
    let why = if e.equal {
        Vec::new()
    } else {
        vec![Reason::MisereForms {
            g: e.games.0.clone(),
            h: e.games.1.clone(),
            forms: e.forms.clone(),
            apart: e.apart.clone(),
        }]
    };
    Ok((e.equal, found, why::Reasons::of(why)))
}
