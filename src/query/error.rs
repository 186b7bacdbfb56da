//! The errors of answering a question that are not evaluation's (a file
//! that cannot be written, a refusal of the sandbox, an argument out of
//! what a statement takes), as facts, and their words: each becomes a
//! [`Diagnostic`] here. A limit passed is [`crate::eval::error::LimitError`],
//! shared with evaluation.

use crate::diag::{Diagnostic, ErrorKind};
use crate::eval::EvalError;
use crate::ir::Loc;

/// Why a file cannot be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unwritable {
    /// The name is a folder: `example` is a file name inside one.
    Folder { example: String },
    /// A device or a pipe: `kind` names what may be replaced.
    NotRegular { kind: String },
    /// The folder it goes in does not exist.
    NoFolder { folder: String },
    /// Writing failed with the system's words; `denied` when permission was.
    Failed { why: String, denied: bool },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueryError {
    /// `file` (written at `loc`) cannot be written.
    CannotWrite {
        file: String,
        loc: Loc,
        why: Unwritable,
    },
    /// A plot to write to a file, in the sandbox.
    PlotInSandbox { loc: Loc },
    /// An empty range, from `lo` to `hi` as evaluated.
    EmptyRange {
        from: Loc,
        to: Loc,
        lo: u64,
        hi: u64,
        inclusive: bool,
    },
    /// A plot over an empty range.
    NothingToPlot { from: Loc, to: Loc },
    /// `sequence ... by 0`.
    RowsOfZero { loc: Loc },
}

impl QueryError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            QueryError::CannotWrite { .. } => ErrorKind::Io,
            QueryError::PlotInSandbox { .. } => ErrorKind::Sandbox,
            QueryError::EmptyRange { .. }
            | QueryError::NothingToPlot { .. }
            | QueryError::RowsOfZero { .. } => ErrorKind::Argument,
        }
    }

    /// The words of the error: the one place these are worded.
    pub fn diagnostic(self) -> Diagnostic {
        let kind = self.kind();
        match self {
            QueryError::CannotWrite { file, loc, why } => {
                let (message, hint) = match why {
                    Unwritable::Folder { example } => (
                        format!("cannot write {file}: it is a folder"),
                        format!("give a file name inside it: `{example}`"),
                    ),
                    Unwritable::NotRegular { kind } => (
                        format!("cannot write {file}: it is not a regular file"),
                        format!("give the name of a new file, or of {kind} to replace"),
                    ),
                    Unwritable::NoFolder { folder } => (
                        format!("cannot write {file}: the folder {folder} does not exist"),
                        "create the folder first, or write the file somewhere else".to_string(),
                    ),
                    Unwritable::Failed { why, denied } => (
                        format!("cannot write {file}: {why}"),
                        if denied {
                            "this place may not be written to; choose another"
                        } else {
                            "check the file name and the folder it goes in"
                        }
                        .to_string(),
                    ),
                };
                Diagnostic::error(kind, loc.range(), message)
                    .at(loc.src)
                    .label("this file")
                    .hint(hint)
            }
            QueryError::PlotInSandbox { loc } => {
                Diagnostic::error(kind, loc.range(), "no file is written in the sandbox")
                    .at(loc.src)
                    .label("a plot to write")
                    .hint("this file runs in the sandbox (`mex grade`, `mex --sandbox`), where files are read and written only by the grader")
            }
            QueryError::EmptyRange {
                from,
                to,
                lo,
                hi,
                inclusive,
            } => {
                let dots = if inclusive { "..=" } else { ".." };
                let hint = if hi < lo {
                    format!("a range counts up: write `{hi}{dots}{lo}`")
                } else {
                    format!("`{lo}..{hi}` stops before {hi}: write `{lo}..={hi}` to include it")
                };
                Diagnostic::error(
                    kind,
                    from.start as usize..to.end as usize,
                    format!("the range {lo}{dots}{hi} is empty"),
                )
                .at(from.src)
                .label("no n is in this range")
                .hint(hint)
            }
            QueryError::NothingToPlot { from, to } => Diagnostic::error(
                kind,
                from.range().start..to.range().end,
                "nothing to plot: the range is empty",
            )
            .at(from.src)
            .label("no value lies in this range")
            .hint("`a..b` runs from a up to b - 1; `a..=b` includes b"),
            QueryError::RowsOfZero { loc } => Diagnostic::error(kind, loc.range(), "rows of 0 values")
                .at(loc.src)
                .label("this is 0")
                .hint("`by 12` writes 12 values a row"),
        }
    }
}

impl From<QueryError> for Diagnostic {
    fn from(e: QueryError) -> Self {
        e.diagnostic()
    }
}

impl From<QueryError> for EvalError {
    fn from(e: QueryError) -> Self {
        EvalError::from(e.diagnostic())
    }
}
