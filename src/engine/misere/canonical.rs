//! Misère canonical forms of impartial games: the simplest game of each
//! misère class, so that two games are equal in misère play exactly when
//! their canonical forms are the same.
//!
//! # Definitions
//!
//! `o(G)` is the misère outcome: `G` is P when it has an option and every
//! option is N (the empty game `0` is N). `G = H` when `o(G + X) = o(H + X)`
//! for every game `X`. `G` is *linked* to `H` when some `T` makes both
//! `G + T` and `H + T` P-positions.
//!
//! # The equality test (proven here)
//!
//! **Theorem.** `G = H` exactly when (i) `G` is linked to no option `H'`,
//! (ii) no option `G'` is linked to `H`, and (iii) `o(G) = o(H)`.
//!
//! *Only if:* (iii) is `X = 0`. If `G + T` and `H' + T` were P with
//! `G = H`, then `H + T` would be P with the P option `H' + T`: no. (ii)
//! likewise. *If:* take a distinguishing `X` of least birthday, say
//! `G + X` P and `H + X` N (the other case is symmetric). If `H + X` has no
//! option then `X = 0` and (iii) fails. If `H + X'` is P then so is
//! `G + X'` (`X'` is born earlier, so it does not distinguish), an option of
//! the P-position `G + X`: no. Otherwise some `H' + X` is P, and `X` links
//! `G` to `H'`, against (i).
//!
//! **Linkage (Conway, On Numbers and Games, ch. 12).** `G` is linked to `H`
//! exactly when no `G'` equals `H` and no `H'` equals `G`. "Only if": with
//! `G' = H`, every `T` with `G + T` P has `G' + T` N, so `H + T` N. "If":
//! [`Forms::link`] builds the `T`, from games telling smaller pairs apart
//! (by induction on birthdays; its comment has the step). The integration
//! test `misere_forms` checks both theorems against outcomes of sums
//! computed by brute force, sharing no code with this module.
//!
//! # Simplification (Grundy and Smith), with its proviso (proven here)
//!
//! An option `G'` of `G` is *reversible* through `G''` (an option of `G'`)
//! when `G'' = G`. Let `K` be `G` with `G'` replaced by the options of
//! `G''`. **Then `G = K` exactly when `o(G) = o(K)`**, which fails only
//! when `G''` has no option and `K` is a P-position.
//!
//! *Proof.* Take `X` of least birthday with `o(G + X) ≠ o(K + X)`. If
//! `G + X` is P and `K + X` N: `K + X` has options (else `K = X = 0`, so
//! `G'' = 0`, `G = G''` is N, and `G + X = G` is not P); a P option
//! `K + X'` would make `G + X'` P (least birthday), an option of a
//! P-position; a P option `G1' + X` (`G1'` another option of `G`) is an
//! option of `G + X`; a P option `G''' + X` makes `G'' + X`, so `G + X`, N.
//! If `G + X` is N and `K + X` P: `G + X` has a P option. `G + X'` P would
//! make `K + X'` P; `G1' + X` is an option of `K + X`; so `G' + X` is P and
//! `G'' + X` is N. But every option of `G'' + X` is N: `G''' + X` is an
//! option of `K + X`, and `G'' + X' = G + X'` has the outcome of `K + X'`,
//! an option of `K + X`. So `G'' + X` has no option: `G'' = X = 0`, and
//! `X = 0` distinguishes, `o(G) ≠ o(K)`. ∎
//!
//! **Canonical form.** Options are made canonical first (the forms are
//! built from the leaves up), equal options kept once, and reversible
//! options bypassed while the proviso allows; each bypass puts options of
//! smaller birthday in place of one, so this ends. What is left, a game
//! with canonical options none of which can be bypassed, is the simplest
//! form; by Conway's uniqueness theorem for it (On Numbers and Games,
//! Theorem 77) two such games are equal exactly when they are the same
//! game. So forms are interned by their sets of options, and equal games
//! get the same [`Form`]. The tests count the forms born by day 4 (22, as
//! Grundy and Smith found) and check equality against brute force.
//!
//! # Sums, adjoints, mates
//!
//! `G + H` is the canonical form of `{G' + H, G + H'}` (equal options give
//! equal games, the mimic lemma of the module above). The *mate* `G⁻` is
//! `*1` when `G` has no option, and `{(G')⁻}` otherwise (taken of the
//! canonical form). `G + G⁻` is always P: its options `G' + G⁻` and
//! `G + (G')⁻` each move to the P-position `G' + (G')⁻` (by induction; and
//! `0 + *1` is P). So mates are the first candidates when a position that
//! tells two games apart is looked for.

use rustc_hash::FxHashMap;

/// A canonical form, interned in [`Forms`]. The empty game is [`ZERO`].
pub type Form = u32;

/// The empty game.
pub const ZERO: Form = 0;

/// Why a form was not found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormError {
    /// The steps of work passed the limit.
    Work { limit: u64 },
    /// The forms held passed the limit.
    Forms { limit: u64 },
    /// The bytes held would pass the limit.
    Memory { bytes: u64, limit: u64 },
}

/// Bytes a form takes besides its options' ids (twice: the form and its
/// key in the index).
const FORM_BYTES: u64 = 96;

/// How [`Forms::fold`] makes a node's form from the forms of its options.
pub type MakeForm<'a, N> = dyn FnMut(&mut Forms, N, Vec<Form>) -> Result<Form, FormError> + 'a;

/// The canonical forms met so far, with their sums.
pub struct Forms {
    opts: Vec<Box<[Form]>>,
    born: Vec<u32>,
    p: Vec<bool>,
    plus: Vec<u32>,
    minus: Vec<u32>,
    index: FxHashMap<Box<[Form]>, Form>,
    sums: FxHashMap<(Form, Form), Form>,
    nims: Vec<Form>,
    /// Steps of work done.
    pub work: u64,
    work_limit: u64,
    forms_limit: u64,
    bytes: u64,
    memory_limit: u64,
}

impl Forms {
    /// Forms within `work_limit` steps, `forms_limit` forms and
    /// `memory_limit` bytes.
    pub fn new(work_limit: u64, forms_limit: u64, memory_limit: u64) -> Forms {
        let mut f = Forms {
            opts: Vec::new(),
            born: Vec::new(),
            p: Vec::new(),
            plus: Vec::new(),
            minus: Vec::new(),
            index: FxHashMap::default(),
            sums: FxHashMap::default(),
            nims: Vec::new(),
            work: 0,
            work_limit,
            forms_limit,
            bytes: 0,
            memory_limit,
        };
        f.intern(Vec::new());
        f
    }

    /// Counts `n` steps of work against the limit.
    pub fn step(&mut self, n: u64) -> Result<(), FormError> {
        self.work = self.work.saturating_add(n);
        if self.work > self.work_limit {
            return Err(FormError::Work {
                limit: self.work_limit,
            });
        }
        Ok(())
    }

    /// Bytes the forms held take.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Forms held.
    pub fn len(&self) -> usize {
        self.opts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.opts.is_empty()
    }

    /// The options of a form (sorted).
    pub fn options(&self, f: Form) -> &[Form] {
        &self.opts[f as usize]
    }

    /// Its birthday.
    pub fn born(&self, f: Form) -> u32 {
        self.born[f as usize]
    }

    /// Whether it is a misère P-position.
    pub fn is_p(&self, f: Form) -> bool {
        self.p[f as usize]
    }

    /// Its normal-play Grundy value `G⁺`.
    pub fn plus(&self, f: Form) -> u32 {
        self.plus[f as usize]
    }

    /// Its misère Grundy value `G⁻` (1 for the empty game).
    pub fn minus(&self, f: Form) -> u32 {
        self.minus[f as usize]
    }

    /// The form of a set of options that is canonical as it is.
    fn intern(&mut self, a: Vec<Form>) -> Form {
        if let Some(&f) = self.index.get(&a[..]) {
            return f;
        }
        let id = self.opts.len() as Form;
        let born = a.iter().map(|&x| self.born[x as usize] + 1).max().unwrap_or(0);
        let p = !a.is_empty() && a.iter().all(|&x| !self.p[x as usize]);
        let plus = mex(a.iter().map(|&x| self.plus[x as usize]));
        let minus = if a.is_empty() {
            1
        } else {
            mex(a.iter().map(|&x| self.minus[x as usize]))
        };
        self.bytes += FORM_BYTES + 8 * a.len() as u64;
        let a = a.into_boxed_slice();
        self.index.insert(a.clone(), id);
        self.opts.push(a);
        self.born.push(born);
        self.p.push(p);
        self.plus.push(plus);
        self.minus.push(minus);
        id
    }

    /// The Nim heap `*n`: `{0, *1, ..., *(n-1)}` has no reversible option
    /// (an option of `*k` is some `*j`, `j < k < n`, never equal to `*n`:
    /// `*j` is not linked to itself, an option of `*n`), so it is canonical.
    /// Refused before it starts when the heaps still to build would pass
    /// the work or the memory allowed (`*k` takes `k` steps and ids).
    pub fn nim(&mut self, n: u64) -> Result<Form, FormError> {
        let have = self.nims.len() as u128;
        let want = u128::from(n) + 1;
        if want > have {
            let ids = (want * (want + 1) - have * (have + 1)) / 2;
            if u128::from(self.work) + ids > u128::from(self.work_limit) {
                return Err(FormError::Work {
                    limit: self.work_limit,
                });
            }
            let bytes = u128::from(self.bytes) + ids * 8 + (want - have) * u128::from(FORM_BYTES);
            if bytes > u128::from(self.memory_limit) {
                return Err(FormError::Memory {
                    bytes: u64::try_from(bytes).unwrap_or(u64::MAX),
                    limit: self.memory_limit,
                });
            }
        }
        while (self.nims.len() as u64) <= n {
            let k = self.nims.len();
            self.step(k as u64 + 1)?;
            self.room()?;
            let f = self.intern(self.nims.clone());
            self.nims.push(f);
        }
        Ok(self.nims[n as usize])
    }

    fn room(&self) -> Result<(), FormError> {
        if self.opts.len() as u64 >= self.forms_limit {
            return Err(FormError::Forms {
                limit: self.forms_limit,
            });
        }
        if self.bytes > self.memory_limit {
            return Err(FormError::Memory {
                bytes: self.bytes,
                limit: self.memory_limit,
            });
        }
        Ok(())
    }

    /// Whether the game with options `a` (canonical forms), which is N
    /// when `a_n`, equals the form `h`: the theorem's three conditions,
    /// with linkage between canonical forms read off their options.
    fn equals(
        &mut self,
        a: &[Form],
        a_n: bool,
        h: Form,
        memo: &mut FxHashMap<Form, bool>,
    ) -> Result<bool, FormError> {
        if let Some(&r) = memo.get(&h) {
            return Ok(r);
        }
        self.step(1 + a.len() as u64)?;
        // (iii)
        let mut r = a_n != self.p[h as usize];
        // (ii): `a'` and `h`, both canonical, are linked unless one is an
        // option of the other (equal canonical forms are the same form)
        let hs = self.opts[h as usize].clone();
        r = r
            && a.iter()
                .all(|&x| self.opts[x as usize].binary_search(&h).is_ok() || hs.binary_search(&x).is_ok());
        // (i): `a` is linked to `h'` unless `h'` is an option of `a` or an
        // option of `h'` equals `a`
        if r {
            for &h1 in hs.iter() {
                if a.binary_search(&h1).is_ok() {
                    continue;
                }
                let mut reached = false;
                for &h2 in self.opts[h1 as usize].clone().iter() {
                    if self.equals(a, a_n, h2, memo)? {
                        reached = true;
                        break;
                    }
                }
                if !reached {
                    r = false;
                    break;
                }
            }
        }
        memo.insert(h, r);
        Ok(r)
    }

    /// The canonical form of the game whose options are the forms `a`.
    pub fn simplify(&mut self, mut a: Vec<Form>) -> Result<Form, FormError> {
        loop {
            a.sort_unstable();
            a.dedup();
            if let Some(&f) = self.index.get(&a[..]) {
                return Ok(f);
            }
            match self.bypass(&a)? {
                Some(k) => a = k,
                None => {
                    self.room()?;
                    return Ok(self.intern(a));
                }
            }
        }
    }

    /// `a` with one reversible option replaced by the options it reverses
    /// through, where the proviso allows; `None` when no option can be.
    fn bypass(&mut self, a: &[Form]) -> Result<Option<Vec<Form>>, FormError> {
        let n_of = |s: &Self, set: &[Form]| set.is_empty() || set.iter().any(|&x| s.p[x as usize]);
        let a_n = n_of(self, a);
        let mut memo = FxHashMap::default();
        for (i, &x) in a.iter().enumerate() {
            for &y in self.opts[x as usize].clone().iter() {
                // equal games have equal outcomes: a cheap first test
                if self.p[y as usize] == a_n || !self.equals(a, a_n, y, &mut memo)? {
                    continue;
                }
                let mut k: Vec<Form> = a[..i].iter().chain(&a[i + 1..]).copied().collect();
                k.extend(self.opts[y as usize].iter());
                if n_of(self, &k) == a_n {
                    return Ok(Some(k));
                }
            }
        }
        Ok(None)
    }

    /// The canonical form of `a + b`.
    pub fn add(&mut self, a: Form, b: Form) -> Result<Form, FormError> {
        let key = |x: Form, y: Form| if x <= y { (x, y) } else { (y, x) };
        let mut stack = vec![key(a, b)];
        while let Some(&(x, y)) = stack.last() {
            if x == ZERO || self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            let mut opts = Vec::new();
            let mut missing = false;
            let (xs, ys) = (self.opts[x as usize].clone(), self.opts[y as usize].clone());
            let pairs = xs.iter().map(|&x1| key(x1, y)).chain(ys.iter().map(|&y1| key(x, y1)));
            for k in pairs {
                match (k.0, self.sums.get(&k)) {
                    (ZERO, _) => opts.push(k.1),
                    (_, Some(&f)) => opts.push(f),
                    (_, None) => {
                        stack.push(k);
                        missing = true;
                    }
                }
            }
            if missing {
                continue;
            }
            let f = self.simplify(opts)?;
            self.sums.insert((x, y), f);
            stack.pop();
        }
        let (x, y) = key(a, b);
        Ok(if x == ZERO { y } else { self.sums[&(x, y)] })
    }

    /// The form of a game built leaves first: `children(node)` lists the
    /// nodes whose forms make its options; `make` turns those forms into
    /// the node's form. Iterative, so deep games do not use the stack.
    pub fn fold<N: Copy + Eq + std::hash::Hash>(
        &mut self,
        root: N,
        children: &mut dyn FnMut(&mut Self, N) -> Vec<N>,
        make: &mut MakeForm<'_, N>,
    ) -> Result<Form, FormError> {
        let mut done: FxHashMap<N, Form> = FxHashMap::default();
        let mut stack = vec![root];
        while let Some(&n) = stack.last() {
            if done.contains_key(&n) {
                stack.pop();
                continue;
            }
            let kids = children(self, n);
            let waiting: Vec<N> = kids.iter().copied().filter(|k| !done.contains_key(k)).collect();
            if !waiting.is_empty() {
                stack.extend(waiting);
                continue;
            }
            let forms = kids.iter().map(|k| done[k]).collect();
            let f = make(self, n, forms)?;
            done.insert(n, f);
            stack.pop();
        }
        Ok(done[&root])
    }

    /// The mate of a form: `*1` for the empty game, else `{(G')⁻}`.
    pub fn mate(&mut self, g: Form) -> Result<Form, FormError> {
        self.fold(
            g,
            &mut |s, f| s.opts[f as usize].to_vec(),
            &mut |s, f, kids| if f == ZERO { s.nim(1) } else { s.simplify(kids) },
        )
    }

    /// A game `X` with `o(a + X) ≠ o(b + X)`, when `a ≠ b` (built as the
    /// module's proof of linkage builds it, and checked).
    /// The games born by day 2 are tried first, for a short answer.
    pub fn distinguisher(&mut self, a: Form, b: Form) -> Result<Option<Form>, FormError> {
        if a == b {
            return Ok(None);
        }
        for x in self.born_by(2)? {
            let (ax, bx) = (self.add(a, x)?, self.add(b, x)?);
            if self.p[ax as usize] != self.p[bx as usize] {
                return Ok(Some(x));
            }
        }
        let Some(x) = self.discriminator(a, b)? else {
            return Ok(None);
        };
        let (ax, bx) = (self.add(a, x)?, self.add(b, x)?);
        Ok((self.p[ax as usize] != self.p[bx as usize]).then_some(x))
    }

    /// A game telling `a` and `b` apart: `0` when one is the empty game
    /// and the other P; else a game linking `b` to an option of `a` (then
    /// `b + T` is P and `a + T` N), or `a` to an option of `b`. The
    /// equality theorem says one of these exists when `a ≠ b`.
    fn discriminator(&mut self, a: Form, b: Form) -> Result<Option<Form>, FormError> {
        if a == b {
            return Ok(None);
        }
        if (a == ZERO && self.p[b as usize]) || (b == ZERO && self.p[a as usize]) {
            return Ok(Some(ZERO));
        }
        self.step(1)?;
        for (g, h) in [(a, b), (b, a)] {
            for g1 in self.opts[g as usize].clone().iter() {
                if let Some(t) = self.link(h, *g1)? {
                    return Ok(Some(t));
                }
            }
        }
        Ok(None)
    }

    /// A game `T` with `a + T` P and `b + T` N, when `a ≠ b`: a
    /// discriminator `D`, or when `a + D` is N, `{D, (a')⁻ ...}` (its
    /// options `a + D`, `a + (a')⁻` and `a' + T` are all N, each having a
    /// P option, and `b + T` has the P option `b + D`).
    fn discriminator_pn(&mut self, a: Form, b: Form) -> Result<Option<Form>, FormError> {
        let Some(d) = self.discriminator(a, b)? else {
            return Ok(None);
        };
        let ad = self.add(a, d)?;
        if self.p[ad as usize] {
            return Ok(Some(d));
        }
        let mut opts = vec![d];
        for a1 in self.opts[a as usize].clone().iter() {
            opts.push(self.mate(*a1)?);
        }
        Ok(Some(self.simplify(opts)?))
    }

    /// A game `T` linking `a` and `b` (both `a + T` and `b + T` P), when
    /// they are linked: `*1` for two empty games; none when one is an
    /// option of the other; else `T` has an option `T(a')` with `a' + T(a')`
    /// P and `b + T(a')` N for each `a'` (which exists, as `a' ≠ b`), and
    /// likewise for each `b'`. Then every option of `a + T` is N: `a' + T`
    /// moves to `a' + T(a')`, `a + T(a')` too, and `a + T(b')` is N by
    /// the choice of `T(b')`; and `a + T` has an option. So linkage is
    /// exactly "neither is an option of the other" (for canonical forms),
    /// by induction on birthdays.
    fn link(&mut self, a: Form, b: Form) -> Result<Option<Form>, FormError> {
        if a == ZERO && b == ZERO {
            return Ok(Some(self.nim(1)?));
        }
        if self.opts[a as usize].binary_search(&b).is_ok()
            || self.opts[b as usize].binary_search(&a).is_ok()
        {
            return Ok(None);
        }
        self.step(1)?;
        let mut opts = Vec::new();
        for (g, h) in [(a, b), (b, a)] {
            for g1 in self.opts[g as usize].clone().iter() {
                match self.discriminator_pn(*g1, h)? {
                    Some(t) => opts.push(t),
                    None => return Ok(None),
                }
            }
        }
        Ok(Some(self.simplify(opts)?))
    }

    /// The distinct canonical forms of the games born by day `d` (every
    /// set of forms born by day `d - 1`, simplified).
    pub fn born_by(&mut self, d: u32) -> Result<Vec<Form>, FormError> {
        let mut forms = vec![ZERO];
        for _ in 0..d {
            if forms.len() > 24 {
                return Err(FormError::Forms {
                    limit: self.forms_limit,
                });
            }
            let mut next: Vec<Form> = Vec::new();
            for mask in 0u64..(1 << forms.len()) {
                let set = (0..forms.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| forms[i])
                    .collect();
                next.push(self.simplify(set)?);
            }
            next.sort_unstable();
            next.dedup();
            forms = next;
        }
        Ok(forms)
    }

    /// Per form held, in the order of ids: the Nim heap it is, if it is
    /// one (its options are exactly `0, *1, ..., *(n-1)`).
    pub fn nim_sizes(&self) -> Vec<Option<u64>> {
        let mut out: Vec<Option<u64>> = Vec::with_capacity(self.opts.len());
        for o in &self.opts {
            let mut sizes: Vec<u64> = o.iter().filter_map(|&x| out[x as usize]).collect();
            sizes.sort_unstable();
            let heap = sizes.len() == o.len()
                && sizes.iter().enumerate().all(|(i, &n)| i as u64 == n);
            out.push(heap.then_some(o.len() as u64));
        }
        out
    }
}

/// Where a form stands among the phyla CGSuite sorts misère canonical
/// forms into (Dan Hoey's classification), each read off the form's genus
/// `(G⁺, G⁻)` and its options. A genus is *tame* when it is that of a Nim
/// position ([`tame_genus`]), *restive* when it is not tame but `G⁺` is 0
/// or 1. A form of tame genus is
///
/// - a **Nim heap** (the phylum) when every option is of this phylum and
///   its genus is
///   `(n, n)` with `n ≥ 2`, `(0, 1)` or `(1, 0)`;
/// - **hereditarily tame** when every option is a Nim heap or hereditarily
///   tame (so every position of it has a tame genus);
/// - **reversibly tame** when every option is *generally tame* (of one of
///   these three phyla) and some option is reversibly tame; or when each
///   option that is not generally tame has a generally tame option whose `G⁻` is the
///   form's `G⁻` and one whose `G⁺` is its `G⁺` (the two may differ), and
///   the generally tame options alone have the mexes `G⁺` and `G⁻` (the
///   mex of none is 0).
///
/// A form of restive genus is **hereditarily restive** when every option
/// is a Nim heap or hereditarily tame, and **reversibly restive** when
/// every option is generally tame, or when each other option has options
/// `S` and `S'`, each generally tame or (hereditarily or reversibly)
/// restive, with `S⁻ = G⁻` and `S⁺` at most 1 or `S⁺ ⊕ G⁻` at most 1, and
/// `S'⁺ = G⁺` and `S'⁻` at most 1 or `S'⁻ ⊕ G⁻` at most 1, and again the
/// generally tame options alone have the mexes `G⁺` and `G⁻`. Every other
/// form (tameable, restless, wild) is [`Phylum::Other`].
///
/// CGSuite's `IsTame` is "hereditarily tame or a Nim heap", `IsRestive`
/// "hereditarily restive", `IsGenerallyTame` and `IsGenerallyRestive` the
/// wider classes, and `IsHalfTame` "not generally tame, with `G + G`
/// generally tame of genus `(0, 0)`". CGSuite reads an odd form `E + *1`
/// (one born after `E`) as of `E`'s phylum; read off its own options it is
/// the same (every form born by day 4, and thousands of day 5, checked by
/// the integration test `misere_forms`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phylum {
    #[default]
    NimHeap,
    HereditarilyTame,
    ReversiblyTame,
    HereditarilyRestive,
    ReversiblyRestive,
    Other,
}

impl Phylum {
    /// CGSuite's `IsTame`: a Nim heap or hereditarily tame.
    pub fn tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// CGSuite's `IsGenerallyTame`: tame, or reversibly tame.
    pub fn generally_tame(self) -> bool {
        self.tame() || self == Phylum::ReversiblyTame
    }

    /// CGSuite's `IsRestive`: hereditarily restive.
    pub fn restive(self) -> bool {
        self == Phylum::HereditarilyRestive
    }

    /// CGSuite's `IsGenerallyRestive`: hereditarily or reversibly restive.
    pub fn generally_restive(self) -> bool {
        matches!(self, Phylum::HereditarilyRestive | Phylum::ReversiblyRestive)
    }
}

/// A genus `(G⁺, G⁻)` is *tame* when `G⁺ = G⁻`, or both are 0 or 1 (the
/// genus of a Nim position).
pub fn tame_genus(plus: u32, minus: u32) -> bool {
    plus == minus || (plus | minus) <= 1
}

impl Forms {
    /// The phylum of every form held, in the order of their ids (a form's
    /// options come before it): see [`Phylum`].
    pub fn phyla(&self) -> Vec<Phylum> {
        let mut out: Vec<Phylum> = Vec::with_capacity(self.opts.len());
        for f in 0..self.opts.len() {
            let p = self.phylum(f as Form, &out);
            out.push(p);
        }
        out
    }

    /// The phylum of `f`, with those of the forms before it.
    fn phylum(&self, f: Form, before: &[Phylum]) -> Phylum {
        let (plus, minus) = (self.plus[f as usize], self.minus[f as usize]);
        let tame = tame_genus(plus, minus);
        let restive = !tame && plus <= 1;
        let opts = &self.opts[f as usize];
        let of = |o: Form| before[o as usize];
        if opts.iter().all(|&o| of(o).tame()) {
            let heaps = opts.iter().all(|&o| of(o) == Phylum::NimHeap);
            return match () {
                _ if tame && heaps && (plus > 1 || plus != minus) => Phylum::NimHeap,
                _ if tame => Phylum::HereditarilyTame,
                _ if restive => Phylum::HereditarilyRestive,
                _ => Phylum::Other,
            };
        }
        if opts.iter().all(|&o| of(o).generally_tame()) {
            return match () {
                _ if tame => Phylum::ReversiblyTame,
                _ if restive => Phylum::ReversiblyRestive,
                _ => Phylum::Other,
            };
        }
        if !(tame || restive) {
            return Phylum::Other;
        }
        // each option not generally tame reverses through options of the
        // form's values: generally tame ones, or (for a restive form)
        // restive ones whose other value is 0 or 1 or differs from `G⁻` in
        // its last bit only
        let near = |x: u32| x <= 1 || (x ^ minus) <= 1;
        let reverses = |o: Form| {
            let mut to_minus = false;
            let mut to_plus = false;
            for &s in self.opts[o as usize].iter() {
                let k = of(s);
                let (sp, sm) = (self.plus[s as usize], self.minus[s as usize]);
                if tame && k.generally_tame() {
                    to_minus |= sm == minus;
                    to_plus |= sp == plus;
                } else if restive && (k.generally_tame() || k.generally_restive()) {
                    to_minus |= sm == minus && near(sp);
                    to_plus |= sp == plus && near(sm);
                }
            }
            to_minus && to_plus
        };
        let kept = || opts.iter().copied().filter(|&o| of(o).generally_tame());
        let holds = opts.iter().all(|&o| of(o).generally_tame() || reverses(o))
            && mex(kept().map(|o| self.plus[o as usize])) == plus
            && mex(kept().map(|o| self.minus[o as usize])) == minus;
        match () {
            _ if !holds => Phylum::Other,
            _ if tame => Phylum::ReversiblyTame,
            _ => Phylum::ReversiblyRestive,
        }
    }
}

/// The least number not among `xs`.
fn mex(xs: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = xs.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().enumerate().take_while(|&(i, &x)| i as u32 == x).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_born_by_each_day_number_1_2_3_5_22() {
        let mut f = Forms::new(u64::MAX, u64::MAX, u64::MAX);
        let counts: Vec<usize> = (0..=4).map(|d| f.born_by(d).unwrap().len()).collect();
        assert_eq!(counts, [1, 2, 3, 5, 22]);
    }

    #[test]
    fn nim_heaps_and_small_sums() {
        let mut f = Forms::new(u64::MAX, u64::MAX, u64::MAX);
        let (z, one, two) = (ZERO, f.nim(1).unwrap(), f.nim(2).unwrap());
        assert_eq!(f.add(one, one).unwrap(), z);
        assert_ne!(f.add(two, two).unwrap(), z);
        assert_eq!(f.simplify(vec![one]).unwrap(), z);
        let twos = f.add(two, two).unwrap();
        let x = f.distinguisher(twos, z).unwrap();
        assert!(x.is_some());
    }
}

#[cfg(test)]
mod day5 {
    use super::*;

    /// Grundy and Smith's count (On Numbers and Games, p. 140): every set
    /// of the 22 forms born by day 4, simplified (about 10 s).
    #[test]
    fn the_forms_born_by_day_5_number_4171780() {
        let mut f = Forms::new(u64::MAX, u64::MAX, u64::MAX);
        assert_eq!(f.born_by(5).unwrap().len(), 4_171_780);
    }
}
