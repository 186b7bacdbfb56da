//! `mex survey PATTERN... --heap N --format csv`: `period` for every code
//! the patterns stand for, on this machine's cores, one row a code (the
//! library's `mex::survey`, which the Python package runs too).

use clap::Parser;
use mex::engine::{StopFlag, Watch};
use mex::survey::{COLUMNS, Row};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Survey take-and-break codes: the period of each, one row a code.
#[derive(Parser, Debug)]
#[command(name = "mex survey", after_help = EXAMPLES)]
pub struct SurveyArgs {
    /// Codes or patterns of codes: `0.77`, `hex 0.F8`, `0.??` (each `?`
    /// any digit), `4.1?`.
    #[arg(required = true, value_name = "CODE")]
    pub codes: Vec<String>,
    /// The largest heap each code's search looks at (as `set heap N`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub heap: Option<u64>,
    /// How rows are written: `csv` (a header, then one row a code) or
    /// `json` (one JSON object a line).
    #[arg(long, value_name = "FORMAT", default_value = "csv", value_parser = ["csv", "json"])]
    pub format: String,
    /// Codes computed at once (by default, one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
}

const EXAMPLES: &str = "\
Examples:
  mex survey 0.?? --heap 1000                 # the 64 two-digit octal codes
  mex survey 0.77 0.137 hex 0.F8 --format json
  mex survey 0.?? 4.1? --heap 500 --format csv > table.csv

Columns: code, rule, pre_period, period, saltus, proven, largest,
largest_at, heaps, seconds, error (empty cells where none).";


/// Runs the survey; the exit status (2 when a pattern is not one, or Ctrl-C
/// stopped it).
pub fn survey(args: SurveyArgs) -> u8 {
    let mut codes = Vec::new();
    for pattern in &args.codes {
        match mex::survey::expand(pattern) {
            Ok(more) => codes.extend(more),
            Err(e) => {
                eprintln!("mex survey: {e}");
                return 2;
            }
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let watch = || -> Box<dyn Watch> { Box::new(StopFlag(Arc::clone(&stop))) };
    let rows = mex::survey::survey(&codes, args.heap, threads, &watch);
    let written = match args.format.as_str() {
        "json" => json(&rows),
        _ => csv(&rows),
    };
    if let Err(e) = written {
        eprintln!("mex survey: {e}");
        return 2;
    }
    if stop.load(Ordering::SeqCst) {
        eprintln!("mex survey: interrupted");
        return 2;
    }
    0
}

fn csv(rows: &[Row]) -> Result<(), String> {
    let mut w = csv::Writer::from_writer(std::io::stdout().lock());
    w.write_record(COLUMNS).map_err(|e| e.to_string())?;
    for row in rows {
        w.write_record(row.record()).map_err(|e| e.to_string())?;
    }
    w.flush().map_err(|e| e.to_string())
}

fn json(rows: &[Row]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    for row in rows {
        let line = serde_json::to_string(row).map_err(|e| e.to_string())?;
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
