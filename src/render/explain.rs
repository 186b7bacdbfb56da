//! An explanation in words: the lines of `explain`, written from the
//! derivation the query found ([`How`]).

use crate::engine::loopy::Value;
use crate::query::loopy::show_value;
use crate::query::show::{mex_line, xor_line};
use crate::query::{Explanation, How, MoveGroup, OptionList, Step};

/// Examples of one value shown when options are grouped by value.
const EXAMPLES: usize = 3;

/// The lines of `explain`.
pub fn lines(e: &Explanation) -> Vec<String> {
    match &e.how {
        How::Zero { shown } => vec![format!(
            "{shown} is the zero game: it has no options, so mex{{}} = 0"
        )],
        How::Nimber {
            shown,
            n,
            first,
            second,
            last,
        } => nimber(shown, *n, first, second, last),
        How::Options {
            shown,
            listed,
            values,
            mex,
        } => {
            let mut lines = options(shown, listed);
            lines.push(mex_line(values, *mex));
            lines
        }
        How::Heap {
            shown,
            runs_as,
            total,
            groups,
            values,
            mex,
        } => {
            let mut lines = runs_as_line(runs_as);
            lines.extend(heap(shown, *total, groups));
            lines.push(mex_line(values, *mex));
            lines
        }
        How::Period { runs_as, .. } => {
            let mut lines = runs_as_line(runs_as);
            lines.extend(period(e));
            lines
        }
        How::Tartan { shown, factors } => vec![
            format!(
                "{shown} has too many options to list; by the Tartan theorem its value is the nim product of its factors' values:"
            ),
            format!(
                "  {} ⊗ {} = {} ⊗ {} = {}",
                factors[0].0,
                factors[1].0,
                factors[0].1,
                factors[1].1,
                crate::engine::nimber::product(factors[0].1, factors[1].1)
            ),
        ],
        How::Sum { components } => {
            let mut lines = vec![
                "a sum's value is the nim-sum (xor) of its components' values (Sprague-Grundy):"
                    .to_string(),
            ];
            lines.extend(components.iter().map(|(g, v)| format!("  {g} = {v}")));
            let values: Vec<u64> = components.iter().map(|(_, v)| *v).collect();
            lines.push(xor_line(&values));
            lines
        }
        How::Hackenbush { picture } => super::hackenbush::explain(picture),
        How::Coins {
            shown,
            heads,
            sum,
            values,
            wins,
        } => coins(shown, heads, sum, values, wins.as_deref()),
        How::Loopy { shown, moves } => loopy(shown, e, moves),
    }
}

/// `dawson runs as octal 0.07: ...`, for a rule written out that runs as
/// a family.
fn runs_as_line(runs_as: &Option<(String, String)>) -> Vec<String> {
    runs_as
        .iter()
        .map(|(game, rule)| {
            format!("{game} runs as {rule}: its moves are that family's, each split once")
        })
        .collect()
}

fn nimber(shown: &str, n: u64, first: &str, second: &str, last: &str) -> Vec<String> {
    let options = match n {
        1 => format!("{shown} has the one option {first}, of value 0"),
        2 => format!("{shown} has the options {first} and {second}, of values 0 and 1"),
        _ => format!(
            "{shown} has the options {first} .. {last}, of values 0 .. {}",
            n - 1
        ),
    };
    let mex = if n <= 5 {
        mex_line(&(0..n).collect::<Vec<_>>(), n)
    } else {
        format!("mex{{0, 1, ..., {}}} = {n}", n - 1)
    };
    vec![options, mex]
}

fn options(shown: &str, listed: &OptionList) -> Vec<String> {
    match listed {
        OptionList::Each(each) if each.is_empty() => vec![format!("{shown} has no options")],
        OptionList::Each(each) => {
            let mut lines = vec![format!(
                "{shown} has {} option{}:",
                each.len(),
                if each.len() == 1 { "" } else { "s" }
            )];
            lines.extend(each.iter().map(|(o, v)| format!("  {o} = {v}")));
            lines
        }
        OptionList::ByValue {
            count,
            values,
            more_values,
        } => {
            let mut lines = vec![format!("{shown} has {count} options; by value:")];
            for (v, examples, n) in values {
                let more = if *n > EXAMPLES {
                    format!(", ... ({n} in all)")
                } else {
                    String::new()
                };
                lines.push(format!("  value {v}: {}{more}", examples.join(", ")));
            }
            if *more_values > 0 {
                lines.push(format!("  ... and {more_values} more values"));
            }
            lines
        }
    }
}

fn heap(shown: &str, total: u128, groups: &[MoveGroup]) -> Vec<String> {
    let mut lines = vec![if total == 0 {
        format!("{shown} has no options")
    } else {
        format!(
            "{shown} has {total} option{}, by move:",
            if total == 1 { "" } else { "s" }
        )
    }];
    for g in groups {
        let items: Vec<String> = g
            .items
            .iter()
            .map(|(to, value, count, step)| {
                if *count > 1 {
                    format!(
                        "{to} = {value} (and {} more like it, every {step}th)",
                        count - 1
                    )
                } else {
                    format!("{to} = {value}")
                }
            })
            .collect();
        let listed = if g.count > items.len() as u128 {
            format!("{}, ... ({} in all)", items.join(", "), g.count)
        } else {
            items.join(", ")
        };
        lines.push(format!("  {}: {listed}", move_label(g.take, g.heaps)));
    }
    lines
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

/// A heap reduced by a period: `n = base + q × period`.
fn period(e: &Explanation) -> Vec<String> {
    let (
        How::Period {
            shown,
            game,
            options,
            base,
            periods: q,
            ..
        },
        Some(p),
    ) = (&e.how, &e.period)
    else {
        return Vec::new();
    };
    let value = match &e.value {
        crate::query::Reached::Value(v) => *v,
        _ => 0,
    };
    let n = p.heap;
    if p.saltus > 0 {
        vec![
            format!(
                "{shown} has {options} options, too many to list; its value follows from the proven arithmetic period of {game}: {game}(n + {}) = {game}(n) + {} for n >= {}",
                p.period, p.saltus, p.pre_period
            ),
            format!(
                "  {n} = {} + {q} × {}, so {shown} = {base} + {q} × {} = {} + {} = {value}",
                p.base,
                p.period,
                p.saltus,
                p.base_value,
                u128::from(*q) * u128::from(p.saltus),
            ),
        ]
    } else {
        vec![
            format!(
                "{shown} has {options} options, too many to list; its value follows from the proven period of {game}: {game}(n + {}) = {game}(n) for n >= {}",
                p.period, p.pre_period
            ),
            format!(
                "  {n} = {} + {q} × {}, so {shown} = {base} = {value}",
                p.base, p.period
            ),
        ]
    }
}

fn coins(
    shown: &str,
    heads: &[u64],
    sum: &str,
    values: &[u64],
    wins: Option<&[(Vec<u64>, String)]>,
) -> Vec<String> {
    let at: Vec<String> = heads.iter().map(u64::to_string).collect();
    let mut lines = vec![if heads.is_empty() {
        format!("{shown} has no head: it is the end of play, value 0")
    } else {
        format!(
            "{shown} has heads at {}, and a row is the sum of its single heads:",
            at.join(", ")
        )
    }];
    if !heads.is_empty() {
        lines.push(format!("  {sum} = {}", xor_line(values)));
    }
    let total = values.iter().fold(0, |a, b| a ^ b);
    if total == 0 {
        lines.push("value 0: a P-position, every move leaves a nonzero value".into());
        return lines;
    }
    let Some(wins) = wins else {
        return lines;
    };
    let mut won: Vec<String> = wins
        .iter()
        .map(|(turned, row)| {
            let turn = super::text::step(&Step::Turn(turned.clone()));
            format!("  {turn} leaves {row} of value 0")
        })
        .collect();
    won.sort();
    won.dedup();
    lines.push(format!("value {total}: an N-position; the winning moves:"));
    lines.extend(won);
    lines
}

fn loopy(shown: &str, e: &Explanation, moves: &[(Step, Value)]) -> Vec<String> {
    let v = match &e.value {
        crate::query::Reached::Loopy(v) => v.clone(),
        crate::query::Reached::Value(v) => Value::Finite(*v),
        crate::query::Reached::Misere { .. } => Value::Infinite(Vec::new()),
    };
    let mut out = vec![format!(
        "{shown} can be reached from itself: its value is the generalized Sprague-Grundy value, {}",
        show_value(&v)
    )];
    for (step, w) in moves {
        out.push(format!("  {}: {}", super::text::step(step), show_value(w)));
    }
    out.push(match &v {
        Value::Finite(m) => format!(
            "{m}: the options reach every value below {m} and none of value {m}, and each option of larger or ∞ value has a move back to value {m}"
        ),
        Value::Infinite(k) if k.contains(&0) => format!(
            "∞: no number fits, and an option of value 0 wins ({}: an N-position)",
            show_value(&v)
        ),
        Value::Infinite(_) => "∞: no number fits, and no option has value 0: with best play the game goes on for ever (a draw)".to_string(),
    });
    out
}
