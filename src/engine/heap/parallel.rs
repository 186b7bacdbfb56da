//! Two-heap splitting rules on several threads. The `P` threads take the
//! heaps of a segment one at a time, in order, from a shared counter; each
//! thread works out what it can of its heap from the values known when it
//! starts (those below the *frontier*, the first heap not resolved), and
//! the heaps are then resolved in order, in a few steps each: by the thread
//! that worked on the heap when the heaps below are resolved by then, else
//! by the one that resolves those. All that passes between threads for a
//! heap is the few values found free: the options that read the heaps
//! between the frontier and the heap are read off the table at resolution.
//! The values are the ones the single-threaded solver finds (tests compare
//! them).
//!
//! # Why a heap can be worked on before the heaps just below it
//! Heap `K`'s options are the heaps `K - k` (a move that leaves one heap)
//! and the pairs `(a, m - a)`, `m = K - k` (two heaps). Heap `K` is worked
//! on with a *lag* `L = K + 1 - f`, where `f` is the frontier its thread
//! read before it started: every value at or below `K - L` is known. The
//! options that read a value above are few: a move leaving `K - k` with
//! `k < L`, and the pairs whose smaller part `a` is at most `L - 1 - k`.
//! These are the *deferred* options; each is `G(x) ^ c` with `x` above
//! `K - L` and `c` known (`c = 0` for a move leaving one heap, `c = G(a)`
//! for a pair). The lag is that of the heaps actually in hand, not a bound
//! fixed for all: a thread whose heap is next to resolve defers nothing.
//! (It was fixed at `3P` before; on two threads to 2^21 the heaps computed
//! again fell from 0.29% to 0.05% for 0.6 and from 0.31% to 0.08% for
//! Grundy's game, and at 16 threads on 2 cores from 1.6% and 1.8% to 0.18%
//! and 0.29%, the deferred options checked from 47 a heap to 4.8 and 5.4.)
//!
//! From the known options alone the thread finds a bound `B` and the set
//! `F` of the values below `B` that no known option reaches, with `B - 1`
//! in `F`. At resolution, once every value below `K` is known, `D` is the
//! set of the deferred options' values.
//!
//! *Invariant.* If `F` has a value not in `D`, `G(K) = min(F \ D)`.
//! *Proof.* A value below `B` is reached by a known option or lies in `F`;
//! a value of `F` is reached by some option exactly when it is in `D`. So
//! the values below `min(F \ D)` are all reached, and `min(F \ D)` is not:
//! it is the mex of the options. If `D` covers `F`, every value below `B`
//! is reached and nothing found says which is the least one not reached:
//! the heap is then computed again from every value below it (for octal
//! 0.6 on two threads, about 3 heaps in 1,000).
//!
//! # The rare/common split
//! As in [`super::split`], a value is common (in a set `C` with no `c1 ^ c2
//! = c3` inside it) or rare, and a pair of common values is never common;
//! so the common values reached are all reached by pairs with a rare part,
//! or by moves leaving one heap. The rare heaps are those below the segment
//! (listed when it starts) and those inside it (listed as they are
//! resolved, in order, so a thread reads the ones at or below `K - L`).
//! `B - 1` is the least common value no known option reaches, or the
//! segment's width `W` if that comes first (no option reaches `W` or more:
//! the values are below `W`, which is a power of two, and a segment stops
//! before a value that is not); `F` adds the rare values below it that no
//! known option reaches, looked for among all known pairs as the
//! single-threaded scan does, until all are found or the pairs end.
//!
//! # Threads, memory and waiting
//! Values are written straight into the table's storage and its mirror,
//! which the caller has made room for; `frontier` counts the values
//! written, and a value is read only once `frontier` says it is there.
//! Only the thread holding the resolving role writes, one heap after the
//! other; findings a thread cannot resolve itself wait in a slot for the
//! thread that will. The counters the threads all write sit on cache lines
//! of their own.
//!
//! *Slots.* Heap `K`'s findings wait in slot `K mod R` ([`reach`]). A
//! thread takes heap `K` only once `frontier > K - R`, so the heaps taken
//! and not yet written lie in `frontier .. frontier + R`, and no two of them
//! share a slot. A thread that cannot resolve its heap leaves the findings
//! and looks once more for the heap at `frontier`; the thread that resolves
//! looks at the slot of `frontier` again after it gives up the role. Both
//! look after their own write (the slot's tag, set after the findings, and
//! `frontier`, both sequentially consistent; a look waits out a tag
//! `BUSY`, see [`Slot`]), so at least one of them sees the findings; and if
//! only the first does, the role was given up before it looks, so it takes
//! the role: none is left behind.
//!
//! *What passes between threads* for a heap is its few free values, its
//! lag and its number, on one cache line: the deferred options are the
//! fixed pairs `(a, m - a)`, `a < L - j`, and moves leaving `K - j`,
//! `j < L`, read off the table when `frontier = K` ([`late_reaches`]).
//! Listing them as the heap was worked out would ship `L` pairs from core
//! to core per heap, through the one thread that resolves.
//!
//! The threads are scoped threads of the standard library, one set
//! per segment: they wait on one another, so each needs a thread of its
//! own (tasks of a work-stealing pool that wait for other tasks could all
//! be waiting while the one they need is queued). A thread that waits (the
//! heap `R` below its own not resolved) computes the first heap not yet
//! resolved itself, from every value below it: the thread working on that
//! heap has most likely lost its core (a busy machine, or a virtual core
//! its host runs something else on), and the others would wait for it.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

use super::Cell;
use super::marks::{Bytes, Marks};
use super::mirror::Mirrored;
use super::scan::{mark_rare as mark_listed, pairs, smaller_part};

/// Pairs scanned, in blocks, before the comparing scan takes over.
const MARK_PAIRS: usize = 512;
/// Looks at a value waited for before the thread yields (about a
/// microsecond).
const SPINS: u32 = 256;
/// How far past the frontier (the first heap not resolved) a thread may
/// take a heap: the heaps taken and not resolved have a slot each. A thread
/// works its heap out from the values below the frontier as it finds it
/// ([`worker`]), so the distance sets no lag: it only bounds how far the
/// others run on while one heap is long (a long scan, or a thread that
/// lost its core), before they wait. Before (2026-11-28, two threads), the
/// lag was fixed at `3P` and the threads waited for it: the waits were
/// few (under one heap in 5,000) but long, about 3% of the time of Grundy's
/// game spent spinning.
fn reach(threads: usize) -> usize {
    (4 * threads).max(32)
}
/// Common values found free for each heap (see the module docs: `B - 1` is
/// the last of them). More would make a second computation rarer, but
/// every heap would look for more rare values: with two, octal 0.6 took a
/// sixth more work.
const WANT: usize = 1;
/// Rounds of yielding, after a first try, before a waiting thread tries
/// again to compute the heap waited for itself.
const PATIENCE: u32 = 4096;
/// Pairs per block of the scans.
const BLOCK: usize = 64;

/// The rule's moves (see [`super::split::Split`]).
pub(super) struct Moves<'a> {
    pub whole: &'a [usize],
    pub leave: &'a [usize],
    pub two: &'a [usize],
    pub unequal: bool,
}

/// What the threads of one segment share, read only.
pub(super) struct Segment<'a> {
    pub moves: Moves<'a>,
    /// Whether the rare/common split is used.
    pub rc_on: bool,
    /// Rare heaps below the segment, ascending, with their values.
    pub rare: &'a [(u32, u32)],
    /// Per value below `width`: 1 if common.
    pub common: &'a [u8],
    /// A power of two above every value so far.
    pub width: usize,
    /// The heaps `s0..s1` are computed.
    pub s0: usize,
    pub s1: usize,
    pub threads: usize,
    /// Whether the threads time their steps (see [`ThreadStats`]).
    pub timed: bool,
}

/// How a segment went.
pub(super) struct Outcome {
    /// Values in the table now (`s1`, or the heap whose value did not fit
    /// the width or the storage type: the caller computes that one alone).
    pub len: usize,
    /// Work done (as the single-threaded solver counts it).
    pub work: u64,
    /// What each thread did, thread 0 (the caller) first.
    pub threads: Vec<ThreadStats>,
}

/// What one thread did, summed over segments: counts always (an integer
/// added per heap or per scan), times only when the segment asks for them
/// (a clock read costs tens of nanoseconds, a few per cent of a heap).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ThreadStats {
    /// Heaps this thread worked out from the values `lag` and more below.
    pub heaps: u64,
    /// Heaps it wrote into the table (resolved).
    pub resolved: u64,
    /// Heaps it computed again from every value below them, because the
    /// deferred options reached every value found free.
    pub recomputed: u64,
    /// Late heaps it computed itself while waiting for them.
    pub helped: u64,
    /// Deferred options it checked at resolution.
    pub deferred: u64,
    /// Heaps whose rare values were looked for by the comparing scan (the
    /// long scan through the mirror).
    pub long_scans: u64,
    /// Times it found the values it needed not yet written.
    pub waits: u64,
    /// Nanoseconds working heaps out (the scans included).
    pub busy_ns: u64,
    /// Nanoseconds waiting for values (spinning or yielding).
    pub wait_ns: u64,
    /// Nanoseconds in comparing scans.
    pub scan_ns: u64,
    /// Nanoseconds resolving (recomputations included).
    pub resolve_ns: u64,
}

impl ThreadStats {
    /// Adds `o`'s counts and times to these.
    pub fn add(&mut self, o: &ThreadStats) {
        self.heaps += o.heaps;
        self.resolved += o.resolved;
        self.recomputed += o.recomputed;
        self.helped += o.helped;
        self.deferred += o.deferred;
        self.long_scans += o.long_scans;
        self.waits += o.waits;
        self.busy_ns += o.busy_ns;
        self.wait_ns += o.wait_ns;
        self.scan_ns += o.scan_ns;
        self.resolve_ns += o.resolve_ns;
    }
}

/// A clock that reads only when the segment is timed.
#[derive(Clone, Copy)]
struct Clock(Option<std::time::Instant>);

impl Clock {
    fn start(timed: bool) -> Clock {
        Clock(timed.then(std::time::Instant::now))
    }

    /// Nanoseconds since the start (0 untimed).
    fn ns(self) -> u64 {
        self.0
            .map_or(0, |t| u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX))
    }
}

/// The table's storage, written in order by whichever thread resolves
/// (see the module docs).
struct Store<T> {
    ptr: *mut T,
    /// The mirror of the values (see [`super::mirror`]): heap `i` at
    /// `cap - 1 - i`, written with the values.
    rev: *mut T,
    cap: usize,
    /// Values written: heaps `0..frontier`.
    frontier: Padded<AtomicUsize>,
    /// No heap at or past it is written (lowered when a value is too wide).
    limit: Padded<AtomicUsize>,
    /// Whether a thread is resolving.
    resolving: Padded<AtomicBool>,
    /// The next heap no thread has taken.
    next: Padded<AtomicUsize>,
    /// Rare heaps of the segment, in order, and how many are listed.
    rare: Vec<AtomicU32>,
    rare_len: AtomicUsize,
    /// Heap `k`'s findings are in slot `k % reach`, once its tag says `k`.
    slots: Vec<Slot>,
    /// How far past `frontier` a heap may be taken ([`reach`]).
    reach: usize,
}

/// A value on a cache line of its own: the threads write these often, and
/// would otherwise take the line from one another for each other's writes.
#[repr(align(128))]
struct Padded<T>(T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// What a thread found of a heap from the values `lag` and more below it:
/// the least values found free, at most [`KEPT`] of them, on one cache line
/// with the tag that says which heap they are for, so that the thread that
/// resolves takes one line from the thread that found them. The deferred
/// options are not listed: they are read off the table at resolution
/// ([`late_reaches`]).
///
/// *Fewer values kept.* With `F'` the least values of `F` (a prefix in
/// order), `min(F' \ D) = min(F \ D)` whenever `F' \ D` is not empty: a
/// value of `F` below `min(F' \ D)` is in `F'`, hence in `D`. When `F'` is
/// covered by `D`, the heap is computed again, as when `F` is.
///
/// *The tag.* It holds the heap whose findings the slot has (`NONE`: none),
/// or `BUSY` while a thread writes them. A thread claims the slot by
/// turning its tag into `BUSY`, then writes only if its heap is not yet
/// resolved (else it puts the tag back as it was). The findings of heap
/// `k` are read only by the thread resolving `k` (so `frontier = k`), after
/// it read the tag `k`; the only threads that may claim the slot then are
/// late ones holding a heap `k - nR` already resolved (`R` the
/// [`reach`]), which write nothing and put the tag back, since a heap
/// `k + nR` is taken only once `frontier > k`. So the values read are the ones written before the tag.
#[repr(align(128))]
struct Slot {
    tag: AtomicUsize,
    len: AtomicU32,
    /// The heap's lag: the values it was worked out from lie at or below
    /// `heap - lag`.
    lag: AtomicU32,
    free: [AtomicU32; KEPT],
}

/// Values found free kept for a heap (see [`Slot`]).
const KEPT: usize = 12;
/// A slot's tag with no findings.
const NONE: usize = usize::MAX;
/// A slot's tag while a thread writes it.
const BUSY: usize = usize::MAX - 1;

impl Slot {
    fn new() -> Slot {
        Slot {
            tag: AtomicUsize::new(NONE),
            len: AtomicU32::new(0),
            lag: AtomicU32::new(1),
            free: std::array::from_fn(|_| AtomicU32::new(0)),
        }
    }

    /// The values kept and the lag, once the tag said the heap is this
    /// slot's.
    fn read(&self, out: &mut Vec<usize>) -> usize {
        out.clear();
        let n = self.len.load(Ordering::Relaxed) as usize;
        out.extend(self.free[..n].iter().map(|v| v.load(Ordering::Relaxed) as usize));
        self.lag.load(Ordering::Relaxed) as usize
    }
}

// SAFETY: the pointers are the starts of buffers that outlive the scoped
// threads. Each element is written once, by the thread that resolves its
// heap, before `frontier` (a sequentially consistent store) counts it, and
// read only by threads that saw that count, so no element is read while it
// is written.
unsafe impl<T: Send> Send for Store<T> {}
unsafe impl<T: Send + Sync> Sync for Store<T> {}

impl<T: Cell> Store<T> {
    /// The values of heaps `0..n`, all written.
    fn known(&self, n: usize) -> &[T] {
        debug_assert!(n <= self.frontier.load(Ordering::SeqCst));
        // SAFETY: heaps below `frontier` are written and never written
        // again during the segment (see the `Sync` impl).
        unsafe { std::slice::from_raw_parts(self.ptr, n) }
    }

    /// The values of heaps `0..n` and their mirror.
    fn mirrored(&self, n: usize) -> Mirrored<'_, T> {
        // SAFETY: as for `known`: heap i is at `cap - 1 - i`, so heaps
        // `0..n` are the last `n` elements, written before `frontier`
        // counted them.
        let rev = unsafe { std::slice::from_raw_parts(self.rev.add(self.cap - n), n) };
        Mirrored::new(self.known(n), rev)
    }

    /// Writes `G(k)`; `k` must be `frontier`, and this thread the one
    /// resolving.
    fn publish(&self, k: usize, v: T, rare: bool) {
        debug_assert_eq!(self.frontier.load(Ordering::SeqCst), k);
        // SAFETY: `k` is below the reserved capacity of both buffers (the
        // caller checked `s1`), not yet counted by `frontier`, so no thread
        // reads it, and only the resolving thread writes.
        unsafe {
            self.ptr.add(k).write(v);
            self.rev.add(self.cap - 1 - k).write(v);
        }
        if rare {
            let i = self.rare_len.load(Ordering::Relaxed);
            self.rare[i].store(k as u32, Ordering::Relaxed);
            self.rare_len.store(i + 1, Ordering::Release);
        }
        self.frontier.store(k + 1, Ordering::SeqCst);
    }
}

/// Computes heaps `seg.s0..seg.s1` into `vals`, whose capacity must be at
/// least `seg.s1` and length `seg.s0`, and into the mirror (`rev`, `cap`:
/// [`super::mirror::Mirror::raw`] with room for `seg.s1`).
pub(super) fn run<T: Cell>(seg: &Segment, vals: &mut Vec<T>, rev: *mut T, cap: usize) -> Outcome {
    assert!(vals.len() == seg.s0 && vals.capacity() >= seg.s1 && cap >= seg.s1);
    let in_seg = if seg.rc_on { seg.s1 - seg.s0 } else { 0 };
    let reach = reach(seg.threads);
    let store = Store {
        ptr: vals.as_mut_ptr(),
        rev,
        cap,
        frontier: Padded(AtomicUsize::new(seg.s0)),
        limit: Padded(AtomicUsize::new(seg.s1)),
        resolving: Padded(AtomicBool::new(false)),
        next: Padded(AtomicUsize::new(seg.s0)),
        rare: (0..in_seg).map(|_| AtomicU32::new(0)).collect(),
        rare_len: AtomicUsize::new(0),
        slots: (0..reach).map(|_| Slot::new()).collect(),
        reach,
    };
    let (work, threads) = run_workers(seg, &store);
    let len = store.frontier.load(Ordering::SeqCst);
    // SAFETY: heaps `s0..len` were written (`frontier`), within capacity.
    unsafe { vals.set_len(len) };
    Outcome {
        len,
        work,
        threads,
    }
}

/// Runs `worker` on `seg.threads` threads, the caller's among them; the
/// work done, and what each thread did, the caller's first. A thread that
/// never starts (none given, or the pool busy with another table's
/// segment) takes no heap, and the others do its share: a worker waits
/// only for heaps other workers took.
#[cfg(feature = "threads")]
fn run_workers<T: Cell>(seg: &Segment, store: &Store<T>) -> (u64, Vec<ThreadStats>) {
    // in tests, segments that start at an odd heap make their threads, so
    // that both ways run (and threads run together even while the pool
    // is busy with other tests)
    #[cfg(test)]
    if seg.s0 % 2 == 1 {
        return spawn_workers(seg, store);
    }
    // a pool's threads are woken, not made: making 15 threads took about
    // 480 µs a segment here (2 cores), waking them 19 µs. The caller is
    // one of the threads, so the pool holds the others: none of its
    // threads looks for work beside them.
    let Some(pool) = super::pool::pool(seg.threads - 1) else {
        return spawn_workers(seg, store);
    };
    let others = std::sync::Mutex::new(Vec::new());
    let (mut work, first) = pool.in_place_scope(|s| {
        for _ in 1..seg.threads {
            s.spawn(|_| {
                let r = worker(seg, store);
                others.lock().unwrap_or_else(|e| e.into_inner()).push(r);
            });
        }
        worker(seg, store)
    });
    let mut threads = vec![first];
    for (w, stats) in others.into_inner().unwrap_or_else(|e| e.into_inner()) {
        work += w;
        threads.push(stats);
    }
    threads.resize(seg.threads, ThreadStats::default());
    (work, threads)
}

/// Without the `threads` feature: threads of the standard library, made
/// for the segment.
#[cfg(not(feature = "threads"))]
fn run_workers<T: Cell>(seg: &Segment, store: &Store<T>) -> (u64, Vec<ThreadStats>) {
    spawn_workers(seg, store)
}

/// Runs `worker` on scoped threads of the standard library made for the
/// segment (see [`run_workers`]).
fn spawn_workers<T: Cell>(seg: &Segment, store: &Store<T>) -> (u64, Vec<ThreadStats>) {
    std::thread::scope(|s| {
        // a thread the system will not give is done without: its heaps
        // are computed by the others, which help when a heap is late
        let handles: Vec<_> = (1..seg.threads)
            .map(|_| {
                std::thread::Builder::new()
                    .spawn_scoped(s, move || worker(seg, store))
                    .ok()
            })
            .collect();
        let (mut work, first) = worker(seg, store);
        let mut threads = vec![first];
        for h in handles {
            // a worker that panicked is a bug: the heaps it held stay
            // unwritten, and `frontier` stops before them
            let (w, stats) = h.and_then(|h| h.join().ok()).unwrap_or_default();
            work += w;
            threads.push(stats);
        }
        (work, threads)
    })
}

/// One thread: takes the next heap no thread has taken, finds what it can
/// of it from the values `lag` and more below it, and resolves it at once
/// if the heaps below are resolved (else another thread will), with the
/// heaps after it that are ready. Heaps are taken one at a time, not dealt
/// in turn: a thread that loses its core (a busy machine) or meets a long
/// heap holds up one heap, not every `P`-th.
fn worker<T: Cell>(seg: &Segment, store: &Store<T>) -> (u64, ThreadStats) {
    let new = || Scratch {
        seen: vec![0; seg.width],
        free: Vec::new(),
        targets: Vec::new(),
        missing: Vec::new(),
        starts: Vec::new(),
        lag: 1,
    };
    let (mut mine, mut spare) = (new(), new());
    let mut work = 0;
    let mut st = ThreadStats::default();
    loop {
        let k = store.next.fetch_add(1, Ordering::Relaxed);
        if k >= store.limit.load(Ordering::SeqCst) {
            break;
        }
        if !wait(
            seg,
            store,
            (k + 1).saturating_sub(store.reach),
            k,
            &mut spare,
            (&mut work, &mut st),
        ) {
            break;
        }
        // the values below the frontier are known: the options reading the
        // heaps from it to `k` are deferred (a heap another thread
        // computed while this one waited is skipped)
        let f = store.frontier.load(Ordering::SeqCst);
        if f <= k {
            let clock = Clock::start(seg.timed);
            work += solve(seg, store, k, k + 1 - f, WANT, &mut mine, &mut st);
            st.busy_ns += clock.ns();
            st.heaps += 1;
            work += resolve(seg, store, Some((k, &mut mine)), &mut spare, false, &mut st);
        }
    }
    work += resolve(seg, store, None, &mut spare, false, &mut st);
    (work, st)
}

/// Leaves the findings of heap `k` in its slot for the thread that will
/// resolve it (unless it is resolved already).
fn stash<T: Cell>(store: &Store<T>, k: usize, mine: &Scratch<T>) {
    if store.frontier.load(Ordering::SeqCst) > k {
        return;
    }
    let slot = &store.slots[k % store.reach];
    let mut rounds = 0u32;
    let was = loop {
        let t = slot.tag.load(Ordering::SeqCst);
        if t != BUSY
            && slot
                .tag
                .compare_exchange(t, BUSY, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok()
        {
            break t;
        }
        // a late thread puts the tag back within a few steps
        back_off(&mut rounds);
    };
    if store.frontier.load(Ordering::SeqCst) > k {
        slot.tag.store(was, Ordering::SeqCst);
        return;
    }
    // the least values, as far as they fit (see `Slot`)
    let kept = mine
        .free
        .iter()
        .take(KEPT)
        .take_while(|&&v| u32::try_from(v).is_ok());
    let mut n = 0;
    for (cell, &v) in slot.free.iter().zip(kept) {
        cell.store(v as u32, Ordering::Relaxed);
        n += 1;
    }
    slot.len.store(n, Ordering::Relaxed);
    // a lag is at most `reach` (see `worker`)
    slot.lag.store(mine.lag as u32, Ordering::Relaxed);
    slot.tag.store(k, Ordering::SeqCst);
}

/// Waits until heaps `0..n` are written; false if the segment stopped
/// before heap `k`. A thread that waits long computes the first heap not
/// written itself: the thread working on it may have lost its core (on a
/// busy machine, or a virtual core its host runs something else on), and
/// the others would wait for it.
fn wait<T: Cell>(
    seg: &Segment,
    store: &Store<T>,
    n: usize,
    k: usize,
    scratch: &mut Scratch<T>,
    (work, st): (&mut u64, &mut ThreadStats),
) -> bool {
    if store.frontier.load(Ordering::SeqCst) >= n {
        return true;
    }
    st.waits += 1;
    let clock = Clock::start(seg.timed);
    let mut rounds = 0u32;
    let ready = loop {
        if store.frontier.load(Ordering::SeqCst) >= n {
            break true;
        }
        if store.limit.load(Ordering::SeqCst) <= k {
            break false;
        }
        rounds += 1;
        if rounds < SPINS {
            std::hint::spin_loop();
        } else if rounds == SPINS || rounds >= PATIENCE {
            // a thread waits only when `reach` heaps are taken past one
            // not resolved, held some 30 heaps' time: its thread has most
            // likely lost its core, so the heap is computed here at once
            // (and again every `PATIENCE` rounds, if the role was held)
            *work += resolve(seg, store, None, scratch, true, st);
            rounds = SPINS;
        } else {
            std::thread::yield_now();
        }
    };
    st.wait_ns += clock.ns();
    ready
}

/// Resolves the heaps whose findings are ready, in order, unless another
/// thread is at it (which then looks again once it stops): `own`, whose
/// findings are in `mine`, and those left in the slots. With `help`, a
/// first heap whose findings are not ready is computed here.
fn resolve<T: Cell>(
    seg: &Segment,
    store: &Store<T>,
    mut own: Option<(usize, &mut Scratch<T>)>,
    spare: &mut Scratch<T>,
    mut help: bool,
    st: &mut ThreadStats,
) -> u64 {
    let mut work = 0;
    let clock = Clock::start(seg.timed);
    if !help
        && let Some((k, mine)) = own.take_if(|(k, _)| store.frontier.load(Ordering::SeqCst) < *k)
    {
        // the heaps below are not all resolved: the findings wait in the
        // slot, and the role is taken only if the heap next to resolve is
        // ready (a thread that resolves looks at the slots again once it
        // stops, and a stash after that look sees the frontier moved)
        stash(store, k, mine);
        if !next_ready(store) {
            st.resolve_ns += clock.ns();
            return 0;
        }
    }
    let work = loop {
        if store.resolving.swap(true, Ordering::SeqCst) {
            // another thread resolves: it looks at the slots again once it
            // stops, so the findings are left there, and the role tried
            // once more (it may have been given up meanwhile)
            match own.take() {
                Some((k, mine)) => {
                    stash(store, k, mine);
                    continue;
                }
                None => break work,
            }
        }
        work += resolve_ready(seg, store, &mut own, spare, &mut help, st);
        if let Some((k, mine)) = own.take() {
            stash(store, k, mine);
        }
        store.resolving.store(false, Ordering::SeqCst);
        // findings left while this thread held the role, by a thread that
        // then found the role taken, are resolved here
        if !next_ready(store) {
            break work;
        }
    };
    st.resolve_ns += clock.ns();
    work
}

/// Whether the findings of the heap next to resolve wait in their slot.
/// A tag `BUSY` is waited out: it is a thread writing findings, or a late
/// one that puts the tag back (see [`Slot`]), within a few steps.
fn next_ready<T: Cell>(store: &Store<T>) -> bool {
    let k = store.frontier.load(Ordering::SeqCst);
    if k >= store.limit.load(Ordering::SeqCst) {
        return false;
    }
    let tag = &store.slots[k % store.reach].tag;
    let mut rounds = 0u32;
    loop {
        let t = tag.load(Ordering::SeqCst);
        if t != BUSY {
            return t == k;
        }
        back_off(&mut rounds);
    }
}

/// One round of waiting for a tag another thread holds `BUSY` for a few
/// steps: a spin, or past `SPINS` rounds (that thread lost its core) a
/// yield.
fn back_off(rounds: &mut u32) {
    *rounds += 1;
    if *rounds < SPINS {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

/// With the role held: resolves heaps in order while their findings are
/// ready (`own`'s, or a slot's), the first one not ready computed here
/// when `help`; returns the work done.
fn resolve_ready<T: Cell>(
    seg: &Segment,
    store: &Store<T>,
    own: &mut Option<(usize, &mut Scratch<T>)>,
    spare: &mut Scratch<T>,
    help: &mut bool,
    st: &mut ThreadStats,
) -> u64 {
    let reach = store.reach;
    let mut work = 0;
    loop {
        let k = store.frontier.load(Ordering::SeqCst);
        if k >= store.limit.load(Ordering::SeqCst) {
            return work;
        }
        let all = store.known(k);
        let mut pick = |free: &[usize], lag: usize| {
            free.iter().copied().find(|&u| {
                let (hit, checked) = late_reaches(&seg.moves, all, k, lag, u);
                st.deferred += checked;
                !hit
            })
        };
        let found = if let Some((_, mine)) = own.take_if(|(o, _)| *o == k) {
            Some(pick(&mine.free, mine.lag))
        } else if store.slots[k % reach].tag.load(Ordering::SeqCst) != k {
            None
        } else {
            let lag = store.slots[k % reach].read(&mut spare.free);
            Some(pick(&spare.free, lag))
        };
        let v = match found {
            Some(Some(v)) => v,
            // not ready: computed here only when helping
            None if !std::mem::take(help) => return work,
            // the deferred options reach every value found free (or
            // helping): computed from all values below it
            found => {
                if found.is_some() {
                    st.recomputed += 1;
                } else {
                    st.helped += 1;
                }
                work += solve(seg, store, k, 1, 1, spare, st);
                spare.free.first().copied().unwrap_or(usize::MAX)
            }
        };
        if v >= seg.width || v as u64 > T::MAX {
            store.limit.fetch_min(k, Ordering::SeqCst);
            return work;
        }
        let rare = seg.rc_on && k >= 1 && seg.common[v] == 0;
        store.publish(k, T::from_u64(v as u64), rare);
        st.resolved += 1;
    }
}

/// For the move taking `j` and leaving two heaps that sum to `m`, from heap
/// `k = m + j`: the pairs `(a, m - a)` with `1 <= a <= d` are deferred, their
/// larger part `m - a` lying above `k - lag` (`a < lag - j`).
fn deferred_parts(mv: &Moves, m: usize, j: usize, lag: usize) -> usize {
    (lag - 1).saturating_sub(j).min(smaller_part(mv.unequal, m))
}

/// Whether a deferred option of heap `k` (one reading a value above
/// `k - lag`, all written now: `all` holds heaps `0..k`) has the value `u`,
/// and how many were checked. They are the moves leaving the one heap
/// `k - j` with `j < lag`, and the pairs of [`deferred_parts`].
fn late_reaches<T: Cell>(mv: &Moves, all: &[T], k: usize, lag: usize, u: usize) -> (bool, u64) {
    let mut checked = 0u64;
    for &j in mv.leave {
        if j >= lag {
            break;
        }
        if j < k {
            checked += 1;
            if all[k - j].idx() == u {
                return (true, checked);
            }
        }
    }
    for &j in mv.two {
        if j + 2 > k || j + 1 >= lag {
            break;
        }
        let m = k - j;
        let d = deferred_parts(mv, m, j, lag);
        checked += d as u64;
        if all[1..=d]
            .iter()
            .zip(all[m - d..m].iter().rev())
            .any(|(a, b)| a.idx() ^ b.idx() == u)
        {
            return (true, checked);
        }
    }
    (false, checked)
}

struct Scratch<T> {
    seen: Vec<u8>,
    /// The values below a bound that no known option reaches.
    free: Vec<usize>,
    targets: Vec<usize>,
    missing: Vec<T>,
    starts: Vec<usize>,
    /// The lag `free` was found with.
    lag: usize,
}

/// Fills `scratch.free` (every value below a bound that no option reading
/// values at or below `k - lag` reaches, with at least `want` common values
/// among them) for heap `k`; returns the work done. The other options are
/// the deferred ones ([`late_reaches`]).
fn solve<T: Cell>(
    seg: &Segment,
    store: &Store<T>,
    k: usize,
    lag: usize,
    want: usize,
    s: &mut Scratch<T>,
    st: &mut ThreadStats,
) -> u64 {
    let known = store.known(k + 1 - lag);
    s.lag = lag;
    s.seen.fill(0);
    s.starts.clear();
    let mut work = mark_one_heap_moves(&seg.moves, known, k, lag, s);
    work += defer_two_heap_moves(seg, store, known, k, lag, s);
    if !seg.rc_on {
        return work + mark_all_pairs(&seg.moves, known, k, want, s);
    }
    list_free_common(seg, want, s);
    if s.targets.is_empty() {
        return work;
    }
    let (blocks, scanned, head) = mark_pair_blocks(&seg.moves, known, k, s);
    work += blocks;
    if head == s.targets.len() {
        return work;
    }
    st.long_scans += 1;
    let clock = Clock::start(seg.timed);
    work += compare_rest(&seg.moves, store, known, k, (scanned, head), s);
    st.scan_ns += clock.ns();
    work
}

/// Marks the value of each move leaving one heap (or none) whose value is
/// known (the others are deferred); returns the work done.
fn mark_one_heap_moves<T: Cell>(
    mv: &Moves,
    known: &[T],
    k: usize,
    lag: usize,
    s: &mut Scratch<T>,
) -> u64 {
    let mut marks = Bytes(&mut s.seen);
    if mv.whole.contains(&k) {
        marks.set(0);
    }
    for &j in mv.leave {
        if j < k && j >= lag {
            marks.set(known[k - j].idx());
        }
    }
    1 + mv.whole.len() as u64 + mv.leave.len() as u64
}

/// For each move leaving two heaps: notes in `s.starts` the first smaller
/// part whose pair is known (the pairs before it, whose larger part is above
/// `k - lag`, are deferred: [`deferred_parts`]), and (with the rare/common
/// split) marks the known pairs with a rare part; returns the work done.
fn defer_two_heap_moves<T: Cell>(
    seg: &Segment,
    store: &Store<T>,
    known: &[T],
    k: usize,
    lag: usize,
    s: &mut Scratch<T>,
) -> u64 {
    let mv = &seg.moves;
    let mut work = 0;
    for &j in mv.two {
        if j + 2 > k {
            break;
        }
        let m = k - j;
        let d = deferred_parts(mv, m, j, lag);
        s.starts.push(d);
        if seg.rc_on {
            work += mark_rare(seg, store, known, m, d + 1, &mut s.seen);
        }
    }
    work
}

/// Without the rare/common split: marks every known pair, and lists the
/// `want` least values not marked as free; returns the work done.
fn mark_all_pairs<T: Cell>(
    mv: &Moves,
    known: &[T],
    k: usize,
    want: usize,
    s: &mut Scratch<T>,
) -> u64 {
    let mut work = 0;
    for (i, &j) in mv.two.iter().enumerate() {
        if j + 2 > k {
            break;
        }
        let m = k - j;
        work += pairs(
            known,
            m,
            s.starts[i],
            smaller_part(mv.unequal, m),
            &mut s.seen,
        );
    }
    s.free.clear();
    let mut v = 0;
    while s.free.len() < want {
        if s.seen.get(v).is_none_or(|&b| b == 0) {
            s.free.push(v);
        }
        v += 1;
    }
    work
}

/// With the rare/common split: lists as free the `want` least common
/// values not marked (or past the width), and as targets the rare values
/// below them not marked.
fn list_free_common<T>(seg: &Segment, want: usize, s: &mut Scratch<T>) {
    s.free.clear();
    s.targets.clear();
    let mut v = 0;
    while s.free.len() < want {
        if v >= seg.width {
            s.free.push(v);
        } else if s.seen[v] == 0 {
            if seg.common[v] != 0 {
                s.free.push(v);
            } else {
                s.targets.push(v);
            }
        }
        v += 1;
    }
}

/// Marks the known pairs block by block, for the smaller parts below
/// `MARK_PAIRS`, until every target is marked; returns the work done, the
/// smaller parts scanned and the first target not marked.
fn mark_pair_blocks<T: Cell>(
    mv: &Moves,
    known: &[T],
    k: usize,
    s: &mut Scratch<T>,
) -> (u64, usize, usize) {
    let longest = mv
        .two
        .iter()
        .take_while(|&&j| j + 2 <= k)
        .map(|&j| smaller_part(mv.unequal, k - j))
        .max()
        .unwrap_or(0);
    let mut work = 0;
    let mut head = 0;
    let mut i = 0;
    while i < longest.min(MARK_PAIRS) {
        let end = (i + BLOCK).min(longest);
        for (n, &j) in mv.two.iter().enumerate() {
            if j + 2 > k {
                break;
            }
            let m = k - j;
            let from = i.max(s.starts[n]);
            let to = end.min(smaller_part(mv.unequal, m));
            if from < to {
                work += pairs(known, m, from, to, &mut s.seen);
            }
        }
        i = end;
        while s.targets.get(head).is_some_and(|&t| s.seen[t] != 0) {
            head += 1;
        }
        if head == s.targets.len() {
            break;
        }
    }
    (work, i, head)
}

/// Compares the targets still missing (from `head` on) with the pairs
/// whose smaller part is `scanned` or more, through the mirror (see
/// [`super::mirror`]); the values no option reaches, the rare ones still
/// missing and the common ones, are then `free`, in order. Returns the
/// work done.
fn compare_rest<T: Cell>(
    mv: &Moves,
    store: &Store<T>,
    known: &[T],
    k: usize,
    (scanned, head): (usize, usize),
    s: &mut Scratch<T>,
) -> u64 {
    let view = store.mirrored(known.len());
    s.missing.clear();
    s.missing.extend(
        s.targets[head..]
            .iter()
            .filter(|&&t| s.seen[t] == 0)
            .map(|&t| T::from_u64(t as u64)),
    );
    let mut work = 0;
    for (n, &j) in mv.two.iter().enumerate() {
        if j + 2 > k || s.missing.is_empty() {
            break;
        }
        let m = k - j;
        let from = scanned.max(s.starts[n]);
        let to = smaller_part(mv.unequal, m);
        if from < to {
            work += view.find(m, from, to, &mut s.missing);
        }
    }
    s.free.extend(s.missing.iter().map(|&t| t.idx()));
    s.free.sort_unstable();
    work
}

/// Marks `G(r) ^ G(m - r)` for the rare heaps `r < m` whose pair is known
/// (both parts at or below `k - P`: `r` and `m - r` at least `lo`); returns
/// how many.
#[inline(never)]
fn mark_rare<T: Cell>(
    seg: &Segment,
    store: &Store<T>,
    known: &[T],
    m: usize,
    lo: usize,
    seen: &mut [u8],
) -> u64 {
    if m < 2 * lo {
        return 0;
    }
    let mask = seen.len() - 1;
    let rare = seg.rare;
    // `lo` is at most the lag, and the rare heaps often all lie below
    // `m - lo`: both ends are found without a search where they can be
    let from = rare.iter().take_while(|&&(r, _)| (r as usize) < lo).count();
    let to = if rare.last().is_none_or(|&(r, _)| (r as usize) <= m - lo) {
        rare.len()
    } else {
        rare.partition_point(|&(r, _)| (r as usize) <= m - lo)
    };
    let mut n = (to.max(from) - from) as u64;
    if seg.moves.unequal && m.is_multiple_of(2) {
        // the split into two equal heaps is no move
        let mid = from + rare[from..to.max(from)].partition_point(|&(r, _)| 2 * (r as usize) < m);
        let skip = usize::from(rare.get(mid).is_some_and(|&(r, _)| 2 * r as usize == m));
        let mid = mid.clamp(from, to.max(from));
        mark_listed(known, m, &rare[from..mid], seen, mask);
        mark_listed(
            known,
            m,
            &rare[(mid + skip).min(to.max(from))..to.max(from)],
            seen,
            mask,
        );
        n -= skip as u64 * u64::from(mid < to);
    } else {
        mark_listed(known, m, &rare[from..to.max(from)], seen, mask);
    }
    // rare heaps of the segment, known when r <= k - lag (a pair whose
    // parts are both rare is marked twice, which does no harm)
    let listed = store.rare_len.load(Ordering::Acquire);
    for a in &store.rare[..listed] {
        let r = a.load(Ordering::Relaxed) as usize;
        if r + lo > m || r >= known.len() {
            break;
        }
        if seg.moves.unequal && 2 * r == m {
            continue;
        }
        seen[(known[r].idx() ^ known[m - r].idx()) & mask] = 1;
        n += 1;
    }
    n
}
