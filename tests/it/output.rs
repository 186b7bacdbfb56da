//! Output for documents and other programs: `--format json` parsed back
//! and compared, text and JSON of the same answers agreeing, tables as
//! Markdown, LaTeX and CSV read back into numbers, `sequence ... by K`.

use crate::common::numbers;
use mex::render::Format;
use mex::repl::{Repl, Sink};
use mex::session::{Event, Session};
use serde_json::{Value, json};
use std::process::{Command, Output};

fn mex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("mex runs")
}

/// Every line of standard output, each parsed as JSON.
fn json_lines(o: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("`{l}` is not JSON: {e}")))
        .collect()
}

const KAYLES: &str = "game kayles = octal 0.77\n";

#[test]
fn json_lines_carry_the_contract_keys() {
    let src = format!(
        "{KAYLES}grundy nim(6)+nim(12)+nim(9)
outcome nim(1)+nim(2)+nim(3)
misere outcome nim(1)
mex {{0, 1, 2, 5, 9}}
sequence kayles 0..12
period kayles
moves nim(6)+nim(12)+nim(9)
table nimsum 1..3 0..3
nim(2) + *1"
    );
    let o = mex(&["--format", "json", "-e", &src]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(o.stderr.is_empty());
    let got = json_lines(&o);
    let want = [
        json!({"query": "grundy", "value": 3}),
        json!({"query": "outcome", "outcome": "P"}),
        json!({"query": "misere outcome", "outcome": "P"}),
        json!({"query": "mex", "value": 3}),
        json!({"query": "sequence", "from": 0, "values": [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]}),
        json!({
            "query": "period", "game": "kayles", "rule": "octal 0.77 (Kayles)",
            "pre_period": 71, "period": 12, "proven": true,
            "checked_to": 167, "limit": null,
            "reason": "proven by the octal periodicity theorem (values checked up to n = 167)"
        }),
        json!({
            "query": "moves", "position": "nim(6) + nim(12) + nim(9)", "value": 3,
            "moves": [{"text": "nim(6) -> nim(5)", "to": "nim(5) + nim(12) + nim(9)", "value": 0,
                       "from": "nim(6)", "into": "nim(5)"}]
        }),
        json!({
            "query": "table", "game": "nimsum", "row_param": "a", "col_param": "b",
            "row_from": 1, "col_from": 0, "rows": [[1, 0, 3], [2, 3, 0]]
        }),
        json!({"query": "grundy", "value": 3}),
    ];
    assert_eq!(got, want);
}

#[test]
fn a_period_says_how_far_it_checked_and_what_stopped_it_as_fields() {
    let o = mex(&[
        "--format",
        "json",
        "-e",
        "game g = octal 0.6; set period 5000; period g; set period 10000000; set work 10000000; period g; \
         game s = subtraction {1, 3, 4}; period s",
    ]);
    let got = json_lines(&o);
    // stopped by `set period`: the values up to it were looked at
    assert_eq!(got[0]["checked_to"], 5000);
    assert_eq!(got[0]["limit"], "period");
    // stopped by `set work` at a stage's end: a power of two, less one
    let reached = got[1]["checked_to"].as_u64().expect("a heap");
    assert!(
        (reached + 1).is_power_of_two() && reached > 5000,
        "{}",
        got[1]
    );
    assert_eq!(got[1]["limit"], "work");
    assert!(
        got[1]["reason"]
            .as_str()
            .unwrap()
            .contains(&format!("n = {reached} "))
    );
    // a repeated window of four values from G(7): G(0)..G(10) were compared
    assert_eq!(got[2]["checked_to"], 10);
    assert_eq!(got[2]["limit"], serde_json::Value::Null);
}

#[test]
fn json_checks_say_passed_expected_and_found() {
    let src = format!(
        "{KAYLES}check grundy nim(1)+nim(2) == 3
check outcome nim(1)+nim(1) == N
check sequence kayles 0..4 == 0 1 2 4
check period kayles == 71 12"
    );
    let o = mex(&["--format", "json", "-e", &src]);
    assert_eq!(o.status.code(), Some(1), "a failed check gives status 1");
    let got = json_lines(&o);
    assert_eq!(got.len(), 5);
    assert_eq!(
        got[4],
        json!({"query": "summary", "checks": 4, "passed": 2, "failed": 2, "errors": 0})
    );
    assert_eq!(
        got[0],
        json!({"query": "check", "check": "grundy", "statement": "grundy nim(1)+nim(2) == 3",
               "passed": true, "expected": 3, "found": 3})
    );
    assert_eq!(got[1]["passed"], json!(false));
    assert_eq!(got[1]["expected"], json!("N"));
    assert_eq!(got[1]["found"], json!("P"));
    // the explanation of the position, as `explain` gives it, and its lines
    assert_eq!(got[1]["why"]["rule"], json!("nim-sum"));
    assert_eq!(got[1]["why"]["value"], json!(0));
    assert!(
        got[1]["why"]["lines"]
            .as_array()
            .is_some_and(|w| !w.is_empty())
    );
    assert_eq!(got[2]["expected"], json!([0, 1, 2, 4]));
    assert_eq!(got[2]["found"], json!([0, 1, 2, 3]));
    assert_eq!(
        got[2]["why"]["lines"][0],
        json!("first difference at n = 3: expected 4, found 3")
    );
    // then the mex derivation of the value that differs
    assert_eq!(got[2]["why"]["lines"][1], json!("why kayles(3):"));
    assert_eq!(got[3]["passed"], json!(true));
    assert_eq!(got[3]["found"], json!({"pre_period": 71, "period": 12}));
}

#[test]
fn json_errors_have_file_line_column_and_hint() {
    let src = "game kayles = octal 0.77\ngrundy nim(3)\n\ngrundy  kayels(3)";
    let o = mex(&["--format", "json", "-e", src]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        o.stderr.is_empty(),
        "in JSON mode errors go to standard output"
    );
    let got = json_lines(&o);
    let err = got.last().expect("an error line");
    assert_eq!(err["file"], json!("-e"));
    assert_eq!(err["line"], json!(4));
    assert_eq!(err["column"], json!(9));
    assert_eq!(err["error"], json!("unknown name `kayels`"));
    assert!(err["hint"].as_str().is_some_and(|h| h.contains("kayles")));

    // A run-time error points into the definition, and its notes name the
    // statement that was running.
    let o = mex(&[
        "--format",
        "json",
        "-e",
        "grundy nim(1)\nset positions 10\ngame g(n) = { g(k) + g(k / 2) for k in 0..n }\ngrundy g(100)",
    ]);
    let err = json_lines(&o).pop().expect("an error line");
    assert_eq!(
        (err["line"].clone(), err["column"].clone()),
        (json!(3), json!(6)),
        "{err}"
    );
    assert!(err["notes"].to_string().contains("(-e:4)"), "{err}");

    // A file that cannot be read has no line to point at.
    let o = mex(&["--format", "json", "/nonexistent/spec.mex"]);
    assert_eq!(o.status.code(), Some(2));
    let err = &json_lines(&o)[0];
    assert_eq!(err["file"], json!("/nonexistent/spec.mex"));
    assert_eq!(err["line"], Value::Null);
    assert!(err["error"].as_str().unwrap().starts_with("cannot read"));
}

#[test]
fn text_is_the_default_and_says_the_same_as_json() {
    let src = format!(
        "{KAYLES}game two(m, n) = {{ two(m, j) for j in 0..n }} | {{ two(i, n) for i in 0..m }}
grundy kayles(40) + nim(3)
outcome kayles(5)
sequence kayles 100..140
period kayles
table two 0..5 2..7
table two 0..5 2..7 as csv
table two 0..5 2..7 as markdown
check grundy kayles(7) == 2"
    );
    let mut text = Session::default();
    let (lines, report) = text.run_collect("<t>", &src);
    assert_eq!(report.status(), 0);
    let mut js = Session {
        format: Format::Json,
        ..Session::default()
    };
    let (objects, _) = js.run_collect("<t>", &src);
    let objects: Vec<Value> = objects
        .iter()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(objects.len(), 8);
    let mut lines = lines.iter();
    let mut next = || lines.next().expect("a text line").clone();

    assert_eq!(next(), objects[0]["value"].to_string());
    assert!(next().starts_with(objects[1]["outcome"].as_str().unwrap()));
    let values: Vec<u64> = serde_json::from_value(objects[2]["values"].clone()).unwrap();
    assert_eq!(numbers(&next()), values);
    assert!(next().starts_with(&format!(
        "pre-period {}, period {}: proven",
        objects[3]["pre_period"], objects[3]["period"]
    )));

    let rows: Vec<Vec<u64>> = serde_json::from_value(objects[4]["rows"].clone()).unwrap();
    assert_eq!(objects[4]["row_from"], json!(0));
    assert_eq!(objects[4]["col_from"], json!(2));
    // text: a header naming both parameters, a rule, then labelled rows
    let head = next();
    assert!(head.starts_with("m \\ n |"), "{head}");
    let labels: Vec<u64> = head
        .split('|')
        .nth(1)
        .unwrap()
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(labels, vec![2, 3, 4, 5, 6]);
    next();
    for (i, row) in rows.iter().enumerate() {
        let line = next();
        let (label, cells) = line.split_once('|').unwrap();
        assert_eq!(label.trim(), i.to_string());
        let cells: Vec<u64> = cells
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(&cells, row);
    }
    // CSV, read back with a CSV reader
    let csv_text: Vec<String> = (0..=rows.len()).map(|_| next()).collect();
    let csv_text = csv_text.join("\n");
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(header, ["m \\ n", "2", "3", "4", "5", "6"]);
    for (record, row) in reader.records().zip(&rows) {
        let cells: Vec<u64> = record.unwrap().iter().map(|c| c.parse().unwrap()).collect();
        assert_eq!(&cells[1..], &row[..]);
    }
    // Markdown: a header, an alignment row, then the rows
    let head = next();
    assert!(head.starts_with("| m \\ n |"), "{head}");
    assert!(next().contains("--:"));
    for row in &rows {
        let cells: Vec<String> = next()
            .split('|')
            .map(|c| c.trim().trim_matches('*').to_string())
            .filter(|c| !c.is_empty())
            .collect();
        let cells: Vec<u64> = cells[1..].iter().map(|c| c.parse().unwrap()).collect();
        assert_eq!(&cells, row);
    }
    assert_eq!(next(), "ok grundy kayles(7) == 2");
    assert_eq!(objects[7]["passed"], json!(true));
}

#[test]
fn sequences_in_rows_keep_every_value_in_order() {
    let src = format!("{KAYLES}sequence kayles 3..40 by 12\nsequence kayles 3..40");
    let (lines, report) = Session::default().run_collect("<t>", &src);
    assert_eq!(report.status(), 0);
    let flat = numbers(lines.last().unwrap());
    let table = &lines[..lines.len() - 1];
    assert_eq!(table[0], " n | 0 1 2 3 4 5 6 7 8 9 10 11");
    let mut again = Vec::new();
    for (i, row) in table[2..].iter().enumerate() {
        let (label, cells) = row.split_once('|').unwrap();
        assert_eq!(label.trim(), (3 + 12 * i).to_string());
        again.extend(cells.split_whitespace().map(|v| v.parse::<u64>().unwrap()));
    }
    assert_eq!(again, flat);

    let (_, report) =
        Session::default().run_collect("<t>", &format!("{KAYLES}sequence kayles 0..5 by 0"));
    assert_eq!(report.status(), 2);
    assert!(report.errors[0].message.contains("rows of 0"));
}

#[test]
fn document_forms_refuse_what_they_cannot_write() {
    let cases = [
        (
            "table nimsum 0..3 0..3 as html",
            "unknown table format `html`",
        ),
        ("table nimsum 0..3 0..3 like csv", "expected `as` here"),
        ("sequence nim 0..3 per 2", "expected `by` here"),
    ];
    for (src, want) in cases {
        let (_, report) = Session::default().run_collect("<t>", src);
        assert_eq!(report.status(), 2, "{src}");
        assert!(
            report.errors.iter().any(|d| d.message.contains(want)),
            "{src}: {:?}",
            report.errors
        );
    }
}

/// Collects the REPL's standard output and standard error apart.
#[derive(Default)]
struct Streams {
    out: Vec<u8>,
    err: String,
}

impl Streams {
    fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.out)
            .lines()
            .map(String::from)
            .collect()
    }
}

impl Sink for Streams {
    fn event(&mut self, event: Event) {
        event.write_text(&mut self.out).unwrap();
    }
    fn error(&mut self, rendered: &str) {
        self.err += rendered;
    }
    fn say(&mut self, text: &str) {
        self.out.extend(format!("{text}\n").bytes());
    }
    fn note(&mut self, text: &str) {
        self.err += text;
    }
}

#[test]
fn the_repl_switches_format() {
    let mut repl = Repl::new(Session::default());
    let mut s = Streams::default();
    repl.input("grundy nim(5)", &mut s);
    repl.input(":format json", &mut s);
    repl.input("grundy nim(5)", &mut s);
    repl.input("grundy nmi(5)", &mut s);
    repl.input(":format", &mut s);
    repl.input(":format text", &mut s);
    repl.input("grundy nim(5)", &mut s);
    repl.input(":format json", &mut s);
    repl.input(
        "game h = subtraction {1, 2, 3, 4, 5, 6, 7, 8}; sequence h 3..6",
        &mut s,
    );
    repl.input(":format yaml", &mut s);
    let out = s.lines();
    assert_eq!(out[0], "5");
    // In JSON mode a command's answer is a JSON object too.
    let format_json = json!({"command": "format", "format": "json"});
    assert_eq!(serde_json::from_str::<Value>(&out[1]).unwrap(), format_json);
    assert_eq!(
        serde_json::from_str::<Value>(&out[2]).unwrap(),
        json!({"query": "grundy", "value": 5})
    );
    let err: Value = serde_json::from_str(&out[3]).expect("the error as JSON on standard output");
    assert_eq!(err["file"], json!("<repl:4>"));
    assert_eq!(
        (err["line"].clone(), err["column"].clone()),
        (json!(1), json!(8))
    );
    assert_eq!(serde_json::from_str::<Value>(&out[4]).unwrap(), format_json);
    assert_eq!(out[5], "format text");
    assert_eq!(out[6], "5");
    assert_eq!(
        serde_json::from_str::<Value>(&out[8]).unwrap(),
        json!({"query": "sequence", "from": 3, "values": [3, 4, 5]})
    );
    // and so is a command's error, with the answers
    let err: Value = serde_json::from_str(&out[9]).expect("the error as JSON");
    assert!(
        err["error"]
            .as_str()
            .is_some_and(|e| e.contains("`:format` takes `text` or `json`")),
        "{err}"
    );
    assert_eq!(s.err, "");
}
