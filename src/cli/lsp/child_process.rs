//! A document's run in a process of its own (`mex --lsp-child`, see
//! [`super::child`]), under the sandbox's caps: started with the text,
//! its records read as they come, killed when an edit makes it stale.

use super::record::{Record, Request};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;

/// The hidden first argument of the process.
pub const LSP_CHILD: &str = "--lsp-child";

/// How many processes have been started, and how many run now.
pub static STARTED: AtomicUsize = AtomicUsize::new(0);
pub static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// The most one record may take (a sequence answer is long).
const RECORD_BYTES: u64 = 8 << 20;

/// What a document's worker hears: a new version to run, the end of the
/// document; from a run, a record, or the end of its output, each with
/// the run's number.
pub enum Msg {
    Job { version: i32, text: String },
    Stop,
    Record(u64, Record),
    Ended(u64),
}

/// A process running a document.
pub struct Running {
    child: Child,
    pub started: std::time::Instant,
}

impl Running {
    /// Starts a run of `text`; what it says goes to `to`, with `number`.
    pub fn start(number: u64, text: &str, to: Sender<Msg>) -> Result<Running, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut cmd = Command::new(exe);
        cmd.arg(LSP_CHILD)
            .env_clear()
            .current_dir("/")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        crate::cli::isolate::capped(&mut cmd, super::MEMORY_MIB);
        let mut child = cmd.spawn().map_err(|e| e.to_string())?;
        STARTED.fetch_add(1, Ordering::SeqCst);
        RUNNING.fetch_add(1, Ordering::SeqCst);
        let request = Request {
            text: text.to_string(),
            line_ms: super::line_ms(),
        };
        if let (Some(mut stdin), Ok(bytes)) = (child.stdin.take(), serde_json::to_vec(&request)) {
            // the child reads all of it before it writes: no deadlock
            std::thread::spawn(move || {
                let _ = stdin.write_all(&bytes);
            });
        }
        if let Some(stdout) = child.stdout.take() {
            std::thread::spawn(move || read(number, stdout, to));
        }
        Ok(Running {
            child,
            started: std::time::Instant::now(),
        })
    }

    /// Ends the process (if it has not ended) and waits for it.
    pub fn end(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Reads the records of run `number` until its output ends.
fn read(number: u64, stdout: std::process::ChildStdout, to: Sender<Msg>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        match (&mut reader)
            .take(RECORD_BYTES)
            .read_until(b'\n', &mut line)
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if let Ok(r) = serde_json::from_slice::<Record>(&line)
            && to.send(Msg::Record(number, r)).is_err()
        {
            return;
        }
    }
    let _ = to.send(Msg::Ended(number));
}
