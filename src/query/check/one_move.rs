//! Whether one position is a single move from another: each is taken apart
//! into its components, compared as multisets (so a sum may be written in
//! any order, and `nim(0)`, `{}` or a position with no options may be left
//! out), and the one component that changed must have become one of its
//! options.

use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use crate::ir::{DefKind, GameId, Rule};
use crate::query::{heap_options, show};

/// A component as compared. A Nim heap and an explicit game whose options
/// are exactly *0 .. *(n-1) are the same; positions compare by game and
/// arguments; other explicit games by their sets of options.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Comp {
    Nim(u64),
    Pos(GameId, Vec<u64>),
    Set(Vec<Vec<Comp>>),
    /// A Hackenbush picture: its standing edges, each as (low, high), sorted.
    Picture(Vec<(u64, u64)>),
}

/// A picture's edges as a comparable list.
fn picture_comp(p: &crate::engine::hackenbush::Picture) -> Comp {
    let mut e: Vec<(u64, u64)> = p.edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    e.sort_unstable();
    Comp::Picture(e)
}

/// A component with the part it came from and the text it is shown as.
#[derive(Debug, Clone)]
pub struct Shown {
    pub comp: Comp,
    pub part: Part,
    pub text: String,
}

/// Aliases (`game f(n) = g(n) + *1`) are opened this many levels deep.
const ALIAS_DEPTH: usize = 16;

/// A game taken apart: its non-zero components, sorted.
pub fn components(defs: &Defs, store: &mut Store, g: &Game) -> Result<Vec<Shown>, EvalError> {
    let mut out = Vec::new();
    for p in &g.parts {
        add_part(defs, store, p, ALIAS_DEPTH, &mut out)?;
    }
    out.sort_by(|a, b| a.comp.cmp(&b.comp));
    Ok(out)
}

fn add_part(
    defs: &Defs,
    store: &mut Store,
    p: &Part,
    depth: usize,
    out: &mut Vec<Shown>,
) -> Result<(), EvalError> {
    let text = show::game(defs, &Game::single(p.clone()));
    let comp = match p {
        Part::Nim { n: 0, .. } => return Ok(()),
        Part::Picture(pic) if pic.edges.is_empty() => return Ok(()),
        Part::Picture(pic) => picture_comp(&pic.standing()),
        Part::Nim { n, .. } => Comp::Nim(*n),
        Part::Pos(key) => {
            if depth > 0 && is_alias(defs, key) {
                for g in store.options_of(defs, key)? {
                    for q in &g.parts {
                        add_part(defs, store, q, depth - 1, out)?;
                    }
                }
                return Ok(());
            }
            if store.has_no_options(defs, key)? {
                return Ok(());
            }
            Comp::Pos(key.game, key.args.to_vec())
        }
        Part::Options(e) => {
            let mut options = Vec::new();
            for o in &e.options {
                options.push(canon(defs, store, o)?);
            }
            options.sort();
            options.dedup();
            let nimber = options
                .iter()
                .enumerate()
                .all(|(i, o)| i == 0 && o.is_empty() || o == &[Comp::Nim(i as u64)]);
            match options.len() {
                0 => return Ok(()),
                n if nimber => Comp::Nim(n as u64),
                _ => Comp::Set(options),
            }
        }
    };
    out.push(Shown {
        comp,
        part: p.clone(),
        text,
    });
    Ok(())
}

/// The components of a game, without their texts.
fn canon(defs: &Defs, store: &mut Store, g: &Game) -> Result<Vec<Comp>, EvalError> {
    Ok(components(defs, store, g)?
        .into_iter()
        .map(|s| s.comp)
        .collect())
}

fn is_alias(defs: &Defs, key: &Key) -> bool {
    matches!(defs.games[key.game].kind, DefKind::Rule(Rule::Alias(_)))
}

/// How H relates to G.
pub enum Relation {
    /// H is one move from G: `from` (a component of G) became `to`.
    OneMove { from: String, to: String },
    /// H is G itself.
    Same,
    /// H is not one move from G; the components of G that differ from H's,
    /// and those H has that G has not.
    Apart {
        changed: Vec<Shown>,
        added: Vec<Shown>,
    },
}

/// Whether H is one move from G.
pub fn relate(defs: &Defs, store: &mut Store, g: &Game, h: &Game) -> Result<Relation, EvalError> {
    let a = components(defs, store, g)?;
    let b = components(defs, store, h)?;
    let (changed, added) = difference(&a, &b);
    if changed.is_empty() && added.is_empty() {
        return Ok(Relation::Same);
    }
    // A move changes one component; try each distinct component of G whose
    // removal leaves the rest inside H.
    let mut tried: Vec<&Comp> = Vec::new();
    for (i, c) in a.iter().enumerate() {
        if tried.contains(&&c.comp) {
            continue;
        }
        tried.push(&c.comp);
        let mut rest = a.clone();
        rest.remove(i);
        let (missing, became) = difference(&rest, &b);
        if !missing.is_empty() {
            continue;
        }
        let became_comps: Vec<Comp> = became.iter().map(|s| s.comp.clone()).collect();
        if is_option(defs, store, &c.comp, &became_comps)? {
            return Ok(Relation::OneMove {
                from: c.text.clone(),
                to: as_written(defs, h, &rest).unwrap_or_else(|| written(&became)),
            });
        }
    }
    Ok(Relation::Apart { changed, added })
}

/// The parts of `h` as written, less the components `rest` (each once):
/// what a component became, with the heaps it left that have no moves
/// (`h(1) + h(1) + h(7)`, not only `h(7)`). `None` when `rest` is not
/// written in `h` as it was in G.
fn as_written(defs: &Defs, h: &Game, rest: &[Shown]) -> Option<String> {
    let mut parts: Vec<String> = h
        .parts
        .iter()
        .filter(|p| !matches!(p, Part::Nim { n: 0, .. }))
        .map(|p| show::game(defs, &Game::single(p.clone())))
        .collect();
    for r in rest {
        let at = parts.iter().position(|t| *t == r.text)?;
        parts.remove(at);
    }
    Some(if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" + ")
    })
}

/// A sum of components as written (`0` when there are none).
pub fn written(parts: &[Shown]) -> String {
    if parts.is_empty() {
        return "0".into();
    }
    parts
        .iter()
        .map(|s| s.text.as_str())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// What `a` has that `b` has not, and what `b` has that `a` has not
/// (both sorted multisets).
fn difference(a: &[Shown], b: &[Shown]) -> (Vec<Shown>, Vec<Shown>) {
    let (mut i, mut j) = (0, 0);
    let (mut only_a, mut only_b) = (Vec::new(), Vec::new());
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x.comp == y.comp => {
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x.comp < y.comp => {
                only_a.push(x.clone());
                i += 1;
            }
            (Some(_), Some(y)) | (None, Some(y)) => {
                only_b.push(y.clone());
                j += 1;
            }
            (Some(x), None) => {
                only_a.push(x.clone());
                i += 1;
            }
            (None, None) => break,
        }
    }
    (only_a, only_b)
}

/// Whether `to` (sorted components) is an option of the component `c`.
fn is_option(defs: &Defs, store: &mut Store, c: &Comp, to: &[Comp]) -> Result<bool, EvalError> {
    match c {
        Comp::Nim(n) => Ok(match to {
            [] => true,
            [Comp::Nim(m)] => m < n,
            _ => false,
        }),
        Comp::Set(options) => Ok(options.iter().any(|o| o.as_slice() == to)),
        Comp::Picture(edges) => {
            let pic = crate::engine::hackenbush::Picture::new(edges.clone());
            for (_, o) in store.picture_options(&pic)? {
                if canon(defs, store, &o)? == to {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Comp::Pos(game, args) => {
            let key = Key {
                game: *game,
                args: args.iter().copied().collect(),
            };
            if let (Some(rule), [n]) = (heap_options::rule_for(defs, store, &key), args.as_slice())
            {
                // a heap of a rule family: answered from the rule, whatever
                // its size
                let mut heaps = Vec::with_capacity(to.len());
                for c in to {
                    match c {
                        Comp::Pos(g, a) if g == game && a.len() == 1 => heaps.push(a[0]),
                        _ => return Ok(false),
                    }
                }
                return Ok(rule.leaves(*n, &heaps));
            }
            for o in store.options_of(defs, &key)? {
                if canon(defs, store, &o)? == to {
                    return Ok(true);
                }
            }
            Ok(false)
        }
    }
}
