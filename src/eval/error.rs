//! Why an evaluation stopped: an error to report, or the user's Ctrl-C;
//! and the errors of evaluation as facts ([`Fault`], [`LimitError`]),
//! worded into a [`Diagnostic`] here, in one place.

use crate::diag::{Diagnostic, ErrorKind, LimitFacts, SourceId};
use crate::engine::Interrupted;
use crate::ir::{BinOp, Loc, Setting};
use std::ops::Range;

#[derive(Debug, Clone, PartialEq)]
pub enum EvalError {
    Failed(Box<Diagnostic>),
    Interrupted,
}

impl From<Diagnostic> for EvalError {
    fn from(d: Diagnostic) -> Self {
        EvalError::Failed(Box::new(d))
    }
}

impl From<Interrupted> for EvalError {
    fn from(_: Interrupted) -> Self {
        EvalError::Interrupted
    }
}

impl EvalError {
    /// Adds a note (such as which position was being worked out).
    pub fn note(self, note: impl Into<String>) -> Self {
        match self {
            EvalError::Failed(d) => EvalError::Failed(Box::new(d.note(note))),
            other => other,
        }
    }

    /// The kind of the error (none for an interruption).
    pub fn kind(&self) -> Option<ErrorKind> {
        match self {
            EvalError::Failed(d) => Some(d.kind),
            EvalError::Interrupted => None,
        }
    }

    /// The limit passed, when the error is a limit error.
    pub fn limit(&self) -> Option<&LimitFacts> {
        match self {
            EvalError::Failed(d) => d.limit.as_ref(),
            EvalError::Interrupted => None,
        }
    }
}

/// How the message of an error about a loopy game starts.
pub const LOOPY: &str = "loopy game: ";

/// The errors of evaluation, as facts: each becomes a diagnostic in
/// [`Fault::diagnostic`].
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// An integer expression below zero, divided by zero, or past 64 bits,
    /// with the operands it had.
    Arithmetic { op: BinOp, x: u64, y: u64, loc: Loc },
    /// A `let` name used by a game whose rule runs before the `let` does.
    Unbound { loc: Loc },
    /// A `set` limit passed.
    Limit(LimitError),
    /// A position reached from itself, in a question that needs a game
    /// that always ends: `position`, and the cycle's positions in order.
    Cycle {
        loc: Loc,
        position: String,
        cycle: Vec<String>,
    },
    /// The positions of `game` grow without end, from `first` to `last`.
    Endless {
        loc: Loc,
        game: String,
        first: String,
        last: String,
    },
    /// A position of a game with no rule to run.
    NoRule { loc: Loc, position: String },
    /// A position of a product of coin games, used inside a rule.
    ProductInRule { position: String },
    /// The moves of `product` cannot be listed: an option of `option_of`
    /// is not a sum of single heads of `game` left of `n`.
    ProductMoves {
        product: String,
        option_of: String,
        game: String,
        n: u64,
    },
    /// A state the code holds cannot happen (a bug), said in words.
    Internal(String),
}

impl Fault {
    pub fn kind(&self) -> ErrorKind {
        match self {
            Fault::Arithmetic { .. } => ErrorKind::Arithmetic,
            Fault::Unbound { .. } => ErrorKind::Definition,
            Fault::Limit(_) => ErrorKind::Limit,
            Fault::Cycle { .. } | Fault::Endless { .. } => ErrorKind::Loop,
            Fault::NoRule { .. } => ErrorKind::Definition,
            Fault::ProductInRule { .. } | Fault::ProductMoves { .. } => ErrorKind::Unsupported,
            Fault::Internal(_) => ErrorKind::Internal,
        }
    }

    /// The words of the fault: the one place evaluation's errors are worded.
    pub fn diagnostic(self) -> Diagnostic {
        let kind = self.kind();
        match self {
            Fault::Arithmetic { op, x, y, loc } => {
                let d = |message: &str| Diagnostic::error(kind, loc.range(), message).at(loc.src);
                match op {
                    BinOp::Sub => d("subtraction below zero")
                        .label(format!("here this is {x} - {y}, which is negative"))
                        .hint("integers are unsigned: guard the option, e.g. `if k <= n`"),
                    BinOp::Div | BinOp::Rem | BinOp::NimDiv => {
                        d("division by zero").label(format!("here this divides {x} by 0"))
                    }
                    _ => d("integer overflow")
                        .label(format!("{x} {} {y} does not fit in 64 bits", op.symbol()))
                        .hint(format!(
                            "integers are unsigned 64-bit: at most {}",
                            u64::MAX
                        )),
                }
            }
            Fault::Unbound { loc } => Diagnostic::error(
                kind,
                loc.range(),
                "a `let` name is used before its `let` has run",
            )
            .at(loc.src)
            .hint("put the `let` before the first question that needs it"),
            Fault::Limit(l) => l.diagnostic(),
            Fault::Cycle { loc, position, cycle } => Diagnostic::error(
                kind,
                loc.range(),
                format!("{LOOPY}{position} can be reached from itself"),
            )
            .at(loc.src)
            .label("this game's rule leads back to an earlier position")
            .note(format!("the cycle: {}", cycle.join(" -> ")))
            .hint("`grundy`, `outcome`, `moves` and `explain` answer for a loopy game (with ∞ and draws); this question needs a game that always ends"),
            Fault::Endless { loc, game, first, last } => Diagnostic::error(
                kind,
                loc.range(),
                format!(
                    "the positions of `{game}` grow without end: {first} -> ... -> {last}, each move to a larger position"
                ),
            )
            .at(loc.src)
            .label("this rule's moves never reach a position without options")
            .hint("no limit is enough for it: guard the moves so that they end (`if k <= n`), or let them make positions smaller"),
            Fault::NoRule { loc, position } => {
                Diagnostic::error(kind, loc.range(), format!("`{position}` has no rule")).at(loc.src)
            }
            Fault::ProductInRule { position } => Diagnostic::unplaced(
                kind,
                format!(
                    "{position} is a position of a product of coin games, valued by the Tartan theorem: it cannot be used inside another game's rule"
                ),
            )
            .hint("add it to the sum with `+` where the question is asked"),
            Fault::ProductMoves {
                product,
                option_of,
                game,
                n,
            } => Diagnostic::unplaced(
                kind,
                format!(
                    "the moves of {product} cannot be listed: an option of {option_of} is not a sum of single heads of `{game}` left of {n}"
                ),
            ),
            Fault::Internal(what) => Diagnostic::unplaced(kind, format!("internal error: {what}")),
        }
    }
}

impl From<Fault> for Diagnostic {
    fn from(f: Fault) -> Self {
        f.diagnostic()
    }
}

impl From<Fault> for EvalError {
    fn from(f: Fault) -> Self {
        EvalError::from(f.diagnostic())
    }
}

/// An arithmetic error at an integer expression: a subtraction below zero,
/// a division by zero or an overflow, with the operands it had.
pub fn arith_error(op: BinOp, x: u64, y: u64, loc: Loc) -> EvalError {
    EvalError::from(Fault::Arithmetic { op, x, y, loc })
}

/// A `let` name used by a game whose rule runs before the `let` does.
pub fn unbound(loc: Loc) -> EvalError {
    EvalError::from(Fault::Unbound { loc })
}

/// An internal error (a bug): `what` says what cannot be.
pub fn internal(what: impl Into<String>) -> EvalError {
    EvalError::from(Fault::Internal(what.into()))
}

/// The name `set` knows a setting by.
pub fn setting_name(setting: Setting) -> &'static str {
    Setting::ALL
        .iter()
        .find(|(_, s, _)| *s == setting)
        .map_or("", |(n, _, _)| n)
}

/// A `set` limit that a question passed, or would pass: the facts first
/// (which setting, the value that would be enough, the limit in force, as
/// `set` writes them), then what the place that found it says of it. The
/// hint that names the `set` is worded from the facts, in
/// [`LimitError::diagnostic`]; evaluation and the queries share the type.
#[derive(Debug, Clone, PartialEq)]
pub struct LimitError {
    pub setting: Setting,
    /// The value of the setting that would be enough, as far as it is
    /// known (the one the hint names).
    pub needed: Option<u128>,
    /// The limit in force.
    pub allowed: u64,
    /// What passed it, in words (the message).
    pub message: String,
    /// The text it points at, if it has a place of its own.
    pub place: Option<(Range<usize>, SourceId)>,
    pub label: Option<String>,
    /// Words of the hint before the `set` (another way to answer).
    pub before: String,
    /// How the hint goes on after `set NAME VALUE` (" raises the limit").
    pub after: String,
    /// Whether the hint writes `N` for a value not known (else nothing).
    pub placeholder: bool,
    /// The hint instead of naming the `set`, where raising the limit is
    /// no help (listing 2^60 options takes years whatever the limit).
    pub no_help: Option<String>,
    pub notes: Vec<String>,
}

impl LimitError {
    /// A limit passed: `setting` allows `allowed`; `needed` would be
    /// enough. The hint says by default that `set` raises the limit.
    pub fn new(
        setting: Setting,
        needed: Option<impl Into<u128>>,
        allowed: u64,
        message: impl Into<String>,
    ) -> Self {
        LimitError {
            setting,
            needed: needed.map(Into::into),
            allowed,
            message: message.into(),
            place: None,
            label: None,
            before: String::new(),
            after: " raises the limit".into(),
            placeholder: false,
            no_help: None,
            notes: Vec::new(),
        }
    }

    /// Points it at a place in a source.
    pub fn at(mut self, loc: Loc) -> Self {
        self.place = Some((loc.range(), loc.src));
        self
    }

    /// Points it at a span of a source.
    pub fn span(mut self, span: Range<usize>, src: SourceId) -> Self {
        self.place = Some((span, src));
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// How the hint goes on after `` `set NAME VALUE` `` and a space.
    pub fn then(mut self, after: impl AsRef<str>) -> Self {
        self.after = format!(" {}", after.as_ref());
        self
    }

    /// How the hint goes on right after `` `set NAME VALUE` ``: `, `set
    /// work 10` and ...` when it names more settings.
    pub fn then_right_after(mut self, after: impl Into<String>) -> Self {
        self.after = after.into();
        self
    }

    /// Words of the hint before the `set`.
    pub fn before(mut self, before: impl Into<String>) -> Self {
        self.before = before.into();
        self
    }

    /// The hint writes `set NAME N` when the value needed is not known.
    pub fn placeholder(mut self) -> Self {
        self.placeholder = true;
        self
    }

    /// Raising the limit is no help: the hint says `why` instead.
    pub fn no_help(mut self, why: impl Into<String>) -> Self {
        self.no_help = Some(why.into());
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn facts(&self) -> LimitFacts {
        LimitFacts {
            setting: setting_name(self.setting),
            needed: self.needed,
            allowed: self.allowed,
        }
    }

    /// The hint, worded from the facts: `` `set heap 1001` raises the limit ``.
    pub fn hint(&self) -> String {
        if let Some(why) = &self.no_help {
            return why.clone();
        }
        let value = match self.needed {
            Some(n) => format!(" {n}"),
            None if self.placeholder => " N".into(),
            None => String::new(),
        };
        let name = setting_name(self.setting);
        format!("{}`set {name}{value}`{}", self.before, self.after)
    }

    /// The diagnostic: the one place a limit error is worded.
    pub fn diagnostic(self) -> Diagnostic {
        let hint = self.hint();
        let facts = self.facts();
        let mut d = match self.place {
            Some((span, src)) => Diagnostic::error(ErrorKind::Limit, span, self.message).at(src),
            None => Diagnostic::unplaced(ErrorKind::Limit, self.message),
        }
        .limit(facts);
        if let Some(l) = self.label {
            d = d.label(l);
        }
        d = d.hint(hint);
        for n in self.notes {
            d = d.note(n);
        }
        d
    }
}

impl From<LimitError> for Diagnostic {
    fn from(l: LimitError) -> Self {
        l.diagnostic()
    }
}

impl From<LimitError> for EvalError {
    fn from(l: LimitError) -> Self {
        EvalError::from(l.diagnostic())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_error_words_its_hint_from_its_facts() {
        let e = LimitError::new(Setting::Heap, Some(1001u64), 100, "past the heap limit");
        assert_eq!(e.hint(), "`set heap 1001` raises the limit");
        let d = e.clone().then("allows it").diagnostic();
        assert_eq!(d.kind, ErrorKind::Limit);
        assert_eq!(d.hint.as_deref(), Some("`set heap 1001` allows it"));
        assert_eq!(
            d.limit,
            Some(LimitFacts {
                setting: "heap",
                needed: Some(1001),
                allowed: 100
            })
        );
        // no value known: nothing, or `N` where the hint names one
        let none = LimitError::new(Setting::Options, None::<u64>, 10, "m");
        assert_eq!(none.hint(), "`set options` raises the limit");
        assert_eq!(
            none.clone().placeholder().hint(),
            "`set options N` raises the limit"
        );
        let more = none.before("or so; ").then_right_after(", and more");
        assert_eq!(more.hint(), "or so; `set options`, and more");
        // raising it is no help: the facts stay, the hint says why
        let years = LimitError::new(Setting::Options, Some(1u128 << 70), 10, "m").no_help("years");
        let d = years.diagnostic();
        assert_eq!(d.hint.as_deref(), Some("years"));
        assert_eq!(d.limit.map(|l| l.needed), Some(Some(1u128 << 70)));
    }

    #[test]
    fn every_fault_has_its_kind() {
        let loc = Loc::new(0, &(0..1));
        let kinds = [
            (
                Fault::Arithmetic {
                    op: BinOp::Sub,
                    x: 3,
                    y: 5,
                    loc,
                },
                ErrorKind::Arithmetic,
            ),
            (Fault::Unbound { loc }, ErrorKind::Definition),
            (
                Fault::Cycle {
                    loc,
                    position: "g(0)".into(),
                    cycle: vec!["g(0)".into(), "g(0)".into()],
                },
                ErrorKind::Loop,
            ),
            (Fault::Internal("x".into()), ErrorKind::Internal),
        ];
        for (f, k) in kinds {
            let d = f.diagnostic();
            assert_eq!(d.kind, k, "{d:?}");
            assert!(d.limit.is_none());
        }
    }
}
