//! The session: what takes source text (a file, an `-e`
//! argument, a line typed at the prompt) and gives back results and
//! diagnostics. Front ends (terminal, pipe, files) only move text around.

use crate::diag::{Diagnostic, ErrorKind, Sources};
use crate::engine::{Quiet, Watch};
use crate::eval::{Defs, EvalError, Store, Value};
pub use crate::event::{Event, Format};
use crate::ir::{Action, Defined, Dep, Failure, QueryIr, Typed, Unit, Use};
pub use crate::query::Summary;
use crate::query::{self, Answer};
use crate::render;
use crate::resolve::{Context, Names, check_unit, needs_failed, place};
use crate::syntax::parse::parse;
use std::collections::{HashMap, HashSet};

/// What is told every answer before it is rendered (see
/// [`Session::on_answer`]).
pub type OnAnswer = Box<dyn FnMut(&Answer)>;

/// Diagnostics a report keeps (a file of millions of errors is reported
/// whole, but only counted past these).
pub const KEPT: usize = 10_000;

/// Statements skipped for a definition with an error that are reported
/// one by one in a run; past these they are counted, and one diagnostic at
/// the end says how many (a chain of 100,000 `let`s after one error would
/// otherwise be 100,000 diagnostics).
const SKIPS_SHOWN: usize = 100;

/// How running one source went.
#[derive(Debug, Default)]
pub struct Report {
    /// The diagnostics reported, the first [`KEPT`] of them.
    pub errors: Vec<Diagnostic>,
    /// Diagnostics reported past the first [`KEPT`], counted only.
    pub errors_not_kept: usize,
    pub failed_checks: usize,
    pub interrupted: bool,
    /// Every `check` graded, with where its statement starts (a byte
    /// offset into the source): for graders of a class.
    pub checks: Vec<(usize, Box<crate::query::Graded>)>,
}

impl Report {
    /// The checks graded and failed and the errors reported, for the
    /// summary a command-line run ends with.
    pub fn summary(&self) -> Summary {
        Summary {
            checks: self.checks.len(),
            failed: self.failed_checks,
            errors: self.errors.len() + self.errors_not_kept,
        }
    }

    /// The exit status of the contract: 2 on an error, 1 on a failed check.
    pub fn status(&self) -> i32 {
        if !self.errors.is_empty() || self.interrupted {
            2
        } else if self.failed_checks > 0 {
            1
        } else {
            0
        }
    }
}

pub struct Session {
    pub sources: Sources,
    pub names: Names,
    pub defs: Defs,
    pub store: Store,
    /// How results and diagnostics are written (`--format`, `:format`).
    pub format: Format,
    /// The defined names each game's rule and each `let` value uses.
    pub uses_of: HashMap<Dep, Vec<Use>>,
    /// Diagnostics rendered in colour (for a terminal).
    pub color: bool,
    /// Told every answer before it is rendered (a notebook shows a
    /// table's data as a table of its own): none by default.
    pub on_answer: Option<OnAnswer>,
    /// An interruption ends only the statement running, as a definition
    /// with an error does, and the run goes on (the language server gives
    /// each line a time of its own); otherwise it ends the run.
    pub interrupt_ends_statement: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(Box::new(Quiet))
    }
}

impl Session {
    pub fn new(watch: Box<dyn Watch>) -> Self {
        Session {
            sources: Sources::default(),
            names: Names::default(),
            defs: Defs::default(),
            store: Store::new(watch),
            format: Format::Text,
            uses_of: HashMap::new(),
            color: false,
            on_answer: None,
            interrupt_ends_statement: false,
        }
    }

    /// Runs a source: parses and checks all of it, then runs its statements
    /// in order. A statement with an error is reported and skipped, and so
    /// is one that needs a definition that failed (it says which); the
    /// others run. Only an interruption stops the run. Diagnostics are
    /// emitted (as [`Event::Error`]) in source order between the results,
    /// and kept in the report.
    pub fn run(&mut self, name: &str, text: &str, emit: &mut dyn FnMut(Event)) -> Report {
        // A byte-order mark some editors write at the start means nothing.
        let text = normalized(text);
        let src = self.sources.add(name, &*text);
        let mut report = Report::default();
        if let Some(at) = text.find('\0') {
            self.say(not_text(name, src, at), emit, &mut report);
            return report;
        }
        // Diagnostics with where they belong in this source, to sort them.
        let mut errors: Vec<(usize, Diagnostic)> = Vec::new();
        let parsed = parse(&text);
        for d in parsed.errors {
            errors.push((d.start(), d.at(src)));
        }
        if parsed.stmts.is_empty() && errors.is_empty() {
            self.say(nothing_to_run(name, src), emit, &mut report);
            return report;
        }
        let cx = Context {
            sources: &self.sources,
            names: &self.names,
            games: &self.defs.games,
            globals: self.defs.globals.len(),
        };
        let (mut unit, check_errors) = check_unit(&parsed.stmts, src, cx);
        for d in check_errors {
            errors.push((d.start(), d));
        }
        // The diagnostics found before running, in source order, each
        // emitted just before the first statement after it runs.
        errors.sort_by_key(|(at, _)| *at);
        let mut pending = errors.into_iter().peekable();
        self.install_unit(&mut unit);
        let (skips, last_skip) = self.steps(src, &mut unit, &mut pending, emit, &mut report);
        for f in unit.failed_names {
            self.names.globals.remove(&f.name);
            self.names.failed_names.insert(f.name.clone(), f);
        }
        for (_, d) in pending {
            self.say(d, emit, &mut report);
        }
        if let Some(loc) = last_skip {
            self.say(
                skipped_more(src, loc, skips - SKIPS_SHOWN),
                emit,
                &mut report,
            );
        }
        report
    }

    /// Installs the games a unit defines before it runs (the first
    /// definition of each), and the sets it reads as games or integers.
    fn install_unit(&mut self, unit: &mut Unit) {
        let mut redefined = Vec::new();
        let mut games = std::mem::take(&mut unit.games);
        games.sort_by_key(|d| d.id);
        for defined in games {
            redefined.extend(self.install(defined));
        }
        for (g, z) in &unit.zero_sets {
            self.names.zero_sets.insert(*g, *z);
        }
        self.store.sync(&self.defs, &redefined);
    }

    /// Runs a unit's statements in order, each after the diagnostics
    /// `pending` before it; a statement that needs a failed definition is
    /// skipped. Gives how many were skipped, and where the last skip not
    /// shown one by one is.
    fn steps(
        &mut self,
        src: crate::diag::SourceId,
        unit: &mut Unit,
        pending: &mut Pending,
        emit: &mut dyn FnMut(Event),
        report: &mut Report,
    ) -> (usize, Option<crate::ir::Loc>) {
        let actions = std::mem::take(&mut unit.actions);
        let locs = std::mem::take(&mut unit.locs);
        let uses = std::mem::take(&mut unit.uses);
        let steps = actions.into_iter().zip(locs).zip(uses);
        let (mut skips, mut last_skip) = (0usize, None);
        for ((action, loc), uses) in steps {
            let at = loc.start as usize;
            while let Some((_, d)) = pending.next_if(|(p, _)| *p <= at) {
                self.say(d, emit, report);
            }
            if let Action::Define(defined) = action {
                let redefined: Vec<_> = self.install(defined).into_iter().collect();
                self.store.sync(&self.defs, &redefined);
                continue;
            }
            if let Some(d) = self.blocked(src, &uses) {
                skips += 1;
                if skips <= SKIPS_SHOWN {
                    self.say(d, emit, report);
                } else {
                    last_skip = Some(loc);
                }
                self.failed_let(&action);
                continue;
            }
            self.store.ticker.iterations = 0;
            self.store.ticker.spent = 0;
            self.store.ticker.watch.statement(loc.range());
            match self.act(&action, emit, report) {
                Ok(()) => {}
                Err(EvalError::Interrupted) if self.interrupt_ends_statement => {
                    self.failed_let(&action);
                }
                Err(EvalError::Interrupted) => {
                    report.interrupted = true;
                    break;
                }
                Err(EvalError::Failed(d)) => {
                    let d = self.with_statement(*d, loc);
                    self.say(d, emit, report);
                    self.failed_let(&action);
                }
            }
            if let Action::Let { id, name, at, .. } = &action {
                self.uses_of.insert(Dep::Global(*id), uses);
                if !self.names.failed.contains_key(&Dep::Global(*id)) {
                    self.names.let_sites.insert(name.clone(), *at);
                }
            }
        }
        (skips, last_skip)
    }

    /// Reports a diagnostic: emitted where it falls among the results, and
    /// kept in the report.
    fn say(&self, d: Diagnostic, emit: &mut dyn FnMut(Event), report: &mut Report) {
        emit(Event::Error {
            text: self.render(&d, self.color),
            to_stdout: self.diagnostics_to_stdout(),
        });
        if report.errors.len() < KEPT {
            report.errors.push(d);
        } else {
            report.errors_not_kept += 1;
        }
    }

    /// Installs a game definition; returns the game's id if it replaces
    /// one (so the values that depend on it are stale).
    fn install(&mut self, defined: Defined) -> Option<crate::ir::GameId> {
        let Defined {
            id,
            def,
            uses,
            failure,
        } = defined;
        self.names.games.insert(def.name.clone(), (id, def.arity()));
        self.names.failed_names.remove(&def.name);
        match failure {
            Some(f) => self.names.failed.insert(Dep::Game(id), f),
            None => self.names.failed.remove(&Dep::Game(id)),
        };
        self.uses_of.insert(Dep::Game(id), uses);
        if id < self.defs.games.len() {
            self.defs.games[id] = def;
            Some(id)
        } else {
            debug_assert_eq!(id, self.defs.games.len());
            self.defs.games.push(def);
            None
        }
    }

    /// A `let` that did not run: its slot is kept (later ids stay in place)
    /// and what needs it is skipped.
    fn failed_let(&mut self, action: &Action) {
        let Action::Let { name, id, at, .. } = action else {
            return;
        };
        if self.defs.globals.len() == *id {
            self.defs.push_global(Value::Int(0));
        }
        let failure = Failure {
            name: name.clone(),
            loc: *at,
        };
        self.names.globals.remove(name);
        self.names.failed.insert(Dep::Global(*id), failure.clone());
        self.names.failed_names.insert(name.clone(), failure);
    }

    /// The diagnostic for a statement that needs a definition that failed,
    /// directly or through the games and values it uses.
    fn blocked(&self, src: crate::diag::SourceId, uses: &[Use]) -> Option<Diagnostic> {
        if self.names.failed.is_empty() {
            return None;
        }
        let mut seen = HashSet::new();
        for u in uses {
            if let Some(f) = self.failed_under(u.dep, &mut seen) {
                let via = (f.name != u.name).then_some(u.name.as_str());
                let place = place(&self.sources, f.loc);
                return Some(needs_failed(src, &u.loc.range(), via, &f, &place));
            }
        }
        None
    }

    /// The failed definition a definition needs, directly or through what
    /// it uses (searched with an explicit stack: chains may be long).
    fn failed_under(&self, dep: Dep, seen: &mut HashSet<Dep>) -> Option<Failure> {
        let mut stack = vec![dep];
        while let Some(dep) = stack.pop() {
            if !seen.insert(dep) {
                continue;
            }
            if let Some(f) = self.names.failed.get(&dep) {
                return Some(f.clone());
            }
            if let Some(uses) = self.uses_of.get(&dep) {
                stack.extend(uses.iter().map(|u| u.dep));
            }
        }
        None
    }

    fn act(
        &mut self,
        action: &Action,
        emit: &mut dyn FnMut(Event),
        report: &mut Report,
    ) -> Result<(), EvalError> {
        let (defs, store) = (&self.defs, &mut self.store);
        let format = self.format;
        let on_answer = &mut self.on_answer;
        let mut show = |a: Answer| {
            if let Some(told) = on_answer {
                told(&a);
            }
            render::emit(format, &a, emit)
        };
        match action {
            Action::Let {
                name, id, value, ..
            } => self.bind(name, *id, value)?,
            Action::Set { setting, value } => set_limit(defs, store, *setting, value)?,
            Action::Query {
                query: QueryIr::Sequence(game, range),
                ..
            } => {
                query::stream_sequence(
                    defs,
                    store,
                    *game,
                    range,
                    &mut |from, values, first, last| {
                        emit(Event::Values {
                            from,
                            values,
                            first,
                            last,
                            format,
                        })
                    },
                )?;
            }
            Action::Query { query, .. } => show(query::answer(defs, store, query)?),
            Action::Check {
                query,
                expect,
                text,
                loc,
            } => {
                let graded = Box::new(query::check(defs, store, query, expect, text)?);
                if !graded.passed {
                    report.failed_checks += 1;
                }
                report.checks.push((loc.start as usize, graded.clone()));
                show(Answer::Check(graded));
            }
            Action::Show(Typed::Int(e), _) => show(Answer::Integer(store.eval_int(defs, e)?)),
            Action::Show(Typed::Game(e), _) => {
                let g = store.eval_game(defs, e)?;
                show(query::grundy_answer(defs, store, &g)?);
            }
            Action::Define(_) => {} // installed by `run`
            Action::Show(Typed::IntSet(s), _) => {
                show(Answer::Set(store.eval_int_set(defs, s)?));
            }
        }
        Ok(())
    }

    /// `let NAME = VALUE`: the value worked out and bound to the name.
    fn bind(&mut self, name: &str, id: usize, value: &Typed) -> Result<(), EvalError> {
        let (defs, store) = (&self.defs, &mut self.store);
        let value = match value {
            Typed::Int(e) => Value::Int(store.eval_int(defs, e)?),
            Typed::Game(e) => Value::Game(store.eval_game(defs, e)?),
            Typed::IntSet(s) => Value::IntSet(store.eval_int_set(defs, s)?.into()),
        };
        let t = match value {
            Value::Int(_) => crate::ir::Type::Int,
            Value::Game(_) => crate::ir::Type::Game,
            Value::IntSet(_) => crate::ir::Type::IntSet,
        };
        debug_assert_eq!(id, self.defs.globals.len());
        self.defs.push_global(value);
        self.names.globals.insert(name.to_string(), (id, t));
        self.names.failed_names.remove(name);
        Ok(())
    }

    /// An error found while running a statement but pointing elsewhere (into
    /// a game's definition, say) also says which statement was running.
    fn with_statement(&self, mut d: Diagnostic, loc: crate::ir::Loc) -> Diagnostic {
        let Some(span) = d.span.clone() else {
            // Made with no place of its own (a limit reached, say): it
            // belongs to the statement.
            d.source = loc.src;
            d.span = Some(loc.range());
            if d.label.is_empty() {
                d.label = "while running this".into();
            }
            return d;
        };
        let inside =
            d.source == loc.src && loc.range().start <= span.start && span.end <= loc.range().end;
        if inside {
            return d;
        }
        let text = self.sources.slice(loc.src, &loc.range());
        let (line, _) = self.sources.line_column(loc.src, loc.range().start);
        let short: String = text.chars().take(60).collect();
        let more = if text.chars().count() > 60 {
            " ..."
        } else {
            ""
        };
        d.note(format!(
            "while running `{short}{more}` ({}:{line})",
            self.sources.name(loc.src)
        ))
    }

    /// The line a run of files (or `-e`) ends with when it graded a check:
    /// `2 of 11 checks failed`, or `11 of 11 checks passed` (a JSON object
    /// in JSON mode). Nothing when no check was graded.
    pub fn summary(&self, summary: Summary, emit: &mut dyn FnMut(Event)) {
        if summary.checks > 0 {
            render::emit(self.format, &Answer::Summary(summary), emit);
        }
    }

    /// Runs a source and collects its result lines (for tests and tools).
    pub fn run_collect(&mut self, name: &str, text: &str) -> (Vec<String>, Report) {
        let mut out = Vec::new();
        let report = self.run(name, text, &mut |e| {
            let _ = e.write_text(&mut out);
        });
        let text = String::from_utf8_lossy(&out);
        (text.lines().map(str::to_string).collect(), report)
    }

    /// The games defined so far, each with the number of its parameters.
    pub fn game_arities(&self) -> Vec<(String, usize)> {
        self.names
            .games
            .iter()
            .map(|(n, (_, arity))| (n.clone(), *arity))
            .collect()
    }

    /// The `let` names bound so far.
    pub fn let_names(&self) -> Vec<String> {
        self.names.globals.keys().cloned().collect()
    }

    /// The id of the value a `let` name is bound to now, if it is.
    pub fn let_id(&self, name: &str) -> Option<usize> {
        self.names.globals.get(name).map(|(id, _)| *id)
    }

    /// How many `let` values have been bound (ids count up from 0).
    pub fn lets_bound(&self) -> usize {
        self.defs.globals.len()
    }

    /// Whether diagnostics are rendered in colour.
    pub fn set_color(&mut self, on: bool) {
        self.color = on;
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn set_format(&mut self, f: Format) {
        self.format = f;
    }

    /// Takes the watch out (a quiet one in its place), to hand it on.
    pub fn take_watch(&mut self) -> Box<dyn Watch> {
        std::mem::replace(&mut self.store.ticker.watch, Box::new(crate::engine::Quiet))
    }

    /// The limits in force.
    pub fn limits(&self) -> crate::eval::Limits {
        self.store.limits
    }

    /// The positions the memo tables hold now.
    pub fn positions_held(&self) -> u64 {
        self.store.positions
    }

    /// The games defined so far (not those whose definition has an
    /// error), each as the statement that defines it (as written), or
    /// its name and parameters where that is gone, with the rule family
    /// it runs as, if one.
    pub fn game_definitions(&self) -> Vec<(String, Option<String>)> {
        use crate::ir::DefKind;
        use crate::syntax::ast::StmtKind;
        let mut parsed: Vec<(usize, Vec<crate::syntax::ast::Stmt>)> = Vec::new();
        let mut out = Vec::new();
        for (id, def) in self.defs.games.iter().enumerate() {
            if matches!(def.kind, DefKind::Declared) {
                continue;
            }
            let src = def.loc.src;
            if !parsed.iter().any(|(s, _)| *s == src) {
                parsed.push((
                    src,
                    crate::syntax::parse::parse(self.sources.text(src)).stmts,
                ));
            }
            let stmts = parsed
                .iter()
                .find(|(s, _)| *s == src)
                .map_or(&[][..], |(_, v)| v);
            let text = stmts.iter().find_map(|stmt| match &stmt.kind {
                StmtKind::Game { name, .. } if name.span.start == def.loc.start as usize => {
                    Some(self.sources.slice(src, &stmt.span).to_string())
                }
                _ => None,
            });
            let text = text.unwrap_or_else(|| {
                if def.params.is_empty() {
                    format!("game {}", def.name)
                } else {
                    format!("game {}({})", def.name, def.params.join(", "))
                }
            });
            let family = self.store.runs_as(&self.defs, id).map(|r| r.describe());
            out.push((text, family));
        }
        out
    }

    /// Renders a diagnostic against the source it points into: as text
    /// with the source (for standard error), or in JSON mode as one JSON
    /// line (for standard output: see [`Session::diagnostics_to_stdout`]).
    pub fn render(&self, d: &Diagnostic, color: bool) -> String {
        match self.format {
            Format::Text => self.sources.render(d, color),
            Format::Json => format!("{}\n", render::json::diagnostic(&self.sources, d)),
        }
    }

    /// In JSON mode every diagnostic goes to standard output with the results.
    pub fn diagnostics_to_stdout(&self) -> bool {
        self.format == Format::Json
    }
}

/// How a setting is written after `set`.
fn setting_name(setting: crate::ir::Setting) -> &'static str {
    crate::ir::Setting::ALL
        .iter()
        .find(|(_, s, _)| *s == setting)
        .map_or("", |(n, _, _)| n)
}

/// `set NAME VALUE`: a limit set, at least 1, and within the sandbox's.
fn set_limit(
    defs: &Defs,
    store: &mut Store,
    setting: crate::ir::Setting,
    value: &crate::ir::IntExpr,
) -> Result<(), EvalError> {
    let v = store.eval_int(defs, value)?;
    if v == 0 {
        let name = setting_name(setting);
        let d = Diagnostic::error(
            ErrorKind::Argument,
            value.loc.range(),
            "a limit of 0 allows nothing",
        )
        .at(value.loc.src)
        .label("the least limit is 1")
        .hint(format!(
            "`set {name} 1` is the smallest; `:limits` shows the current limits"
        ));
        return Err(EvalError::from(d));
    }
    if let Some(ceiling) = store.sandbox
        && v > ceiling.get(setting)
    {
        let name = setting_name(setting);
        let most = ceiling.get(setting);
        let d = Diagnostic::error(ErrorKind::Sandbox, value.loc.range(), format!("the sandbox keeps `set {name}` at most {most}"))
            .at(value.loc.src)
            .label("a limit raised past the sandbox's")
            .hint(format!("a file run in the sandbox (`mex grade`, `mex --sandbox`) may lower a limit, not raise it: `set {name} {most}` is the most"));
        return Err(EvalError::from(d));
    }
    let mut limits = store.limits;
    limits.set(setting, v);
    store.set_limits(limits);
    Ok(())
}

/// The diagnostics found before a unit runs, in source order.
type Pending = std::iter::Peekable<std::vec::IntoIter<(usize, Diagnostic)>>;

/// A NUL byte: not a text file (a binary, a document). Nothing of it runs.
fn not_text(name: &str, src: crate::diag::SourceId, at: usize) -> Diagnostic {
    Diagnostic::error(
        ErrorKind::Io,
        at..at + 1,
        format!("{name} is not a text file: it has a NUL byte"),
    )
    .at(src)
    .label("a NUL byte")
    .hint("a spec file is plain text; nothing in this one was run")
}

/// A source with no statements and no errors.
fn nothing_to_run(name: &str, src: crate::diag::SourceId) -> Diagnostic {
    Diagnostic::unplaced(
        ErrorKind::Empty,
        format!("nothing to run: {name} has no statements"),
    )
    .at(src)
    .hint("write a question such as `grundy nim(3) + nim(5)`; `mex --help` shows more")
}

/// The statements skipped past the first SKIPS_SHOWN, `hidden` of them,
/// the last at `loc`.
fn skipped_more(src: crate::diag::SourceId, loc: crate::ir::Loc, hidden: usize) -> Diagnostic {
    Diagnostic::error(
        ErrorKind::Skipped,
        loc.range(),
        format!("{hidden} more statements were skipped, each needing a definition with an error (not shown one by one)"),
    )
    .at(src)
    .label("the last of them")
    .hint("fix the first errors above: the statements after them then run")
}

/// A source as it is run: without a byte-order mark, every line break
/// a `\n` (byte offsets into a source are offsets into this).
pub fn normalized(text: &str) -> std::borrow::Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    one_kind_of_line_break(text)
}

/// The text with every line break as `\n`: `\r\n` and a lone `\r` (old
/// Mac files) end lines as `\n` does, and the other characters some tools
/// count as line breaks (vertical tab, form feed, NEL, U+2028, U+2029)
/// become a space or a newline, so that every line count (the lexer's,
/// the diagnostics') agrees.
fn one_kind_of_line_break(text: &str) -> std::borrow::Cow<'_, str> {
    const OTHERS: [char; 6] = ['\r', '\u{0B}', '\u{0C}', '\u{85}', '\u{2028}', '\u{2029}'];
    if !text.contains(OTHERS) {
        return std::borrow::Cow::Borrowed(text);
    }
    let text = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace(['\u{0B}', '\u{0C}'], " ")
        .replace(['\u{85}', '\u{2028}', '\u{2029}'], "\n");
    std::borrow::Cow::Owned(text)
}
