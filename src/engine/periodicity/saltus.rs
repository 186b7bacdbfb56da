//! Arithmetic periods of take-and-break games, proven.
//!
//! A move of a take-and-break game removes `t` tokens from a heap and
//! leaves `j` non-empty heaps (`j` from 1 to 3) whose sizes add up to the
//! rest. Suppose the values follow `G(h + p) = G(h) + s` from heap `n0` on
//! as far as they were computed, and write `s = 2^m u` with `u` odd. Let
//! `i = max(n0, 1)` and write a heap `h >= i` as `h = i + c + pL` (`0 <= c
//! < p`); the pattern says `G(h) = s L + G(i + c) = 2^m (u L + Q_c) + R_c`,
//! where `Q_c` and `R_c` are the quotient and remainder of `G(i + c)` by
//! `2^m`. As `2^m` is a power of two and `R_c < 2^m`, the nim-sum of such
//! values is `2^m` times the nim-sum of the `u L + Q_c` plus the nim-sum of
//! the remainders.
//!
//! **The step.** Take `n = i + c_n + pK >= N` and suppose the pattern holds
//! below `n`. `N > 3(i - 1) + t_max`, so every move leaves at least one
//! heap `>= i` (long); the others are short (`1 <= h < i`, with their
//! computed values). Fix the move, the sizes of the short heaps and the
//! classes `c_k` of the long ones: their layers must satisfy `p (L_1 + ...)
//! = pK + D` for a constant `D`, which is divisible by `p` for exactly one
//! class `c_n`. Any `L_k >= 0` with `sum L_k = K + D / p` is a move, and the
//! value it leaves is `2^m W + R` with `W = C ^ (u L_1 + Q_{c_1}) ^ ...`
//! (`C` the nim-sum of the short heaps' quotients) and `R` the nim-sum of
//! all the remainders, a constant. So for each remainder `R` the options of
//! `n` are `2^m W` for the pairs `(K, W)` of a union of [`SumXor`]
//! relations, the same union for every `n` of class `c_n`, and `G(n) = 2^m
//! (u K + Q_{c_n}) + R_{c_n}` exactly when (A) every `W < u K + Q_{c_n}` is
//! covered for each `R < 2^m`, (B) `W = u K + Q_{c_n}` is covered for each
//! `R < R_{c_n}` and (C) it is not for `R_{c_n}`. [`decide`] settles each
//! for every `K >= K0` at once.
//!
//! **The base.** The values up to `N` are computed and checked against the
//! pattern. With the step for every `n >= N`, the pattern holds for every
//! heap, by induction.

use super::sumxor::{Ask, MAX_MULTIPLIER, Region, SumXor, Verdict, decide};
use crate::engine::{Interrupted, Watch};

/// Shapes of moves (a move, the sizes of its short heaps and the classes of
/// its long ones) past which no proof is tried.
const MAX_SHAPES: u64 = 1 << 22;

/// Classes of heaps times remainders (each asks for a statement) past
/// which no proof is tried.
const MAX_STATEMENTS: u64 = 1 << 14;

/// Steps the automata may take for one proof: about a second's work, four
/// times what the largest proof seen took (hex 0.194, 1.5e7 steps).
const BUDGET: u64 = 1 << 26;

/// Powers of two in a saltus past which no proof is tried (each remainder
/// is a statement).
const MAX_TWOS: u64 = 64;

/// Whether an arithmetic period with saltus `s` may be proven here: `s =
/// 2^m u` with `2^m <= 64` and `u` odd and small.
pub fn provable(s: u64) -> bool {
    s > 0 && (1 << s.trailing_zeros()) <= MAX_TWOS && s >> s.trailing_zeros() <= MAX_MULTIPLIER
}

/// A heap left by a move: short (its size) or long (its class).
#[derive(Debug, Clone, Copy)]
enum Part {
    Short(u64),
    Long(u64),
}

/// Proves `G(h + p) = G(h) + s` for every `h >= n0` from the values `v` of
/// a take-and-break game whose moves are `moves` (tokens taken, heaps
/// left: 1 to 3; moves that take a whole heap never matter here). Returns
/// the last heap whose value the proof used, or `None` when the step does
/// not hold, cannot be decided within the budget, or `v` is too short.
pub fn saltus_proof<T: Copy + Into<u64>>(
    v: &[T],
    moves: &[(u64, u32)],
    (n0, p, s): (u64, u64, u64),
    watch: &mut dyn Watch,
) -> Result<Option<u64>, Interrupted> {
    if p == 0 || !provable(s) {
        return Ok(None);
    }
    let g = |h: u64| -> u64 { v[h as usize].into() };
    let i = n0.max(1);
    if moves.iter().any(|&(_, j)| !(1..=3).contains(&j)) {
        return Ok(None);
    }
    // multisets of j heaps out of i - 1 + p kinds
    let kinds = u128::from(i - 1 + p);
    let shapes: u128 = moves
        .iter()
        .map(|&(_, j)| {
            (0..u128::from(j)).map(|x| kinds + x).product::<u128>() / [1, 1, 2, 6][j as usize]
        })
        .sum();
    // one statement (A) for each class and remainder
    let statements_a = u128::from(p) << s.trailing_zeros();
    if shapes > u128::from(MAX_SHAPES) || statements_a > u128::from(MAX_STATEMENTS) {
        return Ok(None);
    }
    let t_max = moves.iter().map(|&(t, _)| t).max().unwrap_or(0);
    // every heap from i + p k0 on is the subject of the step
    let first = (3 * (i - 1) + t_max + 1).max(i);
    let k0 = (first - i).div_ceil(p);
    let base = i + p * k0;
    let used = base.max(i + p);
    // the base, and every value computed past it (which the proof says
    // must follow the pattern)
    let len = v.len() as u64;
    if len < used || (n0..len - p).any(|h| g(h + p) != g(h).wrapping_add(s)) {
        return Ok(None);
    }
    let mut budget = BUDGET;
    for (rels, region, ask) in statements(v, moves, i, (p, s), k0) {
        if decide(&rels, region, ask, &mut budget, watch)? != Verdict::Holds {
            return Ok(None);
        }
    }
    Ok(Some(used - 1))
}

/// The statements (A), (B) and (C) for every class of heaps, each as the
/// relations of one remainder, the pairs it is about and what it asks.
fn statements<T: Copy + Into<u64>>(
    v: &[T],
    moves: &[(u64, u32)],
    i: u64,
    (p, s): (u64, u64),
    k0: u64,
) -> Vec<(Vec<SumXor>, Region, Ask)> {
    let g = |h: u64| -> u64 { v[h as usize].into() };
    let m = s.trailing_zeros();
    let (u, two) = (s >> m, 1u64 << m);
    let (quot, rem) = (|x: u64| x >> m, |x: u64| x & (two - 1));
    let long: Vec<u64> = (0..p).map(|c| g(i + c)).collect();
    let kinds: Vec<Part> = (1..i)
        .map(Part::Short)
        .chain((0..p).map(Part::Long))
        .collect();
    // the relations of each class of heaps and each remainder
    let mut rels: Vec<Vec<Vec<SumXor>>> = vec![vec![Vec::new(); two as usize]; p as usize];
    for &(t, j) in moves {
        each_multiset(kinds.len(), j as usize, |parts| {
            let (mut offsets, mut xor, mut r) = (Vec::with_capacity(3), 0u64, 0u64);
            // D = i + c_n - t - (short sizes) - (i + c_k for the long)
            let mut d = i as i64 - t as i64;
            for &k in parts {
                match kinds[k] {
                    Part::Short(h) => {
                        d -= h as i64;
                        xor ^= quot(g(h));
                        r ^= rem(g(h));
                    }
                    Part::Long(c) => {
                        d -= (i + c) as i64;
                        offsets.push(quot(long[c as usize]));
                        r ^= rem(long[c as usize]);
                    }
                }
            }
            if offsets.is_empty() {
                return;
            }
            // the one class c_n for which p divides D
            let cn = (-d).rem_euclid(p as i64);
            let delta = (d + cn) / p as i64;
            offsets.sort_unstable();
            rels[cn as usize][r as usize].push(SumXor {
                u,
                offsets,
                delta,
                xor,
            });
        });
    }
    let mut out = Vec::new();
    for (cn, by_rem) in rels.into_iter().enumerate() {
        let (q, r_n) = (quot(long[cn]), rem(long[cn]));
        for (r, mut rels) in by_rem.into_iter().enumerate() {
            rels.sort_unstable();
            rels.dedup();
            let r = r as u64;
            let mut asks = vec![(Region::Below { k0, u, q }, Ask::Covered)];
            if r < r_n {
                asks.push((Region::At { k0, u, q }, Ask::Covered));
            } else if r == r_n {
                asks.push((Region::At { k0, u, q }, Ask::Missed));
            }
            for (region, ask) in asks {
                out.push((rels.clone(), region, ask));
            }
        }
    }
    out
}

/// Calls `f` with every multiset of `j` (at most 3) items out of
/// `0..kinds`, as an ascending list.
fn each_multiset(kinds: usize, j: usize, mut f: impl FnMut(&[usize])) {
    match j {
        1 => (0..kinds).for_each(|a| f(&[a])),
        2 => (0..kinds).for_each(|a| (a..kinds).for_each(|b| f(&[a, b]))),
        3 => {
            (0..kinds).for_each(|a| (a..kinds).for_each(|b| (b..kinds).for_each(|c| f(&[a, b, c]))))
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests;
