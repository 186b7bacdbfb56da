//! The octal periodicity theorem, checked on known values, and a tracker
//! that checks it as a table grows at a small cost per new value.
//!
//! Let `t` be the largest number of tokens a move may remove and `m0 =
//! max(n0, 1)`. If `G(n + p) = G(n)` for every `n` with `m0 <= n < 2 m0 +
//! p + t` (two-heap splits), then it holds for every `n >= m0`. Induction
//! on `n >= 2 m0 + p + t`: an option of `n + p` removes `k <= t` tokens and
//! leaves heaps adding up to `n + p - k`; the largest of them is at least
//! `(n + p - k) / 2 >= m0 + p`, so replacing it by itself minus `p` (a
//! non-empty heap of at least `m0`, same value by induction) gives an option
//! of `n` of the same value, and the converse map adds `p` to the largest
//! heap of an option of `n` (at least `(n - k) / 2 >= m0`). A single heap
//! left is its own largest part. With three-heap splits the largest part is
//! only at least a third, so the bound becomes `3 m0 + 2 p + t`; with no
//! split at all it is `m0 + t`. Using `m0 >= 1` keeps the shrunk heap
//! non-empty; for `n0 = 0` the check of `G(p) = G(0)` is added.

use super::runs::run_starts;
use crate::engine::{Interrupted, Watch};

/// Number of values the theorem needs for pre-period `n0` and period `p`
/// (all heaps below the returned count), or `None` on overflow.
pub fn needed(t: u64, parts: u64, n0: u64, p: u64) -> Option<u64> {
    let m0 = n0.max(1);
    let end = match parts {
        0 | 1 => m0.checked_add(t)?,
        2 => m0.checked_mul(2)?.checked_add(p)?.checked_add(t)?,
        _ => m0
            .checked_mul(3)?
            .checked_add(p.checked_mul(2)?)?
            .checked_add(t)?,
    };
    // every n < end is compared with n + p
    end.checked_add(p)
}

/// Candidates followed between two full checks.
const CANDIDATES: usize = 8;

/// What [`theorem_check`] found in the known values of a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TheoremCheck {
    /// The minimal period `p` that the theorem proves, with its minimal
    /// pre-period `n0` and the number of values the proof used:
    /// `(n0, p, need)`.
    pub proven: Option<(u64, u64, u64)>,
    /// The periods that could be proven soonest, as `(need, p)` in order
    /// of `need` (all beyond the known values): each is proven once that
    /// many values are known, if no new value breaks it.
    pub candidates: Vec<(u64, u64)>,
    /// No other period can be proven with fewer values than this.
    pub others: u64,
}

/// Looks for the smallest period `p` whose theorem bound fits within the
/// known values `v` of a code whose moves take at most `t` tokens and
/// leave at most `parts` heaps, in time linear in `v.len()`.
///
/// The smallest such `p` is the minimal period: a smaller true period `d`
/// has the same minimal pre-period `n0` (both tails are purely periodic from
/// the same point), and its bound, smaller than that of `p`, would fit too.
/// The pre-period found is minimal because the last mismatch `G(m) !=
/// G(m + p)` seen is the last one of all, the period being proven.
pub fn theorem_check<T: Copy + Eq>(
    v: &[T],
    t: u64,
    parts: u64,
    watch: &mut dyn Watch,
) -> Result<TheoremCheck, Interrupted> {
    let len = v.len() as u64;
    let nothing = TheoremCheck {
        proven: None,
        candidates: Vec::new(),
        others: u64::MAX,
    };
    // periods whose bound could fit in a quarter more values than known
    let horizon = len.saturating_add(len / 4);
    let (mut lo, mut hi) = (0u64, len.saturating_sub(1));
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if needed(t, parts, 0, mid).is_some_and(|need| need <= horizon) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let max_p = lo;
    if max_p == 0 {
        return Ok(TheoremCheck {
            others: needed(t, parts, 0, 1).unwrap_or(u64::MAX),
            ..nothing
        });
    }
    let Some(starts) = run_starts(v, max_p as usize, watch)? else {
        return Ok(nothing);
    };
    let mut candidates: Vec<(u64, u64)> = Vec::new();
    let mut others = needed(t, parts, 0, max_p + 1).unwrap_or(u64::MAX);
    for p in 1..=max_p {
        let n0 = u64::from(starts[p as usize]);
        let Some(need) = needed(t, parts, n0, p) else {
            continue;
        };
        if need <= len {
            return Ok(TheoremCheck {
                proven: Some((n0, p, need)),
                candidates: Vec::new(),
                others: need,
            });
        }
        // keep the CANDIDATES smallest needs; the rest bound the others
        if candidates.len() < CANDIDATES {
            candidates.push((need, p));
            candidates.sort_unstable();
        } else if need < candidates[CANDIDATES - 1].0 {
            let (dropped, _) = candidates[CANDIDATES - 1];
            others = others.min(dropped);
            candidates[CANDIDATES - 1] = (need, p);
            candidates.sort_unstable();
        } else {
            others = others.min(need);
        }
    }
    Ok(TheoremCheck {
        proven: None,
        candidates,
        others,
    })
}

/// Follows the theorem as a table of a code grows: each new value is
/// compared with a few candidate periods, and the whole (linear) check runs
/// only when a period may have become provable.
#[derive(Debug, Clone)]
pub struct Tracker {
    t: u64,
    parts: u64,
    /// `(need, p)` of the candidates that no value has broken yet.
    candidates: Vec<(u64, u64)>,
    /// No period outside `candidates` is provable with fewer values.
    others: u64,
    /// Table length at the last full check.
    last: u64,
    /// The table length at which to check next.
    next: u64,
    /// `(n0, p)` once proven, with the number of values the proof used.
    proven: Option<(u64, u64, u64)>,
}

impl Tracker {
    /// For a code whose moves take at most `t` tokens and leave at most
    /// `parts` heaps.
    pub fn new(t: u64, parts: u64) -> Self {
        Tracker {
            t,
            parts,
            candidates: Vec::new(),
            others: 0,
            last: 0,
            next: needed(t, parts, 0, 1).unwrap_or(u64::MAX),
            proven: None,
        }
    }

    /// `(n0, p, need)` of the proven period, if any.
    pub fn proven(&self) -> Option<(u64, u64, u64)> {
        self.proven
    }

    /// Stops following (the caller does not want the shortcut).
    pub fn disable(&mut self) {
        self.next = u64::MAX;
        self.candidates.clear();
    }

    /// The table length at which a check will run next (`u64::MAX` when
    /// none will).
    pub fn next_check(&self) -> u64 {
        self.next
    }

    /// Looks at the newest value `v[v.len() - 1]`; runs the full check when
    /// a period may now be provable. Returns whether a period is proven.
    pub fn push<T: Copy + Eq>(
        &mut self,
        v: &[T],
        watch: &mut dyn Watch,
    ) -> Result<bool, Interrupted> {
        if self.proven.is_some() {
            return Ok(true);
        }
        let len = v.len() as u64;
        if let Some(&last) = v.last() {
            let before = self.candidates.len();
            let i = v.len() - 1;
            self.candidates
                .retain(|&(_, p)| (p as usize) > i || v[i - p as usize] == last);
            if self.candidates.len() != before {
                self.schedule();
            }
        }
        if len >= self.next {
            self.check(v, watch)?;
        }
        Ok(self.proven.is_some())
    }

    /// The full check on the known values.
    pub fn check<T: Copy + Eq>(
        &mut self,
        v: &[T],
        watch: &mut dyn Watch,
    ) -> Result<(), Interrupted> {
        let found = theorem_check(v, self.t, self.parts, watch)?;
        self.last = v.len() as u64;
        if found.proven.is_some() {
            self.proven = found.proven;
            self.candidates.clear();
            self.next = u64::MAX;
            return Ok(());
        }
        self.candidates = found.candidates;
        self.others = found.others;
        self.schedule();
        Ok(())
    }

    /// When to check next: when the first unbroken candidate would be
    /// proven, or when some other period might be (then not before the
    /// table has grown by an eighth, so that checks stay rare).
    fn schedule(&mut self) {
        let best = self.candidates.first().map_or(u64::MAX, |&(need, _)| need);
        self.next = if best <= self.others {
            best
        } else {
            self.others
                .max(self.last.saturating_add(self.last / 8).saturating_add(1))
        };
    }
}

#[cfg(test)]
mod tests {
    use super::super::runs::start_of_run;
    use super::*;
    use crate::engine::Quiet;

    /// The scan as it used to be: every `p` in turn, compared backwards.
    fn slow_proof(v: &[u8], t: u64, parts: u64) -> Option<(u64, u64, u64)> {
        let n = v.len() as u64;
        let mut p = 1u64;
        while needed(t, parts, 0, p).is_some_and(|need| need <= n) {
            let n0 = start_of_run(v, p as usize) as u64;
            if let Some(need) = needed(t, parts, n0, p)
                && need <= n
            {
                return Some((n0, p, need));
            }
            p += 1;
        }
        None
    }

    #[test]
    fn the_linear_check_agrees_with_the_slow_scan() {
        let mut state = 0x0123_4567_89AB_CDEFu64;
        let mut rng = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..400 {
            let len = (rng() % 120) as usize;
            let pre = (rng() % 30) as usize;
            let p = 1 + (rng() % 9) as usize;
            let k = 1 + rng() % 3;
            let mut v: Vec<u8> = (0..len).map(|_| (rng() % k) as u8).collect();
            for i in pre + p..len {
                v[i] = v[i - p];
            }
            let t = rng() % 4;
            let parts = 1 + rng() % 3;
            let fast = theorem_check(&v, t, parts, &mut Quiet).unwrap();
            assert_eq!(
                fast.proven,
                slow_proof(&v, t, parts),
                "{v:?} t={t} parts={parts}"
            );
        }
    }

    #[test]
    fn the_tracker_proves_at_the_first_length_the_theorem_allows() {
        let mut state = 99u64;
        let mut rng = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200 {
            let len = 40 + (rng() % 400) as usize;
            let pre = (rng() % 60) as usize;
            let p = 1 + (rng() % 20) as usize;
            let mut v: Vec<u8> = (0..len).map(|_| (rng() % 3) as u8).collect();
            for i in pre + p..len {
                v[i] = v[i - p];
            }
            let (t, parts) = (rng() % 3, 1 + rng() % 3);
            // the first prefix length at which the slow scan proves a period
            let first = (1..=len).find(|&l| slow_proof(&v[..l], t, parts).is_some());
            let mut tracker = Tracker::new(t, parts);
            let mut at = None;
            for l in 1..=len {
                if tracker.push(&v[..l], &mut Quiet).unwrap() {
                    at = Some(l);
                    break;
                }
            }
            // the tracker may be late by at most an eighth, never early
            match (first, at) {
                (None, None) => {}
                (Some(f), Some(a)) => {
                    assert!(a >= f && a <= f + f / 8 + 1, "first {f}, tracker {a}");
                    assert_eq!(tracker.proven(), slow_proof(&v[..a], t, parts), "{v:?}");
                }
                (f, a) => panic!("slow {f:?}, tracker {a:?} on {v:?}"),
            }
        }
    }
}
