//! The searches over words: guessing the P-portion of a trial monoid
//! ([`guess`]), and checking the verification theorem on a reduced table,
//! in weight order ([`verify`]) or for the words a new heap adds
//! ([`extend`]).
//!
//! **Compressed states.** For a table with a known P-portion `S`, a word's
//! `tr(w)` matters only through `D(w) = {z : tr(w)·z ∩ S ≠ ∅}`: the
//! condition at `w + x` is about `tr(w + x) = tr(w)·φ(x) ∪ φ(w)·tr(x)`
//! meeting `S`, which is `φ(x) ∈ D(w)` or `φ(w)·tr(x)` meeting `S`. And
//! `D(w + h) = {z : φ(h)·z ∈ D(w)} ∪ {z : φ(w)·T(h)·z ∩ S ≠ ∅}`. So the
//! state `(φ(w), D(w), w ≠ 0)` follows from the state of `w` and the
//! letter, and the condition reads `φ(w) ∈ S ⟺ w ≠ 0 and 1 ∉ D(w)`.
//! Many more sets `tr` than sets `D` occur, so these states are the ones
//! kept.

use super::{Monoid, QuotientError, Table};
use crate::engine::Watch;
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hasher;

/// A heap as the searches see it: its element and the elements of its
/// options (sorted, without repeats), with the heap and its weight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    pub heap: u64,
    pub phi: u32,
    pub t: Vec<u32>,
    pub weight: u64,
}

/// Bytes a state takes beside its words (box, index, table slot).
const STATE_BYTES: u64 = 40;

/// Bytes the verification keeps per state beside the state: its weight,
/// predecessor and mark (17), three times over while their vectors move
/// to twice the room.
const VERIFY_BYTES: u64 = 56;

/// What the searches may spend, and the watch that may stop them.
pub struct Spend<'w> {
    pub states: u64,
    pub work: u64,
    pub work_limit: u64,
    pub memory: u64,
    pub watch: &'w mut dyn Watch,
    since: u64,
}

impl<'w> Spend<'w> {
    pub fn new(states: u64, work_limit: u64, memory: u64, watch: &'w mut dyn Watch) -> Self {
        Spend {
            states,
            work: 0,
            work_limit,
            memory,
            watch,
            since: 0,
        }
    }

    /// Runs `f` as if `held` bytes were taken from the memory allowed:
    /// what `f` builds is refused where it and `held` together would pass
    /// the limit, and the refusal counts both.
    pub fn beside<T>(
        &mut self,
        held: u64,
        f: impl FnOnce(&mut Spend) -> Result<T, QuotientError>,
    ) -> Result<T, QuotientError> {
        let total = self.memory;
        self.memory = total.saturating_sub(held);
        let r = f(self);
        self.memory = total;
        r.map_err(|e| match e {
            QuotientError::Memory { bytes } => QuotientError::Memory {
                bytes: bytes.saturating_add(held),
            },
            e => e,
        })
    }

    pub fn work(&mut self, n: u64) -> Result<(), QuotientError> {
        self.work = self.work.saturating_add(n);
        if self.work > self.work_limit {
            return Err(QuotientError::Work {
                limit: self.work_limit,
            });
        }
        self.since += n;
        if self.since >= 1 << 16 {
            self.since = 0;
            self.watch.tick(0, 0)?;
        }
        Ok(())
    }
}

/// Bytes a hash map or vector with room for `cap` entries of `per` bytes
/// holds (with a hash map's spare buckets), three times that when it is
/// full: the next entry moves it to twice the room, and the old room is
/// held until the move is done.
pub fn room_bytes(len: usize, cap: usize, per: u64) -> u64 {
    let cap = cap.max(4) as u64;
    let held = per * (cap + cap / 7 + 1);
    if len as u64 >= cap { 3 * held } else { held }
}

/// A set of compressed states, each stored once: `[x | nonempty << 32,
/// D as bits...]`.
#[derive(Default, Clone)]
pub struct States {
    pub list: Vec<Box<[u64]>>,
    index: HashTable<u32>,
    bytes: u64,
}

fn hash(s: &[u64]) -> u64 {
    let mut h = FxHasher::default();
    for &x in s {
        h.write_u64(x);
    }
    h.finish()
}

impl States {
    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn held(&self) -> u64 {
        self.bytes
    }

    /// The id of `s`, and whether it was new.
    fn insert(&mut self, s: Vec<u64>, spend: &Spend) -> Result<(u32, bool), QuotientError> {
        let h = hash(&s);
        let list = &self.list;
        if let Some(&id) = self.index.find(h, |&id| *list[id as usize] == *s) {
            return Ok((id, false));
        }
        if self.list.len() as u64 >= spend.states {
            return Err(QuotientError::States {
                limit: spend.states,
            });
        }
        let bytes = STATE_BYTES + 8 * s.len() as u64;
        // a full list or index moves to one twice its size
        let moving = |len: usize, cap: usize, per: u64| {
            let held = room_bytes(len, cap, per);
            if len >= cap { held } else { 0 }
        };
        let moving = moving(self.list.len(), self.list.capacity(), 16)
            + moving(self.index.len(), self.index.capacity(), 5);
        if self.bytes + bytes + moving > spend.memory {
            return Err(QuotientError::Memory {
                bytes: self.bytes + bytes + moving,
            });
        }
        self.bytes += bytes;
        let id = self.list.len() as u32;
        self.list.push(s.into_boxed_slice());
        let list = &self.list;
        self.index
            .insert_unique(h, id, |&i| hash(&list[i as usize]));
        Ok((id, true))
    }

    /// The empty word's state alone.
    pub fn start(d: &Dense) -> States {
        let mut s = States::default();
        let first = d.start();
        s.bytes = STATE_BYTES + 8 * first.len() as u64;
        s.list.push(first.into_boxed_slice());
        let list = &s.list;
        s.index
            .insert_unique(hash(&list[0]), 0, |&i| hash(&list[i as usize]));
        s
    }

    /// Forgets the states from `len` on.
    fn truncate(&mut self, len: usize) {
        for s in &self.list[len..] {
            self.bytes -= STATE_BYTES + 8 * s.len() as u64;
        }
        self.list.truncate(len);
        self.index.retain(|&mut id| (id as usize) < len);
    }
}

/// A table with what the compressed states need: for each `a`, the set
/// `{z : a·z ∈ S}` as bits.
pub struct Dense<'t> {
    pub t: &'t Table,
    words: usize,
    pz: Vec<u64>,
}

impl<'t> Dense<'t> {
    pub fn new(t: &'t Table, memory: u64) -> Result<Dense<'t>, QuotientError> {
        let k = t.order as usize;
        let words = k.div_ceil(64);
        let bytes = (k as u64).saturating_mul(words as u64).saturating_mul(8);
        if bytes > memory {
            return Err(QuotientError::Memory { bytes });
        }
        let mut pz = vec![0u64; k * words];
        for a in 0..k {
            for z in 0..k {
                if t.p[t.mul(a as u32, z as u32) as usize] {
                    pz[a * words + z / 64] |= 1 << (z % 64);
                }
            }
        }
        Ok(Dense { t, words, pz })
    }

    /// Bytes held beside the table.
    pub fn bytes(&self) -> u64 {
        8 * self.pz.len() as u64
    }

    /// The empty word's state.
    pub fn start(&self) -> Vec<u64> {
        vec![0; 1 + self.words]
    }

    /// The state of `w + h` from the state of `w`.
    pub fn apply(&self, s: &[u64], l: &Letter) -> Vec<u64> {
        let mut out = self.moved_bytes(s, &self.expand(s), l.phi);
        self.add_options(&mut out, s, l);
        out
    }

    /// The part of the state of `w + h` that depends on `φ(h)` alone:
    /// the element `φ(w)·φ(h)`, and `{z : φ(h)·z ∈ D(w)}`, gathered a bit
    /// at a time: the reference [`Dense::moved_bytes`] is tested against.
    #[cfg(test)]
    fn moved(&self, s: &[u64], phi: u32) -> Vec<u64> {
        let t = self.t;
        let x = Self::element(s);
        let mut out = vec![0u64; 1 + self.words];
        out[0] = u64::from(t.mul(x, phi)) | 1 << 32;
        let d = &s[1..];
        // bit z of the new set is bit φ(h)·z of D: gathered 64 at a time,
        // without branches
        let row = &t.mul[phi as usize * t.order as usize..][..t.order as usize];
        for (w, ys) in out[1..].iter_mut().zip(row.chunks(64)) {
            let mut bits = 0u64;
            for (b, &y) in ys.iter().enumerate() {
                bits |= (d[y as usize / 64] >> (y % 64) & 1) << b;
            }
            *w = bits;
        }
        out
    }

    /// `D(w)` of a state, one byte (0 or 1) an element.
    fn expand(&self, s: &[u64]) -> Vec<u8> {
        // a power of two long, so that a masked index needs no check
        let mut bytes = vec![0u8; (self.words * 64).next_power_of_two()];
        for (w, &word) in s[1..].iter().enumerate() {
            let mut m = word;
            while m != 0 {
                bytes[w * 64 + m.trailing_zeros() as usize] = 1;
                m &= m - 1;
            }
        }
        bytes
    }

    /// The part of the state of `w + h` that depends on `φ(h)` alone:
    /// the element `φ(w)·φ(h)`, and `{z : φ(h)·z ∈ D(w)}`, reading `D`
    /// from [`Dense::expand`]: a byte load
    /// an element, and eight bytes packed into eight bits by one multiply
    /// (byte `i`, 0 or 1, times `2^(56 - 7j)` summed over `j`: the powers
    /// `8i + 56 - 7j` are all different, so nothing carries, and the top
    /// byte holds `2^(56 + i)` from `j = i` alone).
    fn moved_bytes(&self, s: &[u64], bytes: &[u8], phi: u32) -> Vec<u64> {
        let t = self.t;
        let x = Self::element(s);
        let mut out = vec![0u64; 1 + self.words];
        out[0] = u64::from(t.mul(x, phi)) | 1 << 32;
        let row = &t.mul[phi as usize * t.order as usize..][..t.order as usize];
        // every element is below the length: the mask changes nothing
        let mask = bytes.len() - 1;
        let bytes = &bytes[..=mask];
        for (w, ys) in out[1..].iter_mut().zip(row.chunks(64)) {
            let mut bits = 0u64;
            for (c, y8) in ys.chunks(8).enumerate() {
                let mut v = [0u8; 8];
                for (b, &y) in v.iter_mut().zip(y8) {
                    *b = bytes[y as usize & mask];
                }
                let packed = u64::from_le_bytes(v).wrapping_mul(0x0102_0408_1020_4080) >> 56;
                bits |= packed << (8 * c);
            }
            *w = bits;
        }
        out
    }

    /// Adds to `out` (from [`Dense::moved_bytes`]) the elements `z` with
    /// `φ(w)·T(h)·z` meeting `S`, `s` being the state of `w`.
    pub fn add_options(&self, out: &mut [u64], s: &[u64], l: &Letter) {
        let x = Self::element(s);
        for &tau in &l.t {
            let a = self.t.mul(x, tau) as usize;
            for (w, &b) in out[1..]
                .iter_mut()
                .zip(&self.pz[a * self.words..(a + 1) * self.words])
            {
                *w |= b;
            }
        }
    }

    /// The states of `w + h` for every letter `h`, in the letters' order,
    /// with the part shared by letters of one element computed once.
    pub fn apply_all(&self, s: &[u64], letters: &[Letter], by_phi: &[usize]) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = vec![Vec::new(); letters.len()];
        let mut shared: Option<(u32, Vec<u64>)> = None;
        // `D` a byte an element, made once for all the letters
        let bytes = self.expand(s);
        for &li in by_phi {
            let l = &letters[li];
            let base = match &shared {
                Some((phi, b)) if *phi == l.phi => b.clone(),
                _ => {
                    let b = self.moved_bytes(s, &bytes, l.phi);
                    shared = Some((l.phi, b.clone()));
                    b
                }
            };
            let mut next = base;
            self.add_options(&mut next, s, l);
            out[li] = next;
        }
        out
    }

    /// The element of a state.
    pub fn element(s: &[u64]) -> u32 {
        (s[0] & 0xffff_ffff) as u32
    }

    /// The theorem's rule: the outcome a state's word has when its options
    /// have the outcomes of their elements (true: P).
    pub fn rule(s: &[u64]) -> bool {
        s[0] >> 32 == 1 && s[1] & 1 == 0
    }

    /// The theorem's condition on one state.
    pub fn holds(&self, s: &[u64]) -> bool {
        self.t.p[Self::element(s) as usize] == Self::rule(s)
    }
}

/// The states of the words of heaps up to some bound, all satisfying the
/// condition, with the words that contain `new` added; false (and
/// `states` as it was) when one of those fails it.
pub fn extend(
    m: &Dense,
    states: &mut States,
    letters: &[Letter],
    new: &Letter,
    spend: &mut Spend,
) -> Result<bool, QuotientError> {
    let start = states.len();
    let r = extend_from(m, states, start, letters, new, spend);
    if !matches!(r, Ok(true)) {
        states.truncate(start);
    }
    r
}

fn extend_from(
    m: &Dense,
    states: &mut States,
    start: usize,
    letters: &[Letter],
    new: &Letter,
    spend: &mut Spend,
) -> Result<bool, QuotientError> {
    let cost = step_cost(m.t);
    let all: Vec<Letter> = letters.iter().chain(std::iter::once(new)).cloned().collect();
    let by_phi = by_element(&all);
    // a state reached: false when it fails the condition; new states are
    // appended, so those from `start` on are the queue
    let add = |states: &mut States, s: Vec<u64>, spend: &mut Spend| {
        spend.work(cost)?;
        if !m.holds(&s) {
            return Ok(false);
        }
        states.insert(s, spend)?;
        Ok::<bool, QuotientError>(true)
    };
    for i in 0..start {
        let s = m.apply(&states.list[i], new);
        if !add(states, s, spend)? {
            return Ok(false);
        }
    }
    let mut next = 0;
    while next < states.len() - start {
        let id = start + next;
        next += 1;
        for s in m.apply_all(&states.list[id], &all, &by_phi) {
            if !add(states, s, spend)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The work counted for one state of a word worked out: a step per 16
/// elements of the table, so that a step takes about as long as a step of
/// a rule written out (some nanoseconds; measured on Dawson's Kayles to
/// heap 33, whose quotient takes between 4.2 and 4.6 * 10^8 steps, under
/// the default `set work`).
fn step_cost(t: &Table) -> u64 {
    u64::from(t.order) / 16 + 1
}

/// The letters' indices, those of one element together.
fn by_element(letters: &[Letter]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..letters.len()).collect();
    order.sort_by_key(|&i| letters[i].phi);
    order
}

/// The lightest failure of the condition: word `u` (letter indices) with
/// outcome `ou`, and the lightest word `v` with the same element, whose
/// outcome is the other one (when it is not `u`'s own state).
pub struct Failure {
    pub u: Vec<usize>,
    pub ou: bool,
    pub v: Option<Vec<usize>>,
}

/// Checks the condition on every state of the table's words in weight
/// order: all the states, or the lightest failure. By induction on the
/// weight, every word lighter than the first failure has the outcome of
/// its element; so a failing word's options do, its outcome is the rule's
/// (not its element's mark), and a lighter word of its element has the
/// mark (it passed the condition, with options lighter still).
pub fn verify(
    m: &Dense,
    letters: &[Letter],
    spend: &mut Spend,
) -> Result<Result<States, Failure>, QuotientError> {
    let mut states = States::default();
    let mut best: Vec<u64> = Vec::new();
    let mut pred: Vec<(u32, u32)> = Vec::new();
    let mut done: Vec<bool> = Vec::new();
    let mut first: FxHashMap<u32, u32> = FxHashMap::default();
    let mut heap = BinaryHeap::new();
    let (id0, _) = states.insert(m.start(), spend)?;
    best.push(0);
    pred.push((u32::MAX, u32::MAX));
    done.push(false);
    heap.push(Reverse((0u64, id0)));
    let cost = step_cost(m.t);
    let by_phi = by_element(letters);
    // the states of a state's options, and its set as bytes, while they
    // are worked out
    let scratch = 8 * (letters.len() as u64 + 1) * (m.words as u64 + 4) + u64::from(m.t.order);
    while let Some(Reverse((wt, id))) = heap.pop() {
        let i = id as usize;
        if done[i] || wt > best[i] {
            continue;
        }
        done[i] = true;
        let s = &states.list[i];
        let x = Dense::element(s);
        if !m.holds(s) {
            let v = first.get(&x).map(|&f| word(&pred, f));
            return Ok(Err(Failure {
                u: word(&pred, id),
                ou: Dense::rule(s),
                v,
            }));
        }
        first.entry(x).or_insert(id);
        let nexts = m.apply_all(&states.list[i], letters, &by_phi);
        for (li, (l, next)) in letters.iter().zip(nexts).enumerate() {
            spend.work(cost)?;
            let w = wt.saturating_add(l.weight);
            let beside = scratch
                + VERIFY_BYTES * states.len() as u64
                + room_bytes(heap.len(), heap.capacity(), 16)
                + room_bytes(first.len(), first.capacity(), 9);
            let (nid, fresh) = spend.beside(beside, |s| states.insert(next, s))?;
            if fresh {
                best.push(u64::MAX);
                pred.push((u32::MAX, u32::MAX));
                done.push(false);
            }
            let n = nid as usize;
            if w < best[n] {
                best[n] = w;
                pred[n] = (id, li as u32);
                heap.push(Reverse((w, nid)));
            }
        }
    }
    Ok(Ok(states))
}

/// The word (letter indices) of a node, following predecessors.
fn word(pred: &[(u32, u32)], mut id: u32) -> Vec<usize> {
    let mut w = Vec::new();
    while pred[id as usize].0 != u32::MAX {
        let (from, l) = pred[id as usize];
        w.push(l as usize);
        id = from;
    }
    w
}

/// A guess at the P-portion of a trial monoid: each reachable element is
/// marked by the rule applied to its lightest word (found by a search over
/// elements in weight order, carrying that word's `tr`), its options being
/// lighter and so already marked. Only verification makes it a fact.
pub struct Guess {
    pub p: FxHashMap<u32, bool>,
    /// Per element: its lightest word's last letter and the element before.
    pred: FxHashMap<u32, (u32, u32)>,
}

impl Guess {
    /// Bytes held (two hash maps over the elements reached).
    pub fn bytes(&self) -> u64 {
        room_bytes(0, self.p.capacity(), 9) + room_bytes(0, self.pred.capacity(), 13)
    }

    /// The lightest word (letter indices) of element `x`.
    pub fn word(&self, mut x: u32) -> Vec<usize> {
        let mut w = Vec::new();
        while let Some(&(from, l)) = self.pred.get(&x) {
            if l == u32::MAX {
                break;
            }
            w.push(l as usize);
            x = from;
        }
        w
    }
}

pub fn guess(
    m: &impl Monoid,
    letters: &[Letter],
    spend: &mut Spend,
) -> Result<Guess, QuotientError> {
    let mut p: FxHashMap<u32, bool> = FxHashMap::default();
    let mut pred: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
    let mut best: FxHashMap<u32, (u64, Vec<u32>)> = FxHashMap::default();
    let mut heap = BinaryHeap::new();
    best.insert(m.one(), (0, Vec::new()));
    pred.insert(m.one(), (u32::MAX, u32::MAX));
    heap.push(Reverse((0u64, m.one())));
    // the bytes of the `tr`s waiting in `best`
    let mut waiting = 0u64;
    while let Some(Reverse((wt, x))) = heap.pop() {
        if p.contains_key(&x) || best[&x].0 < wt {
            continue;
        }
        let tr = std::mem::take(&mut best.get_mut(&x).expect("pushed with a word").1);
        waiting = waiting.saturating_sub(4 * tr.capacity() as u64);
        let mut is_p = !tr.is_empty();
        for t in &tr {
            match p.get(t) {
                Some(&tp) => is_p &= !tp,
                // cannot happen (every option weighs less); refuse rather
                // than guess
                None => return Err(QuotientError::Rounds { heap: 0 }),
            }
        }
        p.insert(x, is_p);
        for (li, l) in letters.iter().enumerate() {
            let y = m.mul(x, l.phi);
            if p.contains_key(&y) {
                continue;
            }
            let w = wt.saturating_add(l.weight);
            if best.get(&y).is_some_and(|b| b.0 <= w) {
                continue;
            }
            let mut ntr: Vec<u32> = tr.iter().map(|&t| m.mul(t, l.phi)).collect();
            ntr.extend(l.t.iter().map(|&t| m.mul(x, t)));
            ntr.sort_unstable();
            ntr.dedup();
            spend.work(ntr.len() as u64 + 1)?;
            if let Some((_, old)) = best.get(&y) {
                waiting = waiting.saturating_sub(4 * old.capacity() as u64);
            }
            waiting += 4 * ntr.capacity() as u64;
            let bytes = waiting
                + room_bytes(p.len(), p.capacity(), 9)
                + room_bytes(pred.len(), pred.capacity(), 13)
                + room_bytes(best.len(), best.capacity(), 41)
                + room_bytes(heap.len(), heap.capacity(), 16);
            if bytes > spend.memory {
                return Err(QuotientError::Memory { bytes });
            }
            if best.len() as u64 >= spend.states {
                return Err(QuotientError::States {
                    limit: spend.states,
                });
            }
            best.insert(y, (w, ntr));
            pred.insert(y, (x, li as u32));
            heap.push(Reverse((w, y)));
        }
    }
    Ok(Guess { p, pred })
}

#[cfg(test)]
mod tests {
    use super::{Dense, Spend};
    use crate::engine::Quiet;
    use crate::engine::code::parse_code;
    use crate::engine::misere::quotient::Solver;
    use crate::engine::rule::HeapRule;

    #[test]
    fn moved_from_bytes_is_moved() {
        // the quotient of 0.07 to heap 30 (order 360: several
        // words), random states, every element as the letter's
        let mut s = Solver::new(&HeapRule::TakeBreak(parse_code("0.07", false).unwrap()));
        let mut quiet = Quiet;
        let mut spend = Spend::new(1 << 22, 1 << 30, 1 << 30, &mut quiet);
        s.extend_to(30, &mut spend).unwrap();
        let dense = Dense::new(&s.table, 1 << 30).unwrap();
        let k = s.table.order;
        assert!(k > 64, "order {k}");
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..200 {
            let mut st = dense.start();
            st[0] = (next() % u64::from(k)) | (1 << 32);
            for w in st.iter_mut().skip(1) {
                *w = next() & next();
            }
            // no bits past the order
            let last = st.len() - 1;
            if !k.is_multiple_of(64) {
                st[last] &= (1u64 << (k % 64)) - 1;
            }
            let bytes = dense.expand(&st);
            for phi in 0..k {
                assert_eq!(dense.moved_bytes(&st, &bytes, phi), dense.moved(&st, phi), "phi {phi}");
            }
        }
    }
}
