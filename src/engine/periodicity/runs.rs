//! Runs of a period at the end of a sequence, for every candidate period
//! at once.
//!
//! For a shift `p`, the run of `v` is the longest stretch at the end where
//! `v[m] = v[m + p]`; it starts at the least `m0` with `v[m] = v[m + p]`
//! for every `m0 <= m < len - p`. For all `p` together these are the Z
//! values of the reversed sequence (the longest common prefix of the
//! reversed sequence and its suffix from `p`), found in linear time.
//! Runs of the first differences `v[m + 1] - v[m]` give arithmetic
//! periods: `v[m + p] - v[m]` is constant on the run.

use crate::engine::{Interrupted, Watch};

/// Items handled between two looks at the watch.
const TICK: usize = 1 << 20;

/// Z values `z[k]` (for `1 <= k <= max_k`) of the sequence `at(0), at(1),
/// ..., at(len - 1)`: the longest common prefix of it and its suffix from
/// `k`. `None` when `len` does not fit a `u32`.
fn z_values<X: Eq>(
    len: usize,
    max_k: usize,
    at: impl Fn(usize) -> X,
    watch: &mut dyn Watch,
) -> Result<Option<Vec<u32>>, Interrupted> {
    if u32::try_from(len).is_err() {
        return Ok(None);
    }
    let max_k = max_k.min(len.saturating_sub(1));
    let mut z = Vec::new();
    if z.try_reserve_exact(max_k + 1).is_err() {
        // no memory for the runs: nothing is seen
        return Ok(None);
    }
    z.resize(max_k + 1, 0u32);
    let (mut l, mut r) = (0usize, 0usize);
    let mut work = 0usize;
    for k in 1..=max_k {
        let mut n = if k < r {
            (z[k - l] as usize).min(r - k)
        } else {
            0
        };
        if k + n >= r {
            let before = n;
            while k + n < len && at(n) == at(k + n) {
                n += 1;
            }
            work += n - before;
            if k + n > r {
                l = k;
                r = k + n;
            }
        }
        z[k] = n as u32;
        work += 1;
        if work >= TICK {
            work = 0;
            watch.tick(k as u64, max_k as u64)?;
        }
    }
    Ok(Some(z))
}

/// For each `p` in `1..=max_p`, the start of the run of `v` for `p` (index
/// 0 is unused). `None` when the sequence is too long to index with `u32`.
pub fn run_starts<T: Copy + Eq>(
    v: &[T],
    max_p: usize,
    watch: &mut dyn Watch,
) -> Result<Option<Vec<u32>>, Interrupted> {
    let len = v.len();
    let Some(mut z) = z_values(len, max_p, |i| v[len - 1 - i], watch)? else {
        return Ok(None);
    };
    for (p, zp) in z.iter_mut().enumerate().skip(1) {
        // the run holds `z[p]` comparisons ending at m = len - p - 1
        *zp = (len - p) as u32 - *zp;
    }
    Ok(Some(z))
}

/// For each `p` in `1..=max_p`, the start of the arithmetic run of `v` for
/// `p`: the least `m0` such that `v[m + p] - v[m]` is the same for every
/// `m0 <= m < len - p`. (The common difference is `v[len - 1] - v[len - 1
/// - p]`.) Index 0 is unused; `None` as for [`run_starts`].
pub fn arithmetic_run_starts<T: Copy + Into<u64>>(
    v: &[T],
    max_p: usize,
    watch: &mut dyn Watch,
) -> Result<Option<Vec<u32>>, Interrupted> {
    let len = v.len();
    if len < 2 {
        return Ok(Some(vec![0; max_p.min(len.saturating_sub(1)) + 1]));
    }
    // differences d[i] = v[i + 1] - v[i] (wrapping: only equality matters),
    // read backwards
    let d = |i: usize| {
        let j = len - 2 - i;
        let (a, b): (u64, u64) = (v[j].into(), v[j + 1].into());
        b.wrapping_sub(a)
    };
    let dlen = len - 1;
    let Some(mut z) = z_values(dlen, max_p, d, watch)? else {
        return Ok(None);
    };
    let max_p = max_p.min(len - 1);
    z.resize(max_p + 1, 0);
    for (p, zp) in z.iter_mut().enumerate().skip(1) {
        // equal differences d[m] = d[m + p] for m0 <= m < len - 1 - p make
        // v[m + p] - v[m] constant for m0 <= m < len - p
        *zp = (dlen.saturating_sub(p)) as u32 - (*zp).min(dlen.saturating_sub(p) as u32);
    }
    Ok(Some(z))
}

/// The start of the run of `v` for one shift `p`, by comparing backwards
/// from the end (0 when `p >= v.len()`).
pub fn start_of_run<T: Eq>(v: &[T], p: usize) -> usize {
    if p >= v.len() {
        return 0;
    }
    let n = v.len() - p;
    let (a, b) = (&v[..n], &v[p..]);
    match a.iter().rev().zip(b.iter().rev()).position(|(x, y)| x != y) {
        Some(back) => n - back,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Quiet;

    /// The arithmetic run start for one `p`, the slow way.
    fn slow_arith(v: &[u64], p: usize) -> usize {
        if p >= v.len() {
            return 0;
        }
        let s = v[v.len() - 1].wrapping_sub(v[v.len() - 1 - p]);
        let mut m = v.len() - p;
        while m > 0 && v[m - 1 + p].wrapping_sub(v[m - 1]) == s {
            m -= 1;
        }
        m
    }

    #[test]
    fn runs_agree_with_the_slow_scan() {
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        let mut rng = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..300 {
            let len = (rng() % 80) as usize;
            let alphabet = 1 + rng() % 4;
            let mut v: Vec<u64> = (0..len).map(|_| rng() % alphabet).collect();
            if round % 3 == 0 {
                // periodic and arithmetic tails
                let p = 1 + (rng() % 7) as usize;
                let s = rng() % 3;
                for i in len / 3..len {
                    if i >= len / 3 + p {
                        v[i] = v[i - p] + s;
                    }
                }
            }
            let max_p = len;
            let starts = run_starts(&v, max_p, &mut Quiet).unwrap().unwrap();
            let arith = arithmetic_run_starts(&v, max_p, &mut Quiet)
                .unwrap()
                .unwrap();
            for p in 1..len {
                assert_eq!(starts[p] as usize, start_of_run(&v, p), "{v:?} p={p}");
                assert_eq!(arith[p] as usize, slow_arith(&v, p), "{v:?} p={p}");
            }
        }
    }
}
