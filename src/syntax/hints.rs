//! Syntax errors as a student can follow them: what was found, what was
//! expected in words, and a hint for the usual slips (a misspelt keyword,
//! `0 14` for a range, `nim 3` for `nim(3)`, a negative number, a question
//! `check` cannot grade).

use super::lexer::Spanned;
use super::suggest::closest_keyword;
use super::token::Tok;
use crate::diag::{Diagnostic, ErrorKind};
use lalrpop_util::ParseError;

/// The questions `check` grades, as the hints list them.
pub const CHECKABLE: &str = "grundy, outcome, misere outcome, mex, sequence, period (each `== VALUE`), \
`check move G -> H`, `check equiv G, H` and `check misere equiv G, H`";

/// How a nim-sum is written, for hints wherever `^`, `⊕` or `nimsum` is
/// used for one.
pub const NIM_SUM: &str =
    "a sum of games is written with `+`: `*3 + *5` has the value 3 xor 5 (the nim-sum)";

/// Keywords a statement starts with.
const STATEMENT_WORDS: &[&str] = &[
    "game", "let", "set", "grundy", "outcome", "misere", "genus", "moves", "explain", "sequence",
    "period", "table", "mex", "check", "equiv", "plot",
];

/// The questions a statement may start with, as hints list them.
pub const QUESTIONS: &str = "`grundy`, `outcome`, `moves`, `explain`, `misere outcome`, `sequence`, \
`period`, `table`, `plot` and `check`";

/// Words students write for a question, and the question they mean.
const SYNONYMS: &[(&str, &str)] = &[
    ("value", "grundy"),
    ("nimber", "grundy"),
    ("nimvalue", "grundy"),
    ("sg", "grundy"),
    ("sprague", "grundy"),
    ("winner", "outcome"),
    ("result", "outcome"),
    ("who", "outcome"),
    ("win", "moves"),
    ("wins", "moves"),
    ("winning", "moves"),
    ("move", "moves"),
    ("why", "explain"),
    ("options", "explain"),
    ("seq", "sequence"),
    ("values", "sequence"),
    ("assert", "check"),
    ("expect", "check"),
    ("test", "check"),
    ("def", "game"),
    ("define", "game"),
    ("var", "let"),
    ("const", "let"),
];

/// Words students put before a question to have its answer written.
const NEEDLESS: &[&str] = &[
    "print",
    "show",
    "display",
    "echo",
    "eval",
    "evaluate",
    "compute",
    "calc",
    "calculate",
    "find",
    "get",
    "say",
    "output",
];

/// Words that may follow `check`.
const CHECK_WORDS: &[&str] = &[
    "grundy", "outcome", "misere", "mex", "sequence", "period", "move", "equiv",
];

/// Turns a parse error into a diagnostic.
pub fn convert(e: ParseError<usize, Tok, ()>, src: &str, tokens: &[Spanned]) -> Diagnostic {
    match e {
        ParseError::InvalidToken { location } => {
            Diagnostic::error(ErrorKind::Parse, location..location + 1, "invalid token")
                .label("here")
        }
        ParseError::UnrecognizedEof { location, expected } => Diagnostic::error(
            ErrorKind::Parse,
            location..location,
            "unexpected end of input",
        )
        .label(format!("expected {}", describe(&expected))),
        ParseError::UnrecognizedToken {
            token: (l, tok, r),
            expected,
        } => {
            let at = Slip {
                tok: &tok,
                l,
                r,
                src,
                tokens,
                expected: &expected,
            };
            at.diagnose()
        }
        ParseError::ExtraToken { token: (l, tok, r) } => {
            Diagnostic::error(ErrorKind::Parse, l..r, format!("unexpected {tok}"))
                .label("nothing more was expected")
        }
        ParseError::User { .. } => {
            Diagnostic::error(ErrorKind::Parse, 0..0, "syntax error").label("here")
        }
    }
}

/// An unexpected token in its statement.
struct Slip<'a> {
    tok: &'a Tok,
    l: usize,
    r: usize,
    src: &'a str,
    tokens: &'a [Spanned],
    expected: &'a [String],
}

impl Slip<'_> {
    /// The tokens of the statement before the unexpected one.
    fn before(&self) -> &[Spanned] {
        let end = self.tokens.partition_point(|t| t.0 < self.l);
        let start = self.tokens[..end]
            .iter()
            .rposition(|t| t.1 == Tok::End)
            .map_or(0, |i| i + 1);
        &self.tokens[start..end]
    }

    fn expects(&self, what: &str) -> bool {
        self.expected.iter().any(|e| e.trim_matches('"') == what)
    }

    fn expects_expression(&self) -> bool {
        self.expects("integer") && self.expects("name")
    }

    fn text(&self, from: usize, to: usize) -> &str {
        self.src.get(from..to).unwrap_or("")
    }

    fn diagnose(&self) -> Diagnostic {
        let before = self.before();
        let first = before.first().map(|t| &t.1);
        if let Some(d) = self.misspelt_keyword(before) {
            return d;
        }
        if let Some(d) = self.unknown_first_word(before) {
            return d;
        }
        if first == Some(&Tok::Check)
            && let Some(d) = self.check_slip(before)
        {
            return d;
        }
        // inside a Hackenbush picture: an edge with an end missing
        let open_picture = before
            .iter()
            .rposition(|t| t.1 == Tok::Hackenbush)
            .is_some_and(|i| !before[i..].iter().any(|t| t.1 == Tok::RBrace));
        if open_picture && (self.expects("integer") || self.expects("-")) {
            return self.plain().hint(
                "an edge joins two vertices, as in `0-1` (a path `0-1-2`); vertices are integers and 0 is the ground",
            );
        }
        if let Some(d) = self.range_slip(before) {
            return d;
        }
        self.token_slip(before)
    }

    /// A range with `..` missing: `sequence s 0 14`, `sequence s 14`,
    /// `table nimsum 16 16`.
    fn range_slip(&self, before: &[Spanned]) -> Option<Diagnostic> {
        let first = before.first().map(|t| &t.1);
        let (r, tok) = (self.r, self.tok);
        Some(match (tok, before.last()) {
            // `sequence s 0 14`, `table nimsum 16 16`
            (Tok::Int(b), Some((pl, Tok::Int(a), _))) if self.expects("..") => {
                let table = first == Some(&Tok::Table);
                if table && before.iter().all(|t| t.1 != Tok::DotDot) {
                    return Some(
                        Diagnostic::error(ErrorKind::Parse, *pl..r, "`table` takes two ranges")
                            .label(format!("write `0..{a} 0..{b}`"))
                            .fix(*pl..r, format!("0..{a} 0..{b}"))
                            .hint(format!(
                                "rows then columns, each a range: `table {} 0..{a} 0..{b}`",
                                self.game_word(before)
                            )),
                    );
                }
                Diagnostic::error(ErrorKind::Parse, *pl..r, "a range needs `..` between its ends")
                    .label(format!("write `{a}..{b}`"))
                    .fix(*pl..r, format!("{a}..{b}"))
                    .hint(format!(
                        "a range is written `{a}..{b}`: from {a} up to {b}, without {b} (`{a}..={b}` includes it)"
                    ))
            }
            // `sequence s 14`
            (Tok::End, Some((pl, Tok::Int(a), pr))) if self.expects("..") => {
                Diagnostic::error(ErrorKind::Parse, *pl..*pr, "a range needs two ends")
                    .label("a single number is not a range")
                    .hint(format!(
                        "write `0..{a}` for 0 up to {a} (without {a}), or `0..={a}` to include it"
                    ))
            }
            _ => return None,
        })
    }

    /// A slip at the unexpected token, read from it and the one before.
    fn token_slip(&self, before: &[Spanned]) -> Diagnostic {
        let prev = before.last();
        let (l, r, tok) = (self.l, self.r, self.tok);
        match (tok, prev) {
            // `outcome nim 3`, `grundy kayles 5`
            (Tok::Int(n), Some((pl, Tok::Ident(name), _))) => {
                Diagnostic::error(ErrorKind::Parse, *pl..r, format!("`{name} {n}` is two things in a row"))
                    .label("a name, then a number")
                    .fix(*pl..r, format!("{name}({n})"))
                    .hint(format!(
                        "a position is written with brackets right after the name: `{name}({n})`"
                    ))
            }
            // `grundy nim (3)`
            (Tok::LParen, Some((_, Tok::Ident(name), _))) => self
                .plain()
                .hint(format!("write `{name}(` with no space between a game's name and `(`")),
            // `*3 ^ *5`
            (Tok::Nimber | Tok::StarOne, Some((cl, Tok::Caret, cr))) => {
                Diagnostic::error(ErrorKind::Parse, *cl..*cr, "`^` does not combine games")
                    .label("a nim-sum is written `+`")
                    .hint(NIM_SUM)
            }
            // `nim(-1)`
            (Tok::Minus, _) if self.expects_expression() => {
                Diagnostic::error(ErrorKind::Parse, l..r, "there are no negative numbers")
                    .label("a `-` with nothing before it")
                    .hint("heaps, values and every integer are unsigned: 0, 1, 2, ...")
            }
            (Tok::Assign, _) => self
                .plain()
                .hint("`=` defines (`game`, `let`); compare with `==`"),
            // `0...14`: the lexer reads `..` and a code `.14`
            (Tok::Code(c), Some((pl, Tok::DotDot, _))) => {
                let hi = c.trim_start_matches('.');
                let lo = match before.len().checked_sub(2).map(|i| &before[i].1) {
                    Some(Tok::Int(lo)) => lo.to_string(),
                    _ => "a".into(),
                };
                Diagnostic::error(ErrorKind::Parse, *pl..r, "a range has two dots")
                    .label("three dots here")
                    .fix(*pl..r, format!("..{hi}"))
                    .hint(format!("write `{lo}..{hi}`"))
            }
            (Tok::Code(c), _) => self.plain().hint(format!(
                "`{c}` is a take-and-break code: use it as `game g = octal {c}`"
            )),
            (Tok::Int(_), Some((_, t, _))) if t.ends_operand() => self
                .plain()
                .hint("two values in a row: is an operator such as `+` missing?"),
            (Tok::End, _)
                if self.src[..l]
                    .trim_end()
                    .ends_with(['+', '-', '*', '/', '%', '|', '^']) =>
            {
                self.plain().hint(
                    "an operator at the end of a line needs its right operand on the same line (or open a bracket)",
                )
            }
            _ => self.plain(),
        }
    }

    /// The diagnostic with no hint: what came, what was expected.
    fn plain(&self) -> Diagnostic {
        let (l, r) = if *self.tok == Tok::End && self.l == self.r {
            (self.l, self.l)
        } else {
            (self.l, self.r)
        };
        let what = if *self.tok == Tok::End {
            "the statement ends too early".to_string()
        } else {
            format!("unexpected {}", self.tok)
        };
        Diagnostic::error(ErrorKind::Parse, l..r, what)
            .label(format!("expected {}", describe(self.expected)))
    }

    /// `grundey nim(3)`: a statement that starts with a word close to a
    /// keyword, followed by something an expression cannot continue with.
    fn misspelt_keyword(&self, before: &[Spanned]) -> Option<Diagnostic> {
        let [(wl, Tok::Ident(word), wr)] = before else {
            return None;
        };
        let keyword = closest_keyword(word, STATEMENT_WORDS)?;
        Some(
            Diagnostic::error(ErrorKind::Parse, *wl..*wr, format!("unknown word `{word}`"))
                .label("not a keyword")
                .fix(*wl..*wr, keyword.clone())
                .hint(format!(
                    "did you mean `{keyword}`? `{keyword}{}`",
                    self.text(*wr, self.line_end())
                )),
        )
    }

    /// `value nim(3)`, `print grundy nim(3)`: a statement that starts with
    /// a word no statement starts with, followed by a question or a game.
    fn unknown_first_word(&self, before: &[Spanned]) -> Option<Diagnostic> {
        let [(wl, Tok::Ident(word), wr)] = before else {
            return None;
        };
        let next = self.text(self.l, self.r);
        let rest = self.text(self.l, self.line_end()).trim_end();
        if STATEMENT_WORDS.contains(&next) {
            // `print grundy nim(3)`: the question is there already
            return Some(
                Diagnostic::error(ErrorKind::Parse, *wl..*wr, format!("unknown word `{word}`"))
                    .label("not needed")
                    .fix(*wl..self.l, "")
                    .hint(format!(
                        "a question writes its answer itself: `{rest}`, without `{word}`"
                    )),
            );
        }
        let game_follows = matches!(
            self.tok,
            Tok::Ident(_) | Tok::CallName(_) | Tok::Nimber | Tok::StarOne | Tok::LBrace
        );
        if !game_follows || super::suggest::BUILTINS.contains(&word.as_str()) {
            return None;
        }
        let lower = word.to_ascii_lowercase();
        let meant = SYNONYMS.iter().find(|(w, _)| *w == lower).map(|(_, q)| *q);
        let hint = match meant {
            None if NEEDLESS.contains(&lower.as_str()) => format!(
                "a question writes its answer itself, as in `grundy {rest}`: {QUESTIONS}; a game alone on a line writes its value too: `{rest}`"
            ),
            Some(q) => format!(
                "did you mean `{q}`? `{q} {rest}`; a statement starts with a question: {QUESTIONS}"
            ),
            None => format!(
                "a statement starts with a question, as in `grundy {rest}`: {QUESTIONS}; or with `game` or `let`, to define a name"
            ),
        };
        let label = if NEEDLESS.contains(&lower.as_str()) {
            "not needed"
        } else {
            "not a question"
        };
        Some(
            Diagnostic::error(ErrorKind::Parse, *wl..*wr, format!("unknown word `{word}`"))
                .label(label)
                .hint(hint),
        )
    }

    /// Where the statement of the unexpected token ends.
    fn line_end(&self) -> usize {
        self.tokens
            .iter()
            .find(|t| t.0 >= self.l && t.1 == Tok::End)
            .map_or(self.src.len(), |t| t.0)
    }

    /// The game named after a query keyword, for hints (`NAME` if none).
    fn game_word(&self, before: &[Spanned]) -> String {
        match before.get(1) {
            Some((_, Tok::Ident(n), _)) => n.clone(),
            _ => "NAME".into(),
        }
    }

    /// Slips in a `check`: a question it cannot grade, no question, no `==`.
    fn check_slip(&self, before: &[Spanned]) -> Option<Diagnostic> {
        let at_question = before.len() <= 1;
        let (ql, q, qr) = match before.get(1) {
            Some((l, t, r)) => (*l, t.clone(), *r),
            None => (self.l, self.tok.clone(), self.r),
        };
        match &q {
            Tok::Explain | Tok::Table | Tok::Moves => {
                let mut d = Diagnostic::error(ErrorKind::Check, ql..qr, format!("`{}` cannot be checked", self.text(ql, qr)))
                    .label("not a question with one answer to compare")
                    .hint(format!("`check` grades {CHECKABLE}"));
                if q == Tok::Moves {
                    d = d.note("to check that a move wins, write `check move G -> H`");
                }
                Some(d)
            }
            Tok::Ident(word) | Tok::CallName(word)
                if at_question && closest_keyword(word, CHECK_WORDS).is_some() =>
            {
                let k = closest_keyword(word, CHECK_WORDS).unwrap_or_default();
                let d = Diagnostic::error(ErrorKind::Check, ql..qr, format!("`{word}` is not a question `check` can grade"))
                    .label("expected a question here")
                    .hint(format!("did you mean `{k}`? `check` grades {CHECKABLE}"));
                // a name before `(` is spanned with its bracket: no edit
                Some(match q {
                    Tok::Ident(_) => d.fix(ql..qr, k),
                    _ => d,
                })
            }
            _ if at_question => Some(
                Diagnostic::error(ErrorKind::Parse, ql..qr, "`check` needs a question first")
                    .label("expected a question here")
                    .hint(format!(
                        "for example `check grundy nim(3) + nim(5) == 6`; `check` grades {CHECKABLE}"
                    )),
            ),
            // `check sequence s 0..3 == 0, 1, 2`
            _ if *self.tok == Tok::Comma && before.iter().any(|t| t.1 == Tok::EqEq) => Some(
                self.plain()
                    .hint("separate the expected values with spaces: `== 0 1 2 0`"),
            ),
            // `check grundy *0 == 5 - 5`: arithmetic after `==`
            _ if before.iter().any(|t| t.1 == Tok::EqEq)
                && matches!(
                    self.tok,
                    Tok::Minus | Tok::Plus | Tok::Slash | Tok::Percent | Tok::Caret | Tok::Xor
                ) =>
            {
                let eq = before.iter().rposition(|t| t.1 == Tok::EqEq).unwrap_or(0);
                let from = before.get(eq + 1).map_or(self.l, |t| t.0);
                Some(
                    Diagnostic::error(ErrorKind::Parse, from..self.r, "the answer after `==` is written as a value, not worked out")
                        .label("an expression here")
                        .hint("write the value itself: a number (`0`), a nimber (`*2`), `P` or `N`, or a sequence's values (`0 1 2`)"),
                )
            }
            _ if self.expects("==") && !self.expects("->") => Some(self.plain().hint(
                "the expected answer goes after `==`: `check grundy nim(3) + nim(5) == 6`",
            )),
            _ if self.expects("->") && !self.expects("==") => Some(
                self.plain()
                    .hint("write the position after the move behind `->`: `check move nim(3) + nim(1) -> nim(1) + nim(1)`"),
            ),
            _ => None,
        }
    }
}

/// "an expression", "`)` or `,`": expected tokens as a person would say them.
pub fn describe(expected: &[String]) -> String {
    let names: Vec<&str> = expected.iter().map(|s| s.trim_matches('"')).collect();
    let starts_expr = ["integer", "name", "name(", "*", "{", "("];
    if starts_expr.iter().all(|s| names.contains(s)) {
        let mut rest: Vec<String> = names
            .iter()
            .filter(|n| !starts_expr.contains(n) && !["not", "*1", "hackenbush"].contains(n))
            .map(|n| quote(n))
            .collect();
        rest.insert(0, "an expression".to_string());
        return join_or(rest);
    }
    join_or(names.iter().map(|n| quote(n)).collect())
}

fn quote(n: &str) -> String {
    match n {
        "integer" => "an integer".into(),
        "name" => "a name".into(),
        "name(" => "a name followed by `(`".into(),
        "code" => "a code such as 0.77".into(),
        "string" => "a file name in double quotes".into(),
        "end of statement" => "the end of the statement".into(),
        "times" | "*1" => "`*`".into(),
        other => format!("`{other}`"),
    }
}

fn join_or(mut items: Vec<String>) -> String {
    items.dedup();
    match items.len() {
        0 => "something else".into(),
        1 => items.remove(0),
        n if n > 6 => format!("{}, or another", items[..5].join(", ")),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} or {}", items.join(", "), last)
        }
    }
}
