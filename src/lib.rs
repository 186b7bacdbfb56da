//! mex: a language, interpreter and REPL for impartial combinatorial games.
pub mod engine;
