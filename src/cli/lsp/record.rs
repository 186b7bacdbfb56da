//! What the server and the process running a document say to each other:
//! the document handed over ([`Request`]) and what comes back
//! ([`Record`]s, one JSON object a line). Places are byte offsets into the
//! text as the session reads it (`mex::session::normalized`).

use mex::diag::Diagnostic;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
pub struct Request {
    pub text: String,
    /// Milliseconds each statement may run.
    pub line_ms: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "snake_case")]
pub enum Record {
    /// The diagnostics found before anything runs (parse and names).
    Early { diags: Vec<Diag> },
    /// The answer of the statement at `start..end`, as the command line
    /// writes it; `passed` for a `check`.
    Answer {
        start: usize,
        end: usize,
        lines: Vec<String>,
        passed: Option<bool>,
    },
    /// A statement starts to run (if the process ends before the run does,
    /// the last of these is where it ended).
    Running { start: usize, end: usize },
    /// A diagnostic was said while the statement ran: a limit (then a
    /// [`Record::Stopped`] says why) or an error (in [`Record::Done`]'s).
    Erred { start: usize, end: usize },
    /// A statement stopped at a limit or its time: why, in words.
    Stopped {
        start: usize,
        end: usize,
        why: String,
    },
    /// A game defined (its name at `start`), as written, with the rule
    /// family it runs as.
    Game {
        name: String,
        start: usize,
        text: String,
        runs_as: Option<String>,
    },
    /// The run ended: every diagnostic of it (limits passed are
    /// [`Record::Stopped`] instead).
    Done { diags: Vec<Diag> },
}

/// A diagnostic as the editor shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Diag {
    pub start: usize,
    pub end: usize,
    pub kind: String,
    pub message: String,
    pub label: String,
    pub hint: Option<String>,
    pub notes: Vec<String>,
    /// Other places it points to, each with its label.
    pub secondary: Vec<(usize, usize, String)>,
    /// The hint as an edit: the text that replaces `start..end` of it.
    pub fix: Option<(usize, usize, String)>,
}

impl Diag {
    pub fn of(d: &Diagnostic) -> Diag {
        let span = d.span.clone().unwrap_or(0..0);
        Diag {
            start: span.start,
            end: span.end,
            kind: d.kind.as_str().to_string(),
            message: d.message.clone(),
            label: d.label.clone(),
            hint: d.hint.clone(),
            notes: d.notes.clone(),
            secondary: d
                .secondary
                .iter()
                .map(|(r, l)| (r.start, r.end, l.clone()))
                .collect(),
            fix: d
                .fix
                .as_ref()
                .map(|f| (f.span.start, f.span.end, f.text.clone())),
        }
    }
}
