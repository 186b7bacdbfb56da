//! `misere moves`: every move to a misère P-position, in the format of
//! `moves` (the component changed and what it becomes), and the reasons
//! behind misère answers: Bouton's rule where every component plays like a
//! Nim heap, a winning move, or the search.

use super::misere::Misere;
use super::show;
use super::{Answer, Move, MovesAnswer, NoMove, Reached, Step};
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
        let reason = p_reason(&mut m, g, &items)?;
        return Ok(none(
            true,
            NoMove::MisereP {
                shown: show::game(defs, g),
                reason,
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
pub fn why(defs: &Defs, store: &mut Store, g: &Game) -> Result<Vec<String>, EvalError> {
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    let p = m.outcome(&items, g)?;
    let mut lines = Vec::new();
    let rule = rule_reason(&mut m, g, &items)?;
    if let Some(r) = &rule {
        lines.push(format!("why: {r}"));
    }
    if p {
        if rule.is_none() {
            lines.push(format!("why: {SEARCHED}"));
        }
        return Ok(lines);
    }
    let first = winning_moves(&mut m, g, &items, 1)?;
    let line = match first.first() {
        Some(mv) => format!(
            "{} leaves a P-position in misère play, so the player to move wins",
            replace_text(mv)
        ),
        None => NO_MOVE.into(),
    };
    lines.push(if lines.is_empty() {
        format!("why: {line}")
    } else {
        format!("for example {line}")
    });
    Ok(lines)
}

/// `misere explain G`: the outcome, the rule behind it, and the winning
/// moves (a few) or why there is none.
pub fn explain(defs: &Defs, store: &mut Store, g: &Game) -> Result<Vec<String>, EvalError> {
    const SHOWN: usize = 8;
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    let p = m.outcome(&items, g)?;
    let shown = show::game(defs, g);
    let mut lines = vec![if p {
        format!("{shown} is a P-position in misère play (the previous player wins)")
    } else {
        format!("{shown} is an N-position in misère play (the next player wins)")
    }];
    let rule = rule_reason(&mut m, g, &items)?;
    if let Some(r) = &rule {
        lines.push(r.clone());
    }
    if p {
        lines.push(match rule {
            Some(_) => "so every move leaves an N-position".into(),
            None => SEARCHED.into(),
        });
        return Ok(lines);
    }
    let moves = winning_moves(&mut m, g, &items, SHOWN + 1)?;
    if moves.is_empty() {
        lines.push(NO_MOVE.into());
        return Ok(lines);
    }
    if rule.is_none() {
        lines.push("found by exhaustive search of the positions it reaches:".into());
    }
    let more = moves.len() > SHOWN;
    for mv in moves.iter().take(SHOWN) {
        lines.push(format!("  {} leaves a P-position", replace_text(mv)));
    }
    if more {
        lines.push("  and more: `misere moves` lists them all".into());
    }
    Ok(lines)
}

const SEARCHED: &str = "every move leaves an N-position (found by exhaustive search)";
const NO_MOVE: &str = "there is no move, and in misère play the player who cannot move wins";

/// Why a P-position is one.
fn p_reason(m: &mut Misere, g: &Game, items: &[Item]) -> Result<String, EvalError> {
    Ok(rule_reason(m, g, items)?.unwrap_or_else(|| SEARCHED.into()))
}

/// The rule that decides the sum's outcome, when one does: Bouton's rule
/// on components that play like Nim heaps, the family's quotient, or
/// genus arithmetic on components tame throughout.
fn rule_reason(m: &mut Misere, g: &Game, items: &[Item]) -> Result<Option<String>, EvalError> {
    let analysis = m.analyse(items, g)?;
    if let Some(values) = analysis.nim_values() {
        return Ok(Some(bouton_reason(m.defs, g, &values)));
    }
    if let Some(r) = m.quotient_reason(items, g) {
        return Ok(Some(r));
    }
    Ok(m.tame_sum(items)?.map(|heaps| {
        let nims: Vec<String> = heaps.iter().map(|h| format!("*{h}")).collect();
        let position = if nims.is_empty() {
            "0".to_string()
        } else {
            nims.join(" + ")
        };
        format!(
            "every component is tame throughout (each of its positions has the genus of a sum of Nim heaps), so by genus arithmetic the sum plays like {position}; {}",
            bouton_rule(&heaps)
        )
    }))
}

/// Bouton's misère rule applied to components that play like Nim heaps.
fn bouton_reason(defs: &Defs, g: &Game, values: &[u64]) -> String {
    let mut out = String::new();
    let named: Vec<String> = g
        .parts
        .iter()
        .zip(values)
        .filter(|(p, _)| !matches!(p, Part::Nim { .. }))
        .map(|(p, v)| {
            format!(
                "{} plays like *{v}",
                show::game(defs, &Game::single(p.clone()))
            )
        })
        .collect();
    if !named.is_empty() {
        out.push_str(&format!("in misère play {}, so ", join_and(&named)));
    }
    out.push_str(&bouton_rule(values));
    out
}

/// Bouton's misère rule on Nim heaps, with its verdict.
fn bouton_rule(values: &[u64]) -> String {
    let p = bouton_p(values);
    let verdict = if p { "P" } else { "N" };
    if values.iter().all(|&v| v <= 1) {
        let ones = values.iter().filter(|&&v| v == 1).count();
        format!(
            "by Bouton's misère rule, with every heap 0 or 1 the position is P exactly when the number of 1-heaps is odd; here it is {ones}: {verdict}"
        )
    } else {
        let here = match values {
            [v] => format!("the nim-sum is {v}"),
            _ => show::xor_line(values),
        };
        format!(
            "by Bouton's misère rule, with a heap larger than 1 the position is P exactly when the nim-sum is 0, as in normal play; here {here}: {verdict}"
        )
    }
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `dk(5) -> dk(1) + dk(2)`: a move of [`winning_moves`], which all
/// replace a component.
fn replace_text(m: &Move) -> String {
    match &m.step {
        Step::Replace { from, into } => format!("{from} -> {into}"),
        _ => String::new(),
    }
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
