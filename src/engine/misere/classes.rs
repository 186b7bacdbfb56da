//! Components and their misère classes: which play like Nim heaps.
//!
//! A component is a heap of a rule family or an opaque game whose options
//! come from the [`Source`]. Its class is the Nim heap it is proven
//! equivalent to by the mex rule (see the `misere` module docs), or `WILD`:
//! not proven, so it stays in positions as itself. Opaque components are
//! classed depth first with an explicit stack (chains 10^6 deep are fine);
//! family heaps by their dense tables ([`super::family`]).

use super::atoms::{NIM, Nims, WILD, is_nim};
use super::canonical::{Form, FormError, Forms, ZERO};
use super::{Engine, Error, Item, Resolved, Source};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::ops::ControlFlow;
use std::rc::Rc;

/// Not yet classed; being classed (on the stack).
const UNKNOWN: u32 = u32::MAX - 1;
const GRAY: u32 = u32::MAX - 2;

/// Bytes a component takes besides its options.
const COMP_BYTES: u64 = 48;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    Heap { family: u32, n: u64 },
    Opaque(u32),
}

/// An option seen through classes: the components not known to be Nim
/// heaps, and the Nim part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Summary<W> {
    pub wild: SmallVec<[W; 3]>,
    pub nims: Nims,
}

impl<W> Summary<W> {
    /// The Nim heap the option is equivalent to, if it is proven one.
    pub fn single(&self) -> Option<u64> {
        if self.wild.is_empty() {
            self.nims.single()
        } else {
            None
        }
    }
}

/// The mex rule. `nims` holds the values of the options proven Nim heaps,
/// `others` the rest; `reverses(w, rest, m)` tells whether the option
/// `w + rest` (one component not known to be a Nim heap, beside a Nim part)
/// has an option `≡ *m`. Returns `Some(m)` when the game is proven `≡ *m`.
pub(super) fn mex_rule<W: Copy, E>(
    nims: &mut Vec<u64>,
    others: &[Summary<W>],
    has_options: bool,
    mut reverses: impl FnMut(W, &Nims, u64) -> Result<bool, Error<E>>,
) -> Result<Option<u64>, Error<E>> {
    nims.sort_unstable();
    nims.dedup();
    let m = nims
        .iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(nims.len() as u64, |(i, _)| i as u64);
    if m >= u64::from(NIM) || (has_options && m == 0 && nims.binary_search(&1).is_err()) {
        return Ok(None);
    }
    for o in others {
        let ok = match o.wild.as_slice() {
            [] => nims_reverse(&o.nims, m),
            [w] => reverses(*w, &o.nims, m)?,
            _ => false,
        };
        if !ok {
            return Ok(None);
        }
    }
    Ok(Some(m))
}

/// Whether a Nim part of two or more heaps of 2 or more has an option
/// `≡ *m`: a move must leave at most one heap of 2 or more, so there must
/// be exactly two, `*x + *y`, and the move empties one or leaves it 1.
fn nims_reverse(n: &Nims, m: u64) -> bool {
    match n.0.as_slice() {
        [x, y] => [*x, x ^ 1, *y, y ^ 1].contains(&m),
        _ => false,
    }
}

/// A component's options, each as sorted atoms, shared with the search.
pub(super) type Options = Rc<[Box<[u32]>]>;

#[derive(Default)]
pub(super) struct Comps {
    kinds: Vec<Kind>,
    ids: FxHashMap<Kind, u32>,
    class: Vec<u32>,
    /// The options, as sorted atoms, once worked out.
    options: Vec<Option<Options>>,
    bytes: u64,
    /// Canonical forms of wild opaque components, where found cheaply
    /// ([`Shared`]).
    pub shared: Shared,
}

/// Wild opaque components equal in misère play share one atom: each is
/// given its canonical form when its options' wild components all have
/// theirs and the forms' own budget allows, and the first component of a
/// form stands for every later one. A component may be replaced by an
/// equal game in any sum without changing its outcome (that is what
/// equality means), so the search's answers are unchanged and equal
/// positions share one memo entry.
pub(super) struct Shared {
    forms: Forms,
    /// Stopped: the budget ran out once.
    spent: bool,
    form: FxHashMap<u32, Form>,
    by_form: FxHashMap<Form, u32>,
    alias: FxHashMap<u32, u32>,
}

/// Steps of work the forms of one statement's components may take.
const SHARED_WORK: u64 = 1 << 20;

/// Forms they may hold, and bytes.
const SHARED_FORMS: u64 = 1 << 16;
const SHARED_BYTES: u64 = 32 << 20;

impl Default for Shared {
    fn default() -> Self {
        Shared {
            forms: Forms::new(SHARED_WORK, SHARED_FORMS, SHARED_BYTES),
            spent: false,
            form: FxHashMap::default(),
            by_form: FxHashMap::default(),
            alias: FxHashMap::default(),
        }
    }
}

impl Shared {
    /// The component that stands for `c`.
    pub fn stand_in(&self, c: u32) -> u32 {
        self.alias.get(&c).copied().unwrap_or(c)
    }

    /// Each component given another's atom, with that other.
    #[cfg(test)]
    pub fn pairs(&self) -> Vec<(u32, u32)> {
        self.alias.iter().map(|(&a, &b)| (a, b)).collect()
    }

    /// Gives wild component `c`, of options `options` (atoms), its form
    /// and its stand-in, if cheap.
    fn add(&mut self, c: u32, options: &[Box<[u32]>]) {
        if self.spent {
            return;
        }
        match self.form_of(options) {
            Ok(Some(f)) => {
                self.form.insert(c, f);
                match self.by_form.get(&f) {
                    Some(&c0) => {
                        self.alias.insert(c, c0);
                    }
                    None => {
                        self.by_form.insert(f, c);
                    }
                }
            }
            Ok(None) => {}
            Err(_) => self.spent = true,
        }
    }

    fn form_of(&mut self, options: &[Box<[u32]>]) -> Result<Option<Form>, FormError> {
        let mut opts = Vec::with_capacity(options.len());
        for o in options {
            let mut sum = ZERO;
            for &a in o.iter().filter(|&&a| !is_nim(a)) {
                let Some(&f) = self.form.get(&a) else {
                    return Ok(None);
                };
                sum = self.forms.add(sum, f)?;
            }
            for h in Nims::of_atoms(o).0 {
                let heap = self.forms.nim(h)?;
                sum = self.forms.add(sum, heap)?;
            }
            opts.push(sum);
        }
        self.forms.simplify(opts).map(Some)
    }
}

impl Comps {
    pub fn held(&self) -> u64 {
        self.bytes
    }

    fn intern(&mut self, kind: Kind) -> u32 {
        if let Some(&id) = self.ids.get(&kind) {
            return id;
        }
        let id = self.kinds.len() as u32;
        self.kinds.push(kind);
        self.ids.insert(kind, id);
        self.class.push(match kind {
            Kind::Heap { .. } => WILD,
            Kind::Opaque(_) => UNKNOWN,
        });
        self.options.push(None);
        self.bytes += COMP_BYTES;
        id
    }

    pub fn kind(&self, c: u32) -> Kind {
        self.kinds[c as usize]
    }
}

impl Engine {
    /// An item as a Nim heap or a component not known to be one.
    pub(super) fn resolve<S: Source>(
        &mut self,
        item: Item,
        src: &mut S,
    ) -> Result<Resolved, Error<S::Error>> {
        match item {
            Item::Nim(v) => Ok(Resolved::Nim(v)),
            Item::Heap { family, n } => {
                let c = self.heap_class(family, n, src)?;
                Ok(if c == WILD {
                    Resolved::Wild(self.comps.intern(Kind::Heap { family, n }))
                } else {
                    Resolved::Nim(u64::from(c))
                })
            }
            Item::Opaque(id) => {
                let c = self.comps.intern(Kind::Opaque(id));
                self.class_opaque(c, src)?;
                Ok(match self.comps.class[c as usize] {
                    WILD => Resolved::Wild(self.comps.shared.stand_in(c)),
                    v => Resolved::Nim(u64::from(v)),
                })
            }
        }
    }

    fn heap_class<S: Source>(
        &mut self,
        family: u32,
        n: u64,
        src: &mut S,
    ) -> Result<u32, Error<S::Error>> {
        let f = family as usize;
        if let Some(c) = self.families[f].get(n) {
            return Ok(c);
        }
        let other = self.held() - self.families[f].held();
        self.families[f].extend(n, &self.budget, other, &mut self.meter, src.watch(), family)?;
        Ok(self.families[f].get(n).unwrap_or(WILD))
    }

    /// Classes an opaque component and everything below it, depth first.
    fn class_opaque<S: Source>(&mut self, root: u32, src: &mut S) -> Result<(), Error<S::Error>> {
        if self.comps.class[root as usize] != UNKNOWN {
            return Ok(());
        }
        let mut stack: Vec<(u32, bool)> = vec![(root, false)];
        let mut pending: FxHashMap<u32, Vec<Vec<Item>>> = FxHashMap::default();
        let result = self.class_loop(&mut stack, &mut pending, src);
        if result.is_err() {
            for (c, _) in stack {
                if self.comps.class[c as usize] == GRAY {
                    self.comps.class[c as usize] = UNKNOWN;
                }
            }
        }
        result
    }

    fn class_loop<S: Source>(
        &mut self,
        stack: &mut Vec<(u32, bool)>,
        pending: &mut FxHashMap<u32, Vec<Vec<Item>>>,
        src: &mut S,
    ) -> Result<(), Error<S::Error>> {
        while let Some((c, expanded)) = stack.pop() {
            let state = self.comps.class[c as usize];
            if !expanded {
                if state != UNKNOWN {
                    continue;
                }
                let Kind::Opaque(id) = self.comps.kind(c) else {
                    continue;
                };
                let mut raw = Vec::new();
                src.options(id, &mut raw).map_err(Error::Source)?;
                let count: u64 = raw.iter().map(|o| o.len() as u64 + 1).sum();
                self.meter.spend(count, src.watch())?;
                self.comps.class[c as usize] = GRAY;
                stack.push((c, true));
                for o in &raw {
                    for &item in o {
                        if let Item::Opaque(x) = item {
                            let d = self.comps.intern(Kind::Opaque(x));
                            match self.comps.class[d as usize] {
                                UNKNOWN => stack.push((d, false)),
                                GRAY => return Err(Error::Loop),
                                _ => {}
                            }
                        }
                    }
                }
                pending.insert(c, raw);
            } else {
                let raw = pending.remove(&c).unwrap_or_default();
                self.finish_opaque(c, raw, src)?;
            }
        }
        Ok(())
    }

    /// Every component of `c`'s options is classed: reduce them to atoms
    /// and apply the mex rule.
    fn finish_opaque<S: Source>(
        &mut self,
        c: u32,
        raw: Vec<Vec<Item>>,
        src: &mut S,
    ) -> Result<(), Error<S::Error>> {
        let mut options: Vec<Box<[u32]>> = Vec::with_capacity(raw.len());
        for o in raw {
            options.push(self.reduce(&o, src)?);
        }
        let class = self.class_from_options(&options, src)?;
        self.comps.class[c as usize] = class;
        if class == WILD {
            self.comps.shared.add(c, &options);
        }
        self.store_options(c, options)
    }

    /// Keeps a component's options, within the memory budget.
    fn store_options<E>(&mut self, c: u32, options: Vec<Box<[u32]>>) -> Result<(), Error<E>> {
        let bytes: u64 = options.iter().map(|o| 16 + 4 * o.len() as u64).sum();
        self.comps.bytes += bytes;
        self.comps.options[c as usize] = Some(Rc::from(options));
        let held = self.held();
        if held > self.budget.memory {
            return Err(Error::Memory {
                bytes: self.comps.bytes,
                held: held - self.comps.bytes,
            });
        }
        Ok(())
    }

    /// The mex rule on options given as atoms.
    fn class_from_options<S: Source>(
        &mut self,
        options: &[Box<[u32]>],
        src: &mut S,
    ) -> Result<u32, Error<S::Error>> {
        let mut nims = Vec::new();
        let mut others = Vec::new();
        for o in options {
            let s = summary(o);
            match s.single() {
                Some(v) => nims.push(v),
                None => others.push(s),
            }
        }
        let verdict = mex_rule(&mut nims, &others, !options.is_empty(), |w, rest, m| {
            let opts = self.options_of(w, src)?;
            Ok(opts.iter().any(|o| {
                let s = summary(o);
                s.wild.is_empty()
                    && Nims::canon(rest.0.iter().chain(&s.nims.0).copied()).single() == Some(m)
            }))
        })?;
        Ok(verdict.map_or(WILD, |v| v as u32))
    }

    /// A sum of items as sorted atoms: its wild components, then its Nim
    /// part in canonical form.
    pub(super) fn reduce<S: Source>(
        &mut self,
        items: &[Item],
        src: &mut S,
    ) -> Result<Box<[u32]>, Error<S::Error>> {
        let mut atoms: Vec<u32> = Vec::with_capacity(items.len());
        let mut values: SmallVec<[u64; 4]> = SmallVec::new();
        for &item in items {
            match self.resolve(item, src)? {
                Resolved::Nim(v) => values.push(v),
                Resolved::Wild(w) => atoms.push(w),
            }
        }
        atoms.sort_unstable();
        Nims::canon(values)
            .push_atoms(&mut atoms)
            .map_err(Error::NimTooLarge)?;
        Ok(atoms.into_boxed_slice())
    }

    /// The options of a component not known to be a Nim heap, as atoms
    /// (worked out on first use for family heaps).
    pub(super) fn options_of<S: Source>(
        &mut self,
        c: u32,
        src: &mut S,
    ) -> Result<Options, Error<S::Error>> {
        if self.comps.options[c as usize].is_none() {
            let Kind::Heap { family, n } = self.comps.kind(c) else {
                // opaque components get theirs when classed
                return Err(Error::Loop);
            };
            let rule = self.families[family as usize].rule.clone();
            let count = rule.move_count(n);
            if count > u128::from(self.meter.left()) {
                return Err(Error::Options {
                    estimate: Some(count.saturating_add(u128::from(self.meter.work))),
                    limit: self.meter.limit,
                });
            }
            let mut moves: Vec<SmallVec<[u64; 3]>> = Vec::new();
            let _ = rule.each_move(n, |_, heaps| {
                moves.push(SmallVec::from_slice(heaps));
                ControlFlow::<()>::Continue(())
            });
            self.meter.spend(count as u64, src.watch())?;
            let mut options = Vec::with_capacity(moves.len());
            for m in moves {
                let items: SmallVec<[Item; 3]> =
                    m.iter().map(|&h| Item::Heap { family, n: h }).collect();
                options.push(self.reduce(&items, src)?);
            }
            self.store_options(c, options)?;
        }
        // Shared with the search, which holds them while it interns
        // positions.
        Ok(self.comps.options[c as usize]
            .clone()
            .unwrap_or_else(|| Rc::from(Vec::new())))
    }
}

/// An option given as atoms, split into components and Nim part.
pub(super) fn summary(atoms: &[u32]) -> Summary<u32> {
    Summary {
        wild: atoms.iter().copied().filter(|&a| !is_nim(a)).collect(),
        nims: Nims::of_atoms(atoms),
    }
}
