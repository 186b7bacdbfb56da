//! What a statement found, as data: the renderers in [`crate::render`]
//! write it as text or as JSON, so the two forms always say the same.

use crate::engine::heap::Sparse;
use crate::ir::{Expect, TableStyle};

/// The answer to one statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `grundy G`, or a game written alone on a line.
    Grundy(u64),
    /// `misere grundy G`: the misère Grundy value.
    MisereGrundy(u64),
    /// `grundy G` of a game that reaches a cycle: its generalized value.
    LoopyGrundy(crate::engine::loopy::Value),
    /// `outcome G` of such a game: `Some(true)` for P, `None` for a draw.
    LoopyOutcome(Option<bool>),
    /// `mex {..}`.
    Mex(u64),
    /// An integer expression written alone on a line.
    Integer(u64),
    /// A set of integers written alone on a line.
    Set(Vec<u64>),
    /// `outcome G` (P: the previous player wins) or `misere outcome G`.
    Outcome {
        p: bool,
        misere: bool,
    },
    /// `moves G`: each winning move as `moves` prints it (a class of
    /// moves of one kind may be one line), how many more there are beyond
    /// those listed, and when there is none, why not.
    Moves {
        moves: Vec<String>,
        more: u128,
        none: Option<String>,
    },
    /// `misere moves G`: each move to a misère P-position, as `moves`
    /// prints it, and when there is none, why not.
    MisereMoves {
        moves: Vec<String>,
        none: Option<String>,
    },
    /// `explain G`: the derivation, a line a step.
    Explain(Vec<String>),
    /// `misere explain`: lines, as `explain`.
    MisereExplain(Vec<String>),
    /// `equiv G, H`: the two values.
    Equiv {
        a: u64,
        b: u64,
    },
    Sequence(Sequence),
    Period(PeriodAnswer),
    Table(Table),
    Plot(Plotted),
    /// A graded `check`.
    Check(Box<Graded>),
    /// `misere quotient NAME to N`.
    MisereQuotient(Box<QuotientAnswer>),
    /// `genus G`.
    Genus(GenusAnswer),
    /// `sequence NAME a..b to "FILE"`: a research run.
    Research(Box<Researched>),
    /// How the checks of a run went, after its last answer.
    Summary(Summary),
}

/// The checks a run (of one file or several, and `-e`) graded: how many,
/// how many failed, and how many errors it reported besides.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub checks: usize,
    pub failed: usize,
    pub errors: usize,
}

impl Summary {
    /// Adds the counts of another run.
    pub fn merge(&mut self, other: Summary) {
        self.checks += other.checks;
        self.failed += other.failed;
        self.errors += other.errors;
    }
}

/// What a research run wrote, and what its values show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Researched {
    pub game: String,
    /// The rule, as the file's header has it (`octal 0.6`).
    pub rule: String,
    pub file: String,
    /// What kind of file was written.
    pub format: FileFormat,
    /// The heaps asked for, `from..=to`.
    pub from: u64,
    pub to: u64,
    /// Where the file's values stopped when the run began, if it held
    /// some already (past `to`: nothing was left to compute).
    pub resumed: Option<u64>,
    /// Bytes per value in the file (a values file, a NumPy file; none for
    /// CSV), and the file's size.
    pub width: Option<u32>,
    pub bytes: u64,
    pub rare: RareFound,
    /// The largest value of the heaps asked for, and the first heap with it.
    pub largest: (u64, u64),
    /// The proven period of the values, if one is known.
    pub period: Option<PeriodFound>,
    /// Checksums of the values of the heaps asked for.
    pub checksum: Checksum,
}

/// The kinds of file a research run writes (chosen by the file's name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFormat {
    /// mex's values file (resumed when run again).
    Values,
    /// `n,value` rows with a header line.
    Csv,
    /// A NumPy array of unsigned integers.
    Npy,
}

/// Checksums of a research run's values G(a), ..., G(b).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checksum {
    /// ogsolve's Fletcher-32: over the values as 16-bit numbers, the sum
    /// `a` and the sum of the running sums `b`, both modulo 2^16, as
    /// `b << 16 | a`; `None` when a value does not fit 16 bits.
    pub fletcher32: Option<u32>,
    /// SHA-256 of the values as 8-byte little-endian integers.
    pub sha256: [u8; 32],
}

/// The rare values of a research run's table, as the published tables
/// count them (see [`crate::engine::heap::Census`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RareFound {
    /// The mask that makes the fewest of the heaps 0..=to rare, and those.
    Split(Sparse),
    /// The rule never splits a heap in two.
    NoSplit,
    /// The rule may leave three heaps (the split is for two).
    ThreeHeaps,
    /// A value is too large for the count (see
    /// [`crate::engine::heap::CENSUS_VALUES`]).
    TooWide,
}

/// A family's misère quotient, with elements named by their normal forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotientAnswer {
    pub game: String,
    pub rule: String,
    pub to: u64,
    pub order: u32,
    /// (name, heap) of each generator.
    pub generators: Vec<(String, u64)>,
    pub relations: Vec<String>,
    /// The elements in normal-form order.
    pub elements: Vec<String>,
    pub p_portion: Vec<String>,
    /// The element of each heap `0..=to`.
    pub heaps: Vec<String>,
    /// `table[i][j]`: the product of elements `i` and `j` (orders up to 32).
    pub table: Option<Vec<Vec<String>>>,
    /// (from, period) of the heaps' elements, proven.
    pub period: Option<(u64, u64)>,
    /// Heaps at which the quotient grew.
    pub expansions: Vec<u64>,
}

/// Conway's genus: the normal value and the misère values of G, G + 2,
/// G + 2 + 2, ... up to the first pair that repeats for ever.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenusAnswer {
    pub normal: u64,
    pub misere: Vec<u64>,
    pub tame: bool,
    /// Found by genus arithmetic from tame components.
    pub arithmetic: bool,
}

impl GenusAnswer {
    /// `4^146`, or `12^(12,14)` when a value has two digits.
    pub fn symbol(&self) -> String {
        if self.misere.iter().all(|&v| v < 10) {
            let s: String = self.misere.iter().map(u64::to_string).collect();
            format!("{}^{s}", self.normal)
        } else {
            let s: Vec<String> = self.misere.iter().map(u64::to_string).collect();
            format!("{}^({})", self.normal, s.join(","))
        }
    }
}

/// `sequence NAME a..b` (`by K`: in rows of K).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequence {
    pub from: u64,
    pub values: Vec<u64>,
    pub by: Option<u64>,
}

/// `period NAME`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodAnswer {
    /// The game's name.
    pub game: String,
    /// A rule family's rule: `octal 0.77 (Kayles)`.
    pub rule: Option<String>,
    /// The period found, if any.
    pub found: Option<PeriodFound>,
    /// The largest heap whose value the search looked at.
    pub checked_to: Option<u64>,
    /// `period NAME from "FILE"`: the file and the values read from it.
    pub read: Option<(String, u64)>,
    /// For a search that found no proof: the `set` (its name) that would
    /// let it look further.
    pub limit: Option<&'static str>,
    /// Why it holds (the proof, or how far it was seen), or how far the
    /// search went without finding one.
    pub reason: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeriodFound {
    pub pre_period: u64,
    pub period: u64,
    /// The constant increase per period of an arithmetically periodic
    /// sequence; `None` for an ordinary period.
    pub saltus: Option<u64>,
    pub proven: bool,
}

/// `table NAME a..b c..d`: `rows[i][j]` is the value at
/// (`row_from + i`, `col_from + j`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The game's name, or `nimsum`.
    pub game: String,
    /// The parameters the rows and the columns stand for.
    pub row_param: String,
    pub col_param: String,
    pub row_from: u64,
    pub col_from: u64,
    /// How many columns (rows may be empty).
    pub cols: u64,
    pub rows: Vec<Vec<u64>>,
    pub style: TableStyle,
}

/// A `plot` written to a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plotted {
    /// The file written, or none when the SVG is the answer.
    pub file: Option<String>,
    /// The SVG itself when no file was written.
    pub svg: Option<String>,
    pub game: String,
    pub kind: PlotKind,
    /// The period marked on a sequence plot.
    pub period: Option<PeriodFound>,
    /// The size of the file written.
    pub bytes: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlotKind {
    /// n from `from` to `to` (inclusive); `per_column` values share each
    /// column of pixels (1 when every value has its own).
    Sequence { from: u64, to: u64, per_column: u64 },
    /// Rows and columns (inclusive ranges); each square of the map stands
    /// for a block of `block.0` rows by `block.1` columns (its largest value).
    Heat {
        rows: (u64, u64),
        cols: (u64, u64),
        block: (u64, u64),
    },
}

/// A graded `check`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graded {
    /// The statement as written, without `check`.
    pub text: String,
    pub passed: bool,
    pub expected: Expect,
    /// What the query answered.
    pub found: Answer,
    /// What was found, in words, where the answer alone does not say it
    /// (`check move`: "a move to a position of value 2"; `check equiv`:
    /// "values 3 and 2").
    pub found_words: Option<String>,
    /// Why the answer is what it is (for a FAIL).
    pub why: Vec<String>,
    /// The share of the answer that is right, as a fraction (right, of),
    /// for graders that give partial credit: 1/1 for a pass; for a
    /// sequence, its terms that are right of its terms; for `check move`,
    /// 1/2 for a legal move that does not win; else 0/1.
    pub share: (u64, u64),
}

/// The value an answer gives, for `check` to compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Value(u64),
    Outcome(bool),
    /// Neither player can force a win (a loopy game).
    Draw,
    /// A value that is no number, as written (`∞{0, 2}`).
    Shown(String),
    Values(Vec<u64>),
    Period(u64, u64),
    Nothing,
}

impl Answer {
    /// The kind of statement it answers: the `query` of its JSON form.
    pub fn kind(&self) -> &'static str {
        match self {
            Answer::Grundy(_) => "grundy",
            Answer::Mex(_) => "mex",
            Answer::MisereGrundy(_) => "misere grundy",
            Answer::LoopyGrundy(_) => "grundy",
            Answer::LoopyOutcome(_) => "outcome",
            Answer::Integer(_) => "integer",
            Answer::Set(_) => "set",
            Answer::Outcome { misere: false, .. } => "outcome",
            Answer::Outcome { misere: true, .. } => "misere outcome",
            Answer::Moves { .. } => "moves",
            Answer::MisereMoves { .. } => "misere moves",
            Answer::Explain(_) => "explain",
            Answer::MisereExplain(_) => "misere explain",
            Answer::Equiv { .. } => "equiv",
            Answer::Sequence(_) => "sequence",
            Answer::Period(_) => "period",
            Answer::Table(_) => "table",
            Answer::Plot(_) => "plot",
            Answer::Check(_) => "check",
            Answer::MisereQuotient(_) => "misere quotient",
            Answer::Genus(_) => "genus",
            Answer::Research(_) => "research",
            Answer::Summary(_) => "summary",
        }
    }

    /// The value to compare with what a `check` expects.
    pub fn found(&self) -> Found {
        match self {
            Answer::Grundy(v) | Answer::MisereGrundy(v) | Answer::Mex(v) | Answer::Integer(v) => {
                Found::Value(*v)
            }
            Answer::Outcome { p, .. } => Found::Outcome(*p),
            Answer::LoopyGrundy(crate::engine::loopy::Value::Finite(v)) => Found::Value(*v),
            Answer::LoopyOutcome(Some(p)) => Found::Outcome(*p),
            Answer::LoopyOutcome(None) => Found::Draw,
            Answer::LoopyGrundy(v) => Found::Shown(crate::query::loopy::show_value(v)),
            Answer::Equiv { a, b } => Found::Outcome(a == b),
            Answer::Sequence(s) => Found::Values(s.values.clone()),
            Answer::Period(PeriodAnswer { found: Some(f), .. }) => {
                Found::Period(f.pre_period, f.period)
            }
            _ => Found::Nothing,
        }
    }
}
