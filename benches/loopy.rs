//! The labelling of loopy games (generalized Sprague–Grundy values) on a
//! graph of 10^6 positions with three options each (a pseudo-random graph,
//! cycles everywhere): `cargo bench --bench loopy`. Figures are in
//! benches/NOTES.md.

use divan::Bencher;
use divan::counter::ItemsCount;
use mex::engine::loopy;
use std::convert::Infallible;

fn main() {
    divan::main();
}

/// `n` positions, each with `deg` options, from a xorshift generator; a
/// tenth of the positions have none (ends), so numbers appear too.
fn graph(n: usize, deg: usize) -> Vec<Vec<u32>> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    (0..n)
        .map(|_| {
            if next() % 10 == 0 {
                return Vec::new();
            }
            (0..deg).map(|_| (next() % n as u64) as u32).collect()
        })
        .collect()
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn random_graph_of_a_million(bencher: Bencher) {
    let g = graph(1_000_000, 3);
    bencher.counter(ItemsCount::new(g.len())).bench_local(|| {
        let r: Result<_, Infallible> = loopy::values(&g, &mut |_| Ok(()));
        r.map(|v| v.len()).unwrap_or(0)
    });
}
