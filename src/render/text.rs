//! Answers as lines of text, the way the contract writes them: a value
//! alone on its line, `P (the previous player wins)`, a sequence on one
//! line with single spaces, `ok`/`FAIL` lines for `check`.

use super::table;
use crate::query::{
    Answer, FileFormat, Found, Graded, Move, MovesAnswer, NoMove, PeriodAnswer, PeriodFound,
    PeriodWhy, PlotKind, Plotted, RareFound, Reached, Researched, Sequence, Step, Unproven,
    WhyPart,
};

pub fn lines(a: &Answer) -> Vec<String> {
    match a {
        Answer::Grundy(v) | Answer::MisereGrundy(v) | Answer::Mex(v) | Answer::Integer(v) => {
            vec![v.to_string()]
        }
        Answer::Set(values) => vec![format!("{{{}}}", joined(values, ", "))],
        Answer::Outcome { p, .. } => vec![super::words::outcome_line(*p)],
        Answer::LoopyOutcome(Some(p)) => vec![super::words::outcome_line(*p)],
        Answer::LoopyOutcome(None) => vec!["D (a draw: neither player can force a win)".into()],
        Answer::LoopyGrundy(v) => vec![super::words::loopy_value(v)],
        Answer::Moves(m) | Answer::MisereMoves(m) => moves(m),
        Answer::Explain(e) => super::explain::lines(e),
        Answer::MisereExplain(e) => super::misere::explained(e),
        Answer::Equiv { a, b } => vec![if a == b {
            format!("equivalent: both have value {a}, so their sum is a P-position")
        } else {
            format!(
                "not equivalent: values {a} and {b} differ, so their sum has value {} (an N-position)",
                a ^ b
            )
        }],
        Answer::Sequence(s) => sequence(s),
        Answer::Period(p) => vec![period(p)],
        Answer::Table(t) => table::lines(t),
        Answer::Plot(p) => vec![plotted(p)],
        Answer::Check(g) => check(g),
        Answer::MisereQuotient(q) => super::misere::quotient(q),
        Answer::Genus(g) => super::misere::genus(g),
        Answer::MisereForm(f) => vec![super::misere::form(f)],
        Answer::MisereEquiv(e) => vec![super::misere::equiv(e)],
        Answer::Research(r) => researched(r),
        Answer::Summary(s) => vec![summary(s)],
    }
}

/// Each move on its line, then how many more there are; or why there is
/// none.
fn moves(m: &MovesAnswer) -> Vec<String> {
    if m.moves.is_empty() {
        return vec![m.none.as_ref().map_or_else(|| "none".into(), no_move)];
    }
    let mut lines: Vec<String> = m.moves.iter().map(move_line).collect();
    if m.more > 0 {
        lines.push(format!(
            "... and {} more winning move{}",
            m.more,
            if m.more == 1 { "" } else { "s" }
        ));
    }
    lines
}

/// A move as `moves` lists it: `nim(6) -> nim(5)`, `turn 7, 9`, `cut 3-3`,
/// `kayles(N) -> kayles(a) + kayles(R - a) for a = 73, 85, ..., X (K moves)`;
/// a move of a loopy game that keeps a draw says so.
pub fn move_line(m: &Move) -> String {
    let text = step(&m.step);
    match &m.reached {
        Reached::Loopy(v) if v.outcome().is_none() => {
            format!("{text} (keeps the draw: {})", super::words::loopy_value(v))
        }
        _ => text,
    }
}

/// What a move does, in words.
pub fn step(s: &Step) -> String {
    match s {
        Step::Replace { from, into } => format!("{from} -> {into}"),
        Step::Class {
            from,
            game,
            first,
            step,
            last,
            rest,
            count,
        } => format!(
            "{from} -> {game}(a) + {game}({rest} - a) for a = {first}, {}, ..., {last} ({count} moves)",
            first + step
        ),
        Step::Cut {
            picture: None,
            edge: (a, b),
        } => format!("cut {a}-{b}"),
        Step::Cut {
            picture: Some(p),
            edge: (a, b),
        } => format!("{p}: cut {a}-{b}"),
        Step::Turn(coins) => format!("turn {}", joined(coins, ", ")),
    }
}

/// Why no move wins, as the line `moves` writes.
pub fn no_move(n: &NoMove) -> String {
    match n {
        NoMove::Zero { shown, values } if values.len() > 1 => format!(
            "none: {shown} is a P-position ({}), so every move leaves a nonzero value",
            super::words::xor_line(values)
        ),
        NoMove::Zero { shown, .. } => {
            format!("none: {shown} is a P-position (value 0), so every move leaves a nonzero value")
        }
        NoMove::Row { quoted } => format!(
            "none: the row {quoted} is a P-position (value 0), so every move leaves a nonzero value"
        ),
        NoMove::LoopyZero { shown } => format!(
            "none: {shown} is a P-position (value 0), so every move leaves a position the other player wins"
        ),
        NoMove::Draw { shown } => format!("none: {shown} is a draw"),
        NoMove::MisereP { shown, rule } => format!(
            "none: {shown} is a P-position in misère play: {}",
            super::misere::rule(rule)
        ),
        NoMove::MisereEnd => {
            "none: there is no move, and in misère play the player who cannot move wins".into()
        }
        NoMove::NotListed { reason } => format!("none listed: {reason}"),
    }
}

/// The line a run with checks ends with: `2 of 11 checks failed`, or
/// `11 of 11 checks passed`, and the errors reported besides.
fn summary(s: &crate::query::Summary) -> String {
    let noun = if s.checks == 1 { "check" } else { "checks" };
    let mut line = match s.failed {
        0 => format!("{0} of {0} {noun} passed", s.checks),
        n => format!("{n} of {} {noun} failed", s.checks),
    };
    match s.errors {
        0 => {}
        1 => line.push_str("; 1 error was reported"),
        n => line.push_str(&format!("; {n} errors were reported")),
    }
    line
}

/// A research run's summary: where it resumed, the file, the rare values,
/// the largest value and the period (scripts read these lines; see
/// docs/language.md, "Research runs").
fn researched(r: &Researched) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(n) = r.resumed {
        if n > r.to {
            lines.push(format!(
                "resumed at n = {n}: the file holds every value asked for"
            ));
        } else {
            lines.push(format!("resumed at n = {n}"));
        }
    }
    let kind = match (r.format, r.width) {
        (FileFormat::Csv, _) => "CSV".to_string(),
        (FileFormat::Npy, w) => format!("NumPy {}", super::numpy_type(w.unwrap_or(8))),
        (FileFormat::Values, Some(1)) => "1 byte a value".to_string(),
        (FileFormat::Values, w) => format!("{} bytes a value", w.unwrap_or(8)),
    };
    lines.push(format!(
        "wrote G({})..G({}) of {} to {} ({kind}, {})",
        r.from,
        r.to,
        r.rule,
        r.file,
        show_size(r.bytes)
    ));
    lines.push(match r.rare {
        RareFound::Split(s) => {
            let last = s
                .last
                .map_or(String::new(), |(n, v)| format!(", the last G({n}) = {v}"));
            let parity = match s.offset {
                Some(0) => ", with the parity of n".to_string(),
                Some(t) => format!(", with the parity of n - {t}"),
                None => String::new(),
            };
            format!(
                "rare values: {} of {} heaps{last} (mask {:#x}{parity})",
                s.rare, s.heaps, s.mask
            )
        }
        RareFound::NoSplit => "rare values: none (the rule never splits a heap)".to_string(),
        RareFound::ThreeHeaps => {
            "rare values: not looked for (the rule may leave three heaps)".to_string()
        }
        RareFound::TooWide => format!(
            "rare values: not counted (a value is {} or more)",
            crate::engine::heap::CENSUS_VALUES
        ),
    });
    let (v, n) = r.largest;
    lines.push(format!("largest value: {v}, first at n = {n}"));
    lines.push(match &r.period {
        Some(f) => {
            let saltus = f.saltus.map_or(String::new(), |s| format!(", saltus {s}"));
            format!(
                "period: {} from n = {}{saltus}, proven",
                f.period, f.pre_period
            )
        }
        None => "period: none proven".to_string(),
    });
    let fletcher = r
        .checksum
        .fletcher32
        .map_or("none (a value past 65535)".to_string(), |f| {
            format!("{f:X}")
        });
    lines.push(format!(
        "checksum: fletcher32 {fletcher}, sha256 {}",
        super::hex(&r.checksum.sha256)
    ));
    lines
}

/// Values separated by `sep`.
pub fn joined(values: &[u64], sep: &str) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// A piece of a sequence streamed as it is computed: the values with
/// single spaces between them (also before the first of a later piece),
/// and the line's end after the last piece.
pub fn sequence_piece(values: &[u64], first: bool, last: bool) -> String {
    let mut buf = String::with_capacity(values.len() * 4 + 1);
    for (i, v) in values.iter().enumerate() {
        if i > 0 || !first {
            buf.push(' ');
        }
        buf.push_str(&v.to_string());
    }
    if last {
        buf.push('\n');
    }
    buf
}

/// One line with single spaces; `by K`: rows of K values, each labelled
/// with its first n, under a header of offsets (the layout of published
/// nim-sequence tables).
fn sequence(s: &Sequence) -> Vec<String> {
    let Some(by) = s.by else {
        return vec![joined(&s.values, " ")];
    };
    if s.values.is_empty() {
        return vec![String::new()];
    }
    let k = usize::try_from(by)
        .unwrap_or(usize::MAX)
        .min(s.values.len());
    let rows: Vec<&[u64]> = s.values.chunks(k).collect();
    let last = s.from + (rows.len() as u64 - 1) * k as u64;
    let lw = width(last).max(1);
    let widths: Vec<usize> = (0..k)
        .map(|j| {
            rows.iter()
                .filter_map(|r| r.get(j))
                .map(|v| width(*v))
                .max()
                .unwrap_or(1)
                .max(width(j as u64))
        })
        .collect();
    let mut head = format!("{:>lw$} |", "n");
    for (j, w) in widths.iter().enumerate() {
        head.push_str(&format!(" {j:>w$}"));
    }
    let rule = format!("{}-+{}", "-".repeat(lw), "-".repeat(head.len() - lw - 2));
    let mut out = vec![head, rule];
    for (i, row) in rows.iter().enumerate() {
        let mut line = format!("{:>lw$} |", s.from + (i * k) as u64);
        for (v, w) in row.iter().zip(&widths) {
            line.push_str(&format!(" {v:>w$}"));
        }
        out.push(line);
    }
    out
}

fn width(v: u64) -> usize {
    v.to_string().len()
}

/// `pre-period 71, period 12: proven by ... [kayles, octal 0.77]`.
fn period(p: &PeriodAnswer) -> String {
    let mut what = match &p.rule {
        Some(rule) => format!("{}, {rule}", p.game),
        None => p.game.clone(),
    };
    if let Some((file, values)) = &p.read {
        what.push_str(&format!(
            "; G(0)..G({}) read from {file}",
            values.saturating_sub(1)
        ));
    }
    match &p.found {
        Some(f) => format!("{}: {} [{what}]", period_words(f), period_reason(&p.reason)),
        None => format!("{} [{what}]", period_reason(&p.reason)),
    }
}

/// `pre-period 71, period 12`, with `, saltus 1` for arithmetic periodicity.
pub fn period_words(f: &PeriodFound) -> String {
    let mut s = format!("pre-period {}, period {}", f.pre_period, f.period);
    if let Some(saltus) = f.saltus {
        s.push_str(&format!(", saltus {saltus}"));
    }
    s
}

/// The one line a `plot` prints: the file written, and what it shows.
fn plotted(p: &Plotted) -> String {
    let what = plot_about(p);
    match &p.file {
        Some(file) => format!("wrote {file} ({}): {what}", show_size(p.bytes)),
        None => format!("drew {what} ({})", show_size(p.bytes)),
    }
}

/// What a plot shows: `the nim-sequence of kayles for n = 0 to 119; no
/// period marked`, `a heat map of two, rows 0 to 9, columns 0 to 9`.
pub fn plot_about(p: &Plotted) -> String {
    match &p.kind {
        PlotKind::Sequence {
            from,
            to,
            per_column,
        } => {
            let mut s = format!("the nim-sequence of {} for n = {from} to {to}", p.game);
            if *per_column > 1 {
                s.push_str(&format!(
                    ", each column of pixels showing the values among up to {per_column} heaps"
                ));
            }
            match &p.period {
                Some(f) => s.push_str(&format!(
                    "; {} marked ({})",
                    period_words(f),
                    if f.proven { "proven" } else { "observed" }
                )),
                None => s.push_str("; no period marked"),
            }
            s
        }
        PlotKind::Heat { rows, cols, block } => {
            let mut s = format!(
                "a heat map of {}, rows {} to {}, columns {} to {}",
                p.game, rows.0, rows.1, cols.0, cols.1
            );
            if *block != (1, 1) {
                s.push_str(&format!(
                    ", each square the largest value of a block of {} x {}",
                    block.0, block.1
                ));
            }
            s
        }
    }
}

/// What a terminal shows for a plot with no file, which it cannot draw:
/// the file the front end put the SVG in, or, where it wrote none (the
/// sandbox, a file that could not be written), how to have one.
pub fn svg_filed(file: Option<&str>, bytes: usize, game: &str, about: &str) -> String {
    let size = show_size(bytes as u64);
    match file {
        Some(file) => format!(
            "wrote {file} ({size}; a terminal shows no picture: open it in a browser): {about}"
        ),
        None => format!(
            "a plot ({size}) is a picture a terminal cannot show: {about}; `plot {game} ... to \"{game}.svg\"` writes it to a file, and so does `mex ... > {game}.svg`"
        ),
    }
}

fn show_size(bytes: u64) -> String {
    crate::diag::units::show_bytes(bytes)
}

/// `ok TEXT`, or `FAIL TEXT: expected E, found F` and the reasons.
fn check(g: &Graded) -> Vec<String> {
    if g.passed {
        return vec![format!("ok {}", g.text)];
    }
    let found = match (&g.found_words, g.found.found()) {
        (Some(v), _) => verdict(v),
        (None, Found::Nothing) => lines(&g.found).join("; "),
        (None, f) => found_text(&f),
    };
    let mut out = vec![format!(
        "FAIL {}: expected {}, found {found}",
        g.text,
        g.expected.describe()
    )];
    // a period found is shown whole before why it breaks the claim
    if let Answer::Period(_) = &g.found {
        out.extend(lines(&g.found).into_iter().map(|l| format!("  {l}")));
    }
    out.extend(why_lines(&g.why).into_iter().map(|l| format!("  {l}")));
    if let Some(m) = &g.winning {
        out.push(format!("  {}", winning(m)));
    }
    out
}

/// What a `check move` or `check equiv` found, in words.
pub fn verdict(v: &crate::query::CheckFound) -> String {
    match v {
        crate::query::CheckFound::WinningMove => "a winning move".into(),
        crate::query::CheckFound::MoveToValue(v) => format!("a move to a position of value {v}"),
        crate::query::CheckFound::NoMove => "no move".into(),
        crate::query::CheckFound::NoMoveBetween { position, to } => {
            format!("no move from {position} to {to}")
        }
        crate::query::CheckFound::Values(a, b) => format!("values {a} and {b}"),
        crate::query::CheckFound::Forms(a, b) => format!("misère forms {a} and {b}"),
    }
}

/// Why a period holds, or why none is proven, in words.
pub fn period_reason(r: &PeriodWhy) -> String {
    use crate::engine::periodicity::Proof;
    match r {
        PeriodWhy::Proof(Proof::OctalTheorem { checked_to }) => format!(
            "proven by the octal periodicity theorem (values checked up to n = {checked_to})"
        ),
        PeriodWhy::Proof(Proof::Window { width }) => format!(
            "proven: a window of {width} consecutive values repeats, and each value depends only on the {width} before it"
        ),
        PeriodWhy::Proof(Proof::AllBut { checked_to }) => format!(
            "proven by the arithmetic periodicity test for all-but subtraction games (values checked up to n = {checked_to})"
        ),
        PeriodWhy::Proof(Proof::Saltus { checked_to }) => format!(
            "proven by the arithmetic periodicity test for take-and-break games, an induction whose step automata decide for every heap (values checked up to n = {checked_to})"
        ),
        PeriodWhy::Proof(Proof::Observed { up_to }) => format!("observed up to n = {up_to}"),
        PeriodWhy::Unproven { up_to, why, bound } => {
            let why = match why {
                Unproven::KindOfPeriod => "with no proof for this kind of period",
                Unproven::KindOfRule => "with no proof for this kind of rule",
                Unproven::AtLimit => "not proven with the values up to the limit",
                Unproven::WithinLimits => "not proven with the values that fit the limits",
            };
            format!(
                "observed up to n = {up_to}, {why} ({})",
                further(*bound, "looks")
            )
        }
        PeriodWhy::NotFound { up_to, bound } => format!(
            "no period observed up to n = {up_to} ({})",
            further(*bound, "searches")
        ),
        PeriodWhy::NoSearch => "no period search for this kind of game".into(),
    }
}

/// How to let a search look further than it did.
fn further(bound: crate::eval::family::Bound, verb: &str) -> String {
    use crate::eval::family::Bound;
    match bound {
        Bound::Setting => format!("`set period N` {verb} further"),
        Bound::Memory => "`set memory N` lets it look further".to_string(),
        Bound::Work => "`set work N` lets it look further".to_string(),
        Bound::Positions => "`set positions N` lets it look further".to_string(),
    }
}

/// The reasons of a FAIL, a line each: explanations of positions in
/// their lines, indented where they stand under a line.
pub fn why_lines(why: &[WhyPart]) -> Vec<String> {
    let mut out = Vec::new();
    for part in why {
        match part {
            WhyPart::Reason(r) => out.push(super::reason::line(r)),
            WhyPart::Explained { e, indent } => {
                let pad = if *indent { "  " } else { "" };
                out.extend(
                    super::explain::lines(e)
                        .into_iter()
                        .map(|l| format!("{pad}{l}")),
                );
            }
        }
    }
    out
}

/// Winning moves listed in a FAIL before "... (N in all)".
const WINNING_SHOWN: usize = 6;

/// `the winning move: nim(5) -> nim(3)`, or why there is none.
pub fn winning(m: &MovesAnswer) -> String {
    if m.moves.is_empty() {
        return match &m.none {
            Some(NoMove::NotListed { reason }) => {
                format!("the winning moves are not listed: {reason}")
            }
            Some(n) => {
                let why = no_move(n);
                format!(
                    "no move wins: {}",
                    why.strip_prefix("none: ").unwrap_or(&why)
                )
            }
            None => "no move wins: none".into(),
        };
    }
    let shown: Vec<String> = m.moves.iter().take(WINNING_SHOWN).map(move_line).collect();
    let all = m.moves.len() as u128 + m.more;
    let rest = if all > WINNING_SHOWN as u128 {
        format!(", ... ({all} in all)")
    } else {
        String::new()
    };
    match all {
        1 => format!("the winning move: {}", shown.join(", ")),
        _ => format!("the winning moves: {}{rest}", shown.join(", ")),
    }
}

fn pn(p: bool) -> &'static str {
    if p { "P" } else { "N" }
}

fn found_text(f: &Found) -> String {
    match f {
        Found::Value(v) => v.to_string(),
        Found::Outcome(p) => pn(*p).to_string(),
        Found::Values(v) => joined(v, " "),
        Found::Period(a, b) => format!("pre-period {a}, period {b}"),
        Found::Nothing => String::new(),
        Found::Draw => "D".to_string(),
        Found::Loopy(v) => super::words::loopy_value(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_in_rows() {
        let s = Sequence {
            from: 0,
            values: (0..26).map(|n| n % 13).collect(),
            by: Some(12),
        };
        assert_eq!(
            sequence(&s),
            vec![
                " n |  0  1 2 3 4 5 6 7 8 9 10 11",
                "---+----------------------------",
                " 0 |  0  1 2 3 4 5 6 7 8 9 10 11",
                "12 | 12  0 1 2 3 4 5 6 7 8  9 10",
                "24 | 11 12",
            ]
        );
        let one = Sequence { by: None, ..s };
        assert_eq!(sequence(&one).len(), 1);
    }

    #[test]
    fn rows_longer_than_the_sequence() {
        let s = Sequence {
            from: 5,
            values: vec![1, 2],
            by: Some(u64::MAX),
        };
        assert_eq!(sequence(&s), vec!["n | 0 1", "--+----", "5 | 1 2"]);
    }

    #[test]
    fn periods_with_and_without_saltus() {
        let mut f = PeriodFound {
            pre_period: 71,
            period: 12,
            saltus: None,
            proven: true,
        };
        assert_eq!(period_words(&f), "pre-period 71, period 12");
        f.saltus = Some(1);
        assert_eq!(period_words(&f), "pre-period 71, period 12, saltus 1");
    }
}
