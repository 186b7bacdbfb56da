//! Trial monoids: the quotient found so far times cyclic monoids, one for
//! each heap whose powers are tracked apart from it.
//!
//! An element is `(q, e_1, ..., e_k)` with `q` in the base table and
//! `e_j < i_j + p_j` an exponent of the `j`-th tracked heap in
//! `C(i_j, p_j) = ⟨a | a^(i_j+p_j) = a^(i_j)⟩`, encoded as one integer in
//! mixed radix (`q` lowest). Products are taken factor by factor. A heap
//! tracked apart maps to `(1, 0, ..., 1, ..., 0)`; every other heap to its
//! base element.
//!
//! Tracking a heap apart with the index and period its element has in the
//! base (or longer) refines the map: its powers `h^e` used to map to
//! `φ(h)^e`, which the capped exponent still determines.

use super::{Monoid, Table};

/// A heap tracked apart, with its cyclic factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cyclic {
    pub heap: u64,
    pub index: u32,
    pub period: u32,
}

impl Cyclic {
    fn radix(&self) -> u64 {
        u64::from(self.index) + u64::from(self.period)
    }

    fn add(&self, a: u64, b: u64) -> u64 {
        let s = a + b;
        let r = self.radix();
        if s < r {
            s
        } else {
            let i = u64::from(self.index);
            i + (s - i) % u64::from(self.period)
        }
    }
}

pub struct Trial<'a> {
    pub base: &'a Table,
    pub cyclic: Vec<Cyclic>,
}

impl Trial<'_> {
    /// Number of elements, if it fits in `u32` (elements are `u32`s).
    pub fn size(&self) -> Option<u32> {
        let mut n = u64::from(self.base.order);
        for c in &self.cyclic {
            n = n.checked_mul(c.radix())?;
        }
        u32::try_from(n).ok()
    }

    /// The element a heap maps to, given its element in the base.
    pub fn heap(&self, heap: u64, base: u32) -> u32 {
        let mut stride = u64::from(self.base.order);
        for c in &self.cyclic {
            if c.heap == heap {
                return stride as u32;
            }
            stride *= c.radix();
        }
        base
    }
}

impl Monoid for Trial<'_> {
    fn mul(&self, a: u32, b: u32) -> u32 {
        let k = self.base.order;
        let mut out = u64::from(self.base.mul(a % k, b % k));
        let (mut ra, mut rb) = (u64::from(a / k), u64::from(b / k));
        let mut stride = u64::from(k);
        for c in &self.cyclic {
            let r = c.radix();
            let s = c.add(ra % r, rb % r);
            ra /= r;
            rb /= r;
            out += s * stride;
            stride *= r;
        }
        out as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyclic_factors_multiply_as_exponents() {
        let base = Table::trivial();
        let t = Trial {
            base: &base,
            cyclic: vec![
                Cyclic {
                    heap: 3,
                    index: 2,
                    period: 2,
                },
                Cyclic {
                    heap: 5,
                    index: 1,
                    period: 1,
                },
            ],
        };
        assert_eq!(t.size(), Some(8));
        let a = t.heap(3, 0);
        let b = t.heap(5, 0);
        let mut x = 0;
        for _ in 0..4 {
            x = t.mul(x, a);
        }
        // a^4 = a^2
        assert_eq!(x, t.mul(a, a));
        assert_eq!(t.mul(b, b), b);
        // a^2 b is neither a^2 nor a b
        let a2b = t.mul(x, b);
        assert_ne!(a2b, x);
        assert_ne!(a2b, t.mul(a, b));
    }
}
