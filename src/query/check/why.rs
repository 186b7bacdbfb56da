//! Why a `check` fails: the mex derivation behind a value, the first place
//! a sequence differs, where a claimed period breaks, what a move from a
//! position looks like, and the values behind an equivalence.

use super::one_move::{Relation, Shown, relate, written};
use crate::engine::rule::HeapRule;
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use crate::ir::{Expect, GameExpr, GameId, QueryIr};
use crate::query::{
    Answer, Explanation, Found, MovesAnswer, NoMove, Reached, explain, heap_options, misere_moves,
    moves, range_bounds, show,
};
use std::ops::ControlFlow;

/// Options listed in a FAIL before "... (N in all)".
const MOVES: usize = 6;
/// Values a claimed period is tested over, at most.
const PERIOD_WINDOW: u64 = 100_000;

/// Why a check failed: the lines after `FAIL`, the winning moves where
/// they tell why, and the position's explanation for a value or outcome.
#[derive(Default)]
pub struct Reasons {
    pub lines: Vec<String>,
    pub winning: Option<MovesAnswer>,
    pub explained: Option<Explanation>,
}

/// The reasons behind a found answer.
pub fn why(
    defs: &Defs,
    store: &mut Store,
    q: &QueryIr,
    expect: &Expect,
    a: &Answer,
) -> Result<Reasons, EvalError> {
    if let QueryIr::Grundy(e) | QueryIr::Outcome(e) = q {
        let g = store.eval_game(defs, e)?;
        let explained = explain::explain(defs, store, &g)?;
        let mut lines = vec!["why:".to_string()];
        lines.extend(indent(explained.lines.clone()));
        let mut winning = None;
        if matches!(q, QueryIr::Outcome(_)) {
            lines.push("a position is P exactly when its Grundy value is 0".into());
            if store.value(defs, &g)? != 0 {
                winning = Some(winning_moves(defs, store, &g)?);
            }
        }
        return Ok(Reasons {
            lines,
            winning,
            explained: Some(explained),
        });
    }
    Ok(Reasons {
        lines: reasons(defs, store, q, expect, a)?,
        ..Reasons::default()
    })
}

fn reasons(
    defs: &Defs,
    store: &mut Store,
    q: &QueryIr,
    expect: &Expect,
    a: &Answer,
) -> Result<Vec<String>, EvalError> {
    match q {
        QueryIr::Mex(set) => {
            let values = store.eval_int_set(defs, set)?;
            let m = crate::eval::value::mex_of(&values, &mut Vec::new());
            Ok(vec![format!(
                "why: {} (the least value not in the set)",
                show::mex_line(&values, m)
            )])
        }
        QueryIr::Sequence(game, r) => {
            let (lo, count) = range_bounds(defs, store, r)?;
            let (Expect::Values(x), Found::Values(y)) = (expect, &a.found()) else {
                return Ok(Vec::new());
            };
            match x.iter().zip(y).position(|(a, b)| a != b) {
                Some(i) => {
                    let n = lo + i as u64;
                    let g = position(*game, n);
                    let mut lines = vec![format!(
                        "first difference at n = {n}: expected {}, found {}",
                        x[i], y[i]
                    )];
                    lines.push(format!("why {}:", show::game(defs, &g)));
                    lines.extend(indent(explain::explain(defs, store, &g)?.lines));
                    Ok(lines)
                }
                None => Ok(vec![format!(
                    "expected {} values, found {}: the range has {count}",
                    x.len(),
                    y.len()
                )]),
            }
        }
        // (the period found is the answer itself: the renderers show it)
        QueryIr::Period(game) => match expect {
            Expect::Period(p, q) => period_break(defs, store, *game, *p, *q, &a.found()),
            _ => Ok(Vec::new()),
        },
        QueryIr::MisereOutcome(e) => {
            let g = store.eval_game(defs, e)?;
            misere_moves::why(defs, store, &g)
        }
        _ => Ok(Vec::new()),
    }
}

/// Where a claimed pre-period and period break: the first n from the
/// claimed pre-period on whose value differs from the one a period later.
fn period_break(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    p: u64,
    q: u64,
    found: &Found,
) -> Result<Vec<String>, EvalError> {
    if q == 0 {
        return Ok(vec!["a period is at least 1".into()]);
    }
    let reach = match found {
        Found::Period(fp, fq) => fp.saturating_add(fq.saturating_mul(2)),
        _ => 0,
    };
    let end = reach
        .max(p.saturating_add(q.saturating_mul(2)))
        .min(p.saturating_add(PERIOD_WINDOW));
    let name = &defs.games[game].name;
    let mut n = p;
    while n.saturating_add(q) < end {
        let value = |store: &mut Store, n: u64| {
            store.grundy(
                defs,
                &Key {
                    game,
                    args: [n].into_iter().collect(),
                },
            )
        };
        let (a, b) = match (value(store, n), value(store, n + q)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(EvalError::Interrupted), _) | (_, Err(EvalError::Interrupted)) => {
                return Err(EvalError::Interrupted);
            }
            // Past what can be computed: nothing more to show.
            _ => return Ok(Vec::new()),
        };
        if a != b {
            return Ok(vec![format!(
                "the values do not repeat every {q} from n = {p}: {name}({n}) = {a} but {name}({}) = {b}",
                n + q
            )]);
        }
        n += 1;
    }
    Ok(match found {
        Found::Period(fp, fq) if p >= *fp && q.is_multiple_of(*fq) => vec![format!(
            "the values do repeat every {q} from n = {p}, but the pre-period and period are the least such: every {fq} from n = {fp}"
        )],
        _ => Vec::new(),
    })
}

/// A graded `check move G -> H`.
pub struct MoveGraded {
    pub passed: bool,
    /// The move is one of G's, winning or not.
    pub legal: bool,
    /// What was found, in words.
    pub found: String,
    /// The winning moves from G.
    pub moves: MovesAnswer,
    /// H written in the language, and its value.
    pub to: Option<String>,
    pub value: u64,
    pub why: Vec<String>,
}

/// `check move G -> H`: whether H is one move from G and wins.
pub fn check_move(
    defs: &Defs,
    store: &mut Store,
    ge: &GameExpr,
    he: &GameExpr,
) -> Result<MoveGraded, EvalError> {
    if let (
        GameExpr::Row {
            game, heads, len, ..
        },
        GameExpr::Row {
            game: game2,
            heads: to,
            ..
        },
    ) = (ge, he)
        && game == game2
        && let Some(m) = crate::query::coins::check_move(defs, store, *game, heads, *len, to)?
    {
        return Ok(m);
    }
    let g = store.eval_game(defs, ge)?;
    let h = store.eval_game(defs, he)?;
    let (gs, hs) = (show::game(defs, &g), show::game(defs, &h));
    let relation = relate(defs, store, &g, &h)?;
    let hv = store.value(defs, &h)?;
    let moves = winning_moves(defs, store, &g)?;
    let mut why = Vec::new();
    let legal = matches!(relation, Relation::OneMove { .. });
    let found = match relation {
        Relation::OneMove { .. } if hv == 0 => {
            return Ok(MoveGraded {
                passed: true,
                legal: true,
                found: "a winning move".into(),
                moves,
                to: show::written(defs, &h),
                value: hv,
                why,
            });
        }
        Relation::OneMove { from, to } => {
            why.push(format!(
                "{hs} is one move from {gs} ({from} -> {to}), but its value is {}, not 0: the other player wins from it",
                value_text(defs, store, &h, hv)?
            ));
            format!("a move to a position of value {hv}")
        }
        Relation::Same => {
            why.push(format!(
                "{hs} is {gs} itself: a move changes one component into one of its options"
            ));
            "no move".into()
        }
        Relation::Apart { changed, added } => {
            why.extend(apart(defs, store, &gs, &hs, &changed, &added)?);
            format!("no move from {gs} to {hs}")
        }
    };
    Ok(MoveGraded {
        passed: false,
        legal,
        found,
        moves,
        to: show::written(defs, &h),
        value: hv,
        why,
    })
}

/// Why H is not one move from G, and what a move from G looks like.
fn apart(
    defs: &Defs,
    store: &mut Store,
    gs: &str,
    hs: &str,
    changed: &[Shown],
    added: &[Shown],
) -> Result<Vec<String>, EvalError> {
    let list = |s: &[Shown]| {
        s.iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    Ok(match changed {
        [] => vec![
            format!("{hs} only adds {} to {gs}", list(added)),
            format!("a move changes exactly one component of {gs} into one of its options"),
        ],
        [c] => vec![
            format!(
                "{hs} is not one move from {gs}: {} cannot become {} in one move",
                c.text,
                written(added)
            ),
            options_line(defs, store, c)?,
        ],
        many => vec![
            format!(
                "{hs} is not one move from {gs}: it changes {} components ({})",
                many.len(),
                list(many)
            ),
            format!("a move changes exactly one component of {gs} into one of its options"),
        ],
    })
}

/// `the options of nim(5): nim(0) .. nim(4)`, shortened when long.
fn options_line(defs: &Defs, store: &mut Store, c: &Shown) -> Result<String, EvalError> {
    let options: Vec<Game> = match &c.part {
        Part::Nim { n, star } => {
            let one = |k: u64| show::game(defs, &Game::single(Part::Nim { n: k, star: *star }));
            return Ok(match n {
                0 => format!("{} has no move", c.text),
                1 => format!("a move takes {} to {}", c.text, one(0)),
                2 => format!("a move takes {} to {} or {}", c.text, one(0), one(1)),
                _ => format!(
                    "a move takes {} to one of {} .. {}",
                    c.text,
                    one(0),
                    one(n - 1)
                ),
            });
        }
        Part::Pos(key) => match (
            heap_options::rule_for(defs, store, key),
            key.args.as_slice(),
        ) {
            (Some(rule), &[n]) => return Ok(rule_options_line(defs, key.game, &rule, n, &c.text)),
            _ => store.options_of(defs, key)?,
        },
        Part::Options(e) => e.options.clone(),
        Part::Picture(pic) => store
            .picture_options(pic)?
            .into_iter()
            .map(|(_, g)| g)
            .collect(),
    };
    let shown: Vec<String> = options
        .iter()
        .take(MOVES)
        .map(|o| show::game(defs, o))
        .collect();
    let more = if options.len() > MOVES {
        format!(", ... ({} in all)", options.len())
    } else {
        String::new()
    };
    Ok(format!(
        "a move takes {} to one of its options: {}{more}",
        c.text,
        shown.join(", ")
    ))
}

/// The first options of a heap of a rule family, listed by the rule (the
/// heap may have far too many to list them all).
fn rule_options_line(defs: &Defs, game: GameId, rule: &HeapRule, n: u64, text: &str) -> String {
    let mut shown = Vec::new();
    let _ = rule.each_move(n, |_, heaps| {
        if shown.len() == MOVES {
            return ControlFlow::Break(());
        }
        let parts: Vec<String> = heaps
            .iter()
            .map(|&h| {
                defs.show_key(&Key {
                    game,
                    args: [h].into_iter().collect(),
                })
            })
            .collect();
        shown.push(if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join(" + ")
        });
        ControlFlow::Continue(())
    });
    let count = rule.move_count(n);
    let more = if count > MOVES as u128 {
        format!(", ... ({count} in all)")
    } else {
        String::new()
    };
    format!(
        "a move takes {text} to one of its options: {}{more}",
        shown.join(", ")
    )
}

/// The winning moves from `g`. Moves that cannot be listed (a heap with
/// more options than any limit allows and no classes of moves to group
/// them) do not stop the grading: the answer says why they are not listed.
fn winning_moves(defs: &Defs, store: &mut Store, g: &Game) -> Result<MovesAnswer, EvalError> {
    match moves::winning_moves(defs, store, g) {
        Err(EvalError::Failed(d)) => Ok(MovesAnswer::none(
            show::written(defs, g),
            Reached::Value(store.value(defs, g)?),
            NoMove::NotListed { reason: d.message },
        )),
        other => other,
    }
}

/// A value with its nim-sum when the game is a sum: `3 xor 1 = 2`.
fn value_text(defs: &Defs, store: &mut Store, g: &Game, v: u64) -> Result<String, EvalError> {
    if g.parts.len() < 2 {
        return Ok(v.to_string());
    }
    let mut values = Vec::new();
    for p in &g.parts {
        values.push(store.value(defs, &Game::single(p.clone()))?);
    }
    Ok(show::xor_line(&values))
}

/// `check equiv G, H`: whether it passed, what was found, and why.
pub fn check_equiv(
    defs: &Defs,
    store: &mut Store,
    ae: &GameExpr,
    be: &GameExpr,
) -> Result<(bool, String, Vec<String>), EvalError> {
    let a = store.eval_game(defs, ae)?;
    let b = store.eval_game(defs, be)?;
    let (va, vb) = (store.value(defs, &a)?, store.value(defs, &b)?);
    let found = format!("values {va} and {vb}");
    if va == vb {
        return Ok((true, found, Vec::new()));
    }
    let (sa, sb) = (show::game(defs, &a), show::game(defs, &b));
    Ok((
        false,
        found,
        vec![
            format!("{sa} has value {va} and {sb} has value {vb}"),
            format!(
                "so {sa} + {sb} has value {va} xor {vb} = {}, not 0: it is an N-position, not a P-position",
                va ^ vb
            ),
            "two games are equivalent exactly when their values are equal".into(),
        ],
    ))
}

fn position(game: GameId, n: u64) -> Game {
    Game::single(Part::Pos(Key {
        game,
        args: [n].into_iter().collect(),
    }))
}

fn indent(lines: Vec<String>) -> impl Iterator<Item = String> {
    lines.into_iter().map(|l| format!("  {l}"))
}
