//! mex: a language, interpreter and REPL for impartial combinatorial games.
pub mod diag;
pub mod engine;
pub mod syntax;
