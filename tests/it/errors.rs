//! Errors as data: every error that `mex --format json` writes has a stable
//! `kind`, and a limit passed names the setting with the value needed and
//! the value allowed. Each kind listed in docs/language.md is produced here
//! by a statement, run by the `mex` binary; the kinds of the docs, of these
//! tests and of the code are the same.

use mex::diag::ErrorKind;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::process::{Command, Output};

fn mex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .env("NO_COLOR", "1")
        .current_dir(std::env::temp_dir())
        .output()
        .expect("mex runs")
}

/// The error objects of a run's standard output.
fn errors(o: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap_or_else(|e| panic!("`{l}`: {e}")))
        .filter(|v| v.get("error").is_some())
        .collect()
}

/// The one error of `source` run with `--format json` (and `flags`).
fn error_of(flags: &[&str], source: &str) -> Value {
    let mut args = vec!["--format", "json"];
    args.extend_from_slice(flags);
    args.extend_from_slice(&["-e", source]);
    let o = mex(&args);
    assert_eq!(o.status.code(), Some(2), "{source}: {o:?}");
    let mut errors = errors(&o);
    assert_eq!(errors.len(), 1, "{source}: {errors:?}");
    errors.pop().unwrap()
}

/// What each kind is produced by, in these tests: the kind, the flags, the
/// source (its last error is the one of that kind).
const CASES: &[(&str, &[&str], &str)] = &[
    ("parse", &[], "grundy nim(3"),
    ("unknown_name", &[], "grundy kayels(3)"),
    ("type", &[], "grundy nimsum(6, 12)"),
    ("definition", &[], "game s = subtraction {0, 1}"),
    ("check", &[], "check grundy nim(3) == ?"),
    ("arithmetic", &[], "3 - 5"),
    (
        "limit",
        &[],
        "set heap 100; game k = octal 0.07; grundy k(1000)",
    ),
    ("loop", &[], "game g(n) = { g(n) }; sequence g 0..3"),
    (
        "io",
        &[],
        "game s = subtraction {1}; sequence s 0..9 to \"/nonexistent/s.values\"",
    ),
    (
        "sandbox",
        &["--sandbox"],
        "game s = subtraction {1}; plot s 0..10 to \"s.svg\"",
    ),
    ("argument", &[], "set output 0"),
    (
        "unsupported",
        &[],
        "game g(n) = { g(n / 2) if n > 0 }; misere quotient g to 5",
    ),
    ("empty", &[], "# nothing"),
];

#[test]
fn each_kind_comes_from_its_statement() {
    for &(kind, flags, source) in CASES {
        let e = error_of(flags, source);
        assert_eq!(e["kind"], json!(kind), "{source}: {e}");
        // only a limit error carries the limit's facts
        assert_eq!(e.get("limit").is_some(), kind == "limit", "{e}");
        assert_eq!(e.get("needed").is_some(), kind == "limit", "{e}");
    }
}

#[test]
fn a_statement_skipped_for_a_failed_definition_is_skipped() {
    let o = mex(&[
        "--format",
        "json",
        "-e",
        "game s = subtraction {}; grundy s(3)",
    ]);
    let kinds: Vec<Value> = errors(&o).iter().map(|e| e["kind"].clone()).collect();
    assert_eq!(kinds, [json!("definition"), json!("skipped")]);
}

#[test]
fn more_than_the_language_allows_is_too_large() {
    let deep = format!("grundy {}1{}", "(".repeat(300), ")".repeat(300));
    let e = error_of(&[], &deep);
    assert_eq!(e["kind"], json!("too_large"), "{e}");
    // 200 levels are within the bound
    let fine = format!("{}1{}", "(".repeat(200), ")".repeat(200));
    let o = mex(&["--format", "json", "-e", &fine]);
    assert!(errors(&o).is_empty(), "{o:?}");
}

#[test]
fn a_rule_that_grows_without_end_is_a_loop_not_a_limit() {
    let e = error_of(
        &[],
        "set positions 2000; game g(n) = { g(n + 1) }; grundy g(0)",
    );
    assert_eq!(e["kind"], json!("loop"), "{e}");
    assert!(e.get("limit").is_none(), "{e}");
    let e = error_of(&[], "game g = graph { a -> b, b -> a }; misere outcome g.a");
    assert_eq!(e["kind"], json!("loop"), "{e}");
}

#[test]
fn a_file_that_cannot_be_read_is_io() {
    let o = mex(&["--format", "json", "/nonexistent/spec.mex"]);
    assert_eq!(o.status.code(), Some(2));
    let e = errors(&o).pop().expect("an error");
    assert_eq!(e["kind"], json!("io"), "{e}");
    assert_eq!(e["file"], json!("/nonexistent/spec.mex"), "{e}");
    assert_eq!(e["line"], Value::Null, "{e}");
}

#[test]
fn raising_a_limit_in_the_sandbox_is_sandbox() {
    let e = error_of(&["--sandbox"], "set work 100000000000000");
    assert_eq!(e["kind"], json!("sandbox"), "{e}");
}

#[test]
fn memory_the_machine_will_not_give_is_memory_not_limit() {
    // the limit allows 98 GiB; the address space of the process is 1 GB
    let script = format!(
        "ulimit -v 1000000 && exec '{}' --format json -e 'set memory 100000; let a = {{k for k in 0..1000000000}}'",
        env!("CARGO_BIN_EXE_mex")
    );
    let o = Command::new("sh")
        .args(["-c", &script])
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    let e = errors(&o)
        .pop()
        .unwrap_or_else(|| panic!("an error: {o:?}"));
    assert_eq!(e["kind"], json!("memory"), "{e}");
    assert!(e.get("limit").is_none(), "{e}");
}

/// The limit facts of the one error of `source`: (limit, needed, allowed).
fn limit_of(source: &str) -> (Value, Value, Value) {
    let e = error_of(&[], source);
    assert_eq!(e["kind"], json!("limit"), "{source}: {e}");
    (
        e["limit"].clone(),
        e["needed"].clone(),
        e["allowed"].clone(),
    )
}

#[test]
fn each_limit_names_its_setting_the_value_needed_and_the_value_allowed() {
    assert_eq!(
        limit_of("set heap 100; game k = octal 0.07; grundy k(1000)"),
        (json!("heap"), json!(1000), json!(100))
    );
    assert_eq!(
        limit_of("set output 10; game s = subtraction {1, 2}; sequence s 0..100"),
        (json!("output"), json!(100), json!(10))
    );
    assert_eq!(
        limit_of("set output 10; table nimsum 0..4 0..5"),
        (json!("output"), json!(20), json!(10))
    );
    assert_eq!(
        limit_of(
            "set work 1000; game f(n) = { f(a) + f(b) for a in 0..n for b in 0..n if a + b < n }; grundy f(60)"
        ),
        (json!("work"), json!(10000), json!(1000))
    );
    assert_eq!(
        limit_of("set positions 10; game g(n) = { g(k) + g(k / 2) for k in 0..n }; grundy g(100)"),
        (json!("positions"), json!(100), json!(10))
    );
    // the option iterations of one position: no value named, `set options N`
    assert_eq!(
        limit_of("set options 100; mex { x for x in 0..10000 }"),
        (json!("options"), Value::Null, json!(100))
    );
    // memory in MiB, as `set memory` takes it
    assert_eq!(
        limit_of("set memory 10; let a = {k for k in 0..10000000}"),
        (json!("memory"), json!(64), json!(10))
    );
    // the forms of `*5+*5+*5` and `*5` (and the texts of their parts) fit
    // in 150 characters, the game that tells them apart does not: refused,
    // not left out of the FAIL
    assert_eq!(
        limit_of("set output 150; check misere equiv *5+*5+*5, *5"),
        (json!("output"), json!(1500), json!(150))
    );
}

#[test]
fn the_hint_names_the_value_the_facts_hold() {
    for source in [
        "set heap 100; game k = octal 0.07; grundy k(1000)",
        "set output 10; game s = subtraction {1, 2}; sequence s 0..100",
        "set memory 10; let a = {k for k in 0..10000000}",
        "set positions 10; game g(n) = { g(k) + g(k / 2) for k in 0..n }; grundy g(100)",
    ] {
        let e = error_of(&[], source);
        let said = format!("`set {} {}`", e["limit"].as_str().unwrap(), e["needed"]);
        assert!(e["hint"].as_str().unwrap().contains(&said), "{said}: {e}");
    }
}

#[test]
fn text_and_json_say_the_same_error() {
    let source = "set heap 100; game k = octal 0.07; grundy k(1000)";
    let text = mex(&["-e", source]);
    let text = String::from_utf8_lossy(&text.stderr);
    let e = error_of(&[], source);
    assert!(text.contains(e["error"].as_str().unwrap()), "{text}");
    assert!(text.contains(e["hint"].as_str().unwrap()), "{text}");
}

/// The kinds of the table in docs/language.md that lists them.
fn documented() -> Vec<String> {
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/language.md"),
    )
    .expect("docs/language.md");
    let mut lines = docs.lines().skip_while(|l| !l.starts_with("| kind |"));
    let mut kinds = Vec::new();
    lines.next();
    for line in lines.skip(1) {
        if !line.starts_with('|') {
            break;
        }
        let cell = line.split('|').nth(1).unwrap_or("").trim();
        kinds.push(cell.trim_matches('`').to_string());
    }
    kinds
}

#[test]
fn the_docs_list_every_kind_the_code_has_and_each_has_a_test() {
    let docs = documented();
    assert!(docs.len() >= 10, "the table of kinds is found: {docs:?}");
    // every kind is in ALL, in the order of its declaration
    for (i, k) in ErrorKind::ALL.iter().enumerate() {
        assert_eq!(*k as usize, i, "{k:?}");
    }
    assert_eq!(
        ErrorKind::ALL.len(),
        ErrorKind::Internal as usize + 1,
        "ALL names every kind"
    );
    let code: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(docs, code, "the docs list the kinds of the code, in order");
    for k in &code {
        assert!(
            k.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{k} is one snake_case word"
        );
    }
    // the statements of these tests: each kind but `internal` (a bug, which
    // no statement produces) is produced by one
    let mut tested: BTreeSet<&str> = CASES.iter().map(|c| c.0).collect();
    tested.extend(["skipped", "too_large", "memory"]);
    for k in &code {
        assert!(
            tested.contains(k) || *k == "internal",
            "no test statement produces the kind `{k}`"
        );
    }
    for k in &tested {
        assert!(code.contains(k), "`{k}` is tested but not a kind");
    }
}

#[test]
fn a_repl_command_refused_in_json_has_a_kind_too() {
    let o = crate::common::mex_cmd(
        &[],
        b":format json\n:frobnicate\n:load /nonexistent/spec.mex\n:time maybe\n",
    );
    let kinds: Vec<(Value, Value)> = errors(&o)
        .iter()
        .map(|e| (e["command"].clone(), e["kind"].clone()))
        .collect();
    assert_eq!(
        kinds,
        [
            (json!("frobnicate"), json!("unknown_name")),
            (json!("load"), json!("io")),
            (json!("time"), json!("argument")),
        ]
    );
}

/// The value a heap limit error says is needed is enough: set to it, the
/// same question answers; a sequence names the last heap it needs before
/// any work, not the first one past the limit.
#[test]
fn the_heap_a_refusal_names_is_the_heap_that_answers() {
    let needed = |source: &str| limit_of(source).1.as_u64().expect("a number");
    for (question, heap) in [
        ("game k = octal 0.07; grundy k(1000)", 1000),
        ("game g = grundy; sequence g 0..300", 299),
    ] {
        let n = needed(&format!("set heap 100; {question}"));
        assert_eq!(n, heap, "{question}");
        let o = crate::common::mex_cmd(&["-e", &format!("set heap {n}; {question}")], b"");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{question}: {err}");
    }
}
