//! `misere moves`: every move to a misère P-position, in the format of
//! `moves` (the component changed and what it becomes), and the reasons
//! behind misère answers: Bouton's rule where every component plays like a
//! Nim heap, a winning move, or the search.

use super::Answer;
use super::misere::Misere;
use super::show;
use crate::diag::Diagnostic;
use crate::engine::misere::{Item, bouton_p};
use crate::eval::{Defs, EvalError, Game, Part, Store};
use crate::ir::DefKind;
use rustc_hash::FxHashSet;
use std::ops::ControlFlow;

pub fn misere_moves(defs: &Defs, store: &mut Store, g: &Game) -> Result<Answer, EvalError> {
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    let none = |why: String| Answer::MisereMoves {
        moves: Vec::new(),
        none: Some(why),
    };
    if m.outcome(&items, g)? {
        let reason = p_reason(&mut m, g, &items)?;
        return Ok(none(format!(
            "none: {} is a P-position in misère play: {reason}",
            show::game(defs, g)
        )));
    }
    let moves = winning_moves(&mut m, g, &items, usize::MAX)?;
    if moves.is_empty() {
        // only the end has no move to a P-position and is N
        return Ok(none(
            "none: there is no move, and in misère play the player who cannot move wins".into(),
        ));
    }
    Ok(Answer::MisereMoves { moves, none: None })
}

/// Why a misère check failed: the rule or the move behind the answer found.
pub fn why(defs: &Defs, store: &mut Store, g: &Game) -> Result<Vec<String>, EvalError> {
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    let p = m.outcome(&items, g)?;
    let mut lines = Vec::new();
    let analysis = m.analyse(&items, g)?;
    if let Some(values) = analysis.nim_values() {
        lines.push(format!("why: {}", bouton_reason(defs, g, &values)));
        if p {
            return Ok(lines);
        }
    }
    if p {
        lines.push(format!("why: {}", p_reason(&mut m, g, &items)?));
        return Ok(lines);
    }
    if let Some(r) = m.quotient_reason(&items) {
        lines.push(format!("why: {r}"));
    }
    let first = winning_moves(&mut m, g, &items, 1)?;
    let line = match first.first() {
        Some(mv) => format!("{mv} leaves a P-position in misère play, so the player to move wins"),
        None => "there is no move, and in misère play the player who cannot move wins".into(),
    };
    lines.push(if lines.is_empty() {
        format!("why: {line}")
    } else {
        format!("for example {line}")
    });
    Ok(lines)
}

/// Why a P-position is one.
fn p_reason(m: &mut Misere, g: &Game, items: &[Item]) -> Result<String, EvalError> {
    let analysis = m.analyse(items, g)?;
    Ok(match analysis.nim_values() {
        Some(values) => bouton_reason(m.defs, g, &values),
        None => match m.quotient_reason(items) {
            Some(r) => r,
            None => "every move leaves an N-position (found by exhaustive search)".into(),
        },
    })
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
    let p = bouton_p(values);
    let verdict = if p { "P" } else { "N" };
    out.push_str("by Bouton's misère rule, ");
    if values.iter().all(|&v| v <= 1) {
        let ones = values.iter().filter(|&&v| v == 1).count();
        out.push_str(&format!(
            "with every heap 0 or 1 the position is P exactly when the number of 1-heaps is odd; here it is {ones}: {verdict}"
        ));
    } else {
        let here = match values {
            [v] => format!("the nim-sum is {v}"),
            _ => show::xor_line(values),
        };
        out.push_str(&format!(
            "with a heap larger than 1 the position is P exactly when the nim-sum is 0, as in normal play; here {here}: {verdict}"
        ));
    }
    out
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Moves from `g` to misère P-positions, as lines, at most `limit`.
fn winning_moves(
    m: &mut Misere,
    g: &Game,
    items: &[Item],
    limit: usize,
) -> Result<Vec<String>, EvalError> {
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
                lines.push(format!("{from} -> {}", show::game(defs, &to)));
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
        Part::Pos(key) => match &defs.games[key.game].kind {
            DefKind::Family(rule) => {
                let n = key.args[0];
                let count = rule.move_count(n);
                let limit = m.store.limits.options;
                if count > u128::from(limit) {
                    return Err(EvalError::from(
                        Diagnostic::unplaced(format!(
                            "{} has {count} moves, past the options limit of {limit}",
                            defs.show_key(key)
                        ))
                        .hint(format!("`set options {count}` raises the limit")),
                    ));
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
