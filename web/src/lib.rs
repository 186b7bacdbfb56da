//! The mex playground's core: the interpreter compiled to WebAssembly. It
//! takes a program's text and gives back the events the command line
//! renders (answers, checks, pictures, diagnostics), as JSON for the page.
//! It runs in a Web Worker, so a long computation never freezes the page;
//! the page stops it by ending the worker. Files, terminals and threads
//! stay out: a plot is drawn in the page instead of written to a file.

use mex::engine::{Interrupted, Watch};
use mex::eval::Limits;
use mex::render::{Event, Format};
use mex::session::Session;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

/// Limits that fit a browser tab: a smaller memory budget than a machine's.
pub fn tab_limits() -> Limits {
    let mut l = Limits::default();
    l.memory = l.memory.min(768 << 20);
    l.positions = l.positions.min(20_000_000);
    l
}

/// Reports progress to the page now and then (every so many reports of
/// the engine): a count, the total when it is known (0 when not), and what
/// is counted, from which the page works out a rate.
struct Progress {
    report: Option<js_sys::Function>,
    ticks: u64,
    /// What a report with a total counts: positions, or a research run's
    /// values.
    unit: &'static str,
}

impl Progress {
    fn report(&mut self, done: u64, total: u64, unit: &str) {
        self.ticks += 1;
        if self.ticks % 256 == 1
            && let Some(f) = &self.report
        {
            let _ = f.call3(
                &JsValue::NULL,
                &JsValue::from_f64(done as f64),
                &JsValue::from_f64(total as f64),
                &JsValue::from_str(unit),
            );
        }
    }
}

impl Watch for Progress {
    fn tick(&mut self, done: u64, total: u64) -> Result<(), Interrupted> {
        self.report(done, total, self.unit);
        Ok(())
    }

    /// Before any position is finished, the options looked at are counted
    /// (a long search shows work, not `0 positions`).
    fn work(&mut self, positions: u64, steps: u64) -> Result<(), Interrupted> {
        if positions == 0 && steps > 0 {
            self.report(steps, 0, "options looked at");
        } else {
            self.report(positions, 0, "positions");
        }
        Ok(())
    }

    fn counting(&mut self, unit: &'static str) {
        self.unit = unit;
    }
}

/// Runs a program in a fresh session and returns its events as JSON:
/// `{"events":[{"kind":"out","text":...}, {"kind":"check","passed":...,
/// "text":...}, {"kind":"svg","svg":...}, {"kind":"error","text":...}],
/// "status":N, "files":[{"name":..., "svg":...}]}` (the status the command
/// line would exit with; the files `plot ... to FILE` would have written).
pub fn run_json(source: &str, json_format: bool, report: Option<js_sys::Function>) -> Value {
    let mut session = Session::new(Box::new(Progress {
        report,
        ticks: 0,
        unit: "positions",
    }));
    session.store.set_limits(tab_limits());
    session.store.files = Some(Vec::new());
    session.format = if json_format {
        Format::Json
    } else {
        Format::Text
    };
    let mut events = Vec::new();
    let r = session.run("program.mex", source, &mut |e| events.push(event(e)));
    // the line a run with checks ends with, as on the command line
    if !r.interrupted {
        session.summary(r.summary(), &mut |e| events.push(event(e)));
    }
    let files: Vec<Value> = session
        .store
        .files
        .take()
        .unwrap_or_default()
        .into_iter()
        .map(|(name, svg)| json!({ "name": name, "svg": svg }))
        .collect();
    json!({ "events": events, "status": r.status(), "files": files })
}

fn event(e: Event) -> Value {
    match e {
        Event::Check { passed, lines } => json!({
            "kind": "check",
            "passed": passed,
            "text": lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
        }),
        Event::Svg { svg, .. } => json!({ "kind": "svg", "svg": svg }),
        Event::Error { text, to_stdout } => json!({
            "kind": if to_stdout { "out" } else { "error" },
            "text": text,
        }),
        other => {
            let mut buf = Vec::new();
            let _ = other.write_text(&mut buf);
            json!({ "kind": "out", "text": String::from_utf8_lossy(&buf) })
        }
    }
}

/// The page's entry: `run(source, "text" | "json", progress)` gives the
/// JSON text of [`run_json`].
#[wasm_bindgen]
pub fn run(source: &str, format: &str, progress: Option<js_sys::Function>) -> String {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = PANIC.lock() {
            *last = info.to_string();
        }
    }));
    run_json(source, format == "json", progress).to_string()
}

/// The message of the last panic, for the page to show when a run ends in
/// one (a panic aborts the WebAssembly instance; the worker is started
/// again).
static PANIC: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

#[wasm_bindgen]
pub fn last_panic() -> String {
    PANIC.lock().map(|s| s.clone()).unwrap_or_default()
}

/// The interpreter's version, for the page's footer.
#[wasm_bindgen]
pub fn version() -> String {
    mex::VERSION.to_string()
}
