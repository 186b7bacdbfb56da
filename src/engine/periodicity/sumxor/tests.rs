use super::*;
use crate::engine::Quiet;

/// Whether `(k, w)` is in `rel`, by trying every `L_k`.
fn brute(rel: &SumXor, k: u64, w: u64) -> bool {
    let Some(total) = (k as i64).checked_add(rel.delta).filter(|&t| t >= 0) else {
        return false;
    };
    let total = total as u64;
    let (u, a) = (rel.u, &rel.offsets);
    let y = |j: usize, l: u64| u * l + a[j];
    match a.len() {
        1 => rel.xor ^ y(0, total) == w,
        2 => (0..=total).any(|l| rel.xor ^ y(0, l) ^ y(1, total - l) == w),
        3 => (0..=total).any(|l| {
            (0..=total - l).any(|m| rel.xor ^ y(0, l) ^ y(1, m) ^ y(2, total - l - m) == w)
        }),
        _ => unreachable!(),
    }
}

/// Whether the automaton of `rel` accepts `(k, w)`.
fn run(d: &mut Dfa, k: u64, w: u64) -> bool {
    let mut id = 0;
    for pos in 0..width(k).max(width(w)) {
        let column = ((k >> pos) & 1) + 2 * ((w >> pos) & 1);
        id = d.step(id, column as usize, &mut 0);
    }
    d.accepts(id, &mut 0)
}

struct Rng(u64);
impl Rng {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
    fn rel(&mut self, u: u64) -> SumXor {
        let b = 1 + self.next(3) as usize;
        let mut offsets: Vec<u64> = (0..b).map(|_| self.next(6)).collect();
        offsets.sort_unstable();
        SumXor {
            u,
            offsets,
            delta: self.next(15) as i64 - 7,
            xor: self.next(9),
        }
    }
}

#[test]
fn automata_agree_with_trying_every_split() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..90 {
        let rel = rng.rel([1, 3, 5][round % 3]);
        let mut d = Dfa::new(rel.clone());
        for k in 0..40 {
            for w in 0..6 * k + 40 {
                assert_eq!(run(&mut d, k, w), brute(&rel, k, w), "{rel:?} k={k} w={w}");
            }
        }
    }
}

fn in_region(region: Region, k: u64, w: u64) -> bool {
    match region {
        Region::Below { k0, u, q } => k >= k0 && w < u * k + q,
        Region::At { k0, u, q } => k >= k0 && w == u * k + q,
    }
}

#[test]
fn verdicts_agree_with_trying_every_pair() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let (mut holds, mut fails) = (0, 0);
    for round in 0..300 {
        let u = [1, 1, 3, 5][round % 4];
        let rels: Vec<SumXor> = (0..1 + rng.next(6)).map(|_| rng.rel(u)).collect();
        let (k0, q) = (rng.next(5), rng.next(4));
        let region = if round % 8 < 4 {
            Region::Below { k0, u, q }
        } else {
            Region::At { k0, u, q }
        };
        let ask = if rng.next(2) == 0 {
            Ask::Covered
        } else {
            Ask::Missed
        };
        let wrong = |k: u64, w: u64| {
            in_region(region, k, w) && rels.iter().any(|r| brute(r, k, w)) == (ask == Ask::Missed)
        };
        match decide(&rels, region, ask, &mut (1 << 30), &mut Quiet).unwrap() {
            Verdict::Holds => {
                holds += 1;
                for k in 0..70 {
                    for w in 0..u * k + q + 2 {
                        assert!(!wrong(k, w), "{rels:?} {region:?} {ask:?}: ({k}, {w})");
                    }
                }
            }
            Verdict::Fails { k, w } => {
                fails += 1;
                assert!(
                    wrong(k, w),
                    "{rels:?} {region:?} {ask:?}: ({k}, {w}) is no counterexample"
                );
            }
            Verdict::Unknown => panic!("budget"),
        }
    }
    assert!(
        holds > 20 && fails > 20,
        "{holds} proofs, {fails} counterexamples"
    );
}

/// Hex 0.8 (take one, leave three heaps): G(n) = (n - 1) / 3 for n >= 1.
/// For n = 1 + 3K the nim-sums of three heaps summing to n - 1 have
/// quotients making up K - 1, K - 2 or K - 3.
#[test]
fn the_step_of_hex_0_8() {
    let rels: Vec<SumXor> = [-1, -2, -3]
        .into_iter()
        .map(|delta| SumXor {
            u: 1,
            offsets: vec![0, 0, 0],
            delta,
            xor: 0,
        })
        .collect();
    let below = Region::Below { k0: 1, u: 1, q: 0 };
    let at = Region::At { k0: 1, u: 1, q: 0 };
    let mut budget = 1 << 24;
    assert_eq!(
        decide(&rels, below, Ask::Covered, &mut budget, &mut Quiet),
        Ok(Verdict::Holds)
    );
    assert_eq!(
        decide(&rels, at, Ask::Missed, &mut budget, &mut Quiet),
        Ok(Verdict::Holds)
    );
    // without the sums to K - 1, W = K - 1 is missed
    assert_eq!(
        decide(&rels[1..], below, Ask::Covered, &mut budget, &mut Quiet),
        Ok(Verdict::Fails { k: 1, w: 0 })
    );
    // a budget too small to explore is no proof
    assert_eq!(
        decide(&rels, below, Ask::Covered, &mut 40, &mut Quiet),
        Ok(Verdict::Unknown)
    );
}
