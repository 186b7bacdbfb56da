//! What the evaluator runs against: the program's definitions ([`Defs`])
//! and the counter that reports work to the watch ([`Ticker`]).

use super::error::{EvalError, LimitError};
use super::limits::Limits;
use super::value::{Key, Value};
use crate::engine::Watch;
use crate::ir::{GameDef, Setting};

/// Everything the program has defined.
#[derive(Default)]
pub struct Defs {
    pub games: Vec<GameDef>,
    /// The `let` values, by id; added with [`Defs::push_global`], which
    /// keeps their bytes counted.
    pub globals: Vec<Value>,
    /// The bytes the `let` values hold (see [`Defs::held_bytes`]).
    held: u64,
}

impl Defs {
    /// About the bytes the `let` values hold (a game by its parts; an
    /// explicit set's options were counted when it was built), kept as a
    /// running total: every question asks it, and a file may hold 100,000
    /// `let`s.
    pub fn held_bytes(&self) -> u64 {
        self.held
    }

    /// Adds the value of the next `let`.
    pub fn push_global(&mut self, v: Value) {
        let bytes = match &v {
            Value::Int(_) => 0,
            Value::Game(g) => {
                g.parts.len() as u64 * std::mem::size_of::<super::value::Part>() as u64
            }
            Value::IntSet(s) => s.len() as u64 * 8,
        };
        self.held = self.held.saturating_add(bytes);
        self.globals.push(v);
    }

    /// How a position is written: `kayles(5)`, `two(3, 4)`, `S`.
    pub fn show_key(&self, key: &Key) -> String {
        let def = &self.games[key.game];
        let name = &def.name;
        if let [v] = key.args[..]
            && let Some(vertex) = usize::try_from(v).ok().and_then(|v| def.vertices.get(v))
        {
            return format!("{name}.{vertex}");
        }
        if key.args.is_empty() {
            return name.clone();
        }
        let args: Vec<String> = key.args.iter().map(u64::to_string).collect();
        format!("{name}({})", args.join(", "))
    }
}

/// Counts work and hands it to the [`Watch`] now and then.
pub struct Ticker {
    pub watch: Box<dyn Watch>,
    /// Iterations since the current position started.
    pub iterations: u64,
    pub limit: u64,
    /// Positions finished, for progress.
    pub done: u64,
    /// Options valued by the mex driver (a measure of work, for benchmarks).
    pub options: u64,
    /// Loop iterations since the current question started, and how many
    /// one question may spend (`set work`).
    pub spent: u64,
    pub work: u64,
    count: u64,
}

impl Ticker {
    pub fn new(watch: Box<dyn Watch>) -> Self {
        Ticker {
            watch,
            iterations: 0,
            limit: Limits::default().options,
            done: 0,
            options: 0,
            spent: 0,
            work: Limits::default().work,
            count: 0,
        }
    }

    /// The diagnostic for a question past `set work`.
    #[cold]
    fn too_much_work(&self) -> EvalError {
        EvalError::from(
            LimitError::new(
                Setting::Work,
                Some(self.work.saturating_mul(10)),
                self.work,
                format!(
                    "this question ran rules for more than {} loop iterations (`set work`), some seconds of work",
                    self.work
                ),
            )
            .then("raises the limit (the time grows with it); or ask about smaller positions"),
        )
    }

    pub fn tick(&mut self) -> Result<(), EvalError> {
        self.iterations += 1;
        self.spent += 1;
        if self.spent > self.work {
            return Err(self.too_much_work());
        }
        self.count += 1;
        if self.iterations > self.limit {
            return Err(EvalError::from(
                LimitError::new(
                    Setting::Options,
                    None::<u64>,
                    self.limit,
                    format!(
                        "more than {} option iterations for one position",
                        self.limit
                    ),
                )
                .placeholder(),
            ));
        }
        if self.count & 0xFFF == 0 {
            self.watch.work(self.done, self.count)?;
        }
        Ok(())
    }

    /// The work the current question may still do (`set work`).
    pub fn work_left(&self) -> u64 {
        self.work.saturating_sub(self.spent)
    }

    /// Counts `count` steps of work that are no loop iteration (building an
    /// option as a game), against `set work` only.
    #[inline]
    pub fn advance_work(&mut self, count: u64) -> Result<(), EvalError> {
        self.spent = self.spent.saturating_add(count);
        if self.spent > self.work {
            return Err(self.too_much_work());
        }
        Ok(())
    }

    /// The diagnostic for `what`, estimated at `needed` steps of work
    /// before it starts, past what `set work` leaves.
    pub fn refuse_work(&self, what: &str, needed: u64) -> EvalError {
        let total = needed.saturating_add(self.spent);
        EvalError::from(
            LimitError::new(
                Setting::Work,
                Some(total),
                self.work,
                format!(
                    "{what} would take about {total} steps of work, past the limit of {} (`set work`)",
                    self.work
                ),
            )
            .then("allows it (the time grows with it); or ask for less"),
        )
    }

    /// True if `count` more iterations stay within the limit.
    #[inline]
    pub fn room(&self, count: u64) -> bool {
        self.iterations.saturating_add(count) <= self.limit
    }

    /// Counts `count` iterations at once (the caller checked [`Ticker::room`]).
    #[inline]
    pub fn advance(&mut self, count: u64) -> Result<(), EvalError> {
        self.iterations += count;
        self.spent = self.spent.saturating_add(count);
        if self.spent > self.work {
            return Err(self.too_much_work());
        }
        let before = self.count;
        self.count = self.count.wrapping_add(count);
        if (before >> 12) != (self.count >> 12) {
            self.watch.work(self.done, self.count)?;
        }
        Ok(())
    }

    /// Counts a unit of work that no limit bounds (a value read from a
    /// table, an element of a set), so long runs of them still tick the
    /// watch.
    #[inline]
    pub fn tick_work(&mut self) -> Result<(), EvalError> {
        self.count += 1;
        if self.count & 0xFFF == 0 {
            self.watch.work(self.done, self.count)?;
        }
        Ok(())
    }
}
