//! `mex grade KEY STUDENT...` and `mex sheet KEY`: the front end of the
//! class grader (`mex::grade`). It reads the files (regular files only,
//! each bounded), grades each student in a process of its own under a time
//! and a memory cap ([`super::isolate`]), `--jobs` at a time, keeps every
//! answer a process reported before it was stopped, writes the table, and
//! with `--report DIR` one feedback file per student, only inside DIR, its
//! name fixed by the student's path.

use super::isolate::{self, Caps, Ended, GRADE_CHILD, read_regular};
use clap::Parser;
use mex::engine::{Interrupted, Quiet, Watch};
use mex::grade::{self, Cut, Graded, Partial, Step, clean};
use serde::{Deserialize, Serialize};
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
    /// Seconds each student's file may run (a number above 0).
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = isolate::seconds)]
    pub time: f64,
    /// MiB of memory (address space) each student's process may have.
    #[arg(long, value_name = "MIB", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(64..=1 << 30))]
    pub memory: u64,
    /// Students graded at once (each in a process of its own); by default
    /// as many as the cores.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
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

/// What the process grading one student is handed on its standard input.
#[derive(Serialize, Deserialize)]
struct Request {
    key_name: String,
    key_text: String,
    file: String,
    text: String,
    /// Seconds.
    time: f64,
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
    read_regular(path).map_err(|e| {
        format!(
            "mex: cannot read {}: {e}",
            clean::line(&path.display().to_string())
        )
    })
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
        eprintln!(
            "mex grade: `--format gradescope` writes the results of one student: give one file"
        );
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
    let time = Duration::from_secs_f64(args.time);
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
            eprint!("{}", clean::text(&e.rendered));
            eprintln!("mex grade: {}", e.message);
            return 2;
        }
    };
    if let Some(dir) = &args.report
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!(
            "mex grade: cannot make the report folder {}: {e}",
            clean::line(&dir.display().to_string())
        );
        return 2;
    }
    let caps = Caps {
        time,
        memory: args.memory,
    };
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let mut class = grade_all(&key, &key_text, &args.students, caps, jobs);
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
        for (g, path) in class.iter().zip(&args.students) {
            let name = report_name(path);
            if let Err(e) = write_inside(dir, &name, &grade::report::feedback(&key, g)) {
                eprintln!(
                    "mex grade: cannot write the feedback for {}: {e}",
                    clean::line(&g.file)
                );
                return 2;
            }
        }
    }
    0
}

/// Grades every student, `jobs` at a time, each in a process of its own;
/// the grades in the order of the files given.
fn grade_all(
    key: &grade::AnswerKey,
    key_text: &str,
    students: &[PathBuf],
    caps: Caps,
    jobs: usize,
) -> Vec<Graded> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<Graded>>> = students
        .iter()
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, students.len().max(1)) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some(path) = students.get(i) else { break };
                    let graded = one_student(key, key_text, path, caps);
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(graded);
                    }
                }
            });
        }
    });
    slots
        .into_iter()
        .zip(students)
        .map(|(slot, path)| {
            slot.into_inner().ok().flatten().unwrap_or_else(|| {
                let file = path.display().to_string();
                Partial::new(key).finish(
                    key,
                    &file,
                    Some(Cut::Failed(
                        "the grader failed on this file (please report it)".into(),
                    )),
                )
            })
        })
        .collect()
}

/// One student, graded in a process of its own: every step it reports is
/// kept, whatever ends it.
fn one_student(key: &grade::AnswerKey, key_text: &str, path: &Path, caps: Caps) -> Graded {
    let file = path.display().to_string();
    let text = match read_regular(path) {
        Ok(t) => t,
        Err(e) => {
            let why = format!("cannot read this file: {e}");
            return Partial::new(key).finish(key, &file, Some(Cut::Failed(why)));
        }
    };
    let request = Request {
        key_name: key.name.clone(),
        key_text: key_text.to_string(),
        file: file.clone(),
        text,
        time: caps.time.as_secs_f64(),
    };
    let input = match serde_json::to_vec(&request) {
        Ok(v) => v,
        Err(e) => {
            let why = format!("the file could not be handed to the grader: {e}");
            return Partial::new(key).finish(key, &file, Some(Cut::Failed(why)));
        }
    };
    drop(request);
    let mut partial = Partial::new(key);
    let mut line = Vec::new();
    let ended = {
        let mut out = |bytes: &[u8]| {
            for &b in bytes {
                if b == b'\n' {
                    if let Ok(step) = serde_json::from_slice::<Step>(&line) {
                        partial.take(step);
                    }
                    line.clear();
                } else if line.len() < LINE_BYTES {
                    line.push(b);
                }
            }
        };
        isolate::run(GRADE_CHILD, input, caps, &mut out, &mut |_| {})
    };
    let cut = match ended {
        Ended::Exited(0) => None,
        Ended::Exited(_) => Some(Cut::Failed(
            "the grader failed on this file (please report it)".into(),
        )),
        Ended::Limit(l) => Some(Cut::Limit(l)),
        Ended::Failed(why) => Some(Cut::Failed(why)),
    };
    partial.finish(key, &file, cut)
}

/// The longest line a grading process may send (longer ones are left out).
const LINE_BYTES: usize = 16 << 20;

/// The process that grades one student (`mex --grade-child`): the request
/// on standard input, each step a JSON line on standard output as soon as
/// it is done. It opens no file.
pub fn child() -> u8 {
    use std::io::Write;
    let started = Instant::now();
    let Some(req) = isolate::request::<Request>() else {
        eprintln!("mex: the grading request could not be read");
        return 3;
    };
    let Ok(key) = grade::prepare(&req.key_name, &req.key_text) else {
        eprintln!("mex: the key could not be read");
        return 3;
    };
    let until = started + Duration::from_secs_f64(req.time);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        grade::student_steps(
            &key,
            &req.file,
            &req.text,
            &mut || {
                Box::new(Within {
                    inner: Box::new(Quiet),
                    until,
                })
            },
            &mut |step| {
                if let Ok(mut line) = serde_json::to_vec(&step) {
                    line.push(b'\n');
                    let _ = out.write_all(&line);
                    let _ = out.flush();
                }
            },
        );
    }));
    if ran.is_err() { 3 } else { 0 }
}

/// The feedback file's name, fixed by the student's path as given (its
/// `.` and repeated `/` left out): the path with every character but
/// letters, digits, `-`, `_` and `.` made `_` (its last 100), a short hash
/// of the whole path, and `.feedback.txt`. Two students whose files share
/// a name have two reports; grading one student again writes the same.
fn report_name(path: &Path) -> String {
    use sha2::{Digest, Sha256};
    use std::path::Component;
    let parts: Vec<String> = path
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| match c {
            Component::RootDir => String::new(),
            c => c.as_os_str().to_string_lossy().into_owned(),
        })
        .collect();
    let whole = parts.join("/");
    let hash = Sha256::digest(whole.as_bytes());
    let hex: String = hash[..4].iter().map(|b| format!("{b:02x}")).collect();
    let clean: String = whole
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let clean = clean.trim_start_matches(['.', '_']);
    let clean = &clean[clean.len().saturating_sub(100)..];
    let stem = if clean.is_empty() { "student" } else { clean };
    format!("{stem}-{hex}.feedback.txt")
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
