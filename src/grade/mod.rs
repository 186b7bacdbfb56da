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
pub mod normal;
pub mod question;
pub mod report;

use crate::engine::Watch;
use crate::session::Session;
use crate::syntax::ast::{Question, StmtKind};
use crate::syntax::parse::parse;
use normal::Lets;
use question::{Asked, asked, lets, starts_with_question};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// The key, ready to grade with.
pub struct AnswerKey {
    pub name: String,
    /// The key's text with its checks left out (blanked, so lines keep
    /// their numbers): its definitions, lets and sets.
    pub defs: String,
    pub questions: Vec<Asked>,
    /// The key's `let`s, by name (a student's question may use them, or
    /// write out what they name).
    pub lets: Lets,
    /// The names the key defines (games and `let`s): a student who defines
    /// one again is warned.
    pub names: HashSet<String>,
}

/// Why a key cannot be graded with.
#[derive(Debug)]
pub struct KeyError {
    /// The diagnostics, rendered as text.
    pub rendered: String,
    pub message: String,
}

/// How a student answered one question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The question's id: `q1`, `q2`, ... in the key's order.
    pub id: String,
    pub question: String,
    pub status: Status,
    /// The points the question is worth, and those earned (all of them for
    /// `ok`; a part of them for a partial answer where the key allows it).
    pub points: f64,
    pub earned: f64,
    /// What the report adds: the other lines that answered the question.
    pub notes: Vec<String>,
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
    /// The student's id in exports (see [`student_ids`]): the file's stem
    /// until the front end names the class.
    pub student: String,
    /// A late penalty: the days late and the percent taken off the score.
    pub late: Option<Late>,
    /// Warnings for the feedback: a definition of the key's made again.
    pub warnings: Vec<String>,
    pub answers: Vec<Answered>,
    /// What the student's file printed and reported when run whole (for
    /// the feedback), cut at [`OUTPUT_BYTES`].
    pub output: String,
    /// The limit that stopped the run, if one did.
    pub ended: Option<Limit>,
}

/// A late penalty (see `mex grade --late`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Late {
    pub days: f64,
    pub percent: f64,
}

impl Graded {
    /// The points earned, less any late penalty.
    pub fn score(&self) -> f64 {
        let earned: f64 = self.answers.iter().map(|a| a.earned).sum();
        match self.late {
            Some(l) => earned * (1.0 - l.percent.clamp(0.0, 100.0) / 100.0),
            None => earned,
        }
    }

    /// The questions answered right.
    pub fn right(&self) -> usize {
        self.answers
            .iter()
            .filter(|a| a.status == Status::Ok)
            .count()
    }
}

impl AnswerKey {
    /// The points of every question together.
    pub fn total(&self) -> f64 {
        self.questions.iter().map(|q| q.marking.points).sum()
    }

    /// A question as a student's report starts it: ungraded, missing.
    pub fn unanswered(&self, i: usize) -> Answered {
        let q = &self.questions[i];
        Answered {
            id: format!("q{}", i + 1),
            question: q.text.clone(),
            status: Status::Missing,
            points: q.marking.points,
            earned: 0.0,
            notes: Vec::new(),
            line: None,
            answer: None,
            expected: q.answer.clone(),
            why: Vec::new(),
        }
    }
}

/// What one student's run may print, in bytes, before the rest is left out.
pub const OUTPUT_BYTES: usize = 64 * 1024;

/// Reads the key: its checks must all pass in a fresh session.
pub fn key(name: &str, text: &str, watch: Box<dyn Watch>) -> Result<AnswerKey, KeyError> {
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
pub fn prepare(name: &str, text: &str) -> Result<AnswerKey, KeyError> {
    let text = crate::session::normalized(text);
    let parsed = parse(&text);
    let key_lets = lets(&parsed.stmts);
    let questions = asked(&text, &parsed.stmts, &key_lets);
    if let Some(message) = asked_twice(&text, &questions) {
        return Err(KeyError {
            rendered: String::new(),
            message,
        });
    }
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
    Ok(AnswerKey {
        name: name.to_string(),
        defs,
        questions,
        lets: key_lets,
        names: defined_names(&parsed.stmts),
    })
}

/// The games and `let`s a source defines, by name.
fn defined_names(stmts: &[crate::syntax::ast::Stmt]) -> HashSet<String> {
    stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Game { name, .. } | StmtKind::Let(name, _) => Some(name.text.clone()),
            _ => None,
        })
        .collect()
}

/// A key that asks one question twice cannot be graded with: which line
/// would a student's answer be graded against? The message names both.
fn asked_twice(text: &str, questions: &[Asked]) -> Option<String> {
    for (i, q) in questions.iter().enumerate() {
        if let Some(other) = questions[..i].iter().find(|o| o.key == q.key) {
            return Some(format!(
                "the key asks `{}` twice, on lines {} and {}: keep one of them",
                q.text,
                line_of(text, other.span.start),
                line_of(text, q.span.start)
            ));
        }
    }
    None
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
fn key_session(key: &AnswerKey, watch: Box<dyn Watch>) -> Session {
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
    /// Warnings for the feedback (a definition of the key's made again).
    Warnings { warnings: Vec<String> },
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
    warnings: Vec<String>,
    output: String,
    done: Option<Option<Limit>>,
}

impl Partial {
    pub fn new(key: &AnswerKey) -> Partial {
        Partial {
            asked: vec![None; key.questions.len()],
            graded: vec![None; key.questions.len()],
            warnings: Vec::new(),
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
            Step::Warnings { warnings } => self.warnings.extend(warnings),
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
    pub fn finish(self, key: &AnswerKey, file: &str, cut: Option<Cut>) -> Graded {
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
        let answers = self
            .graded
            .into_iter()
            .zip(self.asked)
            .enumerate()
            .map(|(i, (graded, asked))| match graded {
                Some(a) => a,
                None => {
                    let mut a = asked.unwrap_or_else(|| key.unanswered(i));
                    a.status = Status::Error;
                    a.earned = 0.0;
                    a.why = vec![why.clone()];
                    a
                }
            })
            .collect();
        Graded {
            file: file.to_string(),
            student: stem(file),
            late: None,
            warnings: self.warnings,
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
    key: &AnswerKey,
    file: &str,
    text: &str,
    watch: &mut dyn FnMut() -> Box<dyn Watch>,
) -> Graded {
    let mut partial = Partial::new(key);
    student_steps(key, file, text, watch, &mut |s| partial.take(s));
    partial.finish(key, file, None)
}

/// Grades one student's file as [`student`] does, giving each step to
/// `step` as soon as it is done: the warnings, then every question that
/// needs no grading (not answered, a line that does not parse, a check one
/// edit from the question, an answer that restates it), then each answer
/// graded in the key's order, then what the file prints when run whole,
/// then [`Step::Done`].
pub fn student_steps(
    key: &AnswerKey,
    file: &str,
    text: &str,
    watch: &mut dyn FnMut() -> Box<dyn Watch>,
    step: &mut dyn FnMut(Step),
) {
    let text = crate::session::normalized(text);
    let parsed = parse(&text);
    let (theirs_lets, warnings) = student_lets(key, &parsed.stmts, &text);
    if !warnings.is_empty() {
        step(Step::Warnings { warnings });
    }
    let theirs = asked(&text, &parsed.stmts, &theirs_lets);
    let ctx = Theirs {
        text: &text,
        stmts: &parsed.stmts,
        lets: &theirs_lets,
    };
    let mut grader = key_session(key, watch());
    let mut used = vec![false; theirs.len()];
    let (to_grade, unanswered) = match_answers(key, &ctx, &theirs, &mut used, step);
    for (index, mut a) in unanswered {
        near_answer(
            key,
            file,
            &ctx,
            &theirs,
            &mut used,
            &mut grader,
            index,
            &mut a,
        );
        step(Step::Graded { index, answered: a });
    }
    // Each answer, graded in the key's session.
    let mut timed_out = false;
    for (index, t, mut a) in to_grade {
        if timed_out {
            a.status = Status::Error;
            a.why = vec![Limit::Time.why().into()];
        } else {
            let g = grade_one(&mut grader, file, &ctx, t);
            a.status = g.status;
            a.why = g.why;
            a.earned = credit(&key.questions[index], g.status, g.share);
            timed_out |= g.stopped;
        }
        step(Step::Graded { index, answered: a });
    }
    drop(grader);
    // The whole file, for its diagnostics and the feedback.
    if !timed_out {
        timed_out = run_whole(key, file, &text, watch, step);
    }
    step(Step::Done {
        ended: timed_out.then_some(Limit::Time),
    });
}

/// An answer to grade: the question's index, the line that answers it,
/// and the answer so far.
type ToGrade<'t> = (usize, &'t Asked, Answered);

/// Each question's answer: the last line that asks it (lines still
/// holding `?` answer nothing); those that need no grading are given to
/// `step` at once. Gives the answers to grade and the questions no line
/// asks; marks in `used` the lines that ask a question.
fn match_answers<'t>(
    key: &AnswerKey,
    ctx: &Theirs,
    theirs: &'t [Asked],
    used: &mut [bool],
    step: &mut dyn FnMut(Step),
) -> (Vec<ToGrade<'t>>, Vec<(usize, Answered)>) {
    let text = ctx.text;
    let mut to_grade = Vec::new();
    let mut unanswered = Vec::new();
    for (index, q) in key.questions.iter().enumerate() {
        let mut a = key.unanswered(index);
        let mine: Vec<usize> = (0..theirs.len())
            .filter(|&j| theirs[j].key == q.key)
            .collect();
        for &j in &mine {
            used[j] = true;
        }
        let answered: Vec<usize> = mine.iter().copied().filter(|&j| !theirs[j].blank).collect();
        let Some((&j, earlier)) = answered.split_last() else {
            match mine.first() {
                Some(&j) => {
                    a.line = Some(line_of(text, theirs[j].span.start));
                    a.why.push("not answered (`?`)".into());
                    step(Step::Graded { index, answered: a });
                }
                None => unanswered.push((index, a)),
            }
            continue;
        };
        let t = &theirs[j];
        a.line = Some(line_of(text, t.span.start));
        a.answer = Some(t.answer.clone());
        if !earlier.is_empty() {
            let lines: Vec<String> = earlier
                .iter()
                .map(|&e| line_of(text, theirs[e].span.start).to_string())
                .collect();
            a.notes.push(format!(
                "also answered on line{} {}: the last answer counts",
                if lines.len() == 1 { "" } else { "s" },
                lines.join(", ")
            ));
        }
        if let Some(why) = restates(q, t, ctx.lets) {
            a.status = Status::Fail;
            a.why.push(why);
            step(Step::Graded { index, answered: a });
            continue;
        }
        a.status = Status::Error;
        step(Step::Asked {
            index,
            answered: a.clone(),
        });
        to_grade.push((index, t, a));
    }
    (to_grade, unanswered)
}

/// A question no line asked: a check one edit away from it, or a line
/// that does not parse but starts with it, answers it as an error.
#[allow(clippy::too_many_arguments)]
fn near_answer(
    key: &AnswerKey,
    file: &str,
    ctx: &Theirs,
    theirs: &[Asked],
    used: &mut [bool],
    grader: &mut Session,
    index: usize,
    a: &mut Answered,
) {
    let text = ctx.text;
    let q = &key.questions[index];
    if let Some(j) = (0..theirs.len())
        .find(|&j| !used[j] && !theirs[j].blank && one_edit(&theirs[j].text, &q.text))
    {
        used[j] = true;
        let t = &theirs[j];
        a.line = Some(line_of(text, t.span.start));
        a.status = Status::Error;
        a.answer = Some(t.answer.clone());
        a.why.push(format!(
            "did you mean {}: {}? `{}` is not a question of the sheet",
            a.id, q.text, t.text
        ));
    } else if let Some(s) = unparsed_answer(ctx.stmts, text, &q.text) {
        a.line = Some(line_of(text, s.start));
        a.status = Status::Error;
        a.answer = Some(text[s.clone()].trim().to_string());
        // the line alone, where it stands: its diagnostics
        let (_, report) = grader.run_collect(file, &placed(text, s.clone()));
        a.why = report
            .errors
            .iter()
            .map(|d| grader.render(d, false))
            .collect();
        if a.why.is_empty() {
            a.why.push("this line does not parse".into());
        }
    }
}

/// Runs the student's file whole in the key's session, giving what it
/// prints to `step` (up to OUTPUT_BYTES); whether the run was stopped.
fn run_whole(
    key: &AnswerKey,
    file: &str,
    text: &str,
    watch: &mut dyn FnMut() -> Box<dyn Watch>,
    step: &mut dyn FnMut(Step),
) -> bool {
    let mut whole = key_session(key, watch());
    let mut kept = 0;
    let mut full = false;
    let report = whole.run(file, text, &mut |e| {
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
    report.interrupted
}

/// A statement alone where it stands in its file: the text before it
/// blanked, so that its diagnostics point at its line and column.
fn placed(text: &str, span: std::ops::Range<usize>) -> String {
    let mut placed = text[..span.start].to_string();
    blank_out(&mut placed, 0..span.start);
    placed.push_str(&text[span]);
    placed
}

/// A student's source, as grading reads it.
struct Theirs<'a> {
    text: &'a str,
    stmts: &'a [crate::syntax::ast::Stmt],
    /// The `let`s the student's questions may use: the key's, and the
    /// student's own that define no name of the key's.
    lets: &'a Lets,
}

/// The student's `let`s that questions may use, with the key's, and a
/// warning for each definition of a name the key defines (the key's stays
/// in force for grading).
fn student_lets(
    key: &AnswerKey,
    stmts: &[crate::syntax::ast::Stmt],
    text: &str,
) -> (Lets, Vec<String>) {
    let mut all = key.lets.clone();
    let mut warnings = Vec::new();
    for s in stmts {
        let (name, what) = match &s.kind {
            StmtKind::Game { name, .. } => (name, "game"),
            StmtKind::Let(name, _) => (name, "let"),
            _ => continue,
        };
        if key.names.contains(&name.text) {
            warnings.push(format!(
                "line {}: `{}` is defined by the key; your `{what} {}` is not used for grading (the key's is)",
                line_of(text, s.span.start),
                name.text,
                name.text
            ));
        } else if let StmtKind::Let(n, e) = &s.kind {
            all.insert(n.text.clone(), e.clone());
        }
    }
    (all, warnings)
}

/// An `equiv` answer that restates the question earns nothing: where the
/// key's answer is a nimber or a number, the student's must be one; and
/// in any case it may not name a game the question names.
fn restates(q: &Asked, t: &Asked, lets: &Lets) -> Option<String> {
    use crate::syntax::ast::Check;
    let (Check::Equiv(asked, theirs), Check::Equiv(_, keys)) = (&t.check, &q.check) else {
        return None;
    };
    let theirs_n = normal::expr(theirs, lets, &HashSet::new(), 0);
    let mut in_question = HashSet::new();
    normal::names(
        &normal::expr(asked, lets, &HashSet::new(), 0),
        &mut in_question,
    );
    let mut in_answer = HashSet::new();
    normal::names(&theirs_n, &mut in_answer);
    let value_asked = normal::is_value(&normal::expr(keys, lets, &HashSet::new(), 0));
    let restated = in_answer.iter().any(|n| in_question.contains(n));
    (restated || (value_asked && !normal::is_value(&theirs_n))).then(|| {
        format!(
            "the answer must be a nimber or a number: `{}` {}",
            t.answer,
            if restated {
                "restates the question"
            } else {
                "is not one"
            }
        )
    })
}

/// Whether a student's question is one edit (a letter added, left out,
/// changed, or two swapped) from a key's, spaces aside.
fn one_edit(theirs: &str, keys: &str) -> bool {
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    strsim::osa_distance(&squeeze(theirs), &squeeze(keys)) <= 1
}

/// The points an answer earns: all for `ok`; for a partial answer, its
/// share where the key gives partial credit.
fn credit(q: &Asked, status: Status, share: (u64, u64)) -> f64 {
    let points = q.marking.points;
    match status {
        Status::Ok => points,
        Status::Fail if q.marking.partial && share.1 > 0 => {
            points * share.0 as f64 / share.1 as f64
        }
        _ => 0.0,
    }
}

/// How one check was graded.
struct One {
    status: Status,
    why: Vec<String>,
    /// The share of it that is right (see [`crate::query::Graded::share`]).
    share: (u64, u64),
    /// The time limit stopped it.
    stopped: bool,
}

/// Grades one check of a student's in the key's session: the statement as
/// written, placed where it stands in the file (so its diagnostics point
/// at the student's line and column), after the student's `let`s it uses.
fn grade_one(grader: &mut Session, file: &str, theirs: &Theirs, t: &Asked) -> One {
    let text = theirs.text;
    let mut placed = placed(text, t.span.clone());
    for span in needed_lets(theirs, t) {
        placed.replace_range(span.clone(), &text[span]);
    }
    let (out, report) = grader.run_collect(file, &placed);
    let one = |status, why, share, stopped| One {
        status,
        why,
        share,
        stopped,
    };
    if report.interrupted {
        return one(Status::Error, vec![Limit::Time.why().into()], (0, 1), true);
    }
    if !report.errors.is_empty() {
        let why = report
            .errors
            .iter()
            .map(|d| grader.render(d, false))
            .collect();
        return one(Status::Error, why, (0, 1), false);
    }
    match report.checks.first() {
        Some((_, g)) if g.passed => one(Status::Ok, Vec::new(), (1, 1), false),
        Some((_, g)) => one(
            Status::Fail,
            out.into_iter().skip(1).collect(),
            g.share,
            false,
        ),
        None => one(
            Status::Error,
            vec!["the check did not run".into()],
            (0, 1),
            false,
        ),
    }
}

/// The spans of the student's `let` statements a check uses, directly or
/// through other `let`s, before it (those that define no name of the key's).
fn needed_lets(theirs: &Theirs, t: &Asked) -> Vec<std::ops::Range<usize>> {
    use crate::syntax::ast::Check;
    let mut want = HashSet::new();
    match &t.check {
        Check::Answer { query, .. } => {
            if let Question::Answer(q) =
                normal::question(&Question::Answer((**query).clone()), &Lets::new())
            {
                query_names(&q, &mut want);
            }
        }
        Check::Move(g, h) | Check::Equiv(g, h) | Check::MisereEquiv(g, h) => {
            normal::names(g, &mut want);
            normal::names(h, &mut want);
        }
        Check::Blank { .. } => {}
    }
    let mut spans = Vec::new();
    // the lets before the check, last first, each adding the names it uses
    for s in theirs
        .stmts
        .iter()
        .rev()
        .filter(|s| s.span.end <= t.span.start)
    {
        if let StmtKind::Let(n, e) = &s.kind
            && want.remove(&n.text)
            && theirs.lets.get(&n.text) == Some(e)
        {
            normal::names(e, &mut want);
            spans.push(s.span.clone());
        }
    }
    spans
}

/// The names the expressions of a query use.
fn query_names(q: &crate::syntax::ast::Query, out: &mut HashSet<String>) {
    use crate::syntax::ast::Query as Q;
    match q {
        Q::Grundy(e)
        | Q::Outcome(e)
        | Q::MisereOutcome(e)
        | Q::MisereGrundy(e)
        | Q::MisereMoves(e)
        | Q::MisereExplain(e)
        | Q::MisereForm(_, e)
        | Q::Genus(e)
        | Q::Moves(e)
        | Q::Explain(e)
        | Q::Mex(e) => normal::names(e, out),
        Q::Equiv(a, b) => {
            normal::names(a, out);
            normal::names(b, out);
        }
        _ => {}
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

/// A file's name without its folders and its last extension.
fn stem(file: &str) -> String {
    let name = file.rsplit(['/', '\\']).next().unwrap_or(file);
    match name.rsplit_once('.') {
        Some((s, _)) if !s.is_empty() => s.to_string(),
        _ => name.to_string(),
    }
}

/// The students' ids, from their files' paths: the first folder of each
/// path under the folder all of them share (`class/alice/hw.mex` and
/// `class/bob/hw.mex` are `alice` and `bob`), or, for a file right in it,
/// the file's stem (`class/carol.mex` is `carol`).
pub fn student_ids(files: &[String]) -> Vec<String> {
    let parts: Vec<Vec<&str>> = files
        .iter()
        .map(|f| {
            f.split(['/', '\\'])
                .filter(|p| !p.is_empty() && *p != ".")
                .collect()
        })
        .collect();
    // the folders every path starts with
    let mut common = parts.first().map_or(0, |p| p.len().saturating_sub(1));
    for p in &parts {
        let shared = parts[0]
            .iter()
            .zip(p.iter())
            .take(p.len().saturating_sub(1))
            .take_while(|(a, b)| a == b)
            .count();
        common = common.min(shared);
    }
    files
        .iter()
        .zip(&parts)
        .map(|(f, p)| match &p[common.min(p.len())..] {
            [folder, _, ..] => (*folder).to_string(),
            _ => stem(f),
        })
        .collect()
}

/// The blank sheet: the key with every answer replaced by `?`, the comment
/// at the end of each `check` line left out (a key's comments there often
/// hold the working, and its marks), and so is every comment the key marks
/// as the teacher's: a line whose comment starts with `##`.
pub fn sheet(text: &str) -> String {
    let text = crate::session::normalized(text);
    let parsed = parse(&text);
    let mut cuts: Vec<(std::ops::Range<usize>, &str)> = Vec::new();
    for s in &parsed.stmts {
        let StmtKind::Check(c) = &s.kind else {
            continue;
        };
        let answer = match c {
            crate::syntax::ast::Check::Answer { expect_at, .. } => expect_at.clone(),
            crate::syntax::ast::Check::Move(_, h)
            | crate::syntax::ast::Check::Equiv(_, h)
            | crate::syntax::ast::Check::MisereEquiv(_, h) => h.span.clone(),
            crate::syntax::ast::Check::Blank { at, .. } => at.clone(),
        };
        cuts.push((answer, "?"));
        if let Some(comment) = question::trailing_comment(&text, s.span.end) {
            // from the end of the statement to the end of the comment
            let end = comment.as_ptr() as usize - text.as_ptr() as usize + comment.len();
            cuts.push((s.span.end..end, ""));
        }
    }
    // the teacher's comments: `##` to the end of the line
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if let Some(i) = teacher_comment(line) {
            let body = line.trim_end_matches(['\n', '\r']).len();
            let start = if line[..i].trim().is_empty() {
                0
            } else {
                line[..i].trim_end().len()
            };
            let end = if start == 0 { line.len() } else { body };
            cuts.push((at + start..at + end, ""));
        }
        at += line.len();
    }
    cuts.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    let mut out = text.to_string();
    let mut last = usize::MAX;
    for (r, with) in cuts {
        // of two cuts that overlap, the later one (already made) stands
        if r.end > last {
            continue;
        }
        last = r.start;
        out.replace_range(r, with);
    }
    out
}

/// Where a line's teacher comment (`##`) starts, outside strings.
fn teacher_comment(line: &str) -> Option<usize> {
    let mut in_string = false;
    let b = line.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'"' => in_string = !in_string,
            b'#' if !in_string => return (b.get(i + 1) == Some(&b'#')).then_some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(q: &str, status: Status) -> Answered {
        Answered {
            id: "q0".into(),
            question: q.into(),
            status,
            points: 1.0,
            earned: if status == Status::Ok { 1.0 } else { 0.0 },
            notes: Vec::new(),
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
        assert_eq!(g.score(), 1.0);
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
                Step::Warnings { .. } => "warnings".into(),
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
