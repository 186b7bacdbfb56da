//! A class's grades written out: a table for the teacher (text), JSON
//! Lines or CSV for other programs, and one feedback text per student.

use super::{Graded, Key, Limit, Status, clean};
use serde_json::{Value, json};

/// The mean score and the questions most often not `ok`, most missed first.
pub struct Summary {
    pub students: usize,
    pub total: usize,
    pub mean: f64,
    /// (question, how many students did not get it right)
    pub missed: Vec<(String, usize)>,
}

pub fn summary(key: &Key, class: &[Graded]) -> Summary {
    let total = key.questions.len();
    let mean = if class.is_empty() {
        0.0
    } else {
        class.iter().map(|g| g.score() as f64).sum::<f64>() / class.len() as f64
    };
    let mut missed: Vec<(String, usize)> = key
        .questions
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let n = class
                .iter()
                .filter(|g| g.answers.get(i).is_some_and(|a| a.status != Status::Ok))
                .count();
            (q.text.clone(), n)
        })
        .filter(|(_, n)| *n > 0)
        .collect();
    missed.sort_by_key(|m| std::cmp::Reverse(m.1));
    Summary {
        students: class.len(),
        total,
        mean,
        missed,
    }
}

/// The table: a row per student, a column per question (numbered, with a
/// legend), the score; then the class summary.
pub fn text(key: &Key, class: &[Graded]) -> String {
    let n = key.questions.len();
    let width = class
        .iter()
        .map(|g| clean::line(&g.file).chars().count())
        .max()
        .unwrap_or(4)
        .max(7);
    let mut out = String::new();
    out.push_str("questions:\n");
    for (i, q) in key.questions.iter().enumerate() {
        out.push_str(&format!("  q{} {}\n", i + 1, clean::line(&q.text)));
    }
    out.push('\n');
    out.push_str(&format!("{:<width$}", "student"));
    for i in 0..n {
        out.push_str(&format!(" {:>7}", format!("q{}", i + 1)));
    }
    out.push_str("  score\n");
    for g in class {
        out.push_str(&format!("{:<width$}", clean::line(&g.file)));
        for a in &g.answers {
            out.push_str(&format!(" {:>7}", a.status.word()));
        }
        out.push_str(&format!("  {}/{}\n", g.score(), n));
    }
    let s = summary(key, class);
    out.push_str(&format!(
        "\n{} student{}, mean score {:.1} of {}\n",
        s.students,
        if s.students == 1 { "" } else { "s" },
        s.mean,
        s.total
    ));
    if s.missed.is_empty() {
        out.push_str("every question answered right by every student\n");
    } else {
        out.push_str("most often missed:\n");
        for (q, k) in s.missed.iter().take(5) {
            out.push_str(&format!("  {}: {k} of {}\n", clean::line(q), s.students));
        }
    }
    out
}

/// One JSON record a student, then a summary record (JSON Lines).
pub fn json(key: &Key, class: &[Graded]) -> String {
    let mut out = String::new();
    for g in class {
        out.push_str(&student_json(g, key.questions.len()).to_string());
        out.push('\n');
    }
    let s = summary(key, class);
    let summary = json!({
        "summary": true,
        "students": s.students,
        "total": s.total,
        "mean": s.mean,
        "missed": s.missed.iter().map(|(q, k)| json!({"question": q, "students": k})).collect::<Vec<_>>(),
    });
    out.push_str(&summary.to_string());
    out.push('\n');
    out
}

fn student_json(g: &Graded, total: usize) -> Value {
    let questions: Vec<Value> = g
        .answers
        .iter()
        .map(|a| {
            json!({
                "question": a.question,
                "line": a.line,
                "status": a.status.word(),
                "why": (!a.why.is_empty()).then(|| a.why.join("\n")),
                "answer": a.answer,
                "expected": a.expected,
            })
        })
        .collect();
    json!({"file": g.file, "score": g.score(), "total": total, "ended": g.ended, "questions": questions})
}

/// A header, then a row per student: file, score, total, a column per
/// question. Every cell is [`clean::csv_cell`]: no control character, no
/// formula.
pub fn csv(key: &Key, class: &[Graded]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["file".to_string(), "score".into(), "total".into()];
    header.extend(key.questions.iter().map(|q| q.text.clone()));
    let _ = w.write_record(header.iter().map(|c| clean::csv_cell(c).into_owned()));
    for g in class {
        let mut row = vec![
            g.file.clone(),
            g.score().to_string(),
            key.questions.len().to_string(),
        ];
        row.extend(g.answers.iter().map(|a| a.status.word().to_string()));
        let _ = w.write_record(row.iter().map(|c| clean::csv_cell(c).into_owned()));
    }
    String::from_utf8_lossy(&w.into_inner().unwrap_or_default()).into_owned()
}

/// The feedback a teacher hands back: each question, what was answered,
/// each FAIL's why and each error's diagnostic; then what the file printed.
/// Every control character but newline and tab is shown escaped
/// ([`clean::text`]).
pub fn feedback(key: &Key, g: &Graded) -> String {
    clean::text(&feedback_raw(key, g)).into_owned()
}

fn feedback_raw(key: &Key, g: &Graded) -> String {
    let mut out = format!(
        "{}: {} of {} questions right\n",
        clean::line(&g.file),
        g.score(),
        key.questions.len()
    );
    match g.ended {
        Some(Limit::Time) => out.push_str("(the file ran past its time limit)\n"),
        Some(Limit::Memory) => out.push_str("(the file ran past its memory limit)\n"),
        None => {}
    }
    for (i, a) in g.answers.iter().enumerate() {
        out.push('\n');
        let at = a.line.map(|l| format!(" (line {l})")).unwrap_or_default();
        out.push_str(&format!(
            "q{} {}{at}: {}\n",
            i + 1,
            clean::line(&a.question),
            a.status.word()
        ));
        if let Some(ans) = &a.answer {
            out.push_str(&format!("  your answer: {ans}\n"));
        }
        if a.status == Status::Missing && a.why.is_empty() {
            out.push_str("  not answered\n");
        }
        for w in &a.why {
            for l in w.lines() {
                out.push_str(&format!("  {l}\n"));
            }
        }
    }
    if !g.output.is_empty() {
        out.push_str("\nwhat the file printed when run:\n");
        out.push_str(&g.output);
    }
    out
}
