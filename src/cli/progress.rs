//! The progress of long work: positions done (of the total when it is
//! known), or before any position is finished the options looked at, with
//! the rate, the time so far, and the time left when the total is known.
//!
//! On a terminal it is a bar, hidden for the first second and cleared when
//! the computation ends. Elsewhere (a log, a pipe) it is a plain line now
//! and then, `progress: ...`, for work that runs past a few seconds: the
//! first after five seconds, then one every twelfth of the time so far,
//! at least five seconds and at most a minute apart (`MEX_PROGRESS_EVERY`
//! sets a fixed number of seconds instead; empty, no lines at all).

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::time::{Duration, Instant};

/// How long work runs before a bar appears.
const QUIET: Duration = Duration::from_secs(1);

/// How long work runs before its first line in a log, and the least time
/// between two lines.
const LOG_QUIET: Duration = Duration::from_secs(5);
/// The most time between two lines in a log.
const LOG_SPARSEST: Duration = Duration::from_secs(60);
/// The least time between two lines that `MEX_PROGRESS_EVERY` may set.
const LOG_DENSEST: Duration = Duration::from_millis(100);

/// Plain lines of progress, for a standard error that is not a terminal.
pub struct Log {
    out: Box<dyn Write>,
    /// A fixed time before the first line and between lines; `None` for
    /// the default (see the module documentation).
    every: Option<Duration>,
    /// Lines are held back while a result line is partly written, as
    /// standard output goes to the same file.
    shares_output: bool,
    /// When the last line was written (in this input).
    last: Option<Instant>,
}

impl Log {
    /// Lines to `out`; `every` as `MEX_PROGRESS_EVERY` has it (`None`:
    /// not set). `None` when it asks for no lines.
    pub fn new(out: Box<dyn Write>, every: Option<&str>, shares_output: bool) -> Option<Log> {
        let every = match every.map(str::trim) {
            None => None,
            Some("") => return None,
            Some(text) => text
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map(|s| Duration::from_secs_f64(s.min(1e9)).max(LOG_DENSEST)),
        };
        Some(Log {
            out,
            every,
            shares_output,
            last: None,
        })
    }

    /// Whether a line is due after `elapsed` of work.
    fn due(&self, elapsed: Duration) -> bool {
        let (first, gap) = match self.every {
            Some(every) => (every, every),
            None => (LOG_QUIET, (elapsed / 12).clamp(LOG_QUIET, LOG_SPARSEST)),
        };
        match self.last {
            None => elapsed >= first,
            Some(at) => at.elapsed() >= gap,
        }
    }

    fn line(&mut self, text: &str) {
        self.last = Some(Instant::now());
        let _ = writeln!(self.out, "progress: {text}").and_then(|()| self.out.flush());
    }
}

pub struct Progress {
    /// The bar is drawn (standard error a terminal).
    enabled: bool,
    /// Plain lines instead of the bar (standard error not a terminal).
    log: Option<Log>,
    start: Instant,
    /// Positions done when the input started, so the bar counts this input's.
    base: u64,
    /// The running count of options looked at when this input's first
    /// report of them came.
    steps_base: Option<u64>,
    /// The first report with a total: its position and time, for the rate
    /// the time left is worked out from.
    first: Option<(u64, Instant)>,
    bar: Option<ProgressBar>,
    /// Whether the bar shows a total.
    sized: bool,
    /// A result line is partly written (a long sequence): no bar until it
    /// ends, or the bar would draw over it.
    held: bool,
    /// What a report with a total counts: positions, or a research run's
    /// values.
    unit: &'static str,
}

impl Progress {
    pub fn new(enabled: bool) -> Self {
        Progress {
            enabled,
            log: None,
            start: Instant::now(),
            base: 0,
            steps_base: None,
            first: None,
            bar: None,
            sized: false,
            held: false,
            unit: "positions",
        }
    }

    /// Progress as plain lines in a log (no bar).
    pub fn logging(log: Option<Log>) -> Self {
        Progress {
            log,
            ..Progress::new(false)
        }
    }

    /// Holds the bar back while a result line is partly written.
    pub fn hold(&mut self, held: bool) {
        self.held = held;
    }

    /// Whether the log may have a line now (not in the middle of a result
    /// line written to the same file).
    fn log_open(&self) -> bool {
        self.log
            .as_ref()
            .is_some_and(|l| !(self.held && l.shares_output))
    }

    /// Writes `text` as a line of the log when one is due.
    fn log_line(&mut self, elapsed: Duration, text: impl FnOnce() -> String) {
        if self.log_open()
            && let Some(log) = &mut self.log
            && log.due(elapsed)
        {
            log.line(&text());
        }
    }

    pub fn begin(&mut self, done: u64) {
        self.clear();
        self.start = Instant::now();
        self.base = done;
        self.steps_base = None;
        self.first = None;
        self.unit = "positions";
        if let Some(log) = &mut self.log {
            log.last = None;
        }
    }

    /// Reports from now on count `unit`; the rate and the time left start
    /// again from the next one.
    pub fn counting(&mut self, unit: &'static str) {
        self.unit = unit;
        self.first = None;
    }

    pub fn end(&mut self) {
        self.clear();
        self.held = false;
    }

    /// Takes the bar off the screen (before a line is printed); it comes
    /// back at the next tick if the work goes on.
    pub fn clear(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }

    /// Work on rules: positions finished and options looked at, both
    /// running counts of the session.
    pub fn work(&mut self, positions: u64, steps: u64) {
        let base = *self.steps_base.get_or_insert(steps);
        let shown = self.log_open() || (self.enabled && !self.held);
        if positions > self.base || !shown {
            return self.tick(positions, 0);
        }
        let steps = steps.saturating_sub(base);
        if steps == 0 {
            return self.tick(positions, 0);
        }
        let elapsed = self.start.elapsed();
        if self.log.is_some() {
            return self.log_line(elapsed, || counted(steps, "options looked at", elapsed));
        }
        if let Some(bar) = self.show(elapsed) {
            bar.set_message(counted(steps, "options looked at", elapsed));
        }
    }

    /// The bar, drawn once the work has gone on for a second, without a
    /// total (a spinner).
    fn show(&mut self, elapsed: Duration) -> Option<&ProgressBar> {
        if self.bar.is_none() && elapsed >= QUIET {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                .with_elapsed(elapsed);
            bar.set_style(open_style());
            bar.enable_steady_tick(Duration::from_millis(200));
            self.bar = Some(bar);
            self.sized = false;
        }
        if self.sized
            && let Some(bar) = &self.bar
        {
            bar.set_style(open_style());
            self.sized = false;
        }
        self.bar.as_ref()
    }

    pub fn tick(&mut self, done: u64, total: u64) {
        if self.log.is_some() {
            if !self.log_open() {
                return;
            }
        } else if !self.enabled || self.held {
            return;
        }
        if total > 0 && self.first.is_none() {
            self.first = Some((done, Instant::now()));
        }
        let elapsed = self.start.elapsed();
        // With a total, `done` counts the same work; without one, it is the
        // session's running count of positions, so this input's part is shown.
        let pos = if total > 0 {
            done
        } else {
            done.saturating_sub(self.base)
        };
        if self.log.is_some() {
            let (first, unit) = (self.first, self.unit);
            return self.log_line(elapsed, || text(pos, total, first, unit, elapsed));
        }
        if self.bar.is_none() {
            if elapsed < QUIET {
                return;
            }
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                .with_elapsed(elapsed);
            bar.set_style(open_style());
            bar.enable_steady_tick(Duration::from_millis(200));
            self.bar = Some(bar);
            self.sized = false;
        }
        let Some(bar) = &self.bar else { return };
        if (total > 0) != self.sized {
            self.sized = total > 0;
            bar.set_style(if self.sized {
                sized_style()
            } else {
                open_style()
            });
        }
        if total > 0 {
            bar.set_length(total.max(pos));
        }
        bar.set_position(pos);
        bar.set_message(text(pos, total, self.first, self.unit, elapsed));
    }
}

/// What the bar says, and a line of the log: the count, the rate, the time
/// so far and, with a total, the time left.
fn text(
    pos: u64,
    total: u64,
    first: Option<(u64, Instant)>,
    unit: &str,
    elapsed: Duration,
) -> String {
    let mut text = match first {
        Some((from, at)) if total > 0 => {
            let rate = per_second(pos, elapsed, Some((from, at.elapsed())));
            let count = format!("{} of {}", HumanCount(pos), HumanCount(total));
            format!(
                "{count} {unit}, {}/s, {}s",
                HumanCount(rate),
                elapsed.as_secs()
            )
        }
        _ => message(pos, total, unit, elapsed),
    };
    if total > 0
        && let Some((from, at)) = first
    {
        text.push_str(&left(
            pos.saturating_sub(from),
            total.saturating_sub(pos),
            at.elapsed(),
        ));
    }
    text
}

fn open_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
}

fn sized_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} [{bar:30}] {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// `12,345 positions, 4,100/s, 3s` or `12,345 of 50,000 positions, ...`
/// (`values` for a research run); `working, 3s` while nothing countable is
/// finished (a proof, say).
fn message(pos: u64, total: u64, unit: &str, elapsed: Duration) -> String {
    if pos == 0 && total == 0 {
        return format!("working, {}s", elapsed.as_secs());
    }
    if total > 0 {
        let count = format!("{} of {}", HumanCount(pos), HumanCount(total));
        return counted_as(&count, pos, unit, elapsed);
    }
    counted(pos, "positions", elapsed)
}

/// `1,234,567 options looked at, 411,522/s, 3s`
fn counted(n: u64, what: &str, elapsed: Duration) -> String {
    counted_as(&HumanCount(n).to_string(), n, what, elapsed)
}

/// Units a second at `pos` after `elapsed`: counted from the first report
/// with a total, `(from, took)` (at `from`, `took` ago) once half a second
/// has passed since it, so that work done before it (the values a resumed
/// research run read back) does not count; else from the start.
fn per_second(pos: u64, elapsed: Duration, first: Option<(u64, Duration)>) -> u64 {
    let (n, took) = match first {
        Some((from, took)) if took >= Duration::from_millis(500) => {
            (pos.saturating_sub(from), took)
        }
        _ => (pos, elapsed),
    };
    (n as f64 / took.as_secs_f64().max(1e-3)) as u64
}

fn counted_as(count: &str, n: u64, what: &str, elapsed: Duration) -> String {
    let rate = per_second(n, elapsed, None);
    format!(
        "{count} {what}, {}/s, {}s",
        HumanCount(rate),
        elapsed.as_secs()
    )
}

/// `, 12s left` at the rate of `done` in `took` (nothing until the rate
/// is known).
fn left(done: u64, to_do: u64, took: Duration) -> String {
    if done == 0 || took < Duration::from_millis(500) {
        return String::new();
    }
    let secs = to_do as f64 * took.as_secs_f64() / done as f64;
    format!(", {}s left", secs.ceil() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_counts_rate_and_time() {
        assert_eq!(
            message(12_345, 0, "positions", Duration::from_secs(3)),
            "12,345 positions, 4,115/s, 3s"
        );
        assert_eq!(
            message(10, 40, "positions", Duration::from_secs(2)),
            "10 of 40 positions, 5/s, 2s"
        );
        assert_eq!(
            message(10, 40, "values", Duration::from_secs(2)),
            "10 of 40 values, 5/s, 2s"
        );
        assert_eq!(
            message(0, 0, "positions", Duration::from_secs(4)),
            "working, 4s"
        );
        assert_eq!(
            counted(9_000_000, "options looked at", Duration::from_secs(3)),
            "9,000,000 options looked at, 3,000,000/s, 3s"
        );
        assert_eq!(left(100, 300, Duration::from_secs(2)), ", 6s left");
        // a resumed run's rate counts from its first report
        let since = Some((1_000, Duration::from_secs(2)));
        assert_eq!(per_second(1_400, Duration::from_secs(3), since), 200);
        let soon = Some((1_000, Duration::from_millis(100)));
        assert_eq!(per_second(1_400, Duration::from_secs(2), soon), 700);
        assert_eq!(left(100, 300, Duration::from_millis(100)), "");
    }

    #[test]
    fn options_are_counted_until_a_position_finishes() {
        let mut p = Progress::new(true);
        p.begin(5);
        p.start -= Duration::from_secs(2);
        p.work(5, 1_000);
        p.work(5, 9_000);
        let bar = p.bar.as_ref().expect("a bar after a second");
        assert!(
            bar.message().starts_with("8,000 options looked at"),
            "{}",
            bar.message()
        );
        p.work(7, 20_000);
        let bar = p.bar.as_ref().expect("a bar");
        assert!(
            bar.message().starts_with("2 positions"),
            "{}",
            bar.message()
        );
        p.end();
    }

    #[test]
    fn a_research_run_counts_values_from_its_own_start() {
        let mut p = Progress::new(true);
        p.begin(0);
        p.start -= Duration::from_secs(3);
        p.counting("values");
        p.tick(5_000, 10_000);
        let (from, _) = p.first.expect("a first report");
        assert_eq!(from, 5_000);
        let bar = p.bar.as_ref().expect("a bar after a second");
        assert!(
            bar.message().starts_with("5,000 of 10,000 values"),
            "{}",
            bar.message()
        );
        p.counting("values");
        assert!(p.first.is_none());
        p.end();
        p.begin(0);
        assert_eq!(p.unit, "positions");
    }

    #[test]
    fn disabled_never_draws() {
        let mut p = Progress::new(false);
        p.begin(0);
        p.start -= Duration::from_secs(5);
        p.tick(100, 0);
        assert!(p.bar.is_none());
    }

    #[test]
    fn hidden_for_the_first_second() {
        let mut p = Progress::new(true);
        p.begin(7);
        p.tick(100, 0);
        assert!(p.bar.is_none());
        p.start -= Duration::from_secs(2);
        p.tick(107, 0);
        let bar = p.bar.as_ref().expect("a bar after a second");
        assert_eq!(bar.position(), 100);
        p.end();
        assert!(p.bar.is_none());
    }

    /// The lines a log got, kept for a test.
    #[derive(Clone, Default)]
    struct Kept(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl Write for Kept {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Kept {
        fn lines(&self) -> Vec<String> {
            String::from_utf8(self.0.borrow().clone())
                .unwrap()
                .lines()
                .map(str::to_string)
                .collect()
        }
    }

    fn logged(kept: &Kept, every: Option<&str>) -> Progress {
        Progress::logging(Log::new(Box::new(kept.clone()), every, true))
    }

    /// Moves the last line of the log `ago` into the past.
    fn wrote_ago(p: &mut Progress, ago: Duration) {
        p.log.as_mut().expect("a log").last = Some(Instant::now() - ago);
    }

    #[test]
    fn a_log_gets_plain_lines_after_a_few_seconds_then_now_and_then() {
        let kept = Kept::default();
        let mut p = logged(&kept, None);
        p.begin(0);
        p.counting("values");
        p.tick(10, 1_000);
        assert!(kept.lines().is_empty(), "short work leaves no line");
        p.start -= Duration::from_secs(6);
        p.first = Some((10, Instant::now() - Duration::from_secs(6)));
        p.tick(500, 1_000);
        let lines = kept.lines();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("progress: 500 of 1,000 values, "),
            "{lines:?}"
        );
        assert!(lines[0].is_ascii() && !lines[0].contains('\x1b'));
        p.tick(600, 1_000);
        assert_eq!(kept.lines().len(), 1, "a line was just written");
        wrote_ago(&mut p, Duration::from_secs(6));
        p.tick(700, 1_000);
        assert_eq!(kept.lines().len(), 2);
        // not in the middle of a result line written to the same file
        wrote_ago(&mut p, Duration::from_secs(6));
        p.hold(true);
        p.tick(800, 1_000);
        assert_eq!(kept.lines().len(), 2);
        p.hold(false);
        p.tick(800, 1_000);
        assert_eq!(kept.lines().len(), 3);
        assert!(kept.lines()[2].contains("s left"), "{:?}", kept.lines());
        // a long run: a twelfth of the time so far between lines, at most
        // a minute
        p.start -= Duration::from_secs(1200);
        wrote_ago(&mut p, Duration::from_secs(59));
        p.tick(900, 1_000);
        assert_eq!(kept.lines().len(), 3);
        wrote_ago(&mut p, Duration::from_secs(61));
        p.tick(900, 1_000);
        assert_eq!(kept.lines().len(), 4);
        // the options looked at, before a position is finished
        p.begin(0);
        p.work(0, 100);
        p.start -= Duration::from_secs(6);
        p.work(0, 4_100);
        let lines = kept.lines();
        assert!(
            lines[4].starts_with("progress: 4,000 options looked at, "),
            "{lines:?}"
        );
        assert!(p.bar.is_none(), "no bar in a log");
    }

    #[test]
    fn lines_held_back_only_where_results_go_to_the_same_file() {
        let kept = Kept::default();
        let log = Log::new(Box::new(kept.clone()), None, false);
        let mut p = Progress::logging(log);
        p.begin(0);
        p.start -= Duration::from_secs(6);
        p.hold(true);
        p.tick(100, 0);
        assert_eq!(kept.lines(), ["progress: 100 positions, 16/s, 6s"]);
    }

    #[test]
    fn progress_every_sets_the_time_between_lines() {
        let kept = Kept::default();
        assert!(Log::new(Box::new(kept.clone()), Some(""), true).is_none());
        let every = |text| {
            Log::new(Box::new(kept.clone()), Some(text), true)
                .unwrap()
                .every
        };
        assert_eq!(every("2.5"), Some(Duration::from_millis(2500)));
        assert_eq!(every("0"), Some(LOG_DENSEST));
        assert_eq!(every("soon"), None);
        assert_eq!(every("-3"), None);
        let mut p = logged(&kept, Some("0.5"));
        p.begin(0);
        p.start -= Duration::from_secs(1);
        p.tick(100, 0);
        assert_eq!(kept.lines().len(), 1);
        wrote_ago(&mut p, Duration::from_millis(600));
        p.tick(200, 0);
        assert_eq!(kept.lines().len(), 2);
    }
}
