//! Grading a class (`mex grade KEY STUDENT...`): the key is the teacher's
//! spec, definitions and `check` lines; each of its checks is a question.
//! Each student file runs in a fresh session that holds only the key's
//! definitions, in the sandbox (no file written, no limit raised past the
//! key's). A student's `check` answers a question when it asks the same
//! question (see [`question`]); it is graded in a session of the key's
//! definitions alone, so no definition of the student's can make a wrong
//! answer pass. This module reads and writes no file and looks at no
//! clock: the front end gives it the texts and the watch that ends a run
//! past its time.

pub mod question;
pub mod report;

use crate::diag::Diagnostic;
use crate::engine::Watch;
use crate::session::{Report, Session};
use crate::syntax::ast::StmtKind;
use crate::syntax::parse::parse;
use question::{Asked, asked, starts_with_question};

/// The key, ready to grade with.
pub struct Key {
    pub name: String,
    /// The key's text with its checks left out (blanked, so lines keep
    /// their numbers): its definitions, lets and sets.
    pub defs: String,
    pub questions: Vec<Asked>,
}

/// Why a key cannot be graded with.
#[derive(Debug)]
pub struct KeyError {
    /// The diagnostics, rendered as text.
    pub rendered: String,
    pub message: String,
}

/// How a student answered one question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Ok,
    Fail,
    Missing,
    Error,
}

impl Status {
    pub fn word(&self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Fail => "fail",
            Status::Missing => "missing",
            Status::Error => "error",
        }
    }
}

/// One question, for one student.
#[derive(Debug, Clone)]
pub struct Answered {
    pub question: String,
    pub status: Status,
    /// The student's line (1-based), where there is one.
    pub line: Option<usize>,
    /// The student's answer as written.
    pub answer: Option<String>,
    /// The key's answer.
    pub expected: String,
    /// Why: a FAIL's explanation, an error's diagnostic (rendered, no colour).
    pub why: Vec<String>,
}

/// One student's grades.
#[derive(Debug, Clone)]
pub struct Graded {
    pub file: String,
    pub answers: Vec<Answered>,
    /// What the student's file printed and reported when run whole (for
    /// the feedback), cut at [`OUTPUT_BYTES`].
    pub output: String,
    /// The run was stopped by the time limit.
    pub timed_out: bool,
}

impl Graded {
    pub fn score(&self) -> usize {
        self.answers
            .iter()
            .filter(|a| a.status == Status::Ok)
            .count()
    }
}

/// What one student's run may print, in bytes, before the rest is left out.
pub const OUTPUT_BYTES: usize = 64 * 1024;

/// Reads the key: its checks must all pass in a fresh session.
pub fn key(name: &str, text: &str, watch: Box<dyn Watch>) -> Result<Key, KeyError> {
    let text = crate::session::normalized(text);
    let parsed = parse(&text);
    let mut session = Session::new(watch);
    let (out, report) = session.run_collect(name, &text);
    if !report.errors.is_empty() || report.failed_checks > 0 || report.interrupted {
        let mut rendered: String = report
            .errors
            .iter()
            .map(|d| session.render(d, false))
            .collect();
        for l in out.iter().filter(|l| l.starts_with("FAIL")) {
            rendered.push_str(l);
            rendered.push('\n');
        }
        let message = if report.interrupted {
            "the key's checks did not finish".to_string()
        } else if !report.errors.is_empty() {
            format!(
                "the key has {} error(s): grading needs a key that runs",
                report.errors.len()
            )
        } else {
            format!(
                "{} of the key's checks fail: grading needs a key whose checks pass",
                report.failed_checks
            )
        };
        return Err(KeyError { rendered, message });
    }
    let questions = asked(&text, &parsed.stmts);
    if questions.is_empty() {
        return Err(KeyError {
            rendered: String::new(),
            message: "the key has no `check` lines: each of them is a question".into(),
        });
    }
    let mut defs = text.to_string();
    for s in &parsed.stmts {
        if matches!(s.kind, StmtKind::Check(_)) {
            blank_out(&mut defs, s.span.clone());
        }
    }
    Ok(Key {
        name: name.to_string(),
        defs,
        questions,
    })
}

/// Replaces a stretch of text by spaces, keeping its line breaks.
fn blank_out(text: &mut String, span: std::ops::Range<usize>) {
    // byte for byte, so the offsets after it stay where they were
    let blanked: String = text[span.clone()]
        .chars()
        .map(|c| {
            if c == '\n' {
                "\n".to_string()
            } else {
                " ".repeat(c.len_utf8())
            }
        })
        .collect();
    text.replace_range(span, &blanked);
}

/// A session holding the key's definitions, in the sandbox.
fn key_session(key: &Key, watch: Box<dyn Watch>) -> Session {
    let mut s = Session::new(watch);
    let _ = s.run(&key.name, &key.defs, &mut |_| {});
    s.store.sandbox = Some(s.store.limits);
    s
}

/// Grades one student's file. `watch` is asked for twice (the whole run,
/// then the grading of the answers); a watch that says stop (the time
/// limit) leaves the questions not yet graded as errors.
pub fn student(
    key: &Key,
    file: &str,
    text: &str,
    watch: &mut dyn FnMut() -> Box<dyn Watch>,
) -> Graded {
    let text = crate::session::normalized(text);
    let parsed = parse(&text);
    let theirs = asked(&text, &parsed.stmts);
    // The whole file, for its diagnostics and the feedback.
    let mut whole = key_session(key, watch());
    let mut output = String::new();
    let report = whole.run(file, &text, &mut |e| {
        if output.len() < OUTPUT_BYTES {
            let mut buf = Vec::new();
            let _ = e.write_text(&mut buf);
            if let crate::session::Event::Error { text, .. } = &e {
                buf.extend_from_slice(text.as_bytes());
            }
            output.push_str(&String::from_utf8_lossy(&buf));
        }
    });
    if output.len() > OUTPUT_BYTES {
        let mut cut = OUTPUT_BYTES;
        while !output.is_char_boundary(cut) {
            cut -= 1;
        }
        output.truncate(cut);
        output.push_str("\n... (the rest of the output is left out)\n");
    }
    let mut timed_out = report.interrupted;
    // Each question, graded in the key's session.
    let mut grader = key_session(key, watch());
    let mut answers = Vec::new();
    for q in &key.questions {
        let mut a = Answered {
            question: q.text.clone(),
            status: Status::Missing,
            line: None,
            answer: None,
            expected: q.answer.clone(),
            why: Vec::new(),
        };
        if let Some(t) = theirs.iter().find(|t| t.key == q.key) {
            a.line = Some(line_of(&text, t.span.start));
            if t.blank {
                a.why.push("not answered (`?`)".into());
            } else if timed_out {
                a.answer = Some(t.answer.clone());
                a.status = Status::Error;
                a.why.push("time limit: the file ran past its time".into());
            } else {
                a.answer = Some(t.answer.clone());
                let (status, why, stopped) = grade_one(&mut grader, file, &text, t);
                a.status = status;
                a.why = why;
                timed_out |= stopped;
            }
        } else if let Some(s) = unparsed_answer(&parsed.stmts, &text, &q.text) {
            a.line = Some(line_of(&text, s.start));
            a.status = Status::Error;
            a.answer = Some(text[s.clone()].trim().to_string());
            a.why = errors_within(&whole, &report, &s);
            if a.why.is_empty() {
                a.why.push("this line does not parse".into());
            }
        }
        answers.push(a);
    }
    Graded {
        file: file.to_string(),
        answers,
        output,
        timed_out,
    }
}

/// Grades one check of a student's in the key's session: the statement as
/// written, placed where it stands in the file (so its diagnostics point
/// at the student's line and column).
fn grade_one(
    grader: &mut Session,
    file: &str,
    text: &str,
    t: &Asked,
) -> (Status, Vec<String>, bool) {
    let mut placed = text[..t.span.start].to_string();
    blank_out(&mut placed, 0..t.span.start);
    placed.push_str(&text[t.span.clone()]);
    let (out, report) = grader.run_collect(file, &placed);
    if report.interrupted {
        return (
            Status::Error,
            vec!["time limit: the file ran past its time".into()],
            true,
        );
    }
    if !report.errors.is_empty() {
        let why = report
            .errors
            .iter()
            .map(|d| grader.render(d, false))
            .collect();
        return (Status::Error, why, false);
    }
    match report.checks.first() {
        Some((_, g)) if g.passed => (Status::Ok, Vec::new(), false),
        Some(_) => (Status::Fail, out.into_iter().skip(1).collect(), false),
        None => (Status::Error, vec!["the check did not run".into()], false),
    }
}

/// The span of a statement that did not parse and starts with the
/// question's text after `check`.
fn unparsed_answer(
    stmts: &[crate::syntax::ast::Stmt],
    text: &str,
    question: &str,
) -> Option<std::ops::Range<usize>> {
    stmts
        .iter()
        .filter(|s| matches!(s.kind, StmtKind::Error(_)))
        .map(|s| s.span.clone())
        .find(|s| {
            text.get(s.clone())
                .is_some_and(|l| starts_with_question(l, question))
        })
}

/// The diagnostics of a run that point into a stretch of its source.
fn errors_within(s: &Session, report: &Report, span: &std::ops::Range<usize>) -> Vec<String> {
    report
        .errors
        .iter()
        .filter(|d: &&Diagnostic| {
            d.span
                .as_ref()
                .is_some_and(|r| r.start >= span.start && r.start <= span.end)
        })
        .map(|d| s.render(d, false))
        .collect()
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// The blank sheet: the key with every answer replaced by `?`.
pub fn sheet(text: &str) -> String {
    let text = crate::session::normalized(text);
    let parsed = parse(&text);
    let mut spans: Vec<std::ops::Range<usize>> = parsed
        .stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Check(c) => Some(match c {
                crate::syntax::ast::Check::Answer { expect_at, .. } => expect_at.clone(),
                crate::syntax::ast::Check::Move(_, h) | crate::syntax::ast::Check::Equiv(_, h) => {
                    h.span.clone()
                }
                crate::syntax::ast::Check::Blank { at, .. } => at.clone(),
            }),
            _ => None,
        })
        .collect();
    spans.sort_by_key(|r| std::cmp::Reverse(r.start));
    let mut out = text.to_string();
    for r in spans {
        out.replace_range(r, "?");
    }
    out
}
