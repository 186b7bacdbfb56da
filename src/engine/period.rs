//! Periodicity of heap values, proven where a theorem allows it.
//!
//! * Take-and-break codes with finitely many digits: the octal periodicity
//!   theorem. Let `t` be the largest number of tokens a move may remove and
//!   `m0 = max(n0, 1)`. If `G(n + p) = G(n)` for every `n` with
//!   `m0 <= n < 2 m0 + p + t` (two-heap splits), then it holds for every
//!   `n >= m0`. Induction on `n >= 2 m0 + p + t`: an option of `n + p` removes
//!   `k <= t` tokens and leaves heaps adding up to `n + p - k`; the largest of
//!   them is at least `(n + p - k) / 2 >= m0 + p`, so replacing it by itself
//!   minus `p` (a non-empty heap of at least `m0`, same value by induction)
//!   gives an option of `n` of the same value, and the converse map adds `p`
//!   to the largest heap of an option of `n` (at least `(n - k) / 2 >= m0`).
//!   A single heap left is its own largest part. With three-heap splits the
//!   largest part is only at least a third, so the bound becomes
//!   `3 m0 + 2 p + t`; with no split at all it is `m0 + t`. Using `m0 >= 1`
//!   keeps the shrunk heap non-empty; for `n0 = 0` the check of `G(p) = G(0)`
//!   is added.
//! * Finite subtraction sets: `G(n)` for `n >= max S` depends only on the
//!   previous `max S` values, so two equal windows of that width repeat
//!   forever.
//! * Anything else is only observed.

use rustc_hash::FxHashMap;

use super::code::Code;
use super::heap::{Cell, ExtendError, HeapTable, Slice};
use super::rule::HeapRule;
use super::{Interrupted, Watch};

/// An (eventual) period of the values: `G(n + period) = G(n)` for every
/// `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub preperiod: u64,
    pub period: u64,
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
    /// Not proven: seen to hold for every heap up to `up_to`.
    Observed { up_to: u64 },
}

/// What [`find_period`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodSearch {
    /// A proven period, with the minimal pre-period and minimal period.
    Proven(Period),
    /// No proof, but this period held over the second half (at least) of the
    /// computed values and repeated at least three times there.
    Candidate(Period),
    /// Nothing found in the values up to heap `up_to`.
    NotFound { up_to: u64 },
}

/// Searches for the period of `table`'s values, computing values of heaps up
/// to `limit` as needed (callers check the table's memory estimate for
/// `limit` first). Values already in the table beyond `limit` are not used.
pub fn find_period(
    table: &mut HeapTable,
    limit: u64,
    watch: &mut dyn Watch,
) -> Result<PeriodSearch, Interrupted> {
    match table.rule().clone() {
        HeapRule::TakeBreak(code) => octal(table, &code, limit, watch),
        HeapRule::Subtraction(set) => subtraction(table, &set, limit, watch),
        HeapRule::AllBut(_) | HeapRule::Grundy => {
            let n = grow(table, limit, watch)?;
            Ok(observed(table, n, watch)?)
        }
    }
}

/// G(n) for any `n` from a period of `table` (at once, whatever the size of
/// `n`). `None` only when the table lacks the values the period refers to.
pub fn value_at(table: &HeapTable, period: &Period, n: u64) -> Option<u64> {
    if let Some(v) = table.get(n) {
        return Some(v);
    }
    if period.period == 0 || n < period.preperiod {
        return None;
    }
    table.get(period.preperiod + (n - period.preperiod) % period.period)
}

/// Extends the table to heap `limit` (or as far as memory allows); returns
/// how many values may be used (at most `limit + 1`).
fn grow(table: &mut HeapTable, limit: u64, watch: &mut dyn Watch) -> Result<u64, Interrupted> {
    match table.try_extend_to(limit, watch) {
        Ok(()) | Err(ExtendError::OutOfMemory { .. }) => {}
        Err(ExtendError::Interrupted) => return Err(Interrupted),
    }
    Ok(table.len().min(limit.saturating_add(1)))
}

/// Runs `f` on the first `n` stored values, in their storage type.
macro_rules! with_values {
    ($table:expr, $n:expr, |$v:ident| $body:expr) => {{
        let n = $n as usize;
        match $table.slice() {
            Slice::U8(all) => {
                let $v = &all[..n.min(all.len())];
                $body
            }
            Slice::U16(all) => {
                let $v = &all[..n.min(all.len())];
                $body
            }
            Slice::U32(all) => {
                let $v = &all[..n.min(all.len())];
                $body
            }
            Slice::U64(all) => {
                let $v = &all[..n.min(all.len())];
                $body
            }
        }
    }};
}

#[inline(always)]
fn wide<T: Cell>(x: T) -> u64 {
    x.into()
}

/// One past the largest `m` with `v[m] != v[m + p]` (0 if there is none).
fn start_of_run<T: Cell>(v: &[T], p: usize) -> usize {
    if p >= v.len() {
        return 0;
    }
    let n = v.len() - p;
    let (a, b) = (&v[..n], &v[p..]);
    match a.iter().rev().zip(b.iter().rev()).position(|(x, y)| x != y) {
        Some(back) => n - back,
        None => 0,
    }
}

/// Number of values the theorem needs for pre-period `n0` and period `p`
/// (all heaps below the returned count), or `None` on overflow.
fn needed(code_t: u64, parts: u64, n0: u64, p: u64) -> Option<u64> {
    let m0 = n0.max(1);
    let end = match parts {
        1 => m0.checked_add(code_t)?,
        2 => m0.checked_mul(2)?.checked_add(p)?.checked_add(code_t)?,
        _ => m0
            .checked_mul(3)?
            .checked_add(p.checked_mul(2)?)?
            .checked_add(code_t)?,
    };
    // every n < end is compared with n + p
    end.checked_add(p)
}

/// What [`theorem_scan`] found in some known values of a code.
pub(crate) struct TheoremScan {
    /// The minimal period `p` that the theorem proves, with its minimal
    /// pre-period `n0` and the number of values the proof used.
    pub(crate) proven: Option<(u64, u64, u64)>,
    /// How many values would settle the most promising unproven candidate.
    pub(crate) settle: Option<u64>,
}

/// Looks for the smallest period `p` whose theorem bound fits within the
/// known values `v` of a code whose moves take at most `t` tokens and leave
/// at most `parts` heaps.
///
/// The smallest such `p` is the minimal period: a smaller true period `d`
/// has the same minimal pre-period `n0` (both tails are purely periodic from
/// the same point), and its bound, smaller than that of `p`, would fit too.
/// The pre-period found is minimal because the last mismatch `G(m) !=
/// G(m + p)` seen is the last one of all, the period being proven.
pub(crate) fn theorem_scan<T: Cell>(
    v: &[T],
    t: u64,
    parts: u64,
    watch: &mut dyn Watch,
) -> Result<TheoremScan, Interrupted> {
    let n = v.len() as u64;
    let mut settle: Option<u64> = None;
    let mut p = 1u64;
    while needed(t, parts, 0, p).is_some_and(|need| need <= n) {
        if p.is_multiple_of(4096) {
            watch.tick(p, n)?;
        }
        let n0 = start_of_run(v, p as usize) as u64;
        match needed(t, parts, n0, p) {
            Some(need) if need <= n => {
                return Ok(TheoremScan {
                    proven: Some((n0, p, need)),
                    settle,
                });
            }
            Some(need) if n0 + 3 * p <= n => {
                settle = Some(settle.map_or(need, |s: u64| s.min(need)));
            }
            _ => {}
        }
        p += 1;
    }
    Ok(TheoremScan {
        proven: None,
        settle,
    })
}

fn octal(
    table: &mut HeapTable,
    code: &Code,
    limit: u64,
    watch: &mut dyn Watch,
) -> Result<PeriodSearch, Interrupted> {
    let t = code.max_take();
    let parts = u64::from(code.max_parts());
    let mut target = limit.min(127);
    loop {
        let n = grow(table, target, watch)?;
        let scan = with_values!(table, n, |v| theorem_scan(v, t, parts, watch)?);
        let found = scan.proven.map(|(n0, p, need)| Period {
            preperiod: n0,
            period: p,
            proof: Proof::OctalTheorem {
                checked_to: need - 1,
            },
        });
        let settle = scan.settle;
        if let Some(period) = found {
            return Ok(PeriodSearch::Proven(period));
        }
        if n <= target || target >= limit {
            // the whole allowance is computed (or memory ran short)
            return observed(table, n, watch);
        }
        let mut next = n.saturating_mul(2);
        if let Some(s) = settle {
            next = next.min(s.max(n + n / 8));
        }
        target = (next - 1).min(limit);
    }
}

fn subtraction(
    table: &mut HeapTable,
    set: &[u64],
    limit: u64,
    watch: &mut dyn Watch,
) -> Result<PeriodSearch, Interrupted> {
    let width = set.last().copied().unwrap_or(0);
    if width == 0 {
        // no move: every value is 0
        grow(table, limit.min(1), watch)?;
        return Ok(PeriodSearch::Proven(Period {
            preperiod: 0,
            period: 1,
            proof: Proof::Window { width: 0 },
        }));
    }
    // Let windows W(i) = G(i .. i + w) with w = max S. For i >= 0 the value
    // G(i + w) is a function of W(i), so W(i) = W(j), i < j, gives
    // G(n) = G(n + j - i) for all n >= i. Take the first j whose window
    // equals an earlier one, at i. If (n0, p) is the minimal pre-period and
    // period, W(n0) = W(n0 + p), so j <= n0 + p; from (i, j) we get n0 <= i
    // and p <= j - i; windows before j are all different, so n0 + p >= j.
    // Hence n0 + p = j = i + (j - i) with n0 <= i, p <= j - i: n0 = i and
    // p = j - i.
    let mut seen: FxHashMap<u64, u64> = FxHashMap::default();
    let mut clashes: Vec<(u64, u64)> = Vec::new();
    let mut next_window = 0u64; // first window not yet looked at
    let mut hash = 0u64;
    const B: u64 = 0x100_0000_01B3;
    if width > 1 << 24 {
        // windows too wide to be compared within any sensible limit
        let n = grow(table, limit, watch)?;
        return observed(table, n, watch);
    }
    // B^(w-1), to take the oldest value out of the rolling hash
    let top = B.wrapping_pow((width - 1) as u32);
    let mut target = limit.min(width.saturating_mul(4).max(255));
    loop {
        let n = grow(table, target, watch)?;
        let found = with_values!(table, n, |v| {
            let mut found = None;
            let w = width as usize;
            let mut i = next_window as usize;
            while i + w <= v.len() {
                if i.is_multiple_of(65_536) {
                    watch.tick(i as u64, v.len() as u64)?;
                }
                if i == 0 {
                    hash = v[..w]
                        .iter()
                        .fold(0u64, |h, &x| h.wrapping_mul(B).wrapping_add(wide(x) + 1));
                } else {
                    let out = wide(v[i - 1]) + 1;
                    let inn = wide(v[i + w - 1]) + 1;
                    hash = hash
                        .wrapping_sub(out.wrapping_mul(top))
                        .wrapping_mul(B)
                        .wrapping_add(inn);
                }
                let key = hash ^ (hash >> 29);
                let same = |j: u64| v[j as usize..j as usize + w] == v[i..i + w];
                match seen.get(&key) {
                    None => {
                        seen.insert(key, i as u64);
                    }
                    Some(&j) if same(j) => {
                        found = Some((j, i as u64));
                    }
                    Some(_) => match clashes.iter().find(|&&(k, j)| k == key && same(j)) {
                        Some(&(_, j)) => found = Some((j, i as u64)),
                        None => clashes.push((key, i as u64)),
                    },
                }
                if found.is_some() {
                    break;
                }
                i += 1;
            }
            next_window = i as u64;
            found
        });
        if let Some((i, j)) = found {
            return Ok(PeriodSearch::Proven(Period {
                preperiod: i,
                period: j - i,
                proof: Proof::Window { width },
            }));
        }
        if n <= target || target >= limit {
            return observed(table, n, watch);
        }
        target = n.saturating_mul(2).saturating_sub(1).min(limit);
    }
}

/// The smallest period that held over at least the second half of the first
/// `n` values and repeated three times there.
fn observed(table: &HeapTable, n: u64, watch: &mut dyn Watch) -> Result<PeriodSearch, Interrupted> {
    let up_to = n.saturating_sub(1);
    let found = with_values!(table, n, |v| observed_in(v, watch));
    Ok(match found? {
        Some((preperiod, period)) => PeriodSearch::Candidate(Period {
            preperiod,
            period,
            proof: Proof::Observed { up_to },
        }),
        None => PeriodSearch::NotFound { up_to },
    })
}

/// The smallest period `p`, with its least pre-period `n0`, such that the
/// values from `n0` on repeat every `p`, `n0` lies in the first half of the
/// values and at least three periods follow it. Evidence, not proof.
fn observed_in<T: Cell>(v: &[T], watch: &mut dyn Watch) -> Result<Option<(u64, u64)>, Interrupted> {
    let n = v.len() as u64;
    let mut p = 1u64;
    while p.saturating_mul(3) <= n {
        if p.is_multiple_of(4096) {
            watch.tick(p, n)?;
        }
        let n0 = start_of_run(v, p as usize) as u64;
        if n0 <= n / 2 && n - n0 >= 3 * p {
            return Ok(Some((n0, p)));
        }
        p += 1;
    }
    Ok(None)
}

/// [`observed_in`] for values computed elsewhere (user-defined rules).
pub fn observed_period(
    values: &[u64],
    watch: &mut dyn Watch,
) -> Result<Option<(u64, u64)>, Interrupted> {
    observed_in(values, watch)
}

#[cfg(test)]
mod tests {
    use super::super::Quiet;
    use super::super::code::parse_code;
    use super::*;
    use std::time::Instant;

    fn code(text: &str) -> HeapRule {
        HeapRule::TakeBreak(parse_code(text, false).unwrap())
    }

    fn proven(rule: HeapRule, limit: u64) -> (Period, HeapTable) {
        let mut t = HeapTable::new(rule.clone());
        let start = Instant::now();
        let r = find_period(&mut t, limit, &mut Quiet).unwrap();
        eprintln!(
            "{}: {:?} in {:?} ({} values)",
            rule.describe(),
            r,
            start.elapsed(),
            t.len()
        );
        match r {
            PeriodSearch::Proven(p) => (p, t),
            other => panic!("{}: {other:?}", rule.describe()),
        }
    }

    fn check(text: &str, preperiod: u64, period: u64) {
        let (p, t) = proven(code(text), 1 << 20);
        assert_eq!((p.preperiod, p.period), (preperiod, period), "{text}");
        let Proof::OctalTheorem { checked_to } = p.proof else {
            panic!("{:?}", p.proof)
        };
        assert!(checked_to < t.len());
        // the reported pre-period is minimal: the value just before differs
        if preperiod > 0 {
            assert_ne!(t.get(preperiod - 1), t.get(preperiod - 1 + period));
        }
    }

    #[test]
    fn kayles() {
        check("0.77", 71, 12);
    }

    #[test]
    fn dawsons_kayles_and_chess() {
        check("0.07", 53, 34);
        // Dawson's chess is Dawson's Kayles shifted by one heap
        check("0.137", 52, 34);
    }

    #[test]
    fn small_codes() {
        check("0.45", 498, 20);
        // split without taking: G = 0 0 1 0 1 0 1 ... (odd heaps split into
        // odd + even, even heaps into two odd or two even ones)
        check("4.0", 1, 2);
        // subtraction {1, 2}
        check("0.33", 0, 3);
        // no move at all
        check("0.0", 0, 1);
    }

    #[test]
    fn heavy_codes() {
        check("0.156", 3479, 349);
        check("0.356", 7315, 142);
        check("0.644", 3256, 442);
        // a long one: published pre-period 105351 and period 149459
        check("0.16", 105351, 149459);
    }

    #[test]
    fn three_heap_codes_proven_and_consistent() {
        // any proven period must agree with far more computed values
        // (0.8, 8.0, 0.48 and the like have values growing with the heap:
        // no period, see `wide_three_heap_values` in the heap tests)
        for text in ["0.A", "0.B", "0.D", "0.F", "4.8"] {
            let rule = HeapRule::TakeBreak(parse_code(text, true).unwrap());
            let (p, _) = proven(rule.clone(), 1 << 12);
            let mut far = HeapTable::new(rule);
            far.extend_to(3 * (p.preperiod + 3 * p.period) + 50, &mut Quiet)
                .unwrap();
            let mut small = HeapTable::new(far.rule().clone());
            small
                .extend_to(p.preperiod + p.period - 1, &mut Quiet)
                .unwrap();
            for n in 0..far.len() {
                assert_eq!(value_at(&small, &p, n), far.get(n), "{text} at {n}");
            }
        }
    }

    #[test]
    fn subtraction_windows() {
        let (p, _) = proven(HeapRule::subtraction([1, 2, 3]).unwrap(), 1000);
        assert_eq!((p.preperiod, p.period), (0, 4));
        assert_eq!(p.proof, Proof::Window { width: 3 });
        let (p, t) = proven(HeapRule::subtraction([1, 3, 4]).unwrap(), 1000);
        assert_eq!((p.preperiod, p.period), (0, 7));
        // 0 1 0 1 2 3 2, repeated
        assert!(
            t.values(0..14)
                .eq([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2])
        );
        let (p, _) = proven(HeapRule::Subtraction(vec![]), 10);
        assert_eq!((p.preperiod, p.period), (0, 1));
        // the same game as an octal code agrees
        let (q, _) = proven(code("0.3033"), 1000);
        assert_eq!((q.preperiod, q.period), (0, 7));
        // a set with a pre-period: {2, 5, 7}? compare with the octal theorem
        let mut state = 7u64;
        let mut rng = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..60 {
            let size = 1 + rng() % 4;
            let set: Vec<u64> = (0..size).map(|_| 1 + rng() % 12).collect();
            let rule = HeapRule::subtraction(set.clone()).unwrap();
            let (p, _) = proven(rule, 1 << 16);
            let max = *set.iter().max().unwrap() as usize;
            let mut digits = vec![0u8; max + 1];
            for &k in &set {
                digits[k as usize] = 3;
            }
            let as_code = HeapRule::TakeBreak(Code { digits, hex: false });
            let (q, _) = proven(as_code, 1 << 16);
            assert_eq!((p.preperiod, p.period), (q.preperiod, q.period), "{set:?}");
        }
    }

    #[test]
    fn unprovable_rules_are_observed() {
        let mut t = HeapTable::new(HeapRule::Grundy);
        match find_period(&mut t, 3000, &mut Quiet).unwrap() {
            PeriodSearch::Candidate(p) => panic!("spurious candidate {p:?}"),
            PeriodSearch::NotFound { up_to } => assert_eq!(up_to, 3000),
            PeriodSearch::Proven(p) => panic!("{p:?}"),
        }
        // all but {1}: G(n) = floor(n / 2), no period
        let mut t = HeapTable::new(HeapRule::all_but([1]));
        assert_eq!(
            find_period(&mut t, 500, &mut Quiet).unwrap(),
            PeriodSearch::NotFound { up_to: 500 }
        );
        // all but {1, 2, 3, ...} with a large gap: all but {2, 3} ends up periodic?
        let mut t = HeapTable::new(HeapRule::all_but([1, 2]));
        let r = find_period(&mut t, 500, &mut Quiet).unwrap();
        let expect_none = matches!(
            r,
            PeriodSearch::NotFound { .. } | PeriodSearch::Candidate(_)
        );
        assert!(expect_none, "{r:?}");
    }

    #[test]
    fn value_at_answers_far_heaps() {
        let (p, t) = proven(code("0.77"), 1 << 16);
        assert_eq!(value_at(&t, &p, 84), Some(4)); // 72 + 12: 4 1 2 8 1 4 7 2 1 8 2 7
        let far = u64::MAX;
        let r = (far - 71) % 12;
        assert_eq!(value_at(&t, &p, far), t.get(71 + r));
        assert_eq!(
            value_at(&t, &p, far),
            Some([4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7][((far - 72) % 12) as usize])
        );
        let bogus = Period {
            preperiod: 0,
            period: 0,
            proof: Proof::Observed { up_to: 0 },
        };
        assert_eq!(value_at(&t, &bogus, far), None);
    }

    #[test]
    fn limit_is_respected() {
        let mut t = HeapTable::new(code("0.156"));
        match find_period(&mut t, 1000, &mut Quiet).unwrap() {
            PeriodSearch::Proven(p) => panic!("{p:?}"),
            _ => assert!(t.len() <= 1001),
        }
    }

    #[test]
    fn candidate_when_the_proof_needs_more_than_the_limit() {
        // 0.45 needs G up to 1037 for its proof
        let mut t = HeapTable::new(code("0.45"));
        let r = find_period(&mut t, 1030, &mut Quiet).unwrap();
        assert_eq!(
            r,
            PeriodSearch::Candidate(Period {
                preperiod: 498,
                period: 20,
                proof: Proof::Observed { up_to: 1030 }
            })
        );
        // and with a bit more room it is proven
        let r = find_period(&mut t, 1037, &mut Quiet).unwrap();
        assert!(
            matches!(r, PeriodSearch::Proven(p) if (p.preperiod, p.period) == (498, 20)),
            "{r:?}"
        );
    }

    use crate::engine::StopAfter;

    #[test]
    fn search_can_be_interrupted_and_resumed() {
        let mut t = HeapTable::new(HeapRule::Grundy);
        assert_eq!(
            find_period(&mut t, 100_000, &mut StopAfter(5)),
            Err(Interrupted)
        );
        assert!(t.len() < 100_001);
        let r = find_period(&mut t, 20_000, &mut Quiet).unwrap();
        assert_eq!(r, PeriodSearch::NotFound { up_to: 20_000 });
    }
}
