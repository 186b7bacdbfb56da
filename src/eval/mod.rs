//! The evaluator: runs checked programs, with memo tables and limits.

pub mod budget;
pub mod compiled;
pub mod defs;
pub mod driver;
pub mod error;
pub mod family;
pub mod limits;
pub mod memo;
pub mod shape;
pub mod store;
pub mod value;

pub use defs::{Defs, Ticker};
pub use error::EvalError;
pub use limits::Limits;
pub use store::Store;
pub use value::{Game, Key, Part, Value};
