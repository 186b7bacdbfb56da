//! Surveys: `period` for every code of a list of take-and-break codes, one
//! row each (the command line's `mex survey`, and the Python package's
//! `mex.survey`, which runs the same rows on a Dask cluster).
//!
//! Each code runs in a fresh session of its own, as the statements
//! `game g = octal CODE`, `set heap N`, `period g` would on the command
//! line, so a row is exactly what the command line answers. Codes that are
//! the same game (`0.7` and `0.70`; a hexadecimal code with no digit that
//! leaves three heaps and the octal code it equals) share one computation
//! in [`survey`], and every code keeps its row.

use crate::engine::code::parse_code;
use crate::engine::{Interrupted, Quiet, Watch};
use crate::session::{Event, Format, Session};
use serde_json::Value;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The columns of a row, in order (the CSV header).
pub const COLUMNS: [&str; 11] = [
    "code",
    "rule",
    "pre_period",
    "period",
    "saltus",
    "proven",
    "largest",
    "largest_at",
    "heaps",
    "seconds",
    "error",
];

/// One code's answer. Every field but `code` and `seconds` is empty
/// (`None`) when the code was refused; `error` then says why.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// The code as it was given.
    pub code: String,
    /// The rule as mex writes it: `octal 0.77 (Kayles)`.
    pub rule: Option<String>,
    pub pre_period: Option<u64>,
    pub period: Option<u64>,
    /// The saltus of an arithmetic period (0 for a plain one); empty when
    /// no period was found.
    pub saltus: Option<u64>,
    pub proven: Option<bool>,
    /// The largest value computed, and the first heap that has it.
    pub largest: Option<u64>,
    pub largest_at: Option<u64>,
    /// How many values were computed: G(0) .. G(heaps - 1).
    pub heaps: Option<u64>,
    /// Seconds the code took (the one computation it shared, if it
    /// shared one).
    pub seconds: f64,
    /// The diagnostic's message when the code was refused or a limit ended
    /// its search before any value.
    pub error: Option<String>,
}

impl Row {
    fn refused(code: &str, error: String) -> Row {
        Row {
            code: code.to_string(),
            rule: None,
            pre_period: None,
            period: None,
            saltus: None,
            proven: None,
            largest: None,
            largest_at: None,
            heaps: None,
            seconds: 0.0,
            error: Some(error),
        }
    }

    /// The row's cells as text, in the order of [`COLUMNS`] (empty for
    /// none): a CSV record.
    pub fn record(&self) -> Vec<String> {
        fn cell<T: ToString>(v: &Option<T>) -> String {
            v.as_ref().map_or_else(String::new, T::to_string)
        }
        vec![
            self.code.clone(),
            cell(&self.rule),
            cell(&self.pre_period),
            cell(&self.period),
            cell(&self.saltus),
            cell(&self.proven),
            cell(&self.largest),
            cell(&self.largest_at),
            cell(&self.heaps),
            format!("{:.6}", self.seconds),
            cell(&self.error),
        ]
    }
}

/// A code as given, read: whether it is hexadecimal, and its digits as
/// written (`0.77`). `octal 0.77`, `hex 0.F8` and a bare `0.77` are read;
/// a bare code with a digit past 7 is hexadecimal.
fn read(code: &str) -> Result<(bool, &str), String> {
    let code = code.trim();
    let (hex, digits) = if let Some(rest) = code.strip_prefix("octal ") {
        (false, rest.trim())
    } else if let Some(rest) = code.strip_prefix("hex ") {
        (true, rest.trim())
    } else {
        let hex = code
            .chars()
            .any(|c| c.is_ascii_hexdigit() && !('0'..='7').contains(&c));
        (hex, code)
    };
    let allowed = |c: char| c.is_ascii_hexdigit() || c == '.';
    if digits.is_empty() || !digits.chars().all(allowed) {
        return Err(format!(
            "`{code}` is not a take-and-break code: write one like 0.77, octal 0.137 or hex 0.F8"
        ));
    }
    Ok((hex, digits))
}

/// What two codes that are the same game share: the rule in one form
/// (`octal 0.7` for `0.70`; a hexadecimal code with no digit that leaves
/// three heaps is the octal code it equals). The code as given when it
/// cannot be read (its own computation then says why).
pub fn same_game(code: &str) -> String {
    let Ok((hex, digits)) = read(code) else {
        return code.to_string();
    };
    match parse_code(digits, hex) {
        Ok(c) if c.hex && c.digits.iter().any(|d| d & 8 != 0) => format!("hex {}", c.canonical()),
        Ok(c) => format!("octal {}", c.canonical()),
        Err(_) => code.to_string(),
    }
}

/// The codes a pattern stands for, in order: each `?` any digit
/// (`0.??` is the 64 codes `0.00` .. `0.77`; `hex 0.?` the 16 codes
/// `hex 0.0` .. `hex 0.F`). A `?` before the point stands for the digits
/// allowed there (0 and 4; hexadecimal 0, 4, 8 and C). A pattern with no
/// `?` is the one code, as it is (read or not). At most 2^20 codes.
pub fn expand(pattern: &str) -> Result<Vec<String>, String> {
    let pattern = pattern.trim();
    if !pattern.contains('?') {
        // one code: its row says what is wrong with it, if anything
        return Ok(vec![pattern.to_string()]);
    }
    let with_digits = pattern.replace('?', "0");
    let (hex, digits) = read(&with_digits)?;
    let prefix = &pattern[..pattern.len() - digits.len()];
    let body = &pattern[prefix.len()..];
    let point = body.find('.').unwrap_or(body.len());
    let all: &[char] = if hex {
        &[
            '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F',
        ]
    } else {
        &['0', '1', '2', '3', '4', '5', '6', '7']
    };
    let split: &[char] = if hex {
        &['0', '4', '8', 'C']
    } else {
        &['0', '4']
    };
    let mut choices: Vec<Vec<char>> = Vec::new();
    let mut count: u64 = 1;
    for (i, c) in body.char_indices() {
        let options = match c {
            '?' if i < point => split.to_vec(),
            '?' => all.to_vec(),
            c => vec![c],
        };
        count = count.saturating_mul(options.len() as u64);
        choices.push(options);
    }
    if count > 1 << 20 {
        return Err(format!(
            "`{pattern}` stands for {count} codes; a survey takes at most 1048576"
        ));
    }
    let mut out = vec![prefix.to_string()];
    for options in choices {
        out = out
            .iter()
            .flat_map(|s| options.iter().map(move |c| format!("{s}{c}")))
            .collect();
    }
    Ok(out)
}

/// The statements a code's row is answered by.
fn program(hex: bool, digits: &str, heap: Option<u64>) -> String {
    let family = if hex { "hex" } else { "octal" };
    let mut text = format!("game g = {family} {digits}\nset threads 1\n");
    if let Some(n) = heap {
        text.push_str(&format!("set heap {n}\n"));
    }
    text.push_str("period g\n");
    text
}

/// One code's row: `period` answered in a fresh session watched by
/// `watch` (which may stop it: then `Err(Interrupted)`), `heap` bounding
/// the search as `set heap` does.
pub fn survey_code(
    code: &str,
    heap: Option<u64>,
    watch: Box<dyn Watch>,
) -> Result<Row, Interrupted> {
    let start = Instant::now();
    let (hex, digits) = match read(code) {
        Ok(read) => read,
        Err(e) => return Ok(Row::refused(code, e)),
    };
    let mut session = Session::new(watch);
    session.set_format(Format::Json);
    let mut answers = Vec::new();
    let report = session.run("survey", &program(hex, digits, heap), &mut |e| {
        if let Event::Line(l) = e {
            answers.push(l);
        }
    });
    if report.interrupted {
        return Err(Interrupted);
    }
    let mut row = match report.errors.first() {
        Some(d) => Row::refused(code, d.message.clone()),
        None => answered(code, answers.last().map(String::as_str).unwrap_or("{}")),
    };
    if let Some((id, _)) = session.names.games.get("g").copied()
        && let Some(family) = session.store.families.get_mut(id)
        && !family.table.is_empty()
    {
        let table = &family.table;
        let largest = table.max_value();
        row.heaps = Some(table.len());
        row.largest = Some(largest);
        row.largest_at = table
            .values(0..table.len())
            .position(|v| v == largest)
            .map(|i| i as u64);
    }
    row.seconds = start.elapsed().as_secs_f64();
    Ok(row)
}

/// A row from the JSON of `period`.
fn answered(code: &str, json: &str) -> Row {
    let v: Value = serde_json::from_str(json).unwrap_or(Value::Null);
    let found = v["period"].as_u64().is_some();
    Row {
        code: code.to_string(),
        rule: v["rule"].as_str().map(str::to_string),
        pre_period: v["pre_period"].as_u64(),
        period: v["period"].as_u64(),
        saltus: found.then(|| v["saltus"].as_u64().unwrap_or(0)),
        proven: v["proven"].as_bool(),
        largest: None,
        largest_at: None,
        heaps: None,
        seconds: 0.0,
        error: None,
    }
}

/// Every code's row, in the order given, computed by `threads` threads
/// (at least 1) on this machine; codes that are the same game share one
/// computation. `watch` makes each code's watch (all may be stopped at
/// once): an interrupted code's row says so.
pub fn survey(
    codes: &[String],
    heap: Option<u64>,
    threads: usize,
    watch: &(dyn Fn() -> Box<dyn Watch> + Sync),
) -> Vec<Row> {
    let mut keys: Vec<String> = Vec::new();
    let mut first_of: std::collections::HashMap<String, usize> = Default::default();
    let slot: Vec<usize> = codes
        .iter()
        .map(|c| {
            let key = same_game(c);
            *first_of.entry(key).or_insert_with(|| {
                keys.push(c.clone());
                keys.len() - 1
            })
        })
        .collect();
    let next = AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Row>>> =
        keys.iter().map(|_| Default::default()).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, keys.len().max(1)) {
            let worker = std::thread::Builder::new().stack_size(64 << 20);
            let _ = worker.spawn_scoped(scope, || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(code) = keys.get(i) else { break };
                    let row = survey_code(code, heap, watch())
                        .unwrap_or_else(|Interrupted| Row::refused(code, "interrupted".into()));
                    if let Ok(mut r) = results[i].lock() {
                        *r = Some(row);
                    }
                }
            });
        }
    });
    let done: Vec<Option<Row>> = results
        .into_iter()
        .map(|m| m.into_inner().ok().flatten())
        .collect();
    codes
        .iter()
        .zip(slot)
        .map(|(code, i)| {
            let mut row = done[i]
                .clone()
                .unwrap_or_else(|| Row::refused(code, "not computed".into()));
            row.code = code.clone();
            row
        })
        .collect()
}

/// A quiet watch for each code (a survey nothing stops).
pub fn quiet() -> Box<dyn Watch> {
    Box::new(Quiet)
}
