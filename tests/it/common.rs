//! Helpers shared by the integration tests: running sources in a session
//! and reading the values they print.
#![allow(dead_code)]

use mex::session::Session;

/// Runs a source in a session; an error, an interruption or a failed check
/// fails the test.
pub fn run_in(s: &mut Session, source: &str) -> Vec<String> {
    let (lines, report) = s.run_collect("<test>", source);
    let errors: Vec<String> = report.errors.iter().map(|d| s.render(d, false)).collect();
    assert!(
        errors.is_empty(),
        "errors running\n{source}\n{}",
        errors.join("\n")
    );
    assert!(!report.interrupted, "interrupted running\n{source}");
    assert_eq!(
        report.status(),
        0,
        "status of\n{source}\ngave\n{}",
        lines.join("\n")
    );
    lines
}

/// Runs a source in a fresh session.
pub fn run_ok(source: &str) -> Vec<String> {
    run_in(&mut Session::default(), source)
}

/// The values of a `sequence` line.
pub fn numbers(line: &str) -> Vec<u64> {
    line.split(' ')
        .map(|v| {
            v.parse()
                .unwrap_or_else(|_| panic!("`{v}` in `{line}` is not a value"))
        })
        .collect()
}

/// Values written as a `sequence` prints them.
pub fn spaced(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The least value not among `values`.
pub fn mex_of(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: std::collections::BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap_or(0)
}

/// Runs the `mex` binary with arguments and standard input (no colour).
pub fn mex_cmd(args: &[&str], stdin: &[u8]) -> std::process::Output {
    mex_with(
        std::process::Command::new(env!("CARGO_BIN_EXE_mex")),
        args,
        stdin,
    )
}

/// As [`mex_cmd`], under a 3 GiB address-space cap where `prlimit` is found.
pub fn mex_capped(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::process::Command;
    let capped = Command::new("prlimit").arg("--version").output().is_ok();
    let cmd = if capped {
        let mut c = Command::new("prlimit");
        c.arg("--as=3221225472").arg(env!("CARGO_BIN_EXE_mex"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_mex"))
    };
    mex_with(cmd, args, stdin)
}

fn mex_with(mut cmd: std::process::Command, args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = cmd
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mex starts");
    let mut input = child.stdin.take().expect("stdin");
    // mex may stop reading early (a refused input): that is no failure here
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("mex ends")
}

/// How much work a run reported to its watch: the calls, the largest
/// running count of loop iterations, and the largest position or heap
/// reached. Tests assert these, never a time: a refusal "before the work"
/// is one with next to no work counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub reports: u64,
    pub iterations: u64,
    pub done: u64,
}

struct Counting(std::rc::Rc<std::cell::Cell<Counts>>);

impl mex::engine::Watch for Counting {
    fn tick(&mut self, done: u64, _total: u64) -> Result<(), mex::engine::Interrupted> {
        let mut c = self.0.get();
        c.reports += 1;
        c.done = c.done.max(done);
        self.0.set(c);
        Ok(())
    }

    fn work(&mut self, positions: u64, steps: u64) -> Result<(), mex::engine::Interrupted> {
        let mut c = self.0.get();
        c.reports += 1;
        c.done = c.done.max(positions);
        c.iterations = c.iterations.max(steps);
        self.0.set(c);
        Ok(())
    }
}

/// Runs a source in a fresh session whose watch counts the work reported;
/// gives what it printed, its report, and the counts.
pub fn run_counted(source: &str) -> (Vec<String>, mex::session::Report, Counts, Session) {
    let counts = std::rc::Rc::new(std::cell::Cell::new(Counts::default()));
    let mut s = Session::new(Box::new(Counting(counts.clone())));
    let (lines, report) = s.run_collect("<test>", source);
    (lines, report, counts.get(), s)
}

/// The diagnostics of a report as text.
pub fn errors_of(s: &Session, report: &mex::session::Report) -> String {
    report
        .errors
        .iter()
        .map(|d| s.render(d, false))
        .collect::<Vec<_>>()
        .join("\n")
}
