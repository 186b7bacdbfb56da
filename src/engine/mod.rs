//! Engines: plain Rust with no knowledge of syntax.
//!
//! Every long computation reports to a [`Watch`] now and then, which may stop
//! it (Ctrl-C in the REPL) and may draw a progress bar. Engines never print.

/// The computation was stopped by its [`Watch`] (the user pressed Ctrl-C).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

/// Observer of long work: told how far it has come, may stop it.
pub trait Watch {
    /// `done` units of work out of `total` (0 when the total is unknown).
    /// Heap tables count in heaps, `total` being the heap asked for plus
    /// one; where later heaps cost more than earlier ones, `done` is the
    /// fraction of the estimated work done, scaled to heaps, so that the
    /// rate of `done` gives an honest time left.
    /// Returning `Err(Interrupted)` asks the engine to stop at once; the
    /// engine then leaves its memo tables consistent (complete entries only).
    fn tick(&mut self, done: u64, total: u64) -> Result<(), Interrupted>;

    /// Work on positions of rules: `positions` finished so far and `steps`
    /// (option loop iterations) so far, both running counts of the session,
    /// so that progress shows work even before a position finishes.
    fn work(&mut self, positions: u64, steps: u64) -> Result<(), Interrupted> {
        let _ = steps;
        self.tick(positions, 0)
    }

    /// What `done` counts from the next report on, for a progress bar:
    /// `"positions"` (the default) or `"values"` (a research run). The
    /// rate and the time left are worked out afresh from that report.
    fn counting(&mut self, unit: &'static str) {
        let _ = unit;
    }

    /// A statement of a run starts; `at` is where it is in its source (byte
    /// offsets). A watch that gives each statement a time of its own starts
    /// the time over here (the language server's).
    fn statement(&mut self, at: std::ops::Range<usize>) {
        let _ = at;
    }
}

/// A watch that stops the work once its flag is raised (by another thread:
/// a Ctrl-C handler, a notebook's Stop), and shows nothing.
pub struct StopFlag(pub std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Watch for StopFlag {
    fn tick(&mut self, _done: u64, _total: u64) -> Result<(), Interrupted> {
        match self.0.load(std::sync::atomic::Ordering::Relaxed) {
            true => Err(Interrupted),
            false => Ok(()),
        }
    }
}

/// A watch that never stops anything and shows nothing (tests, libraries).
pub struct Quiet;

impl Watch for Quiet {
    fn tick(&mut self, _done: u64, _total: u64) -> Result<(), Interrupted> {
        Ok(())
    }
}

/// A watch that stops the work after a number of ticks (for tests).
#[cfg(test)]
pub struct StopAfter(pub u64);

#[cfg(test)]
impl Watch for StopAfter {
    fn tick(&mut self, _done: u64, _total: u64) -> Result<(), Interrupted> {
        if self.0 == 0 {
            return Err(Interrupted);
        }
        self.0 -= 1;
        Ok(())
    }
}

pub mod code;
pub mod hackenbush;
pub mod heap;
pub mod leaves;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod periodicity;
pub mod rule;
