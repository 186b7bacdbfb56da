//! The quotient of a rule family, built heap by heap (the method and its
//! proof are in the module above).

use super::period;
use super::reduce::reduce;
use super::states::{Dense, Letter, Spend, States, extend, guess, verify};
use super::trial::{Cyclic, Trial};
use super::{Monoid, QuotientError, Table};
use crate::engine::rule::HeapRule;
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;

/// Most options a heap may have for the quotient's search.
const MAX_OPTIONS: u128 = 1 << 20;

/// Most refinements of the trial at one heap.
const MAX_ROUNDS: usize = 200;

/// The quotient of heaps `0..=to` of one rule, with what extending it
/// further needs.
#[derive(Clone)]
pub struct Solver {
    rule: HeapRule,
    /// The most heaps a move leaves (at least 1): weights are `m·h - m + 1`.
    parts: u64,
    pub table: Table,
    /// The element of each heap `0..=to`.
    pub phi: Vec<u32>,
    /// The distinct options of each heap, as words.
    options: Vec<Vec<Vec<u64>>>,
    letters: Vec<Letter>,
    states: States,
    /// Heaps at which the quotient grew.
    pub expansions: Vec<u64>,
    /// How far the last heap that did not settle got, if the last
    /// extension stopped there.
    pub attempt: Option<Attempt>,
}

/// How far the search for a larger quotient got at a heap before it
/// stopped (at a limit or an interruption): nothing in it is verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub heap: u64,
    /// Trials refuted: each found two sums the trial identified that have
    /// different outcomes.
    pub rounds: u32,
    /// The order of the last refuted trial, reduced (0 before the first).
    pub order: u32,
    /// The index and period of heap `heap`'s element in that trial.
    pub powers: (u32, u32),
    /// The heaps the trial under test tracks apart, with their cyclic
    /// factors.
    pub tracked: Vec<Cyclic>,
    /// The last refutation: two sums of heaps (sorted sizes) that the trial
    /// made equal, the first a P-position and the second not.
    pub witness: Option<(Vec<u64>, Vec<u64>)>,
}

impl Solver {
    pub fn new(rule: &HeapRule) -> Solver {
        let rule = rule.normalized();
        let parts = match &rule {
            HeapRule::TakeBreak(code) => u64::from(code.max_parts().max(1)),
            HeapRule::Grundy => 2,
            _ => 1,
        };
        Solver {
            rule,
            parts,
            table: Table::trivial(),
            phi: vec![0],
            options: vec![Vec::new()],
            letters: Vec::new(),
            states: States::start(&Dense::new(&Table::trivial(), 64).expect("tiny")),
            expansions: Vec::new(),
            attempt: None,
        }
    }

    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// The largest heap covered.
    pub fn to(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// Bytes held.
    pub fn held(&self) -> u64 {
        let opts: u64 = self
            .options
            .iter()
            .map(|o| 24 + o.iter().map(|w| 24 + 8 * w.len() as u64).sum::<u64>())
            .sum();
        self.states.held()
            + opts
            + 4 * self.phi.len() as u64
            + 4 * self.table.mul.len() as u64
            + self
                .letters
                .iter()
                .map(|l| 48 + 4 * l.t.len() as u64)
                .sum::<u64>()
    }

    /// Number of states of words held (for limits and notes).
    pub fn states(&self) -> usize {
        self.states.len()
    }

    /// The element of heap `n`: from the table, or from a proven period.
    pub fn element(&self, n: u64) -> Option<u32> {
        if let Some(&x) = usize::try_from(n).ok().and_then(|i| self.phi.get(i)) {
            return Some(x);
        }
        let (n0, p) = self.period()?;
        let k = n0 + (n - n0) % p;
        self.phi.get(usize::try_from(k).ok()?).copied()
    }

    /// `(n0, p)`: the elements repeat with period `p` from heap `n0` on, for
    /// every heap (proven).
    pub fn period(&self) -> Option<(u64, u64)> {
        period::proven(&self.rule, &self.phi)
    }

    /// The quotient of the heaps with elements `phi` alone (a prefix of
    /// the heaps): the submonoid they generate, reduced, and their
    /// elements in it.
    pub fn restrict(&self, phi: &[u32]) -> (Table, Vec<u32>) {
        let t = &self.table;
        let mut gens: Vec<u32> = phi.to_vec();
        gens.sort_unstable();
        gens.dedup();
        let mut p: FxHashMap<u32, bool> = FxHashMap::default();
        let mut stack = vec![0u32];
        p.insert(0, t.p[0]);
        while let Some(x) = stack.pop() {
            for &g in &gens {
                let y = t.mul(x, g);
                if let std::collections::hash_map::Entry::Vacant(e) = p.entry(y) {
                    e.insert(t.p[y as usize]);
                    stack.push(y);
                }
            }
        }
        match reduce(t, &p, &gens, u64::MAX) {
            Ok(r) => {
                let phi = phi.iter().map(|x| r.class[x]).collect();
                (r.table, phi)
            }
            Err(_) => (t.clone(), phi.to_vec()),
        }
    }

    fn weight(&self, h: u64) -> u64 {
        (self.parts * h).saturating_sub(self.parts - 1)
    }

    /// The distinct options of heap `n` as words (terminal heaps left out).
    fn heap_options(&self, n: u64) -> Result<Vec<Vec<u64>>, QuotientError> {
        if self.rule.move_count(n) > MAX_OPTIONS {
            return Err(QuotientError::Options { heap: n });
        }
        let mut out: Vec<Vec<u64>> = Vec::new();
        let _ = self.rule.each_move(n, |_, heaps| {
            out.push(heaps.to_vec());
            ControlFlow::<()>::Continue(())
        });
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// `T(h)`: the elements of the options of heap `h` under `phi`.
    fn t_of(m: &impl Monoid, options: &[Vec<u64>], phi: impl Fn(u64) -> u32) -> Vec<u32> {
        let mut t: Vec<u32> = options
            .iter()
            .map(|w| w.iter().fold(m.one(), |x, &h| m.mul(x, phi(h))))
            .collect();
        t.sort_unstable();
        t.dedup();
        t
    }

    /// The letters of heaps `1..=n`, one per distinct (element, options),
    /// each standing for its smallest heap.
    fn letters_of(&self, m: &impl Monoid, phi: &impl Fn(u64) -> u32, n: u64) -> Vec<Letter> {
        let mut seen: FxHashMap<(u32, Vec<u32>), ()> = FxHashMap::default();
        let mut out = Vec::new();
        for h in 1..=n {
            let opts = &self.options[h as usize];
            if opts.is_empty() {
                continue;
            }
            let t = Self::t_of(m, opts, phi);
            let key = (phi(h), t);
            if seen.insert(key.clone(), ()).is_none() {
                out.push(Letter {
                    heap: h,
                    phi: key.0,
                    t: key.1,
                    weight: self.weight(h),
                });
            }
        }
        out
    }

    /// Extends the quotient to heaps `0..=n`.
    pub fn extend_to(&mut self, n: u64, spend: &mut Spend) -> Result<(), QuotientError> {
        while self.to() < n {
            let h = self.to() + 1;
            self.attempt = None;
            let opts = self.heap_options(h)?;
            spend.work(opts.len() as u64)?;
            self.options.push(opts);
            if self.options[h as usize].is_empty() {
                self.phi.push(0);
                continue;
            }
            let r = match self.same_monoid(h, spend) {
                Ok(true) => Ok(()),
                Ok(false) => self.grow(h, spend),
                Err(e) => Err(e),
            };
            if let Err(e) = r {
                // what was found stays: heaps 0..h
                self.options.truncate(h as usize);
                self.phi.truncate(h as usize);
                return Err(e);
            }
            spend.watch.tick(h, n)?;
        }
        Ok(())
    }

    /// Step 1: heap `h` maps into the quotient as it is.
    fn same_monoid(&mut self, h: u64, spend: &mut Spend) -> Result<bool, QuotientError> {
        // what the solver holds counts against the memory beside the new
        // states (which count themselves)
        let held = self.held() - self.states.held();
        let table = &self.table;
        let dense = spend.beside(held, |s| Dense::new(table, s.memory))?;
        let held = held + dense.bytes();
        let t = Self::t_of(table, &self.options[h as usize], |k| self.phi[k as usize]);
        let alone_p = t.iter().all(|&x| !table.p[x as usize]);
        for x in 0..table.order {
            if table.p[x as usize] != alone_p {
                continue;
            }
            let letter = Letter {
                heap: h,
                phi: x,
                t: t.clone(),
                weight: self.weight(h),
            };
            let known = self
                .letters
                .iter()
                .any(|l| l.phi == letter.phi && l.t == letter.t);
            if known
                || spend.beside(held, |s| {
                    extend(&dense, &mut self.states, &self.letters, &letter, s)
                })?
            {
                self.phi.push(x);
                if !known {
                    self.letters.push(letter);
                }
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Step 2: the quotient grows at heap `h`; where it stops first, how
    /// far it got is kept in `attempt`.
    fn grow(&mut self, h: u64, spend: &mut Spend) -> Result<(), QuotientError> {
        let mut at = Attempt {
            heap: h,
            rounds: 0,
            order: 0,
            powers: (0, 0),
            tracked: Vec::new(),
            witness: None,
        };
        let r = self.grow_rounds(&mut at, spend);
        self.attempt = r.is_err().then_some(at);
        r
    }

    /// The rounds of step 2: trials refined until one is verified.
    fn grow_rounds(&mut self, at: &mut Attempt, spend: &mut Spend) -> Result<(), QuotientError> {
        let h = at.heap;
        // the base starts as a copy of the table
        let bytes = self.held() + self.table.bytes();
        if bytes > spend.memory {
            return Err(QuotientError::Memory { bytes });
        }
        let mut base = self.table.clone();
        let mut phi_b = self.phi.clone();
        phi_b.push(0);
        let mut cyclic = vec![Cyclic {
            heap: h,
            index: 2,
            period: 2,
        }];
        // conflicts met at this heap, and the heaps tracked for them
        let mut seen: Vec<(Vec<u64>, Vec<u64>)> = Vec::new();
        for _ in 0..MAX_ROUNDS {
            at.tracked.clone_from(&cyclic);
            let trial = Trial {
                base: &base,
                cyclic: cyclic.clone(),
            };
            if trial.size().is_none() {
                return Err(QuotientError::Order {
                    heap: h,
                    limit: u64::from(u32::MAX),
                });
            }
            let phi = |k: u64| trial.heap(k, phi_b[k as usize]);
            let letters_t = self.letters_of(&trial, &phi, h);
            // each structure is built beside those still held: the
            // solver's, the base, the guess, the reduction, the dense table
            let mut held = self.held() + base.bytes();
            let g = spend.beside(held, |s| guess(&trial, &letters_t, s))?;
            held += g.bytes();
            let gens = generators(&letters_t);
            let r = spend.beside(held, |s| reduce(&trial, &g.p, &gens, s.memory))?;
            held += r.bytes();
            let phi_r: Vec<u32> = (0..=h).map(|k| r.class[&phi(k)]).collect();
            let letters = self.letters_of(&r.table, &|k| phi_r[k as usize], h);
            let dense = spend.beside(held, |s| Dense::new(&r.table, s.memory))?;
            held += dense.bytes();
            let f = match spend.beside(held, |s| verify(&dense, &letters, s))? {
                Ok(states) => {
                    self.states = states;
                    self.phi = phi_r;
                    self.table = r.table;
                    self.letters = letters;
                    self.expansions.push(h);
                    return Ok(());
                }
                Err(f) => f,
            };
            let u = heaps_of(&f.u, &letters);
            let v = match &f.v {
                Some(v) => heaps_of(v, &letters),
                None => {
                    let at = u.iter().fold(0, |x, &k| trial.mul(x, phi(k)));
                    heaps_of(&g.word(at), &letters_t)
                }
            };
            at.refuted(&r.table, phi_r[h as usize], &u, &v, f.ou);
            let c = spend.beside(held, |s| self.choose(&r.table, &phi_r, h, &u, &v, f.ou, s))?;
            let again = seen.contains(&(u.clone(), v.clone()));
            seen.push((u, v));
            cyclic = if again {
                // the reduction undid the last separation: keep tracking
                // the heaps tracked in the last trial beside the new ones
                let mut next: Vec<Cyclic> = cyclic
                    .iter()
                    .filter(|x| !c.iter().any(|y| y.heap == x.heap))
                    .map(|x| {
                        let (i, p) = r.table.index_period(phi_r[x.heap as usize]);
                        Cyclic {
                            heap: x.heap,
                            index: i.max(x.index),
                            period: p.max(x.period).max(1),
                        }
                    })
                    .collect();
                next.extend(c);
                next
            } else {
                c
            };
            base = r.table;
            phi_b = phi_r;
        }
        Err(QuotientError::Rounds { heap: h })
    }

    /// The heaps to track apart so that the trial built on `base` tells
    /// apart the words `u` (of outcome `ou`) and `v` (the other outcome):
    /// among the heaps in which they differ, the first single heap (largest
    /// first), then pair, whose trial guesses both outcomes right; or else
    /// all of them.
    #[allow(clippy::too_many_arguments)]
    fn choose(
        &self,
        base: &Table,
        phi_b: &[u32],
        h: u64,
        u: &[u64],
        v: &[u64],
        ou: bool,
        spend: &mut Spend,
    ) -> Result<Vec<Cyclic>, QuotientError> {
        let count = |w: &[u64], k: u64| w.iter().filter(|&&x| x == k).count() as u64;
        let mut diff: Vec<u64> = u
            .iter()
            .chain(v)
            .copied()
            .filter(|&k| count(u, k) != count(v, k))
            .collect();
        diff.sort_unstable_by(|a, b| b.cmp(a));
        diff.dedup();
        let factor = |k: u64| {
            let (i, p) = base.index_period(phi_b[k as usize]);
            let e = u32::try_from(count(u, k).max(count(v, k)) + 1).unwrap_or(u32::MAX);
            Cyclic {
                heap: k,
                index: i.max(e),
                period: p.max(1),
            }
        };
        let mut sets: Vec<Vec<u64>> = diff.iter().map(|&k| vec![k]).collect();
        for (i, &a) in diff.iter().enumerate().take(8) {
            for &b in diff.iter().skip(i + 1).take(8) {
                sets.push(vec![a, b]);
            }
        }
        for set in sets {
            let cyclic: Vec<Cyclic> = set.iter().map(|&k| factor(k)).collect();
            let trial = Trial { base, cyclic };
            if trial.size().is_none() {
                continue;
            }
            let phi = |x: u64| trial.heap(x, phi_b[x as usize]);
            let letters = self.letters_of(&trial, &phi, h);
            let g = guess(&trial, &letters, spend)?;
            let at = |w: &[u64]| w.iter().fold(0, |x, &k| trial.mul(x, phi(k)));
            if g.p.get(&at(u)) == Some(&ou) && g.p.get(&at(v)) == Some(&!ou) {
                return Ok(trial.cyclic);
            }
        }
        if diff.is_empty() {
            return Err(QuotientError::Rounds { heap: h });
        }
        Ok(diff.iter().map(|&k| factor(k)).collect())
    }
}

impl Attempt {
    /// Notes a refuted trial (reduced to `table`, the heap's element `x`)
    /// and its refutation: words `u` (of outcome `ou`, true for P) and `v`.
    fn refuted(&mut self, table: &Table, x: u32, u: &[u64], v: &[u64], ou: bool) {
        self.rounds += 1;
        self.order = table.order;
        self.powers = table.index_period(x);
        let (p, n) = if ou { (u, v) } else { (v, u) };
        self.witness = Some((p.to_vec(), n.to_vec()));
    }
}

/// The heaps of a word of letters, sorted.
fn heaps_of(w: &[usize], letters: &[Letter]) -> Vec<u64> {
    let mut w: Vec<u64> = w.iter().map(|&l| letters[l].heap).collect();
    w.sort_unstable();
    w
}

/// The distinct elements of the letters.
fn generators(letters: &[Letter]) -> Vec<u32> {
    let mut gens: Vec<u32> = letters.iter().map(|l| l.phi).collect();
    gens.sort_unstable();
    gens.dedup();
    gens
}
