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

/// An arithmetic error at an integer expression: a subtraction below zero,
/// a division by zero or an overflow, with the operands it had.
pub fn arith_error(op: crate::ir::BinOp, x: u64, y: u64, loc: crate::ir::Loc) -> EvalError {
    use crate::ir::BinOp;
    let d = Diagnostic::error(loc.range(), "");
    let d = match op {
        BinOp::Sub => Diagnostic {
            message: "subtraction below zero".into(),
            ..d
        }
        .label(format!("here this is {x} - {y}, which is negative"))
        .hint("integers are unsigned: guard the option, e.g. `if k <= n`"),
        BinOp::Div | BinOp::Rem | BinOp::NimDiv => Diagnostic {
            message: "division by zero".into(),
            ..d
        }
        .label(format!("here this divides {x} by 0")),
        _ => Diagnostic {
            message: "integer overflow".into(),
            ..d
        }
        .label(format!("{x} {} {y} does not fit in 64 bits", op.symbol()))
        .hint(format!(
            "integers are unsigned 64-bit: at most {}",
            u64::MAX
        )),
    };
    EvalError::from(d.at(loc.src))
}

/// A `let` name used by a game whose rule runs before the `let` does.
pub fn unbound(loc: crate::ir::Loc) -> EvalError {
    EvalError::from(
        Diagnostic::error(loc.range(), "a `let` name is used before its `let` has run")
            .at(loc.src)
            .hint("put the `let` before the first question that needs it"),
    )
}
