//! The `mex` command: spec files, `-e` statements, a script on standard
//! input, or the REPL on a terminal.

use clap::Parser;
mod cli;
use std::process::ExitCode;

/// The interpreter runs on a thread with a large stack: everything deep is
/// iterative, this is only a margin for dropping large nested values.
const STACK: usize = 512 * 1024 * 1024;

fn main() -> ExitCode {
    let args = cli::Args::parse();
    let worker = std::thread::Builder::new()
        .name("mex".into())
        .stack_size(STACK)
        .spawn(move || cli::main(args));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("mex: internal error (please report it with the input that caused it)");
            ExitCode::from(2)
        }
    }
}
