//! Rules the test suite keeps about itself, read from its own sources: no
//! test asserts a wall-clock time (a loaded machine would fail it; tests
//! assert the work counted or the limit that ended it), and no test skips
//! by returning early with a message, which `cargo test` shows as `ok`
//! (a test that needs what a checkout lacks is `#[ignore]`d instead).

use std::path::Path;

fn sources() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).expect("tests/it").flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "rs") && p.file_name().is_some_and(|n| n != "suite.rs") {
            let text = std::fs::read_to_string(&p).expect("a test source");
            out.push((p.display().to_string(), text));
        }
    }
    assert!(out.len() > 20, "the test sources were not found in {}", dir.display());
    out
}

/// The lines of every test source that match one of `patterns`.
fn offending(patterns: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (file, text) in sources() {
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if patterns.iter().any(|p| code.contains(p)) {
                found.push(format!("{file}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn no_test_asserts_a_wall_clock_time() {
    // a time may guard against a hang (`elapsed() > ten minutes`), never
    // bound how fast a question answers
    let found = offending(&["elapsed() <", "elapsed().as_secs() <", "took <", "took.as_"]);
    assert!(found.is_empty(), "wall-clock assertions:\n{}", found.join("\n"));
}

#[test]
fn no_test_skips_as_a_pass() {
    let found = offending(&["eprintln!(\"skipped", "eprintln!(\"skipping"]);
    assert!(found.is_empty(), "tests that skip and report ok:\n{}", found.join("\n"));
}
