//! The nimbers as a field (Conway, On Numbers and Games, ch. 6): nim-sum is
//! xor, and the nim product of two numbers below 2^64 is again below 2^64,
//! so u64 with these two operations is the field of order 2^64.
//!
//! **The product.** By definition a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a,
//! b' < b}. The Fermat 2-powers F = 2^(2^k) multiply as numbers do with
//! anything smaller (F ⊗ x = F · x for x < F) and square as F ⊗ F = F ⊕ F/2
//! (F/2 the ordinary half, 3F/2 as a number). So numbers below F² are
//! a = a1·F ⊕ a0 with a1, a0 < F, and, writing X for F,
//!
//!   a ⊗ b = a1b1·X² ⊕ (a1b0 ⊕ a0b1)·X ⊕ a0b0
//!         = (a1b1 ⊕ a1b0 ⊕ a0b1)·X ⊕ (a0b0 ⊕ a1b1 ⊗ X/2)
//!         = ((a0⊕a1)(b0⊕b1) ⊕ a0b0)·X ⊕ (a0b0 ⊕ a1b1 ⊗ X/2),
//!
//! three products of halves and one by the constant X/2 (Karatsuba's
//! trick). The halves of 64 bits are 32, 16 and 8 bits; products of bytes
//! come from a table of 256 × 256 made once from the same step down to
//! bits. The tests check the product against the mex definition for all
//! numbers below 64, and the field laws for all of u64.
//!
//! **The inverse.** The nonzero elements form a group of order 2^64 − 1,
//! so a ⊗ a^(2^64 − 2) = 1: the inverse is that power, by squaring.

use std::sync::OnceLock;

/// Products of bytes, `BYTES[a << 8 | b]`.
fn bytes() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 1 << 16];
        for a in 0..256u64 {
            for b in 0..256u64 {
                t[(a << 8 | b) as usize] = step(a, b, 8, &|x, y| small(x, y)) as u8;
            }
        }
        t
    })
}

/// The product of numbers below 2^bits by the step above, `half` being
/// the product of numbers below 2^(bits / 2).
fn step(a: u64, b: u64, bits: u32, half: &dyn Fn(u64, u64) -> u64) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let mid = half(a0 ^ a1, b0 ^ b1);
    let low = half(a0, b0);
    let top = half(a1, b1);
    let top_half = half(top, 1 << (h - 1));
    ((mid ^ low) << h) | (low ^ top_half)
}

/// Products below 2^8 from the step alone, down to bits.
fn small(a: u64, b: u64) -> u64 {
    fn below(a: u64, b: u64, bits: u32) -> u64 {
        if bits == 1 {
            return a & b;
        }
        step(a, b, bits, &|x, y| below(x, y, bits / 2))
    }
    below(a, b, 8)
}

fn below(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 8 {
        return u64::from(bytes()[(a << 8 | b) as usize]);
    }
    step(a, b, bits, &|x, y| below(x, y, bits / 2))
}

/// The nim product a ⊗ b.
pub fn product(a: u64, b: u64) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    below(a, b, 64)
}

/// The nim inverse of a nonzero a.
pub fn inverse(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    // a^(2^64 - 2) = a^2 ⊗ a^4 ⊗ ... ⊗ a^(2^63)
    let mut result = 1;
    let mut square = a;
    for _ in 1..64 {
        square = product(square, square);
        result = product(result, square);
    }
    Some(result)
}

/// a ⊘ b: a ⊗ b^-1, for b nonzero.
pub fn quotient(a: u64, b: u64) -> Option<u64> {
    inverse(b).map(|i| product(a, i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition: the mex of a'b ⊕ ab' ⊕ a'b' over a' < a, b' < b.
    fn by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; 4 * n + 1];
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = t[a2][b] ^ t[a][b2] ^ t[a2][b2];
                        if (v as usize) < seen.len() {
                            seen[v as usize] = true;
                        }
                    }
                }
                t[a][b] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
            }
        }
        t
    }

    #[test]
    fn the_product_is_the_one_the_definition_gives() {
        let t = by_definition(64);
        for a in 0..64u64 {
            for b in 0..64u64 {
                assert_eq!(product(a, b), t[a as usize][b as usize], "{a} x {b}");
            }
        }
    }

    #[test]
    fn known_products_and_inverses() {
        assert_eq!(product(2, 2), 3);
        assert_eq!(product(16, 16), 24);
        assert_eq!(product(4, 4), 6);
        assert_eq!(product(1 << 32, 1 << 32), (1 << 32) | (1 << 31));
        for a in 1..=16u64 {
            assert_eq!(product(a, inverse(a).unwrap()), 1, "{a}");
        }
        assert_eq!(inverse(2), Some(3));
        assert_eq!(inverse(0), None);
    }

    proptest! {
        #[test]
        fn field_laws(a: u64, b: u64, c: u64) {
            prop_assert_eq!(product(a, b), product(b, a));
            prop_assert_eq!(product(product(a, b), c), product(a, product(b, c)));
            prop_assert_eq!(product(a, b ^ c), product(a, b) ^ product(a, c));
            prop_assert_eq!(product(a, 1), a);
            if a != 0 {
                prop_assert_eq!(product(a, inverse(a).unwrap()), 1);
                prop_assert_eq!(product(quotient(b, a).unwrap(), a), b);
            }
        }
    }
}
