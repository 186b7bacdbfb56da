//! Runs every spec in examples/ and compares its output with the
//! expectations written in it:
//!   `# out: LINE`     the next line of standard output, in order;
//!   `# status: N`     the exit status (0 when absent);
//!   `# err: TEXT`     standard error contains TEXT.

use std::path::Path;
use std::process::Command;

fn expectations(text: &str) -> (Vec<String>, i32, Vec<String>) {
    let mut out = Vec::new();
    let mut status = 0;
    let mut err = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        if let Some(rest) = line.strip_prefix("# out:") {
            out.push(rest.strip_prefix(' ').unwrap_or(rest).to_string());
        } else if let Some(rest) = line.strip_prefix("# status:") {
            status = rest.trim().parse().expect("a number after # status:");
        } else if let Some(rest) = line.strip_prefix("# err:") {
            err.push(rest.trim().to_string());
        }
    }
    (out, status, err)
}

fn specs(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("examples/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            // a class to grade (a key, a sheet, students): tests/grading.rs
            // runs it through `mex grade` and compares the report
            if path.file_name().is_some_and(|n| n == "grading") {
                continue;
            }
            specs(&path, found);
        } else if path.extension().is_some_and(|e| e == "mex") {
            found.push(path);
        }
    }
}

#[test]
fn every_example_gives_its_written_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files = Vec::new();
    specs(&root, &mut files);
    files.sort();
    assert!(
        files.len() >= 6,
        "examples/ should hold the worked examples"
    );
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("example is text");
        let (want, want_status, want_err) = expectations(&text);
        assert!(
            !want.is_empty() || !want_err.is_empty(),
            "{} has no expectations",
            file.display()
        );
        let run = Command::new(env!("CARGO_BIN_EXE_mex"))
            .arg(file)
            .env("NO_COLOR", "1")
            .output()
            .expect("mex runs");
        let got: Vec<String> = String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(str::to_string)
            .collect();
        let stderr = String::from_utf8_lossy(&run.stderr);
        let status = run.status.code().unwrap_or(-1);
        if got != want {
            failures.push(format!(
                "{}: output differs\n--- want\n{}\n--- got\n{}\n--- stderr\n{stderr}",
                file.display(),
                want.join("\n"),
                got.join("\n")
            ));
        }
        if status != want_status {
            failures.push(format!(
                "{}: exit status {status}, want {want_status}\n{stderr}",
                file.display()
            ));
        }
        for e in &want_err {
            if !stderr.contains(e.as_str()) {
                failures.push(format!("{}: stderr lacks {e:?}\n{stderr}", file.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
