//! The depth-first search over positions of a sum.
//!
//! One frame per open position, each with a cursor over its moves: the
//! next move is made only when the previous one is settled, so no list of
//! children is ever built. In outcome mode a position is first scanned for
//! a move to a known P-position (a cheap way out for N-positions), then its
//! unknown children are searched one at a time until one is P. In exact
//! mode every child's misère Grundy value is needed, and the position's is
//! their mex (1 for the end, where the player to move has no move and wins).

use super::atoms::{Nims, is_nim, nim_atom, nim_of};
use super::classes::{Kind, Options};
use super::states::{GRAY, MAX_VALUE, NONZERO, UNKNOWN};
use super::{Engine, Error, Source};
use smallvec::SmallVec;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Only whether the position is P (value 0) or not.
    Outcome,
    /// The misère Grundy value.
    Exact,
}

/// Bytes a position takes beside its atoms (index, value, table slot).
const STATE_BYTES: u64 = 16;

struct Frame {
    state: u32,
    mode: Mode,
    /// What was known of the position before (restored if the search stops).
    prev: u32,
    atoms: SmallVec<[u32; 8]>,
    /// The cursor: atom `i`, its `j`-th move.
    i: usize,
    j: u64,
    options: Option<Options>,
    /// Outcome mode, first pass: look only at positions already known.
    scan: bool,
    moved: bool,
    /// Exact mode: the values of the children.
    seen: Vec<u32>,
    /// The child being worked out in a frame above this one.
    waiting: Option<u32>,
}

/// What a frame's next step is.
enum Step {
    Done(u32),
    Descend(u32),
    Continue,
}

impl Engine {
    /// Whether the position (components and Nim part) is a P-position.
    pub(super) fn search_outcome<S: Source>(
        &mut self,
        wild: &[u32],
        nims: &Nims,
        src: &mut S,
    ) -> Result<bool, Error<S::Error>> {
        let root = self.root(wild, nims)?;
        Ok(self.run(root, Mode::Outcome, src)? == 0)
    }

    /// The misère Grundy value of the position.
    pub(super) fn search_grundy<S: Source>(
        &mut self,
        wild: &[u32],
        nims: &Nims,
        src: &mut S,
    ) -> Result<u64, Error<S::Error>> {
        let root = self.root(wild, nims)?;
        Ok(u64::from(self.run(root, Mode::Exact, src)?))
    }

    fn root<E>(&mut self, wild: &[u32], nims: &Nims) -> Result<Vec<u32>, Error<E>> {
        let mut atoms = wild.to_vec();
        nims.push_atoms(&mut atoms).map_err(Error::NimTooLarge)?;
        self.check_estimate(&atoms)?;
        Ok(atoms)
    }

    /// Refuses up front a search whose positions could pass the positions
    /// or memory budget, where they can be bounded (rule families and Nim
    /// heaps). Its work is not refused up front: the bound on it (states
    /// times moves) is far above what a search visits, since it stops at
    /// the first winning move and shares every position it meets; the
    /// meter counts the real work as it goes and stops the search at the
    /// limit instead.
    fn check_estimate<E>(&mut self, atoms: &[u32]) -> Result<(), Error<E>> {
        let mut states: u128 = 1;
        // heaps of one family are bounded together (their positions mix)
        let mut heaps: Vec<(u32, u64)> = Vec::new();
        for &a in atoms {
            if is_nim(a) {
                states = states.saturating_mul(u128::from(nim_of(a)) + 1);
                continue;
            }
            match self.comps.kind(a) {
                Kind::Heap { family, n } => heaps.push((family, n)),
                Kind::Opaque(_) => return Ok(()),
            }
        }
        heaps.sort_unstable();
        for group in heaps.chunk_by(|a, b| a.0 == b.0) {
            let f = &self.families[group[0].0 as usize];
            let sizes: Vec<u64> = group.iter().map(|&(_, n)| n).collect();
            states = states.saturating_mul(f.reach(&sizes));
        }
        let held = self.positions();
        if states.saturating_add(u128::from(held)) > u128::from(self.budget.positions) {
            return Err(Error::Positions {
                estimate: Some(states),
                limit: self.budget.positions,
            });
        }
        let per = STATE_BYTES + 4 * atoms.len() as u64 + 8;
        let bytes = u64::try_from(states)
            .unwrap_or(u64::MAX)
            .saturating_mul(per);
        let other = self.held();
        if bytes.saturating_add(other) > self.budget.memory {
            return Err(Error::Memory { bytes, held: other });
        }
        Ok(())
    }

    /// The value of a position in the given mode (0 for P; in outcome
    /// mode an N-position may come back as `NONZERO`).
    fn run<S: Source>(
        &mut self,
        root: Vec<u32>,
        mode: Mode,
        src: &mut S,
    ) -> Result<u32, Error<S::Error>> {
        let r = self.intern(&root)?;
        if let Some(v) = settled(self.states.value(r), mode) {
            return Ok(v);
        }
        let mut stack = vec![self.frame(r, mode)];
        let result = self.drive(&mut stack, src);
        if result.is_err() {
            for f in &stack {
                self.states.set(f.state, f.prev);
            }
        }
        result
    }

    fn frame(&mut self, state: u32, mode: Mode) -> Frame {
        let prev = self.states.value(state);
        self.states.set(state, GRAY);
        Frame {
            state,
            mode,
            prev,
            atoms: SmallVec::from_slice(self.states.get(state)),
            i: 0,
            j: 0,
            options: None,
            scan: mode == Mode::Outcome,
            moved: false,
            seen: Vec::new(),
            waiting: None,
        }
    }

    fn drive<S: Source>(
        &mut self,
        stack: &mut Vec<Frame>,
        src: &mut S,
    ) -> Result<u32, Error<S::Error>> {
        let mut child = Vec::new();
        loop {
            let Some(top) = stack.last_mut() else {
                return Err(Error::Loop);
            };
            let step = self.step(top, &mut child, src)?;
            match step {
                Step::Continue => {}
                Step::Descend(c) => {
                    top.waiting = Some(c);
                    let mode = top.mode;
                    if self.states.value(c) == GRAY {
                        return Err(Error::Loop);
                    }
                    let f = self.frame(c, mode);
                    stack.push(f);
                }
                Step::Done(v) => {
                    let f = stack.pop().ok_or(Error::Loop)?;
                    self.states.set(f.state, v);
                    self.meter.done += 1;
                    if stack.is_empty() {
                        return Ok(v);
                    }
                }
            }
        }
    }

    /// One step of a frame: take a finished child's value, or make the
    /// next move.
    fn step<S: Source>(
        &mut self,
        f: &mut Frame,
        child: &mut Vec<u32>,
        src: &mut S,
    ) -> Result<Step, Error<S::Error>> {
        if let Some(c) = f.waiting.take() {
            let v = self.states.value(c);
            match f.mode {
                Mode::Outcome if v == 0 => return Ok(Step::Done(NONZERO)),
                Mode::Outcome => {}
                Mode::Exact => f.seen.push(v),
            }
        }
        if !self.next_child(f, child, src)? {
            if f.scan {
                // second pass: search the unknown children
                f.scan = false;
                f.i = 0;
                f.j = 0;
                f.options = None;
                return Ok(Step::Continue);
            }
            return Ok(Step::Done(self.finish(f)?));
        }
        f.moved = true;
        self.meter.spend(1, src.watch())?;
        if f.scan {
            let known = self.states.find(child).map(|c| self.states.value(c));
            return Ok(if known == Some(0) {
                Step::Done(NONZERO)
            } else {
                Step::Continue
            });
        }
        let c = self.intern(child)?;
        let v = self.states.value(c);
        Ok(match f.mode {
            Mode::Outcome if v == 0 => Step::Done(NONZERO),
            Mode::Outcome if v == UNKNOWN => Step::Descend(c),
            Mode::Outcome if v == GRAY => return Err(Error::Loop),
            Mode::Outcome => Step::Continue,
            Mode::Exact if v <= MAX_VALUE => {
                f.seen.push(v);
                Step::Continue
            }
            Mode::Exact if v == GRAY => return Err(Error::Loop),
            Mode::Exact => Step::Descend(c),
        })
    }

    /// The value of a frame whose moves are all settled.
    fn finish<E>(&mut self, f: &mut Frame) -> Result<u32, Error<E>> {
        if !f.moved {
            // the end: the player to move has no move and wins
            return Ok(1);
        }
        match f.mode {
            // no move to a P-position
            Mode::Outcome => Ok(0),
            Mode::Exact => {
                f.seen.sort_unstable();
                f.seen.dedup();
                let m = f
                    .seen
                    .iter()
                    .enumerate()
                    .find(|&(i, &v)| v != i as u32)
                    .map_or(f.seen.len(), |(i, _)| i);
                u32::try_from(m)
                    .ok()
                    .filter(|&m| m < MAX_VALUE)
                    .ok_or(Error::Options {
                        estimate: None,
                        limit: self.meter.limit,
                    })
            }
        }
    }

    /// Writes the frame's next child into `out`; false when there is none.
    fn next_child<S: Source>(
        &mut self,
        f: &mut Frame,
        out: &mut Vec<u32>,
        src: &mut S,
    ) -> Result<bool, Error<S::Error>> {
        while f.i < f.atoms.len() {
            let a = f.atoms[f.i];
            // a repeated component has the same moves as the one before
            if f.i == 0 || f.atoms[f.i - 1] != a {
                if is_nim(a) {
                    if f.j < nim_of(a) {
                        let b = f.j;
                        f.j += 1;
                        let add: SmallVec<[u32; 1]> =
                            nim_atom(b).filter(|_| b > 0).into_iter().collect();
                        build(&f.atoms, f.i, &add, out).map_err(Error::NimTooLarge)?;
                        return Ok(true);
                    }
                } else {
                    if f.options.is_none() {
                        f.options = Some(self.options_of(a, src)?);
                    }
                    if let Some(opts) = &f.options
                        && let Some(o) = usize::try_from(f.j).ok().and_then(|j| opts.get(j))
                    {
                        f.j += 1;
                        build(&f.atoms, f.i, o, out).map_err(Error::NimTooLarge)?;
                        return Ok(true);
                    }
                }
            }
            f.i += 1;
            f.j = 0;
            f.options = None;
        }
        Ok(false)
    }

    fn intern<E>(&mut self, atoms: &[u32]) -> Result<u32, Error<E>> {
        let other = self.held() - self.states.held();
        let before = self.states.len();
        let c = self
            .states
            .intern(atoms, other, self.budget.memory)
            .map_err(|bytes| Error::Memory {
                bytes: bytes.saturating_sub(other),
                held: other,
            })?;
        if self.states.len() > before && self.states.len() as u64 > self.budget.positions {
            return Err(Error::Positions {
                estimate: None,
                limit: self.budget.positions,
            });
        }
        Ok(c)
    }
}

/// A known value good enough for the mode.
fn settled(v: u32, mode: Mode) -> Option<u32> {
    match mode {
        _ if v <= MAX_VALUE => Some(v),
        Mode::Outcome if v == NONZERO => Some(v),
        _ => None,
    }
}

/// The position `parent` with its atom `skip` replaced by the atoms `add`,
/// in canonical form.
fn build(parent: &[u32], skip: usize, add: &[u32], out: &mut Vec<u32>) -> Result<(), u64> {
    out.clear();
    let mut nims: SmallVec<[u64; 4]> = SmallVec::new();
    for (k, &a) in parent.iter().enumerate() {
        if k == skip {
            continue;
        }
        if is_nim(a) {
            nims.push(nim_of(a));
        } else {
            out.push(a);
        }
    }
    for &a in add {
        if is_nim(a) {
            nims.push(nim_of(a));
        } else {
            out.push(a);
        }
    }
    out.sort_unstable();
    Nims::canon(nims).push_atoms(out)
}
