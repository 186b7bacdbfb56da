//! A whole run with small limits: any text is parsed, checked and run by a
//! session, its diagnostics rendered; never a panic. Inputs that change the
//! limits (`set`) are skipped: the limits are what keeps each run short;
//! so are those that would write files (`plot`, and `sequence ... to
//! "FILE"`, a research run, which no limit but memory bounds: any text
//! with `sequence` and a string). Text with `:commands`
//! runs as a piped script of the REPL core (without `:load`, which reads
//! files, and `:reset`, which brings back the default limits).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mex::eval::Limits;
use mex::repl::script::has_commands;
use mex::repl::{Repl, Sink};
use mex::session::{Event, Session};

struct Discard;

impl Sink for Discard {
    fn event(&mut self, _: Event) {}
    fn error(&mut self, _: &str) {}
    fn say(&mut self, _: &str) {}
    fn note(&mut self, _: &str) {}
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let research = text.contains("sequence") && text.contains('"');
    if text.contains("set") || text.contains("plot") || research {
        return;
    }
    let mut session = Session::default();
    session.store.set_limits(Limits {
        positions: 2_000,
        options: 20_000,
        heap: 2_000,
        period: Some(500),
        work: 2_000_000,
        output: 2_000,
        memory: 64 << 20,
        ..Limits::default()
    });
    if has_commands(&text) {
        if text.contains(":l") || text.contains(":r") {
            return;
        }
        Repl::new(session).script("fuzz.mex", &text, &mut Discard);
        return;
    }
    let (_, report) = session.run_collect("fuzz.mex", &text);
    for d in &report.errors {
        let _ = session.render(d, false);
    }
});
