//! Questions and `check`s: queries lowered to IR, and what a `check`
//! expects (a value, a nimber, `P` or `N`, values, a period, a winning
//! move, equivalence).

use super::Checker;
use super::expr::{Named, R, plural};
use crate::diag::ErrorKind;
use crate::ir::{Expect, FormQuestion, GameId, QueryIr, RangeIr, TableSource, TableStyle};
use crate::syntax::ast::{self, Atom, Check, Query};
use crate::syntax::hints::CHECKABLE;

impl Checker<'_> {
    pub(super) fn query(&mut self, q: &Query) -> R<QueryIr> {
        if let Query::Grundy(e)
        | Query::Outcome(e)
        | Query::MisereOutcome(e)
        | Query::MisereGrundy(e)
        | Query::Mex(e) = q
            && let ast::ExprKind::Cmp(ast::CmpOp::Eq, _, _) = e.kind
        {
            let word = match q {
                Query::Grundy(_) => "grundy",
                Query::Outcome(_) => "outcome",
                Query::MisereOutcome(_) => "misere outcome",
                Query::MisereGrundy(_) => "misere grundy",
                _ => "mex",
            };
            return Err(self.answer_without_check(word, e));
        }
        Ok(match q {
            Query::Grundy(e) => QueryIr::Grundy(self.game(e)?),
            Query::Outcome(e) => QueryIr::Outcome(self.game(e)?),
            Query::MisereOutcome(e) => QueryIr::MisereOutcome(self.game(e)?),
            Query::MisereGrundy(e) => QueryIr::MisereGrundy(self.game(e)?),
            Query::MisereMoves(e) => QueryIr::MisereMoves(self.game(e)?),
            Query::MisereExplain(e) => QueryIr::MisereExplain(self.game(e)?),
            Query::Genus(e) => QueryIr::Genus(self.game(e)?),
            Query::MisereForm(word, e) => QueryIr::MisereForm(self.form_question(word)?, self.game(e)?),
            Query::MisereQuotient(word, name, to, n) => {
                let example = "`misere quotient NAME to N`, for a game defined by a rule such as `game k = octal 0.77`";
                self.word(word, "quotient", example)?;
                self.word(to, "to", example)?;
                QueryIr::MisereQuotient(self.game_named(name, 1)?, self.int(n)?)
            }
            Query::Moves(e) => QueryIr::Moves(self.game(e)?),
            Query::Explain(e) => QueryIr::Explain(self.game(e)?),
            Query::Mex(e) => QueryIr::Mex(self.int_set(e)?),
            Query::Equiv(a, b) => QueryIr::Equiv(self.game(a)?, self.game(b)?),
            Query::Sequence(name, r) => {
                QueryIr::Sequence(self.game_named(name, 1)?, self.range(r)?)
            }
            Query::Period(name) => QueryIr::Period(self.game_named(name, 1)?),
            Query::Table(name, rows, cols) => QueryIr::Table(
                self.table_source(name)?,
                self.range(rows)?,
                self.range(cols)?,
            ),
            Query::SequenceBy(name, r, by, k) => {
                if by.text == "to" {
                    return Err(self.file_unquoted(name, r, k));
                }
                self.word(
                    by,
                    "by",
                    "`sequence NAME a..b by K` writes rows of K values",
                )?;
                QueryIr::SequenceBy(self.game_named(name, 1)?, self.range(r)?, self.int(k)?)
            }
            Query::TableAs(name, rows, cols, word, style) => {
                self.word(
                    word,
                    "as",
                    "`table NAME a..b c..d as markdown` (or `as latex`, `as csv`)",
                )?;
                let Some(&(_, style)) = TableStyle::NAMED.iter().find(|(n, _)| *n == style.text)
                else {
                    return Err(self
                        .err(
                            ErrorKind::UnknownName,
                            &style.span,
                            format!("unknown table format `{}`", style.text),
                        )
                        .label("not a format")
                        .hint("`as markdown`, `as latex` or `as csv`"));
                };
                QueryIr::TableAs(
                    self.table_source(name)?,
                    self.range(rows)?,
                    self.range(cols)?,
                    style,
                )
            }
            Query::Plot(p) => QueryIr::Plot(Box::new(self.plot(p)?)),
            Query::Research(r) => QueryIr::Research(Box::new(self.research(r)?)),
            Query::PeriodFrom(p) => QueryIr::PeriodFrom(Box::new(self.period_from(p)?)),
        })
    }

    /// The game of a `table`: a two-parameter game, or `nimsum`.
    pub(super) fn table_source(&mut self, name: &ast::Name) -> R<TableSource> {
        Ok(match self.lookup(&name.text) {
            Named::Unknown if name.text == "nimsum" => TableSource::Nimsum,
            Named::Unknown if name.text == "nimprod" => TableSource::Nimprod,
            _ => TableSource::Game(self.game_named(name, 2)?),
        })
    }

    /// A word that a statement needs in this place, such as `by` or `to`.
    pub(super) fn word(&self, name: &ast::Name, want: &str, example: &str) -> R<()> {
        if name.text == want {
            return Ok(());
        }
        Err(self
            .err(
                ErrorKind::Parse,
                &name.span,
                format!("expected `{want}` here, found `{}`", name.text),
            )
            .label(format!("`{want}` goes here"))
            .hint(example.to_string()))
    }

    /// The question `misere WORD G` asks of G's canonical form.
    fn form_question(&self, word: &ast::Name) -> R<FormQuestion> {
        if let Some((_, q)) = FormQuestion::ALL.iter().find(|(w, _)| *w == word.text) {
            return Ok(*q);
        }
        let words: Vec<&str> = FormQuestion::ALL.iter().map(|(w, _)| *w).collect();
        let near = ["outcome", "grundy", "moves", "explain", "quotient"]
            .iter()
            .chain(&words)
            .copied()
            .max_by(|a, b| {
                strsim::jaro_winkler(a, &word.text).total_cmp(&strsim::jaro_winkler(b, &word.text))
            })
            .filter(|w| strsim::jaro_winkler(w, &word.text) > 0.8);
        let d = self
            .err(
                ErrorKind::Parse,
                &word.span,
                format!("`misere {}` is not a question", word.text),
            )
            .label("not a misère question");
        Err(match near {
            Some("quotient") => d.hint("`misere quotient NAME to N`, for a game defined by a rule"),
            Some(w) => d.hint(format!("did you mean `misere {w}`?")),
            None => d.hint(format!(
                "misère questions: `misere outcome`, `grundy`, `moves`, `explain`, `quotient`, `{}`",
                words.join("`, `")
            )),
        })
    }

    /// `grundy G == 3` without `check`: a comparison is not a game.
    fn answer_without_check(&self, word: &str, e: &ast::Expr) -> crate::diag::Diagnostic {
        let line = self.text(&e.span);
        self.err(
            ErrorKind::Check,
            &e.span,
            "a question followed by `== ANSWER` is a `check`",
        )
        .label("this compares; it has no value to show")
        .hint(format!("to grade the answer, write `check {word} {line}`"))
    }

    pub(super) fn range(&mut self, r: &ast::Range) -> R<RangeIr> {
        Ok(RangeIr {
            lo: self.int(&r.lo)?,
            hi: self.int(&r.hi)?,
            inclusive: r.inclusive,
        })
    }

    /// A game given by name, which must take `arity` parameters.
    pub(super) fn game_named(&mut self, name: &ast::Name, arity: usize) -> R<GameId> {
        let what = if arity == 1 {
            "`sequence` and `period` are for one-parameter games defined with `game`, such as `game s = subtraction {1, 2}`"
        } else {
            "`table` is for two-parameter games defined with `game`, or `nimsum`"
        };
        match self.resolve(name)? {
            Named::Game(id, a) if a == arity => Ok(id),
            Named::Game(_, a) => Err(self
                .err(
                    ErrorKind::Type,
                    &name.span,
                    format!(
                        "`{}` takes {a} parameter{}; this needs a game of {arity}",
                        name.text,
                        plural(a)
                    ),
                )
                .label(format!("a game of {a} parameter{}", plural(a)))
                .hint(what)),
            Named::Unknown if name.text == "nim" => Err(self
                .err(
                    ErrorKind::Type,
                    &name.span,
                    "`nim` is built in: `nim(n)` has the value n",
                )
                .label("its values are 0, 1, 2, 3, ...")
                .hint(if arity == 1 {
                    what
                } else {
                    "for the nim-sums of two heaps, `table nimsum 0..8 0..8`"
                })),
            Named::Unknown if name.text == "nimsum" => Err(self
                .err(
                    ErrorKind::Type,
                    &name.span,
                    "`nimsum` is the nim-sum (xor) of integers, not a game",
                )
                .label("built in: `nimsum(6, 12, 9)` is 3")
                .hint("`table nimsum 0..8 0..8` shows the nim-sums of two numbers")),
            Named::Unknown => Err(self.unknown(name)),
            _ => Err(self
                .err(
                    ErrorKind::Type,
                    &name.span,
                    format!("`{}` is not a game", name.text),
                )
                .label(format!("`{}` is a `let` name", name.text))
                .hint(what)),
        }
    }

    /// A `check`: the question it asks and the answer it expects.
    pub(super) fn check(&mut self, c: &Check) -> R<(QueryIr, Expect)> {
        match c {
            Check::Blank { at, .. } => Err(self
                .err(ErrorKind::Check, at, "this question is not answered yet")
                .label("`?` stands for an answer")
                .hint("write your answer in place of `?`: a value, `P` or `N`, or the position after the move")),
            Check::Answer {
                query,
                at,
                expect,
                expect_at,
            } => {
                if let Query::Moves(_)
                | Query::Genus(_)
                | Query::MisereQuotient(..)
                | Query::Explain(_)
                | Query::MisereExplain(_)
                | Query::Table(..)
                | Query::TableAs(..)
                | Query::SequenceBy(..)
                | Query::Plot(_)
                | Query::Research(_)
                | Query::PeriodFrom(_)
                | Query::Equiv(..) = **query
                {
                    return Err(self.uncheckable(query, at));
                }
                let q = self.query(query)?;
                let e = self.expect(&q, expect, expect_at)?;
                Ok((q, e))
            }
            Check::Move(g, h) => Ok((
                QueryIr::Moves(self.game(g)?),
                Expect::Move {
                    to: self.game(h)?,
                    written: self.text(&h.span).to_string(),
                },
            )),
            Check::Equiv(g, h) => Ok((
                QueryIr::Equiv(self.game(g)?, self.game(h)?),
                Expect::Equivalent,
            )),
            Check::MisereEquiv(g, h) => Ok((
                QueryIr::MisereEquiv(self.game(g)?, self.game(h)?),
                Expect::Equivalent,
            )),
        }
    }

    fn uncheckable(&self, query: &Query, at: &ast::Span) -> crate::diag::Diagnostic {
        let word = self
            .text(at)
            .split_whitespace()
            .next()
            .unwrap_or("this")
            .to_string();
        let d = self
            .err(
                ErrorKind::Check,
                &(at.start..at.start + word.len()),
                format!("`{word}` cannot be checked"),
            )
            .label("not a question with one answer to compare")
            .hint(format!("`check` grades {CHECKABLE}"));
        match query {
            Query::Moves(_) => d.note("to check that a move wins, write `check move G -> H`"),
            Query::Equiv(..) => d.note("write `check equiv G, H`, with nothing after it"),
            _ => d,
        }
    }

    fn expect(&self, q: &QueryIr, atoms: &[Atom], span: &ast::Span) -> R<Expect> {
        // A nimber `*4` stands for its value wherever a value is expected.
        let ints: Option<Vec<u64>> = atoms
            .iter()
            .map(|a| match a {
                Atom::Int(n) | Atom::Nimber(n) => Some(*n),
                Atom::Word(_) => None,
            })
            .collect();
        let bad = |what: &str| {
            self.err(
                ErrorKind::Check,
                span,
                format!("expected {what} after `==`"),
            )
            .label(format!("not {what}"))
        };
        match q {
            QueryIr::Grundy(_) | QueryIr::MisereGrundy(_) | QueryIr::Mex(_) => {
                match ints.as_deref() {
                    Some([n]) => Ok(Expect::Value(*n)),
                    _ => Err(bad("one integer")
                        .hint("a value, or a nimber: `check grundy *5 + *1 == 4` or `== *4`")),
                }
            }
            QueryIr::Outcome(_) | QueryIr::MisereOutcome(_) => {
                match atoms {
                    [Atom::Word(w)] if w.eq_ignore_ascii_case("p") => Ok(Expect::Outcome(true)),
                    [Atom::Word(w)] if w.eq_ignore_ascii_case("n") => Ok(Expect::Outcome(false)),
                    [Atom::Word(w)]
                        if w.eq_ignore_ascii_case("d") && matches!(q, QueryIr::Outcome(_)) =>
                    {
                        Ok(Expect::Draw)
                    }
                    _ => Err(bad("`P` or `N`")
                        .hint("P: the previous player wins; N: the next player wins")),
                }
            }
            QueryIr::Sequence(..) => match ints {
                Some(v) => Ok(Expect::Values(v)),
                None => Err(bad("the values, separated by spaces")
                    .hint("for example `check sequence s 0..5 == 0 1 2 0 1`")),
            },
            QueryIr::Period(_) => match ints.as_deref() {
                Some([a, b]) => Ok(Expect::Period(*a, *b)),
                _ => Err(bad("two integers: the pre-period and the period")
                    .hint("for Kayles: `check period kayles == 71 12`")),
            },
            _ => Err(self
                .err(ErrorKind::Check, span, "this question cannot be checked")
                .label("nothing to compare this with")
                .hint(format!("`check` grades {CHECKABLE}"))),
        }
    }
}
