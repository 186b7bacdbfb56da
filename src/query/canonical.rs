//! `misere canonical G`, `misere mate G`, the tests `tame`, `restive` and
//! `halftame`, and `check misere equiv G, H`: a game's components are
//! listed as the misère search lists them, their canonical forms built from
//! the leaves up ([`crate::engine::misere::canonical`], where the theory
//! and its proofs are), and the forms written in the language.

use super::error::QueryError;
use super::misere::Misere;
use crate::engine::misere::Item;
use crate::engine::misere::canonical::{Form, FormError, Forms, ZERO};
use crate::eval::error::LimitError;
use crate::eval::{Defs, EvalError, Game, Store};
use crate::ir::{FormQuestion, Setting};
use rustc_hash::FxHashMap;

/// What `misere canonical G` (or `mate`, `tame`, ...) answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormAnswer {
    pub question: FormQuestion,
    /// The game asked about, as written.
    pub game: String,
    /// The form answered (G's canonical form, or its mate's), in the
    /// language.
    pub form: String,
    pub born: u32,
    /// CGSuite's tests of the form (see [`crate::engine::misere::canonical::Phylum`]):
    /// `IsTame`, `IsGenerallyTame`, `IsRestive`, `IsGenerallyRestive`,
    /// `IsHalfTame`.
    pub tame: bool,
    pub generally_tame: bool,
    pub restive: bool,
    pub generally_restive: bool,
    pub half_tame: bool,
}

/// What `check misere equiv G, H` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EquivAnswer {
    pub equal: bool,
    pub forms: (String, String),
    pub games: (String, String),
    /// A game `X` that tells them apart, and whether `G + X` and `H + X`
    /// are P-positions.
    pub apart: Option<(String, bool, bool)>,
}

/// A form's limits are the session's: work, and forms held as positions.
fn forms_of(store: &Store) -> Forms {
    Forms::new(store.limits.work, store.limits.positions, store.limits.memory)
}

fn limit(e: FormError, what: &str) -> EvalError {
    EvalError::from(match e {
        FormError::Work { limit } => LimitError::new(
            Setting::Work,
            Some(limit.saturating_mul(10)),
            limit,
            format!("the misère canonical form of {what} takes more than {limit} steps of work"),
        ),
        FormError::Memory { bytes, limit } => LimitError::new(
            Setting::Memory,
            Some(bytes.div_ceil(1 << 20)),
            limit.div_ceil(1 << 20),
            format!(
                "the misère canonical form of {what} would hold {} of forms, past the memory limit of {}",
                crate::diag::units::show_bytes(bytes),
                crate::diag::units::show_bytes(limit)
            ),
        ),
        FormError::Forms { limit } => LimitError::new(
            Setting::Positions,
            Some(limit.saturating_mul(10)),
            limit,
            format!("the misère canonical form of {what} passes {limit} forms held"),
        ),
    })
}

/// The canonical form of a game.
pub fn form_of(
    defs: &Defs,
    store: &mut Store,
    g: &Game,
    forms: &mut Forms,
) -> Result<Form, EvalError> {
    let what = super::show::game(defs, g);
    let mut m = Misere::new(defs, store);
    let items = m.items(g)?;
    let mut done: FxHashMap<Item, Form> = FxHashMap::default();
    let mut total = ZERO;
    for &x in &items {
        let f = item_form(&mut m, forms, x, &mut done, &what)?;
        total = forms.add(total, f).map_err(|e| limit(e, &what))?;
    }
    Ok(total)
}

/// The form of one component, built leaves first without recursion.
fn item_form(
    m: &mut Misere,
    forms: &mut Forms,
    root: Item,
    done: &mut FxHashMap<Item, Form>,
    what: &str,
) -> Result<Form, EvalError> {
    let err = |e| limit(e, what);
    let mut open: rustc_hash::FxHashSet<Item> = Default::default();
    let mut stack = vec![root];
    while let Some(&x) = stack.last() {
        if done.contains_key(&x) {
            stack.pop();
            continue;
        }
        if let Item::Nim(n) = x {
            done.insert(x, forms.nim(n).map_err(err)?);
            stack.pop();
            continue;
        }
        let opts = m.item_options(x)?;
        let waiting: Vec<Item> =
            opts.iter().flatten().copied().filter(|k| !done.contains_key(k)).collect();
        if !waiting.is_empty() {
            if !open.insert(x) || waiting.iter().any(|k| open.contains(k)) {
                return Err(QueryError::MisereLoop { game: what.to_string() }.into());
            }
            stack.extend(waiting);
            continue;
        }
        let mut fs = Vec::with_capacity(opts.len());
        for o in opts.iter() {
            let mut s = ZERO;
            for k in o {
                s = forms.add(s, done[k]).map_err(err)?;
            }
            fs.push(s);
        }
        let f = forms.simplify(fs).map_err(err)?;
        open.remove(&x);
        done.insert(x, f);
        stack.pop();
    }
    Ok(done[&root])
}

/// `misere canonical G` and its kin.
pub fn answer(
    defs: &Defs,
    store: &mut Store,
    question: FormQuestion,
    g: &Game,
) -> Result<FormAnswer, EvalError> {
    let what = super::show::game(defs, g);
    let mut forms = forms_of(store);
    let f = form_of(defs, store, g, &mut forms)?;
    let f = match question {
        FormQuestion::Mate => forms.mate(f).map_err(|e| limit(e, &what))?,
        _ => f,
    };
    let twice = forms.add(f, f).map_err(|e| limit(e, &what))?;
    let phyla = forms.phyla();
    let (phylum, doubled) = (phyla[f as usize], phyla[twice as usize]);
    // CGSuite's `IsHalfTame`: not generally tame, with `G + G` generally
    // tame of genus (0, 0)
    let half_tame = !phylum.generally_tame()
        && doubled.generally_tame()
        && forms.plus(twice) == 0
        && forms.minus(twice) == 0;
    let cap = text_cap(store, &forms);
    let form = Writer::new(&mut forms, cap.chars)
        .write(f)
        .map_err(|e| limit(e, &what))?
        .ok_or_else(|| too_long(store, cap, &what))?;
    Ok(FormAnswer {
        question,
        game: what,
        form,
        born: forms.born(f),
        tame: phylum.tame(),
        generally_tame: phylum.generally_tame(),
        restive: phylum.restive(),
        generally_restive: phylum.generally_restive(),
        half_tame,
    })
}

/// Copies of a form's text a question may hold at once: the texts of its
/// parts, the answer's, and the line rendered from it (JSON escapes it).
const TEXT_COPIES: u64 = 4;

/// How long a form's text may be, and which limit says so.
#[derive(Clone, Copy)]
struct TextCap {
    chars: u64,
    /// The memory left beside the forms held, not `set output`.
    by_memory: bool,
}

/// The characters a form's text may have: `set output`, and no more than
/// the memory left beside the forms holds [`TEXT_COPIES`] times.
fn text_cap(store: &Store, forms: &Forms) -> TextCap {
    let room = store.limits.memory.saturating_sub(forms.bytes()) / TEXT_COPIES;
    TextCap {
        chars: store.limits.output.min(room),
        by_memory: room < store.limits.output,
    }
}

fn too_long(store: &Store, cap: TextCap, what: &str) -> EvalError {
    let limit = store.limits.output;
    if cap.by_memory {
        let memory = store.limits.memory;
        return EvalError::from(LimitError::new(
            Setting::Memory,
            Some(memory.saturating_mul(2).div_ceil(1 << 20)),
            memory.div_ceil(1 << 20),
            format!(
                "the text of the misère canonical form of {what} passes {} characters, and with its copies would take more memory than the limit of {}",
                cap.chars,
                crate::diag::units::show_bytes(memory)
            ),
        )
        .then("(MiB) raises the limit, if the machine has that much memory"));
    }
    EvalError::from(LimitError::new(
        Setting::Output,
        Some(limit.saturating_mul(10)),
        limit,
        format!("the misère canonical form of {what} is longer than {limit} characters"),
    ))
}

/// `check misere equiv G, H`.
pub fn equiv(defs: &Defs, store: &mut Store, g: &Game, h: &Game) -> Result<EquivAnswer, EvalError> {
    let games = (super::show::game(defs, g), super::show::game(defs, h));
    let what = format!("{} and {}", games.0, games.1);
    let mut forms = forms_of(store);
    let a = form_of(defs, store, g, &mut forms)?;
    let b = form_of(defs, store, h, &mut forms)?;
    let apart = forms.distinguisher(a, b).map_err(|e| limit(e, &what))?;
    let apart = match apart {
        Some(x) => {
            let (ax, bx) = (
                forms.add(a, x).map_err(|e| limit(e, &what))?,
                forms.add(b, x).map_err(|e| limit(e, &what))?,
            );
            let (pa, pb) = (forms.is_p(ax), forms.is_p(bx));
            let cap = text_cap(store, &forms);
            let mut w = Writer::new(&mut forms, cap.chars);
            // a game that tells them apart too long to write is refused,
            // not left out (the answer would be a FAIL without its why)
            let Some(x) = w.write(x).map_err(|e| limit(e, &what))? else {
                return Err(too_long(store, cap, &format!("a game that tells {what} apart")));
            };
            Some((x, pa, pb))
        }
        None => None,
    };
    let cap = text_cap(store, &forms);
    let mut w = Writer::new(&mut forms, cap.chars);
    let fa = w.write(a).map_err(|e| limit(e, &what))?;
    let fb = w.write(b).map_err(|e| limit(e, &what))?;
    let (Some(fa), Some(fb)) = (fa, fb) else {
        return Err(too_long(store, cap, &what));
    };
    Ok(EquivAnswer {
        equal: a == b,
        forms: (fa, fb),
        games,
        apart,
    })
}

/// Writes forms in the language: a Nim heap as `*n`, a sum of Nim heaps
/// as `*2+*2` where that is shorter, and otherwise the set of options.
pub struct Writer<'f> {
    forms: &'f mut Forms,
    cap: u64,
    texts: FxHashMap<Form, String>,
    /// Bytes of the texts held: at most the cap, all forms together.
    held: u64,
    sums: Option<FxHashMap<Form, String>>,
    heaps: Vec<Option<u64>>,
}

impl<'f> Writer<'f> {
    pub fn new(forms: &'f mut Forms, cap: u64) -> Writer<'f> {
        Writer {
            forms,
            cap,
            texts: FxHashMap::default(),
            held: 0,
            sums: None,
            heaps: Vec::new(),
        }
    }

    /// Sums of two or three Nim heaps of 2 to 5 (a heap of 1 folds into
    /// any other, and one heap is a nimber).
    fn nim_sums(&mut self) -> Result<FxHashMap<Form, String>, FormError> {
        let mut out: FxHashMap<Form, String> = FxHashMap::default();
        let mut lists: Vec<Vec<u64>> = Vec::new();
        for a in 2..=5u64 {
            for b in a..=5 {
                lists.push(vec![a, b]);
                for c in b..=5 {
                    lists.push(vec![a, b, c]);
                }
            }
        }
        for l in lists {
            let mut f = ZERO;
            for &n in &l {
                let heap = self.forms.nim(n)?;
                f = self.forms.add(f, heap)?;
            }
            let text = l.iter().map(|n| format!("*{n}")).collect::<Vec<_>>().join("+");
            let e = out.entry(f).or_insert_with(|| text.clone());
            if text.len() < e.len() {
                *e = text;
            }
        }
        Ok(out)
    }

    /// The text of a form; `None` when the texts of its parts, together,
    /// pass the cap.
    pub fn write(&mut self, root: Form) -> Result<Option<String>, FormError> {
        if self.sums.is_none() && self.forms.born(root) >= 3 {
            self.sums = Some(self.nim_sums()?);
        }
        self.heaps = self.forms.nim_sizes();
        let mut stack = vec![root];
        while let Some(&f) = stack.last() {
            if self.texts.contains_key(&f) {
                stack.pop();
                continue;
            }
            let opts = self.forms.options(f).to_vec();
            let waiting: Vec<Form> =
                opts.iter().copied().filter(|o| !self.texts.contains_key(o)).collect();
            if !waiting.is_empty() {
                stack.extend(waiting);
                continue;
            }
            let text = self.one(f, &opts);
            self.held += text.len() as u64;
            if self.held > self.cap {
                return Ok(None);
            }
            self.texts.insert(f, text);
            stack.pop();
        }
        Ok(self.texts.get(&root).cloned())
    }

    /// The shortest text of `f`, its options' texts known.
    fn one(&self, f: Form, opts: &[Form]) -> String {
        if let Some(n) = self.heaps[f as usize] {
            return match n {
                0 => "0".into(),
                n => format!("*{n}"),
            };
        }
        let mut parts: Vec<(u32, &str)> =
            opts.iter().map(|o| (self.forms.born(*o), self.texts[o].as_str())).collect();
        parts.sort();
        let set = format!(
            "{{{}}}",
            parts.iter().map(|(_, t)| *t).collect::<Vec<_>>().join(", ")
        );
        match self.sums.as_ref().and_then(|s| s.get(&f)) {
            Some(sum) if sum.len() < set.len() => sum.clone(),
            _ => set,
        }
    }
}
