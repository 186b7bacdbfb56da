//! mex: a language, interpreter and REPL for impartial combinatorial games.
pub mod diag;
pub mod engine;
pub mod eval;
pub mod event;
pub mod grade;
#[cfg(test)]
mod held;
pub mod ir;
pub mod plot;
pub mod query;
pub mod render;
pub mod repl;
pub mod resolve;
pub mod session;
pub mod survey;
pub mod syntax;

/// The version of mex (the front ends and the playground show it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
