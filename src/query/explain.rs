//! Why a game has its value: the mex derivation a student can follow, or,
//! for a sum, the components' values and their nim-sum.

use super::heap_options;
use super::show;
use super::{Explanation, OptionValue, Reached, Reduced, Rule};
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

/// Options listed in an explanation's data, at most; the rest are counted.
pub const OPTIONS: usize = 1000;

pub fn explain(defs: &Defs, store: &mut Store, g: &Game) -> Result<Explanation, EvalError> {
    let position = show::written(defs, g);
    match g.parts.as_slice() {
        [] => {
            let mut e = Explanation::new(position, Reached::Value(0), Rule::Mex);
            e.lines = vec!["0 is the zero game: it has no options, so mex{} = 0".into()];
            Ok(e)
        }
        [p] => explain_part(defs, store, p, position),
        parts => {
            let mut lines = vec![
                "a sum's value is the nim-sum (xor) of its components' values (Sprague-Grundy):"
                    .to_string(),
            ];
            let mut values = Vec::new();
            let mut components = Vec::new();
            for p in parts {
                let one = Game::single(p.clone());
                let v = store.value(defs, &one)?;
                let shown = show::game(defs, &one);
                lines.push(format!("  {shown} = {v}"));
                components.push((show::written(defs, &one).unwrap_or(shown), v));
                values.push(v);
            }
            lines.push(show::xor_line(&values));
            let total = values.iter().fold(0, |a, b| a ^ b);
            let mut e = Explanation::new(position, Reached::Value(total), Rule::NimSum);
            e.components = components;
            e.lines = lines;
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
    let name = show::game(defs, &Game::single(p.clone()));
    let options = match p {
        Part::Nim { n: 0, .. } => {
            let mut e = Explanation::new(position, Reached::Value(0), Rule::Nimber);
            e.lines = vec![format!(
                "{name} is the zero game: it has no options, so mex{{}} = 0"
            )];
            return Ok(e);
        }
        Part::Nim { n, star } => return Ok(explain_nimber(defs, *n, *star, &name, position)),
        Part::Options(e) => e.options.clone(),
        Part::Picture(pic) => {
            let mut e = Explanation::new(position, Reached::Value(pic.value), Rule::Hackenbush);
            e.lines = super::hackenbush::explain(pic);
            return Ok(e);
        }
        Part::Pos(key) => {
            if let Some(rule) = heap_options::rule_for(defs, store, key) {
                let mut e = explain_heap(defs, store, key, &rule, &name, position)?;
                if !matches!(defs.games[key.game].kind, DefKind::Family(_)) {
                    // a rule written out, too big to run as written
                    e.lines.insert(
                        0,
                        format!(
                            "{} runs as {}: its moves are that family's, each split once",
                            defs.games[key.game].name,
                            rule.describe()
                        ),
                    );
                }
                return Ok(e);
            }
            match (store.options_of(defs, key), &defs.games[key.game].kind) {
                // too many corners to list: the Tartan theorem answers
                (Err(EvalError::Failed(_)), DefKind::Product(f, g)) => {
                    return tartan(defs, store, key, (*f, *g), &name, position);
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
    let mut e = Explanation::new(position, Reached::Value(mex), Rule::Mex);
    (e.options, e.options_more) = option_data(defs, &options, &values);
    e.lines = option_lines(defs, &name, &options, &values);
    e.lines.push(show::mex_line(&values, mex));
    Ok(e)
}

/// A single head of a product of coin games with too many options to
/// list: its value is the nim product of its factors' values.
fn tartan(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    (f, g): (Factor, Factor),
    name: &str,
    position: Option<String>,
) -> Result<Explanation, EvalError> {
    let (a, b) = store.factor_values(defs, f, g, &key.args)?;
    let value = crate::engine::nimber::product(a, b);
    let factor = |f: Factor, n: u64| match f {
        Factor::Game(id) => format!("{}({n})", defs.games[id].name),
        Factor::Twins => format!("twins({n})"),
    };
    let mut e = Explanation::new(position, Reached::Value(value), Rule::Tartan);
    e.components = vec![(factor(f, key.args[0]), a), (factor(g, key.args[1]), b)];
    e.lines = vec![
        format!(
            "{name} has too many options to list; by the Tartan theorem its value is the nim product of its factors' values:"
        ),
        format!(
            "  {} ⊗ {} = {a} ⊗ {b} = {value}",
            factor(f, key.args[0]),
            factor(g, key.args[1])
        ),
    ];
    Ok(e)
}

/// `*n`: its options are `*0 .. *(n - 1)`.
fn explain_nimber(
    defs: &Defs,
    n: u64,
    star: bool,
    name: &str,
    position: Option<String>,
) -> Explanation {
    let opt = |k: u64| show::game(defs, &Game::single(Part::Nim { n: k, star }));
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
    let mut e = Explanation::new(position, Reached::Value(n), Rule::Nimber);
    e.options = (0..n.min(OPTIONS as u64))
        .map(|k| OptionValue {
            to: Some(opt(k)),
            value: Reached::Value(k),
            count: 1,
        })
        .collect();
    e.options_more = u128::from(n.saturating_sub(OPTIONS as u64));
    e.lines = vec![
        options,
        if n <= 5 {
            show::mex_line(&(0..n).collect::<Vec<_>>(), n)
        } else {
            format!("mex{{0, 1, ..., {}}} = {n}", n - 1)
        },
    ];
    e
}

/// The options of a position one a line, or grouped by value when many.
fn option_lines(defs: &Defs, name: &str, options: &[Game], values: &[u64]) -> Vec<String> {
    let mut lines = Vec::new();
    if options.is_empty() {
        lines.push(format!("{name} has no options"));
    } else if options.len() <= LIST {
        lines.push(format!(
            "{name} has {} option{}:",
            options.len(),
            if options.len() == 1 { "" } else { "s" }
        ));
        for (o, v) in options.iter().zip(values) {
            lines.push(format!("  {} = {v}", show::game(defs, o)));
        }
    } else {
        lines.push(format!("{name} has {} options; by value:", options.len()));
        let mut groups: BTreeMap<u64, Vec<&Game>> = BTreeMap::new();
        for (o, v) in options.iter().zip(values) {
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
    lines
}

/// A rule-family heap: its options grouped by move, visited one by one
/// (a heap may have millions), a few examples of each kind of move.
fn explain_heap(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    rule: &HeapRule,
    name: &str,
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
    if options > u128::from(store.limits.options)
        && let Some(p) = period.filter(|p| p.saltus > 0)
    {
        return by_period(defs, store, key, name, options, &p, position);
    }
    let mut e = Explanation::new(position, Reached::Value(value), Rule::Mex);
    match heap_lines(defs, store, key, rule, name, &mut e) {
        // too many options to list even by classes: the period answers
        Err(EvalError::Failed(_)) if let Some(p) = period => {
            by_period(defs, store, key, name, options, &p, e.position)
        }
        Err(err) => Err(err),
        Ok(lines) => {
            e.lines = lines;
            Ok(e)
        }
    }
}

/// The lines of [`explain_heap`], with the options' data put in `e`.
fn heap_lines(
    defs: &Defs,
    store: &mut Store,
    key: &Key,
    rule: &HeapRule,
    name: &str,
    e: &mut Explanation,
) -> Result<Vec<String>, EvalError> {
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
        if e.options.len() < OPTIONS {
            let first = Game {
                parts: c
                    .heaps
                    .iter()
                    .map(|&h| {
                        Part::Pos(Key {
                            game: key.game,
                            args: [h].into_iter().collect(),
                        })
                    })
                    .collect(),
            };
            e.options.push(OptionValue {
                to: show::written(defs, &first),
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
    position: Option<String>,
) -> Result<Explanation, EvalError> {
    let n = key.args[0];
    let game = &defs.games[key.game].name;
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
    let mut e = Explanation::new(position, Reached::Value(value), rule);
    e.period = Some(Reduced {
        pre_period: p.preperiod,
        period: p.period,
        saltus: p.saltus,
        heap: n,
        base: p.preperiod + r,
        base_value: base,
    });
    e.lines = if p.saltus > 0 {
        vec![
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
        ]
    } else {
        vec![
            format!(
                "{name} has {options} options, too many to list; its value follows from the proven period of {game}: {game}(n + {}) = {game}(n) for n >= {}",
                p.period, p.preperiod
            ),
            format!(
                "  {n} = {} + {q} × {}, so {name} = {} = {value}",
                p.preperiod + r,
                p.period,
                defs.show_key(&base_key),
            ),
        ]
    };
    Ok(e)
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
