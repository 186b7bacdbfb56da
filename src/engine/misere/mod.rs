//! Misère play (the player who cannot move wins): outcomes and misère
//! Grundy values of sums of games, by proven shortcuts where they apply and
//! otherwise by an exhaustive, memoized, depth-first search.
//!
//! # The mathematics used (each step proven here, and tested in
//! `tests.rs` against a naive search)
//!
//! Write `o(G)` for the misère outcome and `G ≡ H` when `o(G + X) = o(H + X)`
//! for every game `X` (misère equivalence). `≡` is a congruence for sums:
//! `G ≡ H` gives `G + K ≡ H + K` (take `X = K + X'`).
//!
//! **Mimic lemma.** `G ≡ H` when (i) every option `G'` is `≡` some option
//! `H'` or has an option `G'' ≡ H`, (ii) the same with `G` and `H` swapped,
//! and (iii) `o(G) = o(H)`. Proof, by induction on `X`: let `G + X` be a
//! P-position. If `H + X` had no move, `X = 0` and `H` has no move, so
//! `o(H) = N` while `o(G) = P`, against (iii). A move to `H' + X` with
//! `H' ≡ G'` has the outcome of `G' + X`, an option of a P-position: N. A
//! move to `H' + X` where `H'' ≡ G` answers with `H'' + X`, of the outcome
//! of `G + X` (P), so `H' + X` is N. A move to `H + X'` has, by induction,
//! the outcome of `G + X'`: N. So `H + X` is P; the converse is symmetric.
//!
//! Consequences used here:
//! * Replacing options by equivalent games gives an equivalent game (every
//!   option matches an option, and outcomes depend on options' outcomes).
//! * **Mex rule.** Let the options of `G` be games `≡ *a` for `a` in a set
//!   `A`, and other games each of which has an option `≡ *m`, where
//!   `m = mex A`. Then `G ≡ *m` unless `m = 0`, `1 ∉ A` and `G` has options.
//!   (i): `*a` with `a < m` is an option of `*m`; with `a > m` it has the
//!   option `*m`; the others have an option `≡ *m` by assumption. (ii):
//!   every `*j`, `j < m`, is in `A`. (iii): `*m` is P exactly when `m = 1`;
//!   for `m >= 2` the option `≡ *1` (a P-position) makes `G` N; for `m = 1`
//!   no option is `≡ *1` and every other option has a move to `≡ *1` (P),
//!   so every option is N and `G` is P; for `m = 0` the option `≡ *1`
//!   makes `G` N, like `*0`. This is [`classes`]' test.
//! * `*1 + *1 ≡ 0` (mex rule: the options are `*1`, `A = {1}`) and
//!   `*a + *1 ≡ *(a xor 1)` (mex rule by induction on `a`). So `*1`s cancel
//!   in pairs and fold into any heap, and a sum of Nim heaps with at most
//!   one heap larger than 1 is `≡ *(nim-sum)`; with two or more heaps of 2
//!   or more, the low bits may be moved between heaps in pairs
//!   (`*a + *b ≡ *a + *1 + *1 + *b`). [`atoms::canon_nims`] reduces every
//!   Nim part this way.
//! * **Bouton.** A sum of Nim heaps is P exactly when every heap is at most
//!   1 and their number is odd, or some heap is larger and the nim-sum is 0.
//! * **Misère Grundy value.** For any game `W` there is exactly one `b`
//!   with `W + *b` a P-position: `G⁻(W)`, which is 1 when `W` has no move
//!   and `mex{G⁻(W')}` over the options `W'` otherwise. (Two such `b < c`
//!   cannot be, since `W + *c` moves to `W + *b`; that `G⁻(W)` works
//!   follows by induction on `W` and `b`.) So a Nim heap beside anything
//!   else is answered from the misère Grundy value of the rest, and a heap
//!   of 10^5 tokens never enters the search.
//!
//! **Equal components share** ([`classes::Shared`]): wild opaque
//! components with the same canonical form ([`canonical`]) get one atom;
//! replacing a component by an equal game changes no outcome of any sum.
//!
//! # The search
//!
//! A position is a sorted array of `u32` atoms ([`atoms`]): components not
//! known to be Nim heaps (interned, [`classes`]) and a canonical Nim part.
//! Positions are interned in one arena with a hash table ([`states`]);
//! the depth-first search ([`search`]) keeps one frame per open position
//! with one cursor over its moves, so nothing is pushed eagerly. The number
//! of positions held, the options visited and the bytes taken are counted
//! against the [`Budget`], and estimated up front for rule families and Nim
//! heaps ([`family`]) so that hopeless questions are refused at once.

mod atoms;
pub mod canonical;
mod classes;
mod family;
pub mod genus;
pub mod quotient;
mod reach;
mod search;
mod states;
#[cfg(test)]
mod tests;

use super::rule::HeapRule;
use super::{Interrupted, Watch};
use atoms::Nims;
use classes::Comps;
use family::FamilyClasses;
use states::States;

pub use atoms::{bouton_p, nim_sum_grundy};

/// A component of a sum, as the caller names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Item {
    /// A Nim heap.
    Nim(u64),
    /// A heap of a rule family registered with [`Engine::add_family`].
    Heap { family: u32, n: u64 },
    /// Anything else: its options come from the [`Source`].
    Opaque(u32),
}

/// Where the options of opaque components come from, and who watches.
pub trait Source {
    type Error;
    /// Appends the options of opaque component `id`, each a sum of items.
    fn options(&mut self, id: u32, out: &mut Vec<Vec<Item>>) -> Result<(), Self::Error>;
    /// The watch to report progress to (and that may stop the work).
    fn watch(&mut self) -> &mut dyn Watch;
}

/// What the engine may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Positions held by the search.
    pub positions: u64,
    /// Options visited, by the search and by the analysis of components.
    pub options: u64,
    /// Bytes the engine may hold.
    pub memory: u64,
    /// Largest heap of a rule family analysed without a proven period.
    pub heap: u64,
}

#[cfg(test)]
impl Budget {
    /// Room enough for the unit tests of the engine's parts.
    pub(crate) fn for_tests() -> Budget {
        Budget {
            positions: 1 << 20,
            options: 1 << 30,
            memory: 1 << 30,
            heap: 1 << 20,
        }
    }
}

/// Why the engine stopped without an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error<E> {
    Interrupted,
    Source(E),
    /// The search would hold (estimate, up front) or holds more positions
    /// than the budget allows.
    Positions {
        estimate: Option<u128>,
        limit: u64,
    },
    /// The work would visit (estimate) or has visited more options than the
    /// budget allows.
    Options {
        estimate: Option<u128>,
        limit: u64,
    },
    /// Holding more would pass the memory budget.
    Memory {
        bytes: u64,
        held: u64,
    },
    /// A heap of a family past the heap limit, with no proven period for
    /// its misère classes.
    Heap {
        family: u32,
        n: u64,
        limit: u64,
    },
    /// A Nim heap of 2^31 tokens or more inside a search.
    NimTooLarge(u64),
    /// A position reached from itself (a loopy game).
    Loop,
}

impl<E> From<Interrupted> for Error<E> {
    fn from(_: Interrupted) -> Self {
        Error::Interrupted
    }
}

/// How each component of a sum plays in misère play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Per item: `Some(v)` when it is proven `≡ *v`.
    pub nim: Vec<Option<u64>>,
}

impl Analysis {
    /// The Nim values when every component is a Nim heap in misère play
    /// (Bouton's rule then answers).
    pub fn nim_values(&self) -> Option<Vec<u64>> {
        self.nim.iter().copied().collect()
    }
}

/// The misère engine: component classes, family tables and the search
/// memo, kept for the questions of one statement.
pub struct Engine {
    budget: Budget,
    families: Vec<FamilyClasses>,
    comps: Comps,
    states: States,
    meter: Meter,
}

impl Engine {
    pub fn new(budget: Budget) -> Self {
        Engine {
            budget,
            families: Vec::new(),
            comps: Comps::default(),
            states: States::default(),
            meter: Meter::new(budget.options),
        }
    }

    /// Registers a rule family; its heaps are then `Item::Heap { family, .. }`.
    pub fn add_family(&mut self, rule: &HeapRule) -> u32 {
        self.families.push(FamilyClasses::new(rule));
        (self.families.len() - 1) as u32
    }

    /// Positions the search holds.
    pub fn positions(&self) -> u64 {
        self.states.len() as u64
    }

    /// Bytes the engine holds.
    pub fn held(&self) -> u64 {
        let fam: u64 = self.families.iter().map(FamilyClasses::held).sum();
        self.states.held() + self.comps.held() + fam
    }

    /// Which components are proven to play like Nim heaps.
    pub fn analyse<S: Source>(
        &mut self,
        items: &[Item],
        src: &mut S,
    ) -> Result<Analysis, Error<S::Error>> {
        let mut nim = Vec::with_capacity(items.len());
        for &item in items {
            nim.push(match self.resolve(item, src)? {
                Resolved::Nim(v) => Some(v),
                Resolved::Wild(_) => None,
            });
        }
        Ok(Analysis { nim })
    }

    /// True when the sum is a P-position in misère play.
    pub fn outcome<S: Source>(
        &mut self,
        items: &[Item],
        src: &mut S,
    ) -> Result<bool, Error<S::Error>> {
        let (wild, nims) = self.split(items, src)?;
        if wild.is_empty() {
            return Ok(nims.outcome_p());
        }
        // A Nim heap beside the rest: P exactly when it equals the rest's
        // misère Grundy value. Small heaps stay in the position, where the
        // search may stop at the first winning move.
        let (rest, x) = nims.split_largest();
        if x >= 4 {
            let g = self.search_grundy(&wild, &rest, src)?;
            return Ok(g == x);
        }
        self.search_outcome(&wild, &nims, src)
    }

    /// The misère Grundy value `G⁻` of the sum: the one `b` for which the
    /// sum plus `*b` is a P-position.
    pub fn grundy<S: Source>(
        &mut self,
        items: &[Item],
        src: &mut S,
    ) -> Result<u64, Error<S::Error>> {
        let (wild, nims) = self.split(items, src)?;
        if wild.is_empty() {
            return Ok(nims.grundy());
        }
        self.search_grundy(&wild, &nims, src)
    }

    /// The sum's components not known to be Nim heaps (sorted), and its
    /// Nim part, canonical.
    fn split<S: Source>(
        &mut self,
        items: &[Item],
        src: &mut S,
    ) -> Result<(Vec<u32>, Nims), Error<S::Error>> {
        let mut wild = Vec::new();
        let mut values = Vec::new();
        for &item in items {
            match self.resolve(item, src)? {
                Resolved::Nim(v) => values.push(v),
                Resolved::Wild(c) => wild.push(c),
            }
        }
        wild.sort_unstable();
        Ok((wild, Nims::canon(values)))
    }
}

/// Options visited between two looks at the watch.
const TICK: u64 = 1 << 12;

/// Counts the options visited against the budget, and reports to the watch.
pub(super) struct Meter {
    pub work: u64,
    pub limit: u64,
    /// Positions finished, for progress.
    pub done: u64,
    since: u64,
}

impl Meter {
    pub fn new(limit: u64) -> Self {
        Meter {
            work: 0,
            limit,
            done: 0,
            since: 0,
        }
    }

    /// Options that may still be visited.
    pub fn left(&self) -> u64 {
        self.limit.saturating_sub(self.work)
    }

    pub fn spend<E>(&mut self, n: u64, watch: &mut dyn Watch) -> Result<(), Error<E>> {
        self.work = self.work.saturating_add(n);
        if self.work > self.limit {
            return Err(Error::Options {
                estimate: None,
                limit: self.limit,
            });
        }
        self.since += n;
        if self.since >= TICK {
            self.since = 0;
            // the total is unknown: bounds are far above what is visited
            watch.tick(self.done, 0)?;
        }
        Ok(())
    }
}

/// An item seen through its class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resolved {
    Nim(u64),
    Wild(u32),
}
