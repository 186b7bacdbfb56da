//! Why a `check` fails: the mex derivation behind a value, the first place
//! a sequence differs, where a claimed period breaks, what a move from a
//! position looks like, and the values behind an equivalence.

use super::one_move::{Relation, Shown, relate, written};
use crate::engine::rule::HeapRule;
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use crate::ir::{Expect, GameExpr, GameId, QueryIr};
use crate::query::{
    Answer, Found, MovesAnswer, NoMove, OptionsOf, Reached, Reason, WhyPart, explain, heap_options,
    misere_moves, moves, range_bounds, show,
};
use std::ops::ControlFlow;

/// Options listed in a FAIL before "... (N in all)".
const MOVES: usize = 6;
/// Values a claimed period is tested over, at most.
const PERIOD_WINDOW: u64 = 100_000;

/// Why a check failed: the reasons after `FAIL` (explanations of
/// positions among them), and the winning moves where they tell why.
#[derive(Default)]
pub struct Reasons {
    pub parts: Vec<WhyPart>,
    pub winning: Option<MovesAnswer>,
}

impl Reasons {
    /// Reasons in words alone.
    pub fn lines(lines: Vec<String>) -> Reasons {
        Reasons {
            parts: lines.into_iter().map(WhyPart::Line).collect(),
            winning: None,
        }
    }

    /// Reasons as data.
    pub fn of(reasons: Vec<Reason>) -> Reasons {
        Reasons {
            parts: reasons.into_iter().map(WhyPart::Reason).collect(),
            winning: None,
        }
    }
}

/// The explanation of a position, indented under the line before.
fn explained(defs: &Defs, store: &mut Store, g: &Game) -> Result<WhyPart, EvalError> {
    Ok(WhyPart::Explained {
        e: Box::new(explain::explain(defs, store, g)?),
        indent: true,
    })
}

/// The reasons behind a found answer.
pub fn why(
    defs: &Defs,
    store: &mut Store,
    q: &QueryIr,
    expect: &Expect,
    a: &Answer,
) -> Result<Reasons, EvalError> {
    match q {
        QueryIr::Grundy(e) | QueryIr::Outcome(e) => {
            let g = store.eval_game(defs, e)?;
            let mut parts = vec![WhyPart::Reason(Reason::Why), explained(defs, store, &g)?];
            let mut winning = None;
            if matches!(q, QueryIr::Outcome(_)) {
                parts.push(WhyPart::Reason(Reason::PAtZero));
                if store.value(defs, &g)? != 0 {
                    winning = Some(winning_moves(defs, store, &g)?);
                }
            }
            Ok(Reasons { parts, winning })
        }
        QueryIr::Sequence(game, r) => {
            let (lo, count) = range_bounds(defs, store, r)?;
            let (Expect::Values(x), Found::Values(y)) = (expect, &a.found()) else {
                return Ok(Reasons::default());
            };
            Ok(match x.iter().zip(y).position(|(a, b)| a != b) {
                Some(i) => {
                    let n = lo + i as u64;
                    let g = position(*game, n);
                    let first = Reason::FirstDifference {
                        n,
                        expected: x[i],
                        found: y[i],
                    };
                    let shown = show::game(defs, &g);
                    let parts = vec![
                        WhyPart::Reason(first),
                        WhyPart::Reason(Reason::WhyPosition { shown }),
                        explained(defs, store, &g)?,
                    ];
                    Reasons {
                        parts,
                        winning: None,
                    }
                }
                None => Reasons::of(vec![Reason::Length {
                    expected: x.len(),
                    found: y.len(),
                    count,
                }]),
            })
        }
        QueryIr::Mex(set) => {
            let values = store.eval_int_set(defs, set)?;
            let mex = crate::eval::value::mex_of(&values, &mut Vec::new());
            Ok(Reasons::of(vec![Reason::Mex { values, mex }]))
        }
        // (the period found is the answer itself: the renderers show it)
        QueryIr::Period(game) => match expect {
            Expect::Period(p, q) => {
                let found = a.found();
                Ok(Reasons::of(period_break(
                    defs, store, *game, *p, *q, &found,
                )?))
            }
            _ => Ok(Reasons::default()),
        },
        QueryIr::MisereOutcome(e) => {
            let g = store.eval_game(defs, e)?;
            Ok(Reasons::lines(misere_moves::why(defs, store, &g)?))
        }
        _ => Ok(Reasons::default()),
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
) -> Result<Vec<Reason>, EvalError> {
    if q == 0 {
        return Ok(vec![Reason::PeriodZero]);
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
            return Ok(vec![Reason::NoRepeat {
                game: name.clone(),
                period: q,
                from: p,
                n,
                a,
                b,
            }]);
        }
        n += 1;
    }
    Ok(match found {
        Found::Period(fp, fq) if p >= *fp && q.is_multiple_of(*fq) => vec![Reason::NotLeast {
            period: q,
            from: p,
            least: (*fq, *fp),
        }],
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
    pub why: Vec<Reason>,
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
            why.push(Reason::NonzeroMove {
                to: hs,
                position: gs,
                from,
                into: to,
                values: component_values(defs, store, &h)?,
            });
            format!("a move to a position of value {hv}")
        }
        Relation::Same => {
            why.push(Reason::Itself {
                to: hs,
                position: gs,
            });
            "no move".into()
        }
        Relation::Apart { changed, added } => {
            let found = format!("no move from {gs} to {hs}");
            why.extend(apart(defs, store, gs, hs, &changed, &added)?);
            found
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
    position: String,
    to: String,
    changed: &[Shown],
    added: &[Shown],
) -> Result<Vec<Reason>, EvalError> {
    let list = |s: &[Shown]| s.iter().map(|c| c.text.clone()).collect();
    Ok(match changed {
        [] => vec![
            Reason::OnlyAdds {
                to,
                position: position.clone(),
                added: list(added),
            },
            Reason::OneComponent { position },
        ],
        [c] => vec![
            Reason::CannotBecome {
                to,
                position,
                component: c.text.clone(),
                into: written(added),
            },
            Reason::Options(options_of(defs, store, c)?),
        ],
        many => vec![
            Reason::ChangesMany {
                to,
                position: position.clone(),
                changed: list(many),
            },
            Reason::OneComponent { position },
        ],
    })
}

/// The options of a component: a Nim heap's, or the first few.
fn options_of(defs: &Defs, store: &mut Store, c: &Shown) -> Result<OptionsOf, EvalError> {
    let options: Vec<Game> = match &c.part {
        Part::Nim { n, star } => {
            let one = |k: u64| show::game(defs, &Game::single(Part::Nim { n: k, star: *star }));
            return Ok(OptionsOf::Nim {
                component: c.text.clone(),
                n: *n,
                first: one(0),
                second: one(1),
                last: one(n.saturating_sub(1)),
            });
        }
        Part::Pos(key) => match (
            heap_options::rule_for(defs, store, key),
            key.args.as_slice(),
        ) {
            (Some(rule), &[n]) => return Ok(rule_options(defs, key.game, &rule, n, &c.text)),
            _ => store.options_of(defs, key)?,
        },
        Part::Options(e) => e.options.clone(),
        Part::Picture(pic) => store
            .picture_options(pic)?
            .into_iter()
            .map(|(_, g)| g)
            .collect(),
    };
    Ok(OptionsOf::Listed {
        component: c.text.clone(),
        first: options
            .iter()
            .take(MOVES)
            .map(|o| show::game(defs, o))
            .collect(),
        count: options.len() as u128,
    })
}

/// The first options of a heap of a rule family, listed by the rule (the
/// heap may have far too many to list them all).
fn rule_options(defs: &Defs, game: GameId, rule: &HeapRule, n: u64, text: &str) -> OptionsOf {
    let mut first = Vec::new();
    let _ = rule.each_move(n, |_, heaps| {
        if first.len() == MOVES {
            return ControlFlow::Break(());
        }
        let parts: Vec<Part> = heaps
            .iter()
            .map(|&h| {
                Part::Pos(Key {
                    game,
                    args: [h].into_iter().collect(),
                })
            })
            .collect();
        first.push(show::game(defs, &Game { parts }));
        ControlFlow::Continue(())
    });
    OptionsOf::Listed {
        component: text.to_string(),
        first,
        count: rule.move_count(n),
    }
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

/// The values of the components of a game.
fn component_values(defs: &Defs, store: &mut Store, g: &Game) -> Result<Vec<u64>, EvalError> {
    let mut values = Vec::new();
    for p in &g.parts {
        values.push(store.value(defs, &Game::single(p.clone()))?);
    }
    Ok(values)
}

/// `check equiv G, H`: whether it passed, what was found, and why.
pub fn check_equiv(
    defs: &Defs,
    store: &mut Store,
    ae: &GameExpr,
    be: &GameExpr,
) -> Result<(bool, String, Vec<Reason>), EvalError> {
    let a = store.eval_game(defs, ae)?;
    let b = store.eval_game(defs, be)?;
    let (va, vb) = (store.value(defs, &a)?, store.value(defs, &b)?);
    let found = format!("values {va} and {vb}");
    if va == vb {
        return Ok((true, found, Vec::new()));
    }
    let (a, b) = (show::game(defs, &a), show::game(defs, &b));
    let why = vec![
        Reason::Values {
            a: a.clone(),
            b: b.clone(),
            values: (va, vb),
        },
        Reason::SumNotZero {
            a,
            b,
            values: (va, vb),
        },
        Reason::EqualValues,
    ];
    Ok((false, found, why))
}

fn position(game: GameId, n: u64) -> Game {
    Game::single(Part::Pos(Key {
        game,
        args: [n].into_iter().collect(),
    }))
}
