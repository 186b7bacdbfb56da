//! Atoms, the letters positions are written in, and the Nim part of a
//! position in its canonical form.
//!
//! An atom below 2^31 is a component (an index into the component table);
//! `2^31 + v` is a Nim heap of `v` tokens. A position is a sorted array of
//! atoms, so its components come first and its Nim heaps last, ascending.

use smallvec::SmallVec;

/// The tag of a Nim heap atom.
pub(super) const NIM: u32 = 1 << 31;

/// The class of a heap that is not proven to be a Nim heap.
pub(super) const WILD: u32 = u32::MAX;

pub(super) fn is_nim(atom: u32) -> bool {
    atom & NIM != 0
}

pub(super) fn nim_of(atom: u32) -> u64 {
    u64::from(atom & !NIM)
}

/// The atom of a Nim heap, if it fits.
pub(super) fn nim_atom(v: u64) -> Option<u32> {
    u32::try_from(v).ok().filter(|&v| v < NIM).map(|v| v | NIM)
}

/// A Nim part in canonical form: the heaps ascending, none empty; either no
/// heap, one heap, or at least two heaps of 2 or more whose low bits are
/// all moved onto the first (see the module docs of `misere`: `*1`s cancel
/// in pairs and fold into any heap, and low bits move between heaps in
/// pairs). Equal sums of Nim heaps in misère play need not have equal
/// forms, but equal forms are always equivalent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Nims(pub SmallVec<[u64; 4]>);

impl Nims {
    pub fn canon(values: impl IntoIterator<Item = u64>) -> Nims {
        let mut ones = 0u64;
        let mut big: SmallVec<[u64; 4]> = SmallVec::new();
        for v in values {
            match v {
                0 => {}
                1 => ones += 1,
                _ => big.push(v),
            }
        }
        let odd = ones & 1;
        match big.len() {
            0 => Nims(if odd == 1 {
                SmallVec::from_slice(&[1])
            } else {
                SmallVec::new()
            }),
            1 => Nims(SmallVec::from_slice(&[big[0] ^ odd])),
            _ => {
                let parity = big.iter().fold(odd, |p, b| p ^ (b & 1));
                for b in big.iter_mut() {
                    *b &= !1;
                }
                big.sort_unstable();
                big[0] |= parity;
                big.sort_unstable();
                Nims(big)
            }
        }
    }

    /// The Nim heap the part is equivalent to, when it is one (0 for none).
    pub fn single(&self) -> Option<u64> {
        match self.0.as_slice() {
            [] => Some(0),
            [v] => Some(*v),
            _ => None,
        }
    }

    /// Bouton's misère rule on the canonical form.
    pub fn outcome_p(&self) -> bool {
        match self.0.as_slice() {
            [] => false,
            [v] => *v == 1,
            heaps => heaps.iter().fold(0, |a, b| a ^ b) == 0,
        }
    }

    /// The misère Grundy value: the `b` that makes the part plus `*b` P.
    pub fn grundy(&self) -> u64 {
        match self.0.as_slice() {
            [] => 1,
            [1] => 0,
            heaps => heaps.iter().fold(0, |a, b| a ^ b),
        }
    }

    /// The part without its largest heap (canonical again), and that heap
    /// (0 when there is none).
    pub fn split_largest(&self) -> (Nims, u64) {
        match self.0.split_last() {
            None => (Nims::default(), 0),
            Some((&x, rest)) => (Nims::canon(rest.iter().copied()), x),
        }
    }

    /// Appends the part as atoms; `Err(v)` for a heap too large to write.
    pub fn push_atoms(&self, out: &mut Vec<u32>) -> Result<(), u64> {
        for &v in &self.0 {
            out.push(nim_atom(v).ok_or(v)?);
        }
        Ok(())
    }

    /// The part of a position's atoms that is Nim heaps (already canonical).
    pub fn of_atoms(atoms: &[u32]) -> Nims {
        Nims(
            atoms
                .iter()
                .filter(|&&a| is_nim(a))
                .map(|&a| nim_of(a))
                .collect(),
        )
    }
}

/// Bouton's rule for misère Nim: true when the heaps are a P-position.
pub fn bouton_p(heaps: &[u64]) -> bool {
    Nims::canon(heaps.iter().copied()).outcome_p()
}

/// The misère Grundy value of a sum of Nim heaps.
pub fn nim_sum_grundy(heaps: &[u64]) -> u64 {
    Nims::canon(heaps.iter().copied()).grundy()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bouton's rule as usually stated.
    fn bouton_plain(heaps: &[u64]) -> bool {
        if heaps.iter().all(|&h| h <= 1) {
            heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
        } else {
            heaps.iter().fold(0, |a, b| a ^ b) == 0
        }
    }

    #[test]
    fn bouton_rule() {
        assert!(!bouton_p(&[])); // no move: the player to move wins
        assert!(bouton_p(&[1])); // must take the last token and lose
        assert!(!bouton_p(&[1, 1]));
        assert!(bouton_p(&[1, 1, 1]));
        assert!(!bouton_p(&[2])); // take 1, leaving 1
        assert!(bouton_p(&[2, 2]));
        assert!(!bouton_p(&[1, 2, 3, 4]));
        assert!(bouton_p(&[1, 2, 3]));
        assert!(bouton_p(&[0, 0, 1]));
    }

    #[test]
    fn canonical_forms_keep_bouton_and_grundy() {
        // Every sum of up to four heaps of at most 7: the canonical form
        // has the same outcome, and G- is the one heap that makes it P.
        let mut heaps = vec![0u64; 4];
        for code in 0..8u64.pow(4) {
            for (i, h) in heaps.iter_mut().enumerate() {
                *h = (code >> (3 * i)) & 7;
            }
            let c = Nims::canon(heaps.iter().copied());
            assert_eq!(c.outcome_p(), bouton_plain(&heaps), "{heaps:?} -> {c:?}");
            let g = c.grundy();
            for b in 0..10 {
                let mut with = heaps.clone();
                with.push(b);
                assert_eq!(bouton_plain(&with), b == g, "{heaps:?} + *{b}");
            }
            // canonical forms are stable
            assert_eq!(Nims::canon(c.0.iter().copied()), c);
        }
    }

    #[test]
    fn canonical_form_examples() {
        let c = |v: &[u64]| Nims::canon(v.iter().copied()).0.to_vec();
        assert_eq!(c(&[1, 1]), Vec::<u64>::new());
        assert_eq!(c(&[1, 1, 1]), vec![1]);
        assert_eq!(c(&[5, 1]), vec![4]);
        assert_eq!(c(&[3, 5]), vec![2, 4]);
        assert_eq!(c(&[2, 5, 1]), vec![2, 4]);
        assert_eq!(c(&[2, 2]), vec![2, 2]);
        assert_eq!(c(&[3, 2]), vec![2, 3]);
        assert_eq!(c(&[0, 7]), vec![7]);
    }

    #[test]
    fn atoms_round_trip() {
        assert_eq!(nim_atom(5).map(nim_of), Some(5));
        assert!(nim_atom(1 << 31).is_none());
        assert!(is_nim(nim_atom(0).unwrap()));
        assert!(!is_nim(12));
        let mut out = vec![3];
        Nims::canon([6, 9]).push_atoms(&mut out).unwrap();
        assert_eq!(Nims::of_atoms(&out), Nims::canon([6, 9]));
    }
}
