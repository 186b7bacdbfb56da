//! The integration tests, gathered into one test binary so that the crate is
//! linked once for all of them. Each module was a test file of its own.

mod answers;
mod architecture;
mod browser;
mod cli;
mod common;
mod compiled;
mod course_games;
mod diagnostics;
mod docs;
mod errors;
mod examples;
mod families;
mod fuzz_regressions;
mod grading;
mod graph_games;
mod heavy;
mod homework;
mod io;
mod laws;
mod limits;
mod loopy;
mod lsp;
mod marking;
mod mends;
mod misere;
mod naive;
mod nimbers;
mod output;
mod playground;
mod plot;
mod programs;
mod pty;
mod repl;
mod research;
mod suite;
