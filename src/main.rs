//! The `mex` command: spec files, `-e` statements, a script on standard
//! input, or the REPL on a terminal.

use clap::Parser;
mod cli;
use std::process::ExitCode;

/// The interpreter runs on a thread with a large stack: everything deep is
/// iterative, this is only a margin for dropping large nested values.
const STACK: usize = cli::isolate::STACK as usize;

fn main() -> ExitCode {
    // `mex grade ...`, `mex sheet ...`, `mex survey ...` and `mex lsp` are commands of their own; any
    // other first argument is a file, as it always was.
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The processes `mex grade` and `mex --sandbox` run untrusted files in
    // (see cli/isolate.rs) run on the main thread, whose stack grows only
    // as it is used: its parent sets how far (RLIMIT_STACK), and all of it
    // counts against the memory cap.
    match argv.get(1).and_then(|a| a.to_str()) {
        Some(cli::isolate::GRADE_CHILD) if argv.len() == 2 => {
            return ExitCode::from(cli::grade::child());
        }
        Some(cli::isolate::SANDBOX_CHILD) if argv.len() == 2 => {
            return ExitCode::from(cli::sandbox_child());
        }
        Some(cli::lsp::LSP_CHILD) if argv.len() == 2 => {
            return ExitCode::from(cli::lsp::child());
        }
        _ => {}
    }
    let job: Box<dyn FnOnce() -> u8 + Send> = match argv.get(1).and_then(|a| a.to_str()) {
        Some("grade") => {
            let args = cli::grade::GradeArgs::parse_from(argv.iter().skip(1));
            Box::new(move || cli::grade::grade(args))
        }
        Some("survey") => {
            let args = cli::survey::SurveyArgs::parse_from(argv.iter().skip(1));
            Box::new(move || cli::survey::survey(args))
        }
        Some("lsp") => Box::new(cli::lsp::run),
        Some("sheet") => {
            let args = cli::grade::SheetArgs::parse_from(argv.iter().skip(1));
            Box::new(move || cli::grade::sheet(args))
        }
        _ => {
            let args = cli::Args::parse();
            Box::new(move || cli::main(args))
        }
    };
    let worker = std::thread::Builder::new()
        .name("mex".into())
        .stack_size(STACK)
        .spawn(job);
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("mex: internal error (please report it with the input that caused it)");
            ExitCode::from(2)
        }
    }
}
