//! Conway's genus (On Numbers and Games, ch. 12): the normal value `g`
//! and the misère Grundy values `g_k = G⁻(G + k·*2)` of `G`,
//! `G + *2`, `G + *2 + *2`, ..., written up to where they repeat with
//! period 2 for ever.
//!
//! **The recursion.** For `k >= 1`, `G + k·*2` has the options
//! `G' + k·*2` and `G + (k−1)·*2 + *1` and `G + (k−1)·*2`. The misère
//! Grundy value of `X + *1` is that of `X` xor 1 (`*1 + *b ≡ *(b xor 1)` in
//! misère play; see [`super`]), so
//! `g_k(G) = mex({g_k(G')} ∪ {g_(k−1), g_(k−1) xor 1})`, and
//! `g_0(G) = mex{g_0(G')}` (1 when `G` has no option). The values of every
//! position follow from its options'.
//!
//! **When the tail is proven.** If every option's values repeat with
//! period 2 from `K'` on, and `g_k = g_(k−2)` for some `k >= K' + 2`, then
//! `g_(j+2) = g_j` for all `j >= k − 2`: by induction, `g_(j+2)` and `g_j`
//! are the mex of equal sets (the options' terms agree as `j >= K'`, and
//! `{g_(j+1), g_(j+1) xor 1} = {g_(j−1), g_(j−1) xor 1}`). Such a `k` comes
//! within a few steps: past `K'`, `g_k` depends only on `g_(k−1) / 2`
//! through two maps used alternately, each taking at most two values.
//!
//! **Tame genera** are those of sums of Nim heaps: `0^120` (`*0`), `1^031`
//! (`*1`), and `a^(a, a xor 2)` (a Nim position with a heap of 2 or more and
//! nim-sum `a`). A game all of whose positions have tame genera plays in
//! sums with other such games like the Nim position of its genus (Conway's
//! theorem on tame games), so the genus of a sum of them is found by Nim
//! arithmetic; the tests check this against the recursion on the sum, and
//! `tests/it/misere.rs` checks the outcomes it gives against the definition on
//! random sums of explicit games.
//!
//! **Only among tame games.** The theorem says nothing of a tame game
//! beside a wild one, and folding it there is wrong: `{*2}` is tame
//! throughout with the genus `0^02` of `*2 + *2`, yet
//! `{*2} + {0, {*2}} + {*1, {*2}}` is N while `*2 + *2 + {0, {*2}} +
//! {*1, {*2}}` is P (both by the definition; a test keeps the example). So
//! misère questions fold a component into Nim heaps beside wild ones only
//! when it is misère-equivalent to them (the mex rule of [`super`]).

use super::Item;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The genus of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Genus {
    pub normal: u64,
    /// `g_0, ..., g_(s+1)`: from `s` on the terms repeat with period 2.
    pub seq: Vec<u64>,
    pub s: usize,
    /// Every position of it (itself included) has a tame genus.
    pub tame_all: bool,
}

impl Genus {
    pub fn get(&self, k: usize) -> u64 {
        if k < self.seq.len() {
            self.seq[k]
        } else {
            self.seq[self.s + (k - self.s) % 2]
        }
    }

    pub fn tame(&self) -> bool {
        is_tame(self.normal, &self.seq)
    }

    /// The genus of the Nim position with these heaps.
    pub fn of_nim(heaps: &[u64]) -> Genus {
        let x = heaps.iter().fold(0, |a, &b| a ^ b);
        let seq = if heaps.iter().all(|&h| h <= 1) {
            if x == 0 { vec![1, 2, 0] } else { vec![0, 3, 1] }
        } else {
            vec![x, x ^ 2]
        };
        Genus {
            normal: x,
            s: seq.len() - 2,
            seq,
            tame_all: true,
        }
    }

    /// A Nim position with this genus, when it is tame.
    pub fn nim_position(&self) -> Option<Vec<u64>> {
        if !self.tame() {
            return None;
        }
        Some(match (self.normal, self.seq.len()) {
            (0, 3) => vec![],
            (1, 3) => vec![1],
            (0, _) => vec![2, 2],
            (1, _) => vec![2, 2, 1],
            (a, _) => vec![a],
        })
    }
}

fn is_tame(normal: u64, seq: &[u64]) -> bool {
    match seq {
        [1, 2, 0] => normal == 0,
        [0, 3, 1] => normal == 1,
        [a, b] => *a == normal && *b == normal ^ 2,
        _ => false,
    }
}

fn mex(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.dedup();
    v.iter()
        .enumerate()
        .find(|&(i, &x)| i as u64 != x)
        .map_or(v.len() as u64, |(i, _)| i as u64)
}

/// The genus of a position from those of its options (`None`: the tail
/// was not found within the cap, which the proof above rules out).
pub fn combine(options: &[Rc<Genus>]) -> Option<Genus> {
    let k0 = options.iter().map(|o| o.s).max().unwrap_or(0);
    let normal = mex(options.iter().map(|o| o.normal).collect());
    let g0 = if options.is_empty() {
        1
    } else {
        mex(options.iter().map(|o| o.get(0)).collect())
    };
    let mut seq = vec![g0];
    let mut k = 1;
    loop {
        let prev = seq[k - 1];
        let mut a: Vec<u64> = options.iter().map(|o| o.get(k)).collect();
        a.push(prev);
        a.push(prev ^ 1);
        seq.push(mex(a));
        if k >= k0 + 2 && seq[k] == seq[k - 2] {
            break;
        }
        k += 1;
        if k > k0 + 64 {
            return None;
        }
    }
    let mut s = k - 2;
    while s > 0 && seq[s - 1] == seq[s + 1] {
        s -= 1;
    }
    seq.truncate(s + 2);
    let tame_all = is_tame(normal, &seq) && options.iter().all(|o| o.tame_all);
    Some(Genus {
        normal,
        seq,
        s,
        tame_all,
    })
}

/// What a genus search may take: positions held (open or finished),
/// items of options built (work), and bytes held.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    pub positions: u64,
    pub work: u64,
    pub memory: u64,
}

/// The bytes a list of positions takes (each a vector of items).
fn bytes_of(lists: &[Vec<Item>]) -> u64 {
    const ITEM: u64 = std::mem::size_of::<Item>() as u64;
    const VEC: u64 = std::mem::size_of::<Vec<Item>>() as u64;
    lists.iter().map(|l| VEC + ITEM * l.capacity() as u64).sum()
}

/// The genus of every position reachable from `start` (a sorted list of
/// components), by an explicit depth-first search.
///
/// A position made of Nim heaps alone is not expanded: its genus is that
/// of the Nim position (`Genus::of_nim`), tame throughout. Past any of the
/// bounds the search ends with `too_many()`: the open positions' options
/// and the finished positions are counted against `memory` as they are
/// made.
pub fn search<E>(
    start: Vec<Item>,
    options: &mut dyn FnMut(Item) -> Result<Rc<Vec<Vec<Item>>>, E>,
    bounds: Bounds,
    too_many: impl Fn() -> E,
) -> Result<Rc<Genus>, E> {
    if let Some(heaps) = nim_heaps(&start) {
        return Ok(Rc::new(Genus::of_nim(&heaps)));
    }
    let mut memo: FxHashMap<Vec<Item>, Rc<Genus>> = FxHashMap::default();
    let mut stack: Vec<(Vec<Item>, Vec<Vec<Item>>, usize)> = Vec::new();
    let mut built = 0u64;
    let mut held = 0u64;
    let mut opts_of = |p: &[Item],
                       options: &mut dyn FnMut(Item) -> Result<Rc<Vec<Vec<Item>>>, E>,
                       held: u64|
     -> Result<Vec<Vec<Item>>, E> {
        let mut out = Vec::new();
        let mut bytes = 0u64;
        for i in 0..p.len() {
            if i > 0 && p[i] == p[i - 1] {
                continue;
            }
            for o in options(p[i])?.iter() {
                let mut q: Vec<Item> = Vec::with_capacity(p.len() - 1 + o.len());
                q.extend(p[..i].iter().chain(&p[i + 1..]).copied());
                q.extend(o.iter().copied().filter(|&x| x != Item::Nim(0)));
                q.sort_unstable();
                built = built.saturating_add(q.len() as u64 + 1);
                bytes = bytes.saturating_add(bytes_of(std::slice::from_ref(&q)));
                if built > bounds.work || held.saturating_add(bytes) > bounds.memory {
                    return Err(too_many());
                }
                out.push(q);
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    };
    let first = opts_of(&start, options, held)?;
    held += bytes_of(&first);
    stack.push((start, first, 0));
    loop {
        let top = stack.last_mut().expect("the start is on the stack");
        if top.2 < top.1.len() {
            let next = top.1[top.2].clone();
            top.2 += 1;
            if memo.contains_key(&next) {
                continue;
            }
            if let Some(heaps) = nim_heaps(&next) {
                held += bytes_of(std::slice::from_ref(&next)) + GENUS_BYTES;
                let g = Rc::new(Genus::of_nim(&heaps));
                memo.insert(next, g);
                continue;
            }
            if memo.len() as u64 + stack.len() as u64 >= bounds.positions {
                return Err(too_many());
            }
            let o = opts_of(&next, options, held)?;
            held += bytes_of(&o);
            stack.push((next, o, 0));
            continue;
        }
        let (p, opts, _) = stack.pop().expect("checked above");
        held = held.saturating_sub(bytes_of(&opts));
        let gs: Vec<Rc<Genus>> = opts.iter().map(|o| memo[o].clone()).collect();
        let g = Rc::new(combine(&gs).ok_or_else(&too_many)?);
        if stack.is_empty() {
            return Ok(g);
        }
        held += bytes_of(std::slice::from_ref(&p)) + GENUS_BYTES;
        if held > bounds.memory {
            return Err(too_many());
        }
        memo.insert(p, g);
    }
}

/// About what a finished position's genus and its memo entry take.
const GENUS_BYTES: u64 = 96;

/// The heaps of a position made of Nim heaps alone.
fn nim_heaps(p: &[Item]) -> Option<Vec<u64>> {
    p.iter()
        .map(|x| match x {
            Item::Nim(n) => Some(*n),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim_opts(x: Item) -> Result<Rc<Vec<Vec<Item>>>, ()> {
        match x {
            Item::Nim(n) => Ok(Rc::new((0..n).map(|j| vec![Item::Nim(j)]).collect())),
            _ => Err(()),
        }
    }

    #[test]
    fn nim_heaps_have_their_genera() {
        for (heaps, want) in [
            (vec![], (0, vec![1, 2, 0])),
            (vec![1], (1, vec![0, 3, 1])),
            (vec![2], (2, vec![2, 0])),
            (vec![2, 2], (0, vec![0, 2])),
            (vec![3, 1], (2, vec![2, 0])),
            (vec![1, 1, 1], (1, vec![0, 3, 1])),
        ] {
            let items: Vec<Item> = heaps.iter().map(|&h| Item::Nim(h)).collect();
            let bounds = Bounds {
                positions: 1 << 20,
                work: 1 << 30,
                memory: 1 << 30,
            };
            let g = search(items, &mut nim_opts, bounds, || ()).unwrap();
            assert_eq!((g.normal, g.seq.clone()), want, "{heaps:?}");
            assert_eq!(*g, Genus::of_nim(&heaps), "{heaps:?}");
            assert!(g.tame_all);
        }
    }
}
