//! Statements: game definitions (hoisted within their unit), `let`, `set`,
//! queries and `check`s, lowered to the actions the session runs.

use super::Checker;
use super::expr::{Named, R};
use crate::diag::{Diagnostic, ErrorKind};
use crate::engine::code::parse_code;
use crate::engine::rule::HeapRule;
use crate::ir::arith;
use crate::ir::{
    Action, DefKind, Defined, Failure, GameDef, IntExpr, IntKind, Rule, Setting, Type, Typed, Unit,
};
use crate::syntax::ast::{self, Body, ExprKind, Stmt, StmtKind};
use crate::syntax::suggest::BUILTINS;

impl Checker<'_> {
    pub(super) fn run(&mut self, stmts: &[Stmt]) -> (Unit, Vec<Diagnostic>) {
        let mut errors = Vec::new();
        let mut unit = Unit {
            games: Vec::new(),
            actions: Vec::new(),
            locs: Vec::new(),
            uses: Vec::new(),
            failed_names: Vec::new(),
            zero_sets: Vec::new(),
        };
        self.declare_games(stmts, &mut errors);
        for s in stmts {
            self.locals.clear();
            self.max_locals = 0;
            self.depth = 0;
            self.uses.clear();
            match self.stmt(s, &mut unit) {
                Err(d) => {
                    errors.push(d);
                    self.failed(s, &mut unit);
                }
                Ok(()) if matches!(s.kind, StmtKind::Error(Some(_))) => self.failed(s, &mut unit),
                Ok(()) => {}
            }
            while unit.locs.len() < unit.actions.len() {
                unit.locs.push(self.loc(&s.span));
                unit.uses.push(self.uses.clone());
            }
        }
        unit.failed_names = self.unit_failed.values().cloned().collect();
        unit.zero_sets = self.unit_zero_sets.iter().map(|(g, z)| (*g, *z)).collect();
        (unit, errors)
    }

    /// Notes what a statement with an error failed to define, if anything:
    /// a game gets a rule that cannot run, a `let` name is marked.
    fn failed(&mut self, s: &Stmt, unit: &mut Unit) {
        match &s.kind {
            StmtKind::Game { name, params, body } => {
                let Some(&(id, arity)) = self.unit_games.get(&name.text) else {
                    return; // not declared: reported as such
                };
                let failure = Failure {
                    name: name.text.clone(),
                    loc: self.loc(&name.span),
                };
                let params = match body {
                    _ if self.builtin_arity(body) == Some(2) => vec!["x".into(), "y".into()],
                    Body::Family(..) | Body::Words(..) => vec!["n".to_string()],
                    Body::Expr(e) if self.names_ruler(e) => vec!["n".to_string()],
                    Body::Graph(..) => vec!["v".to_string()],
                    Body::Expr(_) => params.iter().map(|p| p.text.clone()).collect(),
                };
                if params.len() != arity {
                    // A redefinition with another number of parameters is
                    // refused as such: the earlier definition stands.
                    return;
                }
                let defined = Defined {
                    id,
                    def: GameDef {
                        name: name.text.clone(),
                        params,
                        loc: failure.loc,
                        kind: DefKind::Declared,
                        slots: 0,
                        vertices: Vec::new(),
                    },
                    uses: Vec::new(),
                    failure: Some(failure),
                };
                self.place_definition(name, defined, unit);
            }
            // A `let` refused for its name (a game's, a built-in's) leaves
            // that name as it was.
            StmtKind::Let(name, _)
                if !BUILTINS.contains(&name.text.as_str())
                    && !self.unit_games.contains_key(&name.text)
                    && !self.names.games.contains_key(&name.text) =>
            {
                self.name_failed(name);
            }
            StmtKind::Error(Some(name)) if !self.unit_games.contains_key(&name.text) => {
                self.name_failed(name);
            }
            _ => {}
        }
    }

    /// From here on in the unit, a use of the name says its definition failed.
    pub(super) fn name_failed(&mut self, name: &ast::Name) {
        self.unit_globals.remove(&name.text);
        let failure = Failure {
            name: name.text.clone(),
            loc: self.loc(&name.span),
        };
        self.unit_failed.insert(name.text.clone(), failure);
    }

    /// The first definition of a game in a unit is installed before the
    /// unit runs; a later one takes over where it stands.
    fn place_definition(&mut self, name: &ast::Name, defined: Defined, unit: &mut Unit) {
        if self.first_def.get(&name.text) == Some(&name.span) {
            unit.games.push(defined);
        } else {
            unit.actions.push(Action::Define(defined));
        }
    }

    fn stmt(&mut self, s: &Stmt, unit: &mut Unit) -> R<()> {
        let loc = self.loc(&s.span);
        match &s.kind {
            StmtKind::Error(_) => {}
            StmtKind::Game { name, params, body } => self.game_stmt(name, params, body, unit)?,
            StmtKind::Let(name, e) => self.let_stmt(name, e, unit)?,
            StmtKind::Set(name, e) => self.set_stmt(name, e, unit)?,
            StmtKind::Query(q) => {
                let query = self.query(q)?;
                unit.actions.push(Action::Query { query, loc });
            }
            StmtKind::Check(c) => {
                let (query, expect) = self.check(c)?;
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
                let value = self.shown(e)?;
                unit.actions.push(Action::Show(value, loc));
            }
        }
        Ok(())
    }

    /// `game NAME(PARAMS) = BODY`: the definition, placed in the unit.
    fn game_stmt(
        &mut self,
        name: &ast::Name,
        params: &[ast::Name],
        body: &Body,
        unit: &mut Unit,
    ) -> R<()> {
        let Some(&(id, _)) = self.unit_games.get(&name.text) else {
            return Ok(()); // reported when declared
        };
        self.check_game_name(name)?;
        self.bind_params(params)?;
        let mut vertices = Vec::new();
        let (kind, params) = if let Some(b) = self.builtin_game(body)? {
            self.builtin_def(id, name, params, body, &b)?
        } else {
            self.plain_body(id, name, params, body, &mut vertices)?
        };
        let defined = Defined {
            id,
            def: GameDef {
                name: name.text.clone(),
                params,
                loc: self.loc(&name.span),
                kind,
                slots: self.max_locals,
                vertices,
            },
            uses: std::mem::take(&mut self.uses),
            failure: None,
        };
        self.place_definition(name, defined, unit);
        Ok(())
    }

    /// A game's parameters, bound as locals; no name may appear twice.
    fn bind_params(&mut self, params: &[ast::Name]) -> R<()> {
        for (i, p) in params.iter().enumerate() {
            if params[..i].iter().any(|q| q.text == p.text) {
                return Err(self
                    .err(
                        ErrorKind::Definition,
                        &p.span,
                        format!("parameter `{}` appears twice", p.text),
                    )
                    .label("a second parameter of this name")
                    .secondary(
                        params[..i]
                            .iter()
                            .find(|q| q.text == p.text)
                            .map_or(p.span.clone(), |q| q.span.clone()),
                        "the first",
                    ));
            }
            self.bind_local(&p.text);
        }
        Ok(())
    }

    /// A built-in coin game (`mock turtles`, `product(g, h)`, ...): its
    /// kind and the parameters of its positions.
    fn builtin_def(
        &mut self,
        id: crate::ir::GameId,
        name: &ast::Name,
        params: &[ast::Name],
        body: &Body,
        b: &super::coins::Builtin,
    ) -> R<(DefKind, Vec<String>)> {
        if let Some(p) = params.first() {
            return Err(self
                .err(
                    ErrorKind::Definition,
                    &p.span,
                    "a built-in coin game has no parameters to write",
                )
                .label("a parameter")
                .hint(format!(
                    "write `game {} = ...`; its positions are `{}(n)` and rows `{}(\"THHTH\")`",
                    name.text, name.text, name.text
                )));
        }
        let span = match body {
            Body::Words(_, _, span) => span.clone(),
            Body::Expr(e) => e.span.clone(),
            _ => name.span.clone(),
        };
        self.max_locals = self.max_locals.max(super::coins::SLOTS);
        self.unit_vertices.remove(&name.text);
        Ok(match (self.builtin_rule(id, b, &span), b) {
            (Some(rule), _) => (DefKind::Rule(rule), vec!["n".to_string()]),
            (None, super::coins::Builtin::Product(f, g)) => (
                DefKind::Product(*f, *g),
                vec!["x".to_string(), "y".to_string()],
            ),
            (None, _) => {
                return Err(Diagnostic::error(
                    crate::diag::ErrorKind::Internal,
                    span.clone(),
                    "internal error: a built-in game with no rule",
                ));
            }
        })
    }

    /// `let NAME = E`: a game, an integer or a set of integers, bound.
    fn let_stmt(&mut self, name: &ast::Name, e: &ast::Expr, unit: &mut Unit) -> R<()> {
        self.check_let_name(name)?;
        let zero_set = self.zero_set_literal(e);
        let value = match self.infer(e) {
            _ if zero_set.is_some() => Typed::IntSet(self.int_set(e)?),
            Type::Int => Typed::Int(self.int(e)?),
            Type::IntSet => Typed::IntSet(self.int_set(e)?),
            Type::Game => Typed::Game(self.game(e)?),
            Type::Cond => {
                return Err(self
                    .err(
                        ErrorKind::Type,
                        &e.span,
                        "a condition cannot be bound to a name",
                    )
                    .label("this is a condition")
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
        if let Some(has_zero) = zero_set {
            self.unit_zero_sets.insert(id, has_zero);
        }
        self.unit_failed.remove(&name.text);
        self.unit_globals.insert(name.text.clone(), (id, t));
        self.let_sites
            .insert(name.text.clone(), self.loc(&name.span));
        unit.actions.push(Action::Let {
            name: name.text.clone(),
            at: self.loc(&name.span),
            id,
            value,
        });
        Ok(())
    }

    /// `set NAME = E`: a known setting, given an integer.
    fn set_stmt(&mut self, name: &ast::Name, e: &ast::Expr, unit: &mut Unit) -> R<()> {
        let Some(&(_, setting, _)) = Setting::ALL.iter().find(|(n, _, _)| *n == name.text) else {
            let known: Vec<&str> = Setting::ALL.iter().map(|s| s.0).collect();
            return Err(self
                .err(
                    ErrorKind::UnknownName,
                    &name.span,
                    format!("unknown setting `{}`", name.text),
                )
                .label("not a setting")
                .hint(format!("settings: {}", known.join(", "))));
        };
        let value = self.int(e)?;
        unit.actions.push(Action::Set { setting, value });
        Ok(())
    }

    /// An expression on its own, as the value it shows.
    fn shown(&mut self, e: &ast::Expr) -> R<Typed> {
        Ok(match self.infer(e) {
            _ if self.zero_set_literal(e).is_some() => Typed::Game(self.game(e)?),
            Type::Int => Typed::Int(self.int(e)?),
            Type::IntSet => Typed::IntSet(self.int_set(e)?),
            Type::Cond => {
                return Err(self
                    .err(
                        ErrorKind::Type,
                        &e.span,
                        "a condition on its own has no value to show",
                    )
                    .label("this is a condition")
                    .hint("conditions belong after `if` in a set builder"));
            }
            Type::Game => Typed::Game(self.game(e)?),
        })
    }

    /// `{}` and `{0}` (or a name bound to one) read as a game or as a set of
    /// integers, as their use needs: whether the set holds 0.
    pub(crate) fn zero_set_literal(&self, e: &ast::Expr) -> Option<bool> {
        match &e.kind {
            ExprKind::Set(items) if items.iter().all(|i| i.kind == ExprKind::Int(0)) => {
                Some(!items.is_empty())
            }
            ExprKind::Name(n) => match self.lookup(&n.text) {
                Named::Global(g, Type::IntSet) => self.zero_set(g),
                _ => None,
            },
            _ => None,
        }
    }

    /// A rule family's rule: constant sets are read, codes validated.
    /// The rule and parameters of a definition written out: a graph, a
    /// rule, or a rule family.
    fn plain_body(
        &mut self,
        id: crate::ir::GameId,
        name: &ast::Name,
        params: &[ast::Name],
        body: &Body,
        vertices: &mut Vec<String>,
    ) -> R<(DefKind, Vec<String>)> {
        Ok(match body {
            Body::Graph(chains, span) => {
                if let Some(p) = params.first() {
                    return Err(self
                        .err(
                            ErrorKind::Definition,
                            &p.span,
                            "a graph game has no parameters",
                        )
                        .label("a parameter")
                        .hint(format!(
                            "write `game {} = graph {{ .. }}` and its positions as `{}.a`",
                            name.text, name.text
                        )));
                }
                let (names, set) = self.graph_rule(id, chains, span)?;
                self.unit_vertices.insert(name.text.clone(), names.clone());
                *vertices = names;
                (DefKind::Rule(Rule::Options(set)), vec!["v".to_string()])
            }
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
            Body::Words(_, _, span) => {
                return Err(self
                    .err(ErrorKind::UnknownName, span, "not a built-in game")
                    .label("here"));
            }
            Body::Family(f, span) => {
                if params.len() > 1 {
                    return Err(self
                        .err(
                            ErrorKind::Definition,
                            &params[1].span,
                            "a rule family defines a one-parameter heap game",
                        )
                        .label("a second parameter")
                        .hint(format!(
                            "write `game {} = ...` and use it as `{}(n)`",
                            name.text, name.text
                        )));
                }
                let rule = self.family(f, span)?;
                let param = params.first().map_or("n".to_string(), |p| p.text.clone());
                (DefKind::Family(rule), vec![param])
            }
        })
    }

    fn family(&mut self, f: &ast::Family, span: &ast::Span) -> R<HeapRule> {
        Ok(match f {
            ast::Family::Subtraction(items) => {
                let set = self.constants(items)?;
                if set.is_empty() {
                    return Err(self
                        .err(
                            ErrorKind::Definition,
                            span,
                            "an empty subtraction set allows no move",
                        )
                        .label("no amount to remove")
                        .hint("list the amounts that may be removed: `subtraction {1, 2}`"));
                }
                match HeapRule::subtraction(set) {
                    Some(rule) => rule,
                    None => {
                        return Err(self
                            .err(
                                ErrorKind::Definition,
                                span,
                                "a subtraction set cannot contain 0",
                            )
                            .label(
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
                            .err(ErrorKind::Definition, &(start..end), e.message)
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
                    return Err(self
                        .err(
                            ErrorKind::Definition,
                            &e.span,
                            "this constant is out of range (below zero or past 64 bits)",
                        )
                        .label("out of range"));
                }
                None => {
                    return Err(self
                        .err(
                            ErrorKind::Definition,
                            &e.span,
                            "a rule family needs constant integers here",
                        )
                        .label("not a constant")
                        .hint("write the numbers themselves, like `{1, 3, 4}`"));
                }
            }
        }
        Ok(out)
    }

    pub(super) fn text(&self, span: &ast::Span) -> &str {
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
