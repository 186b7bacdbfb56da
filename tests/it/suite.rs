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
        if p.extension().is_some_and(|x| x == "rs")
            && p.file_name().is_some_and(|n| n != "suite.rs")
        {
            let text = std::fs::read_to_string(&p).expect("a test source");
            out.push((p.display().to_string(), text));
        }
    }
    assert!(
        out.len() > 20,
        "the test sources were not found in {}",
        dir.display()
    );
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
    assert!(
        found.is_empty(),
        "wall-clock assertions:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_test_skips_as_a_pass() {
    let found = offending(&["eprintln!(\"skipped", "eprintln!(\"skipping"]);
    assert!(
        found.is_empty(),
        "tests that skip and report ok:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_integration_tests_are_one_binary() {
    // every file of tests/ at the top is a test binary of its own, linking
    // the crate again: the tests live in tests/it/ as modules of one
    let top = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let binaries: Vec<String> = std::fs::read_dir(&top)
        .expect("tests/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        binaries.is_empty(),
        "test binaries beside tests/it: {binaries:?}"
    );
    let main = std::fs::read_to_string(top.join("it/main.rs")).expect("tests/it/main.rs");
    for (file, _) in sources() {
        let module = Path::new(&file)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if module != "main" {
            assert!(
                main.contains(&format!("mod {module};")),
                "{file} is not a module of tests/it/main.rs"
            );
        }
    }
}

#[test]
fn the_readme_says_how_to_have_mex_on_the_path() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let install = readme
        .find("cargo install --path .")
        .expect("the install command");
    // before the first place that runs `mex` by that name
    let first_use = readme
        .find("mex grade key.mex")
        .expect("the grading section");
    assert!(
        install < first_use,
        "the install command comes after `mex grade`"
    );
    assert!(
        readme.contains("target/release/mex"),
        "the path of the binary"
    );
}
