//! `mex grade` and `mex sheet`: every status, isolation between students,
//! and each rule of the sandbox, with real files in a temporary folder
//! (nothing outside it changes).

use crate::common::mex_cmd;
use std::path::{Path, PathBuf};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/grading")
}

fn out(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `mex` in a folder (the file names in its output are then short).
fn mex_in(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("mex runs")
}

struct Class {
    dir: tempfile::TempDir,
}

impl Class {
    fn new(key: &str) -> Class {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::write(dir.path().join("key.mex"), key).expect("key written");
        Class { dir }
    }

    fn student(&self, name: &str, text: &str) -> &Self {
        std::fs::write(self.dir.path().join(name), text).expect("written");
        self
    }

    fn grade(&self, args: &[&str]) -> std::process::Output {
        let mut all = vec!["grade", "key.mex"];
        all.extend_from_slice(args);
        mex_in(self.dir.path(), &all)
    }

    /// The JSON record of each student.
    fn records(&self, students: &[&str]) -> Vec<serde_json::Value> {
        let mut args = students.to_vec();
        args.extend(["--format", "json"]);
        let o = self.grade(&args);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        out(&o)
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect()
    }
}

fn statuses(record: &serde_json::Value) -> Vec<String> {
    record["questions"]
        .as_array()
        .expect("questions")
        .iter()
        .map(|q| q["status"].as_str().expect("a status").to_string())
        .collect()
}

const KEY: &str = "game k = octal 0.77\ncheck grundy k(10) == 2\ncheck outcome nim(1) + nim(2) == N\ncheck grundy *3 + *5 == 6\n";

#[test]
fn the_worked_example_grades_as_its_expected_report() {
    let dir = examples();
    let o = mex_in(
        &dir,
        &["grade", "key.mex", "alice.mex", "bob.mex", "carol.mex"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let expected = std::fs::read_to_string(dir.join("expected.txt")).expect("expected.txt");
    assert_eq!(out(&o), expected);
    let o = mex_in(&dir, &["sheet", "key.mex"]);
    let sheet = std::fs::read_to_string(dir.join("sheet.mex")).expect("sheet.mex");
    assert_eq!(out(&o), sheet);
    assert!(sheet.contains("check grundy kayles(10) == ?"));
}

#[test]
fn every_status() {
    let c = Class::new(KEY);
    c.student(
        "s.mex",
        "check grundy k( 10 ) == 2\ncheck outcome nim(1) + nim(2) = N\ncheck grundy *3 + *5 == 7\n",
    );
    c.student(
        "t.mex",
        "check grundy (k(10)) == 2\ncheck outcome nim(1) + nim(2) == N\n",
    );
    c.student(
        "u.mex",
        "check grundy k(10) == ?\ncheck grundy *3 + *5 == nope\n",
    );
    let r = c.records(&["s.mex", "t.mex", "u.mex"]);
    assert_eq!(statuses(&r[0]), ["ok", "error", "fail"]);
    assert_eq!(statuses(&r[1]), ["ok", "ok", "missing"]);
    assert_eq!(statuses(&r[2]), ["missing", "missing", "error"]);
    assert_eq!(r[0]["score"], 1);
    assert_eq!(r[1]["score"], 2);
    assert_eq!(r[0]["total"], 3);
    let q = &r[0]["questions"][2];
    assert_eq!(q["line"], 3);
    assert_eq!(q["answer"], "7");
    assert_eq!(q["expected"], "6");
    assert!(q["why"].as_str().unwrap_or("").contains("3 xor 5"), "{q}");
    assert!(r[3]["summary"].as_bool().unwrap_or(false));
    // csv: a header and a row a student
    let o = c.grade(&["s.mex", "t.mex", "--format", "csv"]);
    let csv = out(&o);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 3);
    assert!(
        rows[0].starts_with("student,file,score,total,grundy k(10),"),
        "{csv}"
    );
    assert_eq!(rows[1], "s,s.mex,1,3,ok,error,fail");
}

#[test]
fn a_key_whose_checks_fail_is_refused() {
    let c = Class::new("check grundy *3 == 2\n");
    c.student("s.mex", "check grundy *3 == 3\n");
    let o = c.grade(&["s.mex"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("checks fail"), "{}", err(&o));
}

#[test]
fn students_never_see_each_other_or_change_the_key() {
    let c = Class::new(KEY);
    // the first defines a game and a let, the second uses them
    c.student(
        "a.mex",
        "game helper(n) = { helper(j) for j in 0..n }\nlet six = 6\ncheck grundy *3 + *5 == 6\n",
    );
    c.student(
        "b.mex",
        "check grundy *3 + *5 == six\ncheck grundy k(10) == 2\n",
    );
    // the third redefines the key's game so that a wrong answer would pass
    c.student("c.mex", "game k = octal 0.07\ncheck grundy k(10) == 3\n");
    let r = c.records(&["a.mex", "b.mex", "c.mex"]);
    assert_eq!(statuses(&r[0]), ["missing", "missing", "ok"]);
    assert_eq!(statuses(&r[1])[0], "ok");
    assert_ne!(statuses(&r[1])[2], "ok");
    assert_eq!(statuses(&r[2])[0], "fail");
}

#[test]
fn the_sandbox_writes_nothing_reads_nothing_and_raises_no_limit() {
    let c = Class::new(KEY);
    let outside = tempfile::tempdir().expect("another temp dir");
    let target = outside.path().join("x.svg");
    std::os::unix::fs::symlink(&target, c.dir.path().join("link.svg")).expect("a symlink");
    let secret = outside.path().join("secret.mex");
    std::fs::write(&secret, "check grundy *3 + *5 == 6\n").expect("written");
    c.student(
        "s.mex",
        &format!(
            "plot k 0..20 to {:?}\nplot k 0..20 to \"../x.svg\"\nplot k 0..20 to \"link.svg\"\n\
             :load {}\nset heap 18446744073709551615\nset output 1000000000000\ncheck grundy k(10) == 2\n",
            target.display().to_string(),
            secret.display()
        ),
    );
    let before: Vec<_> = std::fs::read_dir(c.dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let r = c.records(&["s.mex"]);
    assert_eq!(statuses(&r[0]), ["ok", "missing", "missing"]);
    assert!(!target.exists(), "a plot was written outside");
    assert!(!c.dir.path().parent().unwrap().join("x.svg").exists());
    let after: Vec<_> = std::fs::read_dir(c.dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(
        before.len(),
        after.len(),
        "a file was written in the folder"
    );
    // the feedback says why
    let rep = c.dir.path().join("report");
    let o = c.grade(&["s.mex", "--report", "report"]);
    assert_eq!(o.status.code(), Some(0));
    let fb = std::fs::read_to_string(rep.join("s.mex.feedback.txt")).expect("feedback");
    assert!(fb.contains("no file is written in the sandbox"), "{fb}");
    assert!(fb.contains("the sandbox keeps `set heap`"), "{fb}");
    assert!(fb.contains("`:load`"), "{fb}");
    assert!(!target.exists());
}

#[test]
fn feedback_goes_only_into_the_report_folder_never_through_a_link() {
    let c = Class::new(KEY);
    c.student("s.mex", "check grundy k(10) == 1\n");
    let rep = c.dir.path().join("report");
    std::fs::create_dir(&rep).unwrap();
    let outside = tempfile::tempdir().expect("another temp dir");
    let victim = outside.path().join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    std::os::unix::fs::symlink(&victim, rep.join("s.mex.feedback.txt")).unwrap();
    let o = c.grade(&["s.mex", "--report", "report"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let fb = std::fs::read_to_string(rep.join("s.mex.feedback.txt")).unwrap();
    assert!(fb.contains("q1 grundy k(10) (line 1): fail"), "{fb}");
    assert!(fb.contains("your answer: 1"), "{fb}");
}

#[test]
fn a_file_past_its_time_or_flooding_the_output_does_not_stop_the_rest() {
    let c = Class::new(KEY);
    c.student(
        "slow.mex",
        "game g = grundy\nsequence g 0..100000000\ncheck grundy k(10) == 2\n",
    );
    c.student(
        "loud.mex",
        "sequence k 0..1000000\ncheck grundy k(10) == 2\n",
    );
    c.student("fine.mex", "check grundy k(10) == 2\n");
    c.student("endless.mex", "game up(n) = { up(n + 1) + up(n + 2) }\ncheck grundy up(0) == 0\ncheck grundy k(10) == 2\n");
    let mut args = vec![
        "slow.mex",
        "loud.mex",
        "fine.mex",
        "endless.mex",
        "--time",
        "1",
        "--format",
        "json",
    ];
    // the limit that ended each is in its report (no time is asserted)
    let o = c.grade(&args);
    let r: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(statuses(&r[0])[0], "error");
    assert!(
        r[0]["questions"][0]["why"]
            .as_str()
            .unwrap()
            .contains("time limit")
    );
    assert_eq!(statuses(&r[2])[0], "ok");
    assert_eq!(r[3]["file"], "endless.mex");
    assert_ne!(statuses(&r[3])[0], "ok");
    // the loud one's output is cut in its feedback
    args.truncate(3);
    args.extend(["--report", "rep"]);
    let _ = c.grade(&args);
    let fb = std::fs::read_to_string(c.dir.path().join("rep/loud.mex.feedback.txt")).unwrap();
    assert!(fb.len() < 200 * 1024, "{}", fb.len());
    assert!(fb.contains("the rest of the output is left out"));
}

#[test]
fn one_untrusted_file_by_hand() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let target = dir.path().join("p.svg");
    let src = format!(
        "game k = octal 0.77\nplot k 0..20 to {:?}\nset heap 10000000000\ngrundy k(5)\n",
        target.display().to_string()
    );
    let o = mex_cmd(&["--sandbox", "-e", &src], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(out(&o), "4\n");
    assert!(err(&o).contains("no file is written in the sandbox"));
    assert!(err(&o).contains("the sandbox keeps `set heap`"));
    assert!(!target.exists());
    // a :command in piped input is an error, not run
    let o = mex_cmd(&["--sandbox"], b":load /etc/passwd\ngrundy *2\n");
    assert_eq!(out(&o), "2\n");
    assert_eq!(o.status.code(), Some(2));
    // time and output are bounded: the time limit ends it
    let o = mex_cmd(
        &[
            "--sandbox",
            "--time",
            "1",
            "-e",
            "game t(n) = { t(a) + t(b) + t(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }; grundy t(100000)",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("time limit"), "{}", err(&o));
    let flood = format!("game k = octal 0.77{}", "; sequence k 0..100000".repeat(10));
    let o = mex_cmd(&["--sandbox", "-e", &flood], b"");
    assert!(o.stdout.len() <= 1 << 20, "{}", o.stdout.len());
    assert!(
        err(&o).contains("the sandbox writes at most"),
        "{}",
        err(&o)
    );
}
