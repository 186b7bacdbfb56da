//! The process that runs one version of a document for the language server
//! (`mex --lsp-child`), in the sandbox of `mex --sandbox` (see
//! [`crate::cli::isolate`]): the text comes on standard input, nothing is
//! read or written, `set` may only lower the limits, which start small, and
//! each statement has a time of its own. What it finds goes out on standard
//! output as [`Record`]s, one JSON object a line, as it is found.

use super::record::{Record, Request};
use mex::diag::{Diagnostic, ErrorKind};
use mex::engine::{Interrupted, Watch};
use mex::session::{Event, Session};
use std::cell::RefCell;
use std::io::Write;
use std::ops::Range;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// What the watch and the output share: the statement running, its
/// time, and its answer so far (sent when the next statement starts).
#[derive(Default)]
struct Running {
    at: Option<Range<usize>>,
    until: Option<Instant>,
    answers: Answers,
}

/// Gives each statement `per_line` and stops it past that.
struct LineTime {
    per_line: Duration,
    shared: Rc<RefCell<Running>>,
}

impl LineTime {
    fn check(&mut self) -> Result<(), Interrupted> {
        let mut r = self.shared.borrow_mut();
        match r.until {
            Some(t) if Instant::now() >= t => {
                if let Some(at) = r.at.clone() {
                    let why = format!(
                        "stopped: this line took more than the {} ms each line is given while editing; `mex` on the command line runs it whole",
                        self.per_line.as_millis()
                    );
                    let (start, end) = (at.start, at.end);
                    send(
                        &mut std::io::stdout().lock(),
                        &Record::Stopped { start, end, why },
                    );
                }
                r.until = None;
                Err(Interrupted)
            }
            _ => Ok(()),
        }
    }
}

impl Watch for LineTime {
    fn tick(&mut self, _done: u64, _total: u64) -> Result<(), Interrupted> {
        self.check()
    }

    fn work(&mut self, _positions: u64, _steps: u64) -> Result<(), Interrupted> {
        self.check()
    }

    fn statement(&mut self, at: Range<usize>) {
        let (start, end) = (at.start, at.end);
        let mut r = self.shared.borrow_mut();
        // the output's lock is taken again on this thread: it allows that
        r.answers.flush(&mut std::io::stdout().lock());
        r.at = Some(at);
        r.until = Some(Instant::now() + self.per_line);
        send(
            &mut std::io::stdout().lock(),
            &Record::Running { start, end },
        );
    }
}

/// The limits a document runs under: small, for answers while typing.
fn small_limits(session: &mut Session) {
    let mut l = session.store.limits;
    l.work = l.work.min(super::WORK);
    l.heap = l.heap.min(1_000_000);
    l.positions = l.positions.min(2_000_000);
    l.output = l.output.min(10_000);
    l.memory = l.memory.min(256 << 20);
    l.threads = 1;
    session.store.set_limits(l);
    session.store.sandbox = Some(l);
}

fn send(out: &mut impl Write, r: &Record) {
    if let Ok(line) = serde_json::to_string(r) {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// `mex --lsp-child`: runs the document handed on standard input.
pub fn child() -> u8 {
    let Some(req) = crate::cli::isolate::request::<Request>() else {
        return 2;
    };
    let shared = Rc::new(RefCell::new(Running::default()));
    let mut session = Session::new(Box::new(LineTime {
        per_line: Duration::from_millis(req.line_ms),
        shared: shared.clone(),
    }));
    small_limits(&mut session);
    session.interrupt_ends_statement = true;
    let mut out = std::io::stdout().lock();
    send(
        &mut out,
        &Record::Early {
            diags: early(&req.text),
        },
    );
    // each diagnostic said, with the statement running when it was
    let mut said: Vec<Option<Range<usize>>> = Vec::new();
    let report = session.run("document", &req.text, &mut |e| {
        let mut r = shared.borrow_mut();
        let at = r.at.clone();
        match e {
            Event::Error { .. } => {
                if let Some(at) = &at {
                    let (start, end) = (at.start, at.end);
                    send(&mut out, &Record::Erred { start, end });
                }
                said.push(at);
            }
            e => r.answers.add(at, e, &mut out),
        }
    });
    shared.borrow_mut().answers.flush(&mut out);
    let mut diags = Vec::new();
    for (d, at) in report.errors.iter().zip(said) {
        match (d.kind, at.filter(|at| ran_into(d, at))) {
            (ErrorKind::Limit | ErrorKind::Memory, Some(at)) => send(
                &mut out,
                &Record::Stopped {
                    start: at.start,
                    end: at.end,
                    why: reason(d),
                },
            ),
            _ => diags.push(super::record::Diag::of(d)),
        }
    }
    for r in games(&session) {
        send(&mut out, &r);
    }
    send(&mut out, &Record::Done { diags });
    0
}

/// The diagnostics found before anything runs: the text parsed and its
/// names resolved, in a fresh session (as the run does).
fn early(text: &str) -> Vec<super::record::Diag> {
    let text = mex::session::normalized(text);
    let session = Session::default();
    let mut sources = session.sources;
    let src = sources.add("document", &*text);
    let parsed = mex::syntax::parse::parse(&text);
    let mut found: Vec<Diagnostic> = parsed.errors.into_iter().map(|d| d.at(src)).collect();
    let cx = mex::resolve::Context {
        sources: &sources,
        names: &session.names,
        games: &session.defs.games,
        globals: 0,
    };
    let (_, checked) = mex::resolve::check_unit(&parsed.stmts, src, cx);
    found.extend(checked);
    found.sort_by_key(Diagnostic::start);
    found.iter().map(super::record::Diag::of).collect()
}

/// Whether a diagnostic came from running the statement at `at`: it
/// points into it, or says it was running it (a limit met in a game's
/// rule points there).
fn ran_into(d: &Diagnostic, at: &Range<usize>) -> bool {
    let inside = d
        .span
        .as_ref()
        .is_some_and(|s| at.start <= s.start && s.end <= at.end);
    inside || d.notes.iter().any(|n| n.starts_with("while running"))
}

/// Why a question stopped at a limit, in words: the message and the hint
/// (which names the `set` that raises it).
fn reason(d: &Diagnostic) -> String {
    match &d.hint {
        Some(h) => format!("{} ({h})", d.message),
        None => d.message.clone(),
    }
}

/// The games defined, with what each runs as.
fn games(session: &Session) -> Vec<Record> {
    let defined = session
        .defs
        .games
        .iter()
        .filter(|d| !matches!(d.kind, mex::ir::DefKind::Declared));
    defined
        .zip(session.game_definitions())
        .map(|(def, (text, runs_as))| Record::Game {
            name: def.name.clone(),
            start: def.loc.range().start,
            text,
            runs_as: match &def.kind {
                mex::ir::DefKind::Family(rule) => Some(rule.describe()),
                _ => runs_as,
            },
        })
        .collect()
}

/// The answer of the statement running, gathered until the next begins.
#[derive(Default)]
struct Answers {
    at: Option<Range<usize>>,
    lines: Vec<String>,
    passed: Option<bool>,
}

impl Answers {
    fn add(&mut self, at: Option<Range<usize>>, e: Event, out: &mut impl Write) {
        if at != self.at {
            self.flush(out);
            self.at = at;
        }
        match e {
            Event::Line(l) => self.lines.push(l),
            Event::Check { passed, lines } => {
                self.passed = Some(passed);
                self.lines.extend(lines);
            }
            Event::Values { values, .. } => {
                let piece: Vec<String> = values.iter().map(u64::to_string).collect();
                match self.lines.last_mut() {
                    Some(last) if !last.is_empty() => {
                        last.push(' ');
                        last.push_str(&piece.join(" "));
                    }
                    _ => self.lines.push(piece.join(" ")),
                }
            }
            Event::Svg { about, .. } => self.lines.push(format!("a picture: {about}")),
            Event::Error { .. } => {}
        }
    }

    fn flush(&mut self, out: &mut impl Write) {
        let lines = std::mem::take(&mut self.lines);
        let passed = self.passed.take();
        if let (Some(at), false) = (self.at.clone(), lines.is_empty()) {
            send(
                out,
                &Record::Answer {
                    start: at.start,
                    end: at.end,
                    lines,
                    passed,
                },
            );
        }
    }
}
