//! No question is refused by the default limits that answers once they are
//! raised, with about ten seconds of work. Every question written in the
//! docs (the ```mex blocks of README.md and docs/*.md, the `mex -e '...'`
//! lines, the REPL transcripts and the `%%mex` cells), in examples/ and in
//! the tests (each string literal of tests/it that is a whole program) runs
//! with the default limits; each one refused by a limit runs again in a
//! process of its own with every limit raised a hundredfold (memory only to
//! 4 GiB, so that the machine stays safe), and `set work` at 10^9 steps,
//! which stands for some ten seconds of work (see [`WORK`]), and must be
//! refused again. A question that answers then was refused for work that
//! was not real: the defaults must let it start and count its work.
//!
//! A program is run up to its first `set` of a limit: what follows asks
//! under the limits its writer chose, not the defaults. A question written
//! in several places with the same definitions runs once. The second run
//! is the question after the definitions made before it (games, `let`s),
//! under an address-space cap. No time is asserted: the bound of the
//! second run is its count of work. The first run keeps memory to what
//! the defaults give on a machine of 3 GiB (as heavy.rs does), since it
//! runs in this process.

use crate::docs::{blocks, pages, root};
use mex::eval::Limits;
use mex::eval::limits::{MIB, default_memory};
use mex::session::Session;
use mex::syntax::ast::StmtKind;
use mex::syntax::parse::parse;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// `set work` in the second run. The default, 5 * 10^8, is "some
/// seconds"; measured on a loaded two-core machine, 10^9 steps took 5.3 s
/// of CPU for the table of octal 0.6 in a `period` search, 9.3 s for the
/// misère quotient of octal 0.07, and 8.4 s for the 1.7 * 10^8 loop
/// iterations of `f(n) = { f(a) + f(b) for a in 0..n for b in 0..n if a +
/// b < n }` to f(1000): about ten seconds.
const WORK: u64 = 1_000_000_000;

/// What every limit but `set work` and `set memory` is raised by.
const RAISE: u64 = 100;

/// The most memory the second run may take (MiB).
const MOST_MEMORY: u64 = 4096;

/// The memory limit of the first run: the default, as on a machine of 3
/// GiB (the address-space cap heavy.rs runs its questions under), so that
/// the questions of the tests, run in this process, take no more.
fn first_memory() -> u64 {
    default_memory().min(1536 * MIB)
}

/// The memory limit of the second run: 4 GiB, or half the machine where
/// that is less, and never below the first run's.
fn raised_memory() -> u64 {
    default_memory()
        .min(MOST_MEMORY * MIB)
        .max(first_memory())
}

/// Where the questions were written, and how they run: each unit a source
/// of its own, all in one session (the blocks of a page, a reader typing
/// along; the inputs of a REPL transcript).
struct Program {
    origin: String,
    units: Vec<String>,
}

impl Program {
    fn one(origin: String, text: String) -> Self {
        Program {
            origin,
            units: vec![text],
        }
    }
}

// ------------------------------------------------------------- the docs

/// The questions of the docs: per page, its ```mex blocks in one session;
/// and each `mex -e '...'`, REPL transcript and `%%mex` cell of its other
/// blocks.
fn docs_programs() -> Vec<Program> {
    let mut out = Vec::new();
    for page in pages() {
        let name = page
            .strip_prefix(root())
            .unwrap_or(&page)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&page).expect("a page");
        let blocks = blocks(&text);
        let mex: Vec<String> = blocks
            .iter()
            .filter(|(lang, _)| lang == "mex")
            .map(|(_, body)| body.clone())
            .collect();
        if !mex.is_empty() {
            out.push(Program {
                origin: format!("{name} (its mex blocks)"),
                units: mex,
            });
        }
        for (lang, body) in &blocks {
            for e in dash_e(body) {
                out.push(Program::one(format!("{name} (`mex -e`)"), e));
            }
            let inputs = transcript(body);
            if !inputs.is_empty() {
                out.push(Program {
                    origin: format!("{name} (a REPL transcript)"),
                    units: inputs,
                });
            }
            if lang == "python"
                && let Some((_, cell)) = body.split_once("%%mex\n")
            {
                out.push(Program::one(format!("{name} (a %%mex cell)"), cell.into()));
            }
        }
    }
    out
}

/// The programs of the `mex ... -e '...'` command lines of a block (the
/// quoted text may go on over lines).
fn dash_e(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(at) = rest.find("-e '") {
        let before = &rest[..at];
        let line = before.rsplit('\n').next().unwrap_or(before);
        rest = &rest[at + 4..];
        let Some(end) = rest.find('\'') else { break };
        if line.contains("mex") {
            out.push(rest[..end].to_string());
        }
        rest = &rest[end + 1..];
    }
    out
}

/// The inputs of a REPL transcript: what follows each `mex> `, with the
/// lines after it while a bracket is open; commands (`:games`) are left out.
fn transcript(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = body.lines();
    while let Some(line) = lines.next() {
        let Some(input) = line.strip_prefix("mex> ") else {
            continue;
        };
        let mut input = input.to_string();
        let open = |s: &str| {
            s.chars()
                .map(|c| match c {
                    '{' | '(' | '[' => 1,
                    '}' | ')' | ']' => -1,
                    _ => 0,
                })
                .sum::<i64>()
        };
        while open(&input) > 0 {
            let Some(more) = lines.next() else { break };
            input.push('\n');
            input.push_str(more);
        }
        if !input.starts_with(':') {
            out.push(input);
        }
    }
    out
}

// --------------------------------------------------------- the examples

fn mex_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("examples/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            mex_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "mex") {
            found.push(path);
        }
    }
}

/// Every .mex file under examples/ (the graded class's too), one program
/// each.
fn example_programs() -> Vec<Program> {
    let mut files = Vec::new();
    mex_files(&root().join("examples"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("an example");
            let name = f.strip_prefix(root()).unwrap_or(&f).display().to_string();
            Program::one(name, text)
        })
        .collect()
}

// ------------------------------------------------------------ the tests

/// The string literals of a Rust source (plain, raw and byte strings, with
/// their escapes undone), but for the templates of `format!` and the like.
fn literals(src: &str) -> Vec<String> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let ident = |k: usize| k > 0 && (c[k - 1].is_alphanumeric() || c[k - 1] == '_');
    while i < c.len() {
        let rest = |k: usize, s: &str| s.chars().enumerate().all(|(j, x)| c.get(k + j) == Some(&x));
        if rest(i, "//") {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if rest(i, "/*") {
            i += 2;
            while i < c.len() && !rest(i, "*/") {
                i += 1;
            }
            i += 2;
        } else if (c[i] == 'r' || rest(i, "br")) && !ident(i) {
            // a raw string: r"..." or r#"..."#
            let mut k = i + if c[i] == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while c.get(k) == Some(&'#') {
                hashes += 1;
                k += 1;
            }
            if c.get(k) != Some(&'"') {
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let start = k + 1;
            let mut end = start;
            while end < c.len() && !rest(end, &close) {
                end += 1;
            }
            if !templated(&c, i) {
                out.push(c[start..end.min(c.len())].iter().collect());
            }
            i = end + close.chars().count();
        } else if c[i] == '"' || (c[i] == 'b' && c.get(i + 1) == Some(&'"') && !ident(i)) {
            let at = i;
            i += if c[i] == 'b' { 2 } else { 1 };
            let mut s = String::new();
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                    match c.get(i) {
                        Some('n') => s.push('\n'),
                        Some('t') => s.push('\t'),
                        Some('r') => s.push('\r'),
                        Some('0') => s.push('\0'),
                        Some('\n') => {
                            // a line continued: the next line's indent goes
                            while c.get(i + 1).is_some_and(|x| x.is_whitespace()) {
                                i += 1;
                            }
                        }
                        Some('x') => {
                            let hex: String = c[i + 1..i + 3].iter().collect();
                            s.push(char::from(u8::from_str_radix(&hex, 16).unwrap_or(b'?')));
                            i += 2;
                        }
                        Some('u') => {
                            let close = (i..c.len()).find(|&k| c[k] == '}').unwrap_or(i);
                            let hex: String = c[i + 2..close].iter().collect();
                            let ch = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
                            s.push(ch.unwrap_or('?'));
                            i = close;
                        }
                        Some(&x) => s.push(x),
                        None => {}
                    }
                } else {
                    s.push(c[i]);
                }
                i += 1;
            }
            i += 1;
            if !templated(&c, at) {
                out.push(s);
            }
        } else if c[i] == '\'' {
            // a character ('"', '\'', '\u{2217}') or a lifetime ('a)
            if c.get(i + 1) == Some(&'\\') {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Whether the literal starting at `at` is a template: the first argument
/// of `format!` or a macro like it.
fn templated(c: &[char], at: usize) -> bool {
    let before: String = c[at.saturating_sub(40)..at].iter().collect();
    let before = before.trim_end();
    ["format!(", "println!(", "eprintln!(", "panic!(", "print!(", "write!("]
        .iter()
        .any(|m| before.ends_with(m))
}

/// The string literals of tests/it that are whole programs: they parse
/// without an error and ask at least one question.
fn test_programs() -> Vec<Program> {
    let dir = root().join("tests").join("it");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/it")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter(|p| !p.ends_with("limits_raised.rs"))
        .collect();
    files.sort();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for f in files {
        let name = f.strip_prefix(root()).unwrap_or(&f).display().to_string();
        let text = std::fs::read_to_string(&f).expect("a test");
        for lit in literals(&text) {
            let parsed = parse(&lit);
            let asks = parsed.stmts.iter().any(|s| question(&s.kind));
            if parsed.errors.is_empty() && asks && seen.insert(lit.clone()) {
                out.push(Program::one(name.clone(), lit));
            }
        }
    }
    out
}

// ----------------------------------------------------- the two runs

/// Whether a statement asks a question (rather than defines or sets).
fn question(kind: &StmtKind) -> bool {
    matches!(kind, StmtKind::Query(_) | StmtKind::Check(_) | StmtKind::Expr(_))
}

/// A question refused by a default limit.
#[derive(Debug)]
struct Refused {
    origin: String,
    /// The definitions before it (games, `let`s, `set threads`), in order.
    defs: Vec<String>,
    question: String,
    said: String,
}

/// What the first runs found: the questions asked, and those refused
/// (sent on to the second runs).
struct Tally {
    questions: usize,
    refused: usize,
    send: std::sync::mpsc::Sender<Refused>,
    /// (question, the definitions it names) asked already: the same
    /// question written in several places runs once.
    asked: HashSet<(String, Vec<String>)>,
}

impl Tally {
    fn new(send: std::sync::mpsc::Sender<Refused>) -> Self {
        Tally {
            questions: 0,
            refused: 0,
            send,
            asked: HashSet::new(),
        }
    }
}

/// The names of a text (its words that may name a game or a `let`).
fn words(text: &str) -> HashSet<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The definitions a question needs: those of the names it uses, and of
/// the names they use, in order.
fn needed(question: &str, defs: &[(String, String)]) -> Vec<String> {
    let mut names: HashSet<&str> = words(question);
    let mut taken = vec![false; defs.len()];
    loop {
        let mut more = false;
        for (i, (name, text)) in defs.iter().enumerate() {
            if !taken[i] && names.contains(name.as_str()) {
                taken[i] = true;
                names.extend(words(text));
                more = true;
            }
        }
        if !more {
            break;
        }
    }
    defs.iter()
        .zip(taken)
        .filter(|(_, t)| *t)
        .map(|((_, text), _)| text.clone())
        .collect()
}

/// Runs a program with the default limits, each question a source of its
/// own (so that a refusal is known to be its), the definitions between
/// questions together (they may name one another); up to its first `set`
/// of a limit.
fn first_run(p: &Program, tally: &mut Tally) {
    let mut s = Session::default();
    s.store.files = Some(Vec::new()); // `plot ... to FILE` writes nothing
    s.store.limits.memory = first_memory();
    // (the name defined, the definition)
    let mut defs: Vec<(String, String)> = Vec::new();
    for unit in &p.units {
        let parsed = parse(unit);
        let mut batch: Option<std::ops::Range<usize>> = None;
        let flush = |s: &mut Session, batch: &mut Option<std::ops::Range<usize>>| {
            if let Some(r) = batch.take() {
                let _ = s.run_collect(&p.origin, &unit[r]);
            }
        };
        for stmt in &parsed.stmts {
            let text = unit[stmt.span.clone()].to_string();
            match &stmt.kind {
                StmtKind::Set(name, _) if name.text != "threads" => {
                    flush(&mut s, &mut batch);
                    return;
                }
                StmtKind::Error(_) => continue,
                k if question(k) => {
                    flush(&mut s, &mut batch);
                    if !tally.asked.insert((text.clone(), needed(&text, &defs))) {
                        continue;
                    }
                    tally.questions += 1;
                    let (_, report) = s.run_collect(&p.origin, &text);
                    if let Some(d) = report.errors.iter().find(|d| d.limit.is_some()) {
                        tally.refused += 1;
                        let refused = Refused {
                            origin: p.origin.clone(),
                            defs: defs.iter().map(|(_, d)| d.clone()).collect(),
                            question: text.clone(),
                            said: s.render(d, false),
                        };
                        tally.send.send(refused).expect("the second runs go on");
                    }
                }
                k => {
                    let r = batch.get_or_insert(stmt.span.clone());
                    r.end = stmt.span.end;
                    let name = match k {
                        StmtKind::Game { name, .. } | StmtKind::Let(name, _) => name.text.clone(),
                        _ => String::new(),
                    };
                    defs.push((name, text));
                }
            }
        }
        flush(&mut s, &mut batch);
    }
}

/// The `set`s of the second run.
fn raised() -> String {
    let d = Limits::default();
    [
        ("positions", d.positions.saturating_mul(RAISE)),
        ("options", d.options.saturating_mul(RAISE)),
        ("heap", d.heap.saturating_mul(RAISE)),
        ("output", d.output.saturating_mul(RAISE)),
        ("memory", raised_memory() / MIB),
        ("work", WORK),
    ]
    .iter()
    .map(|(name, v)| format!("set {name} {v}\n"))
    .collect()
}

/// How the second run of a refused question ended.
enum Again {
    Refused(String),
    Answered(String),
    /// Neither: an error of another kind (its definitions did not run as
    /// written, say), or a run that ended otherwise.
    Other(String),
}

/// Runs a refused question again, with every limit raised, in a process of
/// its own under an address-space cap (its memory limit and 2 GiB more).
fn second_run(r: &Refused) -> Again {
    use std::process::{Command, Stdio};
    let program = format!("{}{}\n{}\n", raised(), r.defs.join("\n"), r.question);
    let cap = format!("--as={}", raised_memory() + 2048 * MIB);
    let capped = Command::new("prlimit").arg("--version").output().is_ok();
    let mut cmd = if capped {
        let mut c = Command::new("prlimit");
        c.arg(cap).arg(env!("CARGO_BIN_EXE_mex"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_mex"))
    };
    let folder = tempfile::Builder::new()
        .prefix("mex-limits-")
        .tempdir()
        .expect("a temporary folder");
    let run = cmd
        .args(["--format", "json", "-e", &program])
        .current_dir(folder.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("mex runs");
    let out = String::from_utf8_lossy(&run.stdout).to_string();
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("{\"error\"")).collect();
    let told = format!(
        "{program}--- exit {:?}\n{out}{}",
        run.status.code(),
        String::from_utf8_lossy(&run.stderr)
    );
    match (run.status.code(), errors.as_slice()) {
        (Some(2), [e]) if e.contains("\"kind\":\"limit\"") => Again::Refused(e.to_string()),
        (Some(0 | 1), []) => Again::Answered(told),
        _ => Again::Other(told),
    }
}

/// Runs the refused questions received a second time, till the first runs
/// end; gives what went wrong.
fn second_runs(receive: &std::sync::Mutex<std::sync::mpsc::Receiver<Refused>>) -> Vec<String> {
    let mut failures = Vec::new();
    loop {
        let next = receive.lock().expect("the queue").recv();
        let Ok(r) = next else { return failures };
        eprintln!("refused by the defaults: {} ({})", r.question, r.origin);
        match second_run(&r) {
            Again::Refused(e) => eprintln!("  and with the limits raised: {e}"),
            Again::Answered(told) => failures.push(format!(
                "{}: `{}` is refused by the defaults:\n{}\nbut answers with every limit raised and {WORK} steps of work:\n{told}",
                r.origin, r.question, r.said
            )),
            Again::Other(told) => failures.push(format!(
                "{}: `{}`, refused by the defaults, did not run as written with the limits raised:\n{told}",
                r.origin, r.question
            )),
        }
    }
}

#[test]
fn no_question_written_is_refused_that_answers_with_the_limits_raised() {
    let docs = docs_programs();
    let examples = example_programs();
    let tests = test_programs();
    // the second runs go on in threads of their own (one on a machine of
    // two cores), each run after the other, while the first runs go on here
    let (send, receive) = std::sync::mpsc::channel::<Refused>();
    let receive = std::sync::Mutex::new(receive);
    let workers = std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).clamp(1, 4));
    let (counts, failures) = std::thread::scope(|scope| {
        let seconds: Vec<_> = (0..workers)
            .map(|_| scope.spawn(|| second_runs(&receive)))
            .collect();
        let mut tally = Tally::new(send);
        let mut counts = Vec::new();
        for (what, programs) in [("docs", &docs), ("examples", &examples), ("tests", &tests)] {
            let before = tally.questions;
            for p in programs.iter() {
                first_run(p, &mut tally);
            }
            counts.push((what, programs.len(), tally.questions - before, tally.refused));
        }
        drop(tally);
        let failures: Vec<String> = seconds
            .into_iter()
            .flat_map(|t| t.join().expect("the second runs"))
            .collect();
        (counts, failures)
    });
    eprintln!("(where, programs, questions, refused so far): {counts:?}");
    // the extraction finds what is written (a floor, well below the counts)
    let [(_, _, docs_q, _), (_, _, examples_q, _), (_, _, tests_q, refused)] = counts[..] else {
        unreachable!()
    };
    assert!(docs_q >= 80, "only {docs_q} questions found in the docs");
    assert!(examples_q >= 120, "only {examples_q} questions found in examples/");
    assert!(tests_q >= 600, "only {tests_q} questions found in the tests");
    // the questions of heavy.rs the defaults refuse are among them
    assert!(refused >= 2, "only {refused} questions refused");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
