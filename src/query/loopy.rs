//! Questions about games whose positions can repeat. The evaluator works
//! out Grundy values by following options down to the ends; a position it
//! meets again on its way is a cycle, which it reports. Then these
//! questions build the graph of the positions the game reaches and label
//! it with the generalized Sprague–Grundy function (`engine::loopy`): a
//! number, or ∞ with the numbers among the options' values.
//!
//! A position of the graph is a sum: the positions of rules written out
//! whose value is not known (sorted, repeats kept), and a number, the
//! nim-sum of every component whose value is known (Nim heaps, explicit
//! sets, rule families, positions in the memo tables). Folding the known
//! components into one Nim heap of their nim-sum keeps the value of the
//! sum: a component of finite value n is one the generalized values treat
//! as *n (Smith; the outcome of G + *n follows from γ(G) and n), and its
//! moves to values above n are reversible. The graph is bounded by `set
//! positions`, so a game that reaches positions without end is refused.

use super::{
    Answer, Explanation, How, Move, MovesAnswer, NoMove, OptionValue, Reached, Rule, Step, show,
};
use crate::engine::loopy::{self, Value};
use crate::eval::driver::LOOPY;
use crate::eval::error::{LimitError, setting_name};
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use crate::ir::Setting;
use rustc_hash::FxHashMap;

/// Whether an error is the evaluator's report of a cycle.
pub fn is_cycle(e: &EvalError) -> bool {
    matches!(e, EvalError::Failed(d) if d.message.starts_with(LOOPY))
}

/// What one position of the graph counts for against `set work` (measured:
/// a position takes about 3 microseconds, a loop iteration 5 to 20 ns).
const STATE_WORK: u64 = 250;

/// A position of the graph: unknown positions (sorted) and a Nim heap.
type State = (Vec<Key>, u64);

/// The graph reached from some positions, labelled.
pub struct Graph {
    pub values: Vec<Value>,
    index: FxHashMap<State, u32>,
}

impl Graph {
    pub fn value_of(&self, s: &State) -> Option<&Value> {
        self.index.get(s).map(|&i| &self.values[i as usize])
    }
}

/// Splits the parts of a game into the unknown positions and the nim-sum of
/// the rest.
fn split(defs: &Defs, store: &mut Store, parts: &[Part]) -> Result<State, EvalError> {
    let mut keys = Vec::new();
    let mut nim = 0u64;
    for p in parts {
        match p {
            Part::Nim { n, .. } => nim ^= n,
            Part::Options(e) => nim ^= e.value,
            Part::Picture(p) => nim ^= p.value,
            Part::Pos(key) => match store.known(defs, key)? {
                Some(v) => nim ^= v,
                None => keys.push(key.clone()),
            },
        }
    }
    keys.sort_by(|a, b| (a.game, &a.args[..]).cmp(&(b.game, &b.args[..])));
    Ok((keys, nim))
}

/// The options of a state.
fn options(defs: &Defs, store: &mut Store, s: &State) -> Result<Vec<State>, EvalError> {
    let (keys, nim) = s;
    let mut out = Vec::new();
    // each smaller heap is a position of the graph
    let most = store.limits.options.min(store.limits.positions);
    if *nim > most {
        let (setting, limit) = if store.limits.options <= store.limits.positions {
            (Setting::Options, store.limits.options)
        } else {
            (Setting::Positions, store.limits.positions)
        };
        let name = setting_name(setting);
        return Err(EvalError::from(LimitError::new(
            setting,
            Some(*nim),
            limit,
            format!(
                "a position of this loopy game has a Nim heap of {nim}, past the limit of {limit} {name}"
            ),
        )));
    }
    for k in 0..*nim {
        out.push((keys.clone(), k));
    }
    for (i, key) in keys.iter().enumerate() {
        if i > 0 && keys[i - 1] == *key {
            continue; // the same position twice moves alike
        }
        for o in store.options_of(defs, key)? {
            let (more, x) = split(defs, store, &o.parts)?;
            let mut next: Vec<Key> = keys[..i].iter().chain(&keys[i + 1..]).cloned().collect();
            next.extend(more);
            next.sort_by(|a, b| (a.game, &a.args[..]).cmp(&(b.game, &b.args[..])));
            out.push((next, nim ^ x));
        }
    }
    Ok(out)
}

/// Builds and labels the graph reached from `roots`.
pub fn graph(defs: &Defs, store: &mut Store, roots: Vec<State>) -> Result<Graph, EvalError> {
    let limit = store.limits.positions;
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    let mut states: Vec<State> = Vec::new();
    for r in roots {
        if !index.contains_key(&r) {
            index.insert(r.clone(), states.len() as u32);
            states.push(r);
        }
    }
    let mut edges: Vec<Vec<u32>> = Vec::new();
    // what the graph holds: each position (its index entry and its copy),
    // each edge, counted against `set memory`
    let mut bytes = 0u64;
    let memory = store.limits.memory;
    // measured: about 500 bytes a position of one component (its two
    // copies, the index, the edges, the labelling's arrays)
    let state_bytes = |s: &State| 400 + 2 * 64 * s.0.len() as u64;
    let mut i = 0;
    while i < states.len() {
        store.ticker.tick_work()?;
        // a position of the graph costs some microseconds: counted as
        // STATE_WORK loop iterations against `set work`
        store.ticker.spent = store.ticker.spent.saturating_add(STATE_WORK);
        if store.ticker.spent > store.limits.work {
            return Err(EvalError::from(
                LimitError::new(
                    Setting::Work,
                    Some(store.limits.work.saturating_mul(10)),
                    store.limits.work,
                    format!(
                        "this loopy game reaches more positions than `set work` allows ({} so far, each counted as {STATE_WORK} loop iterations)",
                        states.len()
                    ),
                )
                .then("raises the limit (the time grows with it)"),
            ));
        }
        let s = states[i].clone();
        let mut e = Vec::new();
        for o in options(defs, store, &s)? {
            store.ticker.tick_work()?;
            let next = states.len() as u32;
            let id = *index.entry(o.clone()).or_insert(next);
            if id == next {
                if states.len() as u64 >= limit {
                    return Err(too_many(defs, &s, limit));
                }
                bytes += state_bytes(&o);
                states.push(o);
            }
            e.push(id);
            bytes += 8;
            if bytes > memory {
                return Err(EvalError::from(
                    store
                        .limits
                        .growth_error("the positions of this loopy game", bytes),
                ));
            }
        }
        edges.push(e);
        i += 1;
    }
    let watch = &mut store.ticker.watch;
    let values = loopy::values(&edges, &mut |done| {
        watch
            .tick(done, states.len() as u64)
            .map_err(|_| EvalError::Interrupted)
    })?;
    Ok(Graph { values, index })
}

fn too_many(defs: &Defs, s: &State, limit: u64) -> EvalError {
    let at = s.0.first().map(|k| defs.show_key(k)).unwrap_or_default();
    EvalError::from(
        LimitError::new(
            Setting::Positions,
            Some(limit.saturating_mul(10)),
            limit,
            format!("this loopy game reaches more than {limit} positions (one of them: {at})"),
        )
        .then("raises the limit; a game whose positions grow without end has no value"),
    )
}

/// The generalized Sprague–Grundy value of a game that reaches a cycle.
pub fn value(defs: &Defs, store: &mut Store, g: &Game) -> Result<Value, EvalError> {
    let root = split(defs, store, &g.parts)?;
    let graph = graph(defs, store, vec![root.clone()])?;
    Ok(graph
        .value_of(&root)
        .cloned()
        .unwrap_or(Value::Infinite(Vec::new())))
}

/// The outcome of a sum, as [`Value::outcome`] says it: from each
/// component's generalized value alone (Smith's theorem for sums, in
/// `engine::loopy::sum_outcome`: numbers add by nim-sum, ∞(K) plus a
/// number n is a win when n is in K and a draw otherwise, two ∞ are a
/// draw), so each component's graph is built on its own and a sum of two
/// positions of a large graph needs no graph of pairs.
pub fn outcome(defs: &Defs, store: &mut Store, g: &Game) -> Result<Option<bool>, EvalError> {
    let (mut keys, nim) = split(defs, store, &g.parts)?;
    if keys.len() < 2 {
        return Ok(value(defs, store, g)?.outcome());
    }
    // each unknown position as often as the sum holds it; the others are
    // in `nim`
    let mut values = vec![Value::Finite(nim)];
    let mut known: FxHashMap<Key, Value> = FxHashMap::default();
    for key in keys.drain(..) {
        if let Some(v) = known.get(&key) {
            values.push(v.clone());
            continue;
        }
        let root: State = (vec![key.clone()], 0);
        let graph = graph(defs, store, vec![root.clone()])?;
        let v = graph
            .value_of(&root)
            .cloned()
            .unwrap_or(Value::Infinite(Vec::new()));
        known.insert(key, v.clone());
        values.push(v);
    }
    Ok(loopy::sum_outcome(&values))
}

/// The value of a loopy game, and its moves, each with the value it leads
/// to: the moves in its unknown positions, and those in its other
/// components (one graph holds them all).
fn moves_with_values(
    defs: &Defs,
    store: &mut Store,
    g: &Game,
) -> Result<(Value, Vec<Move>), EvalError> {
    let root = split(defs, store, &g.parts)?;
    let mut moves: Vec<(Step, Option<String>, State)> = Vec::new();
    for (i, p) in g.parts.iter().enumerate() {
        let from = show::game(defs, &Game::single(p.clone()));
        let rest: Vec<Part> = g.parts[..i]
            .iter()
            .chain(&g.parts[i + 1..])
            .cloned()
            .collect();
        let opts = match p {
            Part::Nim { n, star } => (0..*n)
                .map(|k| Game::single(Part::Nim { n: k, star: *star }))
                .collect(),
            Part::Options(e) => e.options.clone(),
            Part::Picture(pic) => store
                .picture_options(pic)?
                .into_iter()
                .map(|(_, g)| g)
                .collect(),
            Part::Pos(key) => store.options_of(defs, key)?,
        };
        for o in opts {
            let mut parts = rest.clone();
            parts.extend(o.parts.iter().cloned());
            let step = Step::Replace {
                from: from.clone(),
                into: show::game(defs, &o),
            };
            let to = show::written(defs, &super::moves::replaced(g, i, &o));
            moves.push((step, to, split(defs, store, &parts)?));
        }
    }
    let mut roots = vec![root.clone()];
    roots.extend(moves.iter().map(|(_, _, s)| s.clone()));
    let graph = graph(defs, store, roots)?;
    let of = |s: &State| {
        graph
            .value_of(s)
            .cloned()
            .unwrap_or(Value::Infinite(Vec::new()))
    };
    let value = of(&root);
    let moves = moves
        .into_iter()
        .map(|(step, to, s)| Move {
            step,
            to,
            reached: Reached::Loopy(of(&s)),
        })
        .collect();
    Ok((value, moves))
}

/// `moves` of a loopy game: the winning moves (to a position of value 0);
/// in a draw, the moves that keep the draw.
pub fn moves(defs: &Defs, store: &mut Store, g: &Game) -> Result<Answer, EvalError> {
    let (v, all) = moves_with_values(defs, store, g)?;
    let shown = show::game(defs, g);
    let position = show::written(defs, g);
    let (moves, none) = match v.outcome() {
        Some(false) => (Vec::new(), Some(NoMove::LoopyZero { shown })),
        Some(true) => (
            all.into_iter()
                .filter(|m| m.reached == Reached::Loopy(Value::Finite(0)))
                .collect(),
            None,
        ),
        None => {
            let keep: Vec<Move> = all
                .into_iter()
                .filter(|m| matches!(&m.reached, Reached::Loopy(w) if w.outcome().is_none()))
                .collect();
            let none = keep.is_empty().then_some(NoMove::Draw { shown });
            (keep, none)
        }
    };
    Ok(Answer::Moves(Box::new(MovesAnswer {
        position,
        reached: Reached::Loopy(v),
        moves,
        more: 0,
        none,
    })))
}

/// `explain` of a loopy game: each move and the value it leads to, and how
/// the value follows.
pub fn explain(defs: &Defs, store: &mut Store, g: &Game) -> Result<Explanation, EvalError> {
    let (v, all) = moves_with_values(defs, store, g)?;
    let how = How::Loopy {
        shown: show::game(defs, g),
        moves: all
            .iter()
            .filter_map(|m| match &m.reached {
                Reached::Loopy(w) => Some((m.step.clone(), w.clone())),
                _ => None,
            })
            .collect(),
    };
    let value = Reached::Loopy(v);
    let mut e = Explanation::new(show::written(defs, g), value, Rule::Loopy, how);
    e.options = all
        .iter()
        .take(super::explain::OPTIONS)
        .map(|m| OptionValue {
            to: m.to.clone(),
            value: m.reached.clone(),
            count: 1,
        })
        .collect();
    e.options_more = all.len().saturating_sub(super::explain::OPTIONS) as u128;
    Ok(e)
}
