//! Rule families (`subtraction {..}`, `octal 0.77`, `grundy`, ...): each
//! game's values live in a dense heap table shared by every query, so a
//! sequence computed once is never computed again. The table owns the
//! proven period of its values; a heap past the table is answered from it,
//! or refused with a clear diagnostic.

use super::defs::Defs;
use super::error::{EvalError, LimitError, internal};
use super::limits::{Limits, TABLE_STEPS};
use crate::diag::units::{round, show_time};
use crate::engine::Watch;
use crate::engine::heap::{Allowance, ExtendError, HeapTable, StageLimit};
use crate::engine::periodicity::saltus;
use crate::engine::periodicity::search::{Period, PeriodSearch, WIDEST_WINDOW, find_period};
use crate::engine::rule::HeapRule;
use crate::ir::{GameId, Setting};

pub struct Family {
    pub table: HeapTable,
    /// The last period search, if any, and how far it could look.
    pub period: Option<Searched>,
    /// The heap and the work allowed that search was given: the same
    /// search again finds the same, so it is made again only when they
    /// differ (and no period is proven).
    searched_with: Option<(u64, u64)>,
}

/// The outcome of a period search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searched {
    pub found: PeriodSearch,
    /// Whether a theorem could prove a period of this rule, and one with a
    /// saltus.
    pub provable: bool,
    pub provable_saltus: bool,
    /// What kept the search from going further than it went.
    pub bound: Bound,
}

/// What a period search stopped at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The heap it was given: `set period`, by default the heap limit.
    Setting,
    /// The memory limit (`set memory`).
    Memory,
    /// The work limit (`set work`), counted from heap 0.
    Work,
    /// The positions a rule written out may keep (`set positions`).
    Positions,
}

#[derive(Default)]
pub struct Families {
    slots: Vec<Option<Family>>,
    /// Bytes held outside the family tables (the memo tables), which the
    /// store keeps up to date: a period search leaves room for them.
    pub others: u64,
}

impl Families {
    /// Gives `game` a fresh table for `rule` (or none), dropping the one it
    /// had.
    pub fn install(&mut self, game: GameId, rule: Option<&HeapRule>) {
        if self.slots.len() <= game {
            self.slots.resize_with(game + 1, || None);
        }
        self.slots[game] = rule.map(|r| Family {
            table: HeapTable::new(r.clone()),
            period: None,
            searched_with: None,
        });
    }

    /// The rule a game's table runs, if it has one.
    pub fn rule(&self, game: GameId) -> Option<&HeapRule> {
        self.slots.get(game)?.as_ref().map(|f| f.table.rule())
    }

    /// About how many bytes all the tables hold.
    pub fn held(&self) -> u64 {
        self.held_except(usize::MAX)
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

    /// G(n) from what is known (the table or its proven period), without
    /// computing anything.
    #[inline]
    pub fn lookup(&self, game: GameId, n: u64) -> Option<u64> {
        self.slots.get(game)?.as_ref()?.table.value(n)
    }

    /// The proven (pre-period, period) of a family game whose values repeat
    /// (no saltus), if one is known.
    pub fn proven_period(&self, game: GameId) -> Option<(u64, u64)> {
        let p = self.proven(game)?;
        (p.saltus == 0).then_some((p.preperiod, p.period))
    }

    /// The proven period of a family game, arithmetic or not.
    pub fn proven(&self, game: GameId) -> Option<Period> {
        self.slots.get(game)?.as_ref()?.table.proven()
    }

    pub fn get_mut(&mut self, game: GameId) -> Option<&mut Family> {
        self.slots.get_mut(game).and_then(Option::as_mut)
    }

    /// G(n) of a family game: from the table, extended if need be, or from
    /// a proven period for heaps past the limit. `others` bytes are held
    /// outside the family tables (memo tables, work in progress).
    pub fn value(
        &mut self,
        defs: &Defs,
        game: GameId,
        n: u64,
        limits: &Limits,
        others: u64,
        watch: &mut dyn Watch,
    ) -> Result<u64, EvalError> {
        let name = &defs.games[game].name;
        let allow = allowance(limits, self.held_except(game).saturating_add(others));
        let Some(f) = self.get_mut(game) else {
            return Err(internal(format!("`{name}` has no table")));
        };
        if let Some(v) = f.table.value(n) {
            return Ok(v);
        }
        // A heap far past the table: a proven period may answer it at once,
        // and looking for one costs less than the table would. The search
        // looks as far as `period` would.
        let far = n >= f.table.len().saturating_mul(2).max(1 << 16);
        let period_limit = limits.period_limit();
        if far && f.provable() {
            // only a shortcut: if the search does not fit, the table may
            match f.search(period_limit.min(n), allow, limits, watch) {
                Err(EvalError::Interrupted) => return Err(EvalError::Interrupted),
                _ => {
                    if let Some(v) = f.table.value(n) {
                        return Ok(v);
                    }
                }
            }
        }
        if n <= limits.heap {
            f.extend(n, allow, limits, watch)?;
            if let Some(v) = f.table.get(n) {
                return Ok(v);
            }
        }
        // Past the limit: a proven period answers any heap at once.
        if f.provable() {
            f.search(period_limit, allow, limits, watch)?;
        }
        if let Some(v) = f.table.value(n) {
            return Ok(v);
        }
        let def = &defs.games[game];
        Err(EvalError::from(
            LimitError::new(
                Setting::Heap,
                Some(n),
                limits.heap,
                format!("{name}({n}) is past the heap limit of {}", limits.heap),
            )
            .at(def.loc)
            .label(format!("{} has no proven period to answer it from", name))
            .before(format!("`period {name}` looks for a period; "))
            .then("raises the limit (time and memory grow with it)"),
        ))
    }

    /// Searches for a period with values up to heap `limit` (by default
    /// `period_limit`: `set period`, or the heap limit), as far as the
    /// memory and work limits let its stages go, and returns what was
    /// found. The search's stages count their work from heap 0, so what it
    /// finds depends on the rule and the limits alone; only a proven
    /// period, once known, is never searched for again.
    pub fn period(
        &mut self,
        game: GameId,
        limit: Option<u64>,
        limits: &Limits,
        watch: &mut dyn Watch,
    ) -> Result<Option<Searched>, EvalError> {
        let allow = allowance(limits, self.held_except(game).saturating_add(self.others));
        let Some(f) = self.get_mut(game) else {
            return Ok(None);
        };
        let limit = limit.unwrap_or(limits.period_limit());
        f.search(limit, allow, limits, watch)?;
        Ok(f.period)
    }
}

/// The memory and work a table may take when `held` bytes are taken by
/// the other tables.
fn allowance(limits: &Limits, held: u64) -> Allowance {
    Allowance {
        memory: limits.memory.saturating_sub(held),
        work: limits.table_work(),
    }
}

impl Family {
    /// Whether a theorem may prove a period for this rule.
    fn provable(&self) -> bool {
        match self.table.rule() {
            HeapRule::TakeBreak(_) | HeapRule::AllBut(_) => true,
            // windows wider than this are never compared (see
            // `engine::periodicity::search`): the values are only observed
            HeapRule::Subtraction(set) => set.last().is_some_and(|&w| w <= WIDEST_WINDOW),
            HeapRule::Grundy => false,
        }
    }

    /// About how many bytes the table holds now.
    fn held(&self) -> u64 {
        match self.table.len() {
            0 => 0,
            len => self.table.memory_estimate(len - 1),
        }
    }

    /// Extends the table to heap `n` if it fits in `allow`.
    fn extend(
        &mut self,
        n: u64,
        allow: Allowance,
        limits: &Limits,
        watch: &mut dyn Watch,
    ) -> Result<(), EvalError> {
        self.table.set_threads(limits.threads as usize);
        self.table
            .extend(n, allow, false, watch)
            .map_err(|e| extend_error(e, n, limits))
    }

    /// Searches for a period with values up to heap `limit`, unless a
    /// period is proven or the same search was made before.
    fn search(
        &mut self,
        limit: u64,
        allow: Allowance,
        limits: &Limits,
        watch: &mut dyn Watch,
    ) -> Result<(), EvalError> {
        let proven = matches!(
            self.period,
            Some(Searched {
                found: PeriodSearch::Proven(_),
                ..
            })
        );
        // a table that proved its period as it grew (for another question)
        // has an answer the last search had not
        let news = self.table.proven().is_some();
        if proven || (!news && self.searched_with == Some((limit, allow.work))) {
            return Ok(());
        }
        self.table.set_threads(limits.threads as usize);
        let found = find_period(&mut self.table, limit, allow, watch)?;
        let bound = match (found, self.table.stopped()) {
            (PeriodSearch::Proven(_), _) | (_, None) => Bound::Setting,
            (_, Some(StageLimit::Memory)) => Bound::Memory,
            (_, Some(StageLimit::Work)) => Bound::Work,
        };
        self.period = Some(Searched {
            found,
            provable: self.provable(),
            provable_saltus: match self.table.rule() {
                HeapRule::AllBut(_) => true,
                HeapRule::TakeBreak(_) => match found {
                    PeriodSearch::Candidate(p) => saltus::provable(p.saltus),
                    _ => false,
                },
                _ => false,
            },
            bound,
        });
        self.searched_with = Some((limit, allow.work));
        Ok(())
    }
}

fn extend_error(e: ExtendError, n: u64, limits: &Limits) -> EvalError {
    match e {
        ExtendError::Interrupted => EvalError::Interrupted,
        ExtendError::OutOfMemory { bytes } => too_big(n, bytes, limits),
        ExtendError::TooMuchWork { work } => too_long(n, work, limits),
    }
}

fn too_big(n: u64, bytes: u64, limits: &Limits) -> EvalError {
    EvalError::from(
        limits
            .memory_error(&format!("the table up to heap {n}"), bytes, 0)
            .note("ask about smaller heaps, or look for a period with `period NAME`"),
    )
}

/// The work of a table past what `set work` allows (`work` in table
/// steps, [`TABLE_STEPS`] to a step of `set work`).
fn too_long(n: u64, work: u64, limits: &Limits) -> EvalError {
    let needed = work.div_ceil(TABLE_STEPS);
    EvalError::from(
        LimitError::new(
            Setting::Work,
            Some(needed),
            limits.work,
            format!(
                "the table up to heap {n} would take about {} steps of work ({}), past the limit of {} (`set work`)",
                round(needed),
                show_time(work),
                round(limits.work)
            ),
        )
        .label("this needs more work than the work limit allows")
        .then("allows it (the time grows with it)")
        .note("ask about smaller heaps, or look for a period with `period NAME`"),
    )
}
