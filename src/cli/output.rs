//! Where results and diagnostics go: results to standard output, one a
//! line; diagnostics to standard error, in colour only on a terminal and
//! never when NO_COLOR is set.

use crate::engine::{Interrupted, Watch};
use crate::session::{Event, Report, Session};
use std::io::{IsTerminal, Write};

pub struct Output {
    pub color_out: bool,
    pub color_err: bool,
}

fn color_allowed() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

impl Output {
    pub fn new() -> Self {
        Output {
            color_out: color_allowed() && std::io::stdout().is_terminal(),
            color_err: color_allowed() && std::io::stderr().is_terminal(),
        }
    }

    pub fn watch(&self) -> Box<dyn Watch> {
        Box::new(NoWatch)
    }

    /// Runs one source and writes what it produced; returns the exit status.
    pub fn run(&mut self, session: &mut Session, name: &str, text: &str) -> i32 {
        let color = self.color_out;
        let stdout = std::io::stdout();
        let mut emit = |e: Event| {
            let mut lock = stdout.lock();
            match e {
                Event::Line(l) => {
                    let _ = writeln!(lock, "{l}");
                }
                Event::Check { passed, lines } => {
                    for (i, l) in lines.iter().enumerate() {
                        let _ = if i == 0 && color {
                            let c = if passed { "32" } else { "31" };
                            let (word, rest) = l.split_once(' ').unwrap_or((l, ""));
                            writeln!(lock, "\x1b[1;{c}m{word}\x1b[0m {rest}")
                        } else {
                            writeln!(lock, "{l}")
                        };
                    }
                }
            }
            let _ = lock.flush();
        };
        let report = session.run(name, text, &mut emit);
        self.report(session, &report);
        report.status()
    }

    pub fn report(&self, session: &Session, report: &Report) {
        let mut err = std::io::stderr().lock();
        for d in &report.errors {
            let _ = write!(err, "{}", session.render(d, self.color_err));
        }
        if report.interrupted {
            let _ = writeln!(err, "interrupted");
        }
    }

    pub fn fatal(&self, message: &str) {
        eprintln!("mex: {message}");
    }
}

impl Default for Output {
    fn default() -> Self {
        Output::new()
    }
}

struct NoWatch;

impl Watch for NoWatch {
    fn tick(&mut self, _done: u64, _total: u64) -> Result<(), Interrupted> {
        Ok(())
    }
}
