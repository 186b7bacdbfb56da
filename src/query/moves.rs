//! The winning moves of a game: every move to a position of value 0. In a
//! sum, that is a component of value v moved to an option of value
//! v xor total: lower for a Nim heap, but an explicit game or a position may
//! also have options of higher value, and moving up can win too.

use super::heap_options::{self, OptionClass};
use super::{Answer, show};
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::ControlFlow;

/// Winning moves listed before the rest are only counted.
const MAX_LINES: usize = 1000;

/// Every winning move, as `from -> to` (past the first [`MAX_LINES`] only
/// counted); in a P-position none, and why.
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
            more: 0,
            none: Some(why),
        });
    }
    let mut found = Listed::default();
    // The same component twice (`a + a`) gives the same moves twice.
    let mut done: FxHashSet<String> = FxHashSet::default();
    for (p, &v) in g.parts.iter().zip(&values) {
        let target = v ^ total;
        if target >= v && matches!(p, Part::Nim { .. }) {
            continue;
        }
        let from = show::game(defs, &Game::single(p.clone()));
        if !done.insert(from.clone()) {
            continue;
        }
        if let Part::Pos(key) = p
            && let Some(rule) = heap_options::rule_for(defs, store, key)
        {
            heap_options::each_option(defs, store, key, &rule, |c| {
                if c.value == target {
                    found.add(c.count, || class_line(defs, key, &from, c));
                }
                ControlFlow::Continue(())
            })?;
            continue;
        }
        // a picture: the edges whose cut wins
        if let Part::Picture(pic) = p {
            for (i, o) in store.picture_options(pic)? {
                if store.value(defs, &o)? == target {
                    let (a, b) = pic.edges[i];
                    found.add(1, || match g.parts.len() {
                        1 => format!("cut {a}-{b}"),
                        _ => format!("{from}: cut {a}-{b}"),
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
                found.add(1, || format!("{from} -> {}", show::game(defs, &to)));
            }
        }
    }
    Ok(Answer::Moves {
        moves: found.lines,
        more: found.more,
        none: None,
    })
}

/// The winning moves found so far: the first lines, then a count.
#[derive(Default)]
struct Listed {
    lines: Vec<String>,
    more: u128,
}

impl Listed {
    fn add(&mut self, count: u64, line: impl FnOnce() -> String) {
        if self.lines.len() < MAX_LINES {
            self.lines.push(line());
            self.more += u128::from(count) - 1;
        } else {
            self.more += u128::from(count);
        }
    }
}

/// `kayles(10) -> kayles(1) + kayles(8)`, or for a class of moves of one
/// value, `kayles(N) -> kayles(a) + kayles(R - a) for a = 73, 85, ..., X (K moves)`.
fn class_line(defs: &Defs, key: &Key, from: &str, c: &OptionClass) -> String {
    let heap = |h: u64| {
        defs.show_key(&Key {
            game: key.game,
            args: [h].into_iter().collect(),
        })
    };
    if c.count <= 1 {
        let to: Vec<String> = c.heaps.iter().map(|&h| heap(h)).collect();
        let to = if to.is_empty() {
            "0".to_string()
        } else {
            to.join(" + ")
        };
        return format!("{from} -> {to}");
    }
    let name = &defs.games[key.game].name;
    let rest = c.heaps[0] + c.heaps[1];
    let last = c.last_heaps()[0];
    format!(
        "{from} -> {name}(a) + {name}({rest} - a) for a = {}, {}, ..., {last} ({} moves)",
        c.heaps[0],
        c.heaps[0] + c.step,
        c.count
    )
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
