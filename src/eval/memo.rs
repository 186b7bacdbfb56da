//! Memo tables for the positions of defined games: dense for one-parameter
//! games whose values are mexes (indexed by the heap), hashed otherwise.

use super::value::Args;
use rustc_hash::FxHashMap;

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

#[derive(Debug)]
pub enum Memo {
    /// Values of a one-parameter mex rule by heap size. A mex is at most the
    /// number of options, so the two top values are free for the markers.
    Dense(Vec<u64>),
    Hash(FxHashMap<Args, State>),
}

impl Memo {
    pub fn new(dense: bool) -> Memo {
        if dense {
            Memo::Dense(Vec::new())
        } else {
            Memo::Hash(FxHashMap::default())
        }
    }

    pub fn get(&self, args: &[u64]) -> State {
        match self {
            Memo::Dense(v) => match usize::try_from(args[0]).ok().and_then(|i| v.get(i)) {
                None | Some(&UNKNOWN) => State::Unknown,
                Some(&GRAY) => State::Gray,
                Some(&x) => State::Done(x),
            },
            Memo::Hash(m) => m.get(args).copied().unwrap_or(State::Unknown),
        }
    }

    /// Records a state; returns true if the position is new to the table.
    pub fn set(&mut self, args: &[u64], state: State) -> bool {
        match self {
            Memo::Dense(v) => {
                let i = args[0] as usize;
                if i >= v.len() {
                    let len = (i + 1).max(v.len().saturating_mul(2)).max(64);
                    v.resize(len, UNKNOWN);
                }
                let old = v[i];
                v[i] = match state {
                    State::Unknown => UNKNOWN,
                    State::Gray => GRAY,
                    State::Done(x) => x.min(GRAY - 1),
                };
                old == UNKNOWN
            }
            Memo::Hash(m) => {
                if state == State::Unknown {
                    m.remove(args);
                    false
                } else {
                    m.insert(Args::from_slice(args), state).is_none()
                }
            }
        }
    }

    pub fn clear(&mut self) {
        match self {
            Memo::Dense(v) => *v = Vec::new(),
            Memo::Hash(m) => *m = FxHashMap::default(),
        }
    }
}
