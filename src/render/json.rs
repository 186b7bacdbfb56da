//! Answers and diagnostics as JSON objects, one a line (JSON Lines), with
//! the keys of the contract: `query` names the statement's kind; `value`,
//! `outcome`, `values`/`from`, `pre_period`/`period`/`proven`/`saltus`,
//! `moves`, `rows`/`row_from`/`col_from`, `passed`/`expected`/`found`; a
//! diagnostic has `error`, `kind` (a stable word, see [`ErrorKind`]),
//! `file`, `line`, `column` (1-based) and `hint`, and a limit error
//! `limit`, `needed` and `allowed`.

use super::text;
use crate::diag::{Diagnostic, ErrorKind, Sources};
use crate::ir::Expect;
use crate::query::{
    Answer, Explanation, FileFormat, Found, Graded, Move, MovesAnswer, PeriodAnswer, PeriodFound,
    PlotKind, Plotted, RareFound, Reached, Researched, Rule, Step, WhyPart,
};
use serde_json::{Map, Value, json};

/// P or N.
fn pn(p: bool) -> &'static str {
    if p { "P" } else { "N" }
}

/// `misere canonical G` and its kin: the form and what kind of game it is;
/// a test (`tame`, `restive`, `halftame`) also has its answer as `value`.
fn form(f: &crate::query::canonical::FormAnswer) -> Value {
    use crate::ir::FormQuestion;
    let mut v = json!({
        "form": f.form,
        "born": f.born,
        "tame": f.tame,
        "generally_tame": f.generally_tame,
        "restive": f.restive,
        "generally_restive": f.generally_restive,
        "half_tame": f.half_tame,
    });
    let test = match f.question {
        FormQuestion::Tame => Some(f.tame),
        FormQuestion::Restive => Some(f.restive),
        FormQuestion::HalfTame => Some(f.half_tame),
        FormQuestion::Canonical | FormQuestion::Mate => None,
    };
    if let Some(t) = test {
        v["value"] = t.into();
    }
    v
}

pub fn answer(a: &Answer) -> Value {
    let mut o = Map::new();
    o.insert("query".into(), a.kind().into());
    let rest = match a {
        Answer::Grundy(v) | Answer::MisereGrundy(v) | Answer::Mex(v) | Answer::Integer(v) => {
            json!({ "value": v })
        }
        Answer::Set(values) => json!({ "values": values }),
        Answer::Outcome { p, .. } => json!({ "outcome": pn(*p) }),
        Answer::LoopyOutcome(Some(p)) => json!({ "outcome": pn(*p) }),
        Answer::LoopyOutcome(None) => json!({ "outcome": "D" }),
        Answer::LoopyGrundy(crate::engine::loopy::Value::Finite(v)) => json!({ "value": v }),
        Answer::LoopyGrundy(crate::engine::loopy::Value::Infinite(k)) => {
            json!({ "value": "inf", "finite": k })
        }
        Answer::Moves(m) | Answer::MisereMoves(m) => moves(m),
        Answer::Explain(e) => explanation(e),
        Answer::MisereExplain(e) => json!({
            "outcome": pn(e.p),
            "moves": e.moves.iter().map(one_move).collect::<Vec<_>>(),
            "lines": super::misere::explained(e),
        }),
        Answer::Equiv { a, b } => json!({ "equivalent": a == b, "values": [a, b] }),
        Answer::MisereForm(f) => form(f),
        Answer::MisereEquiv(e) => json!({
            "equivalent": e.equal,
            "forms": [e.forms.0, e.forms.1],
            "apart": e.apart.as_ref().map(|(x, pg, ph)| json!({
                "x": x, "outcomes": [pn(*pg), pn(*ph)],
            })),
        }),
        Answer::Sequence(s) => match s.by {
            Some(by) => json!({ "from": s.from, "values": s.values, "by": by }),
            None => json!({ "from": s.from, "values": s.values }),
        },
        Answer::Period(p) => period(p),
        Answer::Table(t) => json!({
            "game": t.game,
            "row_param": t.row_param,
            "col_param": t.col_param,
            "row_from": t.row_from,
            "col_from": t.col_from,
            "rows": t.rows,
        }),
        Answer::Plot(p) => plotted(p),
        Answer::Research(r) => researched(r),
        Answer::Check(g) => check(g),
        Answer::Summary(s) => json!({
            "checks": s.checks,
            "passed": s.checks - s.failed.min(s.checks),
            "failed": s.failed,
            "errors": s.errors,
        }),
        Answer::Genus(g) => json!({
            "normal": g.normal,
            "misere": g.misere,
            "genus": super::words::genus_symbol(g),
            "tame": g.tame,
        }),
        Answer::MisereQuotient(q) => {
            let gens: Vec<Value> = q
                .generators
                .iter()
                .map(|(n, h)| json!({ "name": n, "heap": h }))
                .collect();
            let mut v = json!({
                "game": q.game,
                "rule": q.rule,
                "to": q.to,
                "order": q.order,
                "p_portion": q.p_portion,
                "heaps": q.heaps,
                "relations": q.relations,
                "generators": gens,
                "elements": q.elements,
                "period": q.period.map(|(n0, p)| json!({ "from": n0, "period": p })),
                "proven": q.period.is_some(),
            });
            if let (Some(t), Value::Object(o)) = (&q.table, &mut v) {
                o.insert("table".into(), json!(t));
            }
            v
        }
    };
    if let Value::Object(rest) = rest {
        o.extend(rest);
    }
    Value::Object(o)
}

/// `moves` and `misere moves`: the position asked, its value (or misère
/// outcome), and each move as an object; `more` counts moves not listed,
/// `reason` says why there is none.
fn moves(m: &MovesAnswer) -> Value {
    let mut o = Map::new();
    o.insert("position".into(), m.position.clone().into());
    o.extend(reached(&m.reached));
    o.insert(
        "moves".into(),
        Value::Array(m.moves.iter().map(one_move).collect()),
    );
    if m.more > 0 {
        o.insert("more".into(), big(m.more));
    }
    if let Some(n) = &m.none {
        o.insert("reason".into(), text::no_move(n).into());
    }
    Value::Object(o)
}

/// A move: `text` as `moves` prints it, `to` the whole position it leaves
/// (written in the language), and that position's `value` (or misère
/// `outcome`); the parts of the move besides.
pub fn one_move(m: &Move) -> Value {
    let mut o = Map::new();
    o.insert("text".into(), text::move_line(m).into());
    o.insert("to".into(), m.to.clone().into());
    o.extend(reached(&m.reached));
    match &m.step {
        Step::Replace { from, into } => {
            o.insert("from".into(), from.clone().into());
            o.insert("into".into(), into.clone().into());
        }
        Step::Class { from, count, .. } => {
            o.insert("from".into(), from.clone().into());
            o.insert("count".into(), (*count).into());
        }
        Step::Cut { picture, edge } => {
            o.insert("from".into(), picture.clone().into());
            o.insert("cut".into(), json!([edge.0, edge.1]));
        }
        Step::Turn(coins) => {
            o.insert("turn".into(), coins.clone().into());
        }
    }
    Value::Object(o)
}

/// `"value": V`, a loopy value (`"value": "inf", "finite": [..]`), or
/// `"outcome": "P"` in misère play.
fn reached(r: &Reached) -> Map<String, Value> {
    let v = match r {
        Reached::Value(v) => json!({ "value": v }),
        Reached::Loopy(crate::engine::loopy::Value::Finite(v)) => json!({ "value": v }),
        Reached::Loopy(crate::engine::loopy::Value::Infinite(k)) => {
            json!({ "value": "inf", "finite": k })
        }
        Reached::Misere { p } => json!({ "outcome": pn(*p) }),
    };
    match v {
        Value::Object(o) => o,
        _ => Map::new(),
    }
}

/// `explain`: the position, its value, the rule, that rule's data
/// (`options`, `components`, `period`) and the lines.
pub fn explanation(e: &Explanation) -> Value {
    let mut o = Map::new();
    o.insert("position".into(), e.position.clone().into());
    o.extend(reached(&e.value));
    o.insert("rule".into(), e.rule.word().into());
    if !e.options.is_empty() || matches!(e.rule, Rule::Mex | Rule::Nimber | Rule::Loopy) {
        let options: Vec<Value> = e
            .options
            .iter()
            .map(|op| {
                let mut one = Map::new();
                one.insert("to".into(), op.to.clone().into());
                one.extend(reached(&op.value));
                if op.count > 1 {
                    one.insert("count".into(), op.count.into());
                }
                Value::Object(one)
            })
            .collect();
        o.insert("options".into(), options.into());
        if e.options_more > 0 {
            o.insert("options_more".into(), big(e.options_more));
        }
    }
    if !e.components.is_empty() || matches!(e.rule, Rule::NimSum | Rule::Coins) {
        let components: Vec<Value> = e
            .components
            .iter()
            .map(|(game, value)| json!({ "game": game, "value": value }))
            .collect();
        o.insert("components".into(), components.into());
    }
    if let Some(p) = &e.period {
        o.insert(
            "period".into(),
            json!({
                "pre_period": p.pre_period,
                "period": p.period,
                "saltus": p.saltus,
                "heap": p.heap,
                "reduced": p.base,
                "reduced_value": p.base_value,
            }),
        );
    }
    o.insert("lines".into(), super::explain::lines(e).into());
    Value::Object(o)
}

/// A count past 64 bits is written as a string of digits.
fn big(n: u128) -> Value {
    match u64::try_from(n) {
        Ok(n) => n.into(),
        Err(_) => n.to_string().into(),
    }
}

/// A piece of a sequence streamed as it is computed: together the pieces
/// make the line [`answer`] writes for the whole sequence (`query`, `from`,
/// `values`), without ever holding all the values.
pub fn sequence_piece(from: u64, values: &[u64], first: bool, last: bool) -> String {
    let mut buf = String::with_capacity(values.len() * 4 + 48);
    if first {
        // The keys are fixed words and `from` a number: nothing to escape.
        buf.push_str(&format!(r#"{{"query":"sequence","from":{from},"values":["#));
    }
    for (i, v) in values.iter().enumerate() {
        if i > 0 || !first {
            buf.push(',');
        }
        buf.push_str(&v.to_string());
    }
    if last {
        buf.push_str("]}\n");
    }
    buf
}

fn period_fields(f: &PeriodFound) -> Map<String, Value> {
    let mut o = Map::new();
    o.insert("pre_period".into(), f.pre_period.into());
    o.insert("period".into(), f.period.into());
    if let Some(s) = f.saltus {
        o.insert("saltus".into(), s.into());
    }
    o.insert("proven".into(), f.proven.into());
    o
}

fn period(p: &PeriodAnswer) -> Value {
    let mut o = Map::new();
    o.insert("game".into(), p.game.clone().into());
    if let Some(rule) = &p.rule {
        o.insert("rule".into(), rule.clone().into());
    }
    match &p.found {
        Some(f) => o.extend(period_fields(f)),
        None => {
            o.insert("pre_period".into(), Value::Null);
            o.insert("period".into(), Value::Null);
            o.insert("proven".into(), false.into());
        }
    }
    o.insert("checked_to".into(), p.checked_to.into());
    if let Some((file, values)) = &p.read {
        o.insert("read".into(), json!({ "file": file, "values": values }));
    }
    o.insert("limit".into(), p.limit.into());
    o.insert("reason".into(), text::period_reason(&p.reason).into());
    Value::Object(o)
}

fn plotted(p: &Plotted) -> Value {
    let mut o = Map::new();
    o.insert("file".into(), p.file.clone().into());
    if let Some(svg) = &p.svg {
        o.insert("svg".into(), svg.clone().into());
    }
    o.insert("game".into(), p.game.clone().into());
    match &p.kind {
        PlotKind::Sequence {
            from,
            to,
            per_column,
        } => {
            o.insert("kind".into(), "sequence".into());
            o.insert("from".into(), (*from).into());
            o.insert("to".into(), (*to).into());
            o.insert("per_column".into(), (*per_column).into());
            if let Some(f) = &p.period {
                o.extend(period_fields(f));
            }
        }
        PlotKind::Heat { rows, cols, block } => {
            o.insert("kind".into(), "heat map".into());
            o.insert("row_from".into(), rows.0.into());
            o.insert("row_to".into(), rows.1.into());
            o.insert("col_from".into(), cols.0.into());
            o.insert("col_to".into(), cols.1.into());
            o.insert("block".into(), json!([block.0, block.1]));
        }
    }
    o.insert("bytes".into(), p.bytes.into());
    Value::Object(o)
}

fn researched(r: &Researched) -> Value {
    let rare = match r.rare {
        RareFound::Split(s) => json!({
            "heaps": s.rare,
            "of": s.heaps,
            "last": s.last.map(|(n, v)| json!({ "n": n, "value": v })),
            "mask": s.mask,
            "parity_offset": s.offset,
        }),
        RareFound::NoSplit | RareFound::ThreeHeaps | RareFound::TooWide => Value::Null,
    };
    let (format, dtype) = match r.format {
        FileFormat::Values => ("values", None),
        FileFormat::Csv => ("csv", None),
        FileFormat::Npy => ("npy", r.width.map(super::numpy_type)),
    };
    json!({
        "game": r.game,
        "rule": r.rule,
        "file": r.file,
        "format": format,
        "from": r.from,
        "to": r.to,
        "resumed_at": r.resumed,
        "bytes_per_value": r.width,
        "dtype": dtype,
        "bytes": r.bytes,
        "rare": rare,
        "largest": { "value": r.largest.0, "first_at": r.largest.1 },
        "period": r.period.as_ref().map(|f| Value::Object(period_fields(f))),
        "checksum": {
            "fletcher32": r.checksum.fletcher32.map(|f| format!("{f:X}")),
            "sha256": super::hex(&r.checksum.sha256),
        },
    })
}

fn check(g: &Graded) -> Value {
    let mut o = Map::new();
    let kind = match g.expected {
        Expect::Move { .. } => "move",
        _ => g.found.kind(),
    };
    o.insert("check".into(), kind.into());
    o.insert("statement".into(), g.text.clone().into());
    o.insert("passed".into(), g.passed.into());
    o.insert("expected".into(), expected(&g.expected));
    o.insert(
        "found".into(),
        match g.found.found() {
            // the values of the two games
            _ if g.expected == Expect::Equivalent => answer(&g.found),
            _ if g.found_words.is_some() => g.found_words.as_ref().map(text::verdict).into(),
            Found::Value(v) => v.into(),
            Found::Outcome(p) => pn(p).into(),
            Found::Values(v) => v.into(),
            Found::Period(a, b) => json!({ "pre_period": a, "period": b }),
            Found::Nothing => answer(&g.found),
            Found::Draw => "D".into(),
            Found::Loopy(v) => super::words::loopy_value(&v).into(),
        },
    );
    if !g.passed {
        o.insert("why".into(), why(g));
    }
    Value::Object(o)
}

/// Why a check failed: for a value or outcome, the explanation of the
/// position (its `explain` object); for a move, the position it leaves
/// (`to`), its `value` and whether it is a move at all (`legal`); the
/// winning moves as objects where they tell why; and `lines`, the reasons
/// as the text prints them.
fn why(g: &Graded) -> Value {
    let explained = g.why.iter().find_map(|p| match p {
        WhyPart::Explained { e, .. } => Some(explanation(e)),
        WhyPart::Reason(_) => None,
    });
    let mut o = match explained {
        Some(Value::Object(e)) => e,
        _ => Map::new(),
    };
    if let Some(m) = &g.graded_move {
        o.insert("to".into(), m.to.clone().into());
        o.insert("value".into(), m.value.into());
        o.insert("legal".into(), m.legal.into());
    }
    if let Some(w) = &g.winning {
        o.insert(
            "moves".into(),
            Value::Array(w.moves.iter().map(one_move).collect()),
        );
    }
    let mut lines = text::why_lines(&g.why);
    if let Some(w) = &g.winning {
        lines.push(text::winning(w));
    }
    o.insert("lines".into(), lines.into());
    Value::Object(o)
}

fn expected(e: &Expect) -> Value {
    match e {
        Expect::Value(v) => (*v).into(),
        Expect::Outcome(p) => pn(*p).into(),
        Expect::Draw => "D".into(),
        Expect::Values(v) => v.clone().into(),
        Expect::Period(a, b) => json!({ "pre_period": a, "period": b }),
        // the position after the move, as written
        Expect::Move { written, .. } => written.clone().into(),
        Expect::Equivalent => "equivalent".into(),
    }
}

/// A diagnostic: its message, its kind, where it points (file, 1-based
/// line and column; `null` when it has no place), its hint, label and
/// notes; for a limit passed, the setting (`limit`), the value that would
/// be enough (`needed`, `null` when not known) and the limit in force
/// (`allowed`).
pub fn diagnostic(sources: &Sources, d: &Diagnostic) -> Value {
    let place = d
        .span
        .as_ref()
        .map(|s| sources.line_column(d.source, s.start));
    let mut o = Map::new();
    o.insert("error".into(), d.message.clone().into());
    o.insert("kind".into(), d.kind.as_str().into());
    o.insert("file".into(), sources.name(d.source).into());
    o.insert("line".into(), place.map(|p| p.0).into());
    o.insert("column".into(), place.map(|p| p.1).into());
    if let Some(h) = &d.hint {
        o.insert("hint".into(), h.clone().into());
    }
    if !d.label.is_empty() {
        o.insert("label".into(), d.label.clone().into());
    }
    if !d.notes.is_empty() {
        o.insert("notes".into(), d.notes.clone().into());
    }
    if let Some(l) = &d.limit {
        o.insert("limit".into(), l.setting.into());
        o.insert("needed".into(), l.needed.map_or(Value::Null, big));
        o.insert("allowed".into(), l.allowed.into());
    }
    Value::Object(o)
}

/// An error with no source to point into (a file that cannot be read, a
/// REPL command misused).
pub fn error(kind: ErrorKind, message: &str, file: Option<&str>) -> Value {
    json!({ "error": message, "kind": kind.as_str(), "file": file, "line": null, "column": null })
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_from_one() {
        let text = "grundy 1\nmoves é(3)\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 7), (1, 8));
        assert_eq!(line_column(text, 9), (2, 1));
        // `(` after a two-byte letter is the 8th character of its line
        assert_eq!(line_column(text, 17), (2, 8));
        assert_eq!(line_column(text, 999), (3, 1));
    }

    #[test]
    fn a_streamed_sequence_is_the_answer_for_the_whole() {
        let values: Vec<u64> = (0..10).map(|n| n % 4).collect();
        let whole = answer(&Answer::Sequence(crate::query::Sequence {
            from: 3,
            values: values.clone(),
            by: None,
        }));
        let pieces = [&values[..4], &values[4..9], &values[9..]];
        let text: String = pieces
            .iter()
            .enumerate()
            .map(|(i, p)| sequence_piece(3, p, i == 0, i == 2))
            .collect();
        assert!(text.ends_with('\n'));
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), whole);
        assert_eq!(text.trim_end(), whole.to_string());
        let empty = sequence_piece(0, &[], true, true);
        assert_eq!(empty, "{\"query\":\"sequence\",\"from\":0,\"values\":[]}\n");
    }

    #[test]
    fn query_comes_first() {
        let v = answer(&Answer::Grundy(3));
        assert_eq!(v.to_string(), r#"{"query":"grundy","value":3}"#);
    }
}
