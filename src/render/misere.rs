//! Misère answers as text: quotients, genera, the rules behind outcomes
//! and `misere explain`.

use crate::query::{GenusAnswer, MisereExplained, MisereRule, QuotientAnswer, Replaced};

pub fn genus(g: &GenusAnswer) -> Vec<String> {
    let kind = if g.tame {
        "tame: the genus of a sum of Nim heaps"
    } else {
        "wild: not the genus of any sum of Nim heaps"
    };
    let how = if g.arithmetic {
        ", by genus arithmetic on its tame components"
    } else {
        ""
    };
    vec![format!("{} ({kind}{how})", super::words::genus_symbol(g))]
}

pub fn quotient(q: &QuotientAnswer) -> Vec<String> {
    let mut out = vec![format!(
        "misère quotient of {} ({}), heaps 0..={}: order {}, P-portion of {}",
        q.game,
        q.rule,
        q.to,
        q.order,
        q.p_portion.len()
    )];
    if !q.generators.is_empty() {
        let gens: Vec<String> = q
            .generators
            .iter()
            .map(|(n, h)| format!("{n} = {}({h})", q.game))
            .collect();
        out.push(format!("generators: {}", gens.join(", ")));
    }
    if !q.relations.is_empty() {
        out.push(format!("relations: {}", q.relations.join(", ")));
    }
    out.push(format!("P-portion: {}", q.p_portion.join(", ")));
    for (i, chunk) in q.heaps.chunks(10).enumerate() {
        let from = i * 10;
        out.push(format!(
            "heaps {from}..{}: {}",
            from + chunk.len() - 1,
            chunk.join(", ")
        ));
    }
    match q.period {
        Some((n0, p)) => out.push(format!(
            "the heaps' elements repeat with period {p} from heap {n0} on (proven): this is the quotient of every heap"
        )),
        None => out.push(format!(
            "no period of the heaps' elements is proven by heap {}: this is the quotient of the sums of heaps 0..={}",
            q.to, q.to
        )),
    }
    if let Some(t) = &q.table {
        let width = q
            .elements
            .iter()
            .map(|e| e.chars().count())
            .max()
            .unwrap_or(1);
        let cell = |s: &str| format!("{s:>width$}");
        let mut head = format!("{} |", cell(""));
        for e in &q.elements {
            head.push(' ');
            head.push_str(&cell(e));
        }
        out.push("multiplication table:".into());
        out.push(head);
        for (e, row) in q.elements.iter().zip(t) {
            let mut line = format!("{} |", cell(e));
            for x in row {
                line.push(' ');
                line.push_str(&cell(x));
            }
            out.push(line);
        }
    }
    out
}

/// What decides a misère outcome, in words.
pub fn rule(r: &MisereRule) -> String {
    match r {
        MisereRule::Bouton { like, heaps, p } => {
            let named: Vec<String> = like
                .iter()
                .map(|(part, v)| format!("{part} plays like *{v}"))
                .collect();
            if named.is_empty() {
                bouton(heaps, *p)
            } else {
                format!(
                    "in misère play {}, so {}",
                    join_and(&named),
                    bouton(heaps, *p)
                )
            }
        }
        MisereRule::Quotient {
            replaced,
            game,
            order,
            to,
            elements,
            product,
            p,
            portion,
        } => {
            let parts: Vec<String> = elements
                .iter()
                .map(|(n, e)| format!("{game}({n}) is {e}"))
                .collect();
            let portion = match portion {
                Ok(members) => format!("{{{}}}", members.join(", ")),
                Err(size) => format!("of {size} elements"),
            };
            let r = format!(
                "in the misère quotient of `{game}` (order {order}, heaps to {to}), {}; their product {product} is {} the P-portion {portion}, so the position is {}",
                parts.join(", "),
                if *p { "in" } else { "not in" },
                if *p { "P" } else { "N" }
            );
            if replaced.is_empty() {
                return r;
            }
            let said: Vec<String> = replaced.iter().map(replaced_text).collect();
            format!("in misère play {}, so {r}", said.join(", "))
        }
        MisereRule::Tame { heaps, p } => {
            let nims: Vec<String> = heaps.iter().map(|h| format!("*{h}")).collect();
            let position = if nims.is_empty() {
                "0".to_string()
            } else {
                nims.join(" + ")
            };
            format!(
                "every component is tame throughout (each of its positions has the genus of a sum of Nim heaps), so by genus arithmetic the sum plays like {position}; {}",
                bouton(heaps, *p)
            )
        }
        MisereRule::Searched => SEARCHED.into(),
    }
}

const SEARCHED: &str = "every move leaves an N-position (found by exhaustive search)";
/// In misère play the end is a win for the player who cannot move.
pub const NO_MOVE: &str = "there is no move, and in misère play the player who cannot move wins";

/// A component replaced by heaps of the family, in words.
fn replaced_text(s: &Replaced) -> String {
    match (s.like.as_slice(), s.nim) {
        ([], _) => format!("{} plays like 0 and is left out", s.part),
        (_, true) => format!(
            "{} is replaced by {}, which plays like *{}",
            s.part,
            s.like.join(" + "),
            s.v
        ),
        (_, false) => format!(
            "{} plays like *{}, as {} does, and is replaced by it",
            s.part,
            s.v,
            s.like.join(" + ")
        ),
    }
}

/// Bouton's misère rule on Nim heaps, with its verdict.
fn bouton(values: &[u64], p: bool) -> String {
    let verdict = if p { "P" } else { "N" };
    if values.iter().all(|&v| v <= 1) {
        let ones = values.iter().filter(|&&v| v == 1).count();
        format!(
            "by Bouton's misère rule, with every heap 0 or 1 the position is P exactly when the number of 1-heaps is odd; here it is {ones}: {verdict}"
        )
    } else {
        let here = match values {
            [v] => format!("the nim-sum is {v}"),
            _ => super::words::xor_line(values),
        };
        format!(
            "by Bouton's misère rule, with a heap larger than 1 the position is P exactly when the nim-sum is 0, as in normal play; here {here}: {verdict}"
        )
    }
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The lines of `misere explain`.
pub fn explained(e: &MisereExplained) -> Vec<String> {
    let shown = &e.shown;
    let mut lines = vec![if e.p {
        format!("{shown} is a P-position in misère play (the previous player wins)")
    } else {
        format!("{shown} is an N-position in misère play (the next player wins)")
    }];
    if let Some(r) = &e.rule {
        lines.push(rule(r));
    }
    if e.p {
        lines.push(match e.rule {
            Some(_) => "so every move leaves an N-position".into(),
            None => SEARCHED.into(),
        });
        return lines;
    }
    if e.moves.is_empty() {
        lines.push(NO_MOVE.into());
        return lines;
    }
    if e.rule.is_none() {
        lines.push("found by exhaustive search of the positions it reaches:".into());
    }
    for mv in &e.moves {
        lines.push(format!(
            "  {} leaves a P-position",
            super::text::step(&mv.step)
        ));
    }
    if e.more {
        lines.push("  and more: `misere moves` lists them all".into());
    }
    lines
}

/// `misere canonical G`, `misere mate G`: the form; a test: `true` or
/// `false`.
pub fn form(f: &crate::query::canonical::FormAnswer) -> String {
    use crate::ir::FormQuestion;
    match f.question {
        FormQuestion::Canonical | FormQuestion::Mate => f.form.clone(),
        FormQuestion::Tame => f.tame.to_string(),
        FormQuestion::Restive => f.restive.to_string(),
        FormQuestion::HalfTame => f.half_tame.to_string(),
    }
}

/// Two games compared in misère play.
pub fn equiv(e: &crate::query::canonical::EquivAnswer) -> String {
    if e.equal {
        format!("equal in misère play: both are {}", e.forms.0)
    } else {
        format!(
            "not equal in misère play: {}",
            apart(&e.games.0, &e.games.1, &e.forms, &e.apart)
        )
    }
}

/// Why two games differ in misère play: their canonical forms, and a game
/// that tells them apart.
pub fn apart(
    g: &str,
    h: &str,
    forms: &(String, String),
    x: &Option<(String, bool, bool)>,
) -> String {
    let pn = |p: bool| if p { "P" } else { "N" };
    let head = format!(
        "{g} has the misère canonical form {} and {h} has {}",
        forms.0, forms.1
    );
    match x {
        Some((x, pg, ph)) => format!(
            "{head}; X = {x} tells them apart: {g} + X is {} and {h} + X is {}",
            pn(*pg),
            pn(*ph)
        ),
        None => head,
    }
}
