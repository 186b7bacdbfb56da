//! One thread for each open document: it runs the latest version of the
//! text (in a process of its own, see [`super::child_process`]), kills a
//! run an edit has made stale, and sends the editor what the run finds:
//! diagnostics as they are known, and the inlay hints requests waited for.

use super::child_process::{Msg, Running};
use super::state::Docs;
use lsp_server::{Message, Request, Response};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// How long the worker waits for more edits before it starts a run.
const SETTLE: Duration = Duration::from_millis(20);
/// How long an inlay hints request waits for a run to end before it is
/// answered with the answers known (the rest come with a refresh):
/// 1.5 s, or what `MEX_LSP_WAIT_MS` says.
pub fn wait() -> Duration {
    let ms = std::env::var("MEX_LSP_WAIT_MS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(1500);
    Duration::from_millis(ms)
}
/// Refresh requests sent (each has an id of its own).
static REFRESHES: AtomicU64 = AtomicU64::new(0);

/// How long a whole run may take before it is killed.
const RUN_TIME: Duration = Duration::from_secs(30);

pub struct Worker {
    pub key: String,
    pub docs: Docs,
    pub out: crossbeam_channel::Sender<Message>,
    /// The editor takes `workspace/inlayHint/refresh`.
    pub refresh: bool,
}

impl Worker {
    /// Starts the thread; the sender takes its jobs.
    pub fn spawn(self) -> Sender<Msg> {
        let (to, from) = std::sync::mpsc::channel();
        let me = to.clone();
        std::thread::spawn(move || {
            // a panic ends the job it was on, not the document's worker
            let work = || self.work(&from, &me);
            while std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).is_err() {}
        });
        to
    }

    fn work(&self, from: &Receiver<Msg>, me: &Sender<Msg>) {
        let mut running: Option<Running> = None;
        let mut number = 0;
        loop {
            let msg = from.recv_timeout(Duration::from_millis(50));
            match msg {
                Ok(Msg::Job { version, text }) => {
                    let Some((version, text)) = latest(from, version, text) else {
                        break;
                    };
                    if let Some(r) = running.take() {
                        r.end();
                    }
                    number += 1;
                    self.begin(version);
                    running = Running::start(number, &text, me.clone()).ok();
                    if running.is_none() {
                        self.finish();
                    }
                }
                Ok(Msg::Record(n, r)) if n == number => {
                    let done = matches!(r, super::record::Record::Done { .. });
                    self.heard(r);
                    if done {
                        if let Some(r) = running.take() {
                            r.end();
                        }
                        self.finish();
                    }
                }
                Ok(Msg::Ended(n)) if n == number => {
                    if let Some(r) = running.take() {
                        r.end();
                        self.finish();
                    }
                }
                Ok(Msg::Stop) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(_) | Err(RecvTimeoutError::Timeout) => {}
            }
            if running
                .as_ref()
                .is_some_and(|r| r.started.elapsed() > RUN_TIME)
                && let Some(r) = running.take()
            {
                r.end();
                self.finish();
            }
            self.answer_waiting(false);
        }
        if let Some(r) = running.take() {
            r.end();
        }
    }

    /// A run of `version` begins: what the last run found is dropped.
    fn begin(&self, version: i32) {
        if let Ok(mut docs) = super::state::lock(&self.docs)
            && let Some(doc) = docs.get_mut(&self.key)
        {
            doc.run = super::state::Run {
                version,
                ..Default::default()
            };
        }
    }

    /// A record of the run: kept; diagnostics published as they come.
    fn heard(&self, r: super::record::Record) {
        let early = matches!(r, super::record::Record::Early { .. });
        let Ok(mut docs) = super::state::lock(&self.docs) else {
            return;
        };
        let Some(doc) = docs.get_mut(&self.key) else {
            return;
        };
        doc.run.add(r);
        if early && doc.run.version == doc.version {
            let note = super::diagnostics::publish(doc);
            let _ = self.out.send(note.into());
        }
    }

    /// The run has ended: its diagnostics published, the requests waiting
    /// answered, and the editor asked to ask again for the hints.
    fn finish(&self) {
        if let Ok(mut docs) = super::state::lock(&self.docs)
            && let Some(doc) = docs.get_mut(&self.key)
        {
            doc.run.cut_short();
            if doc.run.version == doc.version {
                let note = super::diagnostics::publish(doc);
                let _ = self.out.send(note.into());
            }
        }
        self.answer_waiting(true);
        if self.refresh {
            let req = Request::new(
                format!("mex-refresh-{}", REFRESHES.fetch_add(1, Ordering::SeqCst)).into(),
                "workspace/inlayHint/refresh".into(),
                (),
            );
            let _ = self.out.send(req.into());
        }
    }

    /// Answers the inlay hints requests waiting: all of them once the run
    /// of the text as it is has ended, else those that waited too long.
    fn answer_waiting(&self, ended: bool) {
        let Ok(mut docs) = super::state::lock(&self.docs) else {
            return;
        };
        let Some(doc) = docs.get_mut(&self.key) else {
            return;
        };
        if doc.waiting.is_empty() {
            return;
        }
        let all = ended && doc.ready();
        let waiting = std::mem::take(&mut doc.waiting);
        let wait = wait();
        for (id, range, since) in waiting {
            if all || since.elapsed() >= wait {
                let hints = super::hints::inlay(doc, range);
                let _ = self.out.send(Response::new_ok(id, hints).into());
            } else {
                doc.waiting.push((id, range, since));
            }
        }
    }
}

/// The latest of the jobs that come within [`SETTLE`] of each other (a
/// burst of edits is run once, as it ends); `None` if the document closed.
fn latest(from: &Receiver<Msg>, mut version: i32, mut text: String) -> Option<(i32, String)> {
    let mut until = Instant::now() + SETTLE;
    loop {
        match from.recv_timeout(until.saturating_duration_since(Instant::now())) {
            Ok(Msg::Job {
                version: v,
                text: t,
            }) => {
                (version, text) = (v, t);
                until = Instant::now() + SETTLE;
            }
            Ok(Msg::Stop) | Err(RecvTimeoutError::Disconnected) => return None,
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => return Some((version, text)),
        }
    }
}
