//! Checked statements: what the session runs, one action a statement.

use super::{GameDef, GameExpr, GameId, GlobalId, IntExpr, IntSet, Loc};

/// A checked unit: its game definitions (installed before anything runs,
/// so a game may be used above the line that defines it) and its actions.
/// Statements with errors are left out; what they failed to define is
/// listed, so the statements that need it can say so.
pub struct Unit {
    /// The first definition in the unit of each game.
    pub games: Vec<Defined>,
    pub actions: Vec<Action>,
    /// Where each action's statement is written.
    pub locs: Vec<Loc>,
    /// The defined names each action uses.
    pub uses: Vec<Vec<Use>>,
    /// Names whose last definition in the unit has an error and that have
    /// no id (a `let` that did not check, a statement that did not parse).
    pub failed_names: Vec<Failure>,
    /// `let` values that are `{}` or `{0}`: a game or a set of integers, as
    /// their use needs (whether the set holds 0).
    pub zero_sets: Vec<(GlobalId, bool)>,
}

/// Something defined that others may need: a game or a `let` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dep {
    Game(GameId),
    Global(GlobalId),
}

/// A use of a defined name in a statement or a rule: what it refers to,
/// the name, and where it is written.
#[derive(Debug, Clone)]
pub struct Use {
    pub dep: Dep,
    pub name: String,
    pub loc: Loc,
}

/// A definition with an error: the name it defines and where.
#[derive(Debug, Clone)]
pub struct Failure {
    pub name: String,
    pub loc: Loc,
}

/// A game definition: its id, its rule and the names the rule uses. One
/// with an error has a rule of kind `Declared` and says where it failed.
pub struct Defined {
    pub id: GameId,
    pub def: GameDef,
    pub uses: Vec<Use>,
    pub failure: Option<Failure>,
}

pub enum Typed {
    Int(IntExpr),
    Game(GameExpr),
    IntSet(IntSet),
}

pub enum Action {
    Let {
        name: String,
        /// Where the name is written.
        at: Loc,
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
    /// A game defined again later in its unit: from here on it has this rule.
    Define(Defined),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    Positions,
    Options,
    Heap,
    Period,
    Output,
    Memory,
    Work,
    Threads,
}

impl Setting {
    pub const ALL: &'static [(&'static str, Setting, &'static str)] = &[
        (
            "positions",
            Setting::Positions,
            "positions kept in memory (memo tables, misère searches)",
        ),
        (
            "options",
            Setting::Options,
            "loop iterations for the options of one position; moves a misère search visits",
        ),
        (
            "heap",
            Setting::Heap,
            "largest heap whose value a rule family's table computes",
        ),
        (
            "period",
            Setting::Period,
            "largest heap `period` computes while it searches",
        ),
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
        (
            "work",
            Setting::Work,
            "the work of one question: loop iterations of rules, a tenth of table steps",
        ),
        (
            "threads",
            Setting::Threads,
            "threads that compute a take-and-break sequence together",
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
    /// The nim products of two numbers.
    Nimprod,
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
    /// The file to write, as written; `file_loc` is where. None: the SVG
    /// is the answer (shown where the answers go).
    pub file: Option<String>,
    pub file_loc: Loc,
}

/// What `misere WORD G` asks of G's misère canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormQuestion {
    Canonical,
    Mate,
    Tame,
    Restive,
    HalfTame,
}

impl FormQuestion {
    pub const ALL: [(&'static str, FormQuestion); 5] = [
        ("canonical", FormQuestion::Canonical),
        ("mate", FormQuestion::Mate),
        ("tame", FormQuestion::Tame),
        ("restive", FormQuestion::Restive),
        ("halftame", FormQuestion::HalfTame),
    ];

    /// The word that asks it.
    pub fn word(self) -> &'static str {
        FormQuestion::ALL
            .iter()
            .find(|(_, q)| *q == self)
            .map_or("canonical", |(w, _)| w)
    }
}

pub enum QueryIr {
    Grundy(GameExpr),
    Outcome(GameExpr),
    MisereOutcome(GameExpr),
    MisereGrundy(GameExpr),
    MisereMoves(GameExpr),
    MisereExplain(GameExpr),
    /// `genus G`.
    Genus(GameExpr),
    /// `misere canonical G`, `misere mate G` and the tests of its kind.
    MisereForm(FormQuestion, GameExpr),
    /// `check misere equiv G, H`.
    MisereEquiv(GameExpr, GameExpr),
    /// `misere quotient NAME to N`.
    MisereQuotient(GameId, IntExpr),
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
    /// `sequence NAME a..b to "FILE"`: a research run.
    Research(Box<ResearchIr>),
    /// `period NAME from "FILE"`.
    PeriodFrom(Box<PeriodFromIr>),
}

/// `period NAME from "FILE"`: a research run's values file read into the
/// game's table, then the period searched for.
pub struct PeriodFromIr {
    pub game: GameId,
    pub game_loc: Loc,
    pub file: String,
    pub file_loc: Loc,
}

/// `sequence NAME a..b to "FILE"`: the values written to a file, resumed
/// from its last checkpoint when run again.
pub struct ResearchIr {
    pub game: GameId,
    /// Where the game's name is written.
    pub game_loc: Loc,
    pub range: RangeIr,
    /// The file, as written; `file_loc` is where.
    pub file: String,
    pub file_loc: Loc,
}

/// What a `check` expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    Value(u64),
    /// `P` (true) or `N` (false).
    Outcome(bool),
    /// `D`: a draw (a loopy game).
    Draw,
    Values(Vec<u64>),
    Period(u64, u64),
    /// `check move G -> H` (with the query `Moves(G)`): H is one move from
    /// G and has value 0; `written` is H as written.
    Move {
        to: GameExpr,
        written: String,
    },
    /// `check equiv G, H` (with the query `Equiv(G, H)`): G + H is a P-position.
    Equivalent,
}

impl Expect {
    /// The expected answer as the FAIL line says it.
    pub fn describe(&self) -> String {
        match self {
            Expect::Value(v) => v.to_string(),
            Expect::Outcome(p) => if *p { "P" } else { "N" }.to_string(),
            Expect::Draw => "D".to_string(),
            Expect::Values(v) => v.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
            Expect::Period(a, b) => format!("pre-period {a}, period {b}"),
            Expect::Move { .. } => "a winning move".to_string(),
            Expect::Equivalent => "equivalent games".to_string(),
        }
    }
}
