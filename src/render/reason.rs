//! Why a check failed, in words: a line for each [`Reason`].

use super::words::{mex_line, xor_line};
use crate::query::{OptionsOf, Reason, Step};

/// The line of a reason, as a FAIL shows it.
pub fn line(r: &Reason) -> String {
    match r {
        Reason::Why
        | Reason::PAtZero
        | Reason::FirstDifference { .. }
        | Reason::WhyPosition { .. }
        | Reason::Length { .. }
        | Reason::Mex { .. }
        | Reason::Values { .. }
        | Reason::SumNotZero { .. }
        | Reason::EqualValues => value_line(r),
        Reason::PeriodZero | Reason::NoRepeat { .. } | Reason::NotLeast { .. } => period_line(r),
        Reason::NonzeroMove { .. }
        | Reason::Itself { .. }
        | Reason::OnlyAdds { .. }
        | Reason::OneComponent { .. }
        | Reason::CannotBecome { .. }
        | Reason::ChangesMany { .. }
        | Reason::Options { .. } => move_line(r),
        Reason::SameRow { .. }
        | Reason::TailsToHeads { .. }
        | Reason::NotACoinMove { .. }
        | Reason::RowNotZero { .. } => coin_line(r),
        Reason::MisereRule { .. }
        | Reason::MisereMove { .. }
        | Reason::MisereNoMove { .. }
        | Reason::MisereForms { .. } => misere_line(r),
    }
}

/// The lines of values: differences, mex, sums, and what a value means.
fn value_line(r: &Reason) -> String {
    match r {
        Reason::Why => "why:".into(),
        Reason::PAtZero => "a position is P exactly when its Grundy value is 0".into(),
        Reason::FirstDifference { n, expected, found } => {
            format!("first difference at n = {n}: expected {expected}, found {found}")
        }
        Reason::WhyPosition { shown } => format!("why {shown}:"),
        Reason::Length {
            expected,
            found,
            count,
        } => format!("expected {expected} values, found {found}: the range has {count}"),
        Reason::Mex { values, mex } => format!(
            "why: {} (the least value not in the set)",
            mex_line(values, *mex)
        ),
        Reason::Values {
            a,
            b,
            values: (va, vb),
        } => format!("{a} has value {va} and {b} has value {vb}"),
        Reason::SumNotZero {
            a,
            b,
            values: (va, vb),
        } => format!(
            "so {a} + {b} has value {va} xor {vb} = {}, not 0: it is an N-position, not a P-position",
            va ^ vb
        ),
        Reason::EqualValues => {
            "two games are equivalent exactly when their values are equal".into()
        }
        _ => String::new(),
    }
}

/// The lines of a period that does not hold.
fn period_line(r: &Reason) -> String {
    match r {
        Reason::PeriodZero => "a period is at least 1".into(),
        Reason::NoRepeat {
            game,
            period,
            from,
            n,
            a,
            b,
        } => format!(
            "the values do not repeat every {period} from n = {from}: {game}({n}) = {a} but {game}({}) = {b}",
            n + period
        ),
        Reason::NotLeast {
            period,
            from,
            least: (fq, fp),
        } => format!(
            "the values do repeat every {period} from n = {from}, but the pre-period and period are the least such: every {fq} from n = {fp}"
        ),
        _ => String::new(),
    }
}

/// The lines of a move claimed that is not one, or not a winning one.
fn move_line(r: &Reason) -> String {
    match r {
        Reason::NonzeroMove {
            to,
            position,
            from,
            into,
            values,
        } => {
            let value = values.iter().fold(0, |a, b| a ^ b);
            let value = match values.len() {
                0 | 1 => value.to_string(),
                _ => xor_line(values),
            };
            format!(
                "{to} is one move from {position} ({from} -> {into}), but its value is {value}, not 0: the other player wins from it"
            )
        }
        Reason::Itself { to, position } => format!(
            "{to} is {position} itself: a move changes one component into one of its options"
        ),
        Reason::OnlyAdds {
            to,
            position,
            added,
        } => format!("{to} only adds {} to {position}", added.join(", ")),
        Reason::OneComponent { position } => {
            format!("a move changes exactly one component of {position} into one of its options")
        }
        Reason::CannotBecome {
            to,
            position,
            component,
            into,
        } => format!(
            "{to} is not one move from {position}: {component} cannot become {into} in one move"
        ),
        Reason::ChangesMany {
            to,
            position,
            changed,
        } => format!(
            "{to} is not one move from {position}: it changes {} components ({})",
            changed.len(),
            changed.join(", ")
        ),
        Reason::Options(o) => options(o),
        _ => String::new(),
    }
}

/// The lines of coin moves.
fn coin_line(r: &Reason) -> String {
    match r {
        Reason::SameRow { to, position } => {
            format!("{to} is {position} itself: a move turns at least one coin")
        }
        Reason::TailsToHeads { last } => format!(
            "the rightmost coin turned, {last}, goes from tails to heads; a move turns its rightmost coin from heads to tails"
        ),
        Reason::NotACoinMove { turned, game, last } => format!(
            "{} is not a move of `{game}`: from the head at {last}, the options of {game}({last}) allow other coins",
            turn(turned)
        ),
        Reason::RowNotZero { turned, to, value } => format!(
            "{} leaves {to}, of value {value}, not 0: the other player wins from it",
            turn(turned)
        ),
        _ => String::new(),
    }
}

/// The lines of misère play.
fn misere_line(r: &Reason) -> String {
    match r {
        Reason::MisereRule(r) => format!("why: {}", super::misere::rule(r)),
        Reason::MisereMove { step, example } => misere_example(
            &format!(
                "{} leaves a P-position in misère play, so the player to move wins",
                super::text::step(step)
            ),
            *example,
        ),
        Reason::MisereNoMove { example } => misere_example(super::misere::NO_MOVE, *example),
        Reason::MisereForms { g, h, forms, apart } => super::misere::apart(g, h, forms, apart),
        _ => String::new(),
    }
}

/// `why: ...`, or `for example ...` after the rule that decides it.
fn misere_example(line: &str, example: bool) -> String {
    if example {
        format!("for example {line}")
    } else {
        format!("why: {line}")
    }
}

fn turn(coins: &[u64]) -> String {
    super::text::step(&Step::Turn(coins.to_vec()))
}

/// `a move takes nim(5) to one of nim(0) .. nim(4)`, shortened when long.
fn options(o: &OptionsOf) -> String {
    match o {
        OptionsOf::Nim {
            component,
            n,
            first,
            second,
            last,
        } => match n {
            0 => format!("{component} has no move"),
            1 => format!("a move takes {component} to {first}"),
            2 => format!("a move takes {component} to {first} or {second}"),
            _ => format!("a move takes {component} to one of {first} .. {last}"),
        },
        OptionsOf::Listed {
            component,
            first,
            count,
        } => {
            let more = if *count > first.len() as u128 {
                format!(", ... ({count} in all)")
            } else {
                String::new()
            };
            format!(
                "a move takes {component} to one of its options: {}{more}",
                first.join(", ")
            )
        }
    }
}
