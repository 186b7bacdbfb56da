//! `mex grade --bundle KEY OUT.zip`: a Gradescope autograder for a key. The
//! zip holds the key, mex's own source (embedded in this program when it
//! was built, so the autograder builds the very version that wrote it),
//! `setup.sh`, which installs a Rust toolchain and builds mex from that
//! source, and `run_autograder`, which grades the submission with `mex
//! grade --format gradescope` into Gradescope's results file.

use include_dir::{Dir, DirEntry, include_dir};
use std::io::Write;
use std::path::{Path, PathBuf};
use zip::write::SimpleFileOptions;

/// What builds mex: its manifest and lock, the build script, the grammar
/// and the sources (and the benchmarks the manifest names).
static SRC: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/src");
static GRAMMAR: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/grammar");
static BENCHES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/benches");
const TOP: [(&str, &str); 3] = [
    ("Cargo.toml", include_str!("../../Cargo.toml")),
    ("Cargo.lock", include_str!("../../Cargo.lock")),
    ("build.rs", include_str!("../../build.rs")),
];

/// Gradescope runs this once, as root, when the autograder is built.
const SETUP: &str = r#"#!/usr/bin/env bash
# Builds mex from the source in this autograder (mex-src/).
set -euo pipefail
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq build-essential curl ca-certificates >/dev/null
if ! command -v cargo >/dev/null 2>&1; then
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
fi
. "$HOME/.cargo/env"
cargo install --locked --path /autograder/source/mex-src --root /usr/local
mex --version
"#;

/// Gradescope runs this for each submission.
const RUN: &str = r#"#!/usr/bin/env bash
# Grades the submission against key.mex into Gradescope's results file.
set -uo pipefail
results=/autograder/results/results.json
mkdir -p /autograder/results
shopt -s nullglob
files=(/autograder/submission/*.mex)
if [ ${#files[@]} -eq 0 ]; then
  printf '{"score": 0, "output": "no .mex file was submitted"}\n' > "$results"
  exit 0
fi
mex grade /autograder/source/key.mex "${files[0]}" --format gradescope > "$results"
"#;

/// Writes the autograder; `rest` must be the one zip file to write.
pub fn write(key: &Path, rest: &[PathBuf]) -> u8 {
    let [out] = rest else {
        eprintln!(
            "mex grade --bundle: give the key, then the one zip file to write: `mex grade --bundle key.mex autograder.zip`"
        );
        return 2;
    };
    if out
        .extension()
        .is_none_or(|e| !e.eq_ignore_ascii_case("zip"))
    {
        eprintln!(
            "mex grade --bundle: the file to write is a zip file (`autograder.zip`), not {}",
            out.display()
        );
        return 2;
    }
    let key_text = match mex::repl::file::read_source(key) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("mex grade --bundle: cannot read {}: {e}", key.display());
            return 2;
        }
    };
    // the key must grade: its checks pass
    if let Err(e) = mex::grade::key(
        &key.display().to_string(),
        &key_text,
        Box::new(mex::engine::Quiet),
    ) {
        eprint!("{}", e.rendered);
        eprintln!("mex grade --bundle: {}", e.message);
        return 2;
    }
    match zip(out, &key_text) {
        Ok(n) => {
            println!(
                "wrote {} (key.mex, setup.sh, run_autograder and the {n} files of mex's source): upload it as a Gradescope autograder",
                out.display()
            );
            0
        }
        Err(e) => {
            eprintln!("mex grade --bundle: cannot write {}: {e}", out.display());
            2
        }
    }
}

fn zip(out: &Path, key: &str) -> zip::result::ZipResult<usize> {
    let mut z = zip::ZipWriter::new(std::fs::File::create(out)?);
    let plain = SimpleFileOptions::default();
    let script = plain.unix_permissions(0o755);
    z.start_file("key.mex", plain)?;
    z.write_all(key.as_bytes())?;
    z.start_file("setup.sh", script)?;
    z.write_all(SETUP.as_bytes())?;
    z.start_file("run_autograder", script)?;
    z.write_all(RUN.as_bytes())?;
    let mut n = 0;
    for (name, text) in TOP {
        z.start_file(format!("mex-src/{name}"), plain)?;
        z.write_all(text.as_bytes())?;
        n += 1;
    }
    for (dir, under) in [(&SRC, "src"), (&GRAMMAR, "grammar"), (&BENCHES, "benches")] {
        n += add(&mut z, dir, &format!("mex-src/{under}"), plain)?;
    }
    z.finish()?;
    Ok(n)
}

/// Adds the files of `dir` under `prefix`; returns how many.
fn add(
    z: &mut zip::ZipWriter<std::fs::File>,
    dir: &Dir,
    prefix: &str,
    opts: SimpleFileOptions,
) -> zip::result::ZipResult<usize> {
    let mut n = 0;
    for e in dir.entries() {
        match e {
            DirEntry::Dir(d) => n += add(z, d, prefix, opts)?,
            DirEntry::File(f) => {
                z.start_file(format!("{prefix}/{}", f.path().display()), opts)?;
                z.write_all(f.contents())?;
                n += 1;
            }
        }
    }
    Ok(n)
}
