//! Why a game has its value: the mex derivation a student can follow, or,
//! for a sum, the components' values and their nim-sum. The derivation is
//! data ([`How`]); [`crate::render`] words it.

use super::heap_options;
use super::show;
use super::{Explanation, How, MoveGroup, OptionList, OptionValue, Reached, Reduced, Rule};
use crate::engine::periodicity::search::Period;
use crate::engine::rule::HeapRule;
use crate::eval::value::mex_of;
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use crate::ir::{DefKind, Factor};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;

/// Options listed one a line up to this many; beyond, grouped by value.
const LIST: usize = 12;
/// Examples shown for each value when grouped.
const EXAMPLES: usize = 3;
/// Values shown when the options are grouped by value.
const VALUES: usize = 16;
/// Options of one kind of move shown for a family's heap.
const ITEMS: usize = 2 * EXAMPLES;

/// Options listed in an explanation's data, at most; the rest are counted.
pub const OPTIONS: usize = 1000;

pub fn explain(defs: &Defs, store: &mut Store, g: &Game) -> Result<Explanation, EvalError> {
    let position = show::written(defs, g);
    match g.parts.as_slice() {
        [] => {
            let how = How::Zero { shown: "0".into() };
            Ok(Explanation::new(
                position,
                Reached::Value(0),
                Rule::Mex,
                how,
            ))
        }
        [p] => explain_part(defs, store, p, position),
        parts => {
            let mut shown = Vec::new();
            let mut components = Vec::new();
            for p in parts {
                let one = Game::single(p.clone());
                let v = store.value(defs, &one)?;
                let s = show::game(defs, &one);
                components.push((show::written(defs, &one).unwrap_or_else(|| s.clone()), v));
                shown.push((s, v));
            }
            let total = shown.iter().fold(0, |a, (_, v)| a ^ v);
            let how = How::Sum { components: shown };
            let mut e = Explanation::new(position, Reached::Value(total), Rule::NimSum, how);
            e.components = components;
            Ok(e)
        }
    }
}

/// Options and their values, as an explanation's data (the first
/// [`OPTIONS`], and how many more).
fn option_data(defs: &Defs, options: &[Game], values: &[u64]) -> (Vec<OptionValue>, u128) {
    let listed = options
        .iter()
        .zip(values)
        .take(OPTIONS)
        .map(|(o, &v)| OptionValue {
            to: show::written(defs, o),
            value: Reached::Value(v),
            count: 1,
        })
        .collect();
    (listed, options.len().saturating_sub(OPTIONS) as u128)
}

fn explain_part(
    defs: &Defs,
    store: &mut Store,
    p: &Part,
    position: Option<String>,
) -> Result<Explanation, EvalError> {
    let shown = show::game(defs, &Game::single(p.clone()));
    let options = match p {
        Part::Nim { n: 0, .. } => {
            let how = How::Zero { shown };
            return Ok(Explanation::new(
                position,
                Reached::Value(0),
                Rule::Nimber,
                how,
            ));
        }
        Part::Nim { n, star } => return Ok(explain_nimber(defs, *n, *star, shown, position)),
        Part::Options(e) => e.options.clone(),
        Part::Picture(pic) => {
            let how = How::Hackenbush {
                picture: (**pic).clone(),
            };
            let value = Reached::Value(pic.value);
            return Ok(Explanation::new(position, value, Rule::Hackenbush, how));
        }
        Part::Pos(key) => {
            if let Some(rule) = heap_options::rule_for(defs, store, key) {
                return explain_heap(defs, store, key, &rule, shown, position);
            }
            match (store.options_of(defs, key), &defs.games[key.game].kind) {
                // too many corners to list: the Tartan theorem answers
                (Err(EvalError::Failed(_)), DefKind::Product(f, g)) => {
                    return tartan(defs, store, key, (*f, *g), shown, position);
                }
                (options, _) => options?,
            }
        }
    };
    let mut values = Vec::with_capacity(options.len());
    for o in &options {
        values.push(store.value(defs, o)?);
    }
    let mex = mex_of(&values, &mut Vec::new());
    let mut distinct = values.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let how = How::Options {
        shown,
        listed: option_list(defs, &options, &values),
        values: distinct,
        mex,
    };
    let mut e = Explanation::new(position, Reached::Value(mex), Rule::Mex, how);
    (e.options, e.options_more) = option_data(defs, &options, &values);
    Ok(e)
}

/// A single head of a product of coin games with too many options to
/// list: its value is the nim product of its factors' values.
fn tartan(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    (f, g): (Factor, Factor),
    shown: String,
    position: Option<String>,
) -> Result<Explanation, EvalError> {
    let (a, b) = store.factor_values(defs, f, g, &key.args)?;
    let value = crate::engine::nimber::product(a, b);
    let factor = |f: Factor, n: u64| match f {
        Factor::Game(id) => format!("{}({n})", defs.games[id].name),
        Factor::Twins => format!("twins({n})"),
    };
    let factors = [(factor(f, key.args[0]), a), (factor(g, key.args[1]), b)];
    let how = How::Tartan {
        shown,
        factors: factors.clone(),
    };
    let mut e = Explanation::new(position, Reached::Value(value), Rule::Tartan, how);
    e.components = factors.to_vec();
    Ok(e)
}

/// `*n`: its options are `*0 .. *(n - 1)`.
fn explain_nimber(
    defs: &Defs,
    n: u64,
    star: bool,
    shown: String,
    position: Option<String>,
) -> Explanation {
    let opt = |k: u64| show::game(defs, &Game::single(Part::Nim { n: k, star }));
    let how = How::Nimber {
        shown,
        n,
        first: opt(0),
        second: opt(1),
        last: opt(n - 1),
    };
    let mut e = Explanation::new(position, Reached::Value(n), Rule::Nimber, how);
    e.options = (0..n.min(OPTIONS as u64))
        .map(|k| OptionValue {
            to: Some(opt(k)),
            value: Reached::Value(k),
            count: 1,
        })
        .collect();
    e.options_more = u128::from(n.saturating_sub(OPTIONS as u64));
    e
}

/// The options of a position one by one, or grouped by value when many.
fn option_list(defs: &Defs, options: &[Game], values: &[u64]) -> OptionList {
    if options.len() <= LIST {
        return OptionList::Each(
            options
                .iter()
                .zip(values)
                .map(|(o, &v)| (show::game(defs, o), v))
                .collect(),
        );
    }
    let mut groups: BTreeMap<u64, Vec<&Game>> = BTreeMap::new();
    for (o, v) in options.iter().zip(values) {
        groups.entry(*v).or_default().push(o);
    }
    let more_values = groups.len().saturating_sub(VALUES);
    let values = groups
        .iter()
        .take(VALUES)
        .map(|(&v, gs)| {
            let ex = gs.iter().take(EXAMPLES).map(|g| show::game(defs, g));
            (v, ex.collect(), gs.len())
        })
        .collect();
    OptionList::ByValue {
        count: options.len(),
        values,
        more_values,
    }
}

/// A rule-family heap: its options grouped by move, visited one by one
/// (a heap may have millions), a few examples of each kind of move.
fn explain_heap(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    rule: &HeapRule,
    shown: String,
    position: Option<String>,
) -> Result<Explanation, EvalError> {
    // the value first: it may prove the period that answers for the heap
    let value = store.grundy(defs, key)?;
    let options = rule.move_count(key.args[0]);
    // a period reduces only heaps from its pre-period on
    let period = store
        .families
        .proven(key.game)
        .filter(|p| key.args[0] >= p.preperiod && p.period > 0);
    let runs_as = (!matches!(defs.games[key.game].kind, DefKind::Family(_)))
        .then(|| (defs.games[key.game].name.clone(), rule.describe()));
    if options > u128::from(store.limits.options)
        && let Some(p) = period.filter(|p| p.saltus > 0)
    {
        return by_period(defs, store, key, (shown, runs_as), options, &p, position);
    }
    let mut e = Explanation::new(
        position,
        Reached::Value(value),
        Rule::Mex,
        How::Zero {
            shown: String::new(),
        },
    );
    match heap_groups(defs, store, key, rule, &mut e) {
        // too many options to list even by classes: the period answers
        Err(EvalError::Failed(_)) if let Some(p) = period => {
            by_period(defs, store, key, (shown, runs_as), options, &p, e.position)
        }
        Err(err) => Err(err),
        Ok((total, groups, values)) => {
            let mex = mex_of(&values, &mut Vec::new());
            e.how = How::Heap {
                shown,
                runs_as,
                total,
                groups,
                values,
                mex,
            };
            Ok(e)
        }
    }
}

/// The options of a family's heap by kind of move (with their data put in
/// `e`), how many in all, and their distinct values.
fn heap_groups(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    rule: &HeapRule,
    e: &mut Explanation,
) -> Result<(u128, Vec<MoveGroup>, Vec<u64>), EvalError> {
    let mut groups: Vec<MoveGroup> = Vec::new();
    // option values: small ones in a dense set (a heap may have millions of
    // options), the rest in a tree
    const DENSE: u64 = 1 << 20;
    let mut small: Vec<bool> = Vec::new();
    let mut values: BTreeSet<u64> = BTreeSet::new();
    let mut total = 0u128;
    let heaps = |hs: &[u64]| Game::of_heaps(key.game, hs);
    heap_options::each_option(defs, store, key, rule, |c| {
        total += u128::from(c.count);
        if e.options.len() < OPTIONS {
            e.options.push(OptionValue {
                to: show::written(defs, &heaps(&c.heaps)),
                value: Reached::Value(c.value),
                count: c.count,
            });
        } else {
            e.options_more += u128::from(c.count);
        }
        if c.value < DENSE {
            let v = c.value as usize;
            if v >= small.len() {
                small.resize(v + 1, false);
            }
            small[v] = true;
        } else {
            values.insert(c.value);
        }
        let kind = (c.take, c.heaps.len());
        if groups.last().is_none_or(|g| (g.take, g.heaps) != kind) {
            groups.push(MoveGroup {
                take: c.take,
                heaps: c.heaps.len(),
                items: Vec::new(),
                count: 0,
            });
        }
        let g = groups.last_mut().expect("a group was just pushed");
        g.count += u128::from(c.count);
        if g.items.len() < ITEMS {
            let to = show::game(defs, &heaps(&c.heaps));
            g.items.push((to, c.value, c.count, c.step));
        }
        ControlFlow::Continue(())
    })?;
    let values: Vec<u64> = (0u64..)
        .zip(&small)
        .filter_map(|(v, &seen)| seen.then_some(v))
        .chain(values)
        .collect();
    Ok((total, groups, values))
}

/// A heap with too many options to list, whose value a period gives:
/// `n = n0 + r + q p`, so `G(n) = G(n0 + r) + q s`.
fn by_period(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    (shown, runs_as): (String, Option<(String, String)>),
    options: u128,
    p: &Period,
    position: Option<String>,
) -> Result<Explanation, EvalError> {
    let n = key.args[0];
    let (q, r) = ((n - p.preperiod) / p.period, (n - p.preperiod) % p.period);
    let base_key = Key {
        game: key.game,
        args: [p.preperiod + r].into_iter().collect(),
    };
    let base = store.grundy(defs, &base_key)?;
    let value = store.grundy(defs, key)?;
    let rule = if p.saltus > 0 {
        Rule::ArithmeticPeriod
    } else {
        Rule::Period
    };
    let how = How::Period {
        shown,
        runs_as,
        game: defs.games[key.game].name.clone(),
        options,
        base: defs.show_key(&base_key),
        periods: q,
    };
    let mut e = Explanation::new(position, Reached::Value(value), rule, how);
    e.period = Some(Reduced {
        pre_period: p.preperiod,
        period: p.period,
        saltus: p.saltus,
        heap: n,
        base: p.preperiod + r,
        base_value: base,
    });
    Ok(e)
}
