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
    /// The students' files (with `--bundle`: the zip file to write).
    #[arg(required = true)]
    pub students: Vec<PathBuf>,
    /// `text` (a table), `json` (a record a student, then a summary), `csv`
    /// (a row a student, keyed by the student), `junit` (JUnit XML), or
    /// `gradescope` (Gradescope's results.json, for one student).
    #[arg(long, default_value = "text", value_parser = ["text", "json", "csv", "junit", "gradescope"])]
    pub format: String,
    /// A late penalty: PERCENT off for every DAYS days (or part of them)
    /// a student is late, as `--lateness FILE` gives them.
    #[arg(long, value_name = "DAYS:PERCENT", value_parser = parse_late)]
    pub late: Option<(f64, f64)>,
    /// A CSV file with a row a student, `student,days`: the days late.
    #[arg(long, value_name = "FILE", requires = "late")]
    pub lateness: Option<PathBuf>,
    /// Writes a Gradescope autograder for the key (KEY OUT.zip): setup.sh
    /// builds mex from its source, run_autograder grades the submission.
    #[arg(long)]
    pub bundle: bool,
    /// Writes one feedback file per student into this folder.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Seconds each student's file may run.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time: f64,
}

/// `DAYS:PERCENT`, both positive and finite.
fn parse_late(s: &str) -> Result<(f64, f64), String> {
    let (d, p) = s
        .split_once(':')
        .ok_or("write DAYS:PERCENT, e.g. `1:10` (10% off a day late)")?;
    let num = |x: &str| {
        x.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0)
    };
    match (num(d), num(p)) {
        (Some(d), Some(p)) if p <= 100.0 => Ok((d, p)),
        _ => Err("DAYS and PERCENT are positive numbers, PERCENT at most 100".into()),
    }
}

/// The days late of each student, from a CSV of `student,days` rows (a
/// header row is allowed).
fn lateness(path: &Path) -> Result<std::collections::HashMap<String, f64>, String> {
    let text = read(path)?;
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut days = std::collections::HashMap::new();
    for (i, row) in r.records().enumerate() {
        let row = row.map_err(|e| format!("mex grade: {}: {e}", path.display()))?;
        let (Some(who), Some(d)) = (row.get(0), row.get(1)) else {
            continue;
        };
        match d.trim().parse::<f64>() {
            Ok(d) if d.is_finite() && d >= 0.0 => {
                days.insert(who.trim().to_string(), d);
            }
            _ if i == 0 => {} // a header
            _ => {
                return Err(format!(
                    "mex grade: {} row {}: `{d}` is not a number of days",
                    path.display(),
                    i + 1
                ));
            }
        }
    }
    Ok(days)
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
    if args.bundle {
        return super::bundle::write(&args.key, &args.students);
    }
    if args.format == "gradescope" && args.students.len() != 1 {
        eprintln!("mex grade: `--format gradescope` writes the results of one student: give one file");
        return 2;
    }
    let late_days = match &args.lateness {
        Some(p) => match lateness(p) {
            Ok(d) => Some(d),
            Err(e) => {
                eprintln!("{e}");
                return 2;
            }
        },
        None => None,
    };
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
    let mut class: Vec<Graded> = Vec::new();
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
    let files: Vec<String> = class.iter().map(|g| g.file.clone()).collect();
    for (g, id) in class.iter_mut().zip(grade::student_ids(&files)) {
        g.student = id;
        if let (Some((every, percent)), Some(days)) = (args.late, &late_days)
            && let Some(&d) = days.get(&g.student).or_else(|| days.get(&g.file))
            && d > 0.0
        {
            g.late = Some(grade::Late {
                days: d,
                percent: ((d / every).ceil() * percent).min(100.0),
            });
        }
    }
    let written = match args.format.as_str() {
        "json" => grade::report::json(&key, &class),
        "csv" => grade::report::csv(&key, &class),
        "junit" => grade::report::junit(&key, &class),
        "gradescope" => grade::report::gradescope(&key, &class[0]),
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
        student: String::new(),
        late: None,
        warnings: Vec::new(),
        answers: (0..key.questions.len())
            .map(|i| {
                let mut a = key.unanswered(i);
                a.status = Status::Error;
                a.why = vec![why.to_string()];
                a
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
