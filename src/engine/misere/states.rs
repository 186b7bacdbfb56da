//! The positions a search holds: each a sorted array of atoms, all kept in
//! one arena, found again through a hash table of their indices, with one
//! `u32` of what is known about each. Every allocation is counted, checked
//! against the budget before it is made, and fallible.

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// Nothing known yet.
pub(super) const UNKNOWN: u32 = u32::MAX;
/// On the search's path now.
pub(super) const GRAY: u32 = u32::MAX - 1;
/// An N-position whose misère Grundy value was not worked out.
pub(super) const NONZERO: u32 = u32::MAX - 2;
/// Values below this are misère Grundy values (0: a P-position).
pub(super) const MAX_VALUE: u32 = u32::MAX - 3;

#[derive(Default)]
pub(super) struct States {
    atoms: Vec<u32>,
    /// State `i` is `atoms[ends[i - 1]..ends[i]]` (from 0 for the first).
    ends: Vec<u32>,
    values: Vec<u32>,
    table: HashTable<u32>,
}

fn hash(key: &[u32]) -> u64 {
    let mut h = FxHasher::default();
    h.write_usize(key.len());
    for &a in key {
        h.write_u32(a);
    }
    // spread the bits (the table takes its index from the low bits and a
    // tag from the high ones): the splitmix64 finalizer
    let mut x = h.finish();
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn span<'a>(atoms: &'a [u32], ends: &[u32], i: u32) -> &'a [u32] {
    let i = i as usize;
    let start = if i == 0 { 0 } else { ends[i - 1] as usize };
    &atoms[start..ends[i] as usize]
}

impl States {
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn get(&self, i: u32) -> &[u32] {
        span(&self.atoms, &self.ends, i)
    }

    pub fn value(&self, i: u32) -> u32 {
        self.values[i as usize]
    }

    pub fn set(&mut self, i: u32, v: u32) {
        self.values[i as usize] = v;
    }

    pub fn find(&self, key: &[u32]) -> Option<u32> {
        let (atoms, ends) = (&self.atoms, &self.ends);
        self.table
            .find(hash(key), |&i| span(atoms, ends, i) == key)
            .copied()
    }

    /// Bytes held.
    pub fn held(&self) -> u64 {
        let table = self.table.capacity() as u64 * 8 / 7 * 5;
        4 * (self.atoms.capacity() + self.ends.capacity() + self.values.capacity()) as u64 + table
    }

    /// The index of a position, added (as UNKNOWN) if new. `Err(bytes)`
    /// when growing would take the engine (holding `other` bytes beside
    /// these) past `allow` bytes, or the memory cannot be had.
    pub fn intern(&mut self, key: &[u32], other: u64, allow: u64) -> Result<u32, u64> {
        let h = hash(key);
        if let Some(i) = self.find(key) {
            return Ok(i);
        }
        self.grow(key.len(), other, allow)?;
        let i = self.ends.len() as u32;
        self.atoms.extend_from_slice(key);
        self.ends.push(self.atoms.len() as u32);
        self.values.push(UNKNOWN);
        let (atoms, ends) = (&self.atoms, &self.ends);
        self.table
            .insert_unique(h, i, |&j| hash(span(atoms, ends, j)));
        Ok(i)
    }

    /// Makes room for one more position of `len` atoms.
    fn grow(&mut self, len: usize, other: u64, allow: u64) -> Result<(), u64> {
        let atoms_cap = if self.atoms.len() + len > self.atoms.capacity() {
            (self.atoms.capacity() * 2)
                .max(self.atoms.len() + len)
                .max(1 << 12)
        } else {
            self.atoms.capacity()
        };
        let list_cap = if self.ends.len() == self.ends.capacity() {
            (self.ends.capacity() * 2).max(1 << 10)
        } else {
            self.ends.capacity()
        };
        let table_cap = if self.table.len() == self.table.capacity() {
            (self.table.capacity() * 2).max(1 << 10)
        } else {
            self.table.capacity()
        };
        let after = 4 * (atoms_cap + 2 * list_cap) as u64 + table_cap as u64 * 8 / 7 * 5;
        let total = after.saturating_add(other);
        if total > allow || atoms_cap > u32::MAX as usize || list_cap >= u32::MAX as usize {
            return Err(total);
        }
        let fail = |_| total;
        self.atoms
            .try_reserve_exact(atoms_cap - self.atoms.len())
            .map_err(fail)?;
        self.ends
            .try_reserve_exact(list_cap - self.ends.len())
            .map_err(fail)?;
        self.values
            .try_reserve_exact(list_cap - self.values.len())
            .map_err(fail)?;
        let (atoms, ends) = (&self.atoms, &self.ends);
        self.table
            .try_reserve(table_cap - self.table.len(), |&j| {
                hash(span(atoms, ends, j))
            })
            .map_err(|_| total)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_interned_once() {
        let mut s = States::default();
        let a = s.intern(&[1, 2, 3], 0, 1 << 30).unwrap();
        let b = s.intern(&[1, 2], 0, 1 << 30).unwrap();
        let c = s.intern(&[], 0, 1 << 30).unwrap();
        assert_eq!(s.intern(&[1, 2, 3], 0, 1 << 30), Ok(a));
        assert_eq!(s.find(&[1, 2]), Some(b));
        assert_eq!(s.get(c), &[] as &[u32]);
        assert_eq!(s.get(a), &[1, 2, 3]);
        assert_eq!(s.value(b), UNKNOWN);
        assert_eq!(s.len(), 3);
        for k in 0..5000u32 {
            s.intern(&[k, k + 1], 0, 1 << 30).unwrap();
        }
        assert_eq!(
            s.find(&[4999, 5000]).map(|i| s.get(i).to_vec()),
            Some(vec![4999, 5000])
        );
        assert_eq!(s.find(&[1, 2, 3]), Some(a));
    }

    #[test]
    fn growth_past_the_budget_is_refused() {
        let mut s = States::default();
        let e = s.intern(&[1], 0, 100);
        assert!(matches!(e, Err(b) if b > 100));
        assert_eq!(s.len(), 0);
        // memory held elsewhere counts too
        let mut s = States::default();
        assert!(s.intern(&[1], 1 << 30, 1 << 30).is_err());
    }
}
