//! The evaluator: runs checked programs, with memo tables and limits.

pub mod domains;
pub mod error;
pub mod family;
pub mod interp;
pub mod memo;
pub mod store;
pub mod value;

pub use error::EvalError;
pub use store::{Defs, Limits, Store};
pub use value::{Game, Key, Part, Value};
