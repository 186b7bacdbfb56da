//! Why a game has its value: the mex derivation a student can follow, or,
//! for a sum, the components' values and their nim-sum.

use super::heap_options;
use super::show;
use crate::engine::periodicity::search::Period;
use crate::engine::rule::HeapRule;
use crate::eval::value::mex_of;
use crate::eval::{Defs, EvalError, Game, Key, Part, Store};
use crate::ir::DefKind;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;

/// Options listed one a line up to this many; beyond, grouped by value.
const LIST: usize = 12;
/// Examples shown for each value when grouped.
const EXAMPLES: usize = 3;

pub fn explain(defs: &Defs, store: &mut Store, g: &Game) -> Result<Vec<String>, EvalError> {
    match g.parts.as_slice() {
        [] => Ok(vec![
            "0 is the zero game: it has no options, so mex{} = 0".into(),
        ]),
        [p] => explain_part(defs, store, p),
        parts => {
            let mut lines = vec![
                "a sum's value is the nim-sum (xor) of its components' values (Sprague-Grundy):"
                    .to_string(),
            ];
            let mut values = Vec::new();
            for p in parts {
                let one = Game::single(p.clone());
                let v = store.value(defs, &one)?;
                lines.push(format!("  {} = {v}", show::game(defs, &one)));
                values.push(v);
            }
            lines.push(show::xor_line(&values));
            Ok(lines)
        }
    }
}

fn explain_part(defs: &Defs, store: &mut Store, p: &Part) -> Result<Vec<String>, EvalError> {
    let name = show::game(defs, &Game::single(p.clone()));
    let options = match p {
        Part::Nim { n: 0, .. } => {
            return Ok(vec![format!(
                "{name} is the zero game: it has no options, so mex{{}} = 0"
            )]);
        }
        Part::Nim { n, star } => {
            let opt = |k: u64| show::game(defs, &Game::single(Part::Nim { n: k, star: *star }));
            let options = match n {
                1 => format!("{name} has the one option {}, of value 0", opt(0)),
                2 => format!(
                    "{name} has the options {} and {}, of values 0 and 1",
                    opt(0),
                    opt(1)
                ),
                _ => format!(
                    "{name} has the options {} .. {}, of values 0 .. {}",
                    opt(0),
                    opt(n - 1),
                    n - 1
                ),
            };
            return Ok(vec![
                options,
                if *n <= 5 {
                    show::mex_line(&(0..*n).collect::<Vec<_>>(), *n)
                } else {
                    format!("mex{{0, 1, ..., {}}} = {n}", n - 1)
                },
            ]);
        }
        Part::Options(e) => e.options.clone(),
        Part::Picture(pic) => return Ok(super::hackenbush::explain(pic)),
        Part::Pos(key) => {
            if let Some(rule) = heap_options::rule_for(defs, store, key) {
                let mut lines = explain_heap(defs, store, key, &rule, &name)?;
                if !matches!(defs.games[key.game].kind, DefKind::Family(_)) {
                    // a rule written out, too big to run as written
                    lines.insert(
                        0,
                        format!(
                            "{} runs as {}: its moves are that family's, each split once",
                            defs.games[key.game].name,
                            rule.describe()
                        ),
                    );
                }
                return Ok(lines);
            }
            store.options_of(defs, key)?
        }
    };
    let mut values = Vec::with_capacity(options.len());
    for o in &options {
        values.push(store.value(defs, o)?);
    }
    let mex = mex_of(&values, &mut Vec::new());
    let mut lines = Vec::new();
    if options.is_empty() {
        lines.push(format!("{name} has no options"));
    } else if options.len() <= LIST {
        lines.push(format!(
            "{name} has {} option{}:",
            options.len(),
            if options.len() == 1 { "" } else { "s" }
        ));
        for (o, v) in options.iter().zip(&values) {
            lines.push(format!("  {} = {v}", show::game(defs, o)));
        }
    } else {
        lines.push(format!("{name} has {} options; by value:", options.len()));
        let mut groups: BTreeMap<u64, Vec<&Game>> = BTreeMap::new();
        for (o, v) in options.iter().zip(&values) {
            groups.entry(*v).or_default().push(o);
        }
        for (shown, (v, gs)) in groups.iter().enumerate() {
            if shown == 16 {
                lines.push(format!("  ... and {} more values", groups.len() - 16));
                break;
            }
            let ex: Vec<String> = gs
                .iter()
                .take(EXAMPLES)
                .map(|g| show::game(defs, g))
                .collect();
            let more = if gs.len() > EXAMPLES {
                format!(", ... ({} in all)", gs.len())
            } else {
                String::new()
            };
            lines.push(format!("  value {v}: {}{more}", ex.join(", ")));
        }
    }
    lines.push(show::mex_line(&values, mex));
    Ok(lines)
}

/// A rule-family heap: its options grouped by move, visited one by one
/// (a heap may have millions), a few examples of each kind of move.
fn explain_heap(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    rule: &HeapRule,
    name: &str,
) -> Result<Vec<String>, EvalError> {
    // the value first: it may prove the period that answers for the heap
    store.grundy(defs, key)?;
    let options = rule.move_count(key.args[0]);
    if options > u128::from(store.limits.options)
        && let Some(p) = store.families.proven(key.game).filter(|p| p.saltus > 0)
    {
        return by_period(defs, store, key, name, options, &p);
    }
    struct Group {
        label: String,
        items: Vec<String>,
        count: u128,
    }
    let mut groups: Vec<Group> = Vec::new();
    // option values: small ones in a dense set (a heap may have millions of
    // options), the rest in a tree
    const DENSE: u64 = 1 << 20;
    let mut small: Vec<bool> = Vec::new();
    let mut values: BTreeSet<u64> = BTreeSet::new();
    let mut kind = None;
    let mut total = 0u128;
    let heap = |h: u64| {
        defs.show_key(&Key {
            game: key.game,
            args: [h].into_iter().collect(),
        })
    };
    heap_options::each_option(defs, store, key, rule, |c| {
        total += u128::from(c.count);
        if c.value < DENSE {
            let v = c.value as usize;
            if v >= small.len() {
                small.resize(v + 1, false);
            }
            small[v] = true;
        } else {
            values.insert(c.value);
        }
        if kind != Some((c.take, c.heaps.len())) {
            kind = Some((c.take, c.heaps.len()));
            let label = move_label(c.take, c.heaps.len());
            if groups.last().is_none_or(|g| g.label != label) {
                groups.push(Group {
                    label,
                    items: Vec::new(),
                    count: 0,
                });
            }
        }
        let g = groups.last_mut().expect("a group was just pushed");
        g.count += u128::from(c.count);
        if g.items.len() < 2 * EXAMPLES {
            let to: Vec<String> = c.heaps.iter().map(|&h| heap(h)).collect();
            let to = if to.is_empty() {
                "0".into()
            } else {
                to.join(" + ")
            };
            g.items.push(if c.count > 1 {
                format!(
                    "{to} = {} (and {} more like it, every {}th)",
                    c.value,
                    c.count - 1,
                    c.step
                )
            } else {
                format!("{to} = {}", c.value)
            });
        }
        ControlFlow::Continue(())
    })?;
    let mut lines = Vec::new();
    if total == 0 {
        lines.push(format!("{name} has no options"));
    } else {
        lines.push(format!(
            "{name} has {total} option{}, by move:",
            if total == 1 { "" } else { "s" }
        ));
    }
    for g in groups {
        let shown = if g.count > g.items.len() as u128 {
            format!("{}, ... ({} in all)", g.items.join(", "), g.count)
        } else {
            g.items.join(", ")
        };
        lines.push(format!("  {}: {shown}", g.label));
    }
    let values: Vec<u64> = (0u64..)
        .zip(&small)
        .filter_map(|(v, &seen)| seen.then_some(v))
        .chain(values)
        .collect();
    lines.push(show::mex_line(&values, mex_of(&values, &mut Vec::new())));
    Ok(lines)
}

/// A heap with too many options to list, whose value an arithmetic period
/// gives: `n = n0 + r + q p`, so `G(n) = G(n0 + r) + q s`.
fn by_period(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    name: &str,
    options: u128,
    p: &Period,
) -> Result<Vec<String>, EvalError> {
    let n = key.args[0];
    let game = &defs.games[key.game].name;
    let (q, r) = ((n - p.preperiod) / p.period, (n - p.preperiod) % p.period);
    let base_key = Key {
        game: key.game,
        args: [p.preperiod + r].into_iter().collect(),
    };
    let base = store.grundy(defs, &base_key)?;
    let value = store.grundy(defs, key)?;
    Ok(vec![
        format!(
            "{name} has {options} options, too many to list; its value follows from the proven arithmetic period of {game}: {game}(n + {}) = {game}(n) + {} for n >= {}",
            p.period, p.saltus, p.preperiod
        ),
        format!(
            "  {n} = {} + {q} × {}, so {name} = {} + {q} × {} = {base} + {} = {value}",
            p.preperiod + r,
            p.period,
            defs.show_key(&base_key),
            p.saltus,
            u128::from(q) * u128::from(p.saltus),
        ),
    ])
}

/// How a person names a move in a heap game.
fn move_label(take: u64, heaps: usize) -> String {
    match (take, heaps) {
        (0, 2) => "split in two".into(),
        (0, n) => format!("split in {n}"),
        (k, 0) => format!("take all {k}"),
        (k, 1) => format!("take {k}, leaving one heap"),
        (k, 2) => format!("take {k} and split the rest in two"),
        (k, n) => format!("take {k} and split the rest in {n}"),
    }
}
