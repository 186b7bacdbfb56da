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
    /// A position of `game` (written out) reached from itself, in a misère
    /// search.
    MisereLoop { game: String },
    /// `what` (a misère search) would hold a Nim heap of `heap` beside
    /// other games.
    NimTooLarge { what: String, heap: u64 },
    /// `name` is no rule family, and has no misère quotient.
    NoQuotient { name: String },
    /// `what` (a quotient) met a heap with too many options to search.
    QuotientOptions { what: String, heap: u64 },
    /// `what` (a quotient) did not settle at `heap`.
    QuotientUnsettled { what: String, heap: u64 },
    /// A research run where no file is written: in the sandbox, or where
    /// there is no command line (the browser).
    ResearchNeedsFiles { loc: Loc, sandbox: bool },
    /// A research run of `name`, which is no rule family.
    ResearchNotAFamily { loc: Loc, name: String },
    /// The rule of `name`, `bytes` long as text, past the `max` a values
    /// file's header holds.
    RuleTooLong {
        loc: Loc,
        name: String,
        bytes: usize,
        max: usize,
    },
    /// The plotting crate could not draw (`why`, its words).
    DrawingFailed { why: String },
    /// The machine would not give the memory to read `file` back.
    NoMemoryToRead { file: String },
    /// G(`n`) of `name` past 64 bits.
    ValueTooLarge { n: u64, name: String },
    /// A values file a research run would go on with, and cannot.
    ValuesFile {
        loc: Loc,
        file: String,
        problem: ValuesProblem,
    },
}

/// Why a research run cannot go on with the values file it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValuesProblem {
    /// It is not a values file.
    NotValues,
    /// Its header is damaged (`why`).
    DamagedHeader { why: String },
    /// It holds the values of the rule `held`, not of `name` (`rule`).
    OtherRule {
        held: String,
        name: String,
        rule: String,
    },
    /// It holds the values of `rule` from `held_first`, not from `first`;
    /// `end` is where a run that goes on would end.
    OtherStart {
        rule: String,
        name: String,
        held_first: u64,
        first: u64,
        end: u64,
    },
    /// It holds G(`n`) = `found`, but G(`n`) is `known` (or not `found`).
    DamagedValue {
        n: u64,
        found: u64,
        known: Option<u64>,
    },
    /// Reading it failed with the system's words.
    CannotRead { why: String },
}

impl QueryError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            QueryError::CannotWrite { .. } => ErrorKind::Io,
            QueryError::PlotInSandbox { .. } => ErrorKind::Sandbox,
            QueryError::EmptyRange { .. }
            | QueryError::NothingToPlot { .. }
            | QueryError::RowsOfZero { .. } => ErrorKind::Argument,
            QueryError::MisereLoop { .. } => ErrorKind::Loop,
            QueryError::NimTooLarge { .. }
            | QueryError::QuotientOptions { .. }
            | QueryError::QuotientUnsettled { .. }
            | QueryError::RuleTooLong { .. } => ErrorKind::TooLarge,
            QueryError::NoQuotient { .. } | QueryError::ResearchNotAFamily { .. } => {
                ErrorKind::Unsupported
            }
            QueryError::ResearchNeedsFiles { .. } => ErrorKind::Sandbox,
            QueryError::ValueTooLarge { .. } => ErrorKind::Arithmetic,
            QueryError::ValuesFile { .. } => ErrorKind::Io,
            QueryError::DrawingFailed { .. } => ErrorKind::Internal,
            QueryError::NoMemoryToRead { .. } => ErrorKind::Memory,
        }
    }

    /// The words of the error: the one place these are worded.
    pub fn diagnostic(self) -> Diagnostic {
        let kind = self.kind();
        match self {
            e @ (QueryError::CannotWrite { .. }
            | QueryError::PlotInSandbox { .. }
            | QueryError::NoMemoryToRead { .. }
            | QueryError::DrawingFailed { .. }) => e.file_words(kind),
            e @ (QueryError::EmptyRange { .. }
            | QueryError::NothingToPlot { .. }
            | QueryError::RowsOfZero { .. }) => e.range_words(kind),
            e @ (QueryError::MisereLoop { .. }
            | QueryError::NimTooLarge { .. }
            | QueryError::NoQuotient { .. }
            | QueryError::QuotientOptions { .. }
            | QueryError::QuotientUnsettled { .. }) => e.misere_words(kind),
            e @ (QueryError::ResearchNeedsFiles { .. }
            | QueryError::ResearchNotAFamily { .. }
            | QueryError::RuleTooLong { .. }
            | QueryError::ValueTooLarge { .. }
            | QueryError::ValuesFile { .. }) => e.research_words(kind),
        }
    }

    /// The words of a file that cannot be written or read, and of
    /// files in the sandbox.
    fn file_words(self, kind: ErrorKind) -> Diagnostic {
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
            QueryError::NoMemoryToRead { file } => Diagnostic::unplaced(
                kind,
                format!("the machine could not give the memory to read {file} back"),
            ),
            QueryError::DrawingFailed { why } => {
                Diagnostic::unplaced(kind, format!("the plot could not be drawn: {why}"))
            }
            _ => crate::diag::Diagnostic::unplaced(crate::diag::ErrorKind::Internal, "internal error: a message was not worded"),
        }
    }

    /// The words of a range or a row with nothing in it.
    fn range_words(self, kind: ErrorKind) -> Diagnostic {
        match self {
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
            QueryError::RowsOfZero { loc } => {
                Diagnostic::error(kind, loc.range(), "rows of 0 values")
                    .at(loc.src)
                    .label("this is 0")
                    .hint("`by 12` writes 12 values a row")
            }
            _ => crate::diag::Diagnostic::unplaced(
                crate::diag::ErrorKind::Internal,
                "internal error: a message was not worded",
            ),
        }
    }

    /// The words of misère searches and quotients.
    fn misere_words(self, kind: ErrorKind) -> Diagnostic {
        match self {
            QueryError::MisereLoop { game } => Diagnostic::unplaced(
                kind,
                format!("loopy game: a position of {game} can be reached from itself"),
            )
            .hint("misère outcomes are defined for games that always end"),
            QueryError::NimTooLarge { what, heap } => Diagnostic::unplaced(
                kind,
                format!("{what} would hold a Nim heap of {heap}, too large to search beside other games"),
            )
            .hint("sums of Nim heaps alone are answered at once; make the other components smaller"),
            QueryError::NoQuotient { name } => Diagnostic::unplaced(
                kind,
                format!("`{name}` is not defined by a rule family, so it has no misère quotient here"),
            )
            .hint("quotients are computed for octal and hexadecimal codes, subtraction sets and Grundy's game: `game k = octal 0.77`"),
            QueryError::QuotientOptions { what, heap } => Diagnostic::unplaced(
                kind,
                format!("{what}: heap {heap} has too many options for the quotient's search"),
            )
            .hint("ask for a smaller heap"),
            QueryError::QuotientUnsettled { what, heap } => Diagnostic::unplaced(
                kind,
                format!("{what}: the construction did not settle at heap {heap} (the quotient grows too fast there)"),
            )
            .hint("ask for a smaller heap; sums of larger heaps are answered by the search"),
            _ => crate::diag::Diagnostic::unplaced(crate::diag::ErrorKind::Internal, "internal error: a message was not worded"),
        }
    }

    /// The words of research runs.
    fn research_words(self, kind: ErrorKind) -> Diagnostic {
        match self {
            QueryError::ResearchNeedsFiles { loc, sandbox } => Diagnostic::error(
                kind,
                loc.range(),
                "a research run writes a file and needs the command line",
            )
            .at(loc.src)
            .label("a file to write")
            .hint(if sandbox {
                "this file runs in the sandbox (`mex grade`, `mex --sandbox`), where no file is written; `sequence NAME a..b` prints the values"
            } else {
                "run it with `mex FILE` on a computer; here `sequence NAME a..b` prints the values"
            }),
            QueryError::ResearchNotAFamily { loc, name } => Diagnostic::error(
                kind,
                loc.range(),
                format!("a research run needs a rule family, and `{name}` is not one"),
            )
            .at(loc.src)
            .label("not a rule family")
            .hint(format!(
                "research runs are for octal and hex codes, Grundy's game and subtraction games: `game {name} = octal 0.6`, say; `sequence {name} a..b` prints the values of any game"
            )),
            QueryError::RuleTooLong {
                loc,
                name,
                bytes,
                max,
            } => Diagnostic::error(
                kind,
                loc.range(),
                format!(
                    "the rule of `{name}` is {bytes} bytes long as text, past the {max} a values file's header holds"
                ),
            )
            .at(loc.src)
            .label("this rule")
            .hint("ask `sequence` for its values on standard output instead"),
            QueryError::ValueTooLarge { n, name } => Diagnostic::unplaced(
                kind,
                format!("G({n}) of `{name}` could not be worked out: it does not fit in 64 bits"),
            ),
            QueryError::ValuesFile { loc, file, problem } => {
                let (message, hint) = values_problem(&file, problem);
                Diagnostic::error(kind, loc.range(), message)
                    .at(loc.src)
                    .label("this file")
                    .hint(hint)
            }
            _ => crate::diag::Diagnostic::unplaced(crate::diag::ErrorKind::Internal, "internal error: a message was not worded"),
        }
    }
}

/// The message and the hint of a values file a run cannot go on with.
fn values_problem(file: &str, problem: ValuesProblem) -> (String, String) {
    const AGAIN: &str = "delete it to start again, or choose another name";
    match problem {
        ValuesProblem::NotValues => (
            format!("{file} is not a values file: it is left as it is"),
            "a research run writes only files of its own: choose another name, or delete this file"
                .to_string(),
        ),
        ValuesProblem::DamagedHeader { why } => (
            format!("{file} is a values file with a damaged header: {why}"),
            AGAIN.to_string(),
        ),
        ValuesProblem::OtherRule { held, name, rule } => (
            format!("{file} holds the values of {held}, not those of `{name}` ({rule})"),
            format!(
                "a values file goes on only with the rule it was started with: write `{name}` to another file, or delete this one to start again"
            ),
        ),
        ValuesProblem::OtherStart {
            rule,
            name,
            held_first,
            first,
            end,
        } => (
            format!(
                "{file} holds the values of {rule} from n = {held_first}, not from n = {first}"
            ),
            format!(
                "a values file goes on from the heap it starts at: `sequence {name} {held_first}..={end} to \"{file}\"`, or choose another file"
            ),
        ),
        ValuesProblem::DamagedValue { n, found, known } => {
            let known = known.map_or("another value".to_string(), |v| v.to_string());
            (
                format!("{file} is damaged: it holds G({n}) = {found}, but G({n}) is {known}"),
                AGAIN.to_string(),
            )
        }
        ValuesProblem::CannotRead { why } => (
            format!("cannot read {file}: {why}"),
            "check that the file may be read, or choose another name".to_string(),
        ),
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
