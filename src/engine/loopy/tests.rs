//! The labelling against what the values mean: outcomes of single graphs
//! and of sums found by retrograde analysis of the sums' own graphs (which
//! shares no code with the labelling), a literal slow rendition of the
//! definition, the ordinary mex on graphs without cycles, and the textbook
//! examples.

use super::*;
use std::convert::Infallible;

fn run(options: &[Vec<u32>]) -> Vec<Value> {
    let r: Result<_, Infallible> = values(options, &mut |_| Ok(()));
    r.unwrap_or_else(|e| match e {})
}

/// Win (Some(true)), loss (Some(false)) or draw (None) for the player to
/// move, by retrograde analysis: a position with no move is lost; one with
/// a move to a lost one is won; one whose every move is to a won one is
/// lost; what is left is drawn.
fn retrograde(options: &[Vec<u32>]) -> Vec<Option<bool>> {
    let n = options.len();
    let mut preds = vec![Vec::new(); n];
    for (u, o) in options.iter().enumerate() {
        for &v in o {
            preds[v as usize].push(u);
        }
    }
    let mut left: Vec<usize> = options.iter().map(Vec::len).collect();
    let mut out: Vec<Option<bool>> = vec![None; n];
    let mut queue: Vec<usize> = (0..n).filter(|&u| left[u] == 0).collect();
    for &u in &queue {
        out[u] = Some(false);
    }
    while let Some(v) = queue.pop() {
        for &u in &preds[v] {
            if out[u].is_some() {
                continue;
            }
            if out[v] == Some(false) {
                out[u] = Some(true);
                queue.push(u);
            } else {
                left[u] -= 1;
                if left[u] == 0 {
                    out[u] = Some(false);
                    queue.push(u);
                }
            }
        }
    }
    out
}

/// The graph of the sum: position (a, b) moves in one of the two.
fn sum_graph(g: &[Vec<u32>], h: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let m = h.len();
    let mut out = Vec::with_capacity(g.len() * m);
    for (a, ga) in g.iter().enumerate() {
        for (b, hb) in h.iter().enumerate() {
            let mut o: Vec<u32> = ga.iter().map(|&a2| (a2 as usize * m + b) as u32).collect();
            o.extend(hb.iter().map(|&b2| (a * m + b2 as usize) as u32));
            out.push(o);
        }
    }
    out
}

/// A pseudo-random graph: `n` positions, each with up to `deg` options.
fn graph(seed: &mut u64, n: usize, deg: u64) -> Vec<Vec<u32>> {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    (0..n)
        .map(|_| {
            let k = next() % (deg + 1);
            (0..k).map(|_| (next() % n as u64) as u32).collect()
        })
        .collect()
}

/// The definition, literally and slowly: stage by stage, scan every open
/// position again and again until none can be labelled.
fn slow(options: &[Vec<u32>]) -> Vec<Option<u64>> {
    let n = options.len();
    let mut label: Vec<Option<u64>> = vec![None; n];
    let mut gone = vec![false; n];
    for m in 0.. {
        if (0..n).all(|u| label[u].is_some() || gone[u]) {
            break;
        }
        loop {
            let mut changed = false;
            for u in 0..n {
                if label[u].is_some() || gone[u] {
                    continue;
                }
                let has = |j: u64| options[u].iter().any(|&v| label[v as usize] == Some(j));
                let below = (0..m).all(has);
                let no_m = !has(m);
                let reversible = options[u].iter().all(|&v| match label[v as usize] {
                    Some(j) if j < m => true,
                    _ => options[v as usize]
                        .iter()
                        .any(|&w| label[w as usize] == Some(m)),
                });
                if below && no_m && reversible {
                    label[u] = Some(m);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            let has_m = options[u].iter().any(|&v| label[v as usize] == Some(m));
            if label[u].is_none() && !has_m {
                gone[u] = true;
            }
        }
    }
    label
}

#[test]
fn the_textbook_examples() {
    // a lone self-loop: a draw
    assert_eq!(run(&[vec![0]]), [Value::Infinite(vec![])]);
    assert_eq!(run(&[vec![0]])[0].outcome(), None);
    // a self-loop beside a move to the end: ∞{0}, a win
    let v = run(&[vec![0, 1], vec![]]);
    assert_eq!(v[0], Value::Infinite(vec![0]));
    assert_eq!(v[0].outcome(), Some(true));
    // a 3-cycle a -> b -> c -> a with an exit c -> *1
    let v = run(&[vec![1], vec![2], vec![0, 3], vec![4], vec![]]);
    assert_eq!(v[3], Value::Finite(1));
    assert_eq!(v[2], Value::Infinite(vec![1]));
    assert_eq!(v[0], Value::Infinite(vec![]));
    // the 2-cycle is no number: a and b both draw
    assert_eq!(
        run(&[vec![1], vec![0]]),
        [Value::Infinite(vec![]), Value::Infinite(vec![])]
    );
    // an option of value ∞ that reverses through a number: u's only move
    // is to v = ∞{0} (a self-loop beside the end), yet u is 0, a loss; the
    // rule "a number only when every option is one" would call it ∞
    let v = run(&[vec![1], vec![1, 2], vec![]]);
    assert_eq!(v[0], Value::Finite(0));
    assert_eq!(v[1], Value::Infinite(vec![0]));
    // a move back that the opponent must answer: 0 -> 1 -> {0, 2}, 2 terminal
    let v = run(&[vec![1], vec![0, 2], vec![]]);
    assert_eq!(v, [Value::Finite(0), Value::Finite(1), Value::Finite(0)]);
}

#[test]
fn graphs_without_cycles_have_their_mex_values() {
    let mut seed = 0x2545_f491_4f6c_dd1d;
    for _ in 0..200 {
        let n = 12;
        let mut g = graph(&mut seed, n, 4);
        for (u, o) in g.iter_mut().enumerate() {
            o.retain(|&v| (v as usize) < u);
        }
        let v = run(&g);
        let mut mex = vec![0u64; n];
        for u in 0..n {
            let seen: Vec<u64> = g[u].iter().map(|&w| mex[w as usize]).collect();
            mex[u] = (0..).find(|x| !seen.contains(x)).unwrap_or(0);
            assert_eq!(v[u], Value::Finite(mex[u]));
        }
    }
}

#[test]
fn outcomes_agree_with_retrograde_analysis() {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..300 {
        let g = graph(&mut seed, 10, 3);
        let v = run(&g);
        let r = retrograde(&g);
        for u in 0..g.len() {
            assert_eq!(v[u].outcome(), r[u], "{g:?} at {u}: {:?}", v[u]);
        }
    }
}

#[test]
fn sums_agree_with_retrograde_analysis_of_the_sum() {
    let mut seed = 0x1234_5678_9abc_def1;
    for round in 0..150 {
        let g = graph(&mut seed, 7, 3);
        // every other round, a Nim heap of 3 (a chain 3 -> 2 -> 1 -> 0)
        let h = if round % 2 == 0 {
            graph(&mut seed, 6, 3)
        } else {
            vec![vec![], vec![0], vec![0, 1], vec![0, 1, 2]]
        };
        let (vg, vh) = (run(&g), run(&h));
        let r = retrograde(&sum_graph(&g, &h));
        for a in 0..g.len() {
            for b in 0..h.len() {
                let want = r[a * h.len() + b];
                let got = sum_outcome(&[vg[a].clone(), vh[b].clone()]);
                assert_eq!(
                    got, want,
                    "{g:?} + {h:?} at ({a}, {b}): {:?} + {:?}",
                    vg[a], vh[b]
                );
            }
        }
    }
}

#[test]
fn the_labelling_is_the_slow_definition() {
    let mut seed = 0xdead_beef_cafe_f00d;
    for _ in 0..300 {
        let g = graph(&mut seed, 11, 4);
        let fast: Vec<Option<u64>> = run(&g)
            .into_iter()
            .map(|v| match v {
                Value::Finite(m) => Some(m),
                Value::Infinite(_) => None,
            })
            .collect();
        assert_eq!(fast, slow(&g), "{g:?}");
    }
}
