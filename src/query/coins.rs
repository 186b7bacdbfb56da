//! Rows of coins, `g("THHTH")`: `moves` names the coins a winning move
//! turns, `explain` shows the row as the sum of its single heads. A move
//! from the head at `i` to the option `g(a) + g(b) + ...` of `g(i)` turns
//! coin `i` and the coins `a, b, ...` (a coin named twice is turned twice,
//! that is not at all). When an option of a single head is not a sum of
//! single heads of the same game, the row is shown as the plain sum.

use super::check::MoveGraded;
use super::{Explanation, How, Move, MovesAnswer, NoMove, Reached, Reason, Rule, Step, show};
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use crate::ir::GameId;
use std::collections::BTreeSet;

/// One move of a row: the coins it turns (ascending) and the heads left.
struct CoinMove {
    turned: Vec<u64>,
    heads: BTreeSet<u64>,
}

/// The row written back as `H` and `T`, `len` coins long (or as long as
/// its last head).
pub fn row_text(heads: &BTreeSet<u64>, len: u64) -> String {
    let last = heads.iter().next_back().copied().unwrap_or(0).max(len);
    (1..=last)
        .map(|i| if heads.contains(&i) { 'H' } else { 'T' })
        .collect()
}

fn key(game: GameId, i: u64) -> Key {
    Key {
        game,
        args: [i].into_iter().collect(),
    }
}

/// Every move of a row, or `None` when some option of a single head is not
/// a sum of single heads of the game.
fn row_moves(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    heads: &BTreeSet<u64>,
) -> Result<Option<Vec<CoinMove>>, EvalError> {
    let mut out = Vec::new();
    for &i in heads {
        for option in store.options_of(defs, &key(game, i))? {
            let Some(turned) = crate::eval::value::coins_turned(&option, game, i) else {
                return Ok(None);
            };
            let left: BTreeSet<u64> = heads.symmetric_difference(&turned).copied().collect();
            out.push(CoinMove {
                turned: turned.into_iter().collect(),
                heads: left,
            });
        }
    }
    Ok(Some(out))
}

fn value(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    heads: &BTreeSet<u64>,
) -> Result<u64, EvalError> {
    let mut x = 0;
    for &h in heads {
        x ^= store.grundy(defs, &key(game, h))?;
    }
    Ok(x)
}

/// `moves g("...")`: the coins each winning move turns, or `None` when the
/// row's moves are not coin moves (then the caller lists them as a sum).
pub fn moves(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    heads: &[u64],
    len: u64,
) -> Result<Option<MovesAnswer>, EvalError> {
    let heads: BTreeSet<u64> = heads.iter().copied().collect();
    let total = value(defs, store, game, &heads)?;
    let name = &defs.games[game].name;
    let position = Some(format!("{name}({})", quoted(&heads, len)));
    if total == 0 {
        let why = NoMove::Row {
            quoted: quoted(&heads, len),
        };
        return Ok(Some(MovesAnswer::none(position, Reached::Value(0), why)));
    }
    let Some(all) = row_moves(defs, store, game, &heads)? else {
        return Ok(None);
    };
    let mut moves = Vec::new();
    for m in all {
        let v = value(defs, store, game, &m.heads)?;
        if v == 0 {
            moves.push(Move {
                step: Step::Turn(m.turned),
                to: Some(format!("{name}({})", quoted(&m.heads, len))),
                reached: Reached::Value(v),
            });
        }
    }
    moves.sort_by(|a, b| turned(a).cmp(turned(b)));
    moves.dedup_by(|a, b| turned(a) == turned(b));
    Ok(Some(MovesAnswer {
        position,
        reached: Reached::Value(total),
        moves,
        more: 0,
        none: None,
    }))
}

/// The coins a move turns.
fn turned(m: &Move) -> &[u64] {
    match &m.step {
        Step::Turn(c) => c,
        _ => &[],
    }
}

fn quoted(heads: &BTreeSet<u64>, len: u64) -> String {
    format!("\"{}\"", row_text(heads, len))
}

/// `explain g("...")`: the row as the sum of its single heads, and its
/// winning moves with the rows they leave.
pub fn explain(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    heads: &[u64],
    len: u64,
) -> Result<Explanation, EvalError> {
    let heads: BTreeSet<u64> = heads.iter().copied().collect();
    let name = &defs.games[game].name;
    let mut values = Vec::new();
    for &h in &heads {
        values.push(store.grundy(defs, &key(game, h))?);
    }
    let total = values.iter().fold(0, |a, b| a ^ b);
    let shown = format!("{name}({})", quoted(&heads, len));
    let sum = Game {
        parts: heads.iter().map(|&h| Part::Pos(key(game, h))).collect(),
    };
    let wins = if total == 0 {
        Some(Vec::new())
    } else {
        match row_moves(defs, store, game, &heads)? {
            None => None,
            Some(all) => {
                let mut wins = Vec::new();
                for m in all {
                    if value(defs, store, game, &m.heads)? == 0 {
                        wins.push((m.turned, quoted(&m.heads, len)));
                    }
                }
                Some(wins)
            }
        }
    };
    let how = How::Coins {
        shown: shown.clone(),
        heads: heads.iter().copied().collect(),
        sum: show::game(defs, &sum),
        values: values.clone(),
        wins,
    };
    let mut e = Explanation::new(Some(shown), Reached::Value(total), Rule::Coins, how);
    e.components = heads
        .iter()
        .zip(&values)
        .map(|(&h, &v)| (defs.show_key(&key(game, h)), v))
        .collect();
    Ok(e)
}

/// `check move g("...") -> g("...")`: the coins turned between the two
/// rows must be a move of the rightmost of them (heads to tails), and the
/// row left must have value 0. `None` when the row's moves are not coin
/// moves (the caller then checks the sums as sums).
pub fn check_move(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    from: &[u64],
    len: u64,
    to: &[u64],
) -> Result<Option<MoveGraded>, EvalError> {
    let Some(moves) = moves(defs, store, game, from, len)? else {
        return Ok(None);
    };
    let g: BTreeSet<u64> = from.iter().copied().collect();
    let h: BTreeSet<u64> = to.iter().copied().collect();
    let turned: Vec<u64> = g.symmetric_difference(&h).copied().collect();
    let (gs, hs) = (quoted(&g, len), quoted(&h, len));
    let name = &defs.games[game].name;
    let written = Some(format!("{name}({})", quoted(&h, len)));
    let v = value(defs, store, game, &h)?;
    let fail = |found: String, why: Vec<Reason>, legal: bool| {
        Ok(Some(MoveGraded {
            passed: false,
            legal,
            found,
            moves: moves.clone(),
            to: written.clone(),
            value: v,
            why,
        }))
    };
    let Some(&last) = turned.last() else {
        return fail(
            "no move".into(),
            vec![Reason::SameRow {
                to: hs,
                position: gs,
            }],
            false,
        );
    };
    if !g.contains(&last) {
        return fail(
            format!("no move from {gs} to {hs}"),
            vec![Reason::TailsToHeads { last }],
            false,
        );
    }
    let Some(all) = row_moves(defs, store, game, &g)? else {
        return Ok(None);
    };
    if !all.iter().any(|m| m.turned == turned) {
        return fail(
            format!("no move from {gs} to {hs}"),
            vec![Reason::NotACoinMove {
                turned,
                game: name.clone(),
                last,
            }],
            false,
        );
    }
    if v == 0 {
        return Ok(Some(MoveGraded {
            passed: true,
            legal: true,
            found: "a winning move".into(),
            moves,
            to: written,
            value: v,
            why: Vec::new(),
        }));
    }
    fail(
        format!("a move to a position of value {v}"),
        vec![Reason::RowNotZero {
            turned,
            to: hs,
            value: v,
        }],
        true,
    )
}
