//! `misere moves`: every move to a misère P-position, in the format of
//! `moves` (the component changed and what it becomes), and the reasons
//! behind misère answers: Bouton's rule where every component plays like a
//! Nim heap, a winning move, or the search.

use super::misere::Misere;
use super::show;
use super::{
    Answer, MisereExplained, MisereRule, Move, MovesAnswer, NoMove, Reached, Reason, Step,
};
use crate::engine::misere::{Item, bouton_p};
use crate::eval::error::LimitError;
use crate::eval::{Defs, EvalError, Game, Part, Store};
use crate::ir::{DefKind, Setting};
use rustc_hash::FxHashSet;
use std::ops::ControlFlow;

pub fn misere_moves(defs: &Defs, store: &mut Store, g: &Game) -> Result<Answer, EvalError> {
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    let position = show::written(defs, g);
    let none = |p: bool, why: NoMove| {
        Answer::MisereMoves(Box::new(MovesAnswer::none(
            position.clone(),
            Reached::Misere { p },
            why,
        )))
    };
    if m.outcome(&items, g)? {
        let rule = p_reason(&mut m, g, &items)?;
        return Ok(none(
            true,
            NoMove::MisereP {
                shown: show::game(defs, g),
                rule,
            },
        ));
    }
    let moves = winning_moves(&mut m, g, &items, usize::MAX)?;
    if moves.is_empty() {
        // only the end has no move to a P-position and is N
        return Ok(none(false, NoMove::MisereEnd));
    }
    Ok(Answer::MisereMoves(Box::new(MovesAnswer {
        position,
        reached: Reached::Misere { p: false },
        moves,
        more: 0,
        none: None,
    })))
}

/// Why a misère check failed: the rule or the move behind the answer found.
pub fn why(defs: &Defs, store: &mut Store, g: &Game) -> Result<Vec<Reason>, EvalError> {
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    let p = m.outcome(&items, g)?;
    let rule = misere_rule(&mut m, g, &items)?;
    let mut reasons: Vec<Reason> = rule.iter().cloned().map(Reason::MisereRule).collect();
    if p {
        if rule.is_none() {
            reasons.push(Reason::MisereRule(MisereRule::Searched));
        }
        return Ok(reasons);
    }
    let example = !reasons.is_empty();
    let first = winning_moves(&mut m, g, &items, 1)?;
    reasons.push(match first.into_iter().next() {
        Some(mv) => Reason::MisereMove {
            step: mv.step,
            example,
        },
        None => Reason::MisereNoMove { example },
    });
    Ok(reasons)
}

/// `misere explain G`: the outcome, the rule behind it, and the winning
/// moves (a few) or why there is none.
pub fn explain(defs: &Defs, store: &mut Store, g: &Game) -> Result<MisereExplained, EvalError> {
    const SHOWN: usize = 8;
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    let p = m.outcome(&items, g)?;
    let rule = misere_rule(&mut m, g, &items)?;
    let mut moves = if p {
        Vec::new()
    } else {
        winning_moves(&mut m, g, &items, SHOWN + 1)?
    };
    let more = moves.len() > SHOWN;
    moves.truncate(SHOWN);
    Ok(MisereExplained {
        shown: show::game(defs, g),
        p,
        rule,
        moves,
        more,
    })
}

/// Why a P-position is one.
fn p_reason(m: &mut Misere, g: &Game, items: &[Item]) -> Result<MisereRule, EvalError> {
    Ok(misere_rule(m, g, items)?.unwrap_or(MisereRule::Searched))
}

/// The rule that decides the sum's outcome, when one does: Bouton's rule
/// on components that play like Nim heaps, the family's quotient, or
/// genus arithmetic on components tame throughout.
fn misere_rule(m: &mut Misere, g: &Game, items: &[Item]) -> Result<Option<MisereRule>, EvalError> {
    let analysis = m.analyse(items, g)?;
    if let Some(heaps) = analysis.nim_values() {
        let like = g
            .parts
            .iter()
            .zip(&heaps)
            .filter(|(p, _)| !matches!(p, Part::Nim { .. }))
            .map(|(p, &v)| (show::game(m.defs, &Game::single(p.clone())), v))
            .collect();
        let p = bouton_p(&heaps);
        return Ok(Some(MisereRule::Bouton { like, heaps, p }));
    }
    if let Some(r) = m.quotient_rule(items, g) {
        return Ok(Some(r));
    }
    Ok(m.tame_sum(items)?.map(|heaps| {
        let p = bouton_p(&heaps);
        MisereRule::Tame { heaps, p }
    }))
}

/// Moves from `g` to misère P-positions, at most `limit`.
fn winning_moves(
    m: &mut Misere,
    g: &Game,
    items: &[Item],
    limit: usize,
) -> Result<Vec<Move>, EvalError> {
    let defs = m.defs;
    let mut lines = Vec::new();
    let mut seen: FxHashSet<Vec<String>> = FxHashSet::default();
    let mut froms: FxHashSet<String> = FxHashSet::default();
    for (i, p) in g.parts.iter().enumerate() {
        if lines.len() >= limit {
            break;
        }
        let from = show::game(defs, &Game::single(p.clone()));
        // a component written twice has the same moves
        if !froms.insert(from.clone()) {
            continue;
        }
        let rest: Vec<Item> = items
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &it)| it)
            .collect();
        let rest_game = Game {
            parts: g
                .parts
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, q)| q.clone())
                .collect(),
        };
        for to in winning_options(m, p, &rest, &rest_game, g)? {
            let mut canon = show::canonical(defs, &to);
            canon.insert(0, from.clone());
            if seen.insert(canon) {
                lines.push(Move {
                    step: Step::Replace {
                        from: from.clone(),
                        into: show::game(defs, &to),
                    },
                    to: show::written(defs, &super::moves::replaced(g, i, &to)),
                    reached: Reached::Misere { p: true },
                });
                if lines.len() >= limit {
                    break;
                }
            }
        }
    }
    Ok(lines)
}

/// The options of component `p` that, beside `rest`, leave a misère
/// P-position.
fn winning_options(
    m: &mut Misere,
    p: &Part,
    rest: &[Item],
    rest_game: &Game,
    g: &Game,
) -> Result<Vec<Game>, EvalError> {
    let defs = m.defs;
    let options: Vec<Game> = match p {
        // a small heap's options are few, and a sum of one family's heaps
        // with one of them may be answered by the family's quotient
        Part::Nim { n, star } if *n <= 64 => (0..*n)
            .map(|b| Game::single(Part::Nim { n: b, star: *star }))
            .collect(),
        Part::Nim { n, star } => {
            // the rest plus *b is P exactly for b = G-(rest)
            let b = m.grundy(rest, rest_game)?;
            return Ok(if b < *n {
                vec![Game::single(Part::Nim { n: b, star: *star })]
            } else {
                Vec::new()
            });
        }
        Part::Options(e) => e.options.clone(),
        Part::Picture(pic) => m
            .store
            .picture_options(pic)?
            .into_iter()
            .map(|(_, g)| g)
            .collect(),
        Part::Pos(key) => match &defs.games[key.game].kind {
            DefKind::Family(rule) => {
                let n = key.args[0];
                let count = rule.move_count(n);
                let limit = m.store.limits.options;
                if count > u128::from(limit) {
                    return Err(EvalError::from(LimitError::new(
                        Setting::Options,
                        Some(count),
                        limit,
                        format!(
                            "{} has {count} moves, past the options limit of {limit}",
                            defs.show_key(key)
                        ),
                    )));
                }
                let mut out = Vec::new();
                let _ = rule.each_move(n, |_, heaps| {
                    out.push(Game {
                        parts: heaps
                            .iter()
                            .map(|&h| {
                                Part::Pos(crate::eval::Key {
                                    game: key.game,
                                    args: [h].into_iter().collect(),
                                })
                            })
                            .collect(),
                    });
                    ControlFlow::<()>::Continue(())
                });
                out
            }
            _ => m.store.options_of(defs, key)?,
        },
    };
    let mut out = Vec::new();
    for o in options {
        let mut child: Vec<Item> = rest.to_vec();
        child.extend(o.parts.iter().map(|q| m.item(q)));
        if m.outcome(&child, g)? {
            out.push(o);
        }
    }
    Ok(out)
}
