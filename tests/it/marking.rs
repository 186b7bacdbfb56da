//! Grading as a teacher expects it: answers matched however they are
//! written (the last one counting), no credit for an answer that restates
//! the question, points and partial credit from the key, late penalties,
//! and the grades exported as course platforms take them (Gradescope's
//! results.json, JUnit XML, CSV keyed by student), with the class summary.

use std::path::Path;

fn run(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("mex runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A folder with a key and students' files (names may hold folders).
struct Class {
    dir: tempfile::TempDir,
}

impl Class {
    fn new(key: &str) -> Class {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::write(dir.path().join("key.mex"), key).expect("the key");
        Class { dir }
    }

    fn file(&self, name: &str, body: &str) -> &Self {
        let p = self.dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("a folder")).expect("folders");
        std::fs::write(p, body).expect("written");
        self
    }

    fn grade(&self, args: &[&str]) -> std::process::Output {
        let mut all = vec!["grade", "key.mex"];
        all.extend_from_slice(args);
        run(self.dir.path(), &all)
    }

    /// Each student's JSON record (the summary record last).
    fn json(&self, students: &[&str]) -> Vec<serde_json::Value> {
        let mut args = students.to_vec();
        args.extend(["--format", "json"]);
        let o = self.grade(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        text(&o.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect()
    }
}

fn statuses(r: &serde_json::Value) -> Vec<&str> {
    r["questions"]
        .as_array()
        .expect("questions")
        .iter()
        .map(|q| q["status"].as_str().expect("a status"))
        .collect()
}

const KEY: &str = "game k = octal 0.77
let h = hackenbush { 0-1, 1-2, 1-3 }
check grundy k(6) + k(5) == 7
check grundy h == 1
check equiv k(7), *2
check grundy k(13) == 1
";

#[test]
fn answers_match_however_they_are_written_and_the_last_one_counts() {
    let c = Class::new(KEY);
    // the sum in the other order, the picture written out, a `?` left
    // above the real answer, an answer changed further down
    c.file(
        "a.mex",
        "check grundy k(5) + k(6) == 7
check grundy hackenbush { 0-1, 1-2, 1-3 } == 1
check equiv k(7), ?
check equiv k(7), *2
check grundy k(13) == 3
check grundy k(13) == 1
",
    );
    // a `let` of the student's own that names the position
    c.file(
        "b.mex",
        "let p = k(6) + k(5)\ncheck grundy p == 7\ncheck grundy kk(13) == 1\n",
    );
    let r = c.json(&["a.mex", "b.mex"]);
    assert_eq!(statuses(&r[0]), ["ok", "ok", "ok", "ok"], "{}", r[0]);
    let q4 = &r[0]["questions"][3];
    assert_eq!(q4["line"], 6);
    assert_eq!(
        q4["notes"][0],
        "also answered on line 5: the last answer counts"
    );
    assert_eq!(r[0]["questions"][2]["line"], 4);
    // the let's question is the key's; a question one edit from the key's
    // is that question's error, named
    assert_eq!(
        statuses(&r[1]),
        ["ok", "missing", "missing", "error"],
        "{}",
        r[1]
    );
    let why = r[1]["questions"][3]["why"].as_str().expect("why");
    assert!(why.contains("did you mean q4: grundy k(13)?"), "{why}");
    assert_eq!(r[1]["questions"][3]["line"], 3);
}

#[test]
fn an_answer_that_restates_the_question_earns_nothing() {
    let c = Class::new(KEY);
    c.file("a.mex", "check equiv k(7), k(7)\n");
    c.file("b.mex", "check equiv k(7), k(3) + k(3) + *2\n");
    c.file("c.mex", "check equiv k(7), {*1, *0}\n");
    c.file("d.mex", "check equiv k(7), nim(2)\n");
    let r = c.json(&["a.mex", "b.mex", "c.mex", "d.mex"]);
    for (i, want) in [
        "restates the question",
        "restates the question",
        "is not one",
    ]
    .iter()
    .enumerate()
    {
        let q = &r[i]["questions"][2];
        assert_eq!(q["status"], "fail", "{q}");
        let why = q["why"].as_str().expect("why");
        assert!(
            why.contains("the answer must be a nimber or a number") && why.contains(want),
            "{why}"
        );
    }
    assert_eq!(r[3]["questions"][2]["status"], "ok");
}

#[test]
fn a_key_that_asks_a_question_twice_is_refused_naming_both_lines() {
    let c = Class::new("game k = octal 0.77\ncheck grundy k(3) == 3\ncheck grundy (k(3)) == 3\n");
    c.file("a.mex", "check grundy k(3) == 3\n");
    let o = c.grade(&["a.mex"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("the key asks `grundy (k(3))` twice, on lines 2 and 3"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_student_who_redefines_a_key_game_is_warned_and_graded_by_the_key() {
    let c = Class::new(KEY);
    c.file("a.mex", "game k = octal 0.07\ncheck grundy k(13) == 1\n");
    let r = c.json(&["a.mex"]);
    assert_eq!(r[0]["questions"][3]["status"], "ok");
    let w = r[0]["warnings"][0].as_str().expect("a warning");
    assert!(w.contains("line 1: `k` is defined by the key"), "{w}");
    let o = c.grade(&["a.mex", "--report", "fb"]);
    assert_eq!(o.status.code(), Some(0));
    let fb = std::fs::read_dir(c.dir.path().join("fb"))
        .expect("the folder")
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).expect("feedback"))
        .collect::<String>();
    assert!(
        fb.contains("warning: line 1: `k` is defined by the key"),
        "{fb}"
    );
}

const MARKED: &str = "game k = octal 0.77
game s(n) = { s(n - t) for t in {1, 3, 4} if t <= n }
check grundy k(10) == 2                  # points: 2
check sequence s 0..8 == 0 1 0 1 2 3 2 0 # points: 4, partial
check move nim(3) + nim(5) -> nim(3) + nim(3)   # points: 2, partial
check grundy k(4) == 1
";

#[test]
fn points_and_partial_credit_come_from_the_key() {
    let c = Class::new(MARKED);
    // 6 of the 8 terms right: 3 of 4 points; a legal move that does not
    // win: 1 of 2; the unmarked question is worth 1
    c.file(
        "a.mex",
        "check grundy k(10) == 2\ncheck sequence s 0..8 == 0 1 0 1 2 3 9 9\ncheck move nim(3) + nim(5) -> nim(3) + nim(4)\ncheck grundy k(4) == 1\n",
    );
    // not a move at all: nothing; a wrong value where no partial credit is
    // given: nothing
    c.file(
        "b.mex",
        "check grundy k(10) == 3\ncheck move nim(3) + nim(5) -> nim(7)\n",
    );
    let r = c.json(&["a.mex", "b.mex"]);
    let earned = |i: usize| -> Vec<f64> {
        r[i]["questions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|q| q["earned"].as_f64().unwrap())
            .collect()
    };
    assert_eq!(earned(0), [2.0, 3.0, 1.0, 1.0]);
    assert_eq!(r[0]["score"], 7);
    assert_eq!(r[0]["total"], 9);
    assert_eq!(statuses(&r[0]), ["ok", "fail", "fail", "ok"]);
    assert_eq!(earned(1), [0.0, 0.0, 0.0, 0.0]);
    // the table says what each question is worth
    let o = c.grade(&["a.mex"]);
    let t = text(&o.stdout);
    assert!(
        t.contains("q2 sequence s 0..8 (4 points, partial credit)"),
        "{t}"
    );
    assert!(t.contains("7/9"), "{t}");
}

#[test]
fn a_late_penalty_comes_from_a_file_of_days_late() {
    let c = Class::new(MARKED);
    let all = "check grundy k(10) == 2\ncheck sequence s 0..8 == 0 1 0 1 2 3 2 0\ncheck move nim(3) + nim(5) -> nim(3) + nim(3)\ncheck grundy k(4) == 1\n";
    c.file("ann/hw.mex", all).file("ben/hw.mex", all);
    c.file("late.csv", "student,days\nann,0\nben,1.5\n");
    let o = c.grade(&[
        "ann/hw.mex",
        "ben/hw.mex",
        "--late",
        "1:10",
        "--lateness",
        "late.csv",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let r: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(r[0]["student"], "ann");
    assert_eq!(r[0]["score"], 9);
    // 1.5 days: two started days, 20% off
    assert_eq!(r[1]["student"], "ben");
    assert_eq!(r[1]["late"]["percent"], 20.0);
    assert!(
        (r[1]["score"].as_f64().unwrap() - 7.2).abs() < 1e-9,
        "{}",
        r[1]
    );
    // a malformed penalty is a usage error, not a panic
    for bad in ["10", "x:10", "1:nan", "1:200", "-1:10"] {
        let o = c.grade(&["ann/hw.mex", "--late", bad, "--lateness", "late.csv"]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(!text(&o.stderr).contains("panicked"), "{bad}");
    }
}

#[test]
fn exports_for_course_platforms_parse_and_add_up() {
    let c = Class::new(MARKED);
    c.file(
        "class/ann/hw.mex",
        "check grundy k(10) == 2\ncheck sequence s 0..8 == 0 1 0 1 2 3 9 9\ncheck grundy k(4) == 3\n",
    );
    c.file(
        "class/bob.mex",
        "=cmd|' /C calc'!A0\ncheck grundy k(10) == 2\n",
    );
    c.file("class/=sum(A1).mex", "check grundy k(4) == 1\n");
    let students = ["class/ann/hw.mex", "class/bob.mex", "class/=sum(A1).mex"];
    let r = c.json(&students);
    let scores: Vec<f64> = r[..3]
        .iter()
        .map(|x| x["score"].as_f64().unwrap())
        .collect();
    // Gradescope: one student; the tests' scores add up to the score
    let o = c.grade(&["class/ann/hw.mex", "--format", "gradescope"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let g: serde_json::Value = serde_json::from_slice(&o.stdout).expect("results.json");
    let tests = g["tests"].as_array().expect("tests");
    assert_eq!(tests.len(), 4);
    let sum: f64 = tests.iter().map(|t| t["score"].as_f64().unwrap()).sum();
    assert!((sum - g["score"].as_f64().unwrap()).abs() < 1e-9);
    assert!((sum - scores[0]).abs() < 1e-9);
    assert_eq!(tests[0]["name"], "q1: grundy k(10)");
    assert_eq!(tests[0]["status"], "passed");
    assert_eq!(tests[0]["max_score"], 2);
    assert_eq!(tests[2]["status"], "failed");
    assert!(
        tests[3]["output"]
            .as_str()
            .unwrap()
            .contains("your answer: 3"),
        "{}",
        tests[3]
    );
    // it is for one student at a time
    let o = c.grade(&[
        "class/ann/hw.mex",
        "class/bob.mex",
        "--format",
        "gradescope",
    ]);
    assert_eq!(o.status.code(), Some(2));
    // JUnit: a suite a student, a case a question; failures and errors
    // counted, the scores those of the table
    let o = c.grade(&[students[0], students[1], students[2], "--format", "junit"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let xml = text(&o.stdout);
    let doc = roxmltree::Document::parse(&xml).expect("JUnit XML");
    let suites: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    assert_eq!(suites.len(), 3);
    assert_eq!(suites[0].attribute("name"), Some("ann"));
    assert_eq!(suites[1].attribute("name"), Some("bob"));
    for (s, want) in suites.iter().zip(&scores) {
        let earned: f64 = s
            .children()
            .filter(|n| n.has_tag_name("testcase"))
            .map(|n| n.attribute("earned").unwrap().parse::<f64>().unwrap())
            .sum();
        assert!((earned - want).abs() < 1e-9);
        assert_eq!(
            s.children().filter(|n| n.has_tag_name("testcase")).count(),
            4
        );
    }
    // ann: a partial sequence, a missing move, a wrong value
    assert_eq!(suites[0].attribute("failures"), Some("3"));
    // CSV keyed by student: the first folder under the class's, or the stem;
    // no cell starts a formula
    let o = c.grade(&[students[0], students[1], students[2], "--format", "csv"]);
    let csv = text(&o.stdout);
    let rows: Vec<Vec<String>> = csv::Reader::from_reader(csv.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    assert_eq!(rows[0][0], "ann");
    assert_eq!(rows[1][0], "bob");
    assert_eq!(rows[2][0], "'=sum(A1)");
    for row in &rows {
        for cell in row {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{cell}"
            );
        }
    }
    // JSON: ids, points, the student
    assert_eq!(r[0]["questions"][1]["id"], "q2");
    assert_eq!(r[0]["questions"][1]["points"], 4);
    // the summary: counts per question and a histogram of the scores
    let summary = &r[3];
    assert_eq!(
        summary["questions"][0],
        serde_json::json!({"id": "q1", "ok": 2, "fail": 0, "error": 0, "missing": 1})
    );
    let hist: Vec<u64> = summary["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(hist.iter().sum::<u64>(), 3);
}

#[test]
fn the_sheet_keeps_no_working_no_marks_and_no_teacher_comments() {
    let c = Class::new(
        "## for the teacher: the key of sheet 3
game k = octal 0.77   ## Kayles
# for the students: Kayles
check grundy k(13) == 1   # mex{0, 2, 3, 4, 6, 7} = 1
check grundy k(5) == 4 # points: 2
check move *3 -> *0
",
    );
    let o = run(c.dir.path(), &["sheet", "key.mex"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        text(&o.stdout),
        "game k = octal 0.77\n# for the students: Kayles\ncheck grundy k(13) == ?\ncheck grundy k(5) == ?\ncheck move *3 -> ?\n"
    );
}

#[test]
fn a_question_over_two_lines_is_one_line_of_the_table() {
    let c = Class::new("game k = octal 0.77\ncheck grundy (k(4) +\n   k(5)) == 5\n");
    c.file("a.mex", "check grundy (k(4) + k(5)) == 5\n");
    let o = c.grade(&["a.mex"]);
    let t = text(&o.stdout);
    assert!(t.contains("  q1 grundy (k(4) + k(5))\n"), "{t}");
    assert!(t.contains("a.mex        ok  1/1"), "{t}");
}

#[test]
fn arithmetic_after_the_equals_is_named_for_what_it_is() {
    let o = crate::common::mex_cmd(&["-e", "check grundy *0 == 5 - 5"], b"");
    let e = text(&o.stderr);
    assert!(
        e.contains("the answer after `==` is written as a value, not worked out"),
        "{e}"
    );
    assert!(!e.contains("no negative numbers"), "{e}");
}

#[test]
fn a_bundle_holds_an_autograder_and_the_source_it_builds() {
    let c = Class::new(MARKED);
    let o = run(
        c.dir.path(),
        &["grade", "--bundle", "key.mex", "autograder.zip"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let zip = c.dir.path().join("autograder.zip");
    let mut archive = zip::ZipArchive::new(std::fs::File::open(&zip).unwrap()).expect("a zip");
    let names: Vec<String> = (0..archive.len())
        .map(|i| archive.by_index(i).unwrap().name().unwrap().to_string())
        .collect();
    for want in [
        "key.mex",
        "setup.sh",
        "run_autograder",
        "mex-src/Cargo.toml",
        "mex-src/Cargo.lock",
        "mex-src/build.rs",
        "mex-src/src/main.rs",
        "mex-src/grammar/parser.lalrpop",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    let mut run_script = String::new();
    std::io::Read::read_to_string(
        &mut archive.by_name("run_autograder").unwrap(),
        &mut run_script,
    )
    .unwrap();
    assert!(
        run_script.contains("mex grade /autograder/source/key.mex"),
        "{run_script}"
    );
    assert!(run_script.contains("--format gradescope"), "{run_script}");
    // the source is whole: cargo reads its manifest and finds every target
    let src = tempfile::tempdir().unwrap();
    archive.extract(src.path()).unwrap();
    let meta = std::process::Command::new(env!("CARGO"))
        .current_dir(src.path())
        .args([
            "metadata",
            "--offline",
            "--no-deps",
            "--format-version",
            "1",
            "--manifest-path",
        ])
        .arg(src.path().join("mex-src/Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(meta.status.success(), "{}", text(&meta.stderr));
    let m: serde_json::Value = serde_json::from_slice(&meta.stdout).unwrap();
    let targets = m["packages"][0]["targets"].as_array().unwrap();
    for t in targets {
        let path = t["src_path"].as_str().unwrap();
        assert!(Path::new(path).is_file(), "{path}");
    }
    // a key whose checks fail is not bundled
    let bad = Class::new("check grundy *3 == 2\n");
    let o = run(bad.dir.path(), &["grade", "--bundle", "key.mex", "a.zip"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!bad.dir.path().join("a.zip").exists());
}
