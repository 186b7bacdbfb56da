#![allow(clippy::needless_range_loop)]
//! Games given as a directed graph, `game g = graph { a -> b, ... }`, and
//! their positions `g.a`: outcomes of vertices and of sums of two vertices
//! against a retrograde win/loss/draw analysis written here, sharing no
//! code with the labelling; the diagnostics of bad pictures and bad names.

use crate::common::{mex_cmd, run_ok};
use proptest::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum O {
    P,
    N,
    D,
}

/// Retrograde analysis of a finite graph: a vertex with no move is P (the
/// player to move loses); one with a move to P is N; one whose moves all
/// go to N is P; what is never decided is a draw.
fn retrograde(succ: &[Vec<usize>]) -> Vec<O> {
    let n = succ.len();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (v, s) in succ.iter().enumerate() {
        for &w in s {
            pred[w].push(v);
        }
    }
    let mut out: Vec<Option<O>> = vec![None; n];
    let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&v| succ[v].is_empty()).collect();
    for &v in &queue {
        out[v] = Some(O::P);
    }
    while let Some(w) = queue.pop() {
        for &v in &pred[w] {
            if out[v].is_some() {
                continue;
            }
            if out[w] == Some(O::P) {
                out[v] = Some(O::N);
                queue.push(v);
            } else {
                left[v] -= 1;
                if left[v] == 0 {
                    out[v] = Some(O::P);
                    queue.push(v);
                }
            }
        }
    }
    out.into_iter().map(|o| o.unwrap_or(O::D)).collect()
}

/// The graph of sums of two vertices: a move is made in one of them.
fn product(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succ.len();
    let mut out = vec![Vec::new(); n * n];
    for a in 0..n {
        for b in 0..n {
            let s = &mut out[a * n + b];
            s.extend(succ[a].iter().map(|&x| x * n + b));
            s.extend(succ[b].iter().map(|&y| a * n + y));
        }
    }
    out
}

fn outcome_of(line: &str) -> O {
    match line.chars().next() {
        Some('P') => O::P,
        Some('N') => O::N,
        Some('D') => O::D,
        _ => panic!("not an outcome: {line}"),
    }
}

/// Vertex names that are also hexadecimal text (`a.b` is a code's shape).
const NAMES: [&str; 8] = ["a", "b", "c", "dead", "e1", "f", "end", "x_y"];

fn graph_text(n: usize, edges: &[(usize, usize)]) -> String {
    let mut items: Vec<String> = (0..n).map(|v| NAMES[v].to_string()).collect();
    items.extend(
        edges
            .iter()
            .map(|&(a, b)| format!("{} -> {}", NAMES[a], NAMES[b])),
    );
    format!("game g = graph {{ {} }}", items.join(", "))
}

fn graphs() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1usize..=8).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..=14)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn outcomes_of_vertices_and_of_sums_of_two((n, edges) in graphs()) {
        let mut succ = vec![Vec::new(); n];
        for &(a, b) in &edges {
            if !succ[a].contains(&b) {
                succ[a].push(b);
            }
        }
        let mut src = graph_text(n, &edges);
        for v in 0..n {
            src.push_str(&format!("\noutcome g.{}", NAMES[v]));
        }
        for a in 0..n {
            for b in a..n {
                src.push_str(&format!("\noutcome g.{} + g.{}", NAMES[a], NAMES[b]));
            }
        }
        let lines = run_ok(&src);
        let single = retrograde(&succ);
        let pairs = retrograde(&product(&succ));
        let mut i = 0;
        for v in 0..n {
            prop_assert_eq!(outcome_of(&lines[i]), single[v], "{} at {}", src, NAMES[v]);
            i += 1;
        }
        for a in 0..n {
            for b in a..n {
                prop_assert_eq!(outcome_of(&lines[i]), pairs[a * n + b], "{} at {} + {}", src, NAMES[a], NAMES[b]);
                i += 1;
            }
        }
    }
}

#[test]
fn the_example_of_the_reference() {
    let lines = run_ok(
        "game g = graph { a -> b, b -> c, c -> a, c -> d }\n\
         grundy g.a\ngrundy g.b\ngrundy g.c\ngrundy g.d\noutcome g.b\nmoves g.c\n\
         game loop = graph { s -> s, s -> e }\ngrundy loop.s\noutcome loop.s + *1\n\
         game chain = graph { x -> y -> z, w }\ngrundy chain.x\ngrundy chain.w",
    );
    assert_eq!(
        lines,
        [
            "1",
            "0",
            "2",
            "0",
            "P (the previous player wins)",
            "g.c -> g.d",
            "∞{0}",
            "D (a draw: neither player can force a win)",
            "0",
            "0",
        ]
    );
}

#[test]
fn bad_pictures_and_bad_names_are_reported() {
    let cases = [
        (
            "game g = graph { a -> b }\ngrundy g.q",
            "`g` has no vertex `q`",
        ),
        (
            "game g = graph { a -> b }\ngrundy g(0)",
            "`g` is a graph game",
        ),
        ("game k = octal 0.77\ngrundy k.a", "`k` is not a graph game"),
        (
            "game g(n) = graph { a -> b }",
            "a graph game has no parameters",
        ),
        ("game g = graph { }", "a graph with no vertex"),
        ("grundy nowhere.a", "unknown name `nowhere`"),
    ];
    for (src, want) in cases {
        let out = mex_cmd(&["-e", src], b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{src}: {err}");
        assert!(err.contains(want), "{src}: {err}");
    }
}

#[test]
fn codes_still_read_as_codes() {
    // a name, a dot and a name is a vertex, except right after `octal`/`hex`
    let lines = run_ok(
        "game h = hex C.F\ngame k = octal 0.77\ngame dead = graph { beef -> cafe }\n\
         grundy k(3)\ngrundy dead.beef\ngrundy h(3)",
    );
    assert_eq!(lines[0], "3");
    assert_eq!(lines[1], "1");
    // read as a code, `hex C.F` defines a game (as a vertex it would not parse)
    assert_eq!(lines.len(), 3);
    assert!(lines[2].parse::<u64>().is_ok(), "{lines:?}");
}
