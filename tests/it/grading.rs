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

/// The name of a student's feedback file: the path with `_` for what is
/// not a letter, digit, `-`, `_` or `.`, a hash of the path, `.feedback.txt`.
fn report_name(path: &str) -> String {
    use sha2::Digest;
    let hash = sha2::Sha256::digest(path.as_bytes());
    let hex: String = hash[..4].iter().map(|b| format!("{b:02x}")).collect();
    let clean: String = path
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!(
        "{}-{hex}.feedback.txt",
        clean.trim_start_matches(['.', '_'])
    )
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
    let fb = std::fs::read_to_string(rep.join(report_name("s.mex"))).expect("feedback");
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
    std::os::unix::fs::symlink(&victim, rep.join(report_name("s.mex"))).unwrap();
    let o = c.grade(&["s.mex", "--report", "report"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let fb = std::fs::read_to_string(rep.join(report_name("s.mex"))).unwrap();
    assert!(fb.contains("q1 grundy k(10) (line 1): fail"), "{fb}");
    assert!(fb.contains("your answer: 1"), "{fb}");
}

#[test]
fn a_file_past_its_time_or_flooding_the_output_does_not_stop_the_rest() {
    let c = Class::new(KEY);
    c.student(
        "slow.mex",
        "game t(n) = { t(a) + t(b) + t(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }\ngrundy t(1500)\ncheck grundy k(10) == 2\n",
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
    // the answer graded before the time ran out is kept
    assert_eq!(statuses(&r[0])[0], "ok");
    assert_eq!(r[0]["ended"], "time");
    assert_eq!(statuses(&r[2])[0], "ok");
    assert_eq!(r[3]["file"], "endless.mex");
    // its answer is graded before its endless game runs
    assert_eq!(statuses(&r[3])[0], "ok");
    // the loud one's output is cut in its feedback
    args.truncate(3);
    args.extend(["--report", "rep"]);
    let _ = c.grade(&args);
    let fb =
        std::fs::read_to_string(c.dir.path().join("rep").join(report_name("loud.mex"))).unwrap();
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
            "game t(n) = { t(a) + t(b) + t(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }; grundy t(1500)",
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

// The hostile student: each test below is a file a student could hand in.

/// A key of twelve questions (the benchmark's, benches/grade_class.sh).
const KEY12: &str = "game kayles = octal 0.77
game dawson = octal 0.07
game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }
check grundy kayles(10) == 2
check grundy kayles(1000) + kayles(77) == 5
check grundy dawson(50) == 5
check outcome nim(1) + nim(2) + nim(3) == P
check outcome kayles(12) + s(9) == N
check move nim(3) + nim(5) -> nim(3) + nim(3)
check move kayles(5) + nim(3) -> kayles(3) + nim(3)
check sequence s 0..14 == 0 1 0 1 2 3 2 0 1 0 1 2 3 2
check period kayles == 71 12
check grundy s(1000) + dawson(1000) == 6
check grundy *3 + *5 == 6
check outcome nim(4) == N
";

/// The twelve right answers.
fn right12() -> String {
    KEY12
        .lines()
        .filter(|l| l.starts_with("check"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Runs `mex` in a folder; a run still going after ten minutes (a grader
/// that blocks) is killed and fails the test.
fn mex_guarded(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    guarded(
        std::process::Command::new(env!("CARGO_BIN_EXE_mex")),
        dir,
        args,
        env,
    )
}

/// As [`mex_guarded`], the grader under a 3 GiB address-space cap where
/// `prlimit` is found: all it holds, its children apart (they have caps
/// of their own).
fn mex_guarded_capped(dir: &Path, args: &[&str]) -> std::process::Output {
    use std::process::Command;
    let cmd = if Command::new("prlimit").arg("--version").output().is_ok() {
        let mut c = Command::new("prlimit");
        c.arg("--as=3221225472").arg(env!("CARGO_BIN_EXE_mex"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_mex"))
    };
    guarded(cmd, dir, args, &[])
}

fn guarded(
    mut cmd: std::process::Command,
    dir: &Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> std::process::Output {
    use std::process::Stdio;
    let child = cmd
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mex runs");
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let guard = std::thread::spawn(move || {
        if rx
            .recv_timeout(std::time::Duration::from_secs(600))
            .is_err()
        {
            // the test is hung: end the process so that it fails
            let _ = std::process::Command::new("kill")
                .args(["-9", &pid.to_string()])
                .status();
        }
    });
    let o = child.wait_with_output().expect("mex ends");
    let _ = tx.send(());
    let _ = guard.join();
    assert!(o.status.code().is_some(), "mex was killed (hung?): {o:?}");
    o
}

fn records_of(o: &std::process::Output) -> Vec<serde_json::Value> {
    out(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn twelve_right_answers_then_lines_past_the_time_keep_the_twelve() {
    let c = Class::new(KEY12);
    // work that asks its watch, and work that asks it seldom (the process
    // is killed at its time)
    c.student(
        "slow.mex",
        &format!("{}game t(n) = {{ t(a) + t(b) + t(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }}\ngrundy t(1500)\n", right12()),
    );
    c.student(
        "stuck.mex",
        &format!(
            "{}game d(n, m) = {{ d(n - 1, m) for k in 0..1 if n > 0 }}\ngrundy d(10000000, 0)\n",
            right12()
        ),
    );
    let o = mex_guarded(
        c.dir.path(),
        &[
            "grade",
            "key.mex",
            "slow.mex",
            "stuck.mex",
            "--time",
            "1",
            "--format",
            "json",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let r = records_of(&o);
    for rec in &r[..2] {
        assert_eq!(statuses(rec), vec!["ok"; 12], "{rec}");
        assert_eq!(rec["score"], 12);
    }
    // the slow one ran past its time (the watch, or the kill, ended it)
    assert_eq!(r[0]["ended"], "time", "{}", r[0]);
    // the feedback says so, and keeps the twelve
    let o = c.grade(&["slow.mex", "--time", "1", "--report", "rep"]);
    assert_eq!(o.status.code(), Some(0));
    let fb = std::fs::read_to_string(c.dir.path().join("rep").join(report_name("slow.mex")))
        .expect("feedback");
    assert!(
        fb.starts_with("slow.mex: 12 of 12 points, 12 of 12 questions right\n(the file ran past its time limit)"),
        "{fb}"
    );
}

#[test]
fn a_chain_of_100000_lets_is_graded_within_its_time() {
    let c = Class::new(KEY12);
    let mut chain = right12();
    chain.push_str("let a_0 = *1\n");
    for i in 1..=100_000 {
        chain.push_str(&format!("let a_{i} = a_{} + *1\n", i - 1));
    }
    c.student("chain.mex", &chain);
    let o = mex_guarded_capped(
        c.dir.path(),
        &[
            "grade",
            "key.mex",
            "chain.mex",
            "--time",
            "60",
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let r = records_of(&o);
    assert_eq!(statuses(&r[0]), vec!["ok"; 12], "{}", r[0]);
    // its sums grow past the memory cap long before its time
    assert_ne!(r[0]["ended"], "time", "{}", r[0]);
}

#[test]
fn a_file_past_its_memory_keeps_the_answers_graded_before() {
    let c = Class::new(KEY12);
    let mut hog = right12();
    hog.push_str("let a_0 = *1\n");
    for i in 1..=100_000 {
        hog.push_str(&format!("let a_{i} = a_{} + *1\n", i - 1));
    }
    c.student("hog.mex", &hog);
    c.student("fine.mex", &right12());
    let o = mex_guarded(
        c.dir.path(),
        &[
            "grade", "key.mex", "hog.mex", "fine.mex", "--memory", "256", "--time", "60",
            "--format", "json",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let r = records_of(&o);
    assert_eq!(statuses(&r[0]), vec!["ok"; 12], "{}", r[0]);
    assert_eq!(r[0]["ended"], "memory", "{}", r[0]);
    assert_eq!(statuses(&r[1]), vec!["ok"; 12], "{}", r[1]);
    assert_eq!(r[1]["ended"], serde_json::Value::Null);
    // the same cap in `mex --sandbox`
    let o = mex_guarded(
        c.dir.path(),
        &["--sandbox", "--memory", "256", "--time", "60", "hog.mex"],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("the sandbox's memory limit (256 MiB) was reached"),
        "{}",
        err(&o)
    );
    // run alone, without the key's games, its own check still ran
    assert!(out(&o).contains("ok grundy *3 + *5 == 6\n"), "{}", out(&o));
}

#[test]
fn links_fifos_and_devices_are_refused_unread() {
    let c = Class::new(KEY);
    c.student(
        "fine.mex",
        "check grundy k(10) == 2\ncheck outcome nim(1) + nim(2) == N\ncheck grundy *3 + *5 == 6\n",
    );
    let d = c.dir.path();
    std::os::unix::fs::symlink("key.mex", d.join("link.mex")).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", d.join("passwd.mex")).unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", d.join("environ.mex")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(d.join("fifo.mex"))
        .status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let secret = ("MEX_TEST_SECRET", "hush-7f3a9c-do-not-print");
    let students = [
        "link.mex",
        "passwd.mex",
        "environ.mex",
        "fifo.mex",
        "/dev/zero",
        "fine.mex",
    ];
    let mut args = vec!["grade", "key.mex"];
    args.extend(students);
    args.extend(["--format", "json", "--report", "rep"]);
    let o = mex_guarded(d, &args, &[secret]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let r = records_of(&o);
    let why = |i: usize| {
        r[i]["questions"][0]["why"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    for (i, rec) in r.iter().enumerate().take(3) {
        assert_eq!(rec["score"], 0, "{rec}");
        assert_eq!(statuses(rec), ["error"; 3]);
        assert!(why(i).contains("symbolic link"), "{}", why(i));
    }
    assert!(why(3).contains("not a regular file (a FIFO)"), "{}", why(3));
    assert!(
        why(4).contains("not a regular file (a device)"),
        "{}",
        why(4)
    );
    assert_eq!(r[5]["score"], 3);
    // nothing of what the links point to is in any output
    let mut all = out(&o) + &err(&o);
    for e in std::fs::read_dir(d.join("rep")).unwrap() {
        all.push_str(&std::fs::read_to_string(e.unwrap().path()).unwrap());
    }
    let o = mex_guarded(
        d,
        &[
            "grade",
            "key.mex",
            "link.mex",
            "passwd.mex",
            "environ.mex",
            "fifo.mex",
        ],
        &[secret],
    );
    all.push_str(&(out(&o) + &err(&o)));
    let row = out(&o)
        .lines()
        .find(|l| l.starts_with("link.mex"))
        .unwrap_or("")
        .to_string();
    assert!(row.ends_with("error   error   error  0/3"), "{row}");
    for (name, _) in [("passwd.mex", 0), ("environ.mex", 0)] {
        let o = mex_guarded(d, &["--sandbox", name], &[secret]);
        assert_eq!(o.status.code(), Some(2));
        assert!(err(&o).contains("symbolic link"), "{}", err(&o));
        all.push_str(&(out(&o) + &err(&o)));
    }
    let o = mex_guarded(d, &["--sandbox", "fifo.mex"], &[secret]);
    assert!(err(&o).contains("not a regular file"), "{}", err(&o));
    assert!(!all.contains("root:"), "{all}");
    assert!(!all.contains(secret.1), "{all}");
    assert!(!all.contains("PATH="), "{all}");
}

#[test]
fn control_characters_reach_no_table_report_or_terminal_raw() {
    let c = Class::new(KEY);
    let name = "esc\u{1b}[31m\u{7}.mex";
    c.student(
        name,
        "check grundy k(10) == 2\ncheck grundy *3 + *5 == 6\u{1b}[2J\u{7}\ngrundy \u{1b}]0;owned\u{7}*3\n",
    );
    let d = c.dir.path();
    let mut seen = String::new();
    for format in ["text", "json", "csv"] {
        let o = mex_guarded(
            d,
            &[
                "grade", "key.mex", name, "--format", format, "--report", "rep",
            ],
            &[],
        );
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        seen.push_str(&(out(&o) + &err(&o)));
        if format == "text" {
            let row = out(&o)
                .lines()
                .find(|l| l.starts_with("esc"))
                .unwrap_or("")
                .to_string();
            assert!(
                row.starts_with("esc\\e[31m\\u{7}.mex ") && row.ends_with("1/3"),
                "{row}"
            );
        }
    }
    let reports: Vec<_> = std::fs::read_dir(d.join("rep"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(reports.len(), 1);
    assert!(!reports[0].to_string_lossy().contains(['\u{1b}', '\u{7}']));
    let fb = std::fs::read_to_string(&reports[0]).unwrap();
    assert!(fb.contains("\\e[2J\\u{7}"), "{fb}");
    assert!(fb.contains("\\e]0;owned\\u{7}*3"), "{fb}");
    seen.push_str(&fb);
    let o = mex_guarded(d, &["--sandbox", name], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("grundy \\e]0;owned\\u{7}*3"),
        "{}",
        err(&o)
    );
    assert!(err(&o).contains("esc\\e[31m\\u{7}.mex:1"), "{}", err(&o));
    seen.push_str(&(out(&o) + &err(&o)));
    let o = mex_guarded(d, &["--sandbox", "-e", "grundy *3\u{1b}[2J"], &[]);
    seen.push_str(&(out(&o) + &err(&o)));
    assert!(!seen.contains(['\u{1b}', '\u{7}']), "{seen:?}");
}

#[test]
fn formula_cells_in_the_csv_are_neutralised() {
    let c = Class::new(KEY);
    let names = [
        "=1+1.mex",
        "+SUM(A1).mex",
        "-2.mex",
        "@cmd.mex",
        "\tx.mex",
        "plain.mex",
    ];
    for n in names {
        c.student(n, "check grundy k(10) == 2\n");
    }
    let mut args = vec!["grade", "key.mex", "--format", "csv", "--"];
    args.extend(names);
    let o = mex_guarded(c.dir.path(), &args, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mut rows = csv::Reader::from_reader(o.stdout.as_slice());
    let files: Vec<String> = rows
        .records()
        .map(|r| r.expect("a CSV row")[1].to_string())
        .collect();
    assert_eq!(
        files,
        [
            "'=1+1.mex",
            "'+SUM(A1).mex",
            "'-2.mex",
            "'@cmd.mex",
            "'\\tx.mex",
            "plain.mex"
        ]
    );
    for cell in out(&o).split([',', '\n']) {
        assert!(
            !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
            "{cell:?}"
        );
    }
}

#[test]
fn students_whose_files_share_a_name_get_a_report_each_and_regrading_one_changes_only_theirs() {
    let c = Class::new(KEY);
    let d = c.dir.path();
    std::fs::create_dir_all(d.join("alice")).unwrap();
    std::fs::create_dir_all(d.join("bob")).unwrap();
    c.student("alice/hw.mex", "check grundy k(10) == 2\n");
    c.student("bob/hw.mex", "check grundy k(10) == 1\n");
    c.student("carol.mex", "check grundy *3 + *5 == 6\n");
    let class = ["alice/hw.mex", "bob/hw.mex", "carol.mex"];
    let mut args = vec!["grade", "key.mex"];
    args.extend(class);
    args.extend(["--report", "rep"]);
    let o = mex_guarded(d, &args, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let read = || -> std::collections::BTreeMap<String, String> {
        std::fs::read_dir(d.join("rep"))
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read_to_string(&p).unwrap(),
                )
            })
            .collect()
    };
    let before = read();
    let names: Vec<String> = class.iter().map(|s| report_name(s)).collect();
    assert_eq!(
        before
            .keys()
            .cloned()
            .collect::<std::collections::BTreeSet<_>>(),
        names.iter().cloned().collect()
    );
    assert!(
        before[&names[0]].starts_with("alice/hw.mex: 1 of 3"),
        "{}",
        before[&names[0]]
    );
    assert!(
        before[&names[1]].starts_with("bob/hw.mex: 0 of 3"),
        "{}",
        before[&names[1]]
    );
    // bob mends his answer and is graded alone, as `./bob/hw.mex`
    c.student("bob/hw.mex", "check grundy k(10) == 2\n");
    let o = mex_guarded(
        d,
        &["grade", "key.mex", "./bob/hw.mex", "--report", "rep"],
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let after = read();
    assert_eq!(after.len(), 3, "{:?}", after.keys());
    assert_eq!(after[&names[0]], before[&names[0]]);
    assert_eq!(after[&names[2]], before[&names[2]]);
    assert!(
        after[&names[1]].contains("1 of 3 questions right"),
        "{}",
        after[&names[1]]
    );
}

#[test]
fn a_time_that_is_not_a_number_of_seconds_is_a_usage_error() {
    let c = Class::new(KEY);
    c.student("s.mex", "check grundy k(10) == 2\n");
    for t in ["nan", "NaN", "-1", "inf", "-inf", "0", "ten"] {
        let time = format!("--time={t}");
        for args in [
            vec!["grade", "key.mex", "s.mex", time.as_str()],
            vec!["--sandbox", time.as_str(), "s.mex"],
        ] {
            let o = mex_in(c.dir.path(), &args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            assert!(err(&o).contains("invalid value"), "{args:?}: {}", err(&o));
            assert!(
                !err(&o).contains("internal error") && !err(&o).contains("panicked"),
                "{}",
                err(&o)
            );
        }
    }
    for bad in [["--memory", "0"], ["--jobs", "0"]] {
        let o = mex_in(c.dir.path(), &["grade", "key.mex", "s.mex", bad[0], bad[1]]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn any_number_of_jobs_grades_the_class_alike() {
    let c = Class::new(KEY12);
    let mut names = Vec::new();
    for i in 0..6 {
        let name = format!("s{i}.mex");
        let text: String = right12()
            .lines()
            .take(2 * i)
            .map(|l| format!("{l}\n"))
            .collect();
        c.student(&name, &text);
        names.push(name);
    }
    let run = |jobs: &str| {
        let mut args = vec!["grade", "key.mex", "--jobs", jobs];
        args.extend(names.iter().map(String::as_str));
        let o = mex_guarded(c.dir.path(), &args, &[]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        out(&o)
    };
    let one = run("1");
    assert_eq!(run("3"), one);
    assert!(one.contains("s5.mex"), "{one}");
}
