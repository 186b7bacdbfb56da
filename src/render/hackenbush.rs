//! `explain` of a Green Hackenbush picture in words: the fusion and colon
//! steps that give its value (`engine::hackenbush` derives them).

use crate::engine::hackenbush::{Picture, derive};

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn list(v: &[u64]) -> String {
    let s: Vec<String> = v.iter().map(u64::to_string).collect();
    s.join(", ")
}

/// The steps, a line each, children before parents, the ground's last.
pub fn explain(p: &Picture) -> Vec<String> {
    let d = derive(&p.edges);
    let mut lines = vec![format!(
        "a Green Hackenbush picture of {} on the ground 0",
        plural(p.edges.len(), "edge", "edges")
    )];
    if d.fallen > 0 {
        lines.push(format!(
            "{} not connected to the ground {} at once",
            plural(d.fallen, "edge", "edges"),
            if d.fallen == 1 { "falls" } else { "fall" }
        ));
    }
    if d.parts.iter().any(|q| q.vertices.len() > 1 || q.loops > 0) {
        lines.push(
            "fusion principle: the vertices of each cycle fuse into one, and the cycle's edges become loops, each a stalk of one edge (*1)".into(),
        );
    }
    if d.parts.len() > 1 {
        lines.push(
            "colon principle: a branch of value v on an edge is worth v + 1, and branches at one vertex add by nim-sum".into(),
        );
    }
    let name = |vs: &[u64]| match vs {
        [v] => format!("vertex {v}"),
        _ => format!("the fused vertex {{{}}}", list(vs)),
    };
    /// Parts shown one a line; past them, only the ground's.
    const SHOWN: usize = 200;
    let skipped = d.parts.len().saturating_sub(SHOWN);
    if skipped > 0 {
        lines.push(format!(
            "... {skipped} parts further from the ground, each worked out the same way, are not shown"
        ));
    }
    for part in &d.parts[skipped..] {
        let mut terms = Vec::new();
        let mut values = Vec::new();
        if part.loops > 0 {
            let v = (part.loops % 2) as u64;
            terms.push(format!("{}: {v}", plural(part.loops, "loop", "loops")));
            values.push(v);
        }
        for &(c, (a, b), v) in &part.children {
            terms.push(format!(
                "the branch of {} on {a}-{b}: {v} + 1 = {}",
                name(&d.parts[c].vertices),
                v + 1
            ));
            values.push(v + 1);
        }
        let total = match values.as_slice() {
            [] => "nothing grows here: 0".to_string(),
            [_] => format!("worth {}", part.value),
            _ => {
                let t: Vec<String> = values.iter().map(u64::to_string).collect();
                format!("{} = {}", t.join(" xor "), part.value)
            }
        };
        let what = if terms.is_empty() {
            total
        } else {
            format!("{}; {total}", terms.join("; "))
        };
        lines.push(format!("{}: {what}", name(&part.vertices)));
    }
    lines.push(format!("value {}", p.value));
    lines
}
