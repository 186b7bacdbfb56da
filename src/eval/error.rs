//! Why an evaluation stopped: an error to report, or the user's Ctrl-C.

use crate::diag::Diagnostic;
use crate::engine::Interrupted;

#[derive(Debug, Clone, PartialEq)]
pub enum EvalError {
    Failed(Box<Diagnostic>),
    Interrupted,
}

impl From<Diagnostic> for EvalError {
    fn from(d: Diagnostic) -> Self {
        EvalError::Failed(Box::new(d))
    }
}

impl From<Interrupted> for EvalError {
    fn from(_: Interrupted) -> Self {
        EvalError::Interrupted
    }
}

impl EvalError {
    /// Adds a note (such as which position was being worked out).
    pub fn note(self, note: impl Into<String>) -> Self {
        match self {
            EvalError::Failed(d) => EvalError::Failed(Box::new(d.note(note))),
            other => other,
        }
    }
}
