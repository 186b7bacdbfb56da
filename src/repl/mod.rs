//! The REPL: what one input typed at the prompt does, apart from any
//! terminal. An input is either statements, run by the [`Session`] under
//! the name `<repl:N>`, or a `:command`. Everything it produces goes to a
//! [`Sink`]; the terminal front end prints it, tests collect it.

pub mod file;
#[cfg(feature = "cli")]
pub mod helper;
mod reply;
pub mod script;
pub mod topics;

use crate::diag::ErrorKind;
use crate::eval::Limits;
use crate::ir::Setting;
use crate::render::Format;
use crate::session::{Event, Report, Session};
use crate::syntax::ast::StmtKind;
use crate::syntax::parse::parse;
use serde_json::json;
use std::time::{Duration, Instant};

/// Where the REPL's output goes.
pub trait Sink {
    /// A result of a statement (standard output).
    fn event(&mut self, event: Event);
    /// A rendered diagnostic, ending in a newline (standard error).
    fn error(&mut self, rendered: &str);
    /// What a `:command` answers, one line or more (standard output).
    fn say(&mut self, text: &str);
    /// A remark on how a run went: interrupted, how long it took (standard error).
    fn note(&mut self, text: &str);
}

/// Whether the REPL goes on after an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The commands: name, argument, what it does.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "help",
        "[TOPIC]",
        "this tour; with a topic, that part of the language reference",
    ),
    (
        "load",
        "FILE",
        "run a spec file in this session (its games stay defined)",
    ),
    ("games", "", "the games defined so far, with their rules"),
    (
        "names",
        "",
        "every name defined so far: games and `let` bindings",
    ),
    ("time", "[on|off]", "show how long each answer took"),
    (
        "format",
        "[text|json]",
        "answers and errors as text, or as JSON lines",
    ),
    (
        "limits",
        "",
        "the limits on a computation, and how to raise them",
    ),
    ("reset", "", "forget every definition and computed value"),
    ("quit", "", "leave (also :q, Ctrl-D)"),
];

const ALIASES: &[(&str, &str)] = &[
    ("h", "help"),
    ("?", "help"),
    ("l", "load"),
    ("q", "quit"),
    ("exit", "quit"),
];

const TOUR: &str = "\
mex: Grundy values, outcomes and winning moves of impartial games.
Type statements as in a spec file; a definition goes on over several
lines while a bracket is open. Each line below can be copied:

  grundy nim(6) + nim(12) + nim(9)           # 3, the nim-sum of the heaps
  moves nim(6) + nim(12) + nim(9)            # the winning move: nim(6) -> nim(5)
  outcome *3 + *3                            # P: the previous player wins
  mex {0, 1, 2, 5, 9}                        # 3
  game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }
  sequence s 0..14                           # 0 1 0 1 2 3 2 0 1 0 1 2 3 2
  explain s(10)                              # its options, their values, the mex
  period s                                   # pre-period 0, period 7 ...
  moves s(10) + nim(3)                       # winning moves in a sum
  let two = s(2) + s(2)
  check grundy two == 0                      # ok ...

Commands:";

const TOUR_END: &str = "\
Tab completes keywords, commands, the names defined so far and file names.
Ctrl-C stops a long computation and keeps the session; Ctrl-D leaves.";

/// The help tour ends by pointing to the reference.
fn tour_reference() -> String {
    format!(
        "`:help TOPIC` shows part of the language reference (`:help WORD` looks for a word in it); topics: {}.\nThe whole of it: {}.",
        topics::topics().join(", "),
        topics::WHERE
    )
}

pub struct Repl {
    pub session: Session,
    /// Diagnostics rendered in colour.
    pub color: bool,
    /// Each answer followed by the time it took (`:time`).
    pub timing: bool,
    /// Inputs so far, to name them `<repl:N>`.
    inputs: usize,
    /// The text of each `let` binding, by name, in the order made.
    lets: Vec<(String, String)>,
    /// The exit status of the contract for everything run so far,
    /// `:load`ed files and commands included: 2 if an error was reported,
    /// else 1 if a check failed, else 0 (an interruption is not counted).
    pub status: i32,
    /// The last source run (an input, a `:load`ed file) was interrupted.
    pub stopped: bool,
    /// The text of the game definition the last input ended with, which a
    /// line starting with `|` or `+` continues (as in a file).
    last_game: Option<String>,
    /// The checks graded and the errors reported so far (a piped script
    /// ends with their summary; the REPL at a terminal gives none).
    pub summary: crate::session::Summary,
}

impl Repl {
    pub fn new(session: Session) -> Self {
        Repl {
            session,
            color: false,
            timing: false,
            inputs: 0,
            lets: Vec::new(),
            status: 0,
            stopped: false,
            last_game: None,
            summary: Default::default(),
        }
    }

    /// Runs one input: statements (perhaps over several lines) or a
    /// `:command`. Blank lines and comments do nothing.
    pub fn input(&mut self, text: &str, sink: &mut dyn Sink) -> Flow {
        let trimmed = text.trim();
        if let Some(command) = trimmed.strip_prefix(':') {
            self.inputs += 1;
            self.last_game = None;
            return self.command(command, sink);
        }
        // `| { .. }` goes on with the game defined just before: the
        // definition runs again with it, which redefines the game.
        let joined;
        let text = match &self.last_game {
            Some(game) if trimmed.starts_with(['|', '+']) => {
                joined = format!("{game}\n{text}");
                joined.as_str()
            }
            _ => text,
        };
        let parsed = parse(text);
        if parsed.stmts.is_empty() && parsed.errors.is_empty() {
            return Flow::Continue;
        }
        self.last_game = parsed.stmts.last().and_then(|stmt| match stmt.kind {
            StmtKind::Game { .. } => Some(slice(text, &stmt.span).trim().to_string()),
            _ => None,
        });
        self.inputs += 1;
        let name = format!("<repl:{}>", self.inputs);
        self.run_source(&name, text, sink);
        Flow::Continue
    }

    /// The names completion offers besides keywords and built-ins: the
    /// games and `let` bindings defined so far, sorted.
    pub fn defined_names(&self) -> Vec<String> {
        let mut all: Vec<String> = self
            .session
            .game_arities()
            .into_iter()
            .map(|(n, _)| n)
            .chain(self.session.let_names())
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The games and `let` bindings defined so far, each with the number
    /// of parameters it takes (0 for a `let` value), for completion.
    pub fn defined_arities(&self) -> Vec<(String, usize)> {
        let mut all: Vec<(String, usize)> = self
            .session
            .game_arities()
            .into_iter()
            .chain(self.session.let_names().into_iter().map(|n| (n, 0)))
            .collect();
        all.sort();
        all.dedup();
        all
    }

    fn run_source(&mut self, name: &str, text: &str, sink: &mut dyn Sink) -> Report {
        let globals_before = self.session.lets_bound();
        let timing = self.timing;
        let start = Instant::now();
        let mut last = start;
        let mut answered = false;
        self.session.set_color(self.color);
        let report = self.session.run(name, text, &mut |e| {
            // A diagnostic goes where the front end puts them; JSON ones
            // go with the answers.
            let e = match e {
                Event::Error {
                    to_stdout: true, ..
                } => return sink.event(e),
                Event::Error { text, .. } => return sink.error(&text),
                e => e,
            };
            sink.event(e);
            if timing {
                let now = Instant::now();
                sink.note(&format!("time: {}", duration(now - last)));
                last = now;
                answered = true;
            }
        });
        if report.interrupted {
            sink.note("interrupted: everything defined and computed before is kept");
        }
        if timing && !answered {
            sink.note(&format!("time: {}", duration(start.elapsed())));
        }
        self.remember_lets(text, globals_before);
        self.summary.merge(report.summary());
        let status = if !report.errors.is_empty() {
            2
        } else {
            (report.failed_checks > 0) as i32
        };
        self.status = self.status.max(status);
        self.stopped = report.interrupted;
        report
    }

    /// Keeps the text of the `let` statements of a source that bound a name.
    fn remember_lets(&mut self, text: &str, globals_before: usize) {
        if self.session.lets_bound() == globals_before {
            return;
        }
        for stmt in parse(text).stmts {
            if let StmtKind::Let(name, _) = &stmt.kind {
                let bound = self
                    .session
                    .let_id(&name.text)
                    .is_some_and(|id| id >= globals_before);
                if bound {
                    self.lets.retain(|(n, _)| *n != name.text);
                    self.lets
                        .push((name.text.clone(), one_line(slice(text, &stmt.span))));
                }
            }
        }
    }

    fn command(&mut self, line: &str, sink: &mut dyn Sink) -> Flow {
        let line = line.trim();
        let (word, arg) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let arg = arg.trim();
        let word = ALIASES
            .iter()
            .find(|(a, _)| *a == word)
            .map_or(word, |(_, c)| c);
        match word {
            "help" if arg.is_empty() => self.reply(sink, word, &tour()),
            "help" => match topics::help(arg) {
                Ok(text) => self.reply(sink, word, &text),
                Err(e) => {
                    let e = e.trim_end();
                    let e = e.strip_prefix("error: ").unwrap_or(e);
                    self.refuse(sink, ErrorKind::UnknownName, word, e)
                }
            },
            "load" => self.load(arg, sink),
            "games" => self.reply(sink, word, &self.games()),
            "names" => self.reply(sink, word, &self.names()),
            "time" => match arg {
                "" | "on" | "off" => {
                    self.timing = if arg.is_empty() {
                        !self.timing
                    } else {
                        arg == "on"
                    };
                    let text = if self.timing {
                        "timing on: each answer is followed by the time it took"
                    } else {
                        "timing off"
                    };
                    let object = json!({ "command": "time", "timing": self.timing });
                    self.reply_with(sink, text, object);
                }
                _ => self.refuse(
                    sink,
                    ErrorKind::Argument,
                    word,
                    &format!("`:time` takes `on`, `off` or nothing, not `{arg}`"),
                ),
            },
            "format" => match (arg, Format::named(arg)) {
                ("", _) => {
                    let name = self.session.format().name();
                    let text =
                        format!("format {name}: `:format json` or `:format text` changes it");
                    self.reply_with(sink, &text, json!({ "command": "format", "format": name }));
                }
                (_, Some(f)) => {
                    self.session.set_format(f);
                    let text = match f {
                        Format::Json => {
                            "format json: each answer and error is one JSON object a line"
                        }
                        Format::Text => "format text",
                    };
                    let object = json!({ "command": "format", "format": f.name() });
                    self.reply_with(sink, text, object);
                }
                _ => self.refuse(
                    sink,
                    ErrorKind::Argument,
                    word,
                    &format!("`:format` takes `text` or `json`, not `{arg}`"),
                ),
            },
            "limits" => self.reply(sink, word, &self.limits()),
            "reset" => {
                let watch = self.session.take_watch();
                let format = self.session.format();
                self.session = Session::new(watch);
                self.session.set_format(format);
                self.lets.clear();
                let text = "a fresh session: every definition and computed value is forgotten";
                self.reply(sink, word, text);
            }
            "quit" => return Flow::Quit,
            "" => self.refuse(
                sink,
                ErrorKind::Parse,
                "",
                "a command name goes after `:`; `:help` lists them",
            ),
            _ => {
                let names = COMMANDS.iter().map(|c| c.0);
                let guess = names
                    .filter(|c| strsim::levenshtein(word, c) <= 2 || c.starts_with(word))
                    .min_by_key(|c| strsim::levenshtein(word, c))
                    .map(|c| format!(" did you mean `:{c}`?"))
                    .unwrap_or_default();
                let message =
                    format!("unknown command `:{word}`;{guess} `:help` lists the commands");
                self.refuse(sink, ErrorKind::UnknownName, word, &message);
            }
        }
        Flow::Continue
    }

    fn load(&mut self, arg: &str, sink: &mut dyn Sink) {
        let path = unquote(arg);
        let path = path.as_ref();
        if path.is_empty() {
            let message = "`:load` needs a file, e.g. `:load examples/kayles.mex`";
            return self.refuse(sink, ErrorKind::Argument, "load", message);
        }
        let path = expand_home(path);
        let text = match file::read_source(std::path::Path::new(&path)) {
            Ok(text) => text,
            Err(e) => {
                let message = format!("cannot read {path}: {e}");
                return self.refuse(sink, ErrorKind::Io, "load", &message);
            }
        };
        let before: Vec<String> = self.defined_names();
        let report = self.run_source(&path, &text, sink);
        let new: Vec<String> = self
            .defined_names()
            .into_iter()
            .filter(|n| !before.contains(n))
            .collect();
        if !report.interrupted {
            // The statements without errors ran, and their names stay.
            let errors = match report.errors.len() {
                0 => String::new(),
                1 => " (with 1 error)".to_string(),
                n => format!(" (with {n} errors)"),
            };
            let text = if new.is_empty() {
                format!("loaded {path}{errors}")
            } else {
                format!("loaded {path}{errors}: {}", new.join(", "))
            };
            let object = json!({
                "command": "load",
                "file": path,
                "defined": new,
                "errors": report.errors.len(),
                "failed_checks": report.failed_checks,
            });
            self.reply_with(sink, &text, object);
        }
    }

    /// The games defined so far, each with the statement that defines it.
    pub fn games(&self) -> String {
        let games = self.session.game_definitions();
        if games.is_empty() {
            return "no games defined yet; for example:\n  game s(n) = { s(n - k) for k in {1, 2} if k <= n }".into();
        }
        games
            .into_iter()
            .map(|(text, family)| {
                let mut line = one_line(&text);
                // a rule recognized as a family's runs on that family's engine
                if let Some(rule) = family {
                    line.push_str(&format!("  # runs as {rule}"));
                }
                line
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether a game is defined (one whose definition has an error is not).
    fn has_games(&self) -> bool {
        !self.session.game_definitions().is_empty()
    }

    /// Every name defined so far: the games, then the `let` bindings.
    pub fn names(&self) -> String {
        if !self.has_games() && self.lets.is_empty() {
            return "nothing defined yet: `game` defines a game, `let` names a value".into();
        }
        let mut out = Vec::new();
        if self.has_games() {
            out.push(self.games());
        }
        for (name, text) in &self.lets {
            if self.session.let_id(name).is_some() {
                out.push(text.clone());
            }
        }
        out.join("\n")
    }

    /// The limits in force, and how to change each.
    pub fn limits(&self) -> String {
        let limits = self.session.limits();
        let mut lines = Vec::new();
        for (name, setting, what) in Setting::ALL {
            let v = limits.get(*setting);
            let default = Limits::default().get(*setting);
            let note = if *setting == Setting::Period && limits.period.is_none() {
                " (the heap limit)".to_string()
            } else if v == default {
                String::new()
            } else {
                format!(" (default {default})")
            };
            lines.push(format!("{name:<10} {v:<12} {what}{note}"));
        }
        lines.push(format!(
            "{} positions are in the memo now; `set NAME N` changes a limit, e.g. `set positions 50000000`",
            self.session.positions_held()
        ));
        lines.join("\n")
    }
}

/// The `:help` text.
pub fn tour() -> String {
    let mut out = String::from(TOUR);
    for (name, arg, what) in COMMANDS {
        let left = if arg.is_empty() {
            format!(":{name}")
        } else {
            format!(":{name} {arg}")
        };
        out.push_str(&format!("\n  {left:<16} {what}"));
    }
    out.push('\n');
    out.push_str(TOUR_END);
    out.push('\n');
    out.push_str(&tour_reference());
    out
}

/// How long something took, for `:time`.
pub fn duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 1.0 {
        format!("{:.1} ms", secs * 1000.0)
    } else {
        format!("{secs:.2} s")
    }
}

fn slice<'a>(text: &'a str, span: &std::ops::Range<usize>) -> &'a str {
    let end = span.end.min(text.len());
    text.get(span.start.min(end)..end).unwrap_or("")
}

/// A statement on one line: comments dropped, lines joined, no final `;`.
fn one_line(text: &str) -> String {
    let parts: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    let mut line = parts.join(" ");
    while line.ends_with(';') {
        line.pop();
        line.truncate(line.trim_end().len());
    }
    line
}

/// A file name as typed after `:load`: in quotes, or bare with `\` before
/// a space or another special character (as Tab completion writes it).
fn unquote(s: &str) -> std::borrow::Cow<'_, str> {
    for q in ['"', '\''] {
        if let Some(inner) = s.strip_prefix(q).and_then(|s| s.strip_suffix(q)) {
            return inner.into();
        }
    }
    if cfg!(windows) || !s.contains('\\') {
        return s.into();
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out.into()
}

fn expand_home(path: &str) -> String {
    if let Some(rest) = path.strip_prefix("~/")
        && let Some(home) = std::env::var_os("HOME")
    {
        return std::path::Path::new(&home).join(rest).display().to_string();
    }
    path.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_joins_a_definition() {
        let text = "game gg(n) = {   # Grundy's game\n    gg(a) + gg(n - a)\n    for a in 1..n if a < n - a\n}";
        assert_eq!(
            one_line(text),
            "game gg(n) = { gg(a) + gg(n - a) for a in 1..n if a < n - a }"
        );
        assert_eq!(one_line("let x = 3;"), "let x = 3");
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(duration(Duration::from_micros(1500)), "1.5 ms");
        assert_eq!(duration(Duration::from_millis(2500)), "2.50 s");
    }

    #[test]
    fn unquoted_paths() {
        assert_eq!(unquote("\"a b.mex\""), "a b.mex");
        assert_eq!(unquote("a.mex"), "a.mex");
        assert_eq!(unquote("my\\ notes/a\\ b.mex"), "my notes/a b.mex");
    }
}
