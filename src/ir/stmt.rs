//! Checked statements: what the session runs, one action a statement.

use super::{GameDef, GameExpr, GameId, GlobalId, IntExpr, IntSet, Loc};

/// A checked unit: its game definitions (installed before anything runs,
/// so a game may be used above the line that defines it) and its actions.
pub struct Unit {
    pub games: Vec<(GameId, GameDef)>,
    pub actions: Vec<Action>,
    /// Where each action's statement is written.
    pub locs: Vec<Loc>,
}

pub enum Typed {
    Int(IntExpr),
    Game(GameExpr),
    IntSet(IntSet),
}

pub enum Action {
    Let {
        name: String,
        id: GlobalId,
        value: Typed,
    },
    Set {
        setting: Setting,
        value: IntExpr,
    },
    Query {
        query: QueryIr,
        loc: Loc,
    },
    Check {
        query: QueryIr,
        expect: Expect,
        text: String,
        loc: Loc,
    },
    /// A bare expression: a game's value, or an integer.
    Show(Typed, Loc),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    Positions,
    Options,
    Heap,
    Period,
    Output,
    Memory,
}

impl Setting {
    pub const ALL: &'static [(&'static str, Setting, &'static str)] = &[
        (
            "positions",
            Setting::Positions,
            "positions of defined games kept in memory",
        ),
        (
            "options",
            Setting::Options,
            "loop iterations for the options of one position",
        ),
        (
            "heap",
            Setting::Heap,
            "largest heap a rule family computes without a proven period",
        ),
        ("period", Setting::Period, "how far `period` searches"),
        (
            "output",
            Setting::Output,
            "values one answer may print (sequence, table)",
        ),
        (
            "memory",
            Setting::Memory,
            "MiB that tables and searches may take together",
        ),
    ];
}

pub struct RangeIr {
    pub lo: IntExpr,
    pub hi: IntExpr,
    pub inclusive: bool,
}

pub enum TableSource {
    Nimsum,
    Game(GameId),
}

/// How a table is laid out: aligned text, or for a document or a spreadsheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableStyle {
    Text,
    Markdown,
    Latex,
    Csv,
}

impl TableStyle {
    /// The styles `table ... as STYLE` takes, by name.
    pub const NAMED: &'static [(&'static str, TableStyle)] = &[
        ("markdown", TableStyle::Markdown),
        ("latex", TableStyle::Latex),
        ("csv", TableStyle::Csv),
        ("text", TableStyle::Text),
    ];
}

/// What a `plot` draws.
pub enum PlotOf {
    /// The nim-sequence of a one-parameter game over a range.
    Sequence(GameId, RangeIr),
    /// A two-parameter game (or the nim-sum) as a heat map.
    Heat(TableSource, RangeIr, RangeIr),
}

pub struct PlotIr {
    pub of: PlotOf,
    /// The file to write, as written; `file_loc` is where.
    pub file: String,
    pub file_loc: Loc,
}

pub enum QueryIr {
    Grundy(GameExpr),
    Outcome(GameExpr),
    MisereOutcome(GameExpr),
    MisereMoves(GameExpr),
    Moves(GameExpr),
    Explain(GameExpr),
    Mex(IntSet),
    Equiv(GameExpr, GameExpr),
    Sequence(GameId, RangeIr),
    Period(GameId),
    Table(TableSource, RangeIr, RangeIr),
    /// `sequence NAME a..b by K`: the values in rows of K.
    SequenceBy(GameId, RangeIr, IntExpr),
    /// `table NAME a..b c..d as STYLE`.
    TableAs(TableSource, RangeIr, RangeIr, TableStyle),
    Plot(Box<PlotIr>),
}

/// What a `check` expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    Value(u64),
    /// `P` (true) or `N` (false).
    Outcome(bool),
    Values(Vec<u64>),
    Period(u64, u64),
}
