//! Statements: game definitions (hoisted within their unit), `let`, `set`,
//! queries and `check`s, lowered to the actions the session runs.

use super::Checker;
use super::expr::{Named, R, plural};
use crate::diag::Diagnostic;
use crate::engine::code::parse_code;
use crate::engine::rule::HeapRule;
use crate::ir::arith;
use crate::ir::{
    Action, DefKind, Expect, GameDef, GameId, IntExpr, IntKind, PlotIr, PlotOf, QueryIr, RangeIr,
    Rule, Setting, TableSource, TableStyle, Type, Typed, Unit,
};
use crate::syntax::ast::{self, Atom, Body, ExprKind, Query, Stmt, StmtKind};

impl Checker<'_> {
    pub(super) fn run(&mut self, stmts: &[Stmt]) -> Result<Unit, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let mut unit = Unit {
            games: Vec::new(),
            actions: Vec::new(),
            locs: Vec::new(),
        };
        self.declare_games(stmts, &mut errors);
        for s in stmts {
            self.locals.clear();
            self.max_locals = 0;
            self.depth = 0;
            match self.stmt(s, &mut unit) {
                Ok(()) => {}
                Err(d) => errors.push(d),
            }
            while unit.locs.len() < unit.actions.len() {
                unit.locs.push(self.loc(&s.span));
            }
        }
        if errors.is_empty() {
            Ok(unit)
        } else {
            Err(errors)
        }
    }

    /// Gives every game of the unit its id before any body is checked.
    fn declare_games(&mut self, stmts: &[Stmt], errors: &mut Vec<Diagnostic>) {
        let mut next = self.games.len();
        for s in stmts {
            let StmtKind::Game { name, params, body } = &s.kind else {
                continue;
            };
            // A rule family defines a one-parameter heap game: `kayles(n)`.
            let arity = if matches!(body, Body::Family(..)) {
                1
            } else {
                params.len()
            };
            if let Some(first) = stmts.iter().find_map(|t| match &t.kind {
                StmtKind::Game { name: n, .. } if n.text == name.text => Some(n),
                _ => None,
            }) && first.span != name.span
            {
                errors.push(
                    self.err(&name.span, format!("`{}` is defined twice", name.text))
                        .label("second definition")
                        .secondary(first.span.clone(), "first definition")
                        .hint("give one of them another name"),
                );
                continue;
            }
            let id = match self.names.games.get(&name.text) {
                Some(&(id, old)) if old == arity => id,
                Some(&(_, old)) => {
                    errors.push(
                        self.err(&name.span, format!("`{}` already has {old} parameter{}", name.text, plural(old)))
                            .label(format!("redefined with {arity}"))
                            .hint("a new definition must keep the number of parameters; or choose a new name"),
                    );
                    continue;
                }
                None => {
                    next += 1;
                    next - 1
                }
            };
            self.unit_games.insert(name.text.clone(), (id, arity));
        }
    }

    fn stmt(&mut self, s: &Stmt, unit: &mut Unit) -> R<()> {
        let loc = self.loc(&s.span);
        match &s.kind {
            StmtKind::Error => {}
            StmtKind::Game { name, params, body } => {
                let Some(&(id, _)) = self.unit_games.get(&name.text) else {
                    return Ok(()); // reported when declared
                };
                for (i, p) in params.iter().enumerate() {
                    if params[..i].iter().any(|q| q.text == p.text) {
                        return Err(
                            self.err(&p.span, format!("parameter `{}` appears twice", p.text))
                        );
                    }
                    self.bind_local(&p.text);
                }
                let (kind, params) = match body {
                    Body::Expr(e) => {
                        let rule = match &e.kind {
                            ExprKind::Set(_) | ExprKind::Builder(..) | ExprKind::Union(..) => {
                                Rule::Options(self.options(e)?)
                            }
                            _ => Rule::Alias(self.game(e)?),
                        };
                        (
                            DefKind::Rule(rule),
                            params.iter().map(|p| p.text.clone()).collect(),
                        )
                    }
                    Body::Family(f, span) => {
                        if params.len() > 1 {
                            return Err(self
                                .err(
                                    &params[1].span,
                                    "a rule family defines a one-parameter heap game",
                                )
                                .hint(format!(
                                    "write `game {} = ...` and use it as `{}(n)`",
                                    name.text, name.text
                                )));
                        }
                        let rule = self.family(f, span)?;
                        let param = params.first().map_or("n".to_string(), |p| p.text.clone());
                        (DefKind::Family(rule), vec![param])
                    }
                };
                unit.games.push((
                    id,
                    GameDef {
                        name: name.text.clone(),
                        params,
                        loc: self.loc(&name.span),
                        kind,
                        slots: self.max_locals,
                    },
                ));
            }
            StmtKind::Let(name, e) => {
                let value = match self.infer(e) {
                    Type::Int => Typed::Int(self.int(e)?),
                    Type::IntSet => Typed::IntSet(self.int_set(e)?),
                    Type::Game => Typed::Game(self.game(e)?),
                    Type::Cond => {
                        return Err(self
                            .err(&e.span, "a condition cannot be bound to a name")
                            .hint("`let` binds games, integers and sets of integers"));
                    }
                };
                let t = match value {
                    Typed::Int(_) => Type::Int,
                    Typed::IntSet(_) => Type::IntSet,
                    Typed::Game(_) => Type::Game,
                };
                let id = self.next_global;
                self.next_global += 1;
                self.unit_globals.insert(name.text.clone(), (id, t));
                unit.actions.push(Action::Let {
                    name: name.text.clone(),
                    id,
                    value,
                });
            }
            StmtKind::Set(name, e) => {
                let Some(&(_, setting, _)) = Setting::ALL.iter().find(|(n, _, _)| *n == name.text)
                else {
                    let known: Vec<&str> = Setting::ALL.iter().map(|s| s.0).collect();
                    return Err(self
                        .err(&name.span, format!("unknown setting `{}`", name.text))
                        .hint(format!("settings: {}", known.join(", "))));
                };
                let value = self.int(e)?;
                unit.actions.push(Action::Set { setting, value });
            }
            StmtKind::Query(q) => {
                let query = self.query(q)?;
                unit.actions.push(Action::Query { query, loc });
            }
            StmtKind::Check(q, atoms, span) => {
                let query = self.query(q)?;
                let expect = self.expect(&query, atoms, span)?;
                let text = self
                    .text(&s.span)
                    .trim_start_matches("check")
                    .trim()
                    .to_string();
                unit.actions.push(Action::Check {
                    query,
                    expect,
                    text,
                    loc,
                });
            }
            StmtKind::Expr(e) => {
                let value = match self.infer(e) {
                    Type::Int => Typed::Int(self.int(e)?),
                    Type::Cond => {
                        return Err(self
                            .err(&e.span, "a condition on its own has no value to show")
                            .hint("conditions belong after `if` in a set builder"));
                    }
                    _ => Typed::Game(self.game(e)?),
                };
                unit.actions.push(Action::Show(value, loc));
            }
        }
        Ok(())
    }

    /// A rule family's rule: constant sets are read, codes validated.
    fn family(&mut self, f: &ast::Family, span: &ast::Span) -> R<HeapRule> {
        Ok(match f {
            ast::Family::Subtraction(items) => {
                let set = self.constants(items)?;
                if set.is_empty() {
                    return Err(self
                        .err(span, "an empty subtraction set allows no move")
                        .hint("list the amounts that may be removed: `subtraction {1, 2}`"));
                }
                match HeapRule::subtraction(set) {
                    Some(rule) => rule,
                    None => {
                        return Err(self.err(span, "a subtraction set cannot contain 0").label(
                            "removing 0 tokens would be a pass, and the game would never end",
                        ));
                    }
                }
            }
            ast::Family::AllBut(items) => HeapRule::all_but(self.constants(items)?),
            ast::Family::Octal(text, at) | ast::Family::Hex(text, at) => {
                let hex = matches!(f, ast::Family::Hex(..));
                match parse_code(text, hex) {
                    Ok(code) => HeapRule::TakeBreak(code),
                    Err(e) => {
                        let start = at.start + e.offset.min(text.len());
                        let end = (start + e.len.max(1)).min(at.end.max(start + 1));
                        return Err(self
                            .err(&(start..end), e.message)
                            .label("here")
                            .hint(e.hint));
                    }
                }
            }
            ast::Family::Grundy => HeapRule::Grundy,
        })
    }

    /// Integer constants (literals and arithmetic on them).
    fn constants(&mut self, items: &[ast::Expr]) -> R<Vec<u64>> {
        let mut out = Vec::new();
        for e in items {
            let ie = self.int(e)?;
            match const_value(&ie) {
                Some(Ok(v)) => out.push(v),
                Some(Err(())) => {
                    return Err(self.err(
                        &e.span,
                        "this constant is out of range (below zero or past 64 bits)",
                    ));
                }
                None => {
                    return Err(self
                        .err(&e.span, "a rule family needs constant integers here")
                        .hint("write the numbers themselves, like `{1, 3, 4}`"));
                }
            }
        }
        Ok(out)
    }

    fn query(&mut self, q: &Query) -> R<QueryIr> {
        Ok(match q {
            Query::Grundy(e) => QueryIr::Grundy(self.game(e)?),
            Query::Outcome(e) => QueryIr::Outcome(self.game(e)?),
            Query::MisereOutcome(e) => QueryIr::MisereOutcome(self.game(e)?),
            Query::MisereMoves(e) => QueryIr::MisereMoves(self.game(e)?),
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
        })
    }

    /// The game of a `table`: a two-parameter game, or `nimsum`.
    fn table_source(&mut self, name: &ast::Name) -> R<TableSource> {
        Ok(match self.lookup(&name.text) {
            Named::Unknown if name.text == "nimsum" => TableSource::Nimsum,
            _ => TableSource::Game(self.game_named(name, 2)?),
        })
    }

    /// A word that a statement needs in this place, such as `by` or `to`.
    fn word(&self, name: &ast::Name, want: &str, example: &str) -> R<()> {
        if name.text == want {
            return Ok(());
        }
        Err(self
            .err(
                &name.span,
                format!("expected `{want}` here, found `{}`", name.text),
            )
            .label(format!("`{want}` goes here"))
            .hint(example.to_string()))
    }

    /// `plot NAME a..b to "FILE.svg"` (a nim-sequence), or with two ranges
    /// a heat map of a two-parameter game or `nimsum`.
    fn plot(&mut self, p: &ast::Plot) -> R<PlotIr> {
        self.word(&p.to, "to", "`plot NAME a..b to \"FILE.svg\"`")?;
        let file = p.file.trim();
        if file.is_empty() {
            return Err(self
                .err(&p.file_span, "the file name is empty")
                .hint("name the file to write: `\"kayles.svg\"`"));
        }
        if !file.to_ascii_lowercase().ends_with(".svg") || file.len() <= 4 {
            return Err(self
                .err(&p.file_span, "a plot is written as SVG")
                .label("this name does not end in `.svg`")
                .hint("name the file `something.svg`; browsers, LaTeX (svg package) and slides take it"));
        }
        let of = match &p.y {
            None => {
                if let Named::Game(_, 2) = self.lookup(&p.game.text) {
                    return Err(self
                        .err(
                            &p.game.span,
                            format!(
                                "`{}` takes 2 parameters: give a range for each",
                                p.game.text
                            ),
                        )
                        .hint(format!(
                            "`plot {} 0..16 0..16 to \"{}\"` draws a heat map",
                            p.game.text, file
                        )));
                }
                PlotOf::Sequence(self.game_named(&p.game, 1)?, self.range(&p.x)?)
            }
            Some(y) => {
                if let Named::Game(_, 1) = self.lookup(&p.game.text) {
                    return Err(self
                        .err(
                            &p.game.span,
                            format!("`{}` takes 1 parameter: give one range", p.game.text),
                        )
                        .hint(format!(
                            "`plot {} 0..100 to \"{}\"` draws its nim-sequence",
                            p.game.text, file
                        )));
                }
                PlotOf::Heat(
                    self.table_source(&p.game)?,
                    self.range(&p.x)?,
                    self.range(y)?,
                )
            }
        };
        Ok(PlotIr {
            of,
            file: file.to_string(),
            file_loc: self.loc(&p.file_span),
        })
    }

    fn range(&mut self, r: &ast::Range) -> R<RangeIr> {
        Ok(RangeIr {
            lo: self.int(&r.lo)?,
            hi: self.int(&r.hi)?,
            inclusive: r.inclusive,
        })
    }

    /// A game given by name, which must take `arity` parameters.
    fn game_named(&mut self, name: &ast::Name, arity: usize) -> R<GameId> {
        match self.lookup(&name.text) {
            Named::Game(id, a) if a == arity => Ok(id),
            Named::Game(_, a) => Err(self
                .err(
                    &name.span,
                    format!(
                        "`{}` takes {a} parameter{}; this needs a game of {arity}",
                        name.text,
                        plural(a)
                    ),
                )
                .hint(if arity == 1 {
                    "`sequence` and `period` are for one-parameter games such as heaps"
                } else {
                    "`table` is for two-parameter games, or `nimsum`"
                })),
            Named::Unknown => Err(self.unknown(name)),
            _ => Err(self.err(&name.span, format!("`{}` is not a game", name.text))),
        }
    }

    fn expect(&self, q: &QueryIr, atoms: &[Atom], span: &ast::Span) -> R<Expect> {
        let ints: Option<Vec<u64>> = atoms
            .iter()
            .map(|a| match a {
                Atom::Int(n) => Some(*n),
                Atom::Word(_) => None,
            })
            .collect();
        let bad = |what: &str| self.err(span, format!("expected {what} after `==`"));
        match q {
            QueryIr::Grundy(_) | QueryIr::Mex(_) => match ints.as_deref() {
                Some([n]) => Ok(Expect::Value(*n)),
                _ => {
                    Err(bad("one integer").hint("for example `check grundy nim(3) + nim(5) == 6`"))
                }
            },
            QueryIr::Outcome(_) | QueryIr::MisereOutcome(_) => {
                match atoms {
                    [Atom::Word(w)] if w.eq_ignore_ascii_case("p") => Ok(Expect::Outcome(true)),
                    [Atom::Word(w)] if w.eq_ignore_ascii_case("n") => Ok(Expect::Outcome(false)),
                    _ => Err(bad("`P` or `N`")
                        .hint("P: the previous player wins; N: the next player wins")),
                }
            }
            QueryIr::Sequence(..) => match ints {
                Some(v) => Ok(Expect::Values(v)),
                None => Err(bad("the values, separated by spaces")),
            },
            QueryIr::Period(_) => match ints.as_deref() {
                Some([a, b]) => Ok(Expect::Period(*a, *b)),
                _ => Err(bad("two integers: the pre-period and the period")
                    .hint("for Kayles: `check period kayles == 71 12`")),
            },
            _ => Err(self.err(span, "this question cannot be checked").hint(
                "`check` works with grundy, outcome, misere outcome, mex, sequence and period",
            )),
        }
    }

    fn text(&self, span: &ast::Span) -> &str {
        self.text.get(span.clone()).unwrap_or("")
    }
}

/// The value of a constant integer expression: None if it uses a name,
/// Some(Err) if it leaves the range of u64.
fn const_value(e: &IntExpr) -> Option<Result<u64, ()>> {
    match &e.kind {
        IntKind::Lit(n) => Some(Ok(*n)),
        IntKind::Bin(op, a, b) => {
            let (x, y) = (const_value(a)?, const_value(b)?);
            Some(match (x, y) {
                (Ok(x), Ok(y)) => arith(*op, x, y).ok_or(()),
                _ => Err(()),
            })
        }
        _ => None,
    }
}
