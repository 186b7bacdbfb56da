//! The evaluator: runs checked programs, with memo tables and limits.

pub mod defs;
pub mod domains;
pub mod error;
pub mod family;
pub mod interp;
pub mod memo;
pub mod store;
pub mod value;

pub use error::EvalError;
pub use defs::{Defs, Limits, Ticker};
pub use store::Store;
pub use value::{Game, Key, Part, Value};
