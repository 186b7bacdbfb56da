//! The progress bar of long work: hidden for the first second, then
//! positions done (of the total when it is known), the rate, and the time
//! left when the total is known; cleared when the computation ends.

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
    bar: Option<ProgressBar>,
    /// Whether the bar shows a total.
    sized: bool,
    /// A result line is partly written (a long sequence): no bar until it
    /// ends, or the bar would draw over it.
    held: bool,
}

impl Progress {
    pub fn new(enabled: bool) -> Self {
        Progress {
            enabled,
            start: Instant::now(),
            base: 0,
            bar: None,
            sized: false,
            held: false,
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

    pub fn tick(&mut self, done: u64, total: u64) {
        if !self.enabled || self.held {
            return;
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
        bar.set_message(message(pos, total, elapsed));
    }
}

fn open_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
}

fn sized_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} [{bar:30}] {msg}, {eta} left")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// `12,345 positions, 4,100/s, 3s` or `12,345 of 50,000 positions, ...`;
/// `working, 3s` while no position is finished (a deep search going down).
fn message(pos: u64, total: u64, elapsed: Duration) -> String {
    if pos == 0 && total == 0 {
        return format!("working, {}s", elapsed.as_secs());
    }
    let secs = elapsed.as_secs_f64().max(1e-3);
    let rate = (pos as f64 / secs) as u64;
    let count = if total > 0 {
        format!("{} of {} positions", HumanCount(pos), HumanCount(total))
    } else {
        format!("{} positions", HumanCount(pos))
    };
    format!("{count}, {}/s, {}s", HumanCount(rate), elapsed.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_counts_rate_and_time() {
        assert_eq!(
            message(12_345, 0, Duration::from_secs(3)),
            "12,345 positions, 4,115/s, 3s"
        );
        assert_eq!(
            message(10, 40, Duration::from_secs(2)),
            "10 of 40 positions, 5/s, 2s"
        );
        assert_eq!(message(0, 0, Duration::from_secs(4)), "working, 4s");
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
