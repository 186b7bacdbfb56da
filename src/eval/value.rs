//! Run-time values: integers, sets of integers and games. A game is a sum
//! of parts (nim heaps, positions of defined games, explicit option sets);
//! the empty sum is the zero game.

use crate::ir::GameId;
use smallvec::SmallVec;
use std::rc::Rc;

/// The arguments of a position, `two(3, 5)`: most games take one or two.
pub type Args = SmallVec<[u64; 3]>;

/// A position of a defined game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub game: GameId,
    pub args: Args,
}

#[derive(Debug, Clone)]
pub enum Value {
    Int(u64),
    Game(Game),
    IntSet(Rc<[u64]>),
}

#[derive(Debug, Clone, Default)]
pub struct Game {
    pub parts: Vec<Part>,
}

#[derive(Debug, Clone)]
pub enum Part {
    /// A Nim heap: written `*n` (star) or `nim(n)`.
    Nim {
        n: u64,
        star: bool,
    },
    Pos(Key),
    Options(Rc<Explicit>),
    /// A Green Hackenbush picture (only the edges still standing).
    Picture(Rc<crate::engine::hackenbush::Picture>),
}

/// An explicit game, `{*1, {*1}, *2}`, with its value worked out when it was
/// built (its options were built, and valued, before it).
#[derive(Debug)]
pub struct Explicit {
    pub options: Vec<Game>,
    pub value: u64,
}

impl Game {
    pub fn zero() -> Game {
        Game { parts: Vec::new() }
    }

    pub fn single(part: Part) -> Game {
        Game { parts: vec![part] }
    }

    pub fn plus(mut self, other: Game) -> Game {
        self.parts.extend(other.parts);
        self
    }

    /// The sum of heaps of a one-parameter game (`0` for none).
    pub fn of_heaps(game: crate::ir::GameId, heaps: &[u64]) -> Game {
        Game {
            parts: heaps
                .iter()
                .map(|&h| {
                    Part::Pos(Key {
                        game,
                        args: [h].into_iter().collect(),
                    })
                })
                .collect(),
        }
    }
}

/// The minimum excludant: the least value not among `values`. Uses `seen` as
/// scratch space; values past the count cannot matter.
pub fn mex_of(values: &[u64], seen: &mut Vec<bool>) -> u64 {
    seen.clear();
    seen.resize(values.len() + 1, false);
    for &v in values {
        if let Ok(i) = usize::try_from(v)
            && i < seen.len()
        {
            seen[i] = true;
        }
    }
    seen.iter().position(|&b| !b).unwrap_or(values.len()) as u64
}

/// The coins a move of a coin game turns from a head at `head`: the head
/// and the heads of the option `option` (a sum of single heads `game(j)`,
/// `j < head`; a coin named twice is turned twice, that is not at all).
/// `None` when the option is not such a sum.
pub fn coins_turned(
    option: &Game,
    game: crate::ir::GameId,
    head: u64,
) -> Option<std::collections::BTreeSet<u64>> {
    let mut turned = std::collections::BTreeSet::from([head]);
    for p in &option.parts {
        match p {
            Part::Pos(k) if k.game == game && k.args.len() == 1 && k.args[0] < head => {
                if !turned.remove(&k.args[0]) {
                    turned.insert(k.args[0]);
                }
            }
            Part::Nim { n: 0, .. } => {}
            _ => return None,
        }
    }
    Some(turned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_examples() {
        let mut s = Vec::new();
        assert_eq!(mex_of(&[0, 1, 2, 5, 9], &mut s), 3);
        assert_eq!(mex_of(&[], &mut s), 0);
        assert_eq!(mex_of(&[1, 2], &mut s), 0);
        assert_eq!(mex_of(&[2, 0, 1, 0], &mut s), 3);
        assert_eq!(mex_of(&[u64::MAX, 0], &mut s), 1);
    }
}
