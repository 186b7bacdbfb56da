//! The misère classes of a rule family's heaps, in a dense table: for each
//! heap, the Nim heap it is proven equivalent to (by the mex rule of
//! [`super::classes`]), or `WILD`.
//!
//! For rules that never split a heap (finite subtraction sets, and codes
//! whose digits only take tokens), the class of heap `n` depends only on
//! the classes of the `2t` heaps below it, `t` being the most tokens a move
//! takes: its options are `n - k`, and the mex rule looks one move further,
//! at `n - k - k'`. From `n = 2t + 1` on that dependence is the same for
//! every `n` (every move is available to `n` and to its options, and none
//! empties them). So when a window of `2t + 1` consecutive classes repeats
//! at `j` and at `h` (`j >= 2t`), the classes repeat with period `h - j`
//! from the start of the first window on, forever: a proven period, and
//! heaps far past the table are answered at once.

use super::atoms::Nims;
use super::classes::{Summary, mex_rule};
use super::{Budget, Error, Meter};
use crate::engine::Watch;
use crate::engine::rule::HeapRule;
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::Hasher;
use std::ops::ControlFlow;

use super::atoms::WILD;

/// Bytes a table entry takes, with the window index beside it.
const ENTRY_BYTES: u64 = 4;
const WINDOW_BYTES: u64 = 24;

pub(super) struct FamilyClasses {
    pub rule: HeapRule,
    pub(super) classes: Vec<u32>,
    /// Width of the window a class depends on (rules that never split).
    width: Option<usize>,
    /// Hash of the window ending at `j` -> those `j`.
    windows: FxHashMap<u64, SmallVec<[u32; 1]>>,
    /// (pre-period, period) of the classes, proven.
    period: Option<(u64, u64)>,
}

impl FamilyClasses {
    pub fn new(rule: &HeapRule) -> Self {
        let rule = rule.normalized();
        let width = match &rule {
            HeapRule::Subtraction(s) => Some(s.last().map_or(1, |&t| {
                usize::try_from(t).map_or(usize::MAX, |t| t.saturating_mul(2).saturating_add(1))
            })),
            HeapRule::TakeBreak(code) if code.digits.iter().all(|d| d & 12 == 0) => {
                Some(2 * code.digits.len().saturating_sub(1) + 1)
            }
            _ => None,
        };
        FamilyClasses {
            rule,
            classes: Vec::new(),
            width: width.filter(|&w| w <= 1 << 16),
            windows: FxHashMap::default(),
            period: None,
        }
    }

    pub fn held(&self) -> u64 {
        self.classes.capacity() as u64 * ENTRY_BYTES + self.windows.len() as u64 * WINDOW_BYTES
    }

    /// The class of heap `n`, if the table or the period has it.
    pub fn get(&self, n: u64) -> Option<u32> {
        if let Some(&c) = usize::try_from(n).ok().and_then(|i| self.classes.get(i)) {
            return Some(c);
        }
        let (pre, p) = self.period?;
        let i = pre + (n - pre) % p;
        self.classes.get(i as usize).copied()
    }

    /// Whether the rule ever leaves more than one heap.
    pub(super) fn splits(&self) -> bool {
        self.width.is_none()
    }

    /// Ensures the class of heap `n` is known (table or period). `other`
    /// is what the rest of the engine holds, in bytes.
    pub fn extend<E>(
        &mut self,
        n: u64,
        budget: &Budget,
        other: u64,
        meter: &mut Meter,
        watch: &mut dyn Watch,
        family: u32,
    ) -> Result<(), Error<E>> {
        if self.get(n).is_some() {
            return Ok(());
        }
        let allow = budget.memory.saturating_sub(other);
        let per = ENTRY_BYTES + if self.splits() { 0 } else { WINDOW_BYTES };
        let target = if self.splits() {
            if n > budget.heap {
                return Err(Error::Heap {
                    family,
                    n,
                    limit: budget.heap,
                });
            }
            // The options of every heap up to n, visited once each.
            let mut need: u128 = 0;
            for h in self.classes.len() as u64..=n {
                need = need.saturating_add(self.rule.move_count(h));
            }
            if need > u128::from(meter.left()) {
                return Err(Error::Options {
                    estimate: Some(need.saturating_add(u128::from(meter.work))),
                    limit: meter.limit,
                });
            }
            n
        } else {
            // stops at the period, usually long before n
            n.min(budget.heap)
        };
        while (self.classes.len() as u64) <= target && self.period.is_none() {
            if self.classes.len() == self.classes.capacity() {
                let cap = (self.classes.len() * 2)
                    .max(64)
                    .min(usize::try_from(target + 1).unwrap_or(usize::MAX));
                let bytes = (cap as u64).saturating_mul(per);
                if bytes > allow
                    || self
                        .classes
                        .try_reserve_exact(cap - self.classes.len())
                        .is_err()
                {
                    return Err(Error::Memory { bytes, held: other });
                }
            }
            let h = self.classes.len() as u64;
            let c = self.class_of(h, meter, watch)?;
            self.classes.push(c);
            self.look_for_period();
        }
        if self.get(n).is_none() {
            return Err(Error::Heap {
                family,
                n,
                limit: budget.heap,
            });
        }
        Ok(())
    }

    /// The mex rule for heap `h`, every smaller heap's class known.
    fn class_of<E>(
        &self,
        h: u64,
        meter: &mut Meter,
        watch: &mut dyn Watch,
    ) -> Result<u32, Error<E>> {
        let mut nims = Vec::new();
        let mut others: Vec<Summary<u64>> = Vec::new();
        let mut any = false;
        let mut spent = 0u64;
        let _ = self.rule.each_move(h, |_, heaps| {
            any = true;
            spent += 1;
            let s = self.summary(heaps);
            match s.single() {
                Some(v) => nims.push(v),
                None => others.push(s),
            }
            ControlFlow::<()>::Continue(())
        });
        meter.spend(spent, watch)?;
        let verdict = mex_rule(&mut nims, &others, any, |w, rest, m| {
            let mut found = false;
            let mut spent = 0u64;
            let _ = self.rule.each_move(w, |_, heaps| {
                spent += 1;
                let s = self.summary(heaps);
                if s.wild.is_empty()
                    && Nims::canon(rest.0.iter().chain(&s.nims.0).copied()).single() == Some(m)
                {
                    found = true;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            meter.spend(spent, watch)?;
            Ok(found)
        })?;
        Ok(verdict.map_or(WILD, |v| v as u32))
    }

    /// An option (heaps left) through the classes of its heaps.
    fn summary(&self, heaps: &[u64]) -> Summary<u64> {
        let mut wild = SmallVec::new();
        let mut values: SmallVec<[u64; 4]> = SmallVec::new();
        for &x in heaps {
            match self.classes[x as usize] {
                WILD => wild.push(x),
                v => values.push(u64::from(v)),
            }
        }
        Summary {
            wild,
            nims: Nims::canon(values),
        }
    }

    /// After a new class: does the window ending here repeat an earlier
    /// one (ending at `j >= width - 1`, so that the class after it depends
    /// on the window alone)?
    fn look_for_period(&mut self) {
        let Some(width) = self.width else { return };
        let h = self.classes.len() - 1;
        if h + 1 < width {
            return;
        }
        let window = &self.classes[h + 1 - width..=h];
        let mut hasher = FxHasher::default();
        for &c in window {
            hasher.write_u32(c);
        }
        let list = self.windows.entry(hasher.finish()).or_default();
        for &j in list.iter() {
            let j = j as usize;
            if self.classes[j + 1 - width..=j] == *window {
                // classes from j + 1 - width on repeat every h - j
                self.period = Some(((j + 1 - width) as u64, (h - j) as u64));
                return;
            }
        }
        if let Ok(h) = u32::try_from(h) {
            list.push(h);
        }
    }

    /// The proven (pre-period, period) of the classes, if found.
    #[cfg(test)]
    pub fn period(&self) -> Option<(u64, u64)> {
        self.period
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Quiet;
    use crate::engine::code::parse_code;

    fn budget() -> Budget {
        Budget::for_tests()
    }

    #[test]
    fn subtraction_classes_have_a_proven_period() {
        // subtraction {1, 2, 5}: heap n plays like *(n mod 3)
        let rule = HeapRule::subtraction([1, 2, 5]).unwrap();
        let mut f = FamilyClasses::new(&rule);
        let mut meter = Meter::new(1 << 30);
        f.extend::<()>(1_000_000_000_000, &budget(), 0, &mut meter, &mut Quiet, 0)
            .unwrap();
        assert!(f.period().is_some());
        for n in (0..40).chain([1_000_000_000_000, 999_999_999_999]) {
            assert_eq!(f.get(n), Some((n % 3) as u32), "heap {n}");
        }
    }

    #[test]
    fn proven_periods_agree_with_the_classes_computed_one_by_one() {
        let rules = [
            HeapRule::subtraction([1, 2, 5]).unwrap(),
            HeapRule::subtraction([2, 3]).unwrap(),
            HeapRule::subtraction([1, 3, 4]).unwrap(),
            HeapRule::subtraction([3, 5, 9, 11]).unwrap(),
            HeapRule::subtraction([2, 7]).unwrap(),
            HeapRule::TakeBreak(parse_code("0.3", false).unwrap()),
            HeapRule::TakeBreak(parse_code("0.13", false).unwrap()),
            HeapRule::TakeBreak(parse_code("0.3122", false).unwrap()),
        ];
        let mut periodic = 0;
        for rule in &rules {
            let mut fast = FamilyClasses::new(rule);
            let mut slow = FamilyClasses::new(rule);
            slow.width = None; // no period: every heap computed
            let mut meter = Meter::new(1 << 40);
            slow.extend::<()>(3000, &budget(), 0, &mut meter, &mut Quiet, 0)
                .unwrap();
            fast.extend::<()>(u64::MAX / 2, &budget(), 0, &mut meter, &mut Quiet, 0)
                .unwrap();
            periodic += usize::from(fast.period().is_some());
            for n in 0..=3000 {
                assert_eq!(fast.get(n), slow.get(n), "{rule:?} at heap {n}");
            }
        }
        assert_eq!(periodic, rules.len());
    }

    #[test]
    fn kayles_small_heaps_are_nim_heaps() {
        // K0..K4 play like *0, *1, *2, *3, *1 in misère play; K5 is not
        // recognized (its option K2 + K2 is no Nim heap and does not
        // reverse).
        let rule = HeapRule::TakeBreak(parse_code("0.77", false).unwrap());
        let mut f = FamilyClasses::new(&rule);
        let mut meter = Meter::new(1 << 30);
        f.extend::<()>(5, &budget(), 0, &mut meter, &mut Quiet, 0)
            .unwrap();
        let got: Vec<u32> = (0..=5).map(|n| f.get(n).unwrap()).collect();
        assert_eq!(got, vec![0, 1, 2, 3, 1, WILD]);
    }

    #[test]
    fn a_splitting_family_past_the_heap_limit_is_refused() {
        let rule = HeapRule::TakeBreak(parse_code("0.77", false).unwrap());
        let mut f = FamilyClasses::new(&rule);
        let mut meter = Meter::new(1 << 30);
        let small = Budget {
            heap: 100,
            ..budget()
        };
        let e = f.extend::<()>(1000, &small, 0, &mut meter, &mut Quiet, 7);
        assert_eq!(
            e,
            Err(Error::Heap {
                family: 7,
                n: 1000,
                limit: 100
            })
        );
        // and too much work is refused before it starts
        let mut meter = Meter::new(1000);
        let e = f.extend::<()>(1000, &budget(), 0, &mut meter, &mut Quiet, 7);
        assert!(matches!(e, Err(Error::Options { .. })), "{e:?}");
        assert_eq!(meter.work, 0);
    }
}
