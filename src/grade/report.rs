//! A class's grades written out: a table for the teacher (text), JSON
//! Lines, CSV for a spreadsheet or a course platform, JUnit XML, one
//! Gradescope `results.json` for one student, and one feedback text per
//! student.

use super::{AnswerKey, Answered, Graded, Limit, Status, clean};
use quick_xml::Writer;
use quick_xml::events::{BytesEnd, BytesStart, BytesText, Event};
use serde_json::{Value, json};

/// What the class did: the mean score, a histogram of the scores, and per
/// question how many students had each status.
pub struct Summary {
    pub students: usize,
    /// The points of the whole sheet.
    pub total: f64,
    pub mean: f64,
    /// Per question (in the key's order): ok, fail, error, missing.
    pub counts: Vec<Counts>,
    /// (question, how many students did not get it right), most missed
    /// first, only those some student missed.
    pub missed: Vec<(String, usize)>,
    /// Students per tenth of the total: `histogram[k]` counts the scores
    /// from k tenths up to (not including) k + 1 tenths, the last one
    /// holding the full marks.
    pub histogram: [usize; 10],
}

/// How the students answered one question.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub ok: usize,
    pub fail: usize,
    pub error: usize,
    pub missing: usize,
}

impl Counts {
    fn add(&mut self, s: Status) {
        match s {
            Status::Ok => self.ok += 1,
            Status::Fail => self.fail += 1,
            Status::Error => self.error += 1,
            Status::Missing => self.missing += 1,
        }
    }
}

pub fn summary(key: &AnswerKey, class: &[Graded]) -> Summary {
    let total = key.total();
    let mean = if class.is_empty() {
        0.0
    } else {
        class.iter().map(Graded::score).sum::<f64>() / class.len() as f64
    };
    let mut counts = vec![Counts::default(); key.questions.len()];
    for g in class {
        for (c, a) in counts.iter_mut().zip(&g.answers) {
            c.add(a.status);
        }
    }
    let mut missed: Vec<(String, usize)> = key
        .questions
        .iter()
        .zip(&counts)
        .map(|(q, c)| (q.text.clone(), c.fail + c.error + c.missing))
        .filter(|(_, n)| *n > 0)
        .collect();
    missed.sort_by_key(|m| std::cmp::Reverse(m.1));
    let mut histogram = [0; 10];
    for g in class {
        let share = if total > 0.0 { g.score() / total } else { 1.0 };
        let k = ((share * 10.0).floor().max(0.0) as usize).min(9);
        histogram[k] += 1;
    }
    Summary {
        students: class.len(),
        total,
        mean,
        counts,
        missed,
        histogram,
    }
}

/// Points in JSON: an integer when whole (as scores have always been
/// written), else a number with its fraction.
pub fn num(x: f64) -> Value {
    if (x - x.round()).abs() < 1e-9 && x.abs() < 9e15 {
        json!(x.round() as i64)
    } else {
        json!(x)
    }
}

/// Points as a person writes them: `3`, `2.5`, `0.33`.
pub fn points(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A student's score as the table writes it: `7/12`, with the late
/// penalty where there is one.
fn score_text(g: &Graded, total: f64) -> String {
    let mut s = format!("{}/{}", points(g.score()), points(total));
    if let Some(l) = g.late {
        s.push_str(&format!(" ({}% late)", points(l.percent)));
    }
    s
}

/// The table: a row per student, a column per question (numbered, with a
/// legend), the score; then the class summary.
pub fn text(key: &AnswerKey, class: &[Graded]) -> String {
    let n = key.questions.len();
    let width = class
        .iter()
        .map(|g| clean::line(&g.file).chars().count())
        .max()
        .unwrap_or(4)
        .max(7);
    let marked = key
        .questions
        .iter()
        .any(|q| q.marking != Default::default());
    let mut out = String::new();
    out.push_str("questions:\n");
    for (i, q) in key.questions.iter().enumerate() {
        let worth = if marked {
            let p = q.marking.points;
            format!(
                " ({} point{}{})",
                points(p),
                if p == 1.0 { "" } else { "s" },
                if q.marking.partial {
                    ", partial credit"
                } else {
                    ""
                }
            )
        } else {
            String::new()
        };
        out.push_str(&format!("  q{} {}{worth}\n", i + 1, clean::line(&q.text)));
    }
    out.push('\n');
    out.push_str(&format!("{:<width$}", "student"));
    for i in 0..n {
        out.push_str(&format!(" {:>7}", format!("q{}", i + 1)));
    }
    out.push_str("  score\n");
    let total = key.total();
    for g in class {
        out.push_str(&format!("{:<width$}", clean::line(&g.file)));
        for a in &g.answers {
            out.push_str(&format!(" {:>7}", a.status.word()));
        }
        out.push_str(&format!("  {}\n", score_text(g, total)));
    }
    out.push_str(&summary_text(&summary(key, class)));
    out
}

/// The class summary under the table.
fn summary_text(s: &Summary) -> String {
    let mut out = format!(
        "\n{} student{}, mean score {:.1} of {}\n",
        s.students,
        if s.students == 1 { "" } else { "s" },
        s.mean,
        points(s.total)
    );
    if s.missed.is_empty() {
        out.push_str("every question answered right by every student\n");
    } else {
        out.push_str("most often missed:\n");
        for (q, k) in s.missed.iter().take(5) {
            out.push_str(&format!("  {}: {k} of {}\n", clean::line(q), s.students));
        }
    }
    out.push_str("per question (ok, fail, error, missing):\n");
    for (i, c) in s.counts.iter().enumerate() {
        out.push_str(&format!(
            "  q{:<3} {:>4} {:>4} {:>4} {:>4}\n",
            i + 1,
            c.ok,
            c.fail,
            c.error,
            c.missing
        ));
    }
    out.push_str("scores (share of the total: students):\n");
    let widest = s.histogram.iter().copied().max().unwrap_or(0).max(1);
    for (k, &n) in s.histogram.iter().enumerate() {
        let bar = "#".repeat((n * 40).div_ceil(widest).min(40) * usize::from(n > 0));
        let upper = if k == 9 { "100%]" } else { "" };
        let range = if k == 9 {
            format!("[{:>3}%-{upper}", k * 10)
        } else {
            format!("[{:>3}%-{:>3}%)", k * 10, k * 10 + 10)
        };
        let row = format!("  {range:<12} {n:>4} {bar}");
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// One JSON record a student, then a summary record (JSON Lines).
pub fn json(key: &AnswerKey, class: &[Graded]) -> String {
    let mut out = String::new();
    for g in class {
        out.push_str(&student_json(g, key).to_string());
        out.push('\n');
    }
    let s = summary(key, class);
    let summary = json!({
        "summary": true,
        "students": s.students,
        "total": num(s.total),
        "mean": s.mean,
        "missed": s.missed.iter().map(|(q, k)| json!({"question": q, "students": k})).collect::<Vec<_>>(),
        "questions": s.counts.iter().enumerate().map(|(i, c)| json!({
            "id": format!("q{}", i + 1),
            "ok": c.ok, "fail": c.fail, "error": c.error, "missing": c.missing,
        })).collect::<Vec<_>>(),
        "histogram": s.histogram,
    });
    out.push_str(&summary.to_string());
    out.push('\n');
    out
}

fn student_json(g: &Graded, key: &AnswerKey) -> Value {
    let questions: Vec<Value> = g
        .answers
        .iter()
        .map(|a| {
            json!({
                "id": a.id,
                "question": a.question,
                "points": num(a.points),
                "earned": num(a.earned),
                "line": a.line,
                "status": a.status.word(),
                "why": (!a.why.is_empty()).then(|| a.why.join("\n")),
                "notes": a.notes,
                "answer": a.answer,
                "expected": a.expected,
            })
        })
        .collect();
    json!({
        "student": g.student,
        "file": g.file,
        "score": num(g.score()),
        "total": num(key.total()),
        "right": g.right(),
        "late": g.late.map(|l| json!({"days": l.days, "percent": l.percent})),
        "ended": g.ended,
        "warnings": g.warnings,
        "questions": questions,
    })
}

/// A header, then a row per student: the student's id (the key of an LMS
/// grade book), the file, the score and total in points, a column per
/// question (its status). Every cell is [`clean::csv_cell`]: no control
/// character, no formula.
pub fn csv(key: &AnswerKey, class: &[Graded]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "student".to_string(),
        "file".into(),
        "score".into(),
        "total".into(),
    ];
    header.extend(key.questions.iter().map(|q| q.text.clone()));
    let _ = w.write_record(header.iter().map(|c| clean::csv_cell(c).into_owned()));
    for g in class {
        let mut row = vec![
            g.student.clone(),
            g.file.clone(),
            points(g.score()),
            points(key.total()),
        ];
        row.extend(g.answers.iter().map(|a| a.status.word().to_string()));
        let _ = w.write_record(row.iter().map(|c| clean::csv_cell(c).into_owned()));
    }
    String::from_utf8_lossy(&w.into_inner().unwrap_or_default()).into_owned()
}

/// What a question's report says beside its status: the notes, the why.
fn details(a: &Answered) -> String {
    let mut lines: Vec<String> = Vec::new();
    if let Some(ans) = &a.answer {
        lines.push(format!("your answer: {ans}"));
    }
    if a.status == Status::Missing && a.why.is_empty() {
        lines.push("not answered".into());
    }
    lines.extend(a.notes.iter().cloned());
    lines.extend(a.why.iter().cloned());
    lines.join("\n")
}

/// Gradescope's `results.json` for one student: the score, and a test per
/// question with its points, `passed` or `failed`, and why.
pub fn gradescope(key: &AnswerKey, g: &Graded) -> String {
    let tests: Vec<Value> = g
        .answers
        .iter()
        .map(|a| {
            json!({
                "name": format!("{}: {}", a.id, a.question),
                "score": num(a.earned),
                "max_score": num(a.points),
                "status": if a.status == Status::Ok { "passed" } else { "failed" },
                "output": format!("{}\n{}", a.status.word(), details(a)).trim_end().to_string(),
            })
        })
        .collect();
    let mut output = format!("{} of {} points", points(g.score()), points(key.total()));
    if let Some(l) = g.late {
        output.push_str(&format!(
            " after a late penalty of {}% ({} days late)",
            points(l.percent),
            points(l.days)
        ));
    }
    for w in &g.warnings {
        output.push('\n');
        output.push_str(w);
    }
    let v = json!({
        "score": num(g.score()),
        "output": output,
        "tests": tests,
    });
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}

/// JUnit XML: a test suite per student, a test case per question, with a
/// `failure` for a wrong or missing answer and an `error` for one that
/// does not run.
pub fn junit(key: &AnswerKey, class: &[Graded]) -> String {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    let _ = w.write_event(Event::Decl(quick_xml::events::BytesDecl::new(
        "1.0",
        Some("UTF-8"),
        None,
    )));
    let mut all = BytesStart::new("testsuites");
    all.push_attribute(("name", key.name.as_str()));
    let _ = w.write_event(Event::Start(all));
    for g in class {
        let count = |f: fn(&Status) -> bool| {
            g.answers
                .iter()
                .filter(|a| f(&a.status))
                .count()
                .to_string()
        };
        let mut suite = BytesStart::new("testsuite");
        let student = clean::line(&g.student);
        suite.push_attribute(("name", student.as_ref()));
        suite.push_attribute(("file", clean::line(&g.file).as_ref()));
        suite.push_attribute(("tests", g.answers.len().to_string().as_str()));
        suite.push_attribute((
            "failures",
            count(|s| matches!(s, Status::Fail | Status::Missing)).as_str(),
        ));
        suite.push_attribute(("errors", count(|s| *s == Status::Error).as_str()));
        suite.push_attribute(("score", points(g.score()).as_str()));
        suite.push_attribute(("total", points(key.total()).as_str()));
        let _ = w.write_event(Event::Start(suite));
        for a in &g.answers {
            let name = format!("{}: {}", a.id, a.question);
            let mut case = BytesStart::new("testcase");
            case.push_attribute(("name", name.as_str()));
            case.push_attribute(("classname", student.as_ref()));
            case.push_attribute(("points", points(a.points).as_str()));
            case.push_attribute(("earned", points(a.earned).as_str()));
            let tag = match a.status {
                Status::Ok => None,
                Status::Fail | Status::Missing => Some("failure"),
                Status::Error => Some("error"),
            };
            match tag {
                None => {
                    let _ = w.write_event(Event::Empty(case));
                }
                Some(tag) => {
                    let _ = w.write_event(Event::Start(case));
                    let mut t = BytesStart::new(tag);
                    t.push_attribute(("message", a.status.word()));
                    let _ = w.write_event(Event::Start(t));
                    let _ = w.write_event(Event::Text(BytesText::new(&clean::text(&details(a)))));
                    let _ = w.write_event(Event::End(BytesEnd::new(tag)));
                    let _ = w.write_event(Event::End(BytesEnd::new("testcase")));
                }
            }
        }
        let _ = w.write_event(Event::End(BytesEnd::new("testsuite")));
    }
    let _ = w.write_event(Event::End(BytesEnd::new("testsuites")));
    let mut s = String::from_utf8_lossy(&w.into_inner()).into_owned();
    s.push('\n');
    s
}

/// The feedback a teacher hands back: each question, what was answered,
/// each FAIL's why and each error's diagnostic; then what the file printed.
/// Every control character but newline and tab is shown escaped
/// ([`clean::text`]).
pub fn feedback(key: &AnswerKey, g: &Graded) -> String {
    clean::text(&feedback_raw(key, g)).into_owned()
}

fn feedback_raw(key: &AnswerKey, g: &Graded) -> String {
    let mut out = format!(
        "{}: {} of {} points, {} of {} questions right\n",
        clean::line(&g.file),
        points(g.score()),
        points(key.total()),
        g.right(),
        key.questions.len()
    );
    if let Some(l) = g.late {
        out.push_str(&format!(
            "(a late penalty of {}%: {} days late)\n",
            points(l.percent),
            points(l.days)
        ));
    }
    match g.ended {
        Some(Limit::Time) => out.push_str("(the file ran past its time limit)\n"),
        Some(Limit::Memory) => out.push_str("(the file ran past its memory limit)\n"),
        None => {}
    }
    for w in &g.warnings {
        out.push_str(&format!("warning: {w}\n"));
    }
    for a in &g.answers {
        out.push('\n');
        let at = a.line.map(|l| format!(" (line {l})")).unwrap_or_default();
        let worth = if a.points != 1.0 || a.earned != 0.0 && a.earned != 1.0 {
            format!(" [{} of {} points]", points(a.earned), points(a.points))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{} {}{at}: {}{worth}\n",
            a.id,
            clean::line(&a.question),
            a.status.word()
        ));
        let d = details(a);
        for l in d.lines() {
            out.push_str(&format!("  {l}\n"));
        }
    }
    if !g.output.is_empty() {
        out.push_str("\nwhat the file printed when run:\n");
        out.push_str(&g.output);
    }
    out
}
