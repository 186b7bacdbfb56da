//! Statements about all pairs of numbers `(K, W)`, decided exactly by
//! finite automata.
//!
//! The relations are unions of [`SumXor`] sets `{(K, W) : there are L_1 ..
//! L_b >= 0 with L_1 + ... + L_b = K + delta and W = xor ^ (u L_1 + a_1) ^
//! ... ^ (u L_b + a_b)}`: sums and nim-sums together, which no periodicity
//! of `K` captures but a finite automaton does. An automaton reads `K` and
//! `W` in binary, least significant bit first, one column `(k_j, w_j)` at a
//! time, and guesses the bits of the `L_k`; its state holds the carry of
//! `L_1 + ... + L_b - K - delta` (the sum is checked bit by bit), the carry
//! of each `u L_k + a_k` (whose bits it works out as it goes), and how many
//! bits it has read, capped where the constants have no more bits. The pair
//! is in the relation when, after its columns and perhaps more columns of
//! zeros (the `L_k` and the products may be longer), some run of guesses
//! ends with no carry left.
//!
//! A statement "for every `K >= K0` and every `W` of a region, `(K, W)` is
//! (or is not) in the union" is decided by exploring every state the
//! automata reach together (the subset construction, one subset per
//! relation, and a deterministic automaton for the region): it fails
//! exactly when some reachable combination puts its pair in the region and
//! (not) in the union. Everything reachable is explored, so a `Holds` is a
//! proof; exploring more than a budget of combinations answers `Unknown`.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::engine::{Interrupted, Watch};

/// The largest multiplier `u` the automata take (their carries grow with
/// it).
pub const MAX_MULTIPLIER: u64 = 15;

/// `{(K, W) : there are L_k >= 0 with sum L_k = K + delta and W = xor ^
/// (nim-sum of the u L_k + offsets[k])}`, with one to three `L_k` and
/// `1 <= u <=` [`MAX_MULTIPLIER`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SumXor {
    pub u: u64,
    pub offsets: Vec<u64>,
    pub delta: i64,
    pub xor: u64,
}

/// The answer to a statement about every pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// True for every pair: proven.
    Holds,
    /// False for the pair `(K, W)` (a counterexample).
    Fails { k: u64, w: u64 },
    /// Too many states to explore within the budget.
    Unknown,
}

/// Which pairs a statement is about: `K >= k0` and `W < u K + q`
/// (`Below`) or `W = u K + q` (`At`), with `1 <= u <=` [`MAX_MULTIPLIER`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    Below { k0: u64, u: u64, q: u64 },
    At { k0: u64, u: u64, q: u64 },
}

/// Bit `pos` of `x` (0 past 63).
fn bit(x: u64, pos: u32) -> u64 {
    if pos >= 64 { 0 } else { (x >> pos) & 1 }
}

/// `x >> pos` (0 past 63).
fn shr(x: u64, pos: u32) -> u64 {
    if pos >= 64 { 0 } else { x >> pos }
}

/// `x >> pos` rounded down, for a signed `x` (its sign past 63).
fn sar(x: i64, pos: u32) -> i64 {
    x >> pos.min(63)
}

/// Bits needed to write `x` (0 for 0).
fn width(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// One state of a relation's automaton.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Nfa {
    /// Bits read, capped at the relation's `cap`.
    pos: u8,
    /// The carry of `sum L - K - delta` into bit `pos`.
    carry: i8,
    /// The carry of each `u L_k + a_k` into bit `pos` (at most `u`).
    r: [u8; 3],
}

/// The subset construction of one [`SumXor`], built as it is explored.
struct Dfa {
    rel: SumXor,
    /// Past this many bits every constant reads the same.
    cap: u32,
    states: Vec<Vec<Nfa>>,
    index: FxHashMap<Vec<Nfa>, u32>,
    /// Successors by column `k + 2 w`, `u32::MAX` until computed.
    next: Vec<[u32; 4]>,
    /// Whether the pair read so far (with zero columns after) is in the
    /// relation: 0 unknown, 1 no, 2 yes.
    accepts: Vec<u8>,
}

impl Dfa {
    fn new(rel: SumXor) -> Dfa {
        debug_assert!(
            (1..=MAX_MULTIPLIER).contains(&rel.u) && (1..=3).contains(&rel.offsets.len())
        );
        let wide = rel
            .offsets
            .iter()
            .map(|&a| width(a))
            .chain([
                width(rel.xor),
                width((rel.delta ^ (rel.delta >> 63)) as u64) + 1,
            ])
            .max()
            .unwrap_or(0);
        let mut d = Dfa {
            rel,
            cap: wide + 1,
            states: Vec::new(),
            index: FxHashMap::default(),
            next: Vec::new(),
            accepts: Vec::new(),
        };
        d.intern(vec![Nfa {
            pos: 0,
            carry: 0,
            r: [0; 3],
        }]);
        d
    }

    fn intern(&mut self, mut set: Vec<Nfa>) -> u32 {
        set.sort_unstable();
        set.dedup();
        if let Some(&id) = self.index.get(&set) {
            return id;
        }
        let id = self.states.len() as u32;
        self.index.insert(set.clone(), id);
        self.states.push(set);
        self.next.push([u32::MAX; 4]);
        self.accepts.push(0);
        id
    }

    /// The states after reading column `(k, w)` from `s`.
    fn step_nfa(&self, s: Nfa, k: u64, w: u64, out: &mut Vec<Nfa>) {
        let pos = u32::from(s.pos);
        let parts = self.rel.offsets.len();
        let xbit = bit(self.rel.xor, pos);
        let dbit = sar(self.rel.delta, pos) & 1;
        let npos = (pos + 1).min(self.cap) as u8;
        for g in 0u32..(1 << parts) {
            // the bit of each u L_k + a_k, and its carry
            let mut r = [0u8; 3];
            let mut parity = xbit;
            for (j, &a) in self.rel.offsets.iter().enumerate() {
                let t = u64::from(s.r[j]) + self.rel.u * u64::from((g >> j) & 1) + bit(a, pos);
                parity ^= t & 1;
                r[j] = (t >> 1) as u8;
            }
            if parity != w {
                continue;
            }
            let x = i64::from(s.carry) + i64::from(g.count_ones()) - k as i64 - dbit;
            if x & 1 != 0 {
                continue;
            }
            out.push(Nfa {
                pos: npos,
                carry: (x >> 1) as i8,
                r,
            });
        }
    }

    /// Whether a run may stop at `s`: no carry left, no constant bit
    /// unread.
    fn last(&self, s: Nfa) -> bool {
        let pos = u32::from(s.pos);
        i64::from(s.carry) == sar(self.rel.delta, pos)
            && shr(self.rel.xor, pos) == 0
            && s.r == [0; 3]
            && self.rel.offsets.iter().all(|&a| shr(a, pos) == 0)
    }

    /// The subset after reading `column` from subset `id`; working it out
    /// the first time adds the states stepped, times their guesses, to
    /// `work`.
    fn step(&mut self, id: u32, column: usize, work: &mut u64) -> u32 {
        let known = self.next[id as usize][column];
        if known != u32::MAX {
            return known;
        }
        let (k, w) = ((column & 1) as u64, (column >> 1) as u64);
        let mut out = Vec::new();
        let from = &self.states[id as usize];
        *work += (from.len() as u64) << self.rel.offsets.len();
        for &s in from {
            self.step_nfa(s, k, w, &mut out);
        }
        let to = self.intern(out);
        self.next[id as usize][column] = to;
        to
    }

    /// Whether the pair read up to `id`, followed by zero columns, is in
    /// the relation.
    fn accepts(&mut self, id: u32, work: &mut u64) -> bool {
        match self.accepts[id as usize] {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let mut seen = Vec::new();
        let mut at = id;
        let mut yes = false;
        while !seen.contains(&at) {
            seen.push(at);
            if self.states[at as usize].iter().any(|&s| self.last(s)) {
                yes = true;
                break;
            }
            at = self.step(at, 0, work);
        }
        self.accepts[id as usize] = if yes { 2 } else { 1 };
        yes
    }
}

/// The state of the region's automaton: bits read (capped), whether `K`
/// so far is at least `k0` so far, the carry of `u K + q`, and whether `W`
/// so far is below (`Below`) or equal to (`At`) `u K + q` so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Place {
    pos: u8,
    kge: bool,
    carry: u8,
    flag: bool,
}

impl Region {
    fn consts(self) -> (u64, u64, u64) {
        match self {
            Region::Below { k0, u, q } | Region::At { k0, u, q } => (k0, u, q),
        }
    }

    fn cap(self) -> u32 {
        let (k0, _, q) = self.consts();
        width(k0).max(width(q)) + 1
    }

    fn start(self) -> Place {
        Place {
            pos: 0,
            kge: true,
            carry: 0,
            flag: matches!(self, Region::At { .. }),
        }
    }

    /// The next place, `None` once the pair can no longer be in the region.
    fn step(self, p: Place, k: u64, w: u64) -> Option<Place> {
        let (k0, u, q) = self.consts();
        let pos = u32::from(p.pos);
        let kb = bit(k0, pos);
        let kge = if k > kb {
            true
        } else if k < kb {
            false
        } else {
            p.kge
        };
        let sum = u64::from(p.carry) + u * k + bit(q, pos);
        let y = sum & 1;
        let flag = match self {
            Region::Below { .. } => {
                if w < y {
                    true
                } else if w > y {
                    false
                } else {
                    p.flag
                }
            }
            Region::At { .. } => {
                if w != y {
                    return None;
                }
                true
            }
        };
        Some(Place {
            pos: (pos + 1).min(self.cap()) as u8,
            kge,
            carry: (sum >> 1) as u8,
            flag,
        })
    }

    /// Whether the pair read (with zero columns after) is in the region.
    fn holds(self, p: Place) -> bool {
        let (k0, _, q) = self.consts();
        let pos = u32::from(p.pos);
        let k_ok = shr(k0, pos) == 0 && p.kge;
        let high = u64::from(p.carry) + shr(q, pos);
        let w_ok = match self {
            Region::Below { .. } => high > 0 || p.flag,
            Region::At { .. } => high == 0,
        };
        k_ok && w_ok
    }
}

/// What a statement asks of the pairs in its region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Every pair is in the union.
    Covered,
    /// No pair is in the union.
    Missed,
}

/// Relation states held by the combinations one statement explores, at
/// most (4 bytes each).
const MAX_HELD: usize = 1 << 22;

/// Decides "every pair of `region` is (`Covered`) or is not (`Missed`) in
/// the union of `rels`". Each combination explored costs `rels.len() + 1`
/// steps of `budget` for each of its four successors, and each new subset
/// a step for each state and guess it steps; `Unknown` once the budget is
/// spent or the combinations would hold more than [`MAX_HELD`] states.
pub fn decide(
    rels: &[SumXor],
    region: Region,
    ask: Ask,
    budget: &mut u64,
    watch: &mut dyn Watch,
) -> Result<Verdict, Interrupted> {
    let cost = 4 * (rels.len() as u64 + 1);
    let most = MAX_HELD / (rels.len() + 1);
    let mut dfas: Vec<Dfa> = rels.iter().cloned().map(Dfa::new).collect();
    // a combination: the region's place and each relation's subset
    type Key = (u8, bool, u8, bool, Vec<u32>);
    let key = |p: Place, ids: &[u32]| -> Key { (p.pos, p.kge, p.carry, p.flag, ids.to_vec()) };
    let mut seen: FxHashSet<Key> = FxHashSet::default();
    // with each combination, the first pair found to reach it (its
    // columns, `depth` of them), which names a counterexample
    let mut queue: Vec<(Place, Vec<u32>, u64, u64, u32)> =
        vec![(region.start(), vec![0; dfas.len()], 0, 0, 0)];
    seen.insert(key(region.start(), &queue[0].1));
    let mut head = 0;
    // states stepped while working out new subsets, charged to the budget
    let mut subsets = 0u64;
    while head < queue.len() {
        // the steps of the subsets worked out since, then this expansion
        let spent = std::mem::take(&mut subsets).saturating_add(cost);
        if seen.len() > most || *budget < spent {
            return Ok(Verdict::Unknown);
        }
        *budget -= spent;
        if head % 4096 == 0 {
            watch.tick(0, 0)?;
        }
        let (place, ids, k, w, depth) = queue[head].clone();
        head += 1;
        if region.holds(place) {
            let inside = ids
                .iter()
                .zip(dfas.iter_mut())
                .any(|(&id, d)| d.accepts(id, &mut subsets));
            if inside == (ask == Ask::Missed) {
                return Ok(Verdict::Fails { k, w });
            }
        }
        for column in 0..4usize {
            let (kb, wb) = ((column & 1) as u64, (column >> 1) as u64);
            let Some(next) = region.step(place, kb, wb) else {
                continue;
            };
            let to: Vec<u32> = ids
                .iter()
                .zip(dfas.iter_mut())
                .map(|(&id, d)| d.step(id, column, &mut subsets))
                .collect();
            if !seen.insert(key(next, &to)) {
                continue;
            }
            let (k2, w2) = if depth < 64 {
                (k | kb << depth, w | wb << depth)
            } else {
                (k, w)
            };
            queue.push((next, to, k2, w2, depth + 1));
        }
    }
    Ok(Verdict::Holds)
}

#[cfg(test)]
mod tests;
