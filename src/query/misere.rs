//! Misère play for the language: games as the misère engine's items, the
//! engine's limits as diagnostics that name the `set` raising them. The
//! work itself is in `engine::misere`; `misere moves` and the reasons
//! behind answers are in `misere_moves`.

use super::error::QueryError;
use crate::diag::Diagnostic;
use crate::diag::units::{count, show_bytes};
use crate::engine::Watch;
use crate::engine::hackenbush::Picture;
use crate::engine::misere::{self as engine, Analysis, Budget, Item, Source};
use crate::eval::error::LimitError;
use crate::eval::value::Explicit;
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use crate::ir::{DefKind, GameId, Setting};
use crate::query::show;
use crate::query::{MisereRule, Replaced};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// True when the game is a P-position in misère play.
pub fn misere_p(defs: &Defs, store: &mut Store, g: &Game) -> Result<bool, EvalError> {
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    m.outcome(&items, g)
}

/// The misère Grundy value of a game: the mex rule, with a position that
/// has no options valued 1 (the player to move there wins).
pub fn misere_grundy(defs: &Defs, store: &mut Store, g: &Game) -> Result<u64, EvalError> {
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    m.grundy(&items, g)
}

/// A component the engine sees only through its options.
enum Opaque {
    Pos(Key),
    Explicit(Rc<Explicit>),
    Picture(Rc<Picture>),
}

#[derive(PartialEq, Eq, Hash)]
enum OpaqueKey {
    Pos(Key),
    Explicit(usize),
    /// A picture by its edges: equal pictures reached in two ways are one.
    Picture(Vec<(u64, u64)>),
}

/// The components handed to the engine so far.
#[derive(Default)]
struct Parts {
    families: FxHashMap<GameId, u32>,
    opaque: Vec<Opaque>,
    ids: FxHashMap<OpaqueKey, u32>,
}

impl Parts {
    fn item(&mut self, p: &Part) -> Item {
        match p {
            Part::Nim { n, .. } => Item::Nim(*n),
            Part::Pos(key) => match self.families.get(&key.game) {
                Some(&family) => Item::Heap {
                    family,
                    n: key.args[0],
                },
                None => self.intern(OpaqueKey::Pos(key.clone()), || Opaque::Pos(key.clone())),
            },
            Part::Picture(p) if p.edges.is_empty() => Item::Nim(0),
            Part::Picture(p) => self.intern(OpaqueKey::Picture(p.edges.clone()), || {
                Opaque::Picture(p.clone())
            }),
            Part::Options(e) if e.options.is_empty() => Item::Nim(0),
            Part::Options(e) => self.intern(OpaqueKey::Explicit(Rc::as_ptr(e) as usize), || {
                Opaque::Explicit(e.clone())
            }),
        }
    }

    fn intern(&mut self, key: OpaqueKey, make: impl FnOnce() -> Opaque) -> Item {
        let next = self.opaque.len() as u32;
        let id = *self.ids.entry(key).or_insert(next);
        if id == next {
            self.opaque.push(make());
        }
        Item::Opaque(id)
    }

    fn items(&mut self, g: &Game) -> Vec<Item> {
        g.parts.iter().map(|p| self.item(p)).collect()
    }
}

/// What the engine asks of the evaluator.
struct Src<'a> {
    defs: &'a Defs,
    store: &'a mut Store,
    parts: &'a mut Parts,
}

impl Source for Src<'_> {
    type Error = EvalError;

    fn options(&mut self, id: u32, out: &mut Vec<Vec<Item>>) -> Result<(), EvalError> {
        let games = match &self.parts.opaque[id as usize] {
            Opaque::Pos(key) => {
                let key = key.clone();
                self.store.options_of(self.defs, &key)?
            }
            Opaque::Explicit(e) => e.options.clone(),
            Opaque::Picture(p) => {
                let p = p.clone();
                self.store
                    .picture_options(&p)?
                    .into_iter()
                    .map(|(_, g)| g)
                    .collect()
            }
        };
        out.extend(games.iter().map(|g| self.parts.items(g)));
        Ok(())
    }

    fn watch(&mut self) -> &mut dyn Watch {
        &mut *self.store.ticker.watch
    }
}

/// The misère engine for one statement, with the evaluator beside it.
pub struct Misere<'a> {
    pub defs: &'a Defs,
    pub store: &'a mut Store,
    engine: engine::Engine,
    parts: Parts,
    /// Per component: the Nim position it plays like when it is tame
    /// throughout, found once per statement.
    tame: FxHashMap<Item, Option<Vec<u64>>>,
    /// The options of components listed so far.
    options: FxHashMap<Item, Rc<Vec<Vec<Item>>>>,
    /// Per family and Nim value, the smallest heap that plays like it.
    nim_heaps: FxHashMap<(u32, u64), Option<u64>>,
}

/// A component of a sum replaced by heaps of a family that play like the
/// same Nim heap `*v` (none when `v` is 0).
pub struct Subst {
    pub item: usize,
    pub heaps: Vec<u64>,
    pub v: u64,
}

impl<'a> Misere<'a> {
    pub fn new(defs: &'a Defs, store: &'a mut Store) -> Self {
        let limits = store.limits;
        let held = store.families.held_except(usize::MAX) + super::quotient::held(store);
        let mut engine = engine::Engine::new(Budget {
            positions: limits.positions,
            options: limits.options,
            memory: limits.memory.saturating_sub(held),
            heap: limits.heap,
        });
        let mut parts = Parts::default();
        for (id, def) in defs.games.iter().enumerate() {
            if let DefKind::Family(rule) = &def.kind {
                parts.families.insert(id, engine.add_family(rule));
            }
        }
        Misere {
            defs,
            store,
            engine,
            parts,
            tame: FxHashMap::default(),
            options: FxHashMap::default(),
            nim_heaps: FxHashMap::default(),
        }
    }

    /// The game's components as items. Positions of defined games are
    /// valued first, which reports a loopy rule with its cycle.
    pub fn items(&mut self, g: &Game) -> Result<Vec<Item>, EvalError> {
        for p in &g.parts {
            if let Part::Pos(key) = p
                && !self.parts.families.contains_key(&key.game)
            {
                self.store.grundy(self.defs, key)?;
            }
        }
        Ok(self.parts.items(g))
    }

    pub fn item(&mut self, p: &Part) -> Item {
        self.parts.item(p)
    }

    /// The options of one component, each a sum of components (listed
    /// once per statement).
    pub fn item_options(&mut self, x: Item) -> Result<Rc<Vec<Vec<Item>>>, EvalError> {
        if let Some(o) = self.options.get(&x) {
            return Ok(o.clone());
        }
        let o = Rc::new(self.list_options(x)?);
        self.options.insert(x, o.clone());
        Ok(o)
    }

    fn list_options(&mut self, x: Item) -> Result<Vec<Vec<Item>>, EvalError> {
        Ok(match x {
            Item::Nim(n) => {
                if n > self.store.limits.options {
                    return Err(EvalError::from(LimitError::new(
                        Setting::Options,
                        Some(n),
                        self.store.limits.options,
                        format!(
                            "a Nim heap of {n} has more options than the limit of {}",
                            self.store.limits.options
                        ),
                    )));
                }
                (0..n).map(|j| vec![Item::Nim(j)]).collect()
            }
            Item::Heap { family, n } => {
                let game = self
                    .parts
                    .families
                    .iter()
                    .find(|&(_, &f)| f == family)
                    .map(|(&g, _)| g);
                let Some(DefKind::Family(rule)) = game.map(|g| &self.defs.games[g].kind) else {
                    return Ok(Vec::new());
                };
                if rule.move_count(n) > u128::from(self.store.limits.options) {
                    // (the hint names no value: the facts carry the count)
                    return Err(EvalError::from(LimitError::new(
                        Setting::Options,
                        None::<u64>,
                        self.store.limits.options,
                        format!(
                            "a heap of {n} has more options than the limit of {}",
                            self.store.limits.options
                        ),
                    )));
                }
                let mut out = Vec::new();
                let _ = rule.each_move(n, |_, heaps| {
                    out.push(heaps.iter().map(|&h| Item::Heap { family, n: h }).collect());
                    std::ops::ControlFlow::<()>::Continue(())
                });
                out
            }
            Item::Opaque(id) => {
                let mut out = Vec::new();
                let (_, mut src) = self.src();
                src.options(id, &mut out)?;
                out
            }
        })
    }

    fn src(&mut self) -> (&mut engine::Engine, Src<'_>) {
        (
            &mut self.engine,
            Src {
                defs: self.defs,
                store: &mut *self.store,
                parts: &mut self.parts,
            },
        )
    }

    /// The family and heaps of a sum that is, or is misère-equivalent to,
    /// a sum of heaps of one family: every component a heap of it, or
    /// proven `≡ *v` (the mex rule of `engine::misere`) for a `v` that one
    /// of the family's heaps is also proven `≡` to (or `v xor 1`, beside a
    /// heap `≡ *1`: `*a + *1 ≡ *(a xor 1)`). Equivalence is a congruence
    /// for sums, so the sum has the outcome of the family's sum; nothing
    /// weaker is used (two games alike in every sum of the family's heaps
    /// may differ beside other games, so a component of another kind is
    /// never replaced by what the quotient alone says of it). The second
    /// list names, per substituted component, the heap put in its place.
    pub fn family_form(&mut self, items: &[Item]) -> Option<(GameId, Vec<u64>, Vec<Subst>)> {
        if let Some((game, heaps)) = self.one_family(items) {
            return Some((game, heaps, Vec::new()));
        }
        let mut family = None;
        for &it in items {
            if let Item::Heap { family: f, .. } = it {
                if family.is_some_and(|x| x != f) {
                    return None;
                }
                family = Some(f);
            }
        }
        let f = family?;
        let analysis = self.analyse_quiet(items)?;
        let mut heaps = Vec::new();
        let mut subst = Vec::new();
        for (i, &it) in items.iter().enumerate() {
            match it {
                Item::Heap { n, .. } => heaps.push(n),
                Item::Nim(0) => {}
                _ => {
                    let v = analysis.nim[i]?;
                    if v == 0 {
                        subst.push(Subst {
                            item: i,
                            heaps: Vec::new(),
                            v,
                        });
                        continue;
                    }
                    let with = match self.heap_like(f, v) {
                        Some(n) => vec![n],
                        None => vec![self.heap_like(f, v ^ 1)?, self.heap_like(f, 1)?],
                    };
                    heaps.extend(&with);
                    subst.push(Subst {
                        item: i,
                        heaps: with,
                        v,
                    });
                }
            }
        }
        let game = self.family_game(f)?;
        Some((game, heaps, subst))
    }

    /// The smallest heap of family `f` proven to play like `*v`, among the
    /// first few.
    fn heap_like(&mut self, f: u32, v: u64) -> Option<u64> {
        const FIRST: u64 = 64;
        if let Some(&known) = self.nim_heaps.get(&(f, v)) {
            return known;
        }
        let last = FIRST.min(self.store.limits.heap);
        let heaps: Vec<Item> = (0..=last).map(|n| Item::Heap { family: f, n }).collect();
        let found = self
            .analyse_quiet(&heaps)
            .and_then(|a| a.nim.iter().position(|&x| x == Some(v)).map(|n| n as u64));
        self.nim_heaps.insert((f, v), found);
        found
    }

    fn family_game(&self, f: u32) -> Option<GameId> {
        self.parts
            .families
            .iter()
            .find(|&(_, &x)| x == f)
            .map(|(&g, _)| g)
    }

    /// The family and heaps when every component is a heap of one family.
    pub fn one_family(&self, items: &[Item]) -> Option<(GameId, Vec<u64>)> {
        let mut family = None;
        let mut heaps = Vec::new();
        for &it in items {
            match it {
                Item::Heap { family: f, n } if family.is_none_or(|x| x == f) => {
                    family = Some(f);
                    heaps.push(n);
                }
                Item::Nim(0) => {}
                _ => return None,
            }
        }
        let game = self.family_game(family?)?;
        Some((game, heaps))
    }

    /// The Nim position the sum plays like when every component is tame
    /// throughout (each position of it has a tame genus): Conway's theorem
    /// on tame games, checked in `engine::misere::genus`'s tests against the definition.
    /// Components whose positions are too many to classify cheaply leave
    /// the sum to the search.
    fn tame_nims(
        &mut self,
        items: &[Item],
        analysis: &Analysis,
    ) -> Result<Option<Vec<u64>>, EvalError> {
        const CHEAP: u64 = 1 << 14;
        const CHEAP_WORK: u64 = 1 << 20;
        let mut heaps = Vec::new();
        for (i, &x) in items.iter().enumerate() {
            if let Some(v) = analysis.nim[i] {
                heaps.push(v);
                continue;
            }
            if let Some(known) = self.tame.get(&x) {
                match known {
                    Some(h) => {
                        heaps.extend(h.iter().copied());
                        continue;
                    }
                    None => return Ok(None),
                }
            }
            // `None`: more positions than classifying cheaply allows
            let mut options = |y: Item| self.item_options(y).map_err(Some);
            let bounds = engine::genus::Bounds {
                positions: CHEAP,
                work: CHEAP_WORK,
                memory: 64 << 20,
            };
            let g = match engine::genus::search(vec![x], &mut options, bounds, || None) {
                Ok(g) => g,
                Err(Some(EvalError::Interrupted)) => return Err(EvalError::Interrupted),
                Err(_) => {
                    self.tame.insert(x, None);
                    return Ok(None);
                }
            };
            let found = g.nim_position().filter(|_| g.tame_all);
            self.tame.insert(x, found.clone());
            match found {
                Some(h) => heaps.extend(h),
                None => return Ok(None),
            }
        }
        Ok(Some(heaps))
    }

    fn analyse_quiet(&mut self, items: &[Item]) -> Option<Analysis> {
        let (e, mut src) = self.src();
        e.analyse(items, &mut src).ok()
    }

    /// Why the sum is what it is, by the family's quotient, if it answered.
    /// `g` is the sum whose components `items` are, for naming them.
    pub fn quotient_rule(&mut self, items: &[Item], g: &Game) -> Option<MisereRule> {
        let (game, heaps, subst) = self.family_form(items)?;
        let name = &self.defs.games[game].name;
        let replaced = subst
            .iter()
            .map(|s| Replaced {
                part: g.parts.get(s.item).map_or_else(String::new, |p| {
                    show::game(self.defs, &Game::single(p.clone()))
                }),
                like: s.heaps.iter().map(|n| format!("{name}({n})")).collect(),
                v: s.v,
                nim: matches!(g.parts.get(s.item), Some(Part::Nim { .. })),
            })
            .collect();
        super::quotient::rule(self.defs, self.store, game, &heaps, replaced)
    }

    /// True when the sum of `items` (written `g`, for messages) is P.
    pub fn outcome(&mut self, items: &[Item], g: &Game) -> Result<bool, EvalError> {
        if let Some((game, heaps, _)) = self.family_form(items)
            && let Some(p) = super::quotient::sum_p(self.defs, self.store, game, &heaps)?
        {
            return Ok(p);
        }
        if let Some(heaps) = self.tame_sum(items)? {
            return Ok(engine::bouton_p(&heaps));
        }
        let (e, mut src) = self.src();
        let r = e.outcome(items, &mut src);
        r.map_err(|err| self.error(err, g))
    }

    /// The misère Grundy value of a sum of one family's heaps, the one `b`
    /// for which the sum plus `*b` is P, when the quotient answers for
    /// every `b` up to it (each `*b` must be replaceable by the family's
    /// heaps, see [`Misere::family_form`]).
    fn grundy_by_quotient(&mut self, items: &[Item]) -> Result<Option<u64>, EvalError> {
        if self.family_form(items).is_none() {
            return Ok(None);
        }
        let mut with = items.to_vec();
        with.push(Item::Nim(0));
        for b in 0..64 {
            *with.last_mut().expect("pushed above") = Item::Nim(b);
            let Some((game, heaps, _)) = self.family_form(&with) else {
                return Ok(None);
            };
            match super::quotient::sum_p(self.defs, self.store, game, &heaps)? {
                Some(true) => return Ok(Some(b)),
                Some(false) => {}
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// The Nim position a sum plays like when some component is not known
    /// to play like a Nim heap but every component is tame throughout
    /// (genus arithmetic); `None` when that is not so, or not found
    /// cheaply.
    pub fn tame_sum(&mut self, items: &[Item]) -> Result<Option<Vec<u64>>, EvalError> {
        match self.analyse_quiet(items) {
            Some(a) if a.nim_values().is_none() => self.tame_nims(items, &a),
            _ => Ok(None),
        }
    }

    /// The misère Grundy value of the sum of `items`.
    pub fn grundy(&mut self, items: &[Item], g: &Game) -> Result<u64, EvalError> {
        if let Some(b) = self.grundy_by_quotient(items)? {
            return Ok(b);
        }
        if let Some(heaps) = self.tame_sum(items)? {
            return Ok(engine::genus::Genus::of_nim(&heaps).seq[0]);
        }
        let (e, mut src) = self.src();
        let r = e.grundy(items, &mut src);
        r.map_err(|err| self.error(err, g))
    }

    /// Which components are proven to play like Nim heaps.
    pub fn analyse(&mut self, items: &[Item], g: &Game) -> Result<Analysis, EvalError> {
        let (e, mut src) = self.src();
        let r = e.analyse(items, &mut src);
        r.map_err(|err| self.error(err, g))
    }

    /// Which components of `g` are not known to play like Nim heaps, in
    /// words, for notes.
    fn searched(&mut self, g: &Game) -> String {
        let items = self.parts.items(g);
        let (e, mut src) = self.src();
        let Ok(a) = e.analyse(&items, &mut src) else {
            return String::new();
        };
        let mut names: Vec<String> = Vec::new();
        for (p, nim) in g.parts.iter().zip(&a.nim) {
            let name = show::game(self.defs, &Game::single(p.clone()));
            if nim.is_none() && !names.contains(&name) {
                names.push(name);
            }
        }
        match names.as_slice() {
            [] => String::new(),
            [one] => format!("{one} is not known to play like a Nim heap in misère play, so "),
            [init @ .., last] => format!(
                "{} and {last} are not known to play like Nim heaps in misère play, so ",
                init.join(", ")
            ),
        }
    }

    /// The error of a search that stopped: the engine's limit as a
    /// diagnostic naming the `set` that raises it, with notes on what is
    /// searched, on the family's quotient and on what the search held.
    fn error(&mut self, e: engine::Error<EvalError>, g: &Game) -> EvalError {
        let text = show::game(self.defs, g);
        let what = format!("the misère search of {text}");
        let note = format!(
            "{}the sum is searched position by position (Bouton's rule answers at once the sums whose components all play like Nim heaps)",
            self.searched(g)
        );
        let d = match e {
            engine::Error::Interrupted => return EvalError::Interrupted,
            engine::Error::Source(e) => return e,
            engine::Error::Positions { estimate, limit } => {
                self.positions_error(&what, estimate, limit, note)
            }
            engine::Error::Options { estimate, limit } => {
                options_error(&what, estimate, limit, note)
            }
            engine::Error::Memory { bytes, held } => {
                let held = held.saturating_add(self.store.families.held_except(usize::MAX));
                self.store.limits.memory_error(&what, bytes, held)
            }
            engine::Error::Heap { family, n, limit } => self.heap_error(&what, family, n, limit),
            engine::Error::NimTooLarge(v) => QueryError::NimTooLarge { what, heap: v }.into(),
            engine::Error::Loop => QueryError::MisereLoop { game: text }.into(),
        };
        let d = self.quotient_note(d, g);
        EvalError::from(self.held_note(d))
    }

    /// The search would hold (`estimate`) or holds more positions than
    /// `limit`.
    fn positions_error(
        &self,
        what: &str,
        estimate: Option<u128>,
        limit: u64,
        note: String,
    ) -> Diagnostic {
        let e = match estimate {
            Some(n) => LimitError::new(
                Setting::Positions,
                Some(suggest(n, limit)),
                limit,
                format!(
                    "{what} could visit up to {} positions, past the limit of {limit}",
                    count(n)
                ),
            )
            .note(note)
            .note(memory_note(n, self.store.limits.memory)),
            None => LimitError::new(
                Setting::Positions,
                Some(limit.saturating_mul(10)),
                limit,
                format!("{what} passed {limit} positions"),
            )
            .note(note),
        };
        e.then("raises the limit (time and memory grow with it)")
            .diagnostic()
    }

    /// A heap of `family` past the heap limit, with no proven period for
    /// its misère classes.
    fn heap_error(&self, what: &str, family: u32, n: u64, limit: u64) -> Diagnostic {
        let name = self
            .parts
            .families
            .iter()
            .find(|&(_, &f)| f == family)
            .map_or("a heap".to_string(), |(&g, _)| {
                format!("`{}`", self.defs.games[g].name)
            });
        LimitError::new(
            Setting::Heap,
            Some(n.saturating_add(1)),
            limit,
            format!(
                "{what} needs the misère classes of {name} up to heap {n}, past the heap limit of {limit}"
            ),
        )
        .then("raises the limit (time and memory grow with it)")
        .diagnostic()
        .note("for rules that never split a heap the classes repeat with a proven period, found long before the limit")
    }

    /// Notes how far the family's quotient is known when it was refused
    /// the work it needed beside the search.
    fn quotient_note(&mut self, d: Diagnostic, g: &Game) -> Diagnostic {
        let items = self.parts.items(g);
        match self
            .family_form(&items)
            .and_then(|(game, _, _)| self.store.quotients.get(&game))
        {
            Some(k) if k.refused.is_some() => d.note(format!(
                "its misère quotient, which answers sums of its heaps at once, is known to heap {} (order {}) and grew past the work allowed beside the search there (a tenth of `set work`)",
                k.solver.to(),
                k.solver.table.order
            )),
            _ => d,
        }
    }

    /// Notes what the search held when it stopped, if anything.
    fn held_note(&self, d: Diagnostic) -> Diagnostic {
        let held = self.engine.held();
        if self.engine.positions() > 0 {
            d.note(format!(
                "the search held {} positions in {}",
                self.engine.positions(),
                show_bytes(held)
            ))
        } else {
            d
        }
    }
}

/// The work would visit (`estimate`) or has visited more options than
/// `limit`.
fn options_error(what: &str, estimate: Option<u128>, limit: u64, note: String) -> Diagnostic {
    let msg = match estimate {
        Some(n) => format!(
            "{what} could visit up to {} options, past the limit of {limit}",
            count(n)
        ),
        None => format!("{what} visited more than {limit} options"),
    };
    let raise = estimate.map_or(limit.saturating_mul(10), |n| suggest(n, limit));
    LimitError::new(Setting::Options, Some(raise), limit, msg)
        .then("raises the limit (time grows with it)")
        .note(note)
        .diagnostic()
}

/// What holding `n` positions would take, next to the memory budget.
fn memory_note(n: u128, budget: u64) -> String {
    // a position takes some 40 bytes at least
    let bytes = u64::try_from(n.saturating_mul(40)).unwrap_or(u64::MAX);
    let fits = if bytes > budget { "past" } else { "within" };
    format!(
        "that many positions would take about {} of memory, {fits} the budget of {} (`set memory`)",
        show_bytes(bytes),
        show_bytes(budget)
    )
}

/// A value for `set` that would allow `need`, if that is sane.
fn suggest(need: u128, limit: u64) -> u64 {
    u64::try_from(need)
        .unwrap_or(u64::MAX)
        .max(limit.saturating_mul(10))
}
