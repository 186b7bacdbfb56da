//! Benchmarks of the evaluator on games written in set-builder form, with
//! divan: `cargo bench --bench evaluator`. Each counts the options the
//! compiled evaluator values (recognition of rule families off), so divan
//! reports options per second; the `as_written` group times the same
//! questions as users get them (recognized rules on their family's table)
//! next to the short forms. Figures are in benches/NOTES.md.

use divan::Bencher;
use divan::counter::ItemsCount;
use mex::session::Session;

fn main() {
    divan::main();
}

const KAYLES: &str = "game kayles(n) = { kayles(a) + kayles(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }";
const SUBTRACTION: &str = "game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }";
const GRUNDY: &str = "game gg(n) = { gg(a) + gg(n - a) for a in 1..n if a < n - a }";
const WYTHOFF: &str = "game w(m, n) = { w(m - k, n) for k in 1..=m } | { w(m, n - k) for k in 1..=n } | { w(m - k, n - k) for k in 1..=m if k <= n }";
const NIM3: &str = "game t(a, b, c) = { t(a - i, b, c) for i in 1..=a } | { t(a, b - i, c) for i in 1..=b } | { t(a, b, c - i) for i in 1..=c }";

/// A fresh session, recognition on or off.
fn session(recognize: bool) -> Session {
    let mut s = Session::default();
    s.store.recognize = recognize;
    s
}

/// Runs a program in a fresh session; returns the options valued.
fn run(recognize: bool, program: &str) -> u64 {
    let mut s = session(recognize);
    let (_, report) = s.run_collect("bench", program);
    assert!(report.errors.is_empty(), "{program}: {:?}", report.errors);
    s.store.ticker.options
}

/// Times a program compiled (recognition off), counting its options.
fn compiled(bencher: Bencher, program: &str) {
    let options = run(false, program);
    bencher
        .counter(ItemsCount::new(options))
        .with_inputs(|| session(false))
        .bench_local_values(|mut s| s.run_collect("bench", program));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn kayles_2000(bencher: Bencher) {
    compiled(bencher, &format!("{KAYLES}\ngrundy kayles(2000)"));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn grundys_game_3000(bencher: Bencher) {
    compiled(bencher, &format!("{GRUNDY}\ngrundy gg(3000)"));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn subtraction_134_to_1e6(bencher: Bencher) {
    compiled(bencher, &format!("{SUBTRACTION}\ngrundy s(1000000)"));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn wythoff_300(bencher: Bencher) {
    compiled(bencher, &format!("{WYTHOFF}\ngrundy w(300, 300)"));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn three_heap_nim_30(bencher: Bencher) {
    compiled(bencher, &format!("{NIM3}\ngrundy t(30, 30, 30)"));
}

/// The same questions as users get them: set-builder rules recognized as
/// families, next to the short forms.
mod as_written {
    use super::*;

    fn whole(bencher: Bencher, program: &str) {
        run(true, program);
        bencher
            .with_inputs(|| session(true))
            .bench_local_values(|mut s| s.run_collect("bench", program));
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn kayles_1e5_set_builder(bencher: Bencher) {
        whole(bencher, &format!("{KAYLES}\ngrundy kayles(100000)"));
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn kayles_1e5_octal(bencher: Bencher) {
        whole(bencher, "game kayles = octal 0.77\ngrundy kayles(100000)");
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn grundys_game_2e18_set_builder(bencher: Bencher) {
        whole(bencher, &format!("{GRUNDY}\ngrundy gg(262144)"));
    }

    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn grundys_game_2e18_short(bencher: Bencher) {
        whole(bencher, "game gg = grundy\ngrundy gg(262144)");
    }
}
