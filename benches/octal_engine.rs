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

/// One run for `benches/threads.sh`: `MEX_GAME` (an octal or hexadecimal
/// code, or `grundy`) to `MEX_N` on `MEX_THREADS` threads, printing the
/// wall time, the values a second and what each thread did (`MEX_TIMED=0`:
/// counts only, the steps not timed).
#[test]
#[ignore]
fn thread_profile() {
    let n: u64 = std::env::var("MEX_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 20);
    let game = std::env::var("MEX_GAME").unwrap_or_else(|_| "0.6".to_string());
    let timed = std::env::var("MEX_TIMED").map_or(true, |s| s != "0");
    let rule = if game == "grundy" {
        HeapRule::Grundy
    } else {
        let hex = game
            .chars()
            .any(|c| c.is_ascii_alphabetic() || c == '8' || c == '9');
        HeapRule::TakeBreak(parse_code(&game, hex).expect("a valid code"))
    };
    let threads = threads();
    let mut table = HeapTable::new(rule)
        .with_period_shortcut(false)
        .with_threads(threads)
        .with_thread_timing(timed);
    let start = Instant::now();
    table.extend_to(n, &mut Quiet).expect("not interrupted");
    let secs = start.elapsed().as_secs_f64();
    let sum = checksum(table.values(0..n + 1));
    println!(
        "{game} n={n} threads={threads}{}: {secs:.2} s, {:.3} million values/s, checksum {sum:X}",
        if timed { "" } else { " (untimed)" },
        n as f64 / secs / 1e6
    );
    let Some(r) = table.thread_stats() else {
        println!("  (not a two-heap splitting rule: one thread)");
        return;
    };
    let ms = |ns: u64| ns as f64 / 1e6;
    println!(
        "  segments {} ({} heaps), heaps alone {}, rebuilds {} ({:.1} ms), serial between segments {:.1} ms, segments wall {:.1} ms",
        r.segments,
        r.segment_heaps,
        r.alone,
        r.rebuilds,
        ms(r.rebuild_ns),
        ms(r.serial_ns),
        ms(r.segment_ns)
    );
    println!(
        "  {:>6} {:>9} {:>9} {:>7} {:>7} {:>11} {:>9} {:>8} {:>9} {:>9} {:>9} {:>9}",
        "thread", "heaps", "resolved", "recomp", "helped", "deferred", "longscan", "waits",
        "busy ms", "wait ms", "scan ms", "resolv ms"
    );
    for (t, s) in r.threads.iter().enumerate() {
        println!(
            "  {:>6} {:>9} {:>9} {:>7} {:>7} {:>11} {:>9} {:>8} {:>9.1} {:>9.1} {:>9.1} {:>9.1}",
            t,
            s.heaps,
            s.resolved,
            s.recomputed,
            s.helped,
            s.deferred,
            s.long_scans,
            s.waits,
            ms(s.busy_ns),
            ms(s.wait_ns),
            ms(s.scan_ns),
            ms(s.resolve_ns)
        );
    }
}
