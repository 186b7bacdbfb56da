//! Research runs, `sequence NAME a..b to "FILE"`, through the built binary:
//! the file holds the values `sequence` prints, with the header the
//! reference describes; a run killed at a random moment (SIGKILL) or
//! stopped by Ctrl-C and run again ends with the file of a run never
//! stopped; files of another rule, or not values files, are refused and
//! left as they are; the sandbox and the playground refuse; the summary
//! lines of a periodic code and of one with rare values.


use crate::common::{mex_cmd, numbers};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// A folder of the test's own, removed when it ends.
fn folder(test: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("mex-research-{test}-"))
        .tempdir()
        .expect("a temporary folder")
}

/// Runs statements with `mex -e` in `dir`.
fn mex_in(dir: &Path, statements: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .args(["-e", statements])
        .stdin(Stdio::null())
        .output()
        .expect("mex runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs statements that must succeed; returns the lines printed.
#[track_caller]
fn ok_in(dir: &Path, statements: &str) -> Vec<String> {
    let o = mex_in(dir, statements);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{statements}\n{}{}",
        stdout(&o),
        stderr(&o)
    );
    stdout(&o).lines().map(str::to_string).collect()
}

/// The header of a values file.
#[derive(Debug, PartialEq, Eq)]
struct Header {
    header_len: u32,
    width: u32,
    first: u64,
    count: u64,
    asked: u64,
    rule: String,
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[i..i + 4].try_into().unwrap())
}

fn u64_at(b: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(b[i..i + 8].try_into().unwrap())
}

/// Reads a values file as the reference describes it: the header, and
/// the values up to the checkpoint.
fn read(path: &Path) -> (Header, Vec<u64>) {
    let b = std::fs::read(path).expect("the values file");
    assert_eq!(&b[..8], b"MEXVALS1", "the magic");
    let len = u32_at(&b, 40) as usize;
    let h = Header {
        header_len: u32_at(&b, 8),
        width: u32_at(&b, 12),
        first: u64_at(&b, 16),
        count: u64_at(&b, 24),
        asked: u64_at(&b, 32),
        rule: String::from_utf8(b[44..44 + len].to_vec()).expect("UTF-8"),
    };
    assert!(
        b[44 + len..h.header_len as usize].iter().all(|&x| x == 0),
        "zero bytes up to the values"
    );
    let w = h.width as usize;
    let start = h.header_len as usize;
    let values = (0..h.count as usize)
        .map(|i| {
            let mut v = [0u8; 8];
            v[..w].copy_from_slice(&b[start + i * w..start + (i + 1) * w]);
            u64::from_le_bytes(v)
        })
        .collect();
    (h, values)
}

/// The values `sequence` prints.
fn sequence(definition: &str, range: &str) -> Vec<u64> {
    let o = mex_cmd(
        &[
            "-e",
            &format!("{definition}; set output 10^8; set heap 10^8; sequence g {range}"),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    numbers(stdout(&o).trim_end())
}

#[test]
fn a_run_holds_the_values_sequence_prints_under_the_header_described() {
    let dir = folder("values");
    for (definition, range, rule, width) in [
        ("game g = octal 0.6", "0..20000", "octal 0.6", 2),
        ("game g = octal 0.60", "3..=4000", "octal 0.6", 1),
        ("game g = octal 0.07", "0..1000", "octal 0.07", 1),
        ("game g = grundy", "1..5000", "grundy", 1),
        (
            "game g = subtraction {4, 1, 3}",
            "0..300",
            "subtraction {1, 3, 4}",
            1,
        ),
        // values that grow: the file is rewritten wider as they do,
        // twice (1 to 2 bytes, then 4), and come from a proven period
        (
            "game g = subtraction all but {2}",
            "0..200000",
            "subtraction all but {2}",
            4,
        ),
        ("game g = hex 0.F8", "0..5000", "hex 0.F8", 2),
        // a rule written out that runs as a family
        (
            "game g(n) = { g(a) + g(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }",
            "0..3000",
            "octal 0.77",
            1,
        ),
    ] {
        let file = dir.path().join("g.values");
        let _ = std::fs::remove_file(&file);
        ok_in(
            dir.path(),
            &format!("{definition}; sequence g {range} to \"g.values\""),
        );
        let (h, values) = read(&file);
        let want = sequence(definition, range);
        let first: u64 = range.split("..").next().unwrap().parse().unwrap();
        assert_eq!(
            h,
            Header {
                header_len: 4096,
                width,
                first,
                count: want.len() as u64,
                asked: want.len() as u64,
                rule: rule.to_string(),
            },
            "{definition}"
        );
        assert_eq!(values, want, "{definition}");
        let size = std::fs::metadata(&file).unwrap().len();
        assert_eq!(size, 4096 + want.len() as u64 * u64::from(width));
    }
}

/// The reference run of the kill tests: octal 0.6 to 2^21, some seconds.
const LONG: &str = "game officers = octal 0.6; sequence officers 0..2**21 to \"o.values\"";

/// The lines of a summary but the `resumed at` one.
fn summary(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| !l.starts_with("resumed at"))
        .cloned()
        .collect()
}

#[test]
fn a_run_killed_or_stopped_goes_on_to_the_file_of_a_run_never_stopped() {
    let whole = folder("whole");
    let want = ok_in(whole.path(), LONG);
    let reference = std::fs::read(whole.path().join("o.values")).unwrap();
    assert_eq!(
        want[0],
        "wrote G(0)..G(2097151) of octal 0.6 to o.values (2 bytes a value, 4.0 MiB)"
    );

    // SIGKILL at a moment of the run picked at random
    let killed = folder("killed");
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let after = Duration::from_millis(u64::from(nanos % 2500));
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(killed.path())
        .args(["-e", LONG])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("mex starts");
    // from the moment the file is there (it is created whole, before the
    // first value is computed)
    let file = killed.path().join("o.values");
    // (a guard of ten minutes against a run that never makes it)
    for _ in 0..120_000 {
        if file.exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(after);
    child.kill().expect("killed");
    child.wait().unwrap();
    let (h, values) = read(&file);
    assert!(h.count <= 1 << 21);
    let bytes = 4096 + 2 * h.count as usize;
    assert_eq!(values[..], u16_values(&reference[4096..bytes])[..]);
    let lines = ok_in(killed.path(), LONG);
    assert_eq!(
        lines[0].split(':').next().unwrap(),
        format!("resumed at n = {}", h.count),
        "killed after {after:?}"
    );
    assert_eq!(summary(&lines), want);
    assert!(
        std::fs::read(&file).unwrap() == reference,
        "the resumed file differs from the whole run's (killed after {after:?})"
    );

    // Ctrl-C at a terminal: a checkpoint of every value computed
    let stopped = folder("stopped");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mex"));
    cmd.current_dir(stopped.path())
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .args(["-e", LONG]);
    let options = rexpect::reader::Options::new()
        .timeout_ms(Some(120_000))
        .strip_ansi_escape_codes(true);
    let mut p = rexpect::session::spawn_with_options(cmd, options).expect("mex in a pty");
    p.exp_regex(r"of 2,097,152 values, [0-9,]+/s")
        .expect("a progress bar that counts values");
    p.send_control('c').unwrap();
    p.exp_string("interrupted").expect("the run stops");
    p.exp_eof().expect("mex ends");
    let file = stopped.path().join("o.values");
    let (h, values) = read(&file);
    assert!(h.count > 0 && h.count < 1 << 21, "{h:?}");
    // nothing past the checkpoint: Ctrl-C wrote every value computed
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 4096 + 2 * h.count);
    let bytes = 4096 + 2 * h.count as usize;
    assert_eq!(values[..], u16_values(&reference[4096..bytes])[..]);
    let lines = ok_in(stopped.path(), LONG);
    assert_eq!(lines[0], format!("resumed at n = {}", h.count));
    assert_eq!(summary(&lines), want);
    assert!(std::fs::read(&file).unwrap() == reference);
}

fn u16_values(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks_exact(2)
        .map(|c| u64::from(u16::from_le_bytes([c[0], c[1]])))
        .collect()
}

#[test]
fn a_longer_range_extends_a_file_and_a_shorter_one_leaves_it() {
    let dir = folder("extend");
    let all_but = "game a = subtraction all but {2}";
    // the file is widened as the run goes on
    let lines = ok_in(
        dir.path(),
        &format!("{all_but}; sequence a 0..300 to \"a.values\""),
    );
    assert_eq!(
        lines[0],
        "wrote G(0)..G(299) of subtraction all but {2} to a.values (1 byte a value, 4.3 KiB)"
    );
    let lines = ok_in(
        dir.path(),
        &format!("{all_but}; sequence a 0..200000 to \"a.values\""),
    );
    assert_eq!(lines[0], "resumed at n = 300");
    let whole = folder("extend-whole");
    ok_in(
        whole.path(),
        &format!("{all_but}; sequence a 0..200000 to \"a.values\""),
    );
    let extended = std::fs::read(dir.path().join("a.values")).unwrap();
    assert!(extended == std::fs::read(whole.path().join("a.values")).unwrap());

    // a shorter range: nothing is computed, the file is left as it is,
    // the answer is for the range asked
    let lines = ok_in(
        dir.path(),
        &format!("{all_but}; sequence a 0..=1000 to \"a.values\""),
    );
    assert_eq!(
        lines,
        [
            "resumed at n = 200000: the file holds every value asked for",
            "wrote G(0)..G(1000) of subtraction all but {2} to a.values (4 bytes a value, 785 KiB)",
            "rare values: none (the rule never splits a heap)",
            "largest value: 500, first at n = 1000",
            "period: 4 from n = 0, saltus 2, proven",
        ]
    );
    assert!(extended == std::fs::read(dir.path().join("a.values")).unwrap());
}

#[test]
fn summaries_of_a_periodic_code_and_of_one_with_rare_values() {
    let dir = folder("summary");
    let lines = ok_in(
        dir.path(),
        "game dawson = octal 0.07; sequence dawson 0..=100000 to \"dawson.values\"",
    );
    assert_eq!(
        lines,
        [
            "wrote G(0)..G(100000) of octal 0.07 to dawson.values (1 byte a value, 102 KiB)",
            "rare values: the values are not sparse (no rare/common split)",
            "largest value: 9, first at n = 86",
            "period: 34 from n = 53, proven",
        ]
    );
    let lines = ok_in(
        dir.path(),
        "game officers = octal 0.6; sequence officers 0..2**16 to \"officers.values\"",
    );
    assert_eq!(
        lines,
        [
            "wrote G(0)..G(65535) of octal 0.6 to officers.values (2 bytes a value, 132 KiB)",
            "rare values: 1583 heaps, the last G(20627) = 277",
            "largest value: 284, first at n = 18855",
            "period: none proven",
        ]
    );
    // the same, resumed, in JSON
    let o = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir.path())
        .args([
            "--format",
            "json",
            "-e",
            "game officers = octal 0.6; sequence officers 0..2**16 to \"officers.values\"",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(
        v,
        serde_json::json!({
            "query": "research",
            "game": "officers",
            "rule": "octal 0.6",
            "file": "officers.values",
            "from": 0,
            "to": 65535,
            "resumed_at": 65536,
            "bytes_per_value": 2,
            "bytes": 4096 + 2 * 65536,
            "rare": { "heaps": 1583, "last": { "n": 20627, "value": 277 } },
            "largest": { "value": 284, "first_at": 18855 },
            "period": null,
        })
    );
}

#[test]
fn a_research_run_passes_set_heap_and_set_work_but_not_set_memory() {
    let dir = folder("limits");
    let lines = ok_in(
        dir.path(),
        "game o = octal 0.6; set heap 10; set work 10; sequence o 0..50000 to \"o.values\"",
    );
    assert!(
        lines[0].starts_with("wrote G(0)..G(49999) of octal 0.6"),
        "{lines:?}"
    );
    let o = mex_in(
        dir.path(),
        "game o = octal 0.6; set memory 16; sequence o 0..2**26 to \"big.values\"",
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("the table of `o` up to heap 67108863"),
        "{err}"
    );
    assert!(err.contains("`set memory"), "{err}");
    assert!(
        !dir.path().join("big.values").exists(),
        "refused before the file"
    );
}

/// Runs statements that must fail: the status, and standard error.
fn refused_in(dir: &Path, statements: &str) -> String {
    let o = mex_in(dir, statements);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    stderr(&o)
}

#[test]
fn other_files_are_refused_and_left_as_they_are() {
    let dir = folder("refused");
    let notes = dir.path().join("notes.values");
    std::fs::write(&notes, "the values I computed by hand\n").unwrap();
    let err = refused_in(
        dir.path(),
        "game o = octal 0.6; sequence o 0..100 to \"notes.values\"",
    );
    assert!(err.contains("notes.values is not a values file"), "{err}");
    assert!(err.contains("choose another name, or delete"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "the values I computed by hand\n"
    );

    ok_in(
        dir.path(),
        "game o = octal 0.6; sequence o 0..100 to \"o.values\"",
    );
    let before = std::fs::read(dir.path().join("o.values")).unwrap();
    let err = refused_in(
        dir.path(),
        "game k = octal 0.77; sequence k 0..1000 to \"o.values\"",
    );
    assert!(
        err.contains("o.values holds the values of octal 0.6, not those of `k` (octal 0.77)"),
        "{err}"
    );
    let err = refused_in(
        dir.path(),
        "game o = octal 0.6; sequence o 1..1000 to \"o.values\"",
    );
    assert!(err.contains("from n = 0, not from n = 1"), "{err}");
    assert!(
        err.contains("`sequence o 0..=999 to \"o.values\"`"),
        "{err}"
    );
    assert!(before == std::fs::read(dir.path().join("o.values")).unwrap());

    let err = refused_in(
        dir.path(),
        "game o = octal 0.6; sequence o 0..100 to officers.values",
    );
    assert!(
        err.contains("the file to write is a string, in quotes"),
        "{err}"
    );
    assert!(
        err.contains("`sequence o 0..100 to \"officers.values\"`"),
        "{err}"
    );
    let err = refused_in(
        dir.path(),
        "game t = mock turtles; sequence t 1..100 to \"t.values\"",
    );
    assert!(
        err.contains("a research run needs a rule family, and `t` is not one"),
        "{err}"
    );
    let err = refused_in(
        dir.path(),
        "game o = octal 0.6; sequence o 0..100 to \"no/o.values\"",
    );
    assert!(err.contains("the folder no does not exist"), "{err}");
}

#[test]
fn the_sandbox_and_the_playground_refuse() {
    let dir = folder("sandbox");
    let spec: PathBuf = dir.path().join("run.mex");
    std::fs::write(
        &spec,
        "game o = octal 0.6\nsequence o 0..100 to \"o.values\"\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir.path())
        .args(["--sandbox", "run.mex"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("a research run writes a file and needs the command line"),
        "{err}"
    );
    assert!(!dir.path().join("o.values").exists());

    // the playground keeps the files a run writes to offer them; not these
    let mut s = mex::session::Session::default();
    s.store.files = Some(Vec::new());
    let (_, report) = s.run_collect(
        "<web>",
        "game o = octal 0.6\nsequence o 0..100 to \"web.values\"",
    );
    let errors: Vec<String> = report.errors.iter().map(|d| s.render(d, false)).collect();
    assert!(
        errors.join("\n").contains("needs the command line"),
        "{errors:?}"
    );
    assert!(s.store.files.as_ref().is_some_and(Vec::is_empty));
}
