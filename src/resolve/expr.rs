//! Expressions: names resolved, types inferred and checked, lowered to IR.

use super::Checker;
use super::error::{Meant, ResolveError, Slip};
use crate::diag::{Diagnostic, ErrorKind};
use crate::ir::{
    self, Clause, Cond, Failure, GameExpr, IntExpr, IntKind, IntSet, Loc, OptionSet, Source, Type,
};
use crate::syntax::ast::{self, Expr, ExprKind};
use crate::syntax::hints::NIM_SUM;
use crate::syntax::suggest::did_you_mean;

pub type R<T> = Result<T, Diagnostic>;

/// Deeper expressions than this are refused (they would only come from
/// generated input, and checking them must not exhaust the stack).
const MAX_DEPTH: usize = 400;

/// What a name refers to where it is used.
pub enum Named {
    Local(ir::Slot),
    Global(ir::GlobalId, Type),
    Game(ir::GameId, usize),
    /// A name whose definition has an error.
    Failed(Failure),
    Unknown,
}

impl Checker<'_> {
    pub(super) fn loc(&self, span: &ast::Span) -> Loc {
        Loc::new(self.src, span)
    }

    /// An error of `kind` at `span`, worded by the caller: the one-off
    /// errors of a statement's form (the common classes are facts, see
    /// [`super::error::ResolveError`]).
    pub(super) fn err(
        &self,
        kind: ErrorKind,
        span: &ast::Span,
        msg: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::error(kind, span.clone(), msg).at(self.src)
    }

    fn enter(&mut self, e: &Expr) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self
                .err(ErrorKind::TooLarge, &e.span, "expression nested too deeply")
                .label(format!("more than {MAX_DEPTH} levels"))
                .hint("name parts of it with `let`"));
        }
        Ok(())
    }

    /// The type an expression has on its own (for `let` and bare lines).
    pub fn infer(&self, e: &Expr) -> Type {
        self.infer_in(e, &mut Vec::new())
    }

    /// [`Checker::infer`] with the variables of the set builders around `e`
    /// (integers, whatever else the name means outside).
    fn infer_in<'a>(&self, e: &'a Expr, bound: &mut Vec<&'a str>) -> Type {
        match &e.kind {
            ExprKind::Bin(ast::BinOp::Mul, a, b)
                if matches!(a.kind, ExprKind::Nimber(_))
                    && matches!(b.kind, ExprKind::Nimber(_)) =>
            {
                Type::Game
            }
            ExprKind::Int(_) | ExprKind::Bin(..) | ExprKind::Caret(..) => Type::Int,
            ExprKind::Name(n) if bound.contains(&n.text.as_str()) => Type::Int,
            ExprKind::Name(n) => match self.lookup(&n.text) {
                Named::Local(_) => Type::Int,
                Named::Global(_, t) => t,
                _ => Type::Game,
            },
            ExprKind::Call(f, _) if NIM_FUNCTIONS.contains(&f.text.as_str()) => Type::Int,
            ExprKind::Call(..)
            | ExprKind::Nimber(_)
            | ExprKind::Vertex(..)
            | ExprKind::Row(..)
            | ExprKind::Hackenbush(_) => Type::Game,
            ExprKind::Set(items) => {
                let ints = items.iter().all(|i| self.infer_in(i, bound) == Type::Int);
                let zeros = items.iter().all(|i| i.kind == ExprKind::Int(0));
                if !items.is_empty() && ints && !zeros {
                    Type::IntSet
                } else {
                    Type::Game
                }
            }
            ExprKind::Builder(item, clauses) => {
                let mark = bound.len();
                bound.extend(clauses.iter().filter_map(|c| match c {
                    ast::Clause::For(name, _) => Some(name.text.as_str()),
                    ast::Clause::If(_) => None,
                }));
                let t = self.infer_in(item, bound);
                bound.truncate(mark);
                match t {
                    Type::Int => Type::IntSet,
                    _ => Type::Game,
                }
            }
            ExprKind::Sum(parts) => {
                if parts.iter().any(|p| self.infer_in(p, bound) != Type::Int) {
                    Type::Game
                } else {
                    Type::Int
                }
            }
            ExprKind::Union(parts) => self.infer_in(&parts[0], bound),
            ExprKind::Cmp(..) | ExprKind::And(..) | ExprKind::Or(..) | ExprKind::Not(_) => {
                Type::Cond
            }
        }
    }

    pub fn int(&mut self, e: &Expr) -> R<IntExpr> {
        self.enter(e)?;
        let r = self.int_inner(e);
        self.depth -= 1;
        r
    }

    fn int_inner(&mut self, e: &Expr) -> R<IntExpr> {
        let loc = self.loc(&e.span);
        let kind = match &e.kind {
            ExprKind::Int(n) => IntKind::Lit(*n),
            ExprKind::Name(n) => match self.resolve(n)? {
                Named::Local(s) => IntKind::Local(s),
                Named::Global(g, Type::Int) => IntKind::Global(g),
                Named::Unknown => return Err(self.unknown(n)),
                _ => return Err(self.mismatch(e, Type::Int)),
            },
            ExprKind::Bin(op, a, b) => {
                IntKind::Bin(*op, Box::new(self.int(a)?), Box::new(self.int(b)?))
            }
            ExprKind::Caret(a, b) if a.kind == ExprKind::Int(10) => IntKind::Bin(
                ir::BinOp::Pow,
                Box::new(self.int(a)?),
                Box::new(self.int(b)?),
            ),
            ExprKind::Caret(a, b) => return Err(self.caret(a, b)),
            ExprKind::Call(f, args)
                if matches!(f.text.as_str(), "nimprod" | "nimdiv" | "niminv") =>
            {
                return self.nim_field(f, args, e);
            }
            ExprKind::Call(f, args) if f.text == "nimsum" => {
                // `nimsum(6, 12, 9)`: the xor of any number of integers.
                let mut acc = IntExpr {
                    kind: IntKind::Lit(0),
                    loc,
                };
                for a in args {
                    let rhs = self.int(a)?;
                    acc = IntExpr {
                        kind: IntKind::Bin(ir::BinOp::Xor, Box::new(acc), Box::new(rhs)),
                        loc,
                    };
                }
                return Ok(acc);
            }
            ExprKind::Sum(parts) => {
                let mut acc = self.int(&parts[0])?;
                for p in &parts[1..] {
                    let rhs = self.int(p)?;
                    let loc = Loc {
                        end: rhs.loc.end,
                        ..acc.loc
                    };
                    acc = IntExpr {
                        kind: IntKind::Bin(ir::BinOp::Add, Box::new(acc), Box::new(rhs)),
                        loc,
                    };
                }
                return Ok(acc);
            }
            _ => return Err(self.mismatch(e, Type::Int)),
        };
        Ok(IntExpr { kind, loc })
    }

    pub fn game(&mut self, e: &Expr) -> R<GameExpr> {
        self.enter(e)?;
        let r = self.game_inner(e);
        self.depth -= 1;
        r
    }

    fn game_inner(&mut self, e: &Expr) -> R<GameExpr> {
        Ok(match &e.kind {
            ExprKind::Int(0) => GameExpr::Zero,
            ExprKind::Name(n) => match self.resolve(n)? {
                Named::Global(g, Type::Game) => GameExpr::Global(g),
                Named::Global(g, Type::IntSet) if self.zero_set(g).is_some() => {
                    let items = if self.zero_set(g) == Some(true) {
                        vec![GameExpr::Zero]
                    } else {
                        Vec::new()
                    };
                    GameExpr::Options(OptionSet::Items(items))
                }
                Named::Game(id, 0) => GameExpr::Pos {
                    game: id,
                    args: Vec::new(),
                    loc: self.loc(&e.span),
                },
                Named::Game(_, arity) => {
                    return Err(self
                        .err(
                            ErrorKind::Type,
                            &e.span,
                            format!("`{}` needs {arity} argument{}", n.text, plural(arity)),
                        )
                        .label("a position of this game needs its parameters")
                        .hint(format!(
                            "write `{}({})`",
                            n.text,
                            vec!["n"; arity].join(", ")
                        )));
                }
                Named::Unknown => return Err(self.unknown(n)),
                _ => return Err(self.mismatch(e, Type::Game)),
            },
            ExprKind::Call(name, args) => self.call(name, args, e)?,
            ExprKind::Vertex(g, v) => self.vertex(g, v, e)?,
            ExprKind::Row(g, text, at) => self.row(g, text, at, e)?,
            ExprKind::Hackenbush(paths) => self.picture(paths, e)?,
            ExprKind::Nimber(None) => GameExpr::Nim {
                n: IntExpr {
                    kind: IntKind::Lit(1),
                    loc: self.loc(&e.span),
                },
                star: true,
            },
            ExprKind::Nimber(Some(n)) => GameExpr::Nim {
                n: self.int(n)?,
                star: true,
            },
            ExprKind::Sum(parts) => {
                GameExpr::Sum(parts.iter().map(|p| self.game(p)).collect::<R<_>>()?)
            }
            ExprKind::Set(..) | ExprKind::Builder(..) | ExprKind::Union(..) => {
                GameExpr::Options(self.options(e)?)
            }
            ExprKind::Bin(ast::BinOp::Mul, a, b)
                if let Some(g) = self.nimber_product(a, b, e)? =>
            {
                g
            }
            ExprKind::Caret(a, b) if self.infer(a) == Type::Game || self.infer(b) == Type::Game => {
                return Err(self
                    .err(ErrorKind::Type, &e.span, "`^` does not combine games")
                    .label("games with `^` between them")
                    .hint(NIM_SUM));
            }
            _ => return Err(self.mismatch(e, Type::Game)),
        })
    }

    /// `3 ^ 5`: read as a power only after 10 (`10^18`); otherwise it could
    /// as well be the xor of a nim-sum, so both readings are offered.
    fn caret(&self, a: &Expr, b: &Expr) -> Diagnostic {
        let (x, y) = (self.text(&a.span), self.text(&b.span));
        self.err(ErrorKind::Parse,
            &(a.span.start..b.span.end),
            format!("`{x}^{y}`: a power, or a xor?"),
        )
        .label("`^` is read as a power only after 10, as in `10^18`")
        .hint(format!(
            "for the power write `{x}**{y}`; for the nim-sum (xor) add nimbers: `grundy *{x} + *{y}`"
        ))
    }

    fn call(&mut self, name: &ast::Name, args: &[Expr], e: &Expr) -> R<GameExpr> {
        let found = self.resolve(name)?;
        if let Named::Game(id, arity) = found {
            if let Some(names) = self.vertices(&name.text, id) {
                let first = names.first().cloned().unwrap_or_default();
                return Err(self
                    .err(
                        ErrorKind::Type,
                        &e.span,
                        format!("`{}` is a graph game", name.text),
                    )
                    .label("its positions are named by vertices")
                    .hint(format!("write `{}.{first}`", name.text)));
            }
            if args.len() != arity {
                return Err(self.arity(name, arity, args.len(), e));
            }
            let args = args.iter().map(|a| self.int(a)).collect::<R<Vec<_>>>()?;
            return Ok(GameExpr::Pos {
                game: id,
                args,
                loc: self.loc(&e.span),
            });
        }
        if name.text == "nim" {
            if args.len() != 1 {
                return Err(self.arity(name, 1, args.len(), e));
            }
            return Ok(GameExpr::Nim {
                n: self.int(&args[0])?,
                star: false,
            });
        }
        match found {
            Named::Unknown if name.text == "nimsum" => Err(self
                .err(ErrorKind::Type, &e.span, "`nimsum(..)` is an integer (the xor of its arguments), not a game")
                .label("an integer")
                .hint("write it alone to see it (`nimsum(6, 12, 9)` prints 3); a sum of games is written with `+`: `grundy *6 + *12 + *9`")),
            Named::Unknown => Err(self.unknown(name)),
            _ => Err(self
                .err(ErrorKind::Type, &name.span, format!("`{}` is not a game", name.text))
                .label(format!(
                    "this is {}",
                    self.infer_name(&name.text).describe()
                ))),
        }
    }

    fn infer_name(&self, name: &str) -> Type {
        match self.lookup(name) {
            Named::Global(_, t) => t,
            Named::Local(_) => Type::Int,
            _ => Type::Game,
        }
    }

    /// The options of an explicit game: `{..}`, `{.. for ..}`, `A | B`.
    pub fn options(&mut self, e: &Expr) -> R<OptionSet> {
        match &e.kind {
            ExprKind::Set(items) => Ok(OptionSet::Items(
                items.iter().map(|i| self.game(i)).collect::<R<_>>()?,
            )),
            ExprKind::Builder(item, clauses) => {
                let (clauses, item) = self.builder(clauses, |c| c.game(item))?;
                Ok(OptionSet::Builder {
                    item: Box::new(item),
                    clauses,
                })
            }
            ExprKind::Union(parts) => {
                let sets = parts.iter().map(|p| self.options(p)).collect::<R<_>>()?;
                Ok(balanced(sets, |a, b| {
                    OptionSet::Union(Box::new(a), Box::new(b))
                }))
            }
            _ => Err(self
                .err(ErrorKind::Type, &e.span, "`|` joins sets of options")
                .label(format!(
                    "this is {}, not a set written with braces",
                    self.infer(e).describe()
                ))
                .hint("write both sides as sets: `{ .. } | { .. }`")),
        }
    }

    pub fn int_set(&mut self, e: &Expr) -> R<IntSet> {
        self.enter(e)?;
        let r = self.int_set_inner(e);
        self.depth -= 1;
        r
    }

    fn int_set_inner(&mut self, e: &Expr) -> R<IntSet> {
        match &e.kind {
            ExprKind::Set(items) => Ok(IntSet::Items(
                items.iter().map(|i| self.int(i)).collect::<R<_>>()?,
            )),
            ExprKind::Builder(item, clauses) => {
                let (clauses, item) = self.builder(clauses, |c| c.int(item))?;
                Ok(IntSet::Builder {
                    item: Box::new(item),
                    clauses,
                })
            }
            ExprKind::Union(parts) => {
                let sets = parts.iter().map(|p| self.int_set(p)).collect::<R<_>>()?;
                Ok(balanced(sets, |a, b| {
                    IntSet::Union(Box::new(a), Box::new(b))
                }))
            }
            ExprKind::Name(n) => match self.resolve(n)? {
                Named::Global(g, Type::IntSet) => Ok(IntSet::Global(g)),
                Named::Unknown => Err(self.unknown(n)),
                _ => Err(self.mismatch(e, Type::IntSet)),
            },
            _ => Err(self.mismatch(e, Type::IntSet)),
        }
    }

    pub fn cond(&mut self, e: &Expr) -> R<Cond> {
        self.enter(e)?;
        let r = match &e.kind {
            ExprKind::Cmp(op, a, b) => Ok(Cond::Cmp(*op, self.int(a)?, self.int(b)?)),
            ExprKind::And(a, b) => Ok(Cond::And(Box::new(self.cond(a)?), Box::new(self.cond(b)?))),
            ExprKind::Or(a, b) => Ok(Cond::Or(Box::new(self.cond(a)?), Box::new(self.cond(b)?))),
            ExprKind::Not(a) => Ok(Cond::Not(Box::new(self.cond(a)?))),
            _ => Err(self.mismatch(e, Type::Cond)),
        };
        self.depth -= 1;
        r
    }

    /// A set builder's clauses, then its item in their scope; the clauses'
    /// variables are gone again afterwards.
    fn builder<T>(
        &mut self,
        clauses: &[ast::Clause],
        item: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<(Vec<Clause>, T)> {
        let mark = self.locals.len();
        let r = self.clauses(clauses).and_then(|c| Ok((c, item(self)?)));
        self.locals.truncate(mark);
        r
    }

    /// `for` and `if` clauses; each `for` binds a new local for what follows.
    fn clauses(&mut self, clauses: &[ast::Clause]) -> R<Vec<Clause>> {
        let mut out = Vec::new();
        for c in clauses {
            match c {
                ast::Clause::If(e) => out.push(Clause::If(self.cond(e)?)),
                ast::Clause::For(name, iter) => {
                    let source = match iter {
                        ast::Iter::Range(r, _) => Source::Range {
                            lo: self.int(&r.lo)?,
                            hi: self.int(&r.hi)?,
                            inclusive: r.inclusive,
                        },
                        ast::Iter::Expr(e) => Source::Set(self.int_set(e)?),
                    };
                    let slot = self.bind_local(&name.text);
                    out.push(Clause::For {
                        slot,
                        source,
                        loc: self.loc(&name.span),
                    });
                }
            }
        }
        Ok(out)
    }

    fn arity(&self, name: &ast::Name, want: usize, got: usize, e: &Expr) -> Diagnostic {
        ResolveError::Arity {
            src: self.src,
            span: e.span.clone(),
            name: name.text.clone(),
            want,
            got,
        }
        .into()
    }

    pub(super) fn unknown(&self, n: &ast::Name) -> Diagnostic {
        match n.text.as_str() {
            "nim" => {
                return self
                    .err(
                        ErrorKind::Type,
                        &n.span,
                        "`nim` is built in, and needs the size of its heap",
                    )
                    .label("a Nim heap of how many?")
                    .hint("write `nim(3)` (or `*3`) for the Nim heap of 3");
            }
            "nimsum" => {
                return self
                    .err(
                        ErrorKind::Type,
                        &n.span,
                        "`nimsum` takes integers: `nimsum(6, 12, 9)` is their xor, 3",
                    )
                    .label("not a game")
                    .hint(NIM_SUM);
            }
            _ => {}
        }
        ResolveError::UnknownName {
            src: self.src,
            span: n.span.clone(),
            name: n.text.clone(),
            meant: self.meant(&n.text),
        }
        .into()
    }

    /// What an unknown name may have meant.
    fn meant(&self, name: &str) -> Meant {
        if let Some(def) = well_known(name) {
            return Meant::WellKnown { def };
        }
        if let Some(s) = did_you_mean(name, self.candidates()) {
            return Meant::Close { name: s };
        }
        // A misspelt well-known game that is not defined either.
        let close = WELL_KNOWN.iter().map(|(name, _)| *name).find(|w| {
            let d = strsim::damerau_levenshtein(&name.to_ascii_lowercase(), w);
            w.len() >= 5 && d <= w.len() / 3
        });
        match close.and_then(|c| Some((c, well_known(c)?))) {
            Some((c, def)) => Meant::MisspeltWellKnown {
                name: c.into(),
                def,
            },
            None => Meant::Nothing,
        }
    }

    /// "expected a game, found an integer", with a hint for the usual slips.
    fn mismatch(&self, e: &Expr, want: Type) -> Diagnostic {
        let found = self.infer(e);
        let text = match &e.kind {
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Name(n) => n.text.clone(),
            _ => "(..)".into(),
        };
        let slip = match (want, found, &e.kind) {
            (Type::Game, _, ExprKind::Bin(ast::BinOp::Xor, ..)) => Slip::XorForGame,
            (Type::Int, Type::Game, ExprKind::Bin(ast::BinOp::Xor, ..)) => Slip::XorOfGames,
            (Type::Game, _, ExprKind::Bin(..)) => Slip::ArithmeticForGame,
            (Type::Game, Type::Int, _) => Slip::IntForGame { text },
            (Type::Int, Type::Game, _) => Slip::GameForInt,
            (Type::Cond, _, _) => Slip::NotCondition,
            (Type::IntSet, _, _) => Slip::NotIntSet,
            _ => Slip::Other,
        };
        ResolveError::Mismatch {
            src: self.src,
            span: e.span.clone(),
            want,
            found,
            slip,
        }
        .into()
    }
}

/// The built-in functions of the nimber field, integers to an integer.
const NIM_FUNCTIONS: &[&str] = &["nimsum", "nimprod", "nimdiv", "niminv"];

impl Checker<'_> {
    /// `nimprod(a, b)`, `nimdiv(a, b)`, `niminv(a)`: the nimber field.
    fn nim_field(&mut self, f: &ast::Name, args: &[Expr], e: &Expr) -> R<IntExpr> {
        let loc = self.loc(&e.span);
        let want = if f.text == "niminv" { 1 } else { 2 };
        if args.len() != want {
            return Err(self.arity(f, want, args.len(), e));
        }
        let (op, a, b) = match f.text.as_str() {
            "niminv" => (
                ir::BinOp::NimDiv,
                IntExpr {
                    kind: IntKind::Lit(1),
                    loc,
                },
                self.int(&args[0])?,
            ),
            "nimdiv" => (ir::BinOp::NimDiv, self.int(&args[0])?, self.int(&args[1])?),
            _ => (ir::BinOp::NimMul, self.int(&args[0])?, self.int(&args[1])?),
        };
        Ok(IntExpr {
            kind: IntKind::Bin(op, Box::new(a), Box::new(b)),
            loc,
        })
    }

    /// `*a * *b`: the nimber whose size is the nim product, or `None`
    /// when the operands are not both nimbers.
    fn nimber_product(&mut self, a: &Expr, b: &Expr, e: &Expr) -> R<Option<GameExpr>> {
        let size = |c: &mut Self, x: &Expr| -> R<Option<IntExpr>> {
            Ok(match &x.kind {
                ExprKind::Nimber(None) => Some(IntExpr {
                    kind: IntKind::Lit(1),
                    loc: c.loc(&x.span),
                }),
                ExprKind::Nimber(Some(n)) => Some(c.int(n)?),
                _ => None,
            })
        };
        let (Some(x), Some(y)) = (size(self, a)?, size(self, b)?) else {
            return Ok(None);
        };
        Ok(Some(GameExpr::Nim {
            n: IntExpr {
                kind: IntKind::Bin(ir::BinOp::NimMul, Box::new(x), Box::new(y)),
                loc: self.loc(&e.span),
            },
            star: true,
        }))
    }
}

/// Joins the parts of `A | B | C ...` into a balanced tree, so a union of
/// 10^6 sets is 20 levels deep, not 10^6. `parts` is never empty.
fn balanced<T>(mut parts: Vec<T>, join: impl Fn(T, T) -> T + Copy) -> T {
    while parts.len() > 1 {
        let mut next = Vec::with_capacity(parts.len().div_ceil(2));
        let mut it = parts.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => join(a, b),
                None => a,
            });
        }
        parts = next;
    }
    parts.pop().expect("a union has parts")
}

pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Games people often use without defining them, and their rules.
const WELL_KNOWN: &[(&str, &str)] = &[
    ("kayles", "octal 0.77"),
    ("dawson", "octal 0.07"),
    ("dawsons", "octal 0.07"),
    ("dawsons_kayles", "octal 0.07"),
    ("dawsons_chess", "octal 0.137"),
    ("dchess", "octal 0.137"),
    ("officers", "octal 0.6"),
    ("grundys", "grundy"),
    ("grundys_game", "grundy"),
    ("gg", "grundy"),
];

/// How to define a game people often use without defining it.
fn well_known(name: &str) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    let (_, rule) = WELL_KNOWN.iter().find(|(n, _)| *n == lower)?;
    Some(format!("game {name} = {rule}"))
}
