//! Periods and arithmetic periods that the values show but no theorem
//! proves: evidence only.

use super::runs::arithmetic_run_starts;
use crate::engine::{Interrupted, Watch};

/// A period seen in some values: from `preperiod` on, `G(n + period) =
/// G(n) + saltus` (a plain period when `saltus` is 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    pub preperiod: u64,
    pub period: u64,
    pub saltus: u64,
}

/// The smallest period `p`, with its least pre-period `n0` and its saltus,
/// such that the values from `n0` on repeat every `p` (each time increased
/// by the saltus), `n0` lies in the first half of the values and at least
/// three periods follow it.
pub fn observed<T: Copy + Into<u64>>(
    v: &[T],
    watch: &mut dyn Watch,
) -> Result<Option<Seen>, Interrupted> {
    let n = v.len();
    let max_p = n / 3;
    if max_p == 0 {
        return Ok(None);
    }
    let Some(starts) = arithmetic_run_starts(v, max_p, watch)? else {
        return Ok(None);
    };
    let last: u64 = v[n - 1].into();
    for p in 1..=max_p {
        let n0 = starts[p] as usize;
        let before: u64 = v[n - 1 - p].into();
        if last >= before && n0 <= n / 2 && n - n0 >= 3 * p {
            return Ok(Some(Seen {
                preperiod: n0 as u64,
                period: p as u64,
                saltus: last - before,
            }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Quiet;

    fn seen(pre: u64, period: u64, saltus: u64) -> Option<Seen> {
        Some(Seen {
            preperiod: pre,
            period,
            saltus,
        })
    }

    #[test]
    fn plain_and_arithmetic_periods() {
        let v: Vec<u64> = (0..60).map(|n| if n < 5 { 9 } else { n % 3 }).collect();
        assert_eq!(observed(&v, &mut Quiet), Ok(seen(5, 3, 0)));
        assert_eq!(observed(&[0u64; 12], &mut Quiet), Ok(seen(0, 1, 0)));
        let nim: Vec<u64> = (0..40).collect();
        assert_eq!(observed(&nim, &mut Quiet), Ok(seen(0, 1, 1)));
        // all but {2}: 0 1 0 1 2 3 2 3 ...
        let v: Vec<u64> = (0..40).map(|n| 2 * (n / 4) + n % 2).collect();
        assert_eq!(observed(&v, &mut Quiet), Ok(seen(0, 4, 2)));
        // hex 0.8: 0, then (n - 1) / 3
        let v: Vec<u64> = (0..90u64).map(|n| n.saturating_sub(1) / 3).collect();
        assert_eq!(observed(&v, &mut Quiet), Ok(seen(1, 3, 1)));
        // nothing in a decreasing tail or in too few values
        let v: Vec<u64> = (0..40).rev().collect();
        assert_eq!(observed(&v, &mut Quiet), Ok(None));
        assert_eq!(observed(&[1u64, 2], &mut Quiet), Ok(None));
    }
}
