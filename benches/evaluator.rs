//! Benchmarks of the evaluator on games written in set-builder form.
//! Run with `cargo bench --bench evaluator`. Prints wall time and the rate
//! of options valued by the mex driver. (A benchmark, not a test: timings
//! depend on the machine.)

use mex::session::Session;
use std::time::Instant;

fn bench(name: &str, program: &str) {
    let mut best = f64::INFINITY;
    let mut options = 0;
    let mut answer = Vec::new();
    for _ in 0..3 {
        let mut s = Session::default();
        let start = Instant::now();
        let (lines, report) = s.run_collect("bench", program);
        let secs = start.elapsed().as_secs_f64();
        assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
        best = best.min(secs);
        options = s.store.ticker.options;
        answer = lines;
    }
    println!(
        "{name:<40} {:>9.3} s  {:>12} options  {:>8.1} M options/s  -> {}",
        best,
        options,
        options as f64 / best / 1e6,
        answer.join(" ")
    );
}

fn main() {
    bench(
        "kayles(2000), set-builder",
        "game kayles(n) = { kayles(a) + kayles(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }\ngrundy kayles(2000)",
    );
    bench(
        "grundy's game gg(3000), set-builder",
        "game gg(n) = { gg(a) + gg(n - a) for a in 1..n if a < n - a }\ngrundy gg(3000)",
    );
    bench(
        "chain d(1000000)",
        "game d(n) = { d(n - k) for k in {1} if k <= n }\ngrundy d(1000000)",
    );
    bench(
        "subtraction {1,3,4} s(1000000)",
        "game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }\ngrundy s(1000000)",
    );
    bench(
        "two-heap nim table two(0..60, 0..60)",
        "game two(m, n) = { two(m, j) for j in 0..n } | { two(i, n) for i in 0..m }\ngrundy two(59, 59)",
    );
}
