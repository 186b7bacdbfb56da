//! Misère quotients of rule families: the sums of heaps `0..=N` of one
//! rule, reduced modulo indistinguishability, as a finite commutative
//! monoid with a P-portion.
//!
//! # Definitions
//!
//! A *word* is a sum of heaps of the rule, written as the multiset of its
//! heaps (heaps without options are the empty game and are left out). For
//! words `u`, `v` of heaps at most `N`, `u ~ v` when `o(u + x) = o(v + x)`
//! for every word `x` (`o` the misère outcome). `~` is a congruence for
//! sums, so the classes form a commutative monoid `Q`, the *quotient*, and
//! the classes of P-positions its *P-portion* `P`. Write `Φ(u)` for the
//! class of `u`; `Φ` is a monoid map, so `Φ` of a word is the product of
//! `Φ` of its heaps.
//!
//! # The verification theorem (what every answer rests on)
//!
//! Let `M` be any finite commutative monoid, `φ` a map from heaps to `M`
//! extended to words multiplicatively, and `S ⊆ M`. For a word `w` let
//! `tr(w) = {φ(w') : w' an option of w}`. Then
//! `tr(w + h) = tr(w)·φ(h) ∪ φ(w)·T(h)`, where `T(h) = {φ(o) : o an
//! option of heap h}`: an option of `w + h` moves in `w` or in `h`. So the
//! *state* `(φ(w), tr(w))` of a word is computed from the states of its
//! sub-words, and the states of all words are the closure of the empty
//! word's state `(1, ∅)` under the letters `(φ(h), T(h))`: a finite set,
//! found by a search over states ([`states`]).
//!
//! **Theorem.** If every state `(x, t)` in that closure satisfies
//! `x ∈ S ⟺ t ≠ ∅ and t ∩ S = ∅`, then `o(w) = P ⟺ φ(w) ∈ S` for every
//! word `w`. Proof by induction on `w`: `w` is P exactly when it has an
//! option and none of its options is P; by induction an option `w'` is P
//! exactly when `φ(w') ∈ S`; so `w` is P exactly when `tr(w) ≠ ∅` and
//! `tr(w) ∩ S = ∅`, which by the condition is `φ(w) ∈ S`.
//!
//! **Corollary.** If moreover `φ` is onto and `(M, S)` is *reduced* (no two
//! elements `x ≠ y` with `xz ∈ S ⟺ yz ∈ S` for all `z`), then `(M, S)` is
//! the quotient and `φ = Φ`. For `φ(u) = φ(v)` gives `φ(u + x) = φ(v + x)`,
//! so `u ~ v`; and `u ~ v` gives `φ(u)z ∈ S ⟺ φ(v)z ∈ S` for every
//! `z = φ(x)`, all of `M` as `φ` is onto, so `φ(u) = φ(v)`.
//!
//! # Building the quotient heap by heap ([`solve`])
//!
//! With the quotient `Q` of heaps below `n` and its verified states:
//!
//! 1. *Same monoid.* Try `φ(n) = x` for each `x ∈ Q`: the states of words
//!    with heap `n` are those of the old states with the letter of `n`
//!    applied, closed under all letters; the theorem's condition is checked
//!    on each new state. If it holds, `Q` is the quotient of heaps to `n`
//!    (the corollary: `Q` is still reduced and `φ` onto). At most one `x`
//!    can pass, since the quotient map is unique.
//! 2. *A larger monoid.* Otherwise the quotient grows. A *trial* monoid is
//!    `Q` times cyclic monoids `C(i, p) = ⟨a | a^(i+p) = a^i⟩`, one for heap
//!    `n` and one for each heap whose powers are tracked apart from `Q`
//!    ([`trial`]). The P-portion of the trial is not known: it is found by
//!    visiting states in the order of a weight that every move lowers
//!    (`m·h − m + 1` for a heap of `h`, `m` the most heaps a move leaves:
//!    the parts of an option weigh less than the heap). When a state is
//!    visited, all words of smaller weight have been, so every element of
//!    its `tr` is marked; the state marks its element `x` with the
//!    theorem's rule, or, when `x` is marked already, the two must agree.
//!    By induction on the weight, every visited state's word then has the
//!    outcome its element is marked with: the word that marked `x` has it,
//!    and a word whose state disagrees has the outcome the rule gives from
//!    its options, the other one. So a disagreement yields two words `u`,
//!    `v` with `φ(u) = φ(v)` and different outcomes: the trial identifies
//!    two distinguishable words and is refined so as to separate them (a
//!    heap in which they differ gets its own cyclic factor, or a longer
//!    one), and the search runs again. A search without disagreement is
//!    the theorem's condition on every state: the trial is verified, and
//!    its reduction ([`reduce`], Moore's partition refinement over the
//!    heaps' elements) is the quotient by the corollary.
//!
//! Refinements only ever make the trial finer (a heap's cyclic factor has
//! the index and period of its element in `Q` or longer), so each pair of
//! words once separated stays separated; the trial's size and the states
//! visited are bounded by the [`Budget`](super::Budget).
//!
//! # Periods ([`period`])
//!
//! When the heap-to-element map repeats with period `p` from `n0` over a
//! long enough stretch, the quotient is proven to hold for every heap: see
//! that module.

mod period;
mod present;
mod reduce;
mod solve;
mod states;
#[cfg(test)]
mod tests;
mod trial;

pub use present::Presentation;
pub use solve::{Attempt, Solver};
pub use trial::Cyclic;
pub use states::Spend;

/// A finite commutative monoid with a P-portion: the quotient itself.
/// Element 0 is the identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Number of elements.
    pub order: u32,
    /// `mul[a * order + b]` is `a·b`.
    pub mul: Vec<u32>,
    /// `p[a]`: `a` is in the P-portion.
    pub p: Vec<bool>,
}

impl Table {
    /// The trivial monoid, the quotient of no heaps (the empty game is N).
    pub fn trivial() -> Table {
        Table {
            order: 1,
            mul: vec![0],
            p: vec![false],
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        4 * self.mul.len() as u64 + self.p.len() as u64 + 64
    }

    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.order as usize + b as usize]
    }

    /// The index and period of `x`'s powers: `x^(i+p) = x^i`.
    pub fn index_period(&self, x: u32) -> (u32, u32) {
        let mut seen = vec![u32::MAX; self.order as usize];
        let mut y = 0u32;
        let mut k = 0u32;
        loop {
            if seen[y as usize] != u32::MAX {
                let i = seen[y as usize];
                return (i, k - i);
            }
            seen[y as usize] = k;
            y = self.mul(y, x);
            k += 1;
        }
    }
}

/// A monoid the state search can multiply in.
pub(crate) trait Monoid {
    fn mul(&self, a: u32, b: u32) -> u32;
    /// The identity.
    fn one(&self) -> u32 {
        0
    }
}

impl Monoid for Table {
    fn mul(&self, a: u32, b: u32) -> u32 {
        Table::mul(self, a, b)
    }
}

/// Why a quotient was not computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuotientError {
    Interrupted,
    /// The states of the words would pass `set positions`.
    States {
        limit: u64,
    },
    /// A trial monoid would pass `set positions` elements.
    Order {
        heap: u64,
        limit: u64,
    },
    /// The work passed `set options`.
    Work {
        limit: u64,
    },
    /// The memory held would pass `set memory`.
    Memory {
        bytes: u64,
    },
    /// The trial was refined this many times at one heap without being
    /// verified.
    Rounds {
        heap: u64,
    },
    /// A heap with more options than the quotient's search handles.
    Options {
        heap: u64,
    },
}

impl From<crate::engine::Interrupted> for QuotientError {
    fn from(_: crate::engine::Interrupted) -> Self {
        QuotientError::Interrupted
    }
}

/// A family's quotient kept for the session, with the heap at which
/// extending it last failed under the work limit then in force.
#[derive(Clone)]
pub struct Kept {
    pub solver: Solver,
    pub refused: Option<(u64, u64)>,
}
