//! Memo tables for the positions of defined games, one a game: dense where
//! the positions are dense, sparse where they are not.
//!
//! Positions are grouped into tiles: for one parameter, runs of 1024
//! consecutive heaps; for two, squares of 32 x 32; for three, cubes of
//! 8 x 8 x 8; and so on. A position is first kept in a hash map; once an
//! eighth of a tile's positions are known, the tile is allocated as a dense
//! array and they move into it. So `f(n - 1)` chains fill dense tiles, and
//! `f(n / 2)` from 2^64 - 1 holds 64 hashed entries, never a table the size
//! of the largest heap. Every allocation is taken from a [`Budget`] first.

mod hash;
mod tiles;

pub use hash::{Mix, MixMap};

use super::budget::Budget;
use super::error::EvalError;
use super::value::Args;
use tiles::Tiles;

/// What is known of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Unknown,
    /// Being worked out: its options are being valued (on the current path).
    Gray,
    Done(u64),
}

const UNKNOWN: u64 = u64::MAX;
const GRAY: u64 = u64::MAX - 1;

fn encode(state: State) -> u64 {
    match state {
        State::Unknown => UNKNOWN,
        State::Gray => GRAY,
        // a mex is at most the number of options, far below the markers
        State::Done(x) => x.min(GRAY - 1),
    }
}

fn decode(x: u64) -> State {
    match x {
        UNKNOWN => State::Unknown,
        GRAY => State::Gray,
        x => State::Done(x),
    }
}

const WHAT: &str = crate::eval::budget::WORK;

#[derive(Debug)]
pub struct Memo {
    tiles: Option<Tiles>,
    /// Positions not in a tile.
    sparse: MixMap<Args, u64>,
    /// Positions held (being worked out or done).
    len: u64,
}

impl Memo {
    pub fn new(arity: usize) -> Memo {
        Memo {
            tiles: Tiles::new(arity),
            sparse: MixMap::default(),
            len: 0,
        }
    }

    /// Positions held.
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// About how many bytes the table holds.
    pub fn bytes(&self) -> u64 {
        let tiles = self.tiles.as_ref().map_or(0, Tiles::bytes);
        tiles.saturating_add(hash::map_bytes::<Args, u64>(self.sparse.capacity()))
    }

    #[inline]
    pub fn get(&self, args: &[u64]) -> State {
        if let Some(t) = &self.tiles
            && let Some(x) = t.get(args)
        {
            return decode(x);
        }
        if self.sparse.is_empty() {
            return State::Unknown;
        }
        self.sparse
            .get(args)
            .copied()
            .map_or(State::Unknown, decode)
    }

    /// Records a position as being worked out or done; returns true if it
    /// is new to the table. Fails (before allocating) when the budget
    /// cannot hold the growth.
    pub fn set(
        &mut self,
        args: &[u64],
        state: State,
        budget: &mut Budget,
    ) -> Result<bool, EvalError> {
        debug_assert!(state != State::Unknown, "use forget");
        let x = encode(state);
        if let Some(t) = &mut self.tiles
            && let Some(old) = t.slot(args)
        {
            let new = *old == UNKNOWN;
            *old = x;
            self.len += u64::from(new);
            return Ok(new);
        }
        if let Some(old) = self.sparse.get_mut(args) {
            *old = x;
            return Ok(false);
        }
        if let Some(t) = &mut self.tiles
            && t.wants_tile(args)
        {
            // the tile is dense enough: allocate it, move its entries in
            t.allocate(args, budget, WHAT)?;
            t.adopt(args, &mut self.sparse);
            let slot = t.slot(args).expect("allocated just now");
            *slot = x;
            self.len += 1;
            return Ok(true);
        }
        if let Some(t) = &mut self.tiles {
            t.count(args, budget, WHAT)?;
        }
        if let Err(e) = hash::grow_map(&mut self.sparse, budget, WHAT) {
            if let Some(t) = &mut self.tiles {
                t.uncount(args);
            }
            return Err(e);
        }
        self.sparse.insert(Args::from_slice(args), x);
        self.len += 1;
        Ok(true)
    }

    /// Forgets a position (after a failed evaluation); true if it was held.
    pub fn forget(&mut self, args: &[u64]) -> bool {
        if let Some(t) = &mut self.tiles
            && let Some(old) = t.slot(args)
        {
            let held = *old != UNKNOWN;
            *old = UNKNOWN;
            self.len -= u64::from(held);
            return held;
        }
        let held = self.sparse.remove(args).is_some();
        if held && let Some(t) = &mut self.tiles {
            t.uncount(args);
        }
        self.len -= u64::from(held);
        held
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::limits::{Limits, MIB};

    fn budget(mib: u64) -> Budget {
        Budget::new(
            Limits {
                memory: mib * MIB,
                ..Limits::default()
            },
            0,
        )
    }

    #[test]
    fn far_apart_heaps_stay_sparse() {
        let mut m = Memo::new(1);
        let mut b = budget(64);
        let mut n = u64::MAX;
        while n > 0 {
            assert!(m.set(&[n], State::Done(n % 7), &mut b).unwrap());
            n /= 2;
        }
        assert_eq!(m.len(), 64);
        assert!(m.bytes() < 16 * 1024, "{}", m.bytes());
        let mut n = u64::MAX;
        while n > 0 {
            assert_eq!(m.get(&[n]), State::Done(n % 7));
            n /= 2;
        }
        assert_eq!(m.get(&[12345]), State::Unknown);
    }

    #[test]
    fn a_chain_fills_dense_tiles() {
        let mut m = Memo::new(1);
        let mut b = budget(64);
        for n in (0..100_000u64).rev() {
            m.set(&[n], State::Gray, &mut b).unwrap();
        }
        for n in 0..100_000u64 {
            assert!(!m.set(&[n], State::Done(n & 1), &mut b).unwrap());
        }
        assert_eq!(m.len(), 100_000);
        // about 8 bytes a position, with the directory and a few hashed
        assert!(m.bytes() < 1_200_000, "{}", m.bytes());
        for n in 0..100_000u64 {
            assert_eq!(m.get(&[n]), State::Done(n & 1));
        }
        assert!(m.forget(&[5]));
        assert_eq!(m.get(&[5]), State::Unknown);
        assert_eq!(m.len(), 99_999);
    }

    #[test]
    fn two_parameters_in_squares() {
        let mut m = Memo::new(2);
        let mut b = budget(64);
        for i in 0..300u64 {
            for j in 0..300u64 {
                m.set(&[i, j], State::Done(i ^ j), &mut b).unwrap();
            }
        }
        for i in 0..300u64 {
            for j in 0..300u64 {
                assert_eq!(m.get(&[i, j]), State::Done(i ^ j));
            }
        }
        // 300 x 300 positions in 10 x 10 squares of 1024, and room to grow
        assert!(m.bytes() < 1_300_000, "{}", m.bytes());
        // sparse positions of a two-parameter game
        m.set(&[u64::MAX, 7], State::Gray, &mut b).unwrap();
        assert_eq!(m.get(&[u64::MAX, 7]), State::Gray);
        assert_eq!(m.get(&[u64::MAX, 8]), State::Unknown);
    }

    #[test]
    fn growth_past_the_budget_is_an_error() {
        let mut m = Memo::new(1);
        let mut b = budget(1);
        let r = (0..1_000_000u64).try_for_each(|n| m.set(&[n], State::Done(0), &mut b).map(|_| ()));
        let Err(EvalError::Failed(d)) = r else {
            panic!("expected a memory diagnostic")
        };
        assert!(d.hint.unwrap().contains("set memory"));
        assert!(m.len() < 1_000_000);
    }

    #[test]
    fn no_parameters_and_many() {
        let mut m = Memo::new(0);
        let mut b = budget(1);
        m.set(&[], State::Done(3), &mut b).unwrap();
        assert_eq!(m.get(&[]), State::Done(3));
        let mut m = Memo::new(12);
        let k: Vec<u64> = (0..12).collect();
        m.set(&k, State::Done(1), &mut b).unwrap();
        assert_eq!(m.get(&k), State::Done(1));
    }
}
