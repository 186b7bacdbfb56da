//! What the server knows of each open document: its text as the editor
//! has it, what its text says ([`Outline`]), and what the last run of it
//! found ([`Run`]); and the requests for inlay hints that wait for a run.

use super::outline::Outline;
use super::record::{Diag, Record};
use super::text::Lines;
use lsp_server::RequestId;
use lsp_types::Uri;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Why a run ended before it was done: what the statement it was
/// running shows on hover, with its `…`.
pub const CUT_SHORT: &str = "stopped: the process running the document ended here, at its memory cap or at the time a whole document may take; `mex` on the command line runs it whole";

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
    /// The statement running (`start..end`).
    pub running: Option<(usize, usize)>,
    /// The statements a diagnostic was said in while they ran (why is
    /// known when the run ends).
    pub erred: Vec<(usize, usize)>,
}

impl Run {
    /// The run ended before it was done: the statement it was running
    /// stopped there.
    pub fn cut_short(&mut self) {
        if let (false, Some((start, end))) = (self.done, self.running.take()) {
            let why = CUT_SHORT.to_string();
            self.stopped.push(Record::Stopped { start, end, why });
        }
        self.done = true;
    }

    /// Takes in a record of the run.
    pub fn add(&mut self, r: Record) {
        match r {
            Record::Early { diags } => self.diags = diags,
            Record::Done { diags } => {
                self.diags = diags;
                self.done = true;
                self.running = None;
            }
            Record::Running { start, end } => self.running = Some((start, end)),
            Record::Erred { start, end } => self.erred.push((start, end)),
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

/// The documents, locked. A panic that poisoned the lock (answered as an
/// internal error) leaves them as they were: they are used on.
pub fn lock(docs: &Docs) -> Result<MutexGuard<'_, HashMap<String, Doc>>, ()> {
    Ok(docs.lock().unwrap_or_else(|e| e.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_cut_short_stops_the_statement_it_was_running() {
        let mut run = Run::default();
        run.add(Record::Running { start: 0, end: 5 });
        run.add(Record::Running { start: 6, end: 9 });
        run.cut_short();
        assert!(run.done);
        assert!(matches!(
            &run.stopped[..],
            [Record::Stopped {
                start: 6,
                end: 9,
                ..
            }]
        ));
        let mut whole = Run::default();
        whole.add(Record::Running { start: 0, end: 5 });
        whole.add(Record::Done { diags: Vec::new() });
        whole.cut_short();
        assert!(whole.stopped.is_empty(), "a run that ended stopped nothing");
    }
}
