//! `misere quotient NAME to N`, and the misère answers a family's quotient
//! gives: a sum of heaps of one family is a P-position exactly when the
//! product of its heaps' elements is in the P-portion (the verification
//! theorem in `engine::misere::quotient`). The quotient is kept in the
//! session and grown on demand, like the family's value table.

use super::answer::{MisereRule, QuotientAnswer, Replaced};
use super::error::QueryError;
use crate::diag::units::count;
use crate::engine::misere::quotient::{Kept, Presentation, QuotientError, Solver, Spend};
use crate::engine::rule::HeapRule;
use crate::eval::error::LimitError;
use crate::eval::{Defs, EvalError, Store};
use crate::ir::{DefKind, GameId, Setting};

/// Orders up to this get their multiplication table written out.
const TABLE_ORDER: u32 = 32;

/// The share of `set work` a quotient may take when the search can answer
/// instead.
const QUIET_SHARE: u64 = 10;

/// Heaps computed first when a far heap is asked for, in the hope of a
/// proven period.
const PROBE: u64 = 400;

/// The rule of a family game.
pub fn family_rule(defs: &Defs, game: GameId) -> Option<HeapRule> {
    match &defs.games[game].kind {
        DefKind::Family(rule) => Some(rule.clone()),
        _ => None,
    }
}

/// Bytes the session's quotients hold.
pub fn held(store: &Store) -> u64 {
    store.quotients.values().map(|k| k.solver.held()).sum()
}

/// Grows the family's quotient to cover heap `to`; `quiet` gives up at
/// once where an earlier attempt was refused (for answers that fall back
/// on the search).
pub fn ensure(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    to: u64,
    quiet: bool,
) -> Result<(), QuotientError> {
    let work = if quiet {
        // beside a search that can answer instead: a tenth of the work
        store.limits.work / QUIET_SHARE
    } else {
        store.limits.work
    };
    let Some(rule) = family_rule(defs, game) else {
        return Err(QuotientError::Rounds { heap: 0 });
    };
    let mut limits = store.limits;
    limits.work = work;
    let others = store.families.held_except(usize::MAX) + held(store);
    let kept = store.quotients.entry(game).or_insert_with(|| Kept {
        solver: Solver::new(&rule),
        refused: None,
    });
    if kept.solver.rule() != &rule.normalized() {
        *kept = Kept {
            solver: Solver::new(&rule),
            refused: None,
        };
    }
    if kept.solver.element(to).is_some() {
        return Ok(());
    }
    if quiet
        && kept
            .refused
            .is_some_and(|(h, w)| h <= to && w >= limits.work)
    {
        return Err(QuotientError::Work { limit: limits.work });
    }
    let memory = limits
        .memory
        .saturating_sub(others.saturating_sub(kept.solver.held()));
    // far heaps: a proven period may answer them after a short stretch
    if to > PROBE && kept.solver.to() < PROBE {
        grow(kept, PROBE, &limits, memory, &mut *store.ticker.watch)?;
        if kept.solver.element(to).is_some() {
            return Ok(());
        }
    }
    if to > limits.heap {
        return Err(QuotientError::Options { heap: to });
    }
    // up front: every option of every heap is visited at least once
    let from = kept.solver.to() + 1;
    let mut options: u128 = 0;
    for n in from..=to {
        options = options.saturating_add(rule.move_count(n));
        if options > u128::from(limits.work) {
            return Err(QuotientError::Work { limit: limits.work });
        }
    }
    grow(kept, to, &limits, memory, &mut *store.ticker.watch)
}

/// Extends a kept quotient to heap `to`, noting where it was refused.
fn grow(
    kept: &mut Kept,
    to: u64,
    limits: &crate::eval::limits::Limits,
    memory: u64,
    watch: &mut dyn crate::engine::Watch,
) -> Result<(), QuotientError> {
    let mut spend = Spend::new(limits.positions, limits.work, memory, watch);
    let r = kept.solver.extend_to(to, &mut spend);
    if let Err(e) = &r
        && *e != QuotientError::Interrupted
    {
        kept.refused = Some((kept.solver.to() + 1, limits.work));
    }
    r
}

/// The error of a quotient that was not computed, naming what to `set`.
pub fn error(defs: &Defs, store: &Store, game: GameId, to: u64, e: QuotientError) -> EvalError {
    let name = &defs.games[game].name;
    let what = format!("the misère quotient of `{name}` to heap {to}");
    let known = store.quotients.get(&game).map_or(String::new(), |k| {
        format!(
            "the quotient is known to heap {} (order {})",
            k.solver.to(),
            k.solver.table.order
        )
    });
    let d = match e {
        QuotientError::Interrupted => return EvalError::Interrupted,
        QuotientError::States { limit } => LimitError::new(
            Setting::Positions,
            Some(limit.saturating_mul(10)),
            limit,
            format!("{what} needs more than {limit} states of sums of heaps"),
        )
        .then("raises the limit (time and memory grow with it)")
        .diagnostic(),
        QuotientError::Work { limit } => LimitError::new(
            Setting::Work,
            Some(limit.saturating_mul(10)),
            limit,
            format!(
                "{what} would take more than {} steps of work",
                count(u128::from(limit))
            ),
        )
        .then("raises the limit (time grows with it)")
        .diagnostic(),
        QuotientError::Memory { bytes } => store.limits.memory_error(&what, bytes, 0),
        QuotientError::Options { heap } if heap > store.limits.heap => LimitError::new(
            Setting::Heap,
            Some(heap),
            store.limits.heap,
            format!("{what} is past the heap limit of {}", store.limits.heap),
        )
        .diagnostic(),
        QuotientError::Options { heap } => QueryError::QuotientOptions { what, heap }.into(),
        QuotientError::Order { heap, .. } | QuotientError::Rounds { heap } => {
            QueryError::QuotientUnsettled { what, heap }.into()
        }
    };
    let d = if known.is_empty() { d } else { d.note(known) };
    let d = match store.quotients.get(&game).and_then(attempt_note) {
        Some(note) => d.note(note),
        None => d,
    };
    EvalError::from(d.note(
        "the quotient grows where a new heap tells apart sums the smaller heaps could not; some quotients never stop growing",
    ))
}

/// How far the search got at the heap where the quotient stopped, when it
/// refuted at least one trial there.
fn attempt_note(kept: &Kept) -> Option<String> {
    let a = kept.solver.attempt.as_ref()?;
    if a.heap != kept.solver.to() + 1 || a.rounds == 0 {
        return None;
    }
    let plural = if a.rounds == 1 { "" } else { "s" };
    let tracked: Vec<String> = a
        .tracked
        .iter()
        .map(|c| format!("heap {} to index {}", c.heap, c.index))
        .collect();
    let told = a.witness.as_ref().map_or(String::new(), |(p, n)| {
        format!(
            "; the last refutation: heaps {} make a P-position and heaps {} do not",
            heaps_word(p),
            heaps_word(n)
        )
    });
    Some(format!(
        "at heap {} the search refuted {} trial quotient{plural}, each by two sums it made equal that have different outcomes; the last refuted had order {} once reduced, with heap {}'s powers repeating from index {} with period {}; the trial under test when it stopped tracked the powers of {}{told}",
        a.heap,
        count(u128::from(a.rounds)),
        count(u128::from(a.order)),
        a.heap,
        a.powers.0,
        a.powers.1,
        tracked.join(", ")
    ))
}

/// A sum of heaps by their sizes, repeats counted: `2 + 2·14 + 5·30`
/// (`0` for the empty sum).
fn heaps_word(heaps: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < heaps.len() {
        let k = heaps[i..].iter().take_while(|&&h| h == heaps[i]).count();
        parts.push(if k == 1 {
            heaps[i].to_string()
        } else {
            format!("{k}·{}", heaps[i])
        });
        i += k;
    }
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" + ")
    }
}

/// The outcome of a sum of heaps of one family from its quotient: `None`
/// when the sum is not of that kind or the quotient is out of reach (the
/// search answers then).
pub fn sum_p(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    heaps: &[u64],
) -> Result<Option<bool>, EvalError> {
    let max = heaps.iter().copied().max().unwrap_or(0);
    match ensure(defs, store, game, max, true) {
        Ok(()) => {}
        Err(QuotientError::Interrupted) => return Err(EvalError::Interrupted),
        Err(_) => return Ok(None),
    }
    let s = &store.quotients[&game].solver;
    let mut x = 0;
    for &n in heaps {
        let Some(e) = s.element(n) else {
            return Ok(None);
        };
        x = s.table.mul(x, e);
    }
    Ok(Some(s.table.p[x as usize]))
}

/// Why a sum of heaps of one family has its outcome, from the quotient
/// (when it is known to cover the heaps).
pub fn rule(
    defs: &Defs,
    store: &Store,
    game: GameId,
    heaps: &[u64],
    replaced: Vec<Replaced>,
) -> Option<MisereRule> {
    let s = &store.quotients.get(&game)?.solver;
    let phi: Vec<u32> = (0..=s.to()).map(|n| s.element(n).unwrap_or(0)).collect();
    let pr = Presentation::new(&s.table, &phi);
    let mut elements = Vec::new();
    let mut x = 0;
    for &n in heaps {
        let e = s.element(n)?;
        elements.push((n, pr.names[e as usize].clone()));
        x = s.table.mul(x, e);
    }
    let members: Vec<String> = pr
        .order
        .iter()
        .filter(|&&y| s.table.p[y as usize])
        .map(|&y| pr.names[y as usize].clone())
        .collect();
    let portion = if members.len() <= 12 {
        Ok(members)
    } else {
        Err(members.len())
    };
    Some(MisereRule::Quotient {
        replaced,
        game: defs.games[game].name.clone(),
        order: s.table.order,
        to: s.to(),
        elements,
        product: pr.names[x as usize].clone(),
        p: s.table.p[x as usize],
        portion,
    })
}

/// `misere quotient NAME to N`.
pub fn misere_quotient(
    defs: &Defs,
    store: &mut Store,
    game: GameId,
    to: u64,
) -> Result<QuotientAnswer, EvalError> {
    let def = &defs.games[game];
    let Some(rule) = family_rule(defs, game) else {
        return Err(EvalError::from(QueryError::NoQuotient {
            name: def.name.clone(),
        }));
    };
    ensure(defs, store, game, to, false).map_err(|e| error(defs, store, game, to, e))?;
    let s = &store.quotients[&game].solver;
    // the quotient of heaps 0..=to: the table may cover more heaps
    let phi: Vec<u32> = (0..=to).map(|n| s.element(n).unwrap_or(0)).collect();
    let sub = s.restrict(&phi);
    let pr = Presentation::new(&sub.0, &sub.1);
    let t = &sub.0;
    let name = |x: u32| pr.names[x as usize].clone();
    Ok(QuotientAnswer {
        game: def.name.clone(),
        rule: rule.describe(),
        to,
        order: t.order,
        generators: pr.generators.clone(),
        relations: pr
            .relations
            .iter()
            .map(|(a, b)| format!("{a} = {b}"))
            .collect(),
        elements: pr.order.iter().map(|&x| name(x)).collect(),
        p_portion: pr
            .order
            .iter()
            .filter(|&&x| t.p[x as usize])
            .map(|&x| name(x))
            .collect(),
        heaps: sub.1.iter().map(|&x| name(x)).collect(),
        table: (t.order <= TABLE_ORDER).then(|| {
            pr.order
                .iter()
                .map(|&a| pr.order.iter().map(|&b| name(t.mul(a, b))).collect())
                .collect()
        }),
        // a period proven for the whole family is this quotient's when no
        // heap past `to` made it grow
        period: s.period().filter(|_| t.order == s.table.order),
        expansions: s.expansions.iter().copied().filter(|&h| h <= to).collect(),
    })
}
