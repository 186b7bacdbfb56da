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
//!
//! Grading one student reports each step as it is done ([`Step`]), so that
//! a front end that runs it in a process of its own keeps every answer
//! graded before the process was stopped ([`Partial`]). The answers are
//! graded first, then the file is run whole for the feedback: slow lines
//! after the answers cannot take them away.

pub mod clean;
pub mod question;
pub mod report;

use crate::engine::Watch;
use crate::session::Session;
use crate::syntax::ast::StmtKind;
use crate::syntax::parse::parse;
use question::{Asked, asked, starts_with_question};
use serde::{Deserialize, Serialize};

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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
#[derive(Debug, Clone, Serialize, Deserialize)]
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

/// The limit that ended a student's run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Limit {
    Time,
    Memory,
}

impl Limit {
    /// The why of a question the limit left ungraded.
    pub fn why(self) -> &'static str {
        match self {
            Limit::Time => "time limit: the file ran past its time",
            Limit::Memory => "memory limit: the file used more memory than it may",
        }
    }
}

/// One student's grades.
#[derive(Debug, Clone)]
pub struct Graded {
    pub file: String,
    pub answers: Vec<Answered>,
    /// What the student's file printed and reported when run whole (for
    /// the feedback), cut at [`OUTPUT_BYTES`].
    pub output: String,
    /// The limit that stopped the run, if one did.
    pub ended: Option<Limit>,
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
    prepare(name, &text)
}

/// The key as [`key`] reads it, without running its checks: for a key
/// already read once (the process that grades one student is handed the
/// key's text).
pub fn prepare(name: &str, text: &str) -> Result<Key, KeyError> {
    let text = crate::session::normalized(text);
    let parsed = parse(&text);
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

/// A step of grading one student, reported as soon as it is done (the
/// messages a grading process sends: see [`Partial`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Step {
    /// Question `index` (of the key's, from 0) is answered on a line and
    /// about to be graded: if the run ends before [`Step::Graded`] comes
    /// for it, this is what the student wrote.
    Asked { index: usize, answered: Answered },
    /// Question `index` is graded: its status is final.
    Graded { index: usize, answered: Answered },
    /// More of what the file printed when run whole.
    Output { text: String },
    /// Grading ended; `ended` is the limit that stopped the run, if one did.
    Done { ended: Option<Limit> },
}

/// Why a student's run ended before its last step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cut {
    /// A limit stopped it.
    Limit(Limit),
    /// It failed some other way (the why says how).
    Failed(String),
}

/// A student's grades as the steps came: the answers graded so far are
/// kept whatever ends the run.
#[derive(Debug, Clone)]
pub struct Partial {
    asked: Vec<Option<Answered>>,
    graded: Vec<Option<Answered>>,
    output: String,
    done: Option<Option<Limit>>,
}

impl Partial {
    pub fn new(key: &Key) -> Partial {
        Partial {
            asked: vec![None; key.questions.len()],
            graded: vec![None; key.questions.len()],
            output: String::new(),
            done: None,
        }
    }

    /// Takes a step in; a step that names no question of the key is left
    /// out.
    pub fn take(&mut self, step: Step) {
        match step {
            Step::Asked { index, answered } => {
                if let Some(slot) = self.asked.get_mut(index) {
                    *slot = Some(answered);
                }
            }
            Step::Graded { index, answered } => {
                if let Some(slot) = self.graded.get_mut(index) {
                    *slot = Some(answered);
                }
            }
            Step::Output { text } => {
                if self.output.len() < OUTPUT_BYTES + 1024 {
                    self.output.push_str(&text);
                }
            }
            Step::Done { ended } => self.done = Some(ended),
        }
    }

    /// Whether the last step came.
    pub fn is_done(&self) -> bool {
        self.done.is_some()
    }

    /// The grades: each question graded is kept; one not graded is an
    /// error, why the run ended (`cut`, or if none the run's own end
    /// after its last step; a run that ended before its last step and
    /// without a cut failed).
    pub fn finish(self, key: &Key, file: &str, cut: Option<Cut>) -> Graded {
        let cut = match (cut, self.done) {
            (Some(c), _) => Some(c),
            (None, Some(None)) => None,
            (None, Some(Some(l))) => Some(Cut::Limit(l)),
            (None, None) => Some(Cut::Failed(
                "the grading of this file did not finish".into(),
            )),
        };
        let why = match &cut {
            Some(Cut::Limit(l)) => l.why().to_string(),
            Some(Cut::Failed(w)) => w.clone(),
            None => "the question was not graded".to_string(),
        };
        let answers = key
            .questions
            .iter()
            .zip(self.graded.into_iter().zip(self.asked))
            .map(|(q, (graded, asked))| match graded {
                Some(a) => a,
                None => {
                    let mut a = asked.unwrap_or_else(|| Answered {
                        question: q.text.clone(),
                        status: Status::Error,
                        line: None,
                        answer: None,
                        expected: q.answer.clone(),
                        why: Vec::new(),
                    });
                    a.status = Status::Error;
                    a.why = vec![why.clone()];
                    a
                }
            })
            .collect();
        Graded {
            file: file.to_string(),
            answers,
            output: self.output,
            ended: match cut {
                Some(Cut::Limit(l)) => Some(l),
                _ => None,
            },
        }
    }
}

/// Grades one student's file. `watch` is asked for a watch for each run
/// (the answers graded, then the file whole); one that says stop (the
/// time limit) leaves the questions not yet graded as errors.
pub fn student(
    key: &Key,
    file: &str,
    text: &str,
    watch: &mut dyn FnMut() -> Box<dyn Watch>,
) -> Graded {
    let mut partial = Partial::new(key);
    student_steps(key, file, text, watch, &mut |s| partial.take(s));
    partial.finish(key, file, None)
}

/// Grades one student's file as [`student`] does, giving each step to
/// `step` as soon as it is done: first every question that needs no
/// grading (not answered, a line that does not parse), then each answer
/// graded in the key's order, then what the file prints when run whole,
/// then [`Step::Done`].
pub fn student_steps(
    key: &Key,
    file: &str,
    text: &str,
    watch: &mut dyn FnMut() -> Box<dyn Watch>,
    step: &mut dyn FnMut(Step),
) {
    let text = crate::session::normalized(text);
    let parsed = parse(&text);
    let theirs = asked(&text, &parsed.stmts);
    let mut grader = key_session(key, watch());
    // What needs no grading, at once.
    let mut to_grade = Vec::new();
    for (index, q) in key.questions.iter().enumerate() {
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
            } else {
                a.answer = Some(t.answer.clone());
                a.status = Status::Error;
                step(Step::Asked {
                    index,
                    answered: a.clone(),
                });
                to_grade.push((index, t, a));
                continue;
            }
        } else if let Some(s) = unparsed_answer(&parsed.stmts, &text, &q.text) {
            a.line = Some(line_of(&text, s.start));
            a.status = Status::Error;
            a.answer = Some(text[s.clone()].trim().to_string());
            // the line alone, where it stands: its diagnostics
            let (_, report) = grader.run_collect(file, &placed(&text, s.clone()));
            a.why = report
                .errors
                .iter()
                .map(|d| grader.render(d, false))
                .collect();
            if a.why.is_empty() {
                a.why.push("this line does not parse".into());
            }
        }
        step(Step::Graded { index, answered: a });
    }
    // Each answer, graded in the key's session.
    let mut timed_out = false;
    for (index, t, mut a) in to_grade {
        if timed_out {
            a.status = Status::Error;
            a.why = vec![Limit::Time.why().into()];
        } else {
            let (status, why, stopped) = grade_one(&mut grader, file, &text, t);
            a.status = status;
            a.why = why;
            timed_out |= stopped;
        }
        step(Step::Graded { index, answered: a });
    }
    drop(grader);
    // The whole file, for its diagnostics and the feedback.
    if !timed_out {
        let mut whole = key_session(key, watch());
        let mut kept = 0;
        let mut full = false;
        let report = whole.run(file, &text, &mut |e| {
            if full {
                return;
            }
            let mut buf = Vec::new();
            let _ = e.write_text(&mut buf);
            if let crate::session::Event::Error { text, .. } = &e {
                buf.extend_from_slice(text.as_bytes());
            }
            let mut piece = String::from_utf8_lossy(&buf).into_owned();
            if kept + piece.len() > OUTPUT_BYTES {
                let mut cut = OUTPUT_BYTES - kept;
                while !piece.is_char_boundary(cut) {
                    cut -= 1;
                }
                piece.truncate(cut);
                piece.push_str("\n... (the rest of the output is left out)\n");
                full = true;
            }
            kept += piece.len();
            if !piece.is_empty() {
                step(Step::Output { text: piece });
            }
        });
        timed_out = report.interrupted;
    }
    step(Step::Done {
        ended: timed_out.then_some(Limit::Time),
    });
}

/// A statement alone where it stands in its file: the text before it
/// blanked, so that its diagnostics point at its line and column.
fn placed(text: &str, span: std::ops::Range<usize>) -> String {
    let mut placed = text[..span.start].to_string();
    blank_out(&mut placed, 0..span.start);
    placed.push_str(&text[span]);
    placed
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
    let (out, report) = grader.run_collect(file, &placed(text, t.span.clone()));
    if report.interrupted {
        return (Status::Error, vec![Limit::Time.why().into()], true);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(q: &str, status: Status) -> Answered {
        Answered {
            question: q.into(),
            status,
            line: Some(1),
            answer: Some("2".into()),
            expected: "2".into(),
            why: Vec::new(),
        }
    }

    #[test]
    fn a_run_cut_short_keeps_what_it_graded() {
        let key = prepare(
            "key",
            "check grundy *2 == 2\ncheck grundy *3 == 3\ncheck grundy *4 == 4\n",
        )
        .expect("a key");
        let mut p = Partial::new(&key);
        p.take(Step::Graded {
            index: 0,
            answered: answered("grundy *2", Status::Ok),
        });
        p.take(Step::Asked {
            index: 1,
            answered: answered("grundy *3", Status::Error),
        });
        p.take(Step::Graded {
            index: 9,
            answered: answered("nothing", Status::Ok),
        });
        let g = p
            .clone()
            .finish(&key, "s.mex", Some(Cut::Limit(Limit::Memory)));
        assert_eq!(g.score(), 1);
        assert_eq!(g.ended, Some(Limit::Memory));
        assert_eq!(g.answers[1].status, Status::Error);
        assert_eq!(g.answers[1].line, Some(1), "what the student wrote is kept");
        assert_eq!(g.answers[1].why, [Limit::Memory.why()]);
        assert_eq!(g.answers[2].line, None);
        assert_eq!(g.answers[2].why, [Limit::Memory.why()]);
        // no cut and no last step: the run failed
        let g = p.finish(&key, "s.mex", None);
        assert!(
            g.answers[2].why[0].contains("did not finish"),
            "{:?}",
            g.answers[2]
        );
        assert_eq!(g.ended, None);
    }

    #[test]
    fn the_steps_come_answers_first_then_the_output() {
        let key = prepare(
            "key",
            "check grundy *2 == 2\ncheck grundy *3 == 3\ncheck grundy *4 == 4\n",
        )
        .expect("a key");
        let mut steps = Vec::new();
        student_steps(
            &key,
            "s.mex",
            "grundy *7\ncheck grundy *3 == 3\ncheck grundy *2 == 1\n",
            &mut || Box::new(crate::engine::Quiet),
            &mut |s| steps.push(s),
        );
        let kinds: Vec<String> = steps
            .iter()
            .map(|s| match s {
                Step::Asked { index, .. } => format!("asked {index}"),
                Step::Graded { index, answered } => {
                    format!("graded {index} {}", answered.status.word())
                }
                Step::Output { .. } => "output".into(),
                Step::Done { ended } => format!("done {ended:?}"),
            })
            .collect();
        assert_eq!(
            kinds[..6],
            [
                "asked 0",
                "asked 1",
                "graded 2 missing",
                "graded 0 fail",
                "graded 1 ok",
                "output"
            ]
        );
        assert_eq!(kinds.last().map(String::as_str), Some("done None"));
    }
}
