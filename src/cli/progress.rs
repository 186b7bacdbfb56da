//! The progress bar of long work: hidden for the first second, then
//! positions done (of the total when it is known), or before any position
//! is finished the options looked at, with the rate, the time so far, and
//! the time left when the total is known; cleared when the computation ends.

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::{Duration, Instant};

/// How long work runs before a bar appears.
const QUIET: Duration = Duration::from_secs(1);

pub struct Progress {
    /// False where no one watches (standard error not a terminal).
    enabled: bool,
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

    /// Holds the bar back while a result line is partly written.
    pub fn hold(&mut self, held: bool) {
        self.held = held;
    }

    pub fn begin(&mut self, done: u64) {
        self.clear();
        self.start = Instant::now();
        self.base = done;
        self.steps_base = None;
        self.first = None;
        self.unit = "positions";
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
        if positions > self.base || !self.enabled || self.held {
            return self.tick(positions, 0);
        }
        let steps = steps.saturating_sub(base);
        if steps == 0 {
            return self.tick(positions, 0);
        }
        let elapsed = self.start.elapsed();
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
        if !self.enabled || self.held {
            return;
        }
        if total > 0 && self.first.is_none() {
            self.first = Some((done, Instant::now()));
        }
        let elapsed = self.start.elapsed();
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
        // With a total, `done` counts the same work; without one, it is the
        // session's running count of positions, so this input's part is shown.
        let pos = if total > 0 {
            done
        } else {
            done.saturating_sub(self.base)
        };
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
        let mut text = match self.first {
            Some((from, at)) if total > 0 => {
                let rate = per_second(pos, elapsed, Some((from, at.elapsed())));
                let count = format!("{} of {}", HumanCount(pos), HumanCount(total));
                format!(
                    "{count} {}, {}/s, {}s",
                    self.unit,
                    HumanCount(rate),
                    elapsed.as_secs()
                )
            }
            _ => message(pos, total, self.unit, elapsed),
        };
        if total > 0
            && let Some((from, at)) = self.first
        {
            text.push_str(&left(
                pos.saturating_sub(from),
                total.saturating_sub(pos),
                at.elapsed(),
            ));
        }
        bar.set_message(text);
    }
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
}
