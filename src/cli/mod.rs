//! Command-line front ends around the session: files, `-e`, piped input,
//! and the terminal REPL.

mod bundle;
pub mod grade;
mod output;
mod progress;
mod repl;
mod term;
mod written;

use clap::Parser;
use mex::render::Format;
use mex::repl::Repl;
use mex::repl::file::{read_bounded, read_source};
use mex::repl::script::has_commands;
use mex::session::Session;
use output::Output;
use std::io::IsTerminal;

/// mex: Grundy values, outcomes and winning moves of impartial games.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None, after_help = EXAMPLES)]
pub struct Args {
    /// Spec files (*.mex) to run in order, in one environment; `-` is
    /// standard input.
    pub files: Vec<std::path::PathBuf>,
    /// Statements to run (separate them with `;`).
    #[arg(short = 'e', long = "eval", value_name = "STATEMENTS")]
    pub eval: Vec<String>,
    /// How results and errors are written: `text`, or `json` (one JSON
    /// object a line on standard output, errors too).
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
    /// Runs files nobody has read safely: no file is written, no `:command`
    /// runs, a `set` cannot raise a limit, output and time are bounded.
    #[arg(long)]
    pub sandbox: bool,
    /// Seconds a run may take in the sandbox.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 10.0,
        requires = "sandbox"
    )]
    pub time: f64,
}

const EXAMPLES: &str = "\
Examples:
  mex -e 'grundy nim(6)+nim(12)+nim(9)'            # 3
  mex -e 'game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }; sequence s 0..15'
  mex examples/nim.mex                              # run a spec file
  mex --format json -e 'grundy nim(3) + nim(5)'     # results as JSON Lines
  mex                                               # the REPL
  mex grade key.mex alice.mex bob.mex               # grade a class (see --help there)
  mex sheet key.mex                                 # the blank sheet of a key
  mex --sandbox FILE                                # run a file nobody has read

Exit status: 2 if there was an error, else 1 if a check failed, else 0.
An error is reported and its statement skipped; the others still run.
The language: docs/language.md (reference) and docs/tutorial.md (tutorial) in
the source tree; in the REPL, `:help TOPIC` shows a section of the reference.";

pub fn main(args: Args) -> u8 {
    let mut out = Output::new();
    let until = std::time::Instant::now()
        + std::time::Duration::from_secs_f64(args.time.clamp(0.01, 86_400.0));
    let mut session = if args.sandbox {
        Session::new(Box::new(grade::Within {
            inner: out.watch(),
            until,
        }))
    } else {
        Session::new(out.watch())
    };
    session.color = out.color_err;
    session.format = Format::named(&args.format).unwrap_or_default();
    if args.sandbox {
        // no file written, limits only lowered, output and time bounded
        let mut limits = session.store.limits;
        limits.output = limits.output.min(100_000);
        session.store.set_limits(limits);
        session.store.sandbox = Some(limits);
        out.bound_output();
        let status = sandboxed(&args, &mut session, &mut out);
        if std::time::Instant::now() >= until {
            out.note(&format!(
                "the sandbox's time limit ({} s) was reached",
                args.time
            ));
        }
        return status;
    }
    if std::io::stdin().is_terminal() && args.files.is_empty() && args.eval.is_empty() {
        return repl::run(session, &mut out);
    }
    if std::io::stderr().is_terminal() {
        // Someone is watching: Ctrl-C stops a long computation with a
        // message (exit status 2) rather than killing it mid-line.
        out.catch_ctrl_c();
    }
    let mut status = 0;
    let mut ran = false;
    for path in &args.files {
        ran = true;
        if path.as_os_str() == "-" {
            // `-` is standard input, as for most tools that read files.
            status = status.max(run_stdin(&mut session, &mut out));
            if let Some(code) = out.write_failed(status) {
                return code;
            }
            if out.interrupted {
                return 2;
            }
            continue;
        }
        let text = match read_source(path) {
            Ok(text) => text,
            Err(e) => {
                out.fatal_in(
                    &session,
                    &format!("cannot read {}: {e}", path.display()),
                    Some(&path.display().to_string()),
                );
                status = 2;
                continue;
            }
        };
        // An error does not stop the run: later files still run.
        status = status.max(out.run(&mut session, &path.display().to_string(), &text));
        if let Some(code) = out.write_failed(status) {
            return code;
        }
        if out.interrupted {
            return 2;
        }
    }
    for text in &args.eval {
        ran = true;
        status = status.max(out.run(&mut session, "-e", text));
        if let Some(code) = out.write_failed(status) {
            return code;
        }
        if out.interrupted {
            return 2;
        }
    }
    if !ran {
        status = run_stdin(&mut session, &mut out);
        if let Some(code) = out.write_failed(status) {
            return code;
        }
        if out.interrupted {
            return 2;
        }
    }
    // one summary of the checks for the whole run
    out.summarize(&session);
    out.write_failed(status).unwrap_or(status as u8)
}

/// Runs standard input: as a plain source, or, when it has `:commands`
/// (a saved REPL session piped back), as a script of the REPL core.
fn run_stdin(session: &mut Session, out: &mut Output) -> i32 {
    let text = match read_bounded(std::io::stdin().lock()) {
        Ok(text) => text,
        Err(e) => {
            let message = format!("cannot read standard input: {e}");
            out.fatal_in(session, &message, Some("<stdin>"));
            return 2;
        }
    };
    if !has_commands(&text) {
        return out.run(session, "<stdin>", &text);
    }
    let mut repl = Repl::new(std::mem::take(session));
    repl.color = out.color_err;
    out.begin(&repl.session);
    let ran = repl.script("<stdin>", &text, out);
    out.end();
    out.summary.merge(repl.summary);
    *session = repl.session;
    out.interrupted = ran.interrupted && !out.writing_failed();
    if out.interrupted {
        out.note("interrupted");
        return 2;
    }
    ran.status
}

/// `mex --sandbox`: each file (or standard input, or `-e`) run as a plain
/// source: a `:command` is an error there, as in any file.
fn sandboxed(args: &Args, session: &mut Session, out: &mut Output) -> u8 {
    let mut status = 0;
    let mut sources: Vec<(String, Result<String, String>)> = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let text = if path.as_os_str() == "-" {
            read_bounded(std::io::stdin().lock()).map_err(|e| e.to_string())
        } else {
            read_source(path).map_err(|e| e.to_string())
        };
        sources.push((name, text));
    }
    for e in &args.eval {
        sources.push(("-e".into(), Ok(e.clone())));
    }
    if sources.is_empty() {
        let text = read_bounded(std::io::stdin().lock()).map_err(|e| e.to_string());
        sources.push(("<stdin>".into(), text));
    }
    for (name, text) in sources {
        match text {
            Ok(text) => status = status.max(out.run(session, &name, &text)),
            Err(e) => {
                out.fatal_in(session, &format!("cannot read {name}: {e}"), Some(&name));
                status = 2;
            }
        }
        if let Some(code) = out.write_failed(status) {
            return code;
        }
        if out.interrupted {
            return 2;
        }
    }
    out.summarize(session);
    out.write_failed(status).unwrap_or(status as u8)
}
