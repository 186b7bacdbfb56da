//! Research runs, `sequence NAME a..b to "FILE"`, through the built binary:
//! the file holds the values `sequence` prints, with the header the
//! reference describes; a run killed at a random moment (SIGKILL) or
//! stopped by Ctrl-C and run again ends with the file of a run never
//! stopped; files of another rule, or not values files, are refused and
//! left as they are; the sandbox and the playground refuse; the summary
//! lines of a periodic code and of one with rare values; the rare values
//! counted as the published tables count them; the checksums ogsolve and
//! sha256sum print; CSV and NumPy files; progress lines in a log.

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

/// Runs `mex` with arguments in `dir`.
fn mex_args(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .args(args)
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

/// SHA-256 of the values as 8-byte little-endian integers, by coreutils'
/// `sha256sum` (not by mex's code).
fn sha256sum(values: &[u64]) -> String {
    let dir = folder("sha");
    let file = dir.path().join("values.u64");
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write(&file, bytes).unwrap();
    let o = Command::new("sha256sum")
        .arg(&file)
        .output()
        .expect("sha256sum (coreutils) runs");
    let out = stdout(&o);
    let hex = out.split_whitespace().next().expect("a digest").to_string();
    assert_eq!(hex.len(), 64, "{out}");
    hex
}

/// ogsolve's checksum, as ogsolve's source computes it: the 16-bit sum of
/// the values and the 16-bit sum of the running sums, printed in upper-case
/// hexadecimal (checked against ogsolve's own output below).
fn fletcher(values: &[u64]) -> String {
    let (mut a, mut b) = (0u32, 0u32);
    for &v in values {
        assert!(v < 1 << 16, "ogsolve holds 16-bit values");
        a = (a + v as u32) % 65536;
        b = (b + a) % 65536;
    }
    format!("{:X}", b << 16 | a)
}

/// The summary's last line for these values.
fn checksum_line(values: &[u64]) -> String {
    let fletcher = if values.iter().all(|&v| v < 1 << 16) {
        fletcher(values)
    } else {
        "none (a value past 65535)".to_string()
    };
    format!(
        "checksum: fletcher32 {fletcher}, sha256 {}",
        sha256sum(values)
    )
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
            &checksum_line(&read(&dir.path().join("a.values")).1[..=1000]),
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
            "rare values: 32350 of 100001 heaps, the last G(99996) = 1 (mask 0x6, with the parity of n - 2)",
            "largest value: 9, first at n = 86",
            "period: 34 from n = 53, proven",
            &checksum_line(&read(&dir.path().join("dawson.values")).1),
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
            "rare values: 1584 of 65536 heaps, the last G(20627) = 277 (mask 0x1ee)",
            "largest value: 284, first at n = 18855",
            "period: none proven",
            &checksum_line(&read(&dir.path().join("officers.values")).1),
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
            "format": "values",
            "from": 0,
            "to": 65535,
            "resumed_at": 65536,
            "bytes_per_value": 2,
            "dtype": null,
            "bytes": 4096 + 2 * 65536,
            "rare": {
                "heaps": 1584,
                "of": 65536,
                "last": { "n": 20627, "value": 277 },
                "mask": 0x1ee,
                "parity_offset": null,
            },
            "largest": { "value": 284, "first_at": 18855 },
            "period": null,
            "checksum": {
                "fletcher32": "CC671DF9",
                "sha256": sha256sum(&read(&dir.path().join("officers.values")).1),
            },
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

/// The rare heaps of `values` (heaps 0, 1, ...) under the mask that makes
/// the fewest rare, counting every mask one by one (and, where every split
/// of the rule removes tokens of one parity, every mask with the parity of
/// `n - t`): the count, the mask, `t` where the parity counts, and the last
/// rare heap. Of two masks with as few rare heaps, the smaller (the parity
/// counting as a lowest bit) is taken, as the published tables do.
fn fewest_rare(values: &[u64], offsets: &[u64]) -> (u64, u64, Option<u64>, Option<u64>) {
    let t = *offsets.iter().min().unwrap();
    let one_parity = offsets.iter().all(|&o| o % 2 == t % 2);
    let bits = 64 - values.iter().max().unwrap().leading_zeros();
    let rare = |n: usize, v: u64, mask: u64, with_n: bool| {
        let ones = u64::from((v & mask).count_ones());
        let parity = if with_n {
            (n as u64 + 2 - t % 2) % 2
        } else {
            0
        };
        (ones + parity) % 2 == 0
    };
    let mut best: Option<(u64, u64, bool)> = None;
    for mask in 0..1u64 << bits {
        for with_n in [false, true] {
            if with_n && !one_parity {
                continue;
            }
            let count = values
                .iter()
                .enumerate()
                .filter(|&(n, &v)| rare(n, v, mask, with_n))
                .count() as u64;
            if best.is_none_or(|(c, _, _)| count < c) {
                best = Some((count, mask, with_n));
            }
        }
    }
    let (count, mask, with_n) = best.unwrap();
    let last = (0..values.len())
        .rev()
        .find(|&n| rare(n, values[n], mask, with_n));
    (count, mask, with_n.then_some(t), last.map(|n| n as u64))
}

#[test]
fn rare_values_are_counted_from_heap_0_as_the_published_tables_count_them() {
    // Flammenkamp's tables of octal games (wwwhomes.uni-bielefeld.de/
    // achim/octal.html), the figures of Gangolli and Plambeck (.16, .56,
    // .127, 1989) among them, as an independent solver reproduces them
    // (github.com/tczajka/octal-games, SolvedGames.md and
    // UnsolvedGames.md: "rare mask", "num rare", "last rare"; 0.6 and
    // Grundy's game to 2^21, 0.04 to 2^17). The counts start at heap 0,
    // whose value 0 is rare under every mask.
    let dir = folder("rare");
    for (rule, range, count, last, mask, offsets) in [
        ("octal 0.6", "0..2**16", 1584, 20627, "0x1ee", &[1u64][..]),
        ("grundy", "0..2**17", 1274, 82860, "0xfe", &[0][..]),
        ("octal 0.04", "0..2**17", 18860, 131003, "0x7b8", &[2][..]),
        ("octal 0.16", "0..2**16", 53, 13935, "0x1e", &[1][..]),
        ("octal 0.56", "0..2**16", 46, 1795, "0x5b", &[1][..]),
        ("octal 0.354", "0..2**16", 132, 3227, "0x3f", &[2, 3][..]),
        ("octal 0.45", "0..2**11", 11, 198, "0xf", &[1][..]),
        ("octal 0.156", "0..2**13", 15, 357, "0x1b", &[2, 3][..]),
        ("octal 0.356", "0..2**15", 7, 43, "0x1b", &[2, 3][..]),
        ("octal 0.644", "0..2**13", 31, 511, "0x7e", &[1, 2, 3][..]),
        // "1+pos": heap n is rare when the parity of G(n) & 1 is that of n - 3
        (
            "octal 0.127",
            "0..2**17",
            693,
            27106,
            "0x1, with the parity of n - 3",
            &[3][..],
        ),
        // reported with 51, 22 and 13 rare heaps counted from heap 1
        ("octal 4.064", "0..2**16", 52, 470, "0x6b", &[0, 2, 3][..]),
        ("octal 4.406", "0..2**16", 23, 205, "0x3b", &[0, 1, 3][..]),
        ("octal 4.344", "0..2**16", 14, 271, "0x37", &[0, 2, 3][..]),
        // not sparse: a third of the heaps are rare under the best mask
        (
            "octal 0.07",
            "0..=100000",
            32350,
            99996,
            "0x6, with the parity of n - 2",
            &[2][..],
        ),
    ] {
        let _ = std::fs::remove_file(dir.path().join("r.values"));
        let lines = ok_in(
            dir.path(),
            &format!("game g = {rule}; sequence g {range} to \"r.values\""),
        );
        let (_, values) = read(&dir.path().join("r.values"));
        let heaps = values.len();
        let v = values[last as usize];
        assert_eq!(
            lines[1],
            format!(
                "rare values: {count} of {heaps} heaps, the last G({last}) = {v} (mask {mask})"
            ),
            "{rule}"
        );
        // every mask counted one by one finds the same
        let (c, m, t, l) = fewest_rare(&values, offsets);
        let by_count = match t {
            Some(t) => format!("{m:#x}, with the parity of n - {t}"),
            None => format!("{m:#x}"),
        };
        assert_eq!(
            (c, by_count.as_str(), l),
            (count, mask, Some(last)),
            "{rule}"
        );
    }
    // in JSON
    let o = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir.path())
        .args([
            "--format",
            "json",
            "-e",
            "game g = octal 0.127; sequence g 0..2**17 to \"r127.values\"",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(
        v["rare"],
        serde_json::json!({
            "heaps": 693,
            "of": 131072,
            "last": { "n": 27106, "value": 55 },
            "mask": 1,
            "parity_offset": 3,
        })
    );
    // no count where no move splits a heap in two, or one may leave three
    let lines = ok_in(
        dir.path(),
        "game s = subtraction {1, 3, 4}; sequence s 0..100 to \"s.values\"; game h = hex 0.F8; sequence h 0..100 to \"h.values\"",
    );
    assert_eq!(lines[1], "rare values: none (the rule never splits a heap)");
    assert_eq!(
        lines[6],
        "rare values: not looked for (the rule may leave three heaps)"
    );
}

/// The value of `key` on the summary line that starts with it.
fn summary_line<'a>(lines: &'a [String], key: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l.starts_with(key))
        .unwrap_or_else(|| panic!("no `{key}` line in {lines:?}"))
}

#[test]
fn checksums_are_those_ogsolve_prints_and_sha256sum_finds() {
    let dir = folder("checksums");
    // `ogsolve CODE -n N` (ogsolve 0.0.7, `cargo install ogsolve`; `-m rc2`
    // for the longer ones) prints `checksum: X` for G(0)..G(N)
    for (code, last, printed) in [
        ("0.6", 20, "1560023"),
        ("0.6", 65535, "CC671DF9"),
        ("0.07", 100000, "FD5C20D5"),
        ("0.77", 1000, "A1CA0F39"),
        ("4.064", 1000, "17B77CE1"),
        ("4.064", 65535, "89202136"),
        ("0.127", 131071, "653B6D75"),
    ] {
        let _ = std::fs::remove_file(dir.path().join("c.values"));
        let lines = ok_in(
            dir.path(),
            &format!("game g = octal {code}; sequence g 0..={last} to \"c.values\""),
        );
        let (_, values) = read(&dir.path().join("c.values"));
        assert_eq!(fletcher(&values), printed, "the test's own Fletcher-32");
        assert_eq!(
            summary_line(&lines, "checksum:"),
            format!(
                "checksum: fletcher32 {printed}, sha256 {}",
                sha256sum(&values)
            ),
            "{code} to {last}"
        );
    }
    // the values asked for only, not those below them
    let lines = ok_in(
        dir.path(),
        "game g = octal 0.6; sequence g 100..=5000 to \"from100.values\"",
    );
    let (_, values) = read(&dir.path().join("from100.values"));
    assert_eq!(values.len(), 4901);
    assert_eq!(summary_line(&lines, "checksum:"), checksum_line(&values));
    // values past 16 bits have no Fletcher-32 of ogsolve's
    let lines = ok_in(
        dir.path(),
        "game a = subtraction all but {2}; sequence a 0..200000 to \"wide.values\"",
    );
    let (_, values) = read(&dir.path().join("wide.values"));
    assert!(
        summary_line(&lines, "checksum:")
            .starts_with("checksum: fletcher32 none (a value past 65535), sha256 ")
    );
    assert_eq!(summary_line(&lines, "checksum:"), checksum_line(&values));
    // in JSON
    let o = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir.path())
        .args([
            "--format",
            "json",
            "-e",
            "game g = octal 0.6; sequence g 100..=5000 to \"from100.values\"",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    let (_, values) = read(&dir.path().join("from100.values"));
    assert_eq!(
        v["checksum"],
        serde_json::json!({ "fletcher32": fletcher(&values), "sha256": sha256sum(&values) })
    );
}

/// A NumPy file read by the format's description (not by npyz): the dtype
/// and the shape (`N,`) from the header, and the values.
fn read_npy(path: &Path) -> (String, String, Vec<u64>) {
    let b = std::fs::read(path).expect("the NumPy file");
    assert_eq!(&b[..6], b"\x93NUMPY", "the magic");
    let (len, at) = match b[6] {
        1 => (u16::from_le_bytes([b[8], b[9]]) as usize, 10),
        _ => (u32_at(&b, 8) as usize, 12),
    };
    assert_eq!((at + len) % 16, 0, "the values start aligned");
    let header = std::str::from_utf8(&b[at..at + len]).unwrap();
    // `'key': (...)` or `'key': '...'`
    let field = |key: &str, open: char, close: char| {
        let at = format!("'{key}': {open}");
        let from = header
            .find(&at)
            .unwrap_or_else(|| panic!("{at} in {header}"))
            + at.len();
        let len = header[from..].find(close).expect("the field's end");
        header[from..from + len].replace(' ', "")
    };
    let dtype = field("descr", '\'', '\'');
    let shape = field("shape", '(', ')');
    assert!(header.contains("'fortran_order': False"), "{header}");
    let w: usize = dtype[2..].parse().unwrap();
    assert!(dtype.starts_with("<u") || dtype == "|u1", "{dtype}");
    let data = &b[at + len..];
    assert_eq!(data.len() % w, 0);
    let values = data
        .chunks_exact(w)
        .map(|c| {
            let mut v = [0u8; 8];
            v[..w].copy_from_slice(c);
            u64::from_le_bytes(v)
        })
        .collect();
    (dtype, shape, values)
}

/// A CSV file read line by line: the header, and the (n, value) rows.
fn read_csv(path: &Path) -> (String, Vec<(u64, u64)>) {
    let text = std::fs::read_to_string(path).expect("the CSV file");
    let mut lines = text.lines();
    let header = lines.next().expect("a header").to_string();
    let rows = lines
        .map(|l| {
            let (n, v) = l.split_once(',').expect("two columns");
            (n.parse().unwrap(), v.parse().unwrap())
        })
        .collect();
    (header, rows)
}

#[test]
fn csv_and_numpy_files_hold_the_values_sequence_prints() {
    let dir = folder("export");
    for (definition, range, dtype, size) in [
        ("game g = octal 0.6", "0..20000", "<u2", "39 KiB"),
        ("game g = octal 0.07", "0..1000", "|u1", "1.1 KiB"),
        // values that grow: uint8, then uint16, then uint32, mid-run
        (
            "game g = subtraction all but {2}",
            "0..200000",
            "<u4",
            "781 KiB",
        ),
        ("game g = grundy", "1..5000", "|u1", "5.0 KiB"),
    ] {
        let want = sequence(definition, range);
        let first: u64 = range.split("..").next().unwrap().parse().unwrap();
        let last = first + want.len() as u64 - 1;
        let lines = ok_in(
            dir.path(),
            &format!(
                "{definition}; sequence g {range} to \"g.csv\"; sequence g {range} to \"g.npy\""
            ),
        );
        let (header, rows) = read_csv(&dir.path().join("g.csv"));
        assert_eq!(header, "n,value");
        let expected: Vec<(u64, u64)> = (first..).zip(want.iter().copied()).collect();
        assert!(rows == expected, "{definition}: the CSV rows");
        let (got_dtype, shape, values) = read_npy(&dir.path().join("g.npy"));
        assert_eq!(got_dtype, dtype, "{definition}");
        assert_eq!(shape, format!("{},", want.len()), "{definition}");
        assert!(values == want, "{definition}: the NumPy values");
        let csv_bytes = std::fs::metadata(dir.path().join("g.csv")).unwrap().len();
        assert!(
            lines[0].starts_with(&format!("wrote G({first})..G({last}) of ")),
            "{lines:?}"
        );
        assert!(lines[0].contains(" to g.csv (CSV, "), "{lines:?}");
        assert!(csv_bytes > 0);
        let numpy = match dtype {
            "|u1" => "uint8",
            "<u2" => "uint16",
            _ => "uint32",
        };
        let npy_line = &lines[lines.len() / 2];
        assert!(
            npy_line.ends_with(&format!(" to g.npy (NumPy {numpy}, {size})")),
            "{lines:?}"
        );
        // the same summary but for the file, checksums included
        assert_eq!(lines[1..lines.len() / 2], lines[lines.len() / 2 + 1..]);
        assert_eq!(lines.last().unwrap(), &checksum_line(&want));
        // no temporary file is left
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.contains("mex-tmp")), "{names:?}");
    }

    // not resumed: run again, the file is written anew, the same
    let before = std::fs::read(dir.path().join("g.csv")).unwrap();
    let lines = ok_in(
        dir.path(),
        "game g = grundy; sequence g 1..5000 to \"g.csv\"",
    );
    assert!(lines[0].starts_with("wrote G(1)..G(4999)"), "{lines:?}");
    assert!(before == std::fs::read(dir.path().join("g.csv")).unwrap());

    // in JSON
    let o = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir.path())
        .args([
            "--format",
            "json",
            "-e",
            "game g = octal 0.6; sequence g 0..20000 to \"g.npy\"; sequence g 0..20000 to \"g.csv\"",
        ])
        .output()
        .unwrap();
    let objects: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object"))
        .collect();
    assert_eq!(
        (
            &objects[0]["format"],
            &objects[0]["dtype"],
            &objects[0]["bytes_per_value"]
        ),
        (&"npy".into(), &"uint16".into(), &2.into())
    );
    assert_eq!(
        (
            &objects[1]["format"],
            &objects[1]["dtype"],
            &objects[1]["bytes_per_value"]
        ),
        (
            &"csv".into(),
            &serde_json::Value::Null,
            &serde_json::Value::Null
        )
    );
    assert_eq!(objects[0]["resumed_at"], serde_json::Value::Null);

    // bounded by `set memory` as a values file is, refused before any file
    let err = refused_in(
        dir.path(),
        "game o = octal 0.6; set memory 16; sequence o 0..2**26 to \"big.npy\"",
    );
    assert!(err.contains("`set memory"), "{err}");
    assert!(!dir.path().join("big.npy").exists());
    assert!(!dir.path().join(".big.npy.mex-tmp").exists());
}

#[test]
fn a_csv_file_killed_mid_run_is_not_left_half_written() {
    let dir = folder("export-killed");
    ok_in(
        dir.path(),
        "game o = octal 0.6; sequence o 0..100 to \"o.csv\"",
    );
    let earlier = std::fs::read(dir.path().join("o.csv")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir.path())
        .args(["-e", "game o = octal 0.6; sequence o 0..2**21 to \"o.csv\""])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("mex starts");
    // killed once it writes (the values go to a temporary file)
    let tmp = dir.path().join(".o.csv.mex-tmp");
    // (a guard of ten minutes against a run that never writes)
    for _ in 0..120_000 {
        if std::fs::metadata(&tmp).is_ok_and(|m| m.len() >= 1 << 16) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("killed");
    child.wait().unwrap();
    assert!(
        std::fs::read(dir.path().join("o.csv")).unwrap() == earlier,
        "the earlier file is left as it was"
    );
    // the next run removes what the killed one left
    ok_in(
        dir.path(),
        "game o = octal 0.6; sequence o 0..200 to \"o.csv\"",
    );
    assert!(!tmp.exists());
    let (_, rows) = read_csv(&dir.path().join("o.csv"));
    assert_eq!(rows.len(), 200);
}

#[test]
fn a_long_run_leaves_progress_lines_in_a_log() {
    let dir = folder("log");
    // a line every 0.2 s where standard error is not a terminal (a file
    // here), for a run of some seconds
    let o = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir.path())
        .env("MEX_PROGRESS_EVERY", "0.2")
        .args(["-e", LONG])
        .stdin(Stdio::null())
        .output()
        .expect("mex runs");
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert!(!lines.is_empty(), "no progress line in the log");
    for l in &lines {
        assert!(
            l.starts_with("progress: ")
                && l.contains(" of 2,097,152 values, ")
                && l.contains("/s, "),
            "{l:?}"
        );
        assert!(!l.contains('\x1b') && !l.contains('\r'), "{l:?}");
    }
    assert!(stdout(&o).starts_with("wrote G(0)..G(2097151) of octal 0.6"));
    // by default the first line comes after a few seconds: a short run
    // leaves none
    let o = mex_in(
        dir.path(),
        "game o = octal 0.6; sequence o 0..2**12 to \"short.values\"",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o), "");
    // and none at all with MEX_PROGRESS_EVERY empty
    let o = Command::new(env!("CARGO_BIN_EXE_mex"))
        .current_dir(dir.path())
        .env("MEX_PROGRESS_EVERY", "")
        .args([
            "-e",
            "game o = octal 0.6; sequence o 0..2**18 to \"none.values\"",
        ])
        .output()
        .expect("mex runs");
    assert_eq!(stderr(&o), "");
}

#[test]
fn a_period_search_reads_the_values_a_run_wrote() {
    let dir = folder("period-from");
    // 0.16's proof needs the values up to 509,621
    ok_in(
        dir.path(),
        "game g = octal 0.16; sequence g 0..600000 to \"g.values\"",
    );
    // with a work limit far too small to compute them, the file proves it
    let lines = ok_in(
        dir.path(),
        "set work 1000; game g = octal 0.16; period g from \"g.values\"",
    );
    assert_eq!(
        lines,
        [
            "pre-period 105351, period 149459: proven by the octal periodicity theorem \
          (values checked up to n = 509621) [g, octal 0.16; G(0)..G(599999) read from g.values]"
        ]
    );
    // without it the same limits do not reach the proof
    let lines = ok_in(dir.path(), "set work 1000; game g = octal 0.16; period g");
    assert!(
        lines[0].starts_with("no period observed up to n = "),
        "{lines:?}"
    );
    // in JSON, the file and the count read
    let o = mex_args(
        dir.path(),
        &[
            "--format",
            "json",
            "-e",
            "set work 1000; game g = octal 0.16; period g from \"g.values\"",
        ],
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(
        v["read"],
        serde_json::json!({"file": "g.values", "values": 600000})
    );
    assert_eq!(v["proven"], true);
    assert_eq!(v["checked_to"], 509621);
    // a file of another rule, a file that does not start at 0, a damaged
    // file, a file that is not there: each refused, naming the file
    ok_in(
        dir.path(),
        "game h = octal 0.16; sequence h 5..100 to \"late.values\"",
    );
    let mut damaged = std::fs::read(dir.path().join("g.values")).unwrap();
    damaged[4096 + 1000] ^= 1;
    std::fs::write(dir.path().join("bad.values"), damaged).unwrap();
    for (program, want) in [
        (
            "game g = octal 0.6; period g from \"g.values\"",
            "holds the values of octal 0.16, not those of `g`",
        ),
        (
            "game g = octal 0.16; period g from \"late.values\"",
            "from n = 5, not from n = 0",
        ),
        (
            "game g = octal 0.16; period g from \"bad.values\"",
            "is damaged: it holds G(1000)",
        ),
        (
            "game g = octal 0.16; period g from \"none.values\"",
            "not a regular file",
        ),
    ] {
        let o = mex_in(dir.path(), program);
        assert_eq!(o.status.code(), Some(2), "{program}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{program}: {err}");
    }
    // the sandbox reads no other file
    let o = mex_args(
        dir.path(),
        &[
            "--sandbox",
            "-e",
            "game g = octal 0.16; period g from \"g.values\"",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("needs the command line"));
}
