//! Rule families (`subtraction {..}`, `octal 0.77`, `grundy`, ...): each
//! game's values live in a dense heap table shared by every query, so a
//! sequence computed once is never computed again. A heap past the table
//! is answered from a proven period, or refused with a clear diagnostic.

use super::defs::Defs;
use super::error::EvalError;
use super::limits::Limits;
use crate::diag::Diagnostic;
use crate::engine::Watch;
use crate::engine::heap::{ExtendError, HeapTable};
use crate::engine::period::{Period, PeriodSearch, Proof, find_period, value_at};
use crate::ir::{DefKind, GameId};

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

    /// About how many bytes the tables hold, all but `game`'s.
    pub fn held_except(&self, game: GameId) -> u64 {
        self.slots
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != game)
            .filter_map(|(_, f)| f.as_ref())
            .map(|f| f.held())
            .fold(0, u64::saturating_add)
    }

    /// G(n) from what is known (the table or a proven period), without
    /// computing anything.
    pub fn lookup(&self, game: GameId, n: u64) -> Option<u64> {
        let f = self.slots.get(game)?.as_ref()?;
        f.answer(n).or_else(|| {
            let (pre, p) = f.table.proven_period()?;
            let p = Period {
                preperiod: pre,
                period: p,
                proof: Proof::Observed { up_to: 0 },
            };
            value_at(&f.table, &p, n)
        })
    }

    /// The proven (pre-period, period) of a family game, if one is known.
    pub fn proven_period(&self, game: GameId) -> Option<(u64, u64)> {
        let f = self.slots.get(game)?.as_ref()?;
        match &f.period {
            Some(PeriodSearch::Proven(p)) => Some((p.preperiod, p.period)),
            _ => f.table.proven_period(),
        }
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
        let allow = limits.memory.saturating_sub(self.held_except(game));
        let Some(f) = self.get_mut(game) else {
            return Err(EvalError::from(Diagnostic::unplaced(format!(
                "internal error: `{name}` has no table"
            ))));
        };
        if let Some(v) = f.answer(n) {
            return Ok(v);
        }
        // A heap far past the table: a proven period may answer it at once,
        // and looking for one costs less than the table would.
        let far = n >= f.table.len().saturating_mul(2).max(1 << 16);
        if far && f.period.is_none() && f.provable() {
            f.search(limits.period.min(n), allow, limits, watch)?;
            if let Some(v) = f.answer(n) {
                return Ok(v);
            }
        }
        if n <= limits.heap {
            f.extend(n, allow, limits, watch)?;
            if let Some(v) = f.table.get(n) {
                return Ok(v);
            }
        }
        // Past the limit: a proven period answers any heap at once.
        if f.period.is_none() && f.provable() {
            f.search(limits.period, allow, limits, watch)?;
        }
        if let Some(v) = f.answer(n) {
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
        limits: &Limits,
        watch: &mut dyn Watch,
    ) -> Result<Option<PeriodSearch>, EvalError> {
        let allow = limits.memory.saturating_sub(self.held_except(game));
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
            f.search(limit, allow, limits, watch)?;
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

    /// G(n) from the table or from a proven period, if either has it.
    fn answer(&self, n: u64) -> Option<u64> {
        if let Some(v) = self.table.get(n) {
            return Some(v);
        }
        match &self.period {
            Some(PeriodSearch::Proven(p)) => value_at(&self.table, p, n),
            _ => None,
        }
    }

    /// About how many bytes the table holds now.
    fn held(&self) -> u64 {
        match self.table.len() {
            0 => 0,
            len => self.table.memory_estimate(len - 1),
        }
    }

    /// Extends the table to heap `n` if it fits in `allow` bytes.
    fn extend(
        &mut self,
        n: u64,
        allow: u64,
        limits: &Limits,
        watch: &mut dyn Watch,
    ) -> Result<(), EvalError> {
        let bytes = self.table.memory_estimate(n);
        if bytes > allow {
            return Err(too_big(n, bytes, limits));
        }
        match self.table.try_extend_to(n, watch) {
            Ok(()) => Ok(()),
            Err(ExtendError::Interrupted) => Err(EvalError::Interrupted),
            Err(ExtendError::OutOfMemory { bytes }) => Err(too_big(n, bytes, limits)),
        }
    }

    fn search(
        &mut self,
        limit: u64,
        allow: u64,
        limits: &Limits,
        watch: &mut dyn Watch,
    ) -> Result<(), EvalError> {
        let bytes = self.table.memory_estimate(limit);
        if bytes > allow {
            return Err(too_big(limit, bytes, limits));
        }
        self.period = Some(find_period(&mut self.table, limit, watch)?);
        Ok(())
    }
}

fn too_big(n: u64, bytes: u64, limits: &Limits) -> EvalError {
    EvalError::from(
        limits
            .memory_error(&format!("the table up to heap {n}"), bytes, 0)
            .note("ask about smaller heaps, or look for a period with `period NAME`"),
    )
}
