//! Where results and diagnostics go: results to standard output, one a
//! line; diagnostics to standard error, in colour only on a terminal and
//! never when NO_COLOR is set. Long work shows a progress bar on standard
//! error when it is a terminal, plain lines now and then when it is not,
//! and Ctrl-C stops it through the same watch.

use super::progress::{Log, Progress};
use super::term::{self, Hush};
use super::written::Written;
use mex::engine::{Interrupted, Watch};
use mex::repl::Sink;
use mex::session::{Event, Report, Session, Summary};
use std::cell::RefCell;
use std::io::{IsTerminal, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub struct Output {
    pub color_out: bool,
    pub color_err: bool,
    /// Set by Ctrl-C; checked by the session's watch; cleared before and
    /// after each input is run.
    pub interrupt: Arc<AtomicBool>,
    progress: Rc<RefCell<Progress>>,
    /// Keys are not echoed while an input runs (see [`term`]).
    hush: Option<Hush>,
    /// The last run was stopped by Ctrl-C.
    pub interrupted: bool,
    /// Whether writing to standard output failed (see [`Written`]).
    written: Written,
    /// Results were left unwritten because Ctrl-C came while they were
    /// being written (a table of 10^7 cells to a slow terminal).
    cut: std::cell::Cell<bool>,
    /// Bytes of results still allowed (the sandbox bounds its output).
    allowance: std::cell::Cell<Option<usize>>,
    /// The checks graded and the errors reported by the runs so far, for
    /// the summary the whole run ends with.
    pub summary: Summary,
    /// Standard output is a terminal: a plot's SVG goes to a file instead.
    terminal: bool,
    /// No file may be written (the sandbox).
    sandboxed: bool,
    /// Plots put in files so far, to name the next one.
    plots: std::cell::Cell<u32>,
}

/// Bytes of results a run in the sandbox may write.
pub const SANDBOX_OUTPUT: usize = 1 << 20;

pub fn color_allowed() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// A progress bar only where a person watches: standard error a terminal
/// that can redraw a line (not a pipe, a file or a CI log).
fn progress_allowed() -> bool {
    std::io::stderr().is_terminal() && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

/// Progress where no bar can be drawn: plain lines on standard error now
/// and then (`MEX_PROGRESS_EVERY` sets how often; empty, never).
fn progress_log() -> Option<Log> {
    let every = std::env::var("MEX_PROGRESS_EVERY").ok();
    Log::new(
        Box::new(std::io::stderr()),
        every.as_deref(),
        same_file_as_stdout(),
    )
}

/// Whether standard error goes to the same file as standard output (`2>&1`,
/// or both to one terminal): then progress lines wait while a result line
/// is partly written.
#[cfg(unix)]
fn same_file_as_stdout() -> bool {
    use std::os::fd::{AsFd, BorrowedFd};
    use std::os::unix::fs::MetadataExt;
    fn id(fd: BorrowedFd<'_>) -> Option<(u64, u64)> {
        let file = std::fs::File::from(fd.try_clone_to_owned().ok()?);
        let meta = file.metadata().ok()?;
        Some((meta.dev(), meta.ino()))
    }
    match (id(std::io::stdout().as_fd()), id(std::io::stderr().as_fd())) {
        (Some(out), Some(err)) => out == err,
        _ => true,
    }
}

#[cfg(not(unix))]
fn same_file_as_stdout() -> bool {
    true
}

impl Output {
    pub fn new() -> Self {
        Output {
            color_out: color_allowed() && std::io::stdout().is_terminal(),
            color_err: color_allowed() && std::io::stderr().is_terminal(),
            interrupt: Arc::new(AtomicBool::new(false)),
            progress: Rc::new(RefCell::new(if progress_allowed() {
                Progress::new(true)
            } else {
                Progress::logging(progress_log())
            })),
            hush: None,
            interrupted: false,
            written: Written::default(),
            cut: std::cell::Cell::new(false),
            allowance: std::cell::Cell::new(None),
            summary: Summary::default(),
            terminal: std::io::stdout().is_terminal(),
            sandboxed: false,
            plots: std::cell::Cell::new(0),
        }
    }

    /// The watch to give the session: stops on Ctrl-C, draws progress.
    pub fn watch(&self) -> Box<dyn Watch> {
        Box::new(Meter {
            interrupt: Arc::clone(&self.interrupt),
            progress: Rc::clone(&self.progress),
        })
    }

    /// Lets Ctrl-C stop a computation (instead of ending the process). A
    /// second Ctrl-C before the first is seen ends the process, so a
    /// computation that never looks at the watch can still be left.
    pub fn catch_ctrl_c(&self) {
        let flag = Arc::clone(&self.interrupt);
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                term::restore();
                eprintln!();
                std::process::exit(130);
            }
        });
    }

    /// Call before running an input: a fresh start for progress and Ctrl-C.
    pub fn begin(&mut self, session: &Session) {
        self.hush = Some(Hush::new());
        self.interrupt.store(false, Ordering::SeqCst);
        self.cut.set(false);
        self.progress.borrow_mut().begin(session.store.ticker.done);
    }

    /// Call after running an input: the progress bar is cleared.
    pub fn end(&mut self) {
        self.progress.borrow_mut().end();
        self.interrupt.store(false, Ordering::SeqCst);
        self.hush = None;
    }

    /// Runs one source and writes what it produced; returns the exit status.
    pub fn run(&mut self, session: &mut Session, name: &str, text: &str) -> i32 {
        self.begin(session);
        let report = session.run(name, text, &mut |e| self.event(e));
        self.end();
        self.summary.merge(report.summary());
        if self.written.failed() {
            // The run was stopped because its results could not be
            // written: no interruption to report.
            self.interrupted = false;
            return settled(&report);
        }
        if self.cut.get() && !report.interrupted {
            // Ctrl-C while the last answer was being written: the rest of
            // it was left out
            let _ = writeln!(std::io::stderr().lock(), "interrupted");
            self.interrupted = true;
            return 2;
        }
        self.report(&report);
        self.interrupted = report.interrupted;
        report.status()
    }

    /// Whether writing the results failed: then the exit status to end with
    /// at once (`status` being that of the runs so far), after saying why
    /// unless the reader simply went away.
    pub fn write_failed(&self, status: i32) -> Option<u8> {
        let (code, message) = self.written.verdict(status)?;
        if let Some(m) = message {
            self.progress.borrow_mut().clear();
            let _ = writeln!(std::io::stderr().lock(), "{m}");
        }
        Some(code)
    }

    /// Whether results were left unwritten by Ctrl-C in the last input.
    pub fn cut(&self) -> bool {
        self.cut.get()
    }

    pub fn writing_failed(&self) -> bool {
        self.written.failed()
    }

    /// Writes to standard output; when that fails, the computation is
    /// stopped (through the watch) and nothing more is written.
    fn put(&self, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) {
        if let Some(left) = self.allowance.get() {
            let mut buf = Vec::new();
            let _ = write(&mut buf);
            if buf.len() > left {
                self.allowance.set(Some(0));
                if left > 0 {
                    self.note(&format!(
                        "the rest of the output is left out: the sandbox writes at most {} bytes",
                        SANDBOX_OUTPUT
                    ));
                }
                self.interrupt.store(true, Ordering::SeqCst);
                return;
            }
            self.allowance.set(Some(left - buf.len()));
            if !self.written.put(|out| out.write_all(&buf)) {
                self.interrupt.store(true, Ordering::SeqCst);
            }
            return;
        }
        if !self.written.put(write) {
            self.interrupt.store(true, Ordering::SeqCst);
        }
    }

    /// Whether standard output counts as a terminal (for a plot with no
    /// file): the sandbox's process writes to a pipe its parent relays.
    pub fn set_terminal(&mut self, terminal: bool) {
        self.terminal = terminal;
    }

    /// Bounds what is written to standard output, and writes no file (the
    /// sandbox).
    pub fn bound_output(&mut self) {
        self.allowance.set(Some(SANDBOX_OUTPUT));
        self.sandboxed = true;
    }

    /// A plot with no file, at a terminal, which cannot show it: its SVG
    /// goes to a new file in the temporary folder, and a line says which
    /// (in the sandbox, where no file is written, how to have one).
    fn plot_to_file(&self, svg: &str, game: &str, about: &str) -> String {
        let file = (!self.sandboxed)
            .then(|| self.new_plot_file(game, svg))
            .flatten();
        let shown = file.as_ref().map(|f| f.display().to_string());
        mex::render::text::svg_filed(shown.as_deref(), svg.len(), game, about)
    }

    /// Writes a plot to a file of its own in the temporary folder:
    /// `mex-plot-PID-N-GAME.svg`, never one that exists.
    fn new_plot_file(&self, game: &str, svg: &str) -> Option<std::path::PathBuf> {
        let name: String = game
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .take(40)
            .collect();
        let dir = std::env::temp_dir();
        for _ in 0..100 {
            let n = self.plots.get() + 1;
            self.plots.set(n);
            let path = dir.join(format!("mex-plot-{}-{n}-{name}.svg", std::process::id()));
            let file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path);
            match file {
                Ok(mut f) => {
                    return f.write_all(svg.as_bytes()).ok().map(|()| path);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(_) => return None,
            }
        }
        None
    }

    /// Writes one result to standard output.
    pub fn event(&self, e: Event) {
        {
            let mut progress = self.progress.borrow_mut();
            progress.clear();
            if let Event::Values { last, .. } = &e {
                progress.hold(!last);
            }
        }
        if self.interrupt.load(Ordering::SeqCst)
            && !self.written.failed()
            && !matches!(e, Event::Error { .. })
        {
            // Ctrl-C: what is left of the answer is not written
            self.cut.set(true);
            return;
        }
        if let Event::Error { text, to_stdout } = &e {
            if *to_stdout {
                self.put(|out| out.write_all(text.as_bytes()));
            } else {
                let mut err = std::io::stderr().lock();
                let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
            }
            return;
        }
        if self.terminal
            && let Event::Svg { svg, game, about } = &e
        {
            let line = self.plot_to_file(svg, game, about);
            self.put(|out| writeln!(out, "{line}"));
            return;
        }
        let color = self.color_out;
        self.put(|out| match &e {
            Event::Check { passed, lines } if color => {
                for (i, l) in lines.iter().enumerate() {
                    if i == 0 {
                        let c = if *passed { "32" } else { "31" };
                        let (word, rest) = l.split_once(' ').unwrap_or((l, ""));
                        writeln!(out, "\x1b[1;{c}m{word}\x1b[0m {rest}")?;
                    } else {
                        writeln!(out, "{l}")?;
                    }
                }
                Ok(())
            }
            _ => e.write_text(out),
        });
    }

    /// At the end of the whole run (files, `-e`, standard input): how its
    /// checks went, when it graded any and was not stopped.
    pub fn summarize(&mut self, session: &Session) {
        if self.interrupted || self.written.failed() {
            return;
        }
        let summary = std::mem::take(&mut self.summary);
        session.summary(summary, &mut |e| self.event(e));
    }

    /// After a run: its diagnostics were written as they came (see
    /// [`Event::Error`]); an interruption is said last.
    pub fn report(&self, report: &Report) {
        if report.interrupted {
            let _ = writeln!(std::io::stderr().lock(), "interrupted");
        }
    }

    /// A remark about how a run went (timing, interruption): standard
    /// error, dim on a terminal.
    pub fn note(&self, text: &str) {
        self.progress.borrow_mut().clear();
        let mut err = std::io::stderr().lock();
        let _ = if self.color_err {
            writeln!(err, "\x1b[2m{text}\x1b[0m")
        } else {
            writeln!(err, "{text}")
        };
    }

    pub fn fatal(&self, message: &str) {
        eprintln!("mex: {message}");
    }

    /// An error outside any source (a file that cannot be read): in JSON
    /// mode one JSON line on standard output, like every diagnostic.
    pub fn fatal_in(&mut self, session: &Session, message: &str, file: Option<&str>) {
        self.summary.errors += 1;
        if session.diagnostics_to_stdout() {
            // (every such error is a file or standard input not read)
            let line = mex::render::json::error(mex::diag::ErrorKind::Io, message, file);
            self.put(|out| writeln!(out, "{line}"));
        } else {
            self.fatal(message);
        }
    }
}

impl Default for Output {
    fn default() -> Self {
        Output::new()
    }
}

/// The terminal REPL writes through the output: results and command text to
/// standard output, diagnostics and remarks to standard error.
impl Sink for Output {
    fn event(&mut self, event: Event) {
        Output::event(self, event);
    }

    fn error(&mut self, rendered: &str) {
        self.progress.borrow_mut().clear();
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "{rendered}");
        let _ = err.flush();
    }

    fn say(&mut self, text: &str) {
        self.put(|out| writeln!(out, "{text}"));
    }

    fn note(&mut self, text: &str) {
        Output::note(self, text);
    }
}

/// The status of a run stopped early: its errors and failed checks, not
/// the stop itself.
fn settled(report: &Report) -> i32 {
    if !report.errors.is_empty() {
        2
    } else if report.failed_checks > 0 {
        1
    } else {
        0
    }
}

/// The session's watch: Ctrl-C and the progress bar.
struct Meter {
    interrupt: Arc<AtomicBool>,
    progress: Rc<RefCell<Progress>>,
}

impl Watch for Meter {
    fn tick(&mut self, done: u64, total: u64) -> Result<(), Interrupted> {
        if self.interrupt.load(Ordering::Relaxed) {
            self.progress.borrow_mut().clear();
            return Err(Interrupted);
        }
        self.progress.borrow_mut().tick(done, total);
        Ok(())
    }

    fn work(&mut self, positions: u64, steps: u64) -> Result<(), Interrupted> {
        if self.interrupt.load(Ordering::Relaxed) {
            self.progress.borrow_mut().clear();
            return Err(Interrupted);
        }
        self.progress.borrow_mut().work(positions, steps);
        Ok(())
    }

    fn counting(&mut self, unit: &'static str) {
        self.progress.borrow_mut().counting(unit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_c_while_an_answer_is_written_leaves_the_rest_out() {
        let out = Output::new();
        out.interrupt.store(true, Ordering::SeqCst);
        out.event(Event::Line("a line of a long table".into()));
        assert!(out.cut(), "the line was not left out");
        assert!(!out.writing_failed());
    }
}
