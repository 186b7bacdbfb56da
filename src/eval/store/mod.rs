//! The evaluator's state: game definitions and `let` values ([`Defs`]), memo
//! tables and limits ([`Store`]), and the iterative mex driver that fills the
//! memo without recursion, so chains 10^6 positions deep are fine.

use super::defs::{Defs, Ticker};
use super::domains::ValueDomain;
use super::error::EvalError;
use super::family::Families;
use super::interp::Interp;
use super::limits::Limits;
use super::memo::{Memo, State};
use super::value::{Game, Key, Part, mex_of};
use crate::diag::Diagnostic;
use crate::engine::{Quiet, Watch};
use structure::StructDomain;

mod structure;
use crate::ir::{DefKind, GameDef, GameExpr, IntExpr, IntSet, Rule};

/// About what one option built as a game takes (its parts and key).
const BYTES_PER_OPTION: u128 = 96;

pub struct Store {
    memos: Vec<Memo>,
    pub families: Families,
    pub positions: u64,
    pub limits: Limits,
    pub ticker: Ticker,
}

impl Default for Store {
    fn default() -> Self {
        Store::new(Box::new(Quiet))
    }
}

impl Store {
    pub fn new(watch: Box<dyn Watch>) -> Self {
        Store {
            memos: Vec::new(),
            families: Families::default(),
            positions: 0,
            limits: Limits::default(),
            ticker: Ticker::new(watch),
        }
    }

    /// Makes room for games defined since the last call; a redefined game
    /// makes every memo stale (other games may use it), so all are cleared.
    pub fn sync(&mut self, defs: &Defs, redefined: bool) {
        self.families.sync(defs, redefined);
        if redefined {
            self.memos.clear();
            self.positions = 0;
        }
        while self.memos.len() < defs.games.len() {
            let g = &defs.games[self.memos.len()];
            let dense = g.arity() == 1 && matches!(g.kind, DefKind::Rule(Rule::Options(_)));
            self.memos.push(Memo::new(dense));
        }
    }

    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.ticker.limit = limits.options;
    }

    /// The Grundy value of a game: the nim-sum of its parts' values.
    pub fn value(&mut self, defs: &Defs, game: &Game) -> Result<u64, EvalError> {
        let mut acc = 0;
        for p in &game.parts {
            acc ^= match p {
                Part::Nim { n, .. } => *n,
                Part::Options(e) => e.value,
                Part::Pos(key) => self.grundy(defs, key)?,
            };
        }
        Ok(acc)
    }

    /// Builds the game a checked expression denotes.
    pub fn eval_game(&mut self, defs: &Defs, e: &GameExpr) -> Result<Game, EvalError> {
        let mut interp = Interp::new(&defs.globals, Vec::new());
        interp.game(e, &mut StructDomain { defs, store: self })
    }

    pub fn eval_int(&mut self, defs: &Defs, e: &IntExpr) -> Result<u64, EvalError> {
        Interp::new(&defs.globals, Vec::new()).int(e)
    }

    /// A set of integers, sorted, without repeats.
    pub fn eval_int_set(&mut self, defs: &Defs, set: &IntSet) -> Result<Vec<u64>, EvalError> {
        let mut interp = Interp::new(&defs.globals, Vec::new());
        interp.int_set(set, &mut StructDomain { defs, store: self })
    }

    /// The options of a position, built as games (for explanations).
    pub fn options_of(&mut self, defs: &Defs, key: &Key) -> Result<Vec<Game>, EvalError> {
        let def = &defs.games[key.game];
        let mut interp = Interp::new(&defs.globals, env_for(def, key));
        let mut dom = StructDomain { defs, store: self };
        match &def.kind {
            DefKind::Rule(Rule::Options(set)) => {
                let mut out = Vec::new();
                let memory = dom.store.limits.memory;
                interp.each_option(set, &mut dom, &mut |_, g| {
                    out.push(g);
                    let bytes = (out.len() as u128).saturating_mul(BYTES_PER_OPTION);
                    if bytes > u128::from(memory) {
                        let what = format!("listing the options of {}", defs.show_key(key));
                        return Err(EvalError::from(
                            Limits {
                                memory,
                                ..Limits::default()
                            }
                            .memory_error(&what, bytes as u64, 0),
                        ));
                    }
                    Ok(())
                })?;
                Ok(out)
            }
            DefKind::Rule(Rule::Alias(e)) => {
                let g = interp.game(e, &mut dom)?;
                Ok(vec![g])
            }
            DefKind::Family(rule) => {
                let n = key.args[0];
                let count = rule.move_count(n);
                let bytes = count.saturating_mul(BYTES_PER_OPTION);
                if count > u128::from(self.limits.options) {
                    return Err(EvalError::from(
                        Diagnostic::error(def.loc.range(), format!("{} has {count} options, more than the limit of {} for one position", defs.show_key(key), self.limits.options))
                            .at(def.loc.src)
                            .label("a game of this rule")
                            .hint(format!("`set options {count}` raises the limit; `grundy` answers without listing options")),
                    ));
                }
                if bytes > u128::from(self.limits.memory) {
                    let what = format!("the {count} options of {}", defs.show_key(key));
                    return Err(EvalError::from(self.limits.memory_error(
                        &what,
                        u64::try_from(bytes).unwrap_or(u64::MAX),
                        0,
                    )));
                }
                Ok(rule
                    .moves(n)
                    .into_iter()
                    .map(|m| Game {
                        parts: m
                            .heaps
                            .iter()
                            .map(|&h| {
                                Part::Pos(Key {
                                    game: key.game,
                                    args: [h].into_iter().collect(),
                                })
                            })
                            .collect(),
                    })
                    .collect())
            }
            DefKind::Declared => Err(undefined(defs, key)),
        }
    }

    /// The Grundy value of a position, worked out with an explicit stack:
    /// each position is expanded (its unknown options pushed) and finished
    /// (its mex taken) once all its options are known.
    pub fn grundy(&mut self, defs: &Defs, root: &Key) -> Result<u64, EvalError> {
        if self.families.is_family(root.game) {
            return self.families.value(
                defs,
                root.game,
                root.args[0],
                &self.limits,
                &mut *self.ticker.watch,
            );
        }
        if let State::Done(v) = self.memos[root.game].get(&root.args) {
            return Ok(v);
        }
        let mut stack: Vec<(Key, bool)> = vec![(root.clone(), false)];
        let result = self.drive(defs, &mut stack);
        if result.is_err() {
            // Leave the memo consistent: nothing stays half-done.
            for (key, expanded) in &stack {
                if *expanded && self.memos[key.game].get(&key.args) == State::Gray {
                    self.memos[key.game].set(&key.args, State::Unknown);
                }
            }
        }
        result?;
        match self.memos[root.game].get(&root.args) {
            State::Done(v) => Ok(v),
            _ => Err(undefined(defs, root)),
        }
    }

    fn drive(&mut self, defs: &Defs, stack: &mut Vec<(Key, bool)>) -> Result<(), EvalError> {
        let mut pending = Vec::new();
        let mut values = Vec::new();
        let mut seen = Vec::new();
        while let Some((key, expanded)) = stack.pop() {
            let state = self.memos[key.game].get(&key.args);
            if matches!(state, State::Done(_)) || (!expanded && state == State::Gray) {
                continue;
            }
            pending.clear();
            values.clear();
            let value = self
                .step(defs, &key, &mut values, &mut pending, &mut seen)
                .map_err(|e| {
                    e.note(format!(
                        "while working out the options of {}",
                        defs.show_key(&key)
                    ))
                })?;
            if let Some(v) = value {
                self.record(defs, &key, State::Done(v))?;
                self.ticker.done += 1;
                continue;
            }
            self.record(defs, &key, State::Gray)?;
            stack.push((key, true));
            // Smallest positions first: in most games options are smaller
            // positions, so each child then finds its own options known and
            // is finished in one pass instead of two.
            pending.sort_unstable_by(|a, b| (b.game, &b.args).cmp(&(a.game, &a.args)));
            pending.dedup();
            for child in pending.drain(..) {
                match self.memos[child.game].get(&child.args) {
                    State::Done(_) => {}
                    State::Gray => return Err(cycle(defs, stack, &child)),
                    State::Unknown => stack.push((child, false)),
                }
            }
        }
        Ok(())
    }

    /// Values the options of one position from the memo. Returns its value
    /// if every option is known, else None with the unknown ones in `pending`.
    fn step(
        &mut self,
        defs: &Defs,
        key: &Key,
        values: &mut Vec<u64>,
        pending: &mut Vec<Key>,
        seen: &mut Vec<bool>,
    ) -> Result<Option<u64>, EvalError> {
        let def = &defs.games[key.game];
        let mut interp = Interp::new(&defs.globals, env_for(def, key));
        self.ticker.iterations = 0;
        let mut dom = ValueDomain {
            memos: &self.memos,
            families: &mut self.families,
            defs,
            limits: self.limits,
            pending,
            ticker: &mut self.ticker,
            seen: std::mem::take(seen),
        };
        let value = match &def.kind {
            DefKind::Rule(Rule::Options(set)) => {
                interp.each_option(set, &mut dom, &mut |d, v| {
                    d.ticker.options += 1;
                    if let Some(v) = v {
                        values.push(v);
                    }
                    Ok(())
                })?;
                Some(mex_of(values, &mut dom.seen))
            }
            DefKind::Rule(Rule::Alias(e)) => interp.game(e, &mut dom)?,
            DefKind::Family(_) | DefKind::Declared => return Err(undefined(defs, key)),
        };
        *seen = std::mem::take(&mut dom.seen);
        Ok(if dom.pending.is_empty() { value } else { None })
    }

    fn record(&mut self, defs: &Defs, key: &Key, state: State) -> Result<(), EvalError> {
        let memo = &mut self.memos[key.game];
        if let Memo::Dense(_) = memo
            && key.args[0] >= self.limits.positions
        {
            return Err(limit(defs, key, self.limits.positions));
        }
        if memo.set(&key.args, state) {
            self.positions += 1;
            if self.positions > self.limits.positions {
                return Err(limit(defs, key, self.limits.positions));
            }
        }
        Ok(())
    }
}

fn env_for(def: &GameDef, key: &Key) -> Vec<u64> {
    let mut env = key.args.to_vec();
    env.resize(def.slots.max(env.len()), 0);
    env
}

fn undefined(defs: &Defs, key: &Key) -> EvalError {
    let def = &defs.games[key.game];
    EvalError::from(
        Diagnostic::error(
            def.loc.range(),
            format!("`{}` has no rule", defs.show_key(key)),
        )
        .at(def.loc.src),
    )
}

fn limit(defs: &Defs, key: &Key, max: u64) -> EvalError {
    let def = &defs.games[key.game];
    EvalError::from(
        Diagnostic::error(def.loc.range(), format!("too many positions: {} is past the limit of {max}", defs.show_key(key)))
            .at(def.loc.src)
            .label("positions of this game")
            .hint(format!("`set positions {}` raises the limit (memory grows with it)", max.saturating_mul(10)))
            .note("a rule whose moves lead to ever larger positions never ends: no limit is enough for it"),
    )
}

/// A position reached from itself: the positions on the current path from
/// the repeated one to the last one expanded.
fn cycle(defs: &Defs, stack: &[(Key, bool)], repeated: &Key) -> EvalError {
    let path: Vec<&Key> = stack.iter().filter(|(_, e)| *e).map(|(k, _)| k).collect();
    let from = path.iter().rposition(|k| *k == repeated).unwrap_or(0);
    let mut names: Vec<String> = path[from..].iter().map(|k| defs.show_key(k)).collect();
    if names.len() > 8 {
        let n = names.len();
        names.splice(4..n - 3, [format!("... {} more ...", n - 7)]);
    }
    names.push(defs.show_key(repeated));
    let def = &defs.games[repeated.game];
    EvalError::from(
        Diagnostic::error(def.loc.range(), format!("loopy game: {} can be reached from itself", defs.show_key(repeated)))
            .at(def.loc.src)
            .label("this game's rule leads back to an earlier position")
            .note(format!("the cycle: {}", names.join(" -> ")))
            .hint("Grundy values are defined for games that always end: make every move lead to a smaller position"),
    )
}

#[cfg(test)]
mod tests {

    use crate::session::Session;

    fn run(s: &mut Session, src: &str) -> (Vec<String>, Vec<String>) {
        let (lines, report) = s.run_collect("t", src);
        (
            lines,
            report.errors.iter().map(|d| d.message.clone()).collect(),
        )
    }

    #[test]
    fn a_failed_evaluation_leaves_no_half_done_positions() {
        let mut s = Session::default();
        let (_, errs) = run(&mut s, "game f(n) = { f(n - 1) }\ngrundy f(5)");
        assert!(errs[0].contains("below zero"), "{errs:?}");
        // Asking again must report the same error, not a false cycle through
        // positions left marked as in progress.
        let (_, errs) = run(&mut s, "grundy f(3)");
        assert!(errs[0].contains("below zero"), "{errs:?}");
    }

    use crate::engine::StopAfter;

    #[test]
    fn an_interrupted_evaluation_can_be_resumed() {
        let mut s = Session::new(Box::new(StopAfter(3)));
        let src = "game gg(n) = { gg(a) + gg(n - a) for a in 1..n if a < n - a }\ngrundy gg(600)";
        let (lines, report) = s.run_collect("t", src);
        assert!(report.interrupted && lines.is_empty());
        s.store.ticker.watch = Box::new(crate::engine::Quiet);
        let (lines, errs) = run(&mut s, "grundy gg(600)\ngrundy gg(10)");
        assert!(errs.is_empty(), "{errs:?}");
        // Grundy's game from its dense table, computed independently.
        let (want, _) = run(&mut s, "game g = grundy\ngrundy g(600)\ngrundy g(10)");
        assert_eq!(lines, want);
        assert_eq!(lines[1], "0"); // A002188: G(10) = 0
    }

    #[test]
    fn the_position_limit_is_a_diagnostic() {
        let mut s = Session::default();
        let (_, errs) = run(
            &mut s,
            "set positions 100\ngame d(n) = { d(n - 1) for k in {1} if k <= n }\ngrundy d(1000)",
        );
        assert!(errs[0].contains("too many positions"), "{errs:?}");
        let (lines, errs) = run(&mut s, "set positions 2000\ngrundy d(1000)");
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(lines, ["0"]);
    }

    #[test]
    fn a_cycle_through_two_games_names_its_positions() {
        let mut s = Session::default();
        let (_, report) = s.run_collect("t", "game a(n) = { b(n + 1) }\ngame b(n) = { a(n - 1) for k in {1} if k <= n }\ngrundy a(3)");
        let d = &report.errors[0];
        assert!(d.message.contains("loopy"), "{d:?}");
        assert!(
            d.notes.iter().any(|n| n.contains("a(3) -> b(4) -> a(3)")),
            "{:?}",
            d.notes
        );
    }
}
