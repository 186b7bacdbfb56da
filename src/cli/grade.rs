//! `mex grade KEY STUDENT...` and `mex sheet KEY`: the front end of the
//! class grader (`mex::grade`). It reads the files (each bounded), gives
//! each student a time limit (a watch that stops the run past it), writes
//! the table, and with `--report DIR` one feedback file per student, only
//! inside DIR.

use clap::Parser;
use mex::engine::{Interrupted, Quiet, Watch};
use mex::grade::{self, Graded, Status};
use mex::repl::file::read_source;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Grade a class: each student's `check` lines against the key's.
#[derive(Parser, Debug)]
#[command(name = "mex grade")]
pub struct GradeArgs {
    /// The teacher's spec: definitions and `check` lines (each a question).
    pub key: PathBuf,
    /// The students' files.
    #[arg(required = true)]
    pub students: Vec<PathBuf>,
    /// `text` (a table), `json` (a record a student, then a summary), `csv`.
    #[arg(long, default_value = "text", value_parser = ["text", "json", "csv"])]
    pub format: String,
    /// Writes one feedback file per student into this folder.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Seconds each student's file may run.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time: f64,
}

/// Print the blank sheet of a key: every answer replaced by `?`.
#[derive(Parser, Debug)]
#[command(name = "mex sheet")]
pub struct SheetArgs {
    pub key: PathBuf,
}

/// Another watch (Ctrl-C, progress) with a time limit added.
pub struct Within {
    pub inner: Box<dyn Watch>,
    pub until: Instant,
}

impl Watch for Within {
    fn tick(&mut self, done: u64, total: u64) -> Result<(), Interrupted> {
        if Instant::now() >= self.until {
            return Err(Interrupted);
        }
        self.inner.tick(done, total)
    }

    fn work(&mut self, positions: u64, steps: u64) -> Result<(), Interrupted> {
        if Instant::now() >= self.until {
            return Err(Interrupted);
        }
        self.inner.work(positions, steps)
    }
}

fn read(path: &Path) -> Result<String, String> {
    read_source(path).map_err(|e| format!("mex: cannot read {}: {e}", path.display()))
}

pub fn sheet(args: SheetArgs) -> u8 {
    match read(&args.key) {
        Ok(text) => {
            print!("{}", grade::sheet(&text));
            0
        }
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}

pub fn grade(args: GradeArgs) -> u8 {
    let key_name = args.key.display().to_string();
    let key_text = match read(&args.key) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let time = Duration::from_secs_f64(args.time.clamp(0.01, 86_400.0));
    let key = match grade::key(
        &key_name,
        &key_text,
        Box::new(Within {
            inner: Box::new(Quiet),
            until: Instant::now() + time * 6,
        }),
    ) {
        Ok(k) => k,
        Err(e) => {
            eprint!("{}", e.rendered);
            eprintln!("mex grade: {}", e.message);
            return 2;
        }
    };
    if let Some(dir) = &args.report
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!(
            "mex grade: cannot make the report folder {}: {e}",
            dir.display()
        );
        return 2;
    }
    let mut class = Vec::new();
    for path in &args.students {
        let file = path.display().to_string();
        let graded = match read(path) {
            Ok(text) => {
                // each of the two runs (the file whole, then its answers
                // graded) has the time limit
                let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    grade::student(&key, &file, &text, &mut || {
                        Box::new(Within {
                            inner: Box::new(Quiet),
                            until: Instant::now() + time,
                        })
                    })
                }));
                run.unwrap_or_else(|_| {
                    broken(
                        &key,
                        &file,
                        "the grader failed on this file (please report it)",
                    )
                })
            }
            Err(e) => broken(&key, &file, &e),
        };
        class.push(graded);
    }
    let written = match args.format.as_str() {
        "json" => grade::report::json(&key, &class),
        "csv" => grade::report::csv(&key, &class),
        _ => grade::report::text(&key, &class),
    };
    print!("{written}");
    if let Some(dir) = &args.report {
        let mut taken = std::collections::HashSet::new();
        for g in &class {
            let name = report_name(&g.file, &mut taken);
            if let Err(e) = write_inside(dir, &name, &grade::report::feedback(&key, g)) {
                eprintln!("mex grade: cannot write the feedback for {}: {e}", g.file);
                return 2;
            }
        }
    }
    0
}

/// A student whose file could not be graded at all: every question an error.
fn broken(key: &grade::Key, file: &str, why: &str) -> Graded {
    Graded {
        file: file.to_string(),
        answers: key
            .questions
            .iter()
            .map(|q| grade::Answered {
                question: q.text.clone(),
                status: Status::Error,
                line: None,
                answer: None,
                expected: q.answer.clone(),
                why: vec![why.to_string()],
            })
            .collect(),
        output: String::new(),
        timed_out: false,
    }
}

/// The feedback file's name: the student file's own name (letters, digits,
/// `-`, `_`, `.` only) with `.feedback.txt`, made unique.
fn report_name(file: &str, taken: &mut std::collections::HashSet<String>) -> String {
    let base = Path::new(file)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let clean: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let clean = clean.trim_start_matches('.').to_string();
    let stem = if clean.is_empty() {
        "student".to_string()
    } else {
        clean
    };
    let mut name = format!("{stem}.feedback.txt");
    let mut k = 2;
    while !taken.insert(name.clone()) {
        name = format!("{stem}-{k}.feedback.txt");
        k += 1;
    }
    name
}

/// Writes a file named `name` (no folders in it) inside `dir`, never
/// through a symbolic link: a file or link already there is removed first
/// (a link itself, not what it points to), then the file made anew.
fn write_inside(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    if name.contains(['/', '\\']) || name == ".." || name == "." {
        return Err(std::io::Error::other("not a plain file name"));
    }
    let path = dir.join(name);
    if std::fs::symlink_metadata(&path).is_ok() {
        std::fs::remove_file(&path)?;
    }
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)?;
    f.write_all(text.as_bytes())
}
