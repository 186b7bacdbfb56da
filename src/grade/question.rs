//! The questions of a sheet: what each `check` asks, in a form that two
//! ways of writing the same question share (spaces, layout and redundant
//! brackets do not matter: brackets leave no node in the syntax tree), and
//! where its answer is written.

use super::normal::{self, Lets};
use crate::syntax::ast::{Check, Stmt, StmtKind};
use std::ops::Range;

/// One `check` statement of a source, taken apart.
#[derive(Debug, Clone)]
pub struct Asked {
    /// The question's canonical form (see [`canonical`]).
    pub key: String,
    /// The question as written: the statement's text from after `check` up
    /// to its answer.
    pub text: String,
    /// The statement, and its answer (empty for `?`).
    pub span: Range<usize>,
    pub answer: String,
    /// The answer is `?`: not answered.
    pub blank: bool,
    /// The check, parsed.
    pub check: Check,
    /// The points a key gives the question, from a `points: N` in the
    /// comment at the end of its line (1 by default), and whether it gives
    /// partial credit (`points: N, partial`).
    pub marking: Marking,
}

/// What a question of the key is worth.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Marking {
    pub points: f64,
    pub partial: bool,
}

impl Default for Marking {
    fn default() -> Self {
        Marking {
            points: 1.0,
            partial: false,
        }
    }
}

/// The checks of a parsed source; `lets` are the `let` names its
/// questions may use, each read as what it names.
pub fn asked(src: &str, stmts: &[Stmt], lets: &Lets) -> Vec<Asked> {
    stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Check(c) => Some(one(src, s, c, lets)),
            _ => None,
        })
        .collect()
}

/// The `let` definitions of a parsed source, by name (the last of each).
pub fn lets(stmts: &[Stmt]) -> Lets {
    stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Let(n, e) => Some((n.text.clone(), e.clone())),
            _ => None,
        })
        .collect()
}

/// The comment at the end of the line where a statement ends, without its
/// `#`: `None` when the line has none.
pub fn trailing_comment(src: &str, stmt_end: usize) -> Option<&str> {
    let end = stmt_end.min(src.len());
    let line_end = src[end..].find('\n').map_or(src.len(), |i| end + i);
    let rest = &src[end..line_end];
    let hash = rest.find('#')?;
    // only spaces (or a `;`) between the statement and its comment
    rest[..hash]
        .chars()
        .all(|c| c.is_whitespace() || c == ';')
        .then(|| rest[hash + 1..].trim())
}

/// The marking a key's comment gives: `points: 3`, `points: 4, partial`
/// (anywhere in the comment, in any case; `point` too).
pub fn marking(comment: Option<&str>) -> Marking {
    let Some(c) = comment else {
        return Marking::default();
    };
    let lower = c.to_ascii_lowercase();
    let Some(at) = lower
        .find("points:")
        .map(|i| i + 7)
        .or_else(|| lower.find("point:").map(|i| i + 6))
    else {
        return Marking::default();
    };
    let rest = lower[at..].trim_start();
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let points = digits
        .parse::<f64>()
        .ok()
        .filter(|p| p.is_finite() && *p >= 0.0);
    let after = &rest[digits.len()..];
    Marking {
        points: points.unwrap_or(1.0),
        partial: after
            .trim_start()
            .strip_prefix(',')
            .is_some_and(|r| r.trim_start().starts_with("partial")),
    }
}

/// A question's text with its line breaks and runs of spaces made one
/// space (a question written over two lines is one line in a table).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn one(src: &str, stmt: &Stmt, c: &Check, lets: &Lets) -> Asked {
    let slice = |r: &Range<usize>| src.get(r.clone()).unwrap_or("").trim().to_string();
    let answer_at = match c {
        Check::Answer { expect_at, .. } => expect_at.clone(),
        Check::Move(_, h) | Check::Equiv(_, h) | Check::MisereEquiv(_, h) => h.span.clone(),
        Check::Blank { at, .. } => at.clone(),
    };
    let whole = slice(&stmt.span);
    let start = stmt.span.start;
    // the question: after `check`, before the answer and its `==`, `->`, `,`
    let question = src
        .get(start..answer_at.start.max(start))
        .unwrap_or("")
        .trim();
    let question = question.strip_prefix("check").unwrap_or(question).trim();
    let question = question
        .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '=' | '-' | '>' | ','))
        .to_string();
    Asked {
        key: canonical(&format!("{:?}", normal::question(&c.question(), lets))),
        text: one_line(if question.is_empty() {
            &whole
        } else {
            &question
        }),
        span: stmt.span.clone(),
        answer: if matches!(c, Check::Blank { .. }) {
            String::new()
        } else {
            slice(&answer_at)
        },
        blank: matches!(c, Check::Blank { .. }),
        check: c.clone(),
        marking: marking(trailing_comment(src, stmt.span.end)),
    }
}

/// The syntax tree's debug form without its byte spans (every `a..b` of
/// digits in it is a span: the language's own ranges are nodes with named
/// fields).
pub fn canonical(debug: &str) -> String {
    let b = debug.as_bytes();
    let mut out = String::with_capacity(debug.len());
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if b[j..].starts_with(b"..") {
                let mut k = j + 2;
                let digits = k;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                if k > digits {
                    out.push('~');
                    i = k;
                    continue;
                }
            }
            out.push_str(&debug[i..j]);
            i = j;
            continue;
        }
        let ch = debug[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// A line that does not parse answers the question whose text it starts
/// with, after `check` (spaces left out on both sides).
pub fn starts_with_question(line: &str, question: &str) -> bool {
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let line = line.trim_start();
    let Some(rest) = line.strip_prefix("check") else {
        return false;
    };
    let question = squeeze(question);
    !question.is_empty() && squeeze(rest).starts_with(&question)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::parse;

    fn keys(src: &str) -> Vec<String> {
        asked(src, &parse(src).stmts, &Lets::new())
            .into_iter()
            .map(|a| a.key)
            .collect()
    }

    #[test]
    fn layout_and_brackets_do_not_matter() {
        let a = keys("check grundy kayles(10) + nim(3) == 1");
        let b = keys("check   grundy ((kayles(10)) + (nim( 3 )))==7");
        assert_eq!(a, b);
        let c = keys("check grundy kayles(11) + nim(3) == 1");
        assert_ne!(a, c);
        assert_eq!(keys("check move *3 -> *2"), keys("check move (*3) -> 0"));
        assert_eq!(keys("check grundy *3 == ?"), keys("check grundy *3 == 3"));
    }

    #[test]
    fn question_text_and_answer() {
        let src = "check grundy kayles(10) == 2\ncheck move nim(3) + nim(5) -> nim(3) + nim(3)\ncheck equiv *3, ?";
        let a = asked(src, &parse(src).stmts, &Lets::new());
        assert_eq!(a[0].text, "grundy kayles(10)");
        assert_eq!(a[0].answer, "2");
        assert_eq!(a[1].text, "move nim(3) + nim(5)");
        assert_eq!(a[1].answer, "nim(3) + nim(3)");
        assert_eq!(a[2].text, "equiv *3");
        assert!(a[2].blank);
    }

    #[test]
    fn points_come_from_the_comment_at_the_end_of_the_line() {
        let src = "check grundy *1 == 1   # points: 3\ncheck grundy *2 == 2 # mex{0, 1} = 2 [points: 2.5, partial]\ncheck grundy *3 == 3\n# points: 9\n";
        let a = asked(src, &parse(src).stmts, &Lets::new());
        assert_eq!(
            a[0].marking,
            Marking {
                points: 3.0,
                partial: false
            }
        );
        assert_eq!(
            a[1].marking,
            Marking {
                points: 2.5,
                partial: true
            }
        );
        assert_eq!(a[2].marking, Marking::default());
    }

    #[test]
    fn a_question_over_two_lines_is_one_line() {
        let src = "check grundy (kayles(4) +\n    kayles(5)) == 2";
        let a = asked(src, &parse(src).stmts, &Lets::new());
        assert_eq!(a[0].text, "grundy (kayles(4) + kayles(5))");
    }

    #[test]
    fn unparsed_lines_are_matched_by_their_start() {
        assert!(starts_with_question(
            "check grundy kayles( 10) = 3",
            "grundy kayles(10)"
        ));
        assert!(!starts_with_question(
            "grundy kayles(10) = 3",
            "grundy kayles(10)"
        ));
        assert!(!starts_with_question(
            "check grundy kayles(1)",
            "grundy kayles(10)"
        ));
    }
}
