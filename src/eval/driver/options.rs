//! Valuing the options of one position as its compiled rule produces them.
//! An option whose parts are all known goes on the value stack; one with
//! unknown parts goes on the tape as its known part (the xor of the known
//! values) and the keys of the unknown positions, which are also put on
//! `pending`. Once those are worked out, the tape is read back instead of
//! running the rule again.
//!
//! Tape record: `count * 2 + (x != 0), (game, args...) * count`, then `x`
//! if it is not 0.

use super::super::family::Families;
use super::super::memo::{Memo, State};
use super::{Plan, WORK};
use crate::eval::compiled::run::{Ctx, Run};
use crate::eval::compiled::{Ix, Leaf};
use crate::eval::defs::Defs;
use crate::eval::error::EvalError;
use crate::eval::value::{Args, Key, Part, Value, mex_of};

/// Where values come from (memo and family tables) and where the options
/// of the positions being worked out go.
pub struct Options<'a> {
    pub defs: &'a Defs,
    pub plans: &'a [Plan],
    pub memos: &'a mut [Memo],
    pub families: &'a mut Families,
    /// Bytes the memo tables held when the work began.
    pub memo_bytes: u64,
    pub vals: Vec<u64>,
    pub tape: Vec<u64>,
    pub pending: Vec<Key>,
    /// Set when an option had an unknown position inside a nested option
    /// set: that position's rule runs again rather than being read back.
    pub rerun: bool,
    pub seen: Vec<bool>,
    /// Values of nested option sets, one run a level.
    nested: Vec<u64>,
}

impl<'a> Options<'a> {
    pub fn new(
        defs: &'a Defs,
        plans: &'a [Plan],
        memos: &'a mut [Memo],
        families: &'a mut Families,
    ) -> Self {
        let memo_bytes = memos.iter().map(Memo::bytes).fold(0, u64::saturating_add);
        Options {
            defs,
            plans,
            memos,
            families,
            memo_bytes,
            vals: Vec::new(),
            tape: Vec::new(),
            pending: Vec::new(),
            rerun: false,
            seen: Vec::new(),
            nested: Vec::new(),
        }
    }

    /// The value of a position if it is known now (a family position is
    /// always known, its table extended if need be).
    #[inline]
    pub fn known(
        &mut self,
        cx: &mut Ctx,
        game: usize,
        args: &[u64],
    ) -> Result<Option<u64>, EvalError> {
        if let Plan::Family = &self.plans[game] {
            return self.family(cx, game, args[0]).map(Some);
        }
        Ok(match self.memos[game].get(args) {
            State::Done(v) => Some(v),
            _ => None,
        })
    }

    /// G(n) of a family game, its table extended if need be.
    #[inline(never)]
    fn family(&mut self, cx: &mut Ctx, game: usize, n: u64) -> Result<u64, EvalError> {
        if let Some(v) = self.families.lookup(game, n) {
            cx.ticker.tick_work()?;
            return Ok(v);
        }
        let others = self.memo_bytes.saturating_add(cx.budget.used);
        let v = self.families.value(
            self.defs,
            game,
            n,
            &cx.budget.limits,
            others,
            &mut *cx.ticker.watch,
        )?;
        cx.budget.held = self.families.held().saturating_add(self.memo_bytes);
        Ok(v)
    }

    /// Values one option (a sum of leaves); returns false if it has unknown
    /// parts (then recorded on the tape).
    pub fn option(&mut self, run: &Run, cx: &mut Ctx, sum: Ix) -> Result<(), EvalError> {
        if let Some(x) = self.sum(run, cx, sum, true)? {
            cx.budget.grow(&mut self.vals, 1, WORK)?;
            self.vals.push(x);
        }
        Ok(())
    }

    /// The value of a sum, or None if some part is unknown. At the top level
    /// (`record`), unknown parts are written to the tape as one record.
    fn sum(
        &mut self,
        run: &Run,
        cx: &mut Ctx,
        sum: Ix,
        record: bool,
    ) -> Result<Option<u64>, EvalError> {
        let mut x = 0u64;
        let mut header = None;
        let mut unknown = false;
        let prog = run.prog;
        for &l in prog.span(prog.sums[sum as usize]) {
            match &prog.leaves[l as usize] {
                Leaf::Nim { n, .. } => x ^= run.int(&cx.scratch.env, *n)?,
                Leaf::Pos { game, args, .. } => {
                    // arguments on the stack: a key is built only for an
                    // unknown position
                    let ids = prog.span(*args);
                    let mut buf = [0u64; 4];
                    let mut big = Args::new();
                    let key: &[u64] = if ids.len() <= buf.len() {
                        for (slot, &a) in buf.iter_mut().zip(ids) {
                            *slot = run.int(&cx.scratch.env, a)?;
                        }
                        &buf[..ids.len()]
                    } else {
                        for &a in ids {
                            big.push(run.int(&cx.scratch.env, a)?);
                        }
                        &big
                    };
                    match self.known(cx, *game, key)? {
                        Some(v) => x ^= v,
                        None => {
                            unknown = true;
                            if record {
                                self.note(cx, &mut header, *game, key)?;
                            }
                            self.wait(cx, *game, Args::from_slice(key))?;
                        }
                    }
                }
                Leaf::Picture(p) => x ^= p.value,
                Leaf::Run { game, lo, hi, .. } => {
                    let lo = run.int(&cx.scratch.env, *lo)?;
                    let hi = run.int(&cx.scratch.env, *hi)?;
                    for j in lo..hi {
                        cx.ticker.tick()?;
                        match self.known(cx, *game, &[j])? {
                            Some(v) => x ^= v,
                            None => {
                                unknown = true;
                                if record {
                                    self.note(cx, &mut header, *game, &[j])?;
                                }
                                self.wait(cx, *game, Args::from_slice(&[j]))?;
                            }
                        }
                    }
                }
                Leaf::Options(o) => match self.nested_mex(run, cx, *o)? {
                    Some(v) => x ^= v,
                    None => {
                        unknown = true;
                        self.rerun = true;
                    }
                },
                Leaf::Global(g, loc) => match run.globals.get(*g) {
                    Some(Value::Game(game)) => {
                        for p in &game.parts {
                            match p {
                                Part::Nim { n, .. } => x ^= n,
                                Part::Options(e) => x ^= e.value,
                                Part::Picture(p) => x ^= p.value,
                                Part::Pos(k) => match self.known(cx, k.game, &k.args)? {
                                    Some(v) => x ^= v,
                                    None => {
                                        unknown = true;
                                        if record {
                                            self.note(cx, &mut header, k.game, &k.args)?;
                                        }
                                        self.wait(cx, k.game, k.args.clone())?;
                                    }
                                },
                            }
                        }
                    }
                    _ => return Err(crate::eval::error::unbound(*loc)),
                },
            }
        }
        if let Some(h) = header
            && x != 0
        {
            cx.budget.grow(&mut self.tape, 1, WORK)?;
            self.tape[h] |= 1;
            self.tape.push(x);
        }
        Ok((!unknown).then_some(x))
    }

    /// Writes an unknown position to the tape record of the current option
    /// (starting the record if it is the first).
    fn note(
        &mut self,
        cx: &mut Ctx,
        header: &mut Option<usize>,
        game: usize,
        args: &[u64],
    ) -> Result<(), EvalError> {
        cx.budget.grow(&mut self.tape, 2 + args.len(), WORK)?;
        let h = *header.get_or_insert_with(|| {
            self.tape.push(0);
            self.tape.len() - 1
        });
        self.tape[h] += 2;
        self.tape.push(game as u64);
        self.tape.extend_from_slice(args);
        Ok(())
    }

    /// An option that is one unknown position.
    pub fn unknown(&mut self, cx: &mut Ctx, game: usize, args: &[u64]) -> Result<(), EvalError> {
        let mut header = None;
        self.note(cx, &mut header, game, args)?;
        self.wait(cx, game, Args::from_slice(args))
    }

    fn wait(&mut self, cx: &mut Ctx, game: usize, args: Args) -> Result<(), EvalError> {
        cx.budget.grow(&mut self.pending, 1, WORK)?;
        self.pending.push(Key { game, args });
        Ok(())
    }

    /// The mex of a nested option set, or None if some option is unknown
    /// (its unknown positions are put on `pending`).
    fn nested_mex(&mut self, run: &Run, cx: &mut Ctx, opts: Ix) -> Result<Option<u64>, EvalError> {
        let start = self.nested.len();
        let mut complete = true;
        let r = run.each_option(cx, opts, &mut |run: &Run, cx: &mut Ctx, sum: Ix| {
            match self.sum(run, cx, sum, false)? {
                Some(v) => {
                    cx.budget.grow(&mut self.nested, 1, WORK)?;
                    self.nested.push(v);
                }
                None => complete = false,
            }
            Ok(())
        });
        let v = complete.then(|| mex_of(&self.nested[start..], &mut self.seen));
        self.nested.truncate(start);
        r.map(|()| v)
    }

    /// The values of the options recorded on the tape from `start`, read
    /// back (every position they name is known now) onto the value stack.
    pub fn read_back(&mut self, cx: &mut Ctx, start: usize) -> Result<(), EvalError> {
        let mut i = start;
        while i < self.tape.len() {
            let (count, has_x) = (self.tape[i] >> 1, self.tape[i] & 1 == 1);
            let mut x = 0;
            i += 1;
            for _ in 0..count {
                let game = self.tape[i] as usize;
                let arity = self.defs.games[game].arity();
                let args = Args::from_slice(&self.tape[i + 1..i + 1 + arity]);
                i += 1 + arity;
                match self.known(cx, game, &args)? {
                    Some(v) => x ^= v,
                    None => {
                        return Err(crate::eval::error::internal(format!(
                            "{} was not worked out",
                            self.defs.show_key(&Key { game, args })
                        )));
                    }
                }
            }
            if has_x {
                x ^= self.tape[i];
                i += 1;
            }
            cx.ticker.tick_work()?;
            cx.budget.grow(&mut self.vals, 1, WORK)?;
            self.vals.push(x);
        }
        self.tape.truncate(start);
        Ok(())
    }
}
