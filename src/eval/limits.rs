//! Limits that keep a computation from exhausting memory or running on
//! without end; each can be raised with `set NAME VALUE`. Work that would
//! pass a limit is refused before it starts, with a diagnostic that names
//! the `set` that raises it.

use crate::diag::units::show_bytes;
use crate::diag::{Diagnostic, ErrorKind};
use crate::eval::error::LimitError;
use crate::ir::Setting;

/// One mebibyte: `set memory` counts in MiB.
pub const MIB: u64 = 1 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Positions of defined games kept in the memo.
    pub positions: u64,
    /// Loop iterations spent on the options of one position.
    pub options: u64,
    /// The largest heap whose value a question computes in a rule
    /// family's table (past it a proven period answers, or nothing does).
    pub heap: u64,
    /// The largest heap `period` computes values of while it searches;
    /// `None`: the heap limit (see [`Limits::period_limit`]).
    pub period: Option<u64>,
    /// Values one answer may print (a sequence's length, a table's cells).
    pub output: u64,
    /// Bytes that everything a session holds may take together: memo
    /// tables, family tables, searches, move lists, output buffers.
    pub memory: u64,
    /// The work one question may do, in steps: a loop iteration of a rule
    /// written out is a step, and so are [`TABLE_STEPS`] steps of a rule
    /// family's table (the default is some seconds of work).
    pub work: u64,
    /// Threads that compute the values of a take-and-break rule together
    /// (the values are the same for any number).
    pub threads: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            positions: 20_000_000,
            options: 100_000_000,
            heap: 10_000_000,
            period: None,
            output: 100_000_000,
            memory: default_memory(),
            work: 500_000_000,
            threads: default_threads(),
        }
    }
}

impl Limits {
    /// The value of a setting as `set` writes it (memory in MiB).
    pub fn get(&self, s: Setting) -> u64 {
        match s {
            Setting::Positions => self.positions,
            Setting::Options => self.options,
            Setting::Heap => self.heap,
            Setting::Period => self.period_limit(),
            Setting::Output => self.output,
            Setting::Memory => self.memory / MIB,
            Setting::Work => self.work,
            Setting::Threads => self.threads,
        }
    }

    /// Changes a setting as `set` writes it (memory in MiB).
    pub fn set(&mut self, s: Setting, v: u64) {
        let v = v.max(1);
        match s {
            Setting::Positions => self.positions = v,
            Setting::Options => self.options = v,
            Setting::Heap => self.heap = v,
            Setting::Period => self.period = Some(v),
            Setting::Output => self.output = v,
            Setting::Memory => self.memory = v.saturating_mul(MIB),
            Setting::Work => self.work = v,
            // more threads than this would only wait on one another
            Setting::Threads => self.threads = v.min(MAX_THREADS),
        }
    }

    /// The largest heap `period` computes: `set period`, or by default the
    /// heap limit.
    pub fn period_limit(&self) -> u64 {
        self.period.unwrap_or(self.heap)
    }

    /// The steps of a table's work that `set work` allows.
    pub fn table_work(&self) -> u64 {
        self.work.saturating_mul(TABLE_STEPS)
    }

    /// The diagnostic for work that would need `bytes` of memory when
    /// `held` are taken already: it says what all of it comes to, names
    /// `set memory` and a value that would be enough. `what` says what
    /// would be built ("the table of kayles up to heap 10^9").
    pub fn memory_error(&self, what: &str, bytes: u64, held: u64) -> Diagnostic {
        let need = bytes.saturating_add(held);
        let message = if held == 0 {
            format!(
                "{what} would take about {} of memory, past the limit of {}",
                show_bytes(bytes),
                show_bytes(self.memory)
            )
        } else {
            format!(
                "{what} would take about {} of memory, and {} is held already: {} in all, past the limit of {}",
                show_bytes(bytes),
                show_bytes(held),
                show_bytes(need),
                show_bytes(self.memory)
            )
        };
        self.memory_limit(need.div_ceil(MIB).max(1), message)
            .label("this needs more memory than the limit allows")
            .diagnostic()
    }

    /// A memory limit passed, where `mib` would be enough: the hint says
    /// `set memory` raises it (and the machine must have that much).
    fn memory_limit(&self, mib: u64, message: String) -> LimitError {
        LimitError::new(Setting::Memory, Some(mib), self.memory / MIB, message)
            .then("(MiB) raises the limit, if the machine has that much memory")
    }

    /// The diagnostic for work whose memory grew past the limit as it went
    /// (its whole size was not known before it began): `taken` would have
    /// been held after its next step, by it and by values worked out earlier.
    pub fn growth_error(&self, what: &str, taken: u64) -> Diagnostic {
        let more = (self.memory / MIB).saturating_mul(2).max(64);
        let message = format!(
            "{what} grew past the memory limit of {} (its next step would have held {} in all)",
            show_bytes(self.memory),
            show_bytes(taken)
        );
        let mut l = self.memory_limit(more, message);
        l.after.push_str("; or ask for less");
        l.label("this needs more memory than the limit allows")
            .diagnostic()
    }

    /// The diagnostic for memory the machine would not give, though the
    /// limit allowed it: raising the limit cannot help.
    pub fn machine_error(&self, what: &str, bytes: u64) -> Diagnostic {
        Diagnostic::unplaced(
            ErrorKind::Memory,
            format!(
            "the machine could not give {} of memory for {what}",
            show_bytes(bytes)
        ))
        .label("this needs more memory than the machine has free")
        .hint(format!(
            "the memory limit ({}, `set memory`) is more than this machine can give: ask for less, or lower the limit so such work is refused before it starts",
            show_bytes(self.memory)
        ))
    }
}

/// Steps of a rule family's table that count as one step of `set work`.
/// A table's step (one option of one heap looked at, in a scan over dense
/// values) is much cheaper than a loop iteration of a rule written out,
/// which evaluates its expressions and looks its options up: measured on
/// one thread, 0.6 to 2^20 took 4.6 * 10^9 table steps in 2.9 s (0.6 ns
/// each), and `f(n) = { f(a) + f(b) for a in 0..n for b in 0..n if a + b <
/// n }` to f(800) about 1.7 * 10^8 iterations in 5.8 s (34 ns each). At ten
/// table steps to a step, the default `set work` gives a table some
/// seconds, as it gives a rule.
pub const TABLE_STEPS: u64 = 10;

/// The most threads `set threads` gives.
pub const MAX_THREADS: u64 = 64;

/// The default number of threads: the cores this process may use (one in
/// the browser).
pub fn default_threads() -> u64 {
    if cfg!(target_family = "wasm") {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get() as u64)
}

/// The default memory budget: half the machine's memory, and at most half
/// of the address space the process may have (`ulimit -v`, `prlimit --as`);
/// 2 GiB where neither can be read.
pub fn default_memory() -> u64 {
    let mut budget = physical_memory().map_or(2 << 30, |m| m / 2);
    if let Some(cap) = address_space_cap() {
        budget = budget.min(cap / 2);
    }
    budget.max(64 * MIB)
}

fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(unix)]
fn address_space_cap() -> Option<u64> {
    use nix::sys::resource::{Resource, getrlimit};
    let (soft, _) = getrlimit(Resource::RLIMIT_AS).ok()?;
    (soft != nix::sys::resource::RLIM_INFINITY).then_some(soft)
}

#[cfg(not(unix))]
fn address_space_cap() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip() {
        let mut l = Limits::default();
        for &(_, s, _) in Setting::ALL {
            l.set(s, 60);
            assert_eq!(l.get(s), 60);
        }
        l.set(Setting::Heap, 0);
        assert_eq!(l.get(Setting::Heap), 1);
        l.set(Setting::Threads, 100_000);
        assert_eq!(l.get(Setting::Threads), MAX_THREADS);
        assert!(Limits::default().threads >= 1);
    }

    #[test]
    fn bytes_read_well() {
        assert_eq!(show_bytes(512), "512 bytes");
        assert_eq!(show_bytes(3 << 29), "1.5 GiB");
        assert_eq!(show_bytes(400 << 30), "400 GiB");
    }

    #[test]
    fn the_default_budget_is_sane() {
        let m = default_memory();
        assert!(m >= 64 * MIB);
    }

    #[test]
    fn memory_errors_name_the_setting() {
        let l = Limits {
            memory: 100 * MIB,
            ..Limits::default()
        };
        let d = l.memory_error("the table", 300 * MIB, 10 * MIB);
        assert!(d.hint.as_deref().unwrap().contains("set memory 310"));
        assert!(d.message.contains("300 MiB"), "{}", d.message);
        assert!(d.message.contains("310 MiB in all"), "{}", d.message);
        let d = l.growth_error("a list", 99 * MIB);
        assert!(d.hint.as_deref().unwrap().contains("set memory 200"));
        let d = l.machine_error("a list", 99 * MIB);
        assert!(!d.hint.as_deref().unwrap().contains("set memory 1"));
    }
}
