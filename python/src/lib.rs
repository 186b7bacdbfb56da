//! mex from Python: the extension module `mex._mex`, which the Python code
//! in `mex/` wraps (`mex.Session`, `mex.survey`, the `%%mex` magic).
//!
//! Each session lives on a thread of its own (with the large stack the
//! command line gives its interpreter); a call hands it a job and waits
//! for the answer with the GIL released, so other Python threads run
//! meanwhile. While it waits it looks for signals every few milliseconds:
//! on Ctrl-C (KeyboardInterrupt, a notebook's Stop) it raises the flag the
//! session's watch reads, which stops the computation as Ctrl-C stops it
//! on the command line, then raises KeyboardInterrupt once the session has
//! stopped; the session stays usable.

use mex::engine::{Interrupted, StopFlag};
use mex::session::{Event, Format, Session};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The stack of a session's thread, as the command line's interpreter has.
const STACK: usize = 512 << 20;

/// How often a waiting call looks for signals.
const POLL: Duration = Duration::from_millis(20);

/// What a session is asked to do: run on its thread, with the session.
type Job = Box<dyn FnOnce(&mut Session) + Send>;

/// One event of a run: (kind, first, second). Kinds: `answer` (a JSON
/// object, or a line of text), `check` (the same, and `pass` or `fail`),
/// `svg` (the picture, and what it shows), `error` (the diagnostic as
/// JSON, and rendered as text), `data` (an answer's JSON object, before
/// its text).
type Out = (String, String, String);


/// A session on its own thread.
#[pyclass(module = "mex._mex")]
struct Core {
    jobs: Mutex<Sender<Job>>,
    stop: Arc<AtomicBool>,
    /// The process that made it: a process forked from it has the
    /// session's memory but not its thread.
    pid: u32,
}

/// Waits for an answer with the GIL released, looking for signals; on a
/// signal's error (KeyboardInterrupt) the work is stopped through `stop`,
/// and the error is raised once it has stopped.
fn wait<T: Send>(py: Python<'_>, stop: &AtomicBool, rx: Receiver<T>) -> PyResult<T> {
    let mut signalled: Option<PyErr> = None;
    let mut rx = rx;
    loop {
        // the receiver goes to the detached closure and back (it is Send,
        // not Sync)
        let (got, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
        rx = back;
        match got {
            Ok(v) => return signalled.map_or(Ok(v), Err),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(signalled.unwrap_or_else(|| {
                    PyRuntimeError::new_err("mex: internal error (the computation panicked)")
                }));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if signalled.is_some() {
            stop.store(true, Ordering::SeqCst);
        } else if let Err(e) = py.check_signals() {
            stop.store(true, Ordering::SeqCst);
            signalled = Some(e);
        }
    }
}

/// The events of a run, with each diagnostic as JSON and as text; with
/// `data`, each answer's JSON object (kind `data`) before its text.
fn run_events(session: &mut Session, name: &str, source: &str, data: bool) -> (Vec<Out>, bool) {
    let outs: Rc<RefCell<Vec<Out>>> = Rc::default();
    if data {
        let told = Rc::clone(&outs);
        session.on_answer = Some(Box::new(move |a: &mex::query::Answer| {
            let json = mex::render::json::answer(a).to_string();
            told.borrow_mut().push(("data".into(), json, String::new()));
        }));
    }
    let mut errors_at: Vec<usize> = Vec::new();
    let mut values: Vec<u64> = Vec::new();
    let mut from = 0;
    let format = session.format();
    let report = session.run(name, source, &mut |e| {
        let mut outs = outs.borrow_mut();
        match e {
            Event::Line(l) => outs.push(("answer".into(), l, String::new())),
            Event::Check { passed, lines } => {
                let verdict = if passed { "pass" } else { "fail" };
                outs.push(("check".into(), lines.join("\n"), verdict.into()));
            }
            Event::Svg { svg, about, .. } => outs.push(("svg".into(), svg, about)),
            Event::Values {
                from: f,
                values: v,
                first,
                last,
                ..
            } => {
                if first {
                    values.clear();
                    from = f;
                }
                values.extend(v);
                if last {
                    outs.push((
                        "answer".into(),
                        sequence(format, from, &values),
                        String::new(),
                    ));
                }
            }
            Event::Error { .. } => {
                errors_at.push(outs.len());
                outs.push(("error".into(), String::new(), String::new()));
            }
        }
    });
    session.on_answer = None;
    let mut outs = outs.take();
    for (i, d) in errors_at.into_iter().zip(&report.errors) {
        let json = mex::render::json::diagnostic(&session.sources, d).to_string();
        outs[i] = ("error".into(), json, session.sources.render(d, false));
    }
    (outs, report.interrupted)
}

/// A whole sequence's answer, as the format writes it.
fn sequence(format: Format, from: u64, values: &[u64]) -> String {
    match format {
        Format::Json => {
            serde_json::json!({ "query": "sequence", "from": from, "values": values }).to_string()
        }
        Format::Text => values
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

impl Core {
    /// Runs `job` on the session's thread and waits for its answer.
    fn ask<T: Send + 'static>(
        &self,
        py: Python<'_>,
        job: impl FnOnce(&mut Session) -> T + Send + 'static,
    ) -> PyResult<T> {
        if std::process::id() != self.pid {
            return Err(PyRuntimeError::new_err(
                "mex: a session made before this process was forked cannot be used in it: \
                 make a new mex.Session() here",
            ));
        }
        let (tx, rx) = channel();
        let job: Job = Box::new(move |s| {
            let _ = tx.send(job(s));
        });
        let sent = self
            .jobs
            .lock()
            .map_err(|_| PyRuntimeError::new_err("mex: the session is broken"))?
            .send(job);
        if sent.is_err() {
            return Err(PyRuntimeError::new_err("mex: the session has ended"));
        }
        wait(py, &self.stop, rx)
    }
}

#[pymethods]
impl Core {
    #[new]
    fn new() -> PyResult<Self> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (tx, rx) = channel::<Job>();
        std::thread::Builder::new()
            .name("mex session".into())
            .stack_size(STACK)
            .spawn(move || {
                let mut session = Session::new(Box::new(StopFlag(Arc::clone(&flag))));
                while let Ok(job) = rx.recv() {
                    flag.store(false, Ordering::SeqCst);
                    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        job(&mut session)
                    }));
                    if ran.is_err() {
                        // what it held may be half-changed: a fresh one
                        session = Session::new(Box::new(StopFlag(Arc::clone(&flag))));
                    }
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("mex: no thread for a session: {e}")))?;
        Ok(Core {
            jobs: Mutex::new(tx),
            stop,
            pid: std::process::id(),
        })
    }

    /// Runs source text: its events, and whether it was interrupted.
    /// In text (`json` false) with `data`, each answer's JSON comes first.
    #[pyo3(signature = (source, name = "<python>".to_string(), json = true, data = false))]
    fn run(
        &self,
        py: Python<'_>,
        source: String,
        name: String,
        json: bool,
        data: bool,
    ) -> PyResult<(Vec<Out>, bool)> {
        self.ask(py, move |s| {
            s.set_format(if json { Format::Json } else { Format::Text });
            run_events(s, &name, &source, data)
        })
    }

    /// The values of `sequence NAME START..STOP`, written as native u64s
    /// straight into the memory at `address` (a numpy array of
    /// `stop - start` uint64 the caller holds for the whole call: this
    /// returns only once the session has stopped writing, even when
    /// interrupted); no Python object per value. Gives how many were
    /// written, and the run's diagnostics.
    fn values_into(
        &self,
        py: Python<'_>,
        name: String,
        start: u64,
        stop: u64,
        address: usize,
    ) -> PyResult<(u64, Vec<Out>, bool)> {
        if stop <= start || address == 0 || !address.is_multiple_of(std::mem::align_of::<u64>()) {
            return Err(PyValueError::new_err(
                "values_into: an empty range or a bad address",
            ));
        }
        let room = usize::try_from(stop - start)
            .map_err(|_| PyValueError::new_err("values_into: too many values"))?;
        self.ask(py, move |s| {
            s.set_format(Format::Json);
            let mut written = 0usize;
            let text = format!("sequence {name} {start}..{stop}");
            let report = s.run("<sequence>", &text, &mut |e| {
                if let Event::Values { values, .. } = e {
                    let n = values.len().min(room - written);
                    // SAFETY: the caller's array holds `room` u64s at
                    // `address` and outlives this call (see above); at most
                    // `room` are written, each within it.
                    unsafe {
                        let dst = (address as *mut u64).add(written);
                        std::ptr::copy_nonoverlapping(values.as_ptr(), dst, n);
                    }
                    written += n;
                }
            });
            let mut outs: Vec<Out> = Vec::new();
            for d in &report.errors {
                let json = mex::render::json::diagnostic(&s.sources, d).to_string();
                outs.push(("error".into(), json, s.sources.render(d, false)));
            }
            (written as u64, outs, report.interrupted)
        })
    }

    /// Stops the computation running now (from another thread), as Ctrl-C does.
    fn interrupt(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The limits in force, as `(name, value)`.
    fn limits(&self, py: Python<'_>) -> PyResult<Vec<(String, u64)>> {
        self.ask(py, |s| {
            let l = s.limits();
            mex::ir::Setting::ALL
                .iter()
                .map(|(name, setting, _)| (name.to_string(), l.get(*setting)))
                .collect()
        })
    }
}

/// One code's survey row, as a JSON object (the columns of `mex survey`),
/// computed with the GIL released; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (code, heap = None))]
fn survey_code(py: Python<'_>, code: String, heap: Option<u64>) -> PyResult<String> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (tx, rx) = channel();
    std::thread::Builder::new()
        .name("mex survey".into())
        .stack_size(STACK)
        .spawn(move || {
            let row = mex::survey::survey_code(&code, heap, Box::new(StopFlag(flag)));
            let _ = tx.send(row.map(|r| serde_json::to_string(&r).unwrap_or_default()));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("mex: no thread for a survey: {e}")))?;
    match wait(py, &stop, rx)? {
        Ok(json) => Ok(json),
        Err(Interrupted) => Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
            "interrupted",
        )),
    }
}

/// The codes a pattern stands for (`0.??`: each `?` any digit).
#[pyfunction]
fn expand(pattern: &str) -> PyResult<Vec<String>> {
    mex::survey::expand(pattern).map_err(PyValueError::new_err)
}

/// What codes that are the same game share (`octal 0.7` for `0.70`).
#[pyfunction]
fn same_game(code: &str) -> String {
    mex::survey::same_game(code)
}

/// The columns of a survey's rows, in order.
#[pyfunction]
fn survey_columns() -> Vec<&'static str> {
    mex::survey::COLUMNS.to_vec()
}

#[pymodule]
fn _mex(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Core>()?;
    m.add_function(wrap_pyfunction!(survey_code, m)?)?;
    m.add_function(wrap_pyfunction!(expand, m)?)?;
    m.add_function(wrap_pyfunction!(same_game, m)?)?;
    m.add_function(wrap_pyfunction!(survey_columns, m)?)?;
    m.add("VERSION", mex::VERSION)?;
    Ok(())
}
