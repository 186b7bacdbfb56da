//! Periodicity of heap values: the theorems that prove a period from finitely
//! many values, and the evidence that suggests one. Everything here works
//! on a slice of values of any integer type, with no knowledge of how they
//! were computed.
//!
//! * [`theorem`]: the octal periodicity theorem for take-and-break codes,
//!   and a tracker that checks it as a table grows.
//! * [`allbut`]: arithmetic periods of all-but subtraction games.
//! * [`saltus`]: arithmetic periods of take-and-break games, by an
//!   induction whose step [`sumxor`] decides with automata.
//! * [`observe`]: periods and arithmetic periods seen but not proven.
//! * [`runs`]: the runs of every candidate period at once, in linear time.

pub mod allbut;
pub mod observe;
pub mod runs;
pub mod saltus;
pub mod search;
pub mod sumxor;
pub mod theorem;

/// An (eventual) arithmetic period of the values: `G(n + period) = G(n) +
/// saltus` for every `n >= preperiod` (an ordinary period when `saltus` is
/// 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub preperiod: u64,
    pub period: u64,
    pub saltus: u64,
    pub proof: Proof,
}

/// Why a period holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The octal periodicity theorem, with every value up to heap
    /// `checked_to` computed and compared.
    OctalTheorem { checked_to: u64 },
    /// Two equal windows of `width` consecutive values (finite subtraction).
    Window { width: u64 },
    /// The arithmetic periodicity test for all-but subtraction games, with
    /// the values up to heap `checked_to`.
    AllBut { checked_to: u64 },
    /// The arithmetic periodicity test for take-and-break games (an
    /// induction whose step automata decide), with the values up to heap
    /// `checked_to`.
    Saltus { checked_to: u64 },
    /// Not proven: seen to hold for every heap up to `up_to`.
    Observed { up_to: u64 },
}

impl Proof {
    /// Whether the period is proven (not only observed).
    pub fn is_proven(&self) -> bool {
        !matches!(self, Proof::Observed { .. })
    }
}

impl Period {
    /// G(n) from the period and the values of the heaps below
    /// `preperiod + period` (given by `base`). `None` when `base` lacks the
    /// value it is asked, the period is 0 or the value overflows.
    pub fn value_at(&self, n: u64, base: impl Fn(u64) -> Option<u64>) -> Option<u64> {
        if n < self.preperiod || self.period == 0 {
            return base(n);
        }
        let (q, r) = (
            (n - self.preperiod) / self.period,
            (n - self.preperiod) % self.period,
        );
        let v = base(self.preperiod + r)?;
        v.checked_add(self.saltus.checked_mul(q)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_from_periods() {
        let kayles_tail = [4u64, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        let p = Period {
            preperiod: 72,
            period: 12,
            saltus: 0,
            proof: Proof::Observed { up_to: 0 },
        };
        let base = |n: u64| {
            (72..84)
                .contains(&n)
                .then(|| kayles_tail[(n - 72) as usize])
        };
        assert_eq!(p.value_at(84, base), Some(4));
        assert_eq!(
            p.value_at(u64::MAX, base),
            Some(kayles_tail[((u64::MAX - 72) % 12) as usize])
        );
        assert_eq!(p.value_at(3, base), None);
        // all but {2}: 0 1 0 1, then + 2 every 4
        let a = Period {
            preperiod: 0,
            period: 4,
            saltus: 2,
            proof: Proof::AllBut { checked_to: 5 },
        };
        let base = |n: u64| (n < 4).then_some(n % 2);
        assert_eq!(a.value_at(9, base), Some(5));
        assert_eq!(a.value_at(u64::MAX, base), Some((u64::MAX / 4) * 2 + 1));
        let steep = Period {
            saltus: u64::MAX,
            ..a
        };
        assert_eq!(steep.value_at(8, base), None);
        assert!(!Proof::Observed { up_to: 3 }.is_proven());
        assert!(Proof::Window { width: 3 }.is_proven());
    }
}
