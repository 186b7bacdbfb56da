//! The winning moves of a game: every move to a position of value 0. In a
//! sum, that is a component of value v moved to an option of value
//! v xor total: lower for a Nim heap, but an explicit game or a position may
//! also have options of higher value, and moving up can win too.

use super::{Answer, show};
use crate::eval::{Defs, EvalError, Game, Part, Store};

/// Every winning move, as `from -> to`; in a P-position none, and why.
pub fn winning_moves(defs: &Defs, store: &mut Store, g: &Game) -> Result<Answer, EvalError> {
    let mut values = Vec::with_capacity(g.parts.len());
    for p in &g.parts {
        values.push(store.value(defs, &Game::single(p.clone()))?);
    }
    let total = values.iter().fold(0, |a, b| a ^ b);
    if total == 0 {
        let why = if g.parts.len() > 1 {
            format!(
                "none: {} is a P-position ({}), so every move leaves a nonzero value",
                show::game(defs, g),
                show::xor_line(&values)
            )
        } else {
            format!(
                "none: {} is a P-position (value 0), so every move leaves a nonzero value",
                show::game(defs, g)
            )
        };
        return Ok(Answer::Moves {
            moves: Vec::new(),
            none: Some(why),
        });
    }
    let mut lines: Vec<String> = Vec::new();
    // The same position reached in two ways (`a + b` and `b + a`) is one move.
    let mut seen: Vec<Vec<String>> = Vec::new();
    for (p, &v) in g.parts.iter().zip(&values) {
        let target = v ^ total;
        if target >= v && matches!(p, Part::Nim { .. }) {
            continue;
        }
        let from = show::game(defs, &Game::single(p.clone()));
        for to in options_of_value(defs, store, p, target)? {
            let mut canon: Vec<String> = to
                .parts
                .iter()
                .map(|q| show::game(defs, &Game::single(q.clone())))
                .collect();
            canon.sort();
            canon.insert(0, from.clone());
            if !seen.contains(&canon) {
                seen.push(canon);
                lines.push(format!("{from} -> {}", show::game(defs, &to)));
            }
        }
    }
    Ok(Answer::Moves {
        moves: lines,
        none: None,
    })
}

/// The options of one component that have the given value.
fn options_of_value(
    defs: &Defs,
    store: &mut Store,
    p: &Part,
    target: u64,
) -> Result<Vec<Game>, EvalError> {
    let options = match p {
        Part::Nim { star, .. } => {
            return Ok(vec![Game::single(Part::Nim {
                n: target,
                star: *star,
            })]);
        }
        Part::Options(e) => e.options.clone(),
        Part::Pos(key) => store.options_of(defs, key)?,
    };
    let mut out = Vec::new();
    for o in options {
        if store.value(defs, &o)? == target {
            out.push(o);
        }
    }
    Ok(out)
}
