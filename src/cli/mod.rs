//! Command-line front ends around the session: files, `-e`, piped input,
//! and the terminal REPL.

mod bundle;
pub mod grade;
pub mod isolate;
pub mod lsp;
mod output;
mod progress;
mod repl;
pub mod survey;
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
    /// Seconds a run may take in the sandbox (a number above 0).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value = "10",
        value_parser = isolate::seconds,
        requires = "sandbox"
    )]
    pub time: f64,
    /// MiB of memory (address space) a run may have in the sandbox.
    #[arg(
        long,
        value_name = "MIB",
        default_value_t = 1024,
        value_parser = clap::value_parser!(u64).range(64..=1 << 30),
        requires = "sandbox"
    )]
    pub memory: u64,
}

/// What the process that runs `mex --sandbox`'s sources is handed on its
/// standard input: each source's name and text (or why it could not be
/// read), read by the parent.
#[derive(serde::Serialize, serde::Deserialize)]
struct SandboxRequest {
    sources: Vec<(String, Result<String, String>)>,
    format: String,
    /// Seconds.
    time: f64,
    /// Standard output is a terminal (where a plot is not written out).
    terminal: bool,
}

const EXAMPLES: &str = "\
Examples:
  mex -e 'grundy nim(6)+nim(12)+nim(9)'            # 3
  mex -e 'game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }; sequence s 0..15'
  mex examples/nim.mex                              # run a spec file
  mex --format json -e 'grundy nim(3) + nim(5)'     # results as JSON Lines
  mex                                               # the REPL
  mex grade key.mex alice.mex bob.mex               # grade a class (see --help there)
  mex survey 0.?? --heap 1000 --format csv          # the period of every code (see --help there)
  mex sheet key.mex                                 # the blank sheet of a key
  mex --sandbox FILE                                # run a file nobody has read
  mex lsp                                           # the language server, for editors

Exit status: 2 if there was an error, else 1 if a check failed, else 0.
An error is reported and its statement skipped; the others still run.
The language: docs/language.md (reference) and docs/tutorial.md (tutorial) in
the source tree; in the REPL, `:help TOPIC` shows a section of the reference.";

pub fn main(args: Args) -> u8 {
    if args.sandbox {
        return sandbox(&args);
    }
    let mut out = Output::new();
    let mut session = Session::new(out.watch());
    session.color = out.color_err;
    session.format = Format::named(&args.format).unwrap_or_default();
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
/// (a saved REPL session piped back), as a script of the REPL.
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

/// `mex --sandbox`: the sources are read here (regular files only, or
/// standard input, or `-e`), then run in a process of its own under the
/// time and memory caps (see [`isolate`]); what it writes is relayed with
/// its control characters shown escaped.
fn sandbox(args: &Args) -> u8 {
    use std::io::Write;
    let mut sources: Vec<(String, Result<String, String>)> = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let text = if path.as_os_str() == "-" {
            read_bounded(std::io::stdin().lock())
        } else {
            isolate::read_regular(path)
        };
        sources.push((name, text));
    }
    for e in &args.eval {
        sources.push(("-e".into(), Ok(e.clone())));
    }
    if sources.is_empty() {
        sources.push(("<stdin>".into(), read_bounded(std::io::stdin().lock())));
    }
    let request = SandboxRequest {
        sources,
        format: args.format.clone(),
        time: args.time,
        terminal: std::io::stdout().is_terminal(),
    };
    let Ok(input) = serde_json::to_vec(&request) else {
        eprintln!("mex: the sources could not be handed to the sandbox");
        return 2;
    };
    drop(request);
    let caps = isolate::Caps {
        time: std::time::Duration::from_secs_f64(args.time),
        memory: args.memory,
    };
    let (mut to_out, mut to_err) = (isolate::Relay::default(), isolate::Relay::default());
    let ended = isolate::run(
        isolate::SANDBOX_CHILD,
        input,
        caps,
        &mut |b| {
            let mut o = std::io::stdout().lock();
            let _ = o.write_all(to_out.take(b).as_bytes());
            let _ = o.flush();
        },
        &mut |b| {
            let _ = std::io::stderr()
                .lock()
                .write_all(to_err.take(b).as_bytes());
        },
    );
    let _ = std::io::stdout()
        .lock()
        .write_all(to_out.finish().as_bytes());
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr()
        .lock()
        .write_all(to_err.finish().as_bytes());
    let out = Output::new();
    match ended {
        isolate::Ended::Exited(code) => u8::try_from(code).unwrap_or(2),
        isolate::Ended::Limit(mex::grade::Limit::Time) => {
            out.note(&format!(
                "the sandbox's time limit ({} s) was reached",
                args.time
            ));
            2
        }
        isolate::Ended::Limit(mex::grade::Limit::Memory) => {
            out.note(&format!(
                "the sandbox's memory limit ({} MiB) was reached",
                args.memory
            ));
            2
        }
        isolate::Ended::Failed(why) => {
            out.fatal(&why);
            2
        }
    }
}

/// The process that runs `mex --sandbox`'s sources (`mex --sandbox-child`):
/// no file written, no `:command` run, limits only lowered, output and
/// time bounded; it opens no file (the sources are on its standard input).
pub fn sandbox_child() -> u8 {
    let started = std::time::Instant::now();
    let Some(req) = isolate::request::<SandboxRequest>() else {
        eprintln!("mex: the sandbox's request could not be read");
        return 2;
    };
    let until = started + std::time::Duration::from_secs_f64(req.time);
    let mut out = Output::new();
    out.set_terminal(req.terminal);
    let mut session = Session::new(Box::new(grade::Within {
        inner: out.watch(),
        until,
    }));
    session.color = out.color_err;
    session.format = Format::named(&req.format).unwrap_or_default();
    // no file written, limits only lowered, output and time bounded
    let mut limits = session.store.limits;
    limits.output = limits.output.min(100_000);
    session.store.set_limits(limits);
    session.store.sandbox = Some(limits);
    out.bound_output();
    let status = sandboxed(req.sources, &mut session, &mut out);
    if std::time::Instant::now() >= until {
        out.note(&format!(
            "the sandbox's time limit ({} s) was reached",
            req.time
        ));
    }
    status
}

/// Each source run as a plain source: a `:command` is an error there, as
/// in any file.
fn sandboxed(
    sources: Vec<(String, Result<String, String>)>,
    session: &mut Session,
    out: &mut Output,
) -> u8 {
    let mut status = 0;
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
