//! Misère play (the player who cannot move wins). Outcomes do not follow
//! from nim-sums here: a sum's misère outcome is not a function of its
//! components' Grundy values (nim(1) and {nim(1)}... differ once summed).
//! Sums of Nim heaps follow Bouton's misère rule; anything else is settled by
//! an exhaustive, memoized search over the sum's positions, each a sorted
//! multiset of components, with an explicit stack and a position limit.

use crate::diag::Diagnostic;
use crate::eval::value::Explicit;
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A component, compared by identity for explicit games.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Comp {
    Nim(u64),
    Pos(u64, Vec<u64>),
    Explicit(usize),
}

type Position = Vec<Comp>;

/// True when the game is a P-position in misère play.
pub fn misere_p(defs: &Defs, store: &mut Store, g: &Game) -> Result<bool, EvalError> {
    // Working out the normal-play value first reports loopy rules cleanly.
    store.value(defs, g)?;
    if let Some(heaps) = nim_heaps(g) {
        return Ok(bouton(&heaps));
    }
    let mut search = Search {
        defs,
        store,
        explicit: FxHashMap::default(),
        options: FxHashMap::default(),
        memo: FxHashMap::default(),
    };
    let root = search.position(g);
    search.run(root)
}

fn nim_heaps(g: &Game) -> Option<Vec<u64>> {
    g.parts
        .iter()
        .map(|p| match p {
            Part::Nim { n, .. } => Some(*n),
            _ => None,
        })
        .collect()
}

/// Bouton: with every heap at most 1, P when the number of 1-heaps is odd;
/// otherwise P exactly when the nim-sum is 0, as in normal play.
pub fn bouton(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |a, b| a ^ b) == 0
    }
}

struct Search<'a> {
    defs: &'a Defs,
    store: &'a mut Store,
    explicit: FxHashMap<usize, Rc<Explicit>>,
    /// Each component's options, as lists of components.
    options: FxHashMap<Comp, Rc<Vec<Position>>>,
    /// Misère outcome of positions: true for P.
    memo: FxHashMap<Position, bool>,
}

impl Search<'_> {
    fn comp(&mut self, p: &Part) -> Option<Comp> {
        match p {
            Part::Nim { n: 0, .. } => None,
            Part::Nim { n, .. } => Some(Comp::Nim(*n)),
            Part::Pos(k) => Some(Comp::Pos(k.game as u64, k.args.to_vec())),
            Part::Options(e) if e.options.is_empty() => None,
            Part::Options(e) => {
                let id = Rc::as_ptr(e) as usize;
                self.explicit.entry(id).or_insert_with(|| e.clone());
                Some(Comp::Explicit(id))
            }
        }
    }

    fn position(&mut self, g: &Game) -> Position {
        let mut pos: Position = g.parts.iter().filter_map(|p| self.comp(p)).collect();
        pos.sort();
        pos
    }

    fn comp_options(&mut self, c: &Comp) -> Result<Rc<Vec<Position>>, EvalError> {
        if let Some(o) = self.options.get(c) {
            return Ok(o.clone());
        }
        let games: Vec<Game> = match c {
            Comp::Nim(n) if *n > self.store.limits.positions => {
                return Err(EvalError::from(
                    Diagnostic::unplaced(format!("nim({n}) is too large for a misère search"))
                        .hint("`set positions N` raises the limit"),
                ));
            }
            Comp::Nim(n) => (0..*n)
                .map(|k| Game::single(Part::Nim { n: k, star: false }))
                .collect(),
            Comp::Pos(game, args) => {
                let key = Key {
                    game: *game as usize,
                    args: args.iter().copied().collect(),
                };
                self.store.options_of(self.defs, &key)?
            }
            Comp::Explicit(id) => self.explicit[id].options.clone(),
        };
        let out: Vec<Position> = games.iter().map(|g| self.position(g)).collect();
        let out = Rc::new(out);
        self.options.insert(c.clone(), out.clone());
        Ok(out)
    }

    /// The positions one move away.
    fn moves(&mut self, pos: &Position) -> Result<Vec<Position>, EvalError> {
        let mut out = Vec::new();
        for (i, c) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == *c {
                continue;
            }
            for o in self.comp_options(c)?.iter() {
                let mut next: Position = pos[..i]
                    .iter()
                    .chain(&pos[i + 1..])
                    .chain(o)
                    .cloned()
                    .collect();
                next.sort();
                out.push(next);
            }
            self.store.ticker.tick()?;
        }
        Ok(out)
    }

    fn run(&mut self, root: Position) -> Result<bool, EvalError> {
        let limit = self.store.limits.positions;
        let mut stack = vec![root.clone()];
        while let Some(pos) = stack.pop() {
            if self.memo.contains_key(&pos) {
                continue;
            }
            let moves = self.moves(&pos)?;
            let p = if moves.iter().any(|m| self.memo.get(m) == Some(&true)) {
                false
            } else {
                let unknown: Vec<Position> = moves
                    .iter()
                    .filter(|m| !self.memo.contains_key(*m))
                    .cloned()
                    .collect();
                if !unknown.is_empty() {
                    // Come back to this position once its options are known.
                    stack.push(pos);
                    stack.extend(unknown);
                    continue;
                }
                // Every move leads to an N-position: P; but with no move at
                // all the player to move wins: N.
                !moves.is_empty()
            };
            self.memo.insert(pos, p);
            if self.memo.len() as u64 > limit {
                return Err(EvalError::from(
                    Diagnostic::unplaced(format!("the misère search passed {limit} positions"))
                        .hint("`set positions N` raises the limit; sums of Nim heaps are answered at once by Bouton's rule"),
                ));
            }
        }
        Ok(self.memo[&root])
    }
}

#[cfg(test)]
mod tests {
    use super::bouton;

    #[test]
    fn bouton_rule() {
        assert!(!bouton(&[])); // no move: the player to move wins
        assert!(bouton(&[1])); // must take the last token and lose
        assert!(!bouton(&[1, 1]));
        assert!(bouton(&[1, 1, 1]));
        assert!(!bouton(&[2])); // take 1, leaving 1
        assert!(bouton(&[2, 2]));
        assert!(!bouton(&[1, 2, 3, 4]));
        assert!(bouton(&[1, 2, 3]));
    }
}
