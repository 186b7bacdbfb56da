//! Surveys, `mex survey`, through the built binary and the library: every
//! row is the command line's `period` of its code, code families expand as
//! the reference says, codes that are the same game share a computation
//! and keep their rows, and a code that is not one has a row with why.

use crate::common::mex_cmd;
use mex::survey::{COLUMNS, expand, same_game, survey};
use serde_json::Value;

/// The command line's `period` of a code, as JSON.
fn period(rule: &str, heap: u64) -> Value {
    let source = format!("game g = {rule}\nset heap {heap}\nperiod g");
    let out = mex_cmd(&["--format", "json", "-e", &source], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.trim()).expect("one JSON object")
}

fn rows(out: &std::process::Output) -> Vec<csv::StringRecord> {
    let mut r = csv::Reader::from_reader(&out.stdout[..]);
    let header = r.headers().expect("a header").clone();
    assert_eq!(header.iter().collect::<Vec<_>>(), COLUMNS);
    r.records().map(|x| x.expect("a row")).collect()
}

fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[test]
fn every_row_is_the_command_lines_period() {
    let out = mex_cmd(
        &["survey", "0.?7", "4.1?", "--heap", "600", "--format", "csv"],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = rows(&out);
    let codes: Vec<String> = expand("0.?7")
        .unwrap()
        .into_iter()
        .chain(expand("4.1?").unwrap())
        .collect();
    assert_eq!(rows.len(), 16);
    for (row, code) in rows.iter().zip(&codes) {
        assert_eq!(&row[0], code);
        let want = period(&format!("octal {code}"), 600);
        assert_eq!(row[1], cell(&want["rule"]), "{code}");
        assert_eq!(row[2], cell(&want["pre_period"]), "{code}");
        assert_eq!(row[3], cell(&want["period"]), "{code}");
        let saltus = match want["period"] {
            Value::Null => String::new(),
            _ => want["saltus"].as_u64().unwrap_or(0).to_string(),
        };
        assert_eq!(row[4], saltus, "{code}");
        assert_eq!(row[5], cell(&want["proven"]), "{code}");
        assert_eq!(&row[10], "", "{code}");
    }
    // the published ones
    let kayles = rows.iter().find(|r| &r[0] == "0.77").expect("0.77");
    assert_eq!((&kayles[3], &kayles[5]), ("12", "true"));
}

#[test]
fn largest_and_heaps_are_the_values_computed() {
    let out = mex_cmd(&["survey", "0.137", "--format", "json"], b"");
    let row: Value = serde_json::from_slice(&out.stdout).expect("a JSON row");
    let heaps = row["heaps"].as_u64().expect("heaps");
    let seq = mex_cmd(
        &[
            "--format",
            "json",
            "-e",
            &format!("game g = octal 0.137; sequence g 0..{heaps}"),
        ],
        b"",
    );
    let seq: Value = serde_json::from_slice(&seq.stdout).expect("a sequence");
    let values: Vec<u64> = seq["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let largest = *values.iter().max().unwrap();
    assert_eq!(row["largest"].as_u64(), Some(largest));
    assert_eq!(
        row["largest_at"].as_u64(),
        values.iter().position(|&v| v == largest).map(|i| i as u64)
    );
    assert_eq!(
        (row["pre_period"].as_u64(), row["period"].as_u64()),
        (Some(52), Some(34))
    );
}

#[test]
fn codes_that_are_not_ones_have_a_row_that_says_why() {
    let out = mex_cmd(&["survey", "0.77", "0.9z", "1.7", "--format", "json"], b"");
    assert!(out.status.success());
    let rows: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    assert!(rows[0]["error"].is_null());
    for r in &rows[1..] {
        assert!(r["error"].as_str().is_some_and(|e| !e.is_empty()), "{r}");
        assert!(r["period"].is_null());
    }
    let bad = mex_cmd(&["survey", "0.?z"], b"");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a take-and-break code"));
}

#[test]
fn families_expand_as_the_reference_says() {
    let two = expand("0.??").unwrap();
    assert_eq!(two.len(), 64);
    assert_eq!((two[0].as_str(), two[63].as_str()), ("0.00", "0.77"));
    assert_eq!(expand("?.7").unwrap(), ["0.7", "4.7"]);
    assert_eq!(
        expand("hex ?.1").unwrap(),
        ["hex 0.1", "hex 4.1", "hex 8.1", "hex C.1"]
    );
    assert_eq!(expand("hex 0.?").unwrap().len(), 16);
    assert_eq!(expand("0.77").unwrap(), ["0.77"]);
    assert!(expand("0.??????????").is_err());
}

#[test]
fn the_same_game_shares_a_computation_and_keeps_its_rows() {
    assert_eq!(same_game("0.70"), same_game("0.7"));
    assert_eq!(same_game("hex 0.7"), same_game("octal 0.7"));
    assert_eq!(same_game("hex 0.8"), same_game("0.8"));
    assert_ne!(same_game("0.77"), same_game("0.7"));
    let codes: Vec<String> = ["0.7", "0.70", "hex 0.7", "0.16"]
        .map(String::from)
        .to_vec();
    let rows = survey(&codes, Some(200), 2, &mex::survey::quiet);
    assert_eq!(
        rows.iter().map(|r| r.code.as_str()).collect::<Vec<_>>(),
        ["0.7", "0.70", "hex 0.7", "0.16"]
    );
    assert_eq!(rows[0].seconds, rows[1].seconds, "one computation shared");
    assert_eq!(rows[0].rule, rows[2].rule);
    assert_eq!(rows[3].heaps, Some(201));
    assert_eq!(rows[3].proven, Some(false));
}
