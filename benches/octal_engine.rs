//! Timing of the heap-value engine on take-and-break codes.
//!
//! Run through `benches/octal_vs_peer.sh`, or directly:
//! `MEX_CODES="0.156 0.16" MEX_N=100000 cargo test --release --bench octal_engine -- --ignored --nocapture`
//! Set `MEX_PLAIN=1` to time the plain scan without the rare/common split,
//! `MEX_NO_SHORTCUT=1` to compute every value even after the periodicity
//! theorem has proven a period.

use std::time::Instant;

use mex::engine::Quiet;
use mex::engine::code::parse_code;
use mex::engine::heap::{Allowance, HeapTable};
use mex::engine::periodicity::search::find_period;
use mex::engine::rule::HeapRule;

/// Fletcher-32 over the values as 16-bit words (the checksum the peer
/// program prints, so runs can be compared value for value).
fn checksum(values: impl Iterator<Item = u64>) -> u32 {
    let (mut a, mut b) = (0u16, 0u16);
    for v in values {
        a = a.wrapping_add(v as u16);
        b = b.wrapping_add(a);
    }
    (u32::from(b) << 16) | u32::from(a)
}

fn codes() -> Vec<String> {
    std::env::var("MEX_CODES")
        .unwrap_or_else(|_| "0.45 0.156 0.356 0.644 0.16".to_string())
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
#[ignore]
fn values_up_to_n() {
    let n: u64 = std::env::var("MEX_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let plain = std::env::var("MEX_PLAIN").is_ok_and(|s| s == "1");
    let no_shortcut = std::env::var("MEX_NO_SHORTCUT").is_ok_and(|s| s == "1");
    for text in codes() {
        let hex = text
            .chars()
            .any(|c| c.is_ascii_alphabetic() || c == '8' || c == '9');
        let code = parse_code(&text, hex).expect("a valid code");
        let mut table = HeapTable::new(HeapRule::TakeBreak(code))
            .with_rare_common(!plain)
            .with_period_shortcut(!no_shortcut)
            .with_threads(threads());
        let start = Instant::now();
        table.extend_to(n, &mut Quiet).expect("not interrupted");
        let time = start.elapsed();
        let sum = checksum(table.values(0..n + 1));
        println!(
            "mex {text} n={n}{}{}: {time:.2?}  G({n})={}  checksum {sum:X}",
            if plain { " plain" } else { "" },
            if no_shortcut {
                " no-period-shortcut"
            } else {
                ""
            },
            table.get(n).unwrap_or(0)
        );
    }
}

#[test]
#[ignore]
fn period_search() {
    let limit: u64 = std::env::var("MEX_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 20);
    for text in codes() {
        let code = parse_code(&text, false).expect("a valid code");
        let mut table = HeapTable::new(HeapRule::TakeBreak(code));
        let start = Instant::now();
        let found =
            find_period(&mut table, limit, Allowance::ANY, &mut Quiet).expect("not interrupted");
        println!(
            "mex find_period {text}: {:.2?}  {found:?}  ({} values)",
            start.elapsed(),
            table.len()
        );
    }
}

#[test]
#[ignore]
fn grundy_values() {
    let n: u64 = std::env::var("MEX_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let plain = std::env::var("MEX_PLAIN").is_ok_and(|s| s == "1");
    let mut table = HeapTable::new(HeapRule::Grundy)
        .with_rare_common(!plain)
        .with_threads(threads());
    let start = Instant::now();
    table.extend_to(n, &mut Quiet).expect("not interrupted");
    println!(
        "mex Grundy's game n={n}{}: {:.2?}  max value {}  checksum {:X}",
        if plain { " plain" } else { "" },
        start.elapsed(),
        table.max_value(),
        checksum(table.values(0..n + 1))
    );
}

/// `MEX_THREADS` (default 1).
fn threads() -> usize {
    std::env::var("MEX_THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}
