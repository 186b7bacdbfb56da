//! The winning moves of a game: every move to a position of value 0. In a
//! sum, that is a component of value v moved to an option of value
//! v xor total: lower for a Nim heap, but an explicit game or a position may
//! also have options of higher value, and moving up can win too.

use super::heap_options::{self, OptionClass};
use super::{Move, MovesAnswer, NoMove, Reached, Step, show};
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::ControlFlow;

/// Winning moves listed before the rest are only counted.
const MAX_LINES: usize = 1000;

/// Every winning move (past the first [`MAX_LINES`] only counted); in a
/// P-position none, and why.
pub fn winning_moves(defs: &Defs, store: &mut Store, g: &Game) -> Result<MovesAnswer, EvalError> {
    let mut values = Vec::with_capacity(g.parts.len());
    for p in &g.parts {
        values.push(store.value(defs, &Game::single(p.clone()))?);
    }
    let total = values.iter().fold(0, |a, b| a ^ b);
    let position = show::written(defs, g);
    if total == 0 {
        let why = NoMove::Zero {
            shown: show::game(defs, g),
            values,
        };
        return Ok(MovesAnswer::none(position, Reached::Value(0), why));
    }
    let mut found = Listed::default();
    // The same component twice (`a + a`) gives the same moves twice.
    let mut done: FxHashSet<String> = FxHashSet::default();
    for (i, (p, &v)) in g.parts.iter().zip(&values).enumerate() {
        let target = v ^ total;
        if target >= v && matches!(p, Part::Nim { .. }) {
            continue;
        }
        let from = show::game(defs, &Game::single(p.clone()));
        if !done.insert(from.clone()) {
            continue;
        }
        let reached = Reached::Value(total ^ v ^ target);
        if let Part::Pos(key) = p
            && let Some(rule) = heap_options::rule_for(defs, store, key)
        {
            heap_options::each_option(defs, store, key, &rule, |c| {
                if c.value == target {
                    found.add(c.count, || {
                        class_move(defs, g, i, key, &from, c, reached.clone())
                    });
                }
                ControlFlow::Continue(())
            })?;
            continue;
        }
        // a picture: the edges whose cut wins
        if let Part::Picture(pic) = p {
            for (e, o) in store.picture_options(pic)? {
                if store.value(defs, &o)? == target {
                    let picture = (g.parts.len() > 1).then(|| from.clone());
                    found.add(1, || Move {
                        step: Step::Cut {
                            picture,
                            edge: pic.edges[e],
                        },
                        to: show::written(defs, &replaced(g, i, &o)),
                        reached: reached.clone(),
                    });
                }
            }
            continue;
        }
        // The same position reached in two ways (`a + b` and `b + a`) is one move.
        let mut seen: FxHashSet<Vec<String>> = FxHashSet::default();
        let mut terminal: FxHashMap<Key, bool> = FxHashMap::default();
        for to in options_of_value(defs, store, p, target)? {
            // heaps left with no moves are left out, as for the families
            // (a Nim heap and a single part stay as they are: `*1 -> *0`)
            let to = match p {
                Part::Nim { .. } => to,
                _ if to.parts.len() < 2 => to,
                _ => without_terminal(defs, store, to, &mut terminal)?,
            };
            if seen.insert(show::canonical(defs, &to)) {
                found.add(1, || Move {
                    step: Step::Replace {
                        from: from.clone(),
                        into: show::game(defs, &to),
                    },
                    to: show::written(defs, &replaced(g, i, &to)),
                    reached: reached.clone(),
                });
            }
        }
    }
    Ok(MovesAnswer {
        position,
        reached: Reached::Value(total),
        moves: found.moves,
        more: found.more,
        none: None,
    })
}

/// `g` with its part `i` replaced by the game `by` (its parts in its place).
pub fn replaced(g: &Game, i: usize, by: &Game) -> Game {
    let mut parts = Vec::with_capacity(g.parts.len() + by.parts.len());
    parts.extend(g.parts[..i].iter().cloned());
    parts.extend(by.parts.iter().cloned());
    parts.extend(g.parts[i + 1..].iter().cloned());
    Game { parts }
}

/// The positions the listed moves leave, written out, take at most this
/// many bytes together; past it a move's `to` is not written.
const WRITTEN_ALL: usize = 4 << 20;

/// The winning moves found so far: the first ones, then a count.
#[derive(Default)]
struct Listed {
    moves: Vec<Move>,
    more: u128,
    /// Bytes of the positions written so far.
    written: usize,
}

impl Listed {
    fn add(&mut self, count: u64, one: impl FnOnce() -> Move) {
        if self.moves.len() < MAX_LINES {
            let mut m = one();
            let len = m.to.as_ref().map_or(0, String::len);
            if self.written + len > WRITTEN_ALL {
                m.to = None;
            } else {
                self.written += len;
            }
            self.moves.push(m);
            self.more += u128::from(count) - 1;
        } else {
            self.more += u128::from(count);
        }
    }
}

/// `kayles(10) -> kayles(1) + kayles(8)`, or a class of moves of one
/// value, `kayles(N) -> kayles(a) + kayles(R - a) for a = 73, 85, ..., X`;
/// its position is the one the first move of the class leaves.
fn class_move(
    defs: &Defs,
    g: &Game,
    i: usize,
    key: &Key,
    from: &str,
    c: &OptionClass,
    reached: Reached,
) -> Move {
    let first = Game::of_heaps(key.game, &c.heaps);
    let to = show::written(defs, &replaced(g, i, &first));
    let step = if c.count <= 1 {
        Step::Replace {
            from: from.to_string(),
            into: show::game(defs, &first),
        }
    } else {
        Step::Class {
            from: from.to_string(),
            game: defs.games[key.game].name.clone(),
            first: c.heaps[0],
            step: c.step,
            last: c.last_heaps()[0],
            rest: c.heaps[0] + c.heaps[1],
            count: c.count,
        }
    };
    Move { step, to, reached }
}

/// The options of one component that have the given value.
/// `g` without its parts that have no moves (`kayles(0)`, `nim(0)`, `{}`):
/// the same game, written as a person would. `known` remembers positions.
fn without_terminal(
    defs: &Defs,
    store: &mut Store,
    g: Game,
    known: &mut FxHashMap<Key, bool>,
) -> Result<Game, EvalError> {
    let mut parts = Vec::with_capacity(g.parts.len());
    for p in g.parts {
        let none = match &p {
            Part::Nim { n, .. } => *n == 0,
            Part::Options(e) => e.options.is_empty(),
            Part::Picture(p) => p.edges.is_empty(),
            Part::Pos(key) => match known.get(key) {
                Some(&none) => none,
                None => {
                    let none = store.has_no_options(defs, key)?;
                    known.insert(key.clone(), none);
                    none
                }
            },
        };
        if !none {
            parts.push(p);
        }
    }
    Ok(Game { parts })
}

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
        Part::Picture(pic) => store
            .picture_options(pic)?
            .into_iter()
            .map(|(_, g)| g)
            .collect(),
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
