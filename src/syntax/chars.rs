//! Characters that are not the language's, each reported with what to
//! write instead: lookalikes of its operators (`∗`, `⊕`, `−`), scientific
//! notation (`1e18`), and anything else.

use super::token::Raw;
use crate::diag::Diagnostic;

/// The length of an exponent such as `e18` right after an integer (0 if
/// there is none).
pub fn exponent_after(rest: &str) -> usize {
    let b = rest.as_bytes();
    if b.first().is_none_or(|c| !matches!(c, b'e' | b'E')) {
        return 0;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let tail_is_word = b
        .get(1 + digits)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
    if digits == 0 || tail_is_word {
        0
    } else {
        1 + digits
    }
}

/// A character that looks like one of the language's but is another.
pub struct Lookalike {
    /// The raw token it is read as, if any (a non-breaking space is none).
    pub raw: Option<Raw>,
    /// What to write instead.
    pub ascii: &'static str,
    /// What the character is.
    what: &'static str,
}

impl Lookalike {
    pub fn diagnostic(&self, span: std::ops::Range<usize>) -> Diagnostic {
        let hint = match self.ascii {
            "+" => {
                "a sum of games is written with `+`: `*3 + *5` has the value 3 xor 5 (the nim-sum)"
                    .to_string()
            }
            " " => "write a plain space".to_string(),
            a => format!("write `{a}`"),
        };
        Diagnostic::error(
            span,
            format!("{} is not `{}`", self.what, self.ascii.trim()),
        )
        .label("this character only looks like it")
        .hint(hint)
    }
}

pub fn lookalike(text: &str) -> Option<Lookalike> {
    let c = text.chars().next()?;
    let (raw, ascii, what) = match c {
        '\u{2217}' => (Some(Raw::Star), "*", "`∗` (asterisk operator)"),
        '\u{204e}' | '\u{2731}' | '\u{ff0a}' => (Some(Raw::Star), "*", "this star"),
        '\u{00d7}' => (Some(Raw::Star), "*", "`×` (multiplication sign)"),
        '\u{22c5}' | '\u{00b7}' => (Some(Raw::Star), "*", "this dot"),
        '\u{2295}' => (Some(Raw::Plus), "+", "`⊕` (circled plus)"),
        '\u{2212}' => (Some(Raw::Minus), "-", "`−` (minus sign)"),
        '\u{2013}' => (Some(Raw::Minus), "-", "`–` (en dash)"),
        '\u{2014}' => (Some(Raw::Minus), "-", "`—` (em dash)"),
        '\u{2264}' => (Some(Raw::Le), "<=", "`≤`"),
        '\u{2265}' => (Some(Raw::Ge), ">=", "`≥`"),
        '\u{2260}' => (Some(Raw::NotEq), "!=", "`≠`"),
        '\u{2192}' | '\u{27f6}' => (Some(Raw::Arrow), "->", "this arrow"),
        '\u{2026}' => (Some(Raw::DotDot), "..", "`…` (ellipsis)"),
        '\u{ff08}' => (Some(Raw::LParen), "(", "a full-width bracket"),
        '\u{ff09}' => (Some(Raw::RParen), ")", "a full-width bracket"),
        '\u{ff0c}' => (Some(Raw::Comma), ",", "a full-width comma"),
        '\u{00a0}' | '\u{2009}' | '\u{202f}' => (None, " ", "a non-breaking or thin space"),
        _ => return None,
    };
    Some(Lookalike { raw, ascii, what })
}

/// A REPL command (`:load x.txt`) on a line of a file or of `-e` text: its
/// length from the `:` to the end of the line or a `;`, when `at` is the
/// first character of its line. It is one error (its words are no
/// statement); a statement after a `;` still runs.
pub fn command_line(src: &str, at: usize) -> Option<usize> {
    let line_start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    if !src[at..].starts_with(':') || !src[line_start..at].trim().is_empty() {
        return None;
    }
    Some(src[at..].find(['\n', '\r', ';']).unwrap_or(src.len() - at))
}

/// The error for a REPL command written where statements go.
pub fn command_in_source(src: &str, at: usize, len: usize) -> Diagnostic {
    let line = src[at..at + len].trim_end();
    let word = line[1..].split_whitespace().next().unwrap_or("");
    let hint = if matches!(word, "load" | "l") {
        let files = line[1..].trim_start()[word.len()..].trim();
        let files = if files.is_empty() { "FILE.mex" } else { files };
        format!(
            "`:load` works at the REPL prompt only; in a file or `-e` text, list the files to run on the command line instead, in order: `mex {files} FILE.mex`"
        )
    } else {
        "`:help` and the other `:commands` are typed at the REPL prompt (`mex` on a terminal); see docs/language.md".into()
    };
    let shown = if word.is_empty() {
        ":".to_string()
    } else {
        format!(":{word}")
    };
    Diagnostic::error(
        at..at + line.len(),
        format!("`{shown}` is a REPL command, not a statement"),
    )
    .label("a command of the REPL")
    .hint(hint)
}

pub fn bad_chars(src: &str, s: usize, e: usize) -> Diagnostic {
    let text = &src[s..e];
    let shown: String = text.chars().take(8).collect();
    let hint = if text.starts_with('\'') {
        "file names are written in double quotes: `\"kayles.svg\"`"
    } else if text.starts_with(':') {
        "`:help` and the other `:commands` are typed at the REPL prompt (`mex` on a terminal); see docs/language.md"
    } else if text.starts_with('&') {
        "write `and`"
    } else if text.starts_with('!') {
        "write `not`"
    } else if text.starts_with(['\u{201c}', '\u{201d}', '\u{2018}', '\u{2019}']) {
        "these are typographic quotes: write straight double quotes, `\"kayles.svg\"`"
    } else {
        "see `mex --help` for the language"
    };
    Diagnostic::error(
        s..e,
        format!(
            "unexpected character{} `{}`",
            if text.chars().count() > 1 { "s" } else { "" },
            shown.escape_debug()
        ),
    )
    .label("not part of the language")
    .hint(hint)
}
