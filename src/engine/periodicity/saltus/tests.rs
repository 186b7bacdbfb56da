use super::*;
use crate::engine::Quiet;
use crate::engine::code::parse_code;
use crate::engine::periodicity::observe::observed;

/// The moves of a hexadecimal code as `(take, heaps left)`.
fn moves_of(code: &str) -> Vec<(u64, u32)> {
    parse_code(code, true).unwrap().moves_leaving_heaps()
}

/// Values of a hexadecimal code computed plainly, every split listed.
fn values(code: &str, count: usize) -> Vec<u64> {
    let code = parse_code(code, true).unwrap();
    let mut g: Vec<u64> = Vec::new();
    for n in 0..count {
        let mut seen = vec![false; 2 * n + 2];
        let mut mark = |x: u64| {
            if (x as usize) < seen.len() {
                seen[x as usize] = true;
            }
        };
        for (t, &d) in code.digits.iter().enumerate() {
            if t > n {
                break;
            }
            let rest = n - t;
            if d & 1 != 0 && rest == 0 && t > 0 {
                mark(0);
            }
            if d & 2 != 0 && rest >= 1 && t > 0 {
                mark(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    mark(g[a] ^ g[rest - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        mark(g[a] ^ g[b] ^ g[rest - a - b]);
                    }
                }
            }
        }
        g.push(seen.iter().position(|&x| !x).unwrap() as u64);
    }
    g
}

/// The arithmetic period the first `short` values show, proven if it can
/// be, and checked against `long` values when proven.
fn prove(code: &str, short: usize, long: &[u64]) -> Option<(u64, u64, u64)> {
    let seen = observed(&long[..short], &mut Quiet).unwrap()?;
    if seen.saltus == 0 {
        return None;
    }
    let (n0, p, s) = (seen.preperiod, seen.period, seen.saltus);
    let used = saltus_proof(&long[..short], &moves_of(code), (n0, p, s), &mut Quiet).unwrap()?;
    assert!(used < short as u64);
    for h in n0 as usize..long.len() - p as usize {
        assert_eq!(
            long[h + p as usize],
            long[h] + s,
            "hex {code}: ({n0}, {p}, {s}) at {h}"
        );
    }
    Some((n0, p, s))
}

#[test]
fn arithmetic_periods_of_hexadecimal_games() {
    for (code, expected) in [
        ("0.8", (1, 3, 1)),
        ("0.C", (1, 2, 1)),
        ("0.48", (1, 2, 1)),
        ("0.88", (1, 3, 1)),
        ("8.0", (1, 2, 1)),
        ("0.F8", (7, 6, 4)),
        ("0.9F", (4, 3, 2)),
        // saltuses that are not powers of two
        ("0.3F", (0, 6, 3)),
        ("0.228", (1, 9, 3)),
        ("0.608", (1, 9, 3)),
    ] {
        let long = values(code, 700);
        assert_eq!(prove(code, 200, &long), Some(expected), "hex {code}");
    }
}

/// Pseudo-random numbers below `n` (xorshift), from a seed.
fn numbers(mut state: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    }
}

#[test]
fn proven_periods_hold_far_beyond_the_proof() {
    let mut rng = numbers(0x2545_F491_4F6C_DD1Du64);
    let (mut proven, mut tried) = (0, 0);
    for _ in 0..150 {
        let digits = 1 + rng(3);
        let code: String = (0..digits)
            .map(|_| {
                char::from_digit(rng(16) as u32, 16)
                    .unwrap()
                    .to_ascii_uppercase()
            })
            .collect();
        let code = format!("0.{code}");
        let long = values(&code, 420);
        if observed(&long[..140], &mut Quiet)
            .unwrap()
            .is_some_and(|s| s.saltus > 0)
        {
            tried += 1;
        }
        if prove(&code, 140, &long).is_some() {
            proven += 1;
        }
    }
    assert!(
        proven >= 15,
        "only {proven} proofs of {tried} arithmetic periods seen"
    );
}

/// Whether some statement of the step fails outright (not for want of
/// budget).
fn step_fails(v: &[u64], code: &str, (n0, p, s): (u64, u64, u64)) -> bool {
    let i = n0.max(1);
    statements(v, &moves_of(code), i, (p, s), 1)
        .into_iter()
        .any(|(rels, region, ask)| {
            matches!(
                decide(&rels, region, ask, &mut BUDGET.clone(), &mut Quiet).unwrap(),
                Verdict::Fails { .. }
            )
        })
}

#[test]
fn a_pattern_that_breaks_later_is_not_proven() {
    // hex 0.9 looks arithmetic early (0 1 0 0 0 1 2 2 2 3 4 4 4 ...) and
    // breaks at n = 19
    let v = values("0.9", 19);
    let seen = observed(&v, &mut Quiet).unwrap().expect("a pattern");
    assert_eq!((seen.preperiod, seen.period, seen.saltus), (2, 4, 2));
    let found = (seen.preperiod, seen.period, seen.saltus);
    assert_eq!(
        saltus_proof(&v, &moves_of("0.9"), found, &mut Quiet).unwrap(),
        None
    );
    assert!(step_fails(&v, "0.9", found));
}

#[test]
fn values_of_another_game_are_not_proven() {
    // 0.8's values (0, then (n - 1) / 3) are not those of other codes:
    // the step fails for their moves. (0.9 differs from 0.8 only in
    // taking a whole heap of one, so past heap 1 its step is 0.8's: the
    // base values decide, and they are the table's.)
    let v = values("0.8", 100);
    for other in ["0.C", "0.A8", "0.4", "0.08", "0.F8"] {
        assert_eq!(
            saltus_proof(&v, &moves_of(other), (1, 3, 1), &mut Quiet).unwrap(),
            None,
            "0.8's values as {other}'s"
        );
        assert!(step_fails(&v, other, (1, 3, 1)), "{other}");
    }
    assert!(
        saltus_proof(&v, &moves_of("0.8"), (1, 3, 1), &mut Quiet)
            .unwrap()
            .is_some()
    );
}

#[test]
fn any_table_and_moves_end_without_a_panic() {
    // tables that are no game's values, moves of any shape: the proof may
    // hold or not, but it ends, within its budget
    let mut rng = numbers(0x0123_4567_89AB_CDEFu64);
    for _ in 0..400 {
        let moves: Vec<(u64, u32)> = (0..1 + rng(4))
            .map(|_| (rng(5), 1 + rng(3) as u32))
            .collect();
        let (n0, p, s) = (rng(6), 1 + rng(6), 1 + rng(40));
        let len = (n0 + p + rng(60)) as usize;
        let mut v: Vec<u64> = (0..len as u64).map(|_| rng(50)).collect();
        for h in n0 as usize + p as usize..len {
            v[h] = v[h - p as usize] + s;
        }
        let _ = saltus_proof(&v, &moves, (n0, p, s), &mut Quiet).unwrap();
    }
}
