//! The abstract syntax tree, with byte spans into the source it came from.

pub type Span = std::ops::Range<usize>;

#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    /// `a ** b` (and `10^b`).
    Pow,
    /// `a xor b`: the nim-sum of two integers.
    Xor,
    /// `nimprod(a, b)`: the nim product.
    NimMul,
    /// `nimdiv(a, b)`: the nim product by the nim inverse.
    NimDiv,
}

impl BinOp {
    /// How the operator is written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Pow => "**",
            BinOp::Xor => "xor",
            BinOp::NimMul => "⊗",
            BinOp::NimDiv => "⊘",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Int(u64),
    Name(Name),
    /// `name(args)`: a game position, or `nim(n)`.
    Call(Name, Vec<Expr>),
    /// `*e`, or `*` alone (None) for *1.
    Nimber(Option<Box<Expr>>),
    /// `{a, b, c}`: an explicit game (set of options) or a set of integers.
    Set(Vec<Expr>),
    /// `{ item for .. if .. }`.
    Builder(Box<Expr>, Vec<Clause>),
    /// `a + b + c`: flattened, so long sums make no deep trees.
    Sum(Vec<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `a ^ b`: a power when `a` is 10 (`10^18`); anything else is ambiguous
    /// (a power, or the xor a nim-sum is?) and reported.
    Caret(Box<Expr>, Box<Expr>),
    /// `A | B | C`: flattened, so long unions make no deep trees.
    Union(Vec<Expr>),
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    /// `g.a`: the position at vertex `a` of the graph game `g`.
    Vertex(Name, Name),
    /// `hackenbush { 0-1, 1-2-0 }`: a Green Hackenbush picture, as paths
    /// of vertices (each with its span).
    Hackenbush(Vec<Vec<(u64, Span)>>),
    /// `g("THHTH")`: a row of coins of the coin game `g`, with the span of
    /// the string (quotes included).
    Row(Name, String, Span),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Clause {
    For(Name, Iter),
    If(Expr),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Iter {
    Range(Range, Span),
    Expr(Expr),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    pub lo: Expr,
    pub hi: Expr,
    pub inclusive: bool,
}

/// The right-hand side of `game name = ...` when it is a rule family.
#[derive(Debug, Clone, PartialEq)]
pub enum Family {
    Subtraction(Vec<Expr>),
    AllBut(Vec<Expr>),
    Octal(String, Span),
    Hex(String, Span),
    Grundy,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Expr(Expr),
    Family(Family, Span),
    /// `graph { a -> b -> c, c -> a, d }`: chains of edges (a lone name is
    /// a vertex with no edge of its own), and the span of the whole.
    Graph(Vec<Vec<Name>>, Span),
    /// Two words naming a built-in game: `mock turtles`, `turning corners`.
    Words(Name, Name, Span),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Query {
    Grundy(Expr),
    Outcome(Expr),
    MisereOutcome(Expr),
    /// `misere grundy G`: the misère Grundy value.
    MisereGrundy(Expr),
    MisereMoves(Expr),
    MisereExplain(Expr),
    /// `misere WORD G`: `canonical`, `mate`, `tame`, `restive` or
    /// `halftame` (the word checked later).
    MisereForm(Name, Expr),
    /// `genus G`: Conway's genus.
    Genus(Expr),
    /// `misere quotient NAME to N`: the words `quotient` and `to` (checked
    /// later), the family and N.
    MisereQuotient(Name, Name, Name, Expr),
    Moves(Expr),
    Explain(Expr),
    Mex(Expr),
    Equiv(Expr, Expr),
    Sequence(Name, Range),
    Period(Name),
    Table(Name, Range, Range),
    /// `sequence NAME a..b by K`: the word `by` (checked later) and K.
    SequenceBy(Name, Range, Name, Expr),
    /// `table NAME a..b c..d as FORMAT`: the word `as` and the format.
    TableAs(Name, Range, Range, Name, Name),
    Plot(Box<Plot>),
    /// `sequence NAME a..b to "FILE"`: a research run.
    Research(Box<Research>),
    /// `period NAME from "FILE"`.
    PeriodFrom(Box<PeriodFrom>),
}

/// `sequence NAME a..b to "FILE"`: the values written to a file, with
/// checkpoints, resumed when run again.
#[derive(Debug, Clone, PartialEq)]
pub struct Research {
    pub game: Name,
    pub range: Range,
    /// The word `to` (checked later).
    pub to: Name,
    pub file: String,
    pub file_span: Span,
}

/// `period NAME from "FILE"`: the period search, with the values of a
/// research run's file read first.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodFrom {
    pub game: Name,
    /// The word `from` (checked later).
    pub from: Name,
    pub file: String,
    pub file_span: Span,
}

/// `plot NAME a..b to "FILE.svg"`, or with two ranges a heat map.
#[derive(Debug, Clone, PartialEq)]
pub struct Plot {
    pub game: Name,
    pub x: Range,
    pub y: Option<Range>,
    /// The word `to` (checked later) and the file; none for a plot shown
    /// where the answers go (the SVG itself).
    pub to: Option<Name>,
    pub file: Option<String>,
    pub file_span: Span,
}

/// One word or number of a `check`'s expected value: `3`, `*4`, `P`, `71 12`.
#[derive(Debug, Clone, PartialEq)]
pub enum Atom {
    Int(u64),
    /// `*4` (and `*` alone, *1): accepted wherever a value is.
    Nimber(u64),
    Word(String),
}

/// The forms of `check`.
#[derive(Debug, Clone, PartialEq)]
pub enum Check {
    /// `check QUERY == VALUE`: the query and where it is written, the
    /// expected value and where that is written.
    Answer {
        query: Box<Query>,
        at: Span,
        expect: Vec<Atom>,
        expect_at: Span,
    },
    /// `check move G -> H`.
    Move(Expr, Expr),
    /// `check equiv G, H`.
    Equiv(Expr, Expr),
    /// `check misere equiv G, H`.
    MisereEquiv(Expr, Expr),
    /// A question whose answer is `?`, not yet written (a blank sheet).
    Blank { question: Box<Question>, at: Span },
}

/// What a `check` asks, without its answer: the question a grader matches.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum Question {
    /// `check QUERY == ...`
    Answer(Query),
    /// `check move G -> ...`
    Move(Expr),
    /// `check equiv G, ...`
    Equiv(Expr),
    /// `check misere equiv G, ...`
    MisereEquiv(Expr),
}

impl Check {
    /// The question this check asks.
    pub fn question(&self) -> Question {
        match self {
            Check::Answer { query, .. } => Question::Answer((**query).clone()),
            Check::Move(g, _) => Question::Move(g.clone()),
            Check::Equiv(g, _) => Question::Equiv(g.clone()),
            Check::MisereEquiv(g, _) => Question::MisereEquiv(g.clone()),
            Check::Blank { question, .. } => (**question).clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

// One statement at a time is built and checked: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    Game {
        name: Name,
        params: Vec<Name>,
        body: Body,
    },
    Let(Name, Expr),
    Query(Query),
    Check(Check),
    /// `set NAME VALUE`: a setting such as `set limit 100000000`.
    Set(Name, Expr),
    /// A bare expression: the Grundy value of a game, or an integer's value.
    Expr(Expr),
    /// A statement that did not parse (already reported), with the name it
    /// was defining, if it was a `game` or `let`.
    Error(Option<Name>),
}
