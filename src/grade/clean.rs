//! Text from students (their sources, their files' names) made safe to
//! show: a control character never reaches a terminal or a report raw,
//! and a CSV cell never starts a formula.
//!
//! - [`line`]: one line of a table or a cell: every control character
//!   escaped, newline and tab too.
//! - [`text`]: a multi-line text (a feedback report, what a file printed):
//!   every control character escaped but newline and tab, which are layout.
//! - [`csv_cell`]: a cell for a spreadsheet, neutralised as OWASP
//!   recommends: one starting with `=`, `+`, `-`, `@`, a tab or a carriage
//!   return gets a `'` in front, so that no spreadsheet reads it as a
//!   formula; it escapes as [`line`] does.
//!
//! Escapes: `\e` for ESC, `\n`, `\t` and `\r` for those, `\u{7}` (the
//! code in hexadecimal, as Rust writes it) for any other control character:
//! the C0 and C1 controls, DEL, and the marks that reorder text on screen
//! (U+202A to U+202E, U+2066 to U+2069).

use std::borrow::Cow;

/// Whether a character is shown escaped.
fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn escape(s: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !s.chars().any(|c| unsafe_char(c) && !keep(c)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !unsafe_char(c) || keep(c) {
            out.push(c);
            continue;
        }
        match c {
            '\u{1b}' => out.push_str("\\e"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    Cow::Owned(out)
}

/// One line (a table's cell, a file name): every control character escaped.
pub fn line(s: &str) -> Cow<'_, str> {
    escape(s, |_| false)
}

/// A text of many lines: every control character escaped but newline and
/// tab.
pub fn text(s: &str) -> Cow<'_, str> {
    escape(s, |c| c == '\n' || c == '\t')
}

/// A CSV cell: [`line`], then a `'` in front of a cell that a spreadsheet
/// would read as a formula (one starting with `=`, `+`, `-`, `@`, a tab or
/// a carriage return).
pub fn csv_cell(s: &str) -> Cow<'_, str> {
    let formula = s.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let s = line(s);
    if formula {
        Cow::Owned(format!("'{s}"))
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(line("a\u{1b}[2Jb\u{7}"), "a\\e[2Jb\\u{7}");
        assert_eq!(line("x\ny\tz\r"), "x\\ny\\tz\\r");
        assert_eq!(text("x\ny\tz\r\u{9b}"), "x\ny\tz\\r\\u{9b}");
        assert_eq!(line("\u{7f}\u{202e}"), "\\u{7f}\\u{202e}");
        assert!(matches!(line("plain, é ∗"), Cow::Borrowed(_)));
    }

    #[test]
    fn formula_cells_are_neutralised() {
        for f in ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx"] {
            let c = csv_cell(f);
            assert!(c.starts_with('\''), "{f:?} gave {c:?}");
        }
        assert_eq!(csv_cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(csv_cell("\tx"), "'\\tx");
        assert_eq!(csv_cell("alice.mex"), "alice.mex");
        assert_eq!(csv_cell("ok"), "ok");
    }
}
