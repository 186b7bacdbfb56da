//! What a research run works out from the values it writes, as they go by:
//! the largest value and the first heap with it, and the checksums that
//! other tools print (ogsolve's Fletcher-32, SHA-256).

use super::super::Checksum;
use sha2::{Digest as _, Sha256};

/// The values of the heaps asked for, seen once each, in order.
pub struct Digest {
    /// The largest value so far, and the first heap with it.
    pub largest: u64,
    pub at: Option<u64>,
    fletcher: Fletcher,
    sha: Sha256,
    bytes: Vec<u8>,
}

impl Default for Digest {
    fn default() -> Self {
        Digest {
            largest: 0,
            at: None,
            fletcher: Fletcher::default(),
            sha: Sha256::new(),
            bytes: Vec::new(),
        }
    }
}

impl Digest {
    /// Takes in the values of heaps `from`, `from + 1`, ...
    pub fn see(&mut self, from: u64, values: &[u64]) {
        for (i, &v) in values.iter().enumerate() {
            if self.at.is_none() || v > self.largest {
                self.largest = v;
                self.at = Some(from + i as u64);
            }
        }
        self.fletcher.add(values);
        self.bytes.clear();
        self.bytes
            .extend(values.iter().flat_map(|v| v.to_le_bytes()));
        self.sha.update(&self.bytes);
    }

    pub fn checksum(self) -> Checksum {
        Checksum {
            fletcher32: self.fletcher.value(),
            sha256: self.sha.finalize().into(),
        }
    }
}

/// ogsolve's checksum: the values as 16-bit numbers, their sum `a` and the
/// sum of the running sums `b`, both modulo 2^16 (not the 65535 of the
/// textbook Fletcher-32), as `b << 16 | a`.
#[derive(Debug, Clone, Copy, Default)]
struct Fletcher {
    a: u16,
    b: u16,
    /// A value did not fit 16 bits.
    wide: bool,
}

impl Fletcher {
    fn add(&mut self, values: &[u64]) {
        for &v in values {
            self.wide |= v > u64::from(u16::MAX);
            self.a = self.a.wrapping_add(v as u16);
            self.b = self.b.wrapping_add(self.a);
        }
    }

    fn value(&self) -> Option<u32> {
        (!self.wide).then_some(u32::from(self.b) << 16 | u32::from(self.a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_value_is_found_first() {
        let mut d = Digest::default();
        d.see(10, &[0, 3, 1, 3]);
        d.see(14, &[2, 3]);
        assert_eq!((d.largest, d.at), (3, Some(11)));
        d.see(16, &[7]);
        assert_eq!((d.largest, d.at), (7, Some(16)));
    }

    #[test]
    fn checksums_do_not_depend_on_how_the_values_are_cut() {
        let values: Vec<u64> = (0..1000u64).map(|n| n * n % 977).collect();
        let mut whole = Digest::default();
        whole.see(0, &values);
        let mut pieces = Digest::default();
        for (i, chunk) in values.chunks(37).enumerate() {
            pieces.see(37 * i as u64, chunk);
        }
        assert_eq!(whole.checksum(), pieces.checksum());
    }

    #[test]
    fn fletcher_needs_values_of_16_bits() {
        let mut f = Fletcher::default();
        f.add(&[65_535, 1]);
        assert_eq!(f.value(), Some(0xFFFF_0000));
        f.add(&[65_536]);
        assert_eq!(f.value(), None);
    }
}
