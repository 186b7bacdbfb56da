//! The tokens of the mex language, recognised by logos.

use logos::Logos;
use std::fmt;

/// A raw token as logos sees it. The lexer wrapper in [`super::lexer`]
/// refines these (statement ends, nimber stars, call names) before parsing.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
#[logos(skip r"[ \t\r\f]+")]
#[logos(skip(r"#[^\n]*", allow_greedy = true))]
pub enum Raw {
    #[token("\n")]
    Newline,
    #[token(";")]
    Semi,
    #[regex(r"[0-9][0-9_]*")]
    Int,
    /// A take-and-break code such as `0.77`, `.07`, `4.0` or hex `C.1F`
    /// (validated later).
    #[regex(r"[0-9A-Fa-f]*\.[0-9A-Za-z]+")]
    Code,
    #[regex(r"[A-Za-z_][A-Za-z0-9_']*")]
    Ident,
    /// `g.a`: a position of a graph game (a name, a dot, a name). It wins
    /// over a code of the same text (`dead.end`); right after `octal` or
    /// `hex` the lexer reads it as a code again.
    #[regex(r"[A-Za-z_][A-Za-z0-9_']*\.[A-Za-z_][A-Za-z0-9_']*", priority = 10)]
    Path,
    /// A string in double quotes on one line: a file name, `"kayles.svg"`.
    #[regex(r#""[^"\n]*""#)]
    Str,
    /// A string with no closing quote before the end of the line.
    #[regex(r#""[^"\n]*"#)]
    OpenStr,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(",")]
    Comma,
    #[token("..")]
    DotDot,
    #[token("..=")]
    DotDotEq,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    /// `**`: a power, `2**k`.
    #[token("**")]
    StarStar,
    /// `^`: a power where the base is 10 (`10^18`).
    #[token("^")]
    Caret,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("|")]
    Bar,
    #[token("=")]
    Assign,
    #[token("==")]
    EqEq,
    #[token("!=")]
    NotEq,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("->")]
    Arrow,
    #[token("?")]
    Question,
}

/// A token as the parser sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// End of a statement: a newline outside brackets, or `;`.
    End,
    Int(u64),
    Code(String),
    Ident(String),
    /// A name written right before `(`: a game position or call, `kayles(5)`.
    CallName(String),
    /// A string's text, without its quotes: `"kayles.svg"`.
    Str(String),
    // keywords
    Game,
    Let,
    For,
    In,
    If,
    And,
    Or,
    Not,
    /// `xor`: the nim-sum of integers.
    Xor,
    Grundy,
    Outcome,
    Misere,
    /// `genus G`: Conway's genus.
    Genus,
    Moves,
    Explain,
    Sequence,
    Period,
    Table,
    Mex,
    Check,
    Equiv,
    /// `move` right after `check` (elsewhere it is an ordinary name).
    Move,
    Subtraction,
    All,
    But,
    Octal,
    Hex,
    Set,
    Plot,
    /// `graph { a -> b, ... }`: a game played on a directed graph.
    Graph,
    /// `hackenbush { 0-1, 1-2 }`: a Green Hackenbush picture.
    Hackenbush,
    // punctuation
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Comma,
    DotDot,
    DotDotEq,
    /// `.` between a graph game and a vertex: `g.a`.
    Dot,
    Plus,
    Minus,
    /// `*` in prefix position, right before its operand: a nimber, `*5`.
    Nimber,
    /// `*` standing alone: the nimber *1.
    StarOne,
    /// `*` between operands: integer multiplication.
    Times,
    /// `**`: a power.
    Power,
    /// `^`: a power of 10 (`10^18`); other uses are reported by the checker.
    Caret,
    Slash,
    Percent,
    Bar,
    Assign,
    EqEq,
    NotEq,
    Lt,
    Le,
    Gt,
    Ge,
    Arrow,
    /// `?`: an answer not yet written (`check grundy G == ?`).
    Blank,
}

impl Tok {
    /// The keyword for a name, if it is one.
    pub fn keyword(name: &str) -> Option<Tok> {
        Some(match name {
            "game" => Tok::Game,
            "let" => Tok::Let,
            "for" => Tok::For,
            "in" => Tok::In,
            "if" => Tok::If,
            "and" => Tok::And,
            "or" => Tok::Or,
            "not" => Tok::Not,
            "xor" => Tok::Xor,
            "grundy" => Tok::Grundy,
            "outcome" => Tok::Outcome,
            "misere" => Tok::Misere,
            "genus" => Tok::Genus,
            "moves" => Tok::Moves,
            "explain" => Tok::Explain,
            "sequence" => Tok::Sequence,
            "period" => Tok::Period,
            "table" => Tok::Table,
            "mex" => Tok::Mex,
            "check" => Tok::Check,
            "equiv" => Tok::Equiv,
            "subtraction" => Tok::Subtraction,
            "all" => Tok::All,
            "but" => Tok::But,
            "octal" => Tok::Octal,
            "hex" => Tok::Hex,
            "set" => Tok::Set,
            "plot" => Tok::Plot,
            "graph" => Tok::Graph,
            "hackenbush" => Tok::Hackenbush,
            _ => return None,
        })
    }

    /// Every keyword, for completion and for "did you mean".
    pub const KEYWORDS: &'static [&'static str] = &[
        "game",
        "let",
        "for",
        "in",
        "if",
        "and",
        "or",
        "not",
        "xor",
        "grundy",
        "outcome",
        "misere",
        "genus",
        "moves",
        "explain",
        "sequence",
        "period",
        "table",
        "mex",
        "check",
        "equiv",
        "subtraction",
        "all",
        "but",
        "octal",
        "hex",
        "set",
        "plot",
        "graph",
        "hackenbush",
    ];

    /// True for tokens after which a `*` multiplies rather than starts a nimber.
    pub fn ends_operand(&self) -> bool {
        matches!(
            self,
            Tok::Int(_) | Tok::Ident(_) | Tok::StarOne | Tok::RParen | Tok::RBrace | Tok::RBracket
        )
    }
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::End => write!(f, "end of statement"),
            Tok::Int(n) => write!(f, "integer {n}"),
            Tok::Code(c) => write!(f, "code {c}"),
            Tok::Str(s) => write!(f, "string \"{s}\""),
            Tok::Ident(s) | Tok::CallName(s) => write!(f, "name `{s}`"),
            Tok::Nimber | Tok::StarOne | Tok::Times => write!(f, "`*`"),
            other => write!(f, "`{}`", token_text(other)),
        }
    }
}

/// The source text of a fixed token (keywords and punctuation).
pub fn token_text(t: &Tok) -> &'static str {
    match t {
        Tok::Game => "game",
        Tok::Let => "let",
        Tok::For => "for",
        Tok::In => "in",
        Tok::If => "if",
        Tok::And => "and",
        Tok::Or => "or",
        Tok::Not => "not",
        Tok::Xor => "xor",
        Tok::Grundy => "grundy",
        Tok::Outcome => "outcome",
        Tok::Misere => "misere",
        Tok::Genus => "genus",
        Tok::Moves => "moves",
        Tok::Explain => "explain",
        Tok::Sequence => "sequence",
        Tok::Period => "period",
        Tok::Table => "table",
        Tok::Mex => "mex",
        Tok::Check => "check",
        Tok::Equiv => "equiv",
        Tok::Move => "move",
        Tok::Subtraction => "subtraction",
        Tok::All => "all",
        Tok::But => "but",
        Tok::Octal => "octal",
        Tok::Hex => "hex",
        Tok::Set => "set",
        Tok::Plot => "plot",
        Tok::Graph => "graph",
        Tok::Hackenbush => "hackenbush",
        Tok::Dot => ".",
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::LBrace => "{",
        Tok::RBrace => "}",
        Tok::LBracket => "[",
        Tok::RBracket => "]",
        Tok::Comma => ",",
        Tok::DotDot => "..",
        Tok::DotDotEq => "..=",
        Tok::Plus => "+",
        Tok::Minus => "-",
        Tok::Nimber | Tok::StarOne | Tok::Times => "*",
        Tok::Power => "**",
        Tok::Caret => "^",
        Tok::Slash => "/",
        Tok::Percent => "%",
        Tok::Bar => "|",
        Tok::Assign => "=",
        Tok::EqEq => "==",
        Tok::NotEq => "!=",
        Tok::Lt => "<",
        Tok::Le => "<=",
        Tok::Gt => ">",
        Tok::Ge => ">=",
        Tok::Arrow => "->",
        Tok::Blank => "?",
        Tok::End => ";",
        Tok::Int(_) | Tok::Code(_) | Tok::Ident(_) | Tok::CallName(_) | Tok::Str(_) => "",
    }
}
