//! Misère quotients and genera as text.

use crate::query::{GenusAnswer, QuotientAnswer};

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
    vec![format!("{} ({kind}{how})", g.symbol())]
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
