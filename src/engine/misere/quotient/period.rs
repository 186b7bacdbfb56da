//! Proven periods of the heap-to-element map.
//!
//! **Theorem.** Let the rule take at most `t` tokens in a move and leave at
//! most `j` heaps (finite subtraction sets: `j = 1`; octal and hexadecimal
//! codes: their digits), and let the quotient `Q` of heaps `0..=N` have
//! `φ(m) = φ(m − p)` for `n0 + p <= m <= N`. If
//! `N + 1 >= max(j·(n0 + p) + t, p + t + 4)`, then `Q` is the quotient of
//! every heap, with `φ(m) = φ(m − p)` for all `m >= n0 + p`.
//!
//! *Proof*, by induction on `m > N`, assuming `φ(m') = φ(m' − p)` for
//! `n0 + p <= m' < m`. Both `m` and `m − p` exceed `t + 3`, so the same
//! moves (take `k <= t`, leave 1, 2 or 3 heaps) are legal in both, and none
//! leaves nothing. An option of `m` leaves parts summing to `m − k`; its
//! largest part `c >= (m − t)/j >= n0 + p`, so replacing `c` by `c − p`
//! gives an option of `m − p` with the same element (`φ(c) = φ(c − p)`,
//! `c < m`). An option of `m − p` has a largest part
//! `c' >= (m − p − t)/j >= n0`, and `c' + p` gives an option of `m` with
//! the same element. So `T(m) = T(m − p)`. Put `φ(m) = φ(m − p)`: heap
//! `m`'s letter `(φ(m), T(m))` is then heap `m − p`'s, the closure of the
//! states of words does not change, and the verification theorem still
//! holds with the same P-portion; `φ` stays onto and `Q` reduced, so by
//! the corollary `Q` is the quotient of heaps `0..=m`, and `φ(m)` is the
//! class of heap `m`.

use crate::engine::rule::HeapRule;

/// `(n0, p)` with the least `p`, when the theorem applies to the elements
/// `phi` of heaps `0..=N`.
pub fn proven(rule: &HeapRule, phi: &[u32]) -> Option<(u64, u64)> {
    let (t, j) = match rule {
        HeapRule::Subtraction(s) => (*s.last()?, 1u64),
        HeapRule::TakeBreak(code) => (
            code.digits.len().saturating_sub(1) as u64,
            u64::from(code.max_parts().max(1)),
        ),
        HeapRule::AllBut(_) | HeapRule::Grundy => return None,
    };
    let n = phi.len() as u64 - 1;
    for p in 1..=n / 2 {
        // the least n0 with phi(m) = phi(m - p) for n0 + p <= m <= n
        let mut m = n;
        while m >= p && phi[m as usize] == phi[(m - p) as usize] {
            if m == p {
                break;
            }
            m -= 1;
        }
        let n0 = if m == p && phi[m as usize] == phi[0] {
            0
        } else {
            m + 1 - p
        };
        let need = (j.checked_mul(n0.checked_add(p)?)?.checked_add(t)?).max(p + t + 4);
        if n + 1 >= need {
            return Some((n0, p));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_needs_a_long_enough_stretch() {
        let rule = HeapRule::subtraction([1, 2]).unwrap();
        // elements 0 1 1 0 1 1 0 ... (period 3 from 0)
        let phi: Vec<u32> = (0..12).map(|i| u32::from(i % 3 != 0)).collect();
        assert_eq!(proven(&rule, &phi), Some((0, 3)));
        // too short: p + t + 4 = 9 heaps at least
        assert_eq!(proven(&rule, &phi[..8]), None);
        // a break at the top forbids it
        let mut bad = phi.clone();
        bad[11] = 2;
        assert_eq!(proven(&rule, &bad), None);
    }
}
