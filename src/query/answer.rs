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
    /// `moves G`: the position asked and its value, each winning move (a
    /// class of moves of one kind may be one [`Move`]), how many more there
    /// are beyond those listed, and when there is none, why not.
    Moves(Box<MovesAnswer>),
    /// `misere moves G`: each move to a misère P-position, and when there
    /// is none, why not.
    MisereMoves(Box<MovesAnswer>),
    /// `explain G`: the derivation, as data and a line a step.
    Explain(Box<Explanation>),
    /// `misere explain`: the outcome, the rule behind it, the winning moves.
    MisereExplain(Box<MisereExplained>),
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
    /// `misere canonical G`, `misere mate G`, `misere tame G`, ...
    MisereForm(Box<super::canonical::FormAnswer>),
    /// `check misere equiv G, H`.
    MisereEquiv(Box<super::canonical::EquivAnswer>),
    /// `sequence NAME a..b to "FILE"`: a research run.
    Research(Box<Researched>),
    /// How the checks of a run went, after its last answer.
    Summary(Summary),
}

/// Why a position has its value: the rule that gives it, the data that
/// rule works on, and the derivation a line a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The position, written in the language (`None` past
    /// [`crate::query::show::WRITTEN`] characters).
    pub position: Option<String>,
    /// Its value (a loopy game's generalized value).
    pub value: Reached,
    pub rule: Rule,
    /// For a mex: the options (or, for a heap of a family, each class of
    /// options of one kind and value: its first member and how many), at
    /// most [`crate::query::explain::OPTIONS`] of them.
    pub options: Vec<OptionValue>,
    /// Options past those in `options`.
    pub options_more: u128,
    /// For a sum (or a row of coins): each component and its value.
    pub components: Vec<(String, u64)>,
    /// For a period: how it reduces the heap.
    pub period: Option<Reduced>,
    /// The derivation, step by step, as the renderers word it.
    pub how: How,
}

/// The steps of a derivation, as data (positions as shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum How {
    /// The zero game: `0`, `*0` or `nim(0)`.
    Zero { shown: String },
    /// `*n` (or `nim(n)`): the options `*0 .. *(n - 1)`, shown.
    Nimber {
        shown: String,
        n: u64,
        first: String,
        second: String,
        last: String,
    },
    /// A position with its options listed: each with its value when few,
    /// else grouped by value.
    Options {
        shown: String,
        listed: OptionList,
        /// The distinct values of the options, and their mex.
        values: Vec<u64>,
        mex: u64,
    },
    /// A heap of a family: its options by kind of move.
    Heap {
        shown: String,
        /// A rule written out that runs as a family: (game, family).
        runs_as: Option<(String, String)>,
        total: u128,
        groups: Vec<MoveGroup>,
        values: Vec<u64>,
        mex: u64,
    },
    /// A heap reduced by its family's proven period (see
    /// [`Explanation::period`]).
    Period {
        shown: String,
        runs_as: Option<(String, String)>,
        game: String,
        options: u128,
        /// The heap it reduces to, shown, and the number of periods.
        base: String,
        periods: u64,
    },
    /// A single head of a product: its factors at its coordinates, and
    /// their values.
    Tartan {
        shown: String,
        factors: [(String, u64); 2],
    },
    /// A sum: each component shown, with its value.
    Sum { components: Vec<(String, u64)> },
    /// A Green Hackenbush picture.
    Hackenbush {
        picture: crate::engine::hackenbush::Picture,
    },
    /// A row of coins: the row as written, its heads, the sum of its
    /// single heads as shown, their values, and each winning move (the
    /// coins turned and the row left, quoted; `None` when its moves are not
    /// coin moves).
    Coins {
        shown: String,
        heads: Vec<u64>,
        sum: String,
        values: Vec<u64>,
        wins: Option<Vec<(Vec<u64>, String)>>,
    },
    /// A game that reaches a cycle: each move and the value it leads to.
    Loopy {
        shown: String,
        moves: Vec<(Step, crate::engine::loopy::Value)>,
    },
}

/// The options of a position as `explain` lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionList {
    /// Each option shown, with its value.
    Each(Vec<(String, u64)>),
    /// `count` options; for each value (up to 16 of them), a few options
    /// shown and how many have it; how many values are left out.
    ByValue {
        count: usize,
        values: Vec<(u64, Vec<String>, usize)>,
        more_values: usize,
    },
}

/// The options of a family's heap of one kind of move: `take` tokens
/// taken, leaving `heaps` heaps; a few of them (the heaps left, shown, the
/// value, and for a class the count and step), and how many in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveGroup {
    pub take: u64,
    pub heaps: usize,
    pub items: Vec<(String, u64, u64, u64)>,
    pub count: u128,
}

/// An option of a position and its value; `count` options of one kind
/// and value for a class of a family's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionValue {
    pub to: Option<String>,
    pub value: Reached,
    pub count: u64,
}

/// A heap `n` reduced by a proven period: `n = base + q × period`, so
/// `G(n) = G(base) + q × saltus`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reduced {
    pub pre_period: u64,
    pub period: u64,
    pub saltus: u64,
    pub heap: u64,
    pub base: u64,
    pub base_value: u64,
}

/// The rule a value follows from, as `explain` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// The least value no option has.
    Mex,
    /// A sum: the nim-sum of its components' values.
    NimSum,
    /// A heap reduced by a proven period.
    Period,
    /// A heap reduced by a proven arithmetic period.
    ArithmeticPeriod,
    /// A position of a product of coin games: the nim product of its factors.
    Tartan,
    /// A Green Hackenbush picture: fusion and the colon principle.
    Hackenbush,
    /// A row of coins: the nim-sum of its single heads.
    Coins,
    /// A game that reaches a cycle: its generalized value.
    Loopy,
    /// A Nim heap `*n`.
    Nimber,
}

impl Rule {
    /// The word of the JSON form.
    pub fn word(self) -> &'static str {
        match self {
            Rule::Mex => "mex",
            Rule::NimSum => "nim-sum",
            Rule::Period => "period",
            Rule::ArithmeticPeriod => "arithmetic period",
            Rule::Tartan => "tartan",
            Rule::Hackenbush => "hackenbush",
            Rule::Coins => "coins",
            Rule::Loopy => "loopy",
            Rule::Nimber => "nimber",
        }
    }
}

impl Explanation {
    /// An explanation by `rule`, with no data of that rule yet.
    pub fn new(position: Option<String>, value: Reached, rule: Rule, how: How) -> Explanation {
        Explanation {
            position,
            value,
            rule,
            options: Vec::new(),
            options_more: 0,
            components: Vec::new(),
            period: None,
            how,
        }
    }
}

/// `misere explain G`: G as shown, its misère outcome, the rule that
/// decides it (none: found by search), and its first winning moves
/// (`more`: there are others).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereExplained {
    pub shown: String,
    pub p: bool,
    pub rule: Option<MisereRule>,
    pub moves: Vec<Move>,
    pub more: bool,
}

/// What decides a misère outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MisereRule {
    /// Bouton's misère rule, on components that play like Nim heaps: those
    /// that are not Nim heaps (shown) with the heap each plays like, and
    /// the heaps.
    Bouton {
        like: Vec<(String, u64)>,
        heaps: Vec<u64>,
        p: bool,
    },
    /// The family's misère quotient: components replaced by heaps of the
    /// family, then each heap's element, their product, and whether it is
    /// in the P-portion.
    Quotient {
        replaced: Vec<Replaced>,
        game: String,
        order: u32,
        to: u64,
        elements: Vec<(u64, String)>,
        product: String,
        p: bool,
        /// The P-portion's elements (up to 12), or its size.
        portion: Result<Vec<String>, usize>,
    },
    /// Every component is tame throughout: the sum plays like these Nim
    /// heaps.
    Tame { heaps: Vec<u64>, p: bool },
    /// No rule: every move was searched.
    Searched,
}

/// A component (shown) that plays like heaps of a family (shown), whose
/// value in misère play is `*v`; `nim`: it is a Nim heap itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replaced {
    pub part: String,
    pub like: Vec<String>,
    pub v: u64,
    pub nim: bool,
}

/// The answer of `moves` and `misere moves`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovesAnswer {
    /// The position asked, written in the language (`None` when it would
    /// take more than [`crate::query::show::WRITTEN`] characters).
    pub position: Option<String>,
    /// Its value (`moves`) or its misère outcome (`misere moves`).
    pub reached: Reached,
    pub moves: Vec<Move>,
    /// Winning moves past those listed, only counted.
    pub more: u128,
    /// Why no move wins, when none does.
    pub none: Option<NoMove>,
}

impl MovesAnswer {
    /// No winning move, for this reason.
    pub fn none(position: Option<String>, reached: Reached, why: NoMove) -> MovesAnswer {
        MovesAnswer {
            position,
            reached,
            moves: Vec::new(),
            more: 0,
            none: Some(why),
        }
    }
}

/// One move: what it does, the whole position it leaves, and that
/// position's value (or misère outcome).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub step: Step,
    /// The position after the move, written in the language, so that
    /// `grundy` of it parses in the same session (`None` when it would take
    /// more than [`crate::query::show::WRITTEN`] characters). For a class
    /// of moves, the position its first move leaves.
    pub to: Option<String>,
    pub reached: Reached,
}

/// What a move does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A component (as shown) becomes one of its options (as shown).
    Replace { from: String, into: String },
    /// `count` moves of one kind on a heap of a family, each splitting it
    /// into `game(a) + game(rest - a)` for `a = first, first + step, ...,
    /// last`.
    Class {
        from: String,
        game: String,
        first: u64,
        step: u64,
        last: u64,
        rest: u64,
        count: u64,
    },
    /// Cutting the edge `a-b` of a picture (`in_sum`: the picture as shown,
    /// when it is one component of several).
    Cut {
        picture: Option<String>,
        edge: (u64, u64),
    },
    /// Turning these coins of a row.
    Turn(Vec<u64>),
}

/// Where a move (or a position) stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reached {
    /// Its Grundy value.
    Value(u64),
    /// The generalized value of a position that reaches a cycle.
    Loopy(crate::engine::loopy::Value),
    /// Its outcome in misère play: P or not.
    Misere { p: bool },
}

/// Why no move wins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoMove {
    /// The position (as shown) is a P-position: the components' values,
    /// whose nim-sum is 0 (one value for a single game).
    Zero { shown: String, values: Vec<u64> },
    /// A row of coins (as quoted) of value 0.
    Row { quoted: String },
    /// A loopy P-position.
    LoopyZero { shown: String },
    /// A draw with no move that keeps it.
    Draw { shown: String },
    /// A misère P-position, with the rule or search that says so.
    MisereP { shown: String, rule: MisereRule },
    /// A misère end position: no move at all, so the player to move wins.
    MisereEnd,
    /// The moves could not be listed (a limit), for this reason.
    NotListed { reason: String },
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
    pub reason: PeriodWhy,
}

/// Why a period holds, or why none is proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodWhy {
    /// Proven (or, for `Observed`, seen) as the proof says.
    Proof(crate::engine::periodicity::Proof),
    /// Seen to repeat up to `up_to` but not proven: why, and which limit
    /// let it look no further.
    Unproven {
        up_to: u64,
        why: Unproven,
        bound: crate::eval::family::Bound,
    },
    /// No period seen up to `up_to`, within this limit.
    NotFound {
        up_to: u64,
        bound: crate::eval::family::Bound,
    },
    /// Not a kind of game whose period is searched.
    NoSearch,
}

/// Why a period seen is not proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unproven {
    /// The rule has proofs, but not for an arithmetic period.
    KindOfPeriod,
    /// No proof for this kind of rule.
    KindOfRule,
    /// Provable, but not with the values up to `set period`.
    AtLimit,
    /// Provable, but not with the values the other limits allow.
    WithinLimits,
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
    /// What was found, where the answer alone does not say it (`check
    /// move`: a move to a position of value 2; `check equiv`: values 3 and
    /// 2).
    pub found_words: Option<CheckFound>,
    /// Why the answer is what it is (for a FAIL).
    pub why: Vec<WhyPart>,
    /// The winning moves of the position, where they tell why (a failed
    /// outcome or move check); their line follows `why`.
    pub winning: Option<Box<MovesAnswer>>,
    /// For a failed move check: the move as graded.
    pub graded_move: Option<GradedMove>,
    /// The share of the answer that is right, as a fraction (right, of),
    /// for graders that give partial credit: 1/1 for a pass; for a
    /// sequence, its terms that are right of its terms; for `check move`,
    /// 1/2 for a legal move that does not win; else 0/1.
    pub share: (u64, u64),
}

/// A piece of why a check failed: a reason, or the explanation of a
/// position (indented under the line before it, or not).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhyPart {
    Reason(Reason),
    Explained { e: Box<Explanation>, indent: bool },
}

/// A reason why a check failed, as data (positions as shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// Heads the explanation of the position.
    Why,
    /// A position is P exactly when its value is 0.
    PAtZero,
    /// A sequence: the first term that differs, and heading its explanation.
    FirstDifference {
        n: u64,
        expected: u64,
        found: u64,
    },
    WhyPosition {
        shown: String,
    },
    /// A sequence of the wrong length for its range.
    Length {
        expected: usize,
        found: usize,
        count: u64,
    },
    /// The mex of a set.
    Mex {
        values: Vec<u64>,
        mex: u64,
    },
    /// A claimed period of 0.
    PeriodZero,
    /// The values do not repeat every `period` from `from`: `game(n) = a`
    /// but `game(n + period) = b`.
    NoRepeat {
        game: String,
        period: u64,
        from: u64,
        n: u64,
        a: u64,
        b: u64,
    },
    /// They repeat, but not as the least pre-period and period, which are
    /// these.
    NotLeast {
        period: u64,
        from: u64,
        least: (u64, u64),
    },
    /// A move to `to` (from `position`, changing `from` into `into`)
    /// whose value is not 0: the values of its components.
    NonzeroMove {
        to: String,
        position: String,
        from: String,
        into: String,
        values: Vec<u64>,
    },
    /// The position itself, not a move.
    Itself {
        to: String,
        position: String,
    },
    /// Only adds components to the position.
    OnlyAdds {
        to: String,
        position: String,
        added: Vec<String>,
    },
    /// A move changes exactly one component of the position.
    OneComponent {
        position: String,
    },
    /// A component that cannot become these in one move.
    CannotBecome {
        to: String,
        position: String,
        component: String,
        into: String,
    },
    /// Changes several components.
    ChangesMany {
        to: String,
        position: String,
        changed: Vec<String>,
    },
    /// What a move from a component leads to.
    Options(OptionsOf),
    /// A row: the same row, not a move.
    SameRow {
        to: String,
        position: String,
    },
    /// A row: the rightmost coin turned goes from tails to heads.
    TailsToHeads {
        last: u64,
    },
    /// A row: these coins are not a move of the game from the head `last`.
    NotACoinMove {
        turned: Vec<u64>,
        game: String,
        last: u64,
    },
    /// A row: the move leaves a row of nonzero value.
    RowNotZero {
        turned: Vec<u64>,
        to: String,
        value: u64,
    },
    /// `misere outcome`: the rule that decides it.
    MisereRule(MisereRule),
    /// A move (as shown) to a misère P-position; `example`: one of several
    /// reasons.
    MisereMove {
        step: Step,
        example: bool,
    },
    /// No move at all: in misère play the player to move wins.
    MisereNoMove {
        example: bool,
    },
    /// `check misere equiv`: the two canonical forms differ, and `x`
    /// (when one was found) tells the games apart: `G + X` and `H + X`
    /// have the outcomes `g_p` and `h_p` (true: P).
    MisereForms {
        g: String,
        h: String,
        forms: (String, String),
        apart: Option<(String, bool, bool)>,
    },
    /// `check equiv`: the two values; their sum is not 0; equivalent games
    /// are those of equal values.
    Values {
        a: String,
        b: String,
        values: (u64, u64),
    },
    SumNotZero {
        a: String,
        b: String,
        values: (u64, u64),
    },
    EqualValues,
}

/// The options a move from a component (as shown) leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionsOf {
    /// A Nim heap: `*0 .. *(n - 1)` (first, second, last as shown).
    Nim {
        component: String,
        n: u64,
        first: String,
        second: String,
        last: String,
    },
    /// The first options (as shown), and how many in all.
    Listed {
        component: String,
        first: Vec<String>,
        count: u128,
    },
}

/// What a `check move` or `check equiv` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckFound {
    /// A move to a position of value 0.
    WinningMove,
    /// A move to a position of this value.
    MoveToValue(u64),
    /// The position itself.
    NoMove,
    /// No move leads from `position` to `to` (both shown).
    NoMoveBetween { position: String, to: String },
    /// `check equiv`: the two values.
    Values(u64, u64),
    /// `check misere equiv`: the two misère canonical forms.
    Forms(String, String),
}

/// A move graded by `check move G -> H`: H written in the language, its
/// value, and whether it is one move from G at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GradedMove {
    pub to: Option<String>,
    pub value: u64,
    pub legal: bool,
}

/// The value an answer gives, for `check` to compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Value(u64),
    Outcome(bool),
    /// Neither player can force a win (a loopy game).
    Draw,
    /// A value that is no number (`∞{0, 2}`).
    Loopy(crate::engine::loopy::Value),
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
            Answer::Moves(_) => "moves",
            Answer::MisereMoves(_) => "misere moves",
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
            Answer::MisereForm(f) => match f.question {
                crate::ir::FormQuestion::Canonical => "misere canonical",
                crate::ir::FormQuestion::Mate => "misere mate",
                crate::ir::FormQuestion::Tame => "misere tame",
                crate::ir::FormQuestion::Restive => "misere restive",
                crate::ir::FormQuestion::HalfTame => "misere halftame",
            },
            Answer::MisereEquiv(_) => "misere equiv",
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
            Answer::LoopyGrundy(v) => Found::Loopy(v.clone()),
            Answer::Equiv { a, b } => Found::Outcome(a == b),
            Answer::MisereEquiv(e) => Found::Outcome(e.equal),
            Answer::Sequence(s) => Found::Values(s.values.clone()),
            Answer::Period(PeriodAnswer { found: Some(f), .. }) => {
                Found::Period(f.pre_period, f.period)
            }
            _ => Found::Nothing,
        }
    }
}
