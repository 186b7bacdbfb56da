//! Arithmetic periods of all-but subtraction games, proven.
//!
//! In `subtraction all but E` (E finite, `e = max E`, 0 if E is empty) a
//! heap `y >= e` may move to every `m < y - e` and to `y - k` for the
//! allowed `k <= e`. Suppose `G(n + p) = G(n) + s` for `n0 <= n < N` with
//! `N >= n0 + e`, and write `A` for the values `G(m)`, `m < n0 + p`, `A'`
//! for those with `m < n0` and `B_n` for those with `n0 <= m < n - e`.
//! Suppose also that (C3) every value below `s` is in `A`, and, at `n = N`,
//! (C1) every `a` in `A` with `a >= s` has `a - s` in `A'` or in `B_n`, and
//! (C2) every `a'` in `A'` has `a' + s` in `A` or `a'` in `B_n`.
//!
//! Then `G(n + p) = G(n) + s` for every `n >= n0`, by induction on `n >= N`.
//! The options of `n + p` are its near ones `G(n + p - k)`, `k <= e`
//! allowed, which are `G(n - k) + s` (as `n0 <= n - k < n`), and its far
//! ones `G(m)`, `m < n + p - e`: those with `m < n0 + p` give `A`, the
//! others `G(m - p) + s` with `n0 <= m - p < n - e`, which give `B_n + s`.
//! The far options of `n` give `A' ∪ B_n`. So the options of `n + p` are
//! `A ∪ (B_n + s) ∪ (T + s)`, those of `n` are `A' ∪ B_n ∪ T` (`T` the near
//! values of `n`). C1 and C2 hold for every `n >= N` since `B_n` only grows;
//! they make the values `>= s` among the options of `n + p` exactly the
//! options of `n` plus `s`, and C3 puts every value below `s` among them.
//! Hence the mex of the options of `n + p` is `s` plus that of `n`.

use rustc_hash::FxHashSet;

use super::runs::arithmetic_run_starts;
use crate::engine::{Interrupted, Watch};

/// An arithmetic period proven for an all-but game: `(n0, p, s, used)`
/// where `used` is the number of values the proof looked at.
pub type AllButProof = (u64, u64, u64, u64);

/// The smallest period `p` (with its least pre-period and its saltus) that
/// the test above proves from the values `v` of `subtraction all but E`,
/// where `e = max E`.
pub fn allbut_proof<T: Copy + Into<u64>>(
    v: &[T],
    e: u64,
    watch: &mut dyn Watch,
) -> Result<Option<AllButProof>, Interrupted> {
    let n = v.len();
    let max_p = n / 2;
    if max_p == 0 {
        return Ok(None);
    }
    let Some(starts) = arithmetic_run_starts(v, max_p, watch)? else {
        return Ok(None);
    };
    let g = |i: usize| -> u64 { v[i].into() };
    let last = g(n - 1);
    for (p, &start) in starts.iter().enumerate().skip(1) {
        let n0 = start as usize;
        // only periods that the values show clearly are worth a proof
        if last < g(n - 1 - p) || n0 > n / 2 || n - n0 < 2 * p {
            continue;
        }
        let s = last - g(n - 1 - p);
        if let Some(used) = proves(v, n0, p, s, e) {
            return Ok(Some((n0 as u64, p as u64, s, used)));
        }
        if p.is_multiple_of(1024) {
            watch.tick(p as u64, max_p as u64)?;
        }
    }
    Ok(None)
}

/// Whether C1, C2 and C3 hold with the base cases inside `v`, whose values
/// satisfy `G(m + p) = G(m) + s` for `n0 <= m < v.len() - p`; if so, how
/// many values the proof used.
fn proves<T: Copy + Into<u64>>(v: &[T], n0: usize, p: usize, s: u64, e: u64) -> Option<u64> {
    let g = |i: usize| -> u64 { v[i].into() };
    let e = usize::try_from(e).ok()?;
    let a: FxHashSet<u64> = (0..n0 + p).map(g).collect();
    let a1: FxHashSet<u64> = (0..n0).map(g).collect();
    // C3
    if s > (n0 + p) as u64 || (0..s).any(|x| !a.contains(&x)) {
        return None;
    }
    // the values B must hold for C1 and C2
    let mut wanted: FxHashSet<u64> = a
        .iter()
        .filter(|&&x| x >= s && !a1.contains(&(x - s)))
        .map(|&x| x - s)
        .collect();
    wanted.extend(a1.iter().filter(|&&x| !a.contains(&(x + s))));
    // B_N holds G(n0 .. N - e): find the least N that covers `wanted`
    let mut x = n0;
    while !wanted.is_empty() {
        if x >= v.len() {
            return None;
        }
        wanted.remove(&g(x));
        x += 1;
    }
    let big_n = (n0 + e).max(x + e);
    // the base cases n0 <= n < N are compared with n + p
    let used = big_n.checked_add(p)?;
    (used <= v.len()).then_some(used as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Quiet;

    /// Values of `subtraction all but E` computed plainly.
    fn values(excluded: &[u64], count: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..count as u64 {
            let mut seen: Vec<u64> = (1..=n)
                .filter(|k| !excluded.contains(k))
                .map(|k| g[(n - k) as usize])
                .collect();
            seen.sort_unstable();
            seen.dedup();
            let mut m = 0;
            while seen.binary_search(&m).is_ok() {
                m += 1;
            }
            g.push(m);
        }
        g
    }

    #[test]
    fn all_but_two_and_nim() {
        let v = values(&[2], 40);
        assert_eq!(allbut_proof(&v, 2, &mut Quiet), Ok(Some((0, 4, 2, 6))));
        let nim = values(&[], 10);
        assert_eq!(allbut_proof(&nim, 0, &mut Quiet), Ok(Some((0, 1, 1, 1))));
    }

    #[test]
    fn proven_periods_hold_far_beyond_the_proof() {
        let mut state = 5u64;
        let mut rng = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut proven = 0;
        for _ in 0..120 {
            let size = 1 + rng() % 4;
            let mut e: Vec<u64> = (0..size).map(|_| 1 + rng() % 9).collect();
            e.sort_unstable();
            e.dedup();
            let max_e = *e.last().unwrap();
            let short = values(&e, 160);
            let long = values(&e, 700);
            if let Some((n0, p, s, used)) = allbut_proof(&short, max_e, &mut Quiet).unwrap() {
                proven += 1;
                assert!(used <= 160);
                for m in n0 as usize..700 - p as usize {
                    assert_eq!(
                        long[m + p as usize],
                        long[m] + s,
                        "all but {e:?}, ({n0}, {p}, {s}) at {m}"
                    );
                }
            }
        }
        assert!(proven > 60, "only {proven} proofs");
    }
}
