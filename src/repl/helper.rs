//! The line editor's helper: Tab completion, hints from history, colour
//! for keywords, numbers and nimbers, the bracket matching the one at the
//! cursor, and a validator that keeps a statement open while a bracket is.
//! The work is done by plain functions ([`complete`], [`paint`]) that tests
//! call without a terminal.

use crate::ir::Setting;
use crate::syntax::lexer::is_incomplete;
use crate::syntax::suggest::BUILTINS;
use crate::syntax::token::Tok;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Helper};
use std::borrow::Cow::{self, Borrowed, Owned};
use std::cell::Cell;

pub struct MexHelper {
    /// Games and `let` bindings defined so far, each with how many
    /// parameters it takes (kept up to date by the loop).
    pub names: Vec<(String, usize)>,
    /// Colour the line, the hints and the matching bracket.
    pub color: bool,
    hinter: HistoryHinter,
    files: FilenameCompleter,
    /// Whether the cursor's bracket match is shown (not on the final redraw).
    live: Cell<bool>,
}

impl MexHelper {
    pub fn new(color: bool) -> Self {
        MexHelper {
            names: Vec::new(),
            color,
            hinter: HistoryHinter::new(),
            files: FilenameCompleter::new(),
            live: Cell::new(false),
        }
    }
}

impl Helper for MexHelper {}

/// What Tab offers at a place in the line.
#[derive(Debug, PartialEq, Eq)]
pub enum Completion {
    /// Replace from this byte on with one of these texts: a word and what
    /// goes after it (see [`complete`]).
    Words(usize, Vec<String>),
    /// A file name: after `:load`, or inside a string (`to "...`), where
    /// a file's name is followed by the closing quote.
    File { in_string: bool },
}

/// Words after which a game is named alone, not as a position:
/// `sequence kayles 0..12`, `period kayles`, `table two 0..4 0..4`,
/// `plot kayles 0..200`, `misere quotient dk to 40`.
const NAME_ALONE: &[&str] = &["sequence", "period", "table", "plot", "quotient"];

/// Words that are keywords only where they stand (`check move`, `misere
/// quotient`, `to "FILE"`, `as markdown`, `by 12`).
const CONTEXT_WORDS: &[&str] = &["move", "quotient", "to", "as", "by"];

/// Words after which a new name is written (one defined before may be
/// redefined): nothing follows the name completed.
const NEW_NAME: &[&str] = &["game", "let"];

/// The completions at byte `pos` of `line`, given the names defined so far
/// with the number of parameters each takes.
///
/// What goes after a word completed, as the best shells and REPLs do it:
/// a keyword (`grundy`, `for`) is followed by a space; a built-in (`nim`)
/// or a game taking parameters by `(`, where a position is written, or by
/// a space where the game is named alone (`sequence kayles `); another
/// name (a `let` value) by a space at the end of the line or before a
/// word. Nothing is added where the line already has it (a space or a
/// `(` after the cursor), after a new name (`game`, `let`), after a help
/// topic, or after a command that takes no argument (`:games`). A
/// command that takes one (`:load`, `:help`) is followed by a space; a
/// file name is not, and in a string it is followed by its closing quote
/// (a folder's name by `/`, to go on).
pub fn complete(line: &str, pos: usize, names: &[(String, usize)]) -> Completion {
    let pos = pos.min(line.len());
    let before = &line[..pos];
    let after = &line[pos..];
    let next = after.chars().next();
    let space = if next.is_some_and(char::is_whitespace) {
        ""
    } else {
        " "
    };
    let lead = before.trim_start();
    if let Some(rest) = lead.strip_prefix(':')
        && let Some((word, _)) = rest.split_once(char::is_whitespace)
    {
        return command_argument(before, pos, word);
    }
    match place(before) {
        Place::Code => {}
        Place::String => return Completion::File { in_string: true },
        Place::Comment => return Completion::Words(pos, Vec::new()),
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_' || *c == '\'')
        .last()
        .map_or(before.len(), |(i, _)| i);
    let word = &before[start..];
    let head = before[..start].trim_start();
    if head == ":" {
        let words = super::COMMANDS
            .iter()
            .filter(|c| c.0.starts_with(word))
            .map(|c| {
                let then = if c.1.is_empty() { "" } else { space };
                format!("{}{then}", c.0)
            })
            .collect();
        return Completion::Words(start, words);
    }
    if word.is_empty() || word.starts_with(|c: char| c.is_ascii_digit()) {
        return Completion::Words(start, Vec::new());
    }
    // the word before this one, if a space comes between them
    let prefix = &before[..start];
    let previous = match prefix.ends_with(char::is_whitespace) {
        true => prefix.split_whitespace().last().unwrap_or(""),
        false => "",
    };
    if previous == "set" {
        let words = Setting::ALL
            .iter()
            .map(|s| s.0)
            .filter(|s| s.starts_with(word))
            .map(|s| format!("{s}{space}"))
            .collect();
        return Completion::Words(start, words);
    }
    let words = code_words(word, previous, next, space, names);
    Completion::Words(start, words)
}

/// The completions of the argument of the command `word` (`:load FILE`,
/// `:help TOPIC`, ...), at the end of `before`.
fn command_argument(before: &str, pos: usize, word: &str) -> Completion {
    let start = before
        .rfind(char::is_whitespace)
        .map_or(before.len(), |i| i + 1);
    let part = &before[start..];
    let offer = |all: &[&str]| {
        let words = all
            .iter()
            .filter(|t| t.starts_with(part))
            .map(|t| t.to_string())
            .collect();
        Completion::Words(start, words)
    };
    match word {
        "load" | "l" => Completion::File {
            in_string: place(before) == Place::String,
        },
        "help" | "h" | "?" => offer(&super::topics::topics()),
        "time" => offer(&["on", "off"]),
        "format" => offer(&["text", "json"]),
        _ => Completion::Words(pos, Vec::new()),
    }
}

/// The keywords, built-ins and defined names that start with `word` in
/// code, after the word `previous`, each with what follows it (see
/// [`complete`]); `next` is the character after the cursor.
fn code_words(
    word: &str,
    previous: &str,
    next: Option<char>,
    space: &str,
    names: &[(String, usize)],
) -> Vec<String> {
    let alone = NAME_ALONE.contains(&previous);
    let new_name = NEW_NAME.contains(&previous);
    let call = if next == Some('(') { "" } else { "(" };
    // a plain name: a space at the end of the line or before a word, none
    // before `)`, `,`, an operator
    let plain = match next {
        None => " ",
        Some(c) if c.is_alphanumeric() => " ",
        _ => "",
    };
    let keywords = Tok::KEYWORDS
        .iter()
        .chain(CONTEXT_WORDS)
        .map(|k| (k.to_string(), space));
    let builtins = BUILTINS.iter().map(|b| (b.to_string(), call));
    let defined = names.iter().map(|(n, arity)| {
        let then = if *arity > 0 { call } else { plain };
        (n.clone(), then)
    });
    let mut words: Vec<String> = keywords
        .chain(builtins.chain(defined).map(|(n, then)| {
            let then = if new_name {
                ""
            } else if alone {
                space
            } else {
                then
            };
            (n, then)
        }))
        .filter(|(c, _)| c.starts_with(word))
        .map(|(c, then)| format!("{c}{then}"))
        .collect();
    words.sort();
    words.dedup();
    words
}

/// Where the end of `before` lies: in code, in a string, in a comment.
#[derive(Debug, PartialEq, Eq)]
enum Place {
    Code,
    String,
    Comment,
}

fn place(before: &str) -> Place {
    let mut at = Place::Code;
    for c in before.chars() {
        at = match (at, c) {
            (_, '\n') => Place::Code,
            (Place::Code, '"') => Place::String,
            (Place::String, '"') => Place::Code,
            (Place::Code, '#') => Place::Comment,
            (at, _) => at,
        };
    }
    at
}

impl Completer for MexHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        match complete(line, pos, &self.names) {
            Completion::File { in_string } => {
                let (start, mut pairs) = self.files.complete(line, pos, ctx)?;
                if in_string {
                    for p in &mut pairs {
                        if !p.replacement.ends_with(std::path::MAIN_SEPARATOR) {
                            p.replacement.push('"');
                        }
                    }
                }
                Ok((start, pairs))
            }
            Completion::Words(start, words) => {
                let command = line[..start].trim_start() == ":";
                let pairs = words
                    .into_iter()
                    .map(|w| {
                        let bare = w.trim_end_matches([' ', '(']);
                        Pair {
                            display: if command {
                                format!(":{bare}")
                            } else {
                                bare.to_string()
                            },
                            replacement: w,
                        }
                    })
                    .collect();
                Ok((start, pairs))
            }
        }
    }
}

impl Hinter for MexHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        self.hinter.hint(line, pos, ctx)
    }
}

impl Validator for MexHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(if needs_more(ctx.input()) {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

/// True while the input goes on: statements with a bracket still open.
pub fn needs_more(input: &str) -> bool {
    !input.trim_start().starts_with(':') && is_incomplete(input)
}

impl Highlighter for MexHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        if !self.color {
            return Borrowed(line);
        }
        Owned(paint(line, self.live.get().then_some(pos)))
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Borrowed(hint)
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, kind: CmdKind) -> bool {
        // Colours depend on the whole line, so every change redraws it; the
        // final redraw drops the bracket match.
        let live = kind != CmdKind::ForcedRefresh;
        self.live.set(live);
        self.color && live
    }
}

const KEYWORD: &str = "1;35";
const BUILTIN: &str = "36";
const NUMBER: &str = "33";
const NIMBER: &str = "1;36";
const COMMENT: &str = "2";
const STRING: &str = "32";
const BRACKET: &str = "1;4;34";

/// The line with ANSI colours: keywords, built-ins, numbers, nimbers
/// (`*5`, `*`), comments, and the bracket at the cursor with its match.
/// Only escape sequences are added, so the width is unchanged.
pub fn paint(line: &str, cursor: Option<usize>) -> String {
    let pair = cursor.and_then(|p| matching_brackets(line, p));
    let b = line.as_bytes();
    let scan = |from: usize, ok: &dyn Fn(u8) -> bool| {
        (from..b.len()).find(|&j| !ok(b[j])).unwrap_or(b.len())
    };
    let mut out = String::with_capacity(line.len() * 2);
    // Whether the token before ends an operand (then `*` multiplies).
    let mut operand = false;
    // The token after `octal` or `hex` is a code.
    let mut code_next = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let (end, style) = if c == b'#' {
            (scan(i, &|c| c != b'\n'), Some(COMMENT))
        } else if c == b'"' {
            // a file name in quotes, to the closing quote or the line's end
            let close = scan(i + 1, &|c| c != b'"' && c != b'\n');
            operand = true;
            ((close + 1).min(b.len()), Some(STRING))
        } else if code_next && (c.is_ascii_alphanumeric() || c == b'.') {
            // the code after `octal` or `hex`: 0.77, C.1F
            code_next = false;
            operand = true;
            (
                scan(i, &|c| c.is_ascii_alphanumeric() || c == b'.'),
                Some(NUMBER),
            )
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let end = scan(i, &|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'\'');
            let word = &line[i..end];
            code_next = matches!(word, "octal" | "hex");
            operand = Tok::keyword(word).is_none();
            let style = if !operand {
                Some(KEYWORD)
            } else if BUILTINS.contains(&word) {
                Some(BUILTIN)
            } else {
                None
            };
            (end, style)
        } else if c.is_ascii_digit() {
            let mut end = scan(i, &|c| c.is_ascii_digit() || c == b'_');
            // a take-and-break code such as 0.77 or 4.0 (not a range 1..n)
            if end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_alphanumeric() {
                end = scan(end + 1, &|c| c.is_ascii_alphanumeric());
            }
            operand = true;
            (end, Some(NUMBER))
        } else if c == b'*' && !operand {
            code_next = false;
            let end = scan(i + 1, &|c| c.is_ascii_digit() || c == b'_');
            let next = b.get(end).copied();
            // `*5` and a lone `*` are nimbers; `*k`, `*(..)` take an operand
            operand = end > i + 1
                || !next.is_some_and(|n| n.is_ascii_alphanumeric() || n == b'_' || n == b'(');
            (end, Some(NIMBER))
        } else {
            match c {
                b' ' | b'\t' | b'\r' => {}
                b')' | b']' | b'}' => (operand, code_next) = (true, false),
                _ => (operand, code_next) = (false, false),
            }
            let len = line[i..].chars().next().map_or(1, char::len_utf8);
            let style = pair.filter(|(x, y)| i == *x || i == *y).map(|_| BRACKET);
            (i + len, style)
        };
        match style {
            Some(s) => {
                out.push_str("\x1b[");
                out.push_str(s);
                out.push('m');
                out.push_str(&line[i..end]);
                out.push_str("\x1b[0m");
            }
            None => out.push_str(&line[i..end]),
        }
        i = end;
    }
    out
}

/// The bracket under the cursor, or else just before it, and its match.
pub fn matching_brackets(line: &str, pos: usize) -> Option<(usize, usize)> {
    let b = line.as_bytes();
    let is_bracket = |i: usize| b.get(i).is_some_and(|c| b"(){}[]".contains(c));
    let at = if is_bracket(pos) {
        pos
    } else if pos > 0 && is_bracket(pos - 1) {
        pos - 1
    } else {
        return None;
    };
    let (open, close, forward) = match b[at] {
        b'(' => (b'(', b')', true),
        b'{' => (b'{', b'}', true),
        b'[' => (b'[', b']', true),
        b')' => (b'(', b')', false),
        b'}' => (b'{', b'}', false),
        _ => (b'[', b']', false),
    };
    let mut depth = 0i32;
    let mut check = |j: usize| {
        if b[j] == open {
            depth += 1;
        } else if b[j] == close {
            depth -= 1;
        }
        depth == 0
    };
    let found = if forward {
        (at..b.len()).find(|&j| check(j))
    } else {
        (0..=at).rev().find(|&j| check(j))
    };
    found.filter(|&j| j != at).map(|j| (at, j))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(c: Completion) -> Vec<String> {
        match c {
            Completion::Words(_, w) => w,
            Completion::File { .. } => panic!("a file completion"),
        }
    }

    fn defined() -> Vec<(String, usize)> {
        vec![
            ("kayles".to_string(), 1),
            ("gg".to_string(), 1),
            ("S".to_string(), 0),
            ("two".to_string(), 2),
        ]
    }

    /// Completes `line` with the cursor at `|` (at the end without one).
    fn at(line: &str) -> Vec<String> {
        let pos = line.find('|').unwrap_or(line.len());
        words(complete(&line.replace('|', ""), pos, &defined()))
    }

    #[test]
    fn completes_keywords_builtins_and_names() {
        assert_eq!(
            complete("gru", 3, &defined()),
            Completion::Words(0, vec!["grundy ".into()])
        );
        assert_eq!(at("grundy ka"), ["kayles("]);
        assert_eq!(
            at("grundy g"),
            ["game ", "genus ", "gg(", "graph ", "grundy "]
        );
        assert_eq!(
            at("grundy nim(3) + ni"),
            ["nim(", "nimdiv(", "niminv(", "nimprod(", "nimsum("]
        );
        assert_eq!(at("let T = S"), ["S "]);
        assert!(at("grundy ").is_empty());
        assert!(at("nim(1").is_empty());
    }

    /// `gru` + Tab, then `kay` + Tab, then `3)`: `grundy kayles(3)`.
    #[test]
    fn what_follows_a_completed_word() {
        // a keyword: a space, unless one is there already
        assert_eq!(at("gru"), ["grundy "]);
        assert_eq!(at("gru| kayles(3)"), ["grundy"]);
        assert_eq!(at("gru|kayles(3)"), ["grundy "]);
        assert_eq!(at("check mo"), ["move ", "moves "]);
        // a position: `(`, unless one is there already
        assert_eq!(at("grundy kay"), ["kayles("]);
        assert_eq!(at("grundy kay|(3)"), ["kayles"]);
        assert_eq!(at("grundy nim(3) + tw"), ["two("]);
        assert_eq!(at("outcome nimsu"), ["nimsum("]);
        // a game named alone: a space
        assert_eq!(at("sequence kay"), ["kayles "]);
        assert_eq!(at("period kay"), ["kayles "]);
        assert_eq!(at("check period kay"), ["kayles "]);
        assert_eq!(at("table tw"), ["two "]);
        assert_eq!(at("table nimp"), ["nimprod "]);
        assert_eq!(at("plot kay| 0..200"), ["kayles"]);
        assert_eq!(at("misere quotient kay"), ["kayles "]);
        // a value: a space at the end, nothing before `)`, `,`, `}`
        assert_eq!(at("grundy S"), ["S "]);
        assert_eq!(at("grundy {S|}"), ["S"]);
        assert_eq!(at("grundy S| + *1"), ["S"]);
        // a new name: nothing after it
        assert_eq!(at("game kay"), ["kayles"]);
        assert_eq!(at("let S"), ["S"]);
        // a setting after `set`
        assert_eq!(at("set pe"), ["period "]);
        assert_eq!(at("set h"), ["heap "]);
    }

    #[test]
    fn completes_commands_and_files() {
        let names = Vec::new();
        // a command that takes no argument: nothing after it
        assert_eq!(
            complete(":ga", 3, &names),
            Completion::Words(1, vec!["games".into()])
        );
        // one that takes an argument: a space
        assert_eq!(
            complete(":lo", 3, &names),
            Completion::Words(1, vec!["load ".into()])
        );
        assert_eq!(words(complete(":he", 3, &names)), ["help "]);
        assert_eq!(
            words(complete(":", 1, &names)).len(),
            super::super::COMMANDS.len()
        );
        assert_eq!(
            complete(":load exa", 9, &names),
            Completion::File { in_string: false }
        );
        assert_eq!(
            complete(":load \"exa", 10, &names),
            Completion::File { in_string: true }
        );
        assert_eq!(words(complete(":time o", 7, &names)), ["on", "off"]);
        assert_eq!(words(complete(":format j", 9, &names)), ["json"]);
        // a help topic ends the line: nothing after it
        assert_eq!(
            complete(":help che", 9, &names),
            Completion::Words(6, vec!["check".into()])
        );
        // a file name in a string
        assert_eq!(
            complete("plot k 0..9 to \"ex", 18, &names),
            Completion::File { in_string: true }
        );
        assert_eq!(
            words(complete("plot k 0..9 to \"a.svg\" # \"x", 27, &names)),
            Vec::<String>::new()
        );
    }

    #[test]
    fn statements_go_on_while_a_bracket_is_open() {
        assert!(needs_more("game gg(n) = {"));
        assert!(needs_more("game gg(n) = {\n gg(a) + gg(n - a)"));
        assert!(!needs_more(
            "game gg(n) = {\n gg(a) + gg(n - a) for a in 1..n if a < n - a }"
        ));
        assert!(!needs_more("grundy nim(3)"));
        assert!(!needs_more(":load {"));
    }

    fn plain(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn paint_colours_tokens_and_keeps_the_text() {
        let line = "grundy *5 + nim(3) * 2 + * # a comment";
        let painted = paint(line, None);
        assert_eq!(plain(&painted), line);
        assert!(painted.starts_with("\x1b[1;35mgrundy\x1b[0m"));
        assert!(painted.contains("\x1b[1;36m*5\x1b[0m"));
        assert!(painted.contains("\x1b[36mnim\x1b[0m"));
        assert!(painted.contains("\x1b[33m3\x1b[0m"));
        // `*` after an operand multiplies: not a nimber
        assert!(painted.contains(") * \x1b[33m2"));
        assert!(painted.contains("+ \x1b[1;36m*\x1b[0m "));
        assert!(painted.ends_with("\x1b[2m# a comment\x1b[0m"));
        let code = paint("game k = octal 0.77", None);
        assert!(code.contains("\x1b[33m0.77\x1b[0m"));
        let code = paint("game h = hex C.1F; grundy h(3)", None);
        assert!(code.contains("\x1b[33mC.1F\x1b[0m; "), "{code}");
        assert!(code.ends_with("h(\x1b[33m3\x1b[0m)"), "{code}");
        assert_eq!(plain(&paint("ünï {*1} ✓", Some(4))), "ünï {*1} ✓");
        let plot = paint("plot k 0..9 to \"k é.svg\"", None);
        assert!(plot.starts_with("\x1b[1;35mplot\x1b[0m"), "{plot}");
        assert!(plot.ends_with("to \x1b[32m\"k é.svg\"\x1b[0m"), "{plot}");
        assert_eq!(
            plain(&paint("plot k 0..9 to \"open", None)),
            "plot k 0..9 to \"open"
        );
    }

    #[test]
    fn brackets_match_at_the_cursor() {
        let line = "{ s(n - k) for k in {1, 3} }";
        assert_eq!(matching_brackets(line, 0), Some((0, 27)));
        assert_eq!(matching_brackets(line, 28), Some((27, 0)));
        assert_eq!(matching_brackets(line, 4), Some((3, 9)));
        assert_eq!(matching_brackets(line, 6), None);
        assert_eq!(matching_brackets("nim(3", 4), None);
        let painted = paint("nim(3)", Some(6));
        assert!(painted.contains("\x1b[1;4;34m(\x1b[0m"));
        assert!(painted.contains("\x1b[1;4;34m)\x1b[0m"));
    }
}
