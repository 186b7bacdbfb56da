//! The `mex` command: spec files, `-e` statements, a script on standard
//! input, or the REPL on a terminal.

use clap::Parser;
mod cli;
use std::process::ExitCode;

/// The interpreter runs on a thread with a large stack: everything deep is
/// iterative, this is only a margin for dropping large nested values.
const STACK: usize = 512 * 1024 * 1024;

fn main() -> ExitCode {
    // `mex grade ...` and `mex sheet ...` are commands of their own; any
    // other first argument is a file, as it always was.
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let job: Box<dyn FnOnce() -> u8 + Send> = match argv.get(1).and_then(|a| a.to_str()) {
        Some("grade") => {
            let args = cli::grade::GradeArgs::parse_from(argv.iter().skip(1));
            Box::new(move || cli::grade::grade(args))
        }
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
