//! Research runs: `sequence NAME a..b to "FILE"` computes G(a) .. G(b - 1)
//! of a one-parameter rule valued by a heap table (octal and hexadecimal
//! codes, Grundy's game, subtraction games) into a compact binary file,
//! checkpointing as it goes; run again after a kill, it resumes from the
//! last checkpoint and ends with the file an uninterrupted run writes. A
//! FILE named `*.csv` or `*.npy` gets the values as CSV or as a NumPy array
//! instead, written whole and not resumed (see [`export`]).
//!
//! The answer sums the values up: their largest, their checksums (see
//! [`digest`]), their rare values as the published tables count them (see
//! [`crate::engine::heap::Census`]) and their proven period.
//!
//! # The file
//!
//! Every integer is little-endian.
//!
//! | bytes | what |
//! |---|---|
//! | 0..8 | the magic `MEXVALS1` |
//! | 8..12 | u32: the header's length H, 4096 |
//! | 12..16 | u32: bytes per value W (1, 2, 4 or 8: the fewest that hold every value so far) |
//! | 16..24 | u64: the first heap a |
//! | 24..32 | u64: values complete (the checkpoint); bytes past H + count * W are ignored, and dropped on resume |
//! | 32..40 | u64: values asked for (the length of the range) |
//! | 40..44 | u32: the length L of the rule's text |
//! | 44..44+L | the rule as mex writes it, UTF-8 (`octal 0.6`); zero bytes up to H |
//! | H.. | G(a), G(a + 1), ..., W bytes each |
//!
//! Values are appended and synced, then the count is rewritten and synced,
//! so the count never says more than the disk holds. A value too wide for
//! W has the whole file rewritten wider, through a temporary file in the
//! same folder renamed over it. A checkpoint comes every
//! [`checkpoint_every`] values, and Ctrl-C writes one of every value
//! computed before the run stops.
//!
//! # The run
//!
//! A research run is not bounded by `set heap` or `set work` (it is meant
//! to run long, shows its progress and keeps its work when stopped), but
//! its table must fit `set memory`, which is checked before it starts.
//! Values already in the file are read back into the family's table
//! (unless the table has them), so the table's bookkeeping (its rare
//! values, its period) is what an uninterrupted run would have; once a
//! period is proven, the values past the table are written from it
//! without growing the table.

mod digest;
mod export;
mod file;
mod read;
pub use read::period_from;

use super::files::{cannot_write, writable};
use super::{FileFormat, PeriodFound, RareFound, Researched, range_bounds};
use crate::engine::heap::{Allowance, Census, ExtendError, HeapTable, NoCensus, WARM_UP};
use crate::engine::rule::HeapRule;
use crate::engine::{Interrupted, Watch};
use crate::eval::family::Families;
use crate::eval::{Defs, EvalError, Limits, Store};
use crate::ir::ResearchIr;
use crate::query::error::{QueryError, ValuesProblem};
use digest::Digest;
use export::Export;
use file::{Header, Unreadable, ValuesFile};
use std::path::Path;

/// How far the short period search before a research run looks: a
/// period it proves makes the rest of the run copies.
const SHORT_SEARCH: u64 = 1 << 16;

/// Values written between two checkpoints of a run of `count` values:
/// max(2^16, min(2^22, count / 64)). A kill loses at most one stretch: for
/// runs of 2^22 values or more, at most 1/64 of the run (under 2%), and
/// never more than 2^22 values; a checkpoint costs two syncs, so stretches
/// of at least 2^16 values keep short runs from waiting on the disk.
pub fn checkpoint_every(count: u64) -> u64 {
    (count / 64).clamp(1 << 16, 1 << 22)
}

/// Values handed on at once (to the file, to the table).
const PIECE: u64 = 1 << 16;

/// What the run works out from the values of the heaps asked for, as
/// they go by: their digest, and the census of the rare values (which
/// also counts the heaps below the first, at the end).
struct Seen {
    digest: Digest,
    census: Result<Census, NoCensus>,
}

impl Seen {
    fn see(&mut self, from: u64, values: &[u64]) {
        self.digest.see(from, values);
        if let Ok(c) = &mut self.census {
            c.see_all(from, values);
        }
    }
}

/// Where the values go.
enum Out {
    Values(ValuesFile),
    Export(Box<Export>),
}

impl Out {
    fn append(&mut self, from: u64, values: &[u64]) -> std::io::Result<()> {
        match self {
            Out::Values(f) => f.append(values),
            Out::Export(e) => e.append(from, values),
        }
    }

    fn checkpoint(&mut self) -> std::io::Result<()> {
        match self {
            Out::Values(f) => f.checkpoint(),
            Out::Export(_) => Ok(()),
        }
    }

    /// The file done: its bytes per value (none for CSV) and its size.
    fn finish(self) -> std::io::Result<(Option<u32>, u64)> {
        match self {
            Out::Values(f) => Ok((Some(f.header().width), f.bytes())),
            Out::Export(e) => {
                let width = e.width();
                Ok((width, e.finish()?))
            }
        }
    }
}

/// The kind of file a name asks for: `*.csv`, `*.npy` (in any case), or
/// else a values file.
pub fn format_of(file: &str) -> FileFormat {
    let ext = Path::new(file)
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("csv") => FileFormat::Csv,
        Some("npy") => FileFormat::Npy,
        _ => FileFormat::Values,
    }
}

/// The session's watch as a research run reports to it: every tick says
/// how far the whole run has come (the heap reached, of the run's end),
/// whatever part of the work is going on.
struct RunWatch<'w> {
    inner: &'w mut dyn Watch,
    end: u64,
}

impl Watch for RunWatch<'_> {
    fn tick(&mut self, done: u64, _total: u64) -> Result<(), Interrupted> {
        self.inner.tick(done.min(self.end), self.end)
    }

    fn work(&mut self, positions: u64, steps: u64) -> Result<(), Interrupted> {
        self.inner.work(positions, steps)
    }

    fn counting(&mut self, unit: &'static str) {
        self.inner.counting(unit);
    }
}

impl Drop for RunWatch<'_> {
    fn drop(&mut self) {
        self.inner.counting("positions");
    }
}

/// What a research run was asked for, checked: the family's rule, the
/// range, the kind of file, and the header of a values file to resume.
struct Asked {
    name: String,
    rule: HeapRule,
    rule_text: String,
    first: u64,
    count: u64,
    last: u64,
    format: FileFormat,
    existing: Option<Header>,
}

pub fn run(defs: &Defs, store: &mut Store, r: &ResearchIr) -> Result<Researched, EvalError> {
    let game = r.game;
    let asked = check(defs, store, r)?;
    let Asked {
        ref name,
        first,
        count,
        last,
        ..
    } = asked;
    let path = Path::new(&r.file);
    // a temporary file left by a run killed while it wrote one
    let _ = std::fs::remove_file(file::temporary(path));
    let _ = std::fs::remove_file(export::wider_temporary(path));

    let held = store
        .families
        .held_except(game)
        .saturating_add(store.families.others);
    let limits = store.limits;
    let mut watch = RunWatch {
        inner: &mut *store.ticker.watch,
        end: last.saturating_add(1),
    };
    watch.counting("values");
    warm_up(&mut store.families, r, name, last, &limits, &mut watch)?;
    let Some(family) = store.families.get_mut(game) else {
        return Err(not_a_family(r, name));
    };
    let table = &mut family.table;
    make_room(table, name, last, held, &limits)?;

    // The values the file has, read back: checked against the table where
    // it has them, handed to it where it does not.
    let resumed = asked
        .existing
        .as_ref()
        .map(|h| first.saturating_add(h.count));
    let mut seen = Seen {
        digest: Digest::default(),
        census: Census::for_rule(&asked.rule),
    };
    // the next heap whose value the file needs
    let next = match &asked.existing {
        Some(h) => resume(r, h, count, table, &mut seen, &mut watch, &limits)?,
        None => first,
    };
    watch.counting("values");

    let (width, bytes) = match open(r, &asked)? {
        Err(done) => done,
        Ok(mut out) => {
            write_all(
                r, &asked, table, &mut out, next, &mut seen, &mut watch, &limits,
            )?;
            out.finish().map_err(|e| failed(r, &e))?
        }
    };
    let rare = rare_found(table, first, &mut seen, &mut watch)?;
    let largest = (seen.digest.largest, seen.digest.at.unwrap_or(first));
    Ok(Researched {
        game: asked.name,
        rule: asked.rule_text,
        file: r.file.clone(),
        format: asked.format,
        from: first,
        to: last,
        resumed,
        width,
        bytes,
        rare,
        largest,
        period: table.proven().map(|p| PeriodFound {
            pre_period: p.preperiod,
            period: p.period,
            saltus: (p.saltus > 0).then_some(p.saltus),
            proven: true,
        }),
        checksum: seen.digest.checksum(),
    })
}

/// Checks what a run asks for before it starts: run from the command
/// line, of a family valued by a heap table, into a file that can be
/// written; a values file already there must be of the same rule and
/// start at the same heap.
fn check(defs: &Defs, store: &mut Store, r: &ResearchIr) -> Result<Asked, EvalError> {
    let game = r.game;
    let name = defs.games[game].name.clone();
    if store.sandbox.is_some() || store.files.is_some() {
        return Err(needs_command_line(r, store.sandbox.is_some()));
    }
    let Some(rule) = store.table_rule(defs, game).cloned() else {
        return Err(not_a_family(r, &name));
    };
    let (first, count) = range_bounds(defs, store, &r.range)?;
    let last = first + (count - 1);
    let path = Path::new(&r.file);
    let format = format_of(&r.file);
    let (kind, example) = match format {
        FileFormat::Values => ("a values file", "\"folder/values.values\""),
        FileFormat::Csv => ("a CSV file", "\"folder/values.csv\""),
        FileFormat::Npy => ("a NumPy file", "\"folder/values.npy\""),
    };
    writable(&r.file, r.file_loc, kind, example)?;
    let rule_text = rule.to_string();
    if format == FileFormat::Values && rule_text.len() > file::MAX_RULE {
        return Err(EvalError::from(QueryError::RuleTooLong {
            loc: r.game_loc,
            name: name.clone(),
            bytes: rule_text.len(),
            max: file::MAX_RULE,
        }));
    }
    // only a values file is resumed: a CSV or NumPy file is written anew
    let inspected = match format {
        FileFormat::Values => file::inspect(path),
        FileFormat::Csv | FileFormat::Npy => Ok(None),
    };
    let existing = match inspected {
        Ok(None) => None,
        Ok(Some(Ok(h))) => Some(h),
        Ok(Some(Err(why))) => return Err(unreadable(r, why)),
        Err(e) => return Err(cannot_read(r, &e)),
    };
    if let Some(h) = &existing {
        if h.rule != rule_text {
            return Err(other_rule(r, &name, h, &rule_text));
        }
        if h.first != first {
            return Err(other_start(r, &name, h, first, last));
        }
    }
    Ok(Asked {
        name,
        rule,
        rule_text,
        first,
        count,
        last,
        format,
        existing,
    })
}

/// The first values are cheap and teach the table its costs (for the
/// memory estimate); a period proven now, or by a short search (values
/// up to SHORT_SEARCH), makes every later value a copy, and the table
/// need not grow. Later proofs of the octal periodicity theorem are
/// found as the run goes.
fn warm_up(
    families: &mut Families,
    r: &ResearchIr,
    name: &str,
    last: u64,
    limits: &Limits,
    watch: &mut dyn Watch,
) -> Result<(), EvalError> {
    let game = r.game;
    let Some(family) = families.get_mut(game) else {
        return Err(not_a_family(r, name));
    };
    family.table.set_threads(limits.threads as usize);
    family
        .table
        .extend(WARM_UP.min(last), Allowance::ANY, false, watch)
        .map_err(|e| extend_failed(e, limits, last))?;
    if family.table.proven().is_none() {
        match families.period(game, Some(last.min(SHORT_SEARCH)), limits, watch) {
            Err(EvalError::Interrupted) => return Err(EvalError::Interrupted),
            // only a shortcut: the run goes on without it
            Ok(_) | Err(EvalError::Failed(_)) => {}
        }
    }
    Ok(())
}

/// Unless a period is proven, checks that the table up to heap `last`
/// fits `set memory` beside the `held` bytes, and makes room for it.
fn make_room(
    table: &mut HeapTable,
    name: &str,
    last: u64,
    held: u64,
    limits: &Limits,
) -> Result<(), EvalError> {
    if table.proven().is_some() {
        return Ok(());
    }
    let bytes = table.memory_estimate(last);
    if bytes.saturating_add(held) > limits.memory {
        return Err(EvalError::from(
            limits
                .memory_error(
                    &format!("the table of `{name}` up to heap {last}"),
                    bytes,
                    held,
                )
                .note("a research run keeps every value in memory while it computes"),
        ));
    }
    // room for every value at once: the table and its search
    // structures are not copied as they grow
    table
        .reserve(last)
        .map_err(|e| extend_failed(e, limits, last))
}

/// Reads back the values a file `h` already has (of the `count` asked
/// for), the heaps below the first computed where the table needs them;
/// gives the next heap whose value the file needs.
fn resume(
    r: &ResearchIr,
    h: &Header,
    count: u64,
    table: &mut HeapTable,
    seen: &mut Seen,
    watch: &mut dyn Watch,
    limits: &Limits,
) -> Result<u64, EvalError> {
    let first = h.first;
    let n = h.count.min(count);
    if n > 0 && table.proven().is_none() && table.len() < first {
        // the heaps below the first, which the table needs
        table
            .try_extend_to(first - 1, watch)
            .map_err(|e| extend_failed(e, limits, first - 1))?;
    }
    read_back(r, Path::new(&r.file), h, n, table, seen, watch)?;
    Ok(first + n)
}

/// The file to write to, opened or made; or, when every value asked for
/// is in the file already, its bytes per value and its size.
fn open(r: &ResearchIr, asked: &Asked) -> Result<Result<Out, (Option<u32>, u64)>, EvalError> {
    let path = Path::new(&r.file);
    let count = asked.count;
    Ok(match &asked.existing {
        // every value asked for is in the file: nothing to write
        Some(h) if h.count >= count => Err((Some(h.width), h.bytes())),
        Some(h) => {
            let out = ValuesFile::resume(path, h.clone(), count).map_err(|e| failed(r, &e))?;
            Ok(Out::Values(out))
        }
        None => Ok(match asked.format {
            FileFormat::Values => {
                let header = Header {
                    width: 1,
                    first: asked.first,
                    count: 0,
                    asked: count,
                    rule: asked.rule_text.clone(),
                };
                Out::Values(ValuesFile::create(path, header).map_err(|e| failed(r, &e))?)
            }
            FileFormat::Csv => Out::Export(Box::new(Export::csv(path).map_err(|e| failed(r, &e))?)),
            FileFormat::Npy => Out::Export(Box::new(
                Export::npy(path, count).map_err(|e| failed(r, &e))?,
            )),
        }),
    })
}

/// Computes and writes the values from heap `next` to the last asked
/// for, a checkpoint at a time.
#[allow(clippy::too_many_arguments)]
fn write_all(
    r: &ResearchIr,
    asked: &Asked,
    table: &mut HeapTable,
    out: &mut Out,
    mut next: u64,
    seen: &mut Seen,
    watch: &mut dyn Watch,
    limits: &Limits,
) -> Result<(), EvalError> {
    let last = asked.last;
    let every = checkpoint_every(asked.count);
    while next <= last {
        let stop = last.min(next.saturating_add(every - 1));
        let made = make_known(table, stop, watch);
        let (to, stopped) = write(r, table, out, next, stop, seen, watch)?;
        next = to;
        out.checkpoint().map_err(|e| failed(r, &e))?;
        if stopped {
            return Err(EvalError::Interrupted);
        }
        match made {
            Err(e) => return Err(extend_failed(e, limits, stop)),
            Ok(()) if next <= stop => {
                return Err(EvalError::from(QueryError::ValueTooLarge {
                    n: next,
                    name: asked.name.clone(),
                }));
            }
            Ok(()) => {}
        }
    }
    Ok(())
}

/// The rare values of the run, the heaps below the first counted in.
fn rare_found(
    table: &HeapTable,
    first: u64,
    seen: &mut Seen,
    watch: &mut dyn Watch,
) -> Result<RareFound, EvalError> {
    Ok(match &mut seen.census {
        Ok(census) => {
            count_below(table, first, census, watch)?;
            census.result().map_or(RareFound::TooWide, RareFound::Split)
        }
        Err(NoCensus::NoSplit) => RareFound::NoSplit,
        Err(NoCensus::ThreeHeaps) => RareFound::ThreeHeaps,
    })
}

/// Counts the heaps below `first` in the census (the published counts
/// start at heap 0), from the table or its proven period.
fn count_below(
    table: &HeapTable,
    first: u64,
    census: &mut Census,
    watch: &mut dyn Watch,
) -> Result<(), EvalError> {
    let mut piece = Vec::with_capacity(PIECE as usize);
    let mut n = 0;
    while n < first {
        let end = first.min(n + PIECE);
        piece.clear();
        if n < table.len() {
            piece.extend(table.values(n..end.min(table.len())));
        } else {
            piece.extend((n..end).map_while(|m| table.value(m)));
        }
        if piece.is_empty() {
            // not known (cannot happen once the heaps asked for are)
            break;
        }
        census.see_all(n, &piece);
        n += piece.len() as u64;
        if n % (1 << 24) == 0 {
            watch.tick(first, 0)?;
        }
    }
    Ok(())
}

/// Computes the values up to heap `stop` unless a proven period gives
/// them. Interrupted, or short of memory, the table keeps what it computed.
fn make_known(table: &mut HeapTable, stop: u64, watch: &mut dyn Watch) -> Result<(), ExtendError> {
    if table.proven().is_some() || table.len() > stop {
        return Ok(());
    }
    table.try_extend_to(stop, watch)
}

/// Appends the values of heaps `next..=stop` that the table knows (from
/// its values or its proven period) to the file; returns the heap after
/// the last one written, and whether Ctrl-C stopped the writing. Values
/// that come from the period are made a piece at a time, and Ctrl-C stops
/// them between pieces.
fn write(
    r: &ResearchIr,
    table: &HeapTable,
    out: &mut Out,
    mut next: u64,
    stop: u64,
    seen: &mut Seen,
    watch: &mut dyn Watch,
) -> Result<(u64, bool), EvalError> {
    let mut piece = Vec::with_capacity(PIECE as usize);
    while next <= stop {
        let end = stop.min(next + (PIECE - 1)); // included
        piece.clear();
        let copied = next >= table.len();
        if !copied {
            piece.extend(table.values(next..end.min(table.len() - 1) + 1));
        } else if table.proven().is_some() {
            piece.extend((next..=end).map_while(|n| table.value(n)));
        }
        if piece.is_empty() {
            break;
        }
        seen.see(next, &piece);
        out.append(next, &piece).map_err(|e| failed(r, &e))?;
        next += piece.len() as u64;
        if copied && watch.tick(next, 0).is_err() {
            return Ok((next, true));
        }
    }
    Ok((next, false))
}

/// Reads the first `n` values of the file back: each is checked against
/// the table (or its proven period) where the table has it, and handed to
/// the table where it does not yet.
fn read_back(
    r: &ResearchIr,
    path: &Path,
    h: &Header,
    n: u64,
    table: &mut HeapTable,
    seen: &mut Seen,
    watch: &mut dyn Watch,
) -> Result<(), EvalError> {
    let first = h.first;
    let mut at = first; // the heap of the next value read
    let mut each = |values: &[u64]| -> Result<(), EvalError> {
        seen.see(at, values);
        let mut i = 0;
        // the values the table has (or its period gives): compared
        while i < values.len() {
            let n = at + i as u64;
            let known = if n < table.len() {
                table.get(n)
            } else if table.proven().is_some() {
                table.value(n)
            } else {
                break;
            };
            if known != Some(values[i]) {
                return Err(damaged_values(r, n, values[i], known));
            }
            i += 1;
        }
        // the rest: the table takes them as its own
        if i < values.len() {
            table
                .load(values[i..].iter().copied(), watch)
                .map_err(|e| match e {
                    ExtendError::Interrupted => EvalError::Interrupted,
                    _ => EvalError::from(QueryError::NoMemoryToRead {
                        file: r.file.clone(),
                    }),
                })?;
        }
        at += values.len() as u64;
        watch.tick(at, 0)?;
        Ok(())
    };
    file::read_values(path, h, 0, n, &mut |v: &[u64]| {
        each(v).map_err(ReadError::from)
    })
    .map_err(|e| match e {
        ReadError::Io(e) => cannot_read(r, &e),
        ReadError::Eval(e) => e,
    })
}

/// What stopped reading a file back.
enum ReadError {
    Io(std::io::Error),
    Eval(EvalError),
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Io(e)
    }
}

impl From<EvalError> for ReadError {
    fn from(e: EvalError) -> Self {
        ReadError::Eval(e)
    }
}

fn needs_command_line(r: &ResearchIr, sandbox: bool) -> EvalError {
    EvalError::from(QueryError::ResearchNeedsFiles {
        loc: r.file_loc,
        sandbox,
    })
}

fn not_a_family(r: &ResearchIr, name: &str) -> EvalError {
    EvalError::from(QueryError::ResearchNotAFamily {
        loc: r.game_loc,
        name: name.to_string(),
    })
}

/// The values file of a run that cannot go on with it.
fn values_file(r: &ResearchIr, problem: ValuesProblem) -> EvalError {
    EvalError::from(QueryError::ValuesFile {
        loc: r.file_loc,
        file: r.file.clone(),
        problem,
    })
}

fn unreadable(r: &ResearchIr, why: Unreadable) -> EvalError {
    values_file(
        r,
        match why {
            Unreadable::NotValues => ValuesProblem::NotValues,
            Unreadable::Damaged(why) => ValuesProblem::DamagedHeader {
                why: why.to_string(),
            },
        },
    )
}

fn other_rule(r: &ResearchIr, name: &str, h: &Header, rule: &str) -> EvalError {
    values_file(
        r,
        ValuesProblem::OtherRule {
            held: h.rule.clone(),
            name: name.to_string(),
            rule: rule.to_string(),
        },
    )
}

fn other_start(r: &ResearchIr, name: &str, h: &Header, first: u64, last: u64) -> EvalError {
    values_file(
        r,
        ValuesProblem::OtherStart {
            rule: h.rule.clone(),
            name: name.to_string(),
            held_first: h.first,
            first,
            end: last.max(h.first.saturating_add(h.asked).saturating_sub(1)),
        },
    )
}

fn damaged_values(r: &ResearchIr, n: u64, found: u64, known: Option<u64>) -> EvalError {
    values_file(r, ValuesProblem::DamagedValue { n, found, known })
}

fn cannot_read(r: &ResearchIr, e: &std::io::Error) -> EvalError {
    values_file(r, ValuesProblem::CannotRead { why: e.to_string() })
}

fn failed(r: &ResearchIr, e: &std::io::Error) -> EvalError {
    cannot_write(&r.file, r.file_loc, e)
}

/// A table that could not grow: stopped, or short of memory the machine
/// would not give.
fn extend_failed(e: ExtendError, limits: &crate::eval::Limits, n: u64) -> EvalError {
    match e {
        ExtendError::Interrupted => EvalError::Interrupted,
        ExtendError::OutOfMemory { bytes } | ExtendError::TooMuchWork { work: bytes } => {
            EvalError::from(limits.machine_error(&format!("the table up to heap {n}"), bytes))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_come_every_64th_of_a_run_within_bounds() {
        assert_eq!(checkpoint_every(1), 1 << 16);
        assert_eq!(checkpoint_every(1 << 21), 1 << 16);
        assert_eq!(checkpoint_every(1 << 22), 1 << 16);
        assert_eq!(checkpoint_every(1 << 24), 1 << 18);
        assert_eq!(checkpoint_every(1 << 28), 1 << 22);
        assert_eq!(checkpoint_every(1 << 30), 1 << 22);
        assert_eq!(checkpoint_every(u64::MAX), 1 << 22);
        // a kill redoes less than 2% of any run of 2^22 values or more
        for count in [1u64 << 22, 5_000_000, 1 << 26, 3 << 27, 1 << 30, 1 << 40] {
            let lost = checkpoint_every(count) as f64 / count as f64;
            assert!(lost < 0.02, "{count}: {lost}");
        }
    }

    #[test]
    fn the_kind_of_file_comes_from_its_name() {
        assert_eq!(format_of("o.csv"), FileFormat::Csv);
        assert_eq!(format_of("runs/O.CSV"), FileFormat::Csv);
        assert_eq!(format_of("o.npy"), FileFormat::Npy);
        assert_eq!(format_of("o.values"), FileFormat::Values);
        assert_eq!(format_of("o"), FileFormat::Values);
        assert_eq!(format_of("csv"), FileFormat::Values);
    }
}
