//! The period search behind `period NAME` for the rule families: values are
//! computed as far as a proof needs (within the limit given), and the
//! period found is recorded in the table, which owns it from then on.
//!
//! * Take-and-break codes: the octal periodicity theorem, which the table
//!   checks as it grows (see [`crate::engine::periodicity::theorem`]).
//! * Finite subtraction sets: `G(n)` for `n >= max S` depends only on the
//!   previous `max S` values, so two equal windows of that width repeat
//!   forever.
//! * All-but subtraction sets: the arithmetic periodicity test (see
//!   [`crate::engine::periodicity::allbut`]).
//! * Anything else is only observed, with its saltus if the values grow.

use rustc_hash::FxHashMap;

use super::allbut::allbut_proof;
use super::observe::observed;
use super::saltus::{provable, saltus_proof};
use super::theorem::theorem_check;
use crate::engine::code::Code;
use crate::engine::heap::{Allowance, Cell, ExtendError, HeapTable, Slice, wide};
use crate::engine::rule::HeapRule;
use crate::engine::{Interrupted, Watch};

pub use super::{Period, Proof};

/// The widest window (the largest move of a finite subtraction set) whose
/// repetition is looked for: wider ones are beyond any sensible limit.
pub const WIDEST_WINDOW: u64 = 1 << 24;

/// What [`find_period`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodSearch {
    /// A proven period (for codes and finite subtraction sets with the
    /// minimal pre-period and minimal period).
    Proven(Period),
    /// No proof, but this period (with its saltus) held over the second
    /// half (at least) of the computed values and repeated at least three
    /// times there.
    Candidate(Period),
    /// Nothing found in the values up to heap `up_to`.
    NotFound { up_to: u64 },
}

/// Runs `$body` with `$v` bound to the first `$n` stored values of
/// `$table`, in their storage type.
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

/// Searches for the period of `table`'s values, computing values of heaps up
/// to `limit` as needed, within `allow` (past it the search uses the values
/// it has). A proven period is recorded in the table.
pub fn find_period(
    table: &mut HeapTable,
    limit: u64,
    allow: Allowance,
    watch: &mut dyn Watch,
) -> Result<PeriodSearch, Interrupted> {
    if let Some(p) = table.proven() {
        return Ok(PeriodSearch::Proven(p));
    }
    let found = match table.rule().clone() {
        HeapRule::TakeBreak(code) => take_break(table, &code, limit, allow, watch)?,
        HeapRule::Subtraction(set) => subtraction(table, &set, limit, allow, watch)?,
        HeapRule::AllBut(excluded) => all_but(table, &excluded, limit, allow, watch)?,
        HeapRule::Grundy => None,
    };
    if let Some(p) = found {
        table.set_proven(p);
    }
    if let Some(p) = table.proven() {
        return Ok(PeriodSearch::Proven(p));
    }
    let n = grow(table, limit, allow, false, watch)?;
    // the search for runs takes 4 bytes for every third value: it looks at
    // as many values as the memory left beside the table allows
    let spare = allow
        .memory
        .saturating_sub(table.memory_estimate(n.saturating_sub(1)));
    observe(table, n.min(spare.saturating_mul(3) / 4), watch)
}

/// Extends the table towards heap `limit` (as far as the allowance lets
/// its stages go, or until a period is proven if `until_proven`); returns
/// how many values may be used (at most `limit + 1`).
fn grow(
    table: &mut HeapTable,
    limit: u64,
    allow: Allowance,
    until_proven: bool,
    watch: &mut dyn Watch,
) -> Result<u64, Interrupted> {
    // in stages whose work is counted from heap 0, so that how far a search
    // looks never depends on how far the table was computed before
    match table.reach(limit, allow, until_proven, watch) {
        Ok(n) => Ok(n),
        Err(ExtendError::Interrupted) => Err(Interrupted),
        // the machine would not give the memory: what is there is used
        Err(ExtendError::OutOfMemory { .. } | ExtendError::TooMuchWork { .. }) => {
            Ok(table.len().min(limit.saturating_add(1)))
        }
    }
}

/// The period (and saltus) the first `n` values show, unproven.
fn observe(table: &HeapTable, n: u64, watch: &mut dyn Watch) -> Result<PeriodSearch, Interrupted> {
    let up_to = n.saturating_sub(1);
    let seen = with_values!(table, n, |v| observed(v, watch)?);
    Ok(match seen {
        Some(s) => PeriodSearch::Candidate(Period {
            preperiod: s.preperiod,
            period: s.period,
            saltus: s.saltus,
            proof: Proof::Observed { up_to },
        }),
        None => PeriodSearch::NotFound { up_to },
    })
}

/// Take-and-break codes: values in doubling stretches until the octal
/// periodicity theorem proves a period (the table checks it as it grows),
/// or, where values grow, an arithmetic period is proven.
fn take_break(
    table: &mut HeapTable,
    code: &Code,
    limit: u64,
    allow: Allowance,
    watch: &mut dyn Watch,
) -> Result<Option<Period>, Interrupted> {
    let moves = code.moves_leaving_heaps();
    let mut target = limit.min(255);
    // the arithmetic period last tried: its proof depends only on its
    // values, so it is not tried again
    let mut tried = None;
    let n = loop {
        let n = grow(table, target, allow, true, watch)?;
        if table.proven().is_some() {
            return Ok(None);
        }
        let proof = with_values!(table, n, |v| arithmetic(v, &moves, &mut tried, watch)?);
        if proof.is_some() {
            return Ok(proof);
        }
        if n <= target || target >= limit {
            break n;
        }
        target = n.saturating_mul(2).saturating_sub(1).min(limit);
    };
    // the table was not checking as it grew (benchmarks)
    let (t, parts) = (code.max_take(), u64::from(code.max_parts()));
    let check = with_values!(table, n, |v| theorem_check(v, t, parts, watch)?);
    Ok(check.proven.map(|(n0, p, need)| Period {
        preperiod: n0,
        period: p,
        saltus: 0,
        proof: Proof::OctalTheorem {
            checked_to: need - 1,
        },
    }))
}

/// The arithmetic period of growing values `v`, proven (see
/// [`saltus_proof`]); `tried` is the last one tried on shorter values, not
/// tried again.
pub fn arithmetic<T: Copy + Into<u64>>(
    v: &[T],
    moves: &[(u64, u32)],
    tried: &mut Option<(u64, u64, u64)>,
    watch: &mut dyn Watch,
) -> Result<Option<Period>, Interrupted> {
    // only values that keep growing may have a saltus
    let half = v.len() / 2;
    let top = |w: &[T]| w.iter().map(|&x| x.into()).max().unwrap_or(0);
    if half == 0 || top(&v[half..]) <= top(&v[..half]) {
        return Ok(None);
    }
    let Some(seen) = observed(v, watch)? else {
        return Ok(None);
    };
    if seen.saltus == 0 || !provable(seen.saltus) {
        return Ok(None);
    }
    let (n0, p, s) = (seen.preperiod, seen.period, seen.saltus);
    if tried.replace((n0, p, s)) == Some((n0, p, s)) {
        return Ok(None);
    }
    Ok(
        saltus_proof(v, moves, (n0, p, s), watch)?.map(|used| Period {
            preperiod: n0,
            period: p,
            saltus: s,
            proof: Proof::Saltus { checked_to: used },
        }),
    )
}

/// All-but subtraction: values in doubling stretches, each tested for an
/// arithmetic period.
fn all_but(
    table: &mut HeapTable,
    excluded: &[u64],
    limit: u64,
    allow: Allowance,
    watch: &mut dyn Watch,
) -> Result<Option<Period>, Interrupted> {
    let e = excluded.last().copied().unwrap_or(0);
    let mut target = limit.min(63);
    loop {
        let n = grow(table, target, allow, false, watch)?;
        let proof = with_values!(table, n, |v| allbut_proof(v, e, watch)?);
        if let Some((n0, p, s, used)) = proof {
            return Ok(Some(Period {
                preperiod: n0,
                period: p,
                saltus: s,
                proof: Proof::AllBut {
                    checked_to: used - 1,
                },
            }));
        }
        if n <= target || target >= limit {
            return Ok(None);
        }
        target = n.saturating_mul(2).saturating_sub(1).min(limit);
    }
}

fn subtraction(
    table: &mut HeapTable,
    set: &[u64],
    limit: u64,
    allow: Allowance,
    watch: &mut dyn Watch,
) -> Result<Option<Period>, Interrupted> {
    let width = set.last().copied().unwrap_or(0);
    if width == 0 {
        // no move: every value is 0
        grow(table, limit.min(1), allow, false, watch)?;
        return Ok(Some(Period {
            preperiod: 0,
            period: 1,
            saltus: 0,
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
    if width > WIDEST_WINDOW {
        // windows too wide to be compared within any sensible limit
        return Ok(None);
    }
    let mut windows = Windows::new(width);
    let mut target = limit.min(width.saturating_mul(4).max(255));
    loop {
        let n = grow(table, target, allow, false, watch)?;
        let spare = allow
            .memory
            .saturating_sub(table.memory_estimate(n.saturating_sub(1)));
        let most_windows = usize::try_from(spare / Windows::SEEN_BYTES).unwrap_or(usize::MAX);
        let (found, full) = with_values!(table, n, |v| windows.scan(v, most_windows, watch)?);
        if let Some((i, j)) = found {
            return Ok(Some(Period {
                preperiod: i,
                period: j - i,
                saltus: 0,
                proof: Proof::Window { width },
            }));
        }
        if full || n <= target || target >= limit {
            return Ok(None);
        }
        target = n.saturating_mul(2).saturating_sub(1).min(limit);
    }
}

/// The windows of `width` values of a subtraction game looked at so far,
/// by a rolling hash of their values.
struct Windows {
    width: u64,
    /// The first window at each hash key.
    seen: FxHashMap<u64, u64>,
    /// Later windows whose key is an earlier, different window's.
    clashes: Vec<(u64, u64)>,
    /// The first window not yet looked at.
    next: u64,
    /// The hash of the window before `next`.
    hash: u64,
    /// B^(w-1), to take the oldest value out of the rolling hash.
    top: u64,
}

impl Windows {
    /// The windows seen take about this much each (key, start, the map's
    /// slack).
    const SEEN_BYTES: u64 = 32;
    const B: u64 = 0x100_0000_01B3;

    fn new(width: u64) -> Windows {
        Windows {
            width,
            seen: FxHashMap::default(),
            clashes: Vec::new(),
            next: 0,
            hash: 0,
            top: Self::B.wrapping_pow((width - 1) as u32),
        }
    }

    /// Looks at the windows from `self.next` on in `v`: the first window
    /// equal to an earlier one, as (earlier start, start), and whether
    /// `most_windows` were seen first (no room to look further).
    #[inline]
    fn scan<T: Cell>(
        &mut self,
        v: &[T],
        most_windows: usize,
        watch: &mut dyn Watch,
    ) -> Result<(Option<(u64, u64)>, bool), Interrupted> {
        const B: u64 = Windows::B;
        let (seen, clashes, top) = (&mut self.seen, &mut self.clashes, self.top);
        let mut hash = self.hash;
        let mut full = false;
        let mut found = None;
        let w = self.width as usize;
        let mut i = self.next as usize;
        while i + w <= v.len() {
            if i.is_multiple_of(65_536) {
                watch.tick(i as u64, v.len() as u64)?;
            }
            if i == 0 {
                hash = v[..w]
                    .iter()
                    .fold(0u64, |h, x| h.wrapping_mul(B).wrapping_add(wide(*x) + 1));
            } else {
                let out = wide(v[i - 1]) + 1;
                let inn = wide(v[i + w - 1]) + 1;
                hash = hash
                    .wrapping_sub(out.wrapping_mul(top))
                    .wrapping_mul(B)
                    .wrapping_add(inn);
            }
            if seen.len() >= most_windows {
                // no room to remember more windows: no proof here
                full = true;
                break;
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
        self.hash = hash;
        self.next = i as u64;
        Ok((found, full))
    }
}

/// The period and saltus seen in values computed elsewhere (user-defined
/// rules): `(pre-period, period, saltus)`.
pub fn observed_period(
    values: &[u64],
    watch: &mut dyn Watch,
) -> Result<Option<(u64, u64, u64)>, Interrupted> {
    Ok(observed(values, watch)?.map(|s| (s.preperiod, s.period, s.saltus)))
}

#[cfg(test)]
mod tests;
