//! Rule families (`subtraction {..}`, `octal 0.77`, `grundy`, ...): each
//! game's values live in a dense heap table shared by every query, so a
//! sequence computed once is never computed again. A heap past the table
//! is answered from a proven period, or refused with a clear diagnostic.

use super::error::EvalError;
use super::defs::{Defs, Limits};
use crate::diag::Diagnostic;
use crate::engine::Watch;
use crate::engine::heap::{ExtendError, HeapTable};
use crate::engine::period::{PeriodSearch, find_period, value_at};
use crate::ir::{DefKind, GameId};

/// Tables larger than this many bytes are refused before they are begun.
const MAX_TABLE_BYTES: u64 = 8 << 30;

pub struct Family {
    pub table: HeapTable,
    /// The last period search, if any.
    pub period: Option<PeriodSearch>,
}

#[derive(Default)]
pub struct Families {
    slots: Vec<Option<Family>>,
}

impl Families {
    pub fn sync(&mut self, defs: &Defs, redefined: bool) {
        if redefined {
            self.slots.clear();
        }
        while self.slots.len() < defs.games.len() {
            let def = &defs.games[self.slots.len()];
            self.slots.push(match &def.kind {
                DefKind::Family(rule) => Some(Family {
                    table: HeapTable::new(rule.clone()),
                    period: None,
                }),
                _ => None,
            });
        }
    }

    pub fn is_family(&self, game: GameId) -> bool {
        matches!(self.slots.get(game), Some(Some(_)))
    }

    pub fn get_mut(&mut self, game: GameId) -> Option<&mut Family> {
        self.slots.get_mut(game).and_then(Option::as_mut)
    }

    /// G(n) of a family game: from the table, extended if need be, or from
    /// a proven period for heaps past the limit.
    pub fn value(
        &mut self,
        defs: &Defs,
        game: GameId,
        n: u64,
        limits: &Limits,
        watch: &mut dyn Watch,
    ) -> Result<u64, EvalError> {
        let name = &defs.games[game].name;
        let Some(f) = self.get_mut(game) else {
            return Err(EvalError::from(Diagnostic::unplaced(format!("internal error: `{name}` has no table"),
            )));
        };
        if let Some(v) = f.table.get(n) {
            return Ok(v);
        }
        if let Some(PeriodSearch::Proven(p)) = &f.period
            && let Some(v) = value_at(&f.table, p, n)
        {
            return Ok(v);
        }
        if n <= limits.heap {
            f.extend(n, watch)?;
            if let Some(v) = f.table.get(n) {
                return Ok(v);
            }
        }
        // Past the limit: a proven period answers any heap at once.
        if f.period.is_none() && f.provable() {
            f.search(limits.period, watch)?;
        }
        if let Some(PeriodSearch::Proven(p)) = &f.period
            && let Some(v) = value_at(&f.table, p, n)
        {
            return Ok(v);
        }
        let def = &defs.games[game];
        Err(EvalError::from(
            Diagnostic::error(def.loc.range(), format!("{name}({n}) is past the heap limit of {}", limits.heap))
                .at(def.loc.src)
                .label(format!("{} has no proven period to answer it from", name))
                .hint(format!(
                    "`period {name}` looks for a period; `set heap {}` raises the limit (time and memory grow with it)",
                    n.saturating_add(1)
                )),
        ))
    }

    /// Searches for a period (once per limit) and returns what was found.
    pub fn period(
        &mut self,
        game: GameId,
        limit: u64,
        watch: &mut dyn Watch,
    ) -> Result<Option<PeriodSearch>, EvalError> {
        let Some(f) = self.get_mut(game) else {
            return Ok(None);
        };
        let stale = match &f.period {
            None => true,
            Some(PeriodSearch::Proven(_)) => false,
            Some(PeriodSearch::Candidate(p)) => match p.proof {
                crate::engine::period::Proof::Observed { up_to } => up_to < limit.saturating_sub(1),
                _ => true,
            },
            Some(PeriodSearch::NotFound { up_to }) => *up_to < limit.saturating_sub(1),
        };
        if stale {
            f.search(limit, watch)?;
        }
        Ok(f.period)
    }
}

impl Family {
    fn provable(&self) -> bool {
        use crate::engine::rule::HeapRule;
        matches!(
            self.table.rule(),
            HeapRule::TakeBreak(_) | HeapRule::Subtraction(_)
        )
    }

    fn extend(&mut self, n: u64, watch: &mut dyn Watch) -> Result<(), EvalError> {
        let bytes = self.table.memory_estimate(n);
        if bytes > MAX_TABLE_BYTES {
            return Err(too_big(n, bytes));
        }
        match self.table.try_extend_to(n, watch) {
            Ok(()) => Ok(()),
            Err(ExtendError::Interrupted) => Err(EvalError::Interrupted),
            Err(ExtendError::OutOfMemory { bytes }) => Err(too_big(n, bytes)),
        }
    }

    fn search(&mut self, limit: u64, watch: &mut dyn Watch) -> Result<(), EvalError> {
        let bytes = self.table.memory_estimate(limit);
        if bytes > MAX_TABLE_BYTES {
            return Err(too_big(limit, bytes));
        }
        self.period = Some(find_period(&mut self.table, limit, watch)?);
        Ok(())
    }
}

fn too_big(n: u64, bytes: u64) -> EvalError {
    EvalError::from(
        Diagnostic::unplaced(format!(
                "the table up to heap {n} would take about {} MiB",
                bytes >> 20
            ),
        )
        .hint("ask about smaller heaps, or look for a period with `period NAME`"),
    )
}
