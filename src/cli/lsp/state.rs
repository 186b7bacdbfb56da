//! What the server knows of each open document: its text as the editor
//! has it, what its text says ([`Outline`]), and what the last run of it
//! found ([`Run`]); and the requests for inlay hints that wait for a run.

use super::outline::Outline;
use super::record::{Diag, Record};
use super::text::Lines;
use lsp_server::RequestId;
use lsp_types::Uri;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What one run of a version of a document found so far.
#[derive(Default)]
pub struct Run {
    pub version: i32,
    /// The diagnostics: those found before the run, then all of them.
    pub diags: Vec<Diag>,
    pub answers: Vec<Record>,
    pub stopped: Vec<Record>,
    pub games: Vec<Record>,
    /// The run has ended (all is known).
    pub done: bool,
}

impl Run {
    /// Takes in a record of the run.
    pub fn add(&mut self, r: Record) {
        match r {
            Record::Early { diags } => self.diags = diags,
            Record::Done { diags } => {
                self.diags = diags;
                self.done = true;
            }
            r @ Record::Answer { .. } => self.answers.push(r),
            r @ Record::Stopped { .. } => self.stopped.push(r),
            r @ Record::Game { .. } => self.games.push(r),
        }
    }
}

pub struct Doc {
    pub uri: Uri,
    pub version: i32,
    pub lines: Arc<Lines>,
    pub outline: Arc<Outline>,
    pub run: Run,
    /// Inlay hint requests waiting for the run: their ids, ranges, and
    /// when they came.
    pub waiting: Vec<(RequestId, lsp_types::Range, Instant)>,
}

impl Doc {
    pub fn new(uri: Uri, version: i32, text: &str) -> Doc {
        let lines = Lines::new(text);
        let outline = Outline::of(&lines.text);
        Doc {
            uri,
            version,
            lines: Arc::new(lines),
            outline: Arc::new(outline),
            run: Run::default(),
            waiting: Vec::new(),
        }
    }

    /// Whether the run of the document as it is now has ended.
    pub fn ready(&self) -> bool {
        self.run.done && self.run.version == self.version
    }
}

/// The open documents, by URI.
pub type Docs = Arc<Mutex<HashMap<String, Doc>>>;
