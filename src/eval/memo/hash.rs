//! Hash maps keyed by positions' arguments. Arguments are small structured
//! integers (`(3, 4)`, `(3, 5)`, ...), which a multiply-only hash spreads
//! badly; this hasher mixes every word fully (the splitmix64 finalizer).
//! Also: what a map holds in bytes, and growing one within a budget.

use crate::eval::budget::Budget;
use crate::eval::error::EvalError;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

#[derive(Default, Clone, Copy)]
pub struct Mix(u64);

#[inline(always)]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Hasher for Mix {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = mix(self.0.wrapping_add(x).wrapping_add(0x9e37_79b9_7f4a_7c15));
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

pub type MixMap<K, V> = HashMap<K, V, BuildHasherDefault<Mix>>;

/// About how many bytes a map with this capacity holds (buckets are 8/7 of
/// the capacity, each with its key, value and a control byte).
pub fn map_bytes<K, V>(capacity: usize) -> u64 {
    let per = (std::mem::size_of::<K>() + std::mem::size_of::<V>() + 1) as u64;
    (capacity as u64).saturating_mul(per).saturating_mul(8) / 7
}

/// Makes room for one more entry: a full map doubles, and the new table is
/// taken from the budget before it is allocated.
pub fn grow_map<K: std::hash::Hash + Eq, V>(
    map: &mut MixMap<K, V>,
    budget: &mut Budget,
    what: &str,
) -> Result<(), EvalError> {
    if map.len() < map.capacity() {
        return Ok(());
    }
    let old = map_bytes::<K, V>(map.capacity());
    let want = map.capacity().saturating_mul(2).max(8);
    let new = map_bytes::<K, V>(want);
    budget.take(new, what)?;
    map.try_reserve(want - map.len())
        .map_err(|_| budget.unavailable(new, what))?;
    // the old table was freed once the new one was filled
    budget.give(old);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn neighbouring_keys_spread_over_buckets() {
        let b = BuildHasherDefault::<Mix>::default();
        let mut low = std::collections::HashSet::new();
        for m in 0..32u64 {
            for n in 0..32u64 {
                low.insert(b.hash_one([m, n]) & 1023);
            }
        }
        // 1024 keys into 1024 buckets: a good hash fills most of them
        assert!(low.len() > 600, "{}", low.len());
    }
}
