//! The memory one piece of work may take: what the limit leaves after the
//! tables already held, less what the work has taken so far. Every buffer
//! whose size comes from the user grows through [`Budget::grow`], which
//! refuses (with the standard diagnostic naming `set memory`) before it
//! allocates, and reserves fallibly, so running out of memory is an error,
//! never an abort.

use super::error::EvalError;

/// What the mex driver's memory (its work lists and the memo tables it
/// fills) is for, in diagnostics.
pub const WORK: &str = "the positions this question works out";
use super::limits::Limits;

#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub limits: Limits,
    /// Bytes held before this work began (memo and family tables).
    pub held: u64,
    /// Bytes this work has taken.
    pub used: u64,
}

impl Budget {
    pub fn new(limits: Limits, held: u64) -> Self {
        Budget {
            limits,
            held,
            used: 0,
        }
    }

    /// Bytes still free.
    pub fn left(&self) -> u64 {
        self.limits
            .memory
            .saturating_sub(self.held.saturating_add(self.used))
    }

    /// Takes `bytes` for `what`, or says why it cannot.
    pub fn take(&mut self, bytes: u64, what: &str) -> Result<(), EvalError> {
        if bytes > self.left() {
            return Err(self.refuse(bytes, what));
        }
        self.used += bytes;
        Ok(())
    }

    /// Gives back bytes taken earlier.
    pub fn give(&mut self, bytes: u64) {
        self.used = self.used.saturating_sub(bytes);
    }

    /// The diagnostic for `bytes` more that the limit does not allow.
    pub fn refuse(&self, bytes: u64, what: &str) -> EvalError {
        let taken = self.held.saturating_add(self.used);
        EvalError::from(self.limits.growth_error(what, taken.saturating_add(bytes)))
    }

    /// The diagnostic for `bytes` the limit allowed but the machine would
    /// not give (a fallible reservation failed).
    pub fn unavailable(&self, bytes: u64, what: &str) -> EvalError {
        EvalError::from(self.limits.machine_error(what, bytes))
    }

    /// Makes room for `more` elements in `v`, doubling its capacity: the
    /// new bytes are taken from the budget first, then reserved fallibly.
    #[inline]
    pub fn grow<T>(&mut self, v: &mut Vec<T>, more: usize, what: &str) -> Result<(), EvalError> {
        if v.capacity() - v.len() >= more {
            return Ok(());
        }
        self.grow_slow(v, more, what)
    }

    #[cold]
    fn grow_slow<T>(&mut self, v: &mut Vec<T>, more: usize, what: &str) -> Result<(), EvalError> {
        let need = v.len().saturating_add(more);
        let cap = need.max(v.capacity().saturating_mul(2)).max(16);
        self.reserve(v, cap, what)
    }

    /// Makes the capacity of `v` at least `cap`, taking the new bytes from
    /// the budget first.
    pub fn reserve<T>(&mut self, v: &mut Vec<T>, cap: usize, what: &str) -> Result<(), EvalError> {
        if cap <= v.capacity() {
            return Ok(());
        }
        let size = std::mem::size_of::<T>().max(1) as u64;
        let bytes = ((cap - v.capacity()) as u64).saturating_mul(size);
        self.take(bytes, what)?;
        v.try_reserve_exact(cap - v.len())
            .map_err(|_| self.unavailable(bytes, what))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::limits::MIB;

    #[test]
    fn growth_past_the_budget_is_refused_before_allocating() {
        let limits = Limits {
            memory: MIB,
            ..Limits::default()
        };
        let mut b = Budget::new(limits, MIB / 2);
        let mut v: Vec<u64> = Vec::new();
        b.grow(&mut v, 1000, "a set").unwrap();
        assert!(v.capacity() >= 1000);
        let e = b.grow(&mut v, 1 << 20, "a set").unwrap_err();
        let EvalError::Failed(d) = e else {
            panic!("not a diagnostic")
        };
        assert!(d.hint.unwrap().contains("set memory"), "{}", d.message);
        // a size no machine has is refused, not attempted
        let mut huge: Vec<u64> = Vec::new();
        let mut b = Budget::new(
            Limits {
                memory: u64::MAX,
                ..limits
            },
            0,
        );
        assert!(b.grow(&mut huge, usize::MAX / 4, "a set").is_err());
    }
}
