//! The inner loops of the two-heap solvers: marking the values of the
//! splits of a heap, all of them or those with a rare part. Both the
//! single-threaded solver ([`super::split`]) and the threaded one
//! ([`super::parallel`]) run them; they sit here, below both, so that
//! `split` calls `parallel` and not the other way round.

use super::Cell;

/// The largest smaller part of a split of `m >= 1` tokens into two heaps
/// (which must differ if `unequal`).
#[inline]
pub(super) fn smaller_part(unequal: bool, m: usize) -> usize {
    if unequal { (m - 1) / 2 } else { m / 2 }
}

/// Marks `G(r) ^ G(m - r)` for the rare heaps `r < m` listed (`vals`
/// holds every `G(m - r)` needed).
#[inline]
pub(super) fn mark_rare<T: Cell>(
    vals: &[T],
    m: usize,
    rare: &[(u32, u32)],
    seen: &mut [u8],
    mask: usize,
) {
    let vals = &vals[..m.min(vals.len())];
    // four at a time, so that the loads of one do not wait on the stores
    // of the others
    let mut r4 = rare.chunks_exact(4);
    for e in &mut r4 {
        let x0 = e[0].1 as usize ^ vals[m - e[0].0 as usize].idx();
        let x1 = e[1].1 as usize ^ vals[m - e[1].0 as usize].idx();
        let x2 = e[2].1 as usize ^ vals[m - e[2].0 as usize].idx();
        let x3 = e[3].1 as usize ^ vals[m - e[3].0 as usize].idx();
        seen[x0 & mask] = 1;
        seen[x1 & mask] = 1;
        seen[x2 & mask] = 1;
        seen[x3 & mask] = 1;
    }
    for &(r, g) in r4.remainder() {
        let x = g as usize ^ vals[m - r as usize].idx();
        seen[x & mask] = 1;
    }
}

/// Marks the values of the splits `(1 + j, m - 1 - j)` for `j` in
/// `from..to`; returns how many. The xors of a stretch are formed first
/// (the compiler does those side by side), then marked.
#[inline(always)]
pub(super) fn pairs<T: Cell>(vals: &[T], m: usize, from: usize, to: usize, seen: &mut [u8]) -> u64 {
    const STRETCH: usize = 64;
    let mask = seen.len() - 1;
    let mut xs = [T::default(); STRETCH];
    let mut j = from;
    while j < to {
        let len = (to - j).min(STRETCH);
        // pairs (1 + j + t, m - 1 - j - t) for t < len
        let lo = &vals[1 + j..1 + j + len];
        let hi = &vals[m - j - len..m - j];
        let xs = &mut xs[..len];
        for ((x, &a), &b) in xs.iter_mut().zip(lo).zip(hi.iter().rev()) {
            *x = a ^ b;
        }
        for &x in xs.iter() {
            seen[x.idx() & mask] = 1;
        }
        j += len;
    }
    (to - from) as u64
}
