//! Inputs the fuzzers found once (kept in tests/fuzz/): each must now end
//! with exit 0, 1 or 2 and a diagnostic, never a panic or a signal.

use std::path::Path;
use std::process::Command;

#[test]
fn every_kept_input_ends_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/fuzz is readable") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "mex") {
            continue;
        }
        count += 1;
        let out = Command::new(env!("CARGO_BIN_EXE_mex"))
            .arg(&path)
            .env("NO_COLOR", "1")
            .output()
            .expect("mex runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0..=2)),
            "{}: {:?}\n{err}",
            path.display(),
            out.status
        );
        assert!(!err.contains("panicked"), "{}: {err}", path.display());
    }
    assert!(count > 0, "no kept inputs in {}", dir.display());
}
