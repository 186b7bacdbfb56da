//! Coin-turning games, their products and Green Hackenbush, each against a
//! brute force over the positions themselves (sets of heads on a row or a
//! board, sets of edges still standing) written here, sharing no code with
//! the rules, the Tartan theorem or the fusion and colon principles.

use crate::common::run_ok;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

fn mex(values: &BTreeSet<u64>) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap()
}

// ------------------------------------------------------------------ rows

/// The coin sets one move of a rule turns from a head at `i` (1-based),
/// `i` included.
fn coin_moves(rule: &str, i: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    match rule {
        "mock" => {
            out.push(vec![i]);
            for a in 1..i {
                out.push(vec![a, i]);
                for b in a + 1..i {
                    out.push(vec![a, b, i]);
                }
            }
        }
        "ruler" => {
            for s in 1..=i {
                out.push((s..=i).collect());
            }
        }
        _ => unreachable!(),
    }
    out
}

/// Grundy values of every row of `n` coins (bit `i - 1` is coin `i`).
fn rows(rule: &str, n: u32) -> Vec<u64> {
    let mut g = vec![0u64; 1 << n];
    for mask in 0..(1usize << n) {
        let mut seen = BTreeSet::new();
        for i in 1..=n {
            if mask >> (i - 1) & 1 == 0 {
                continue;
            }
            for set in coin_moves(rule, i) {
                let mut m = mask;
                for c in set {
                    m ^= 1 << (c - 1);
                }
                // the rightmost coin goes from heads to tails: m < mask
                seen.insert(g[m]);
            }
        }
        g[mask] = mex(&seen);
    }
    g
}

fn row_text(mask: usize, n: u32) -> String {
    (0..n)
        .map(|i| if mask >> i & 1 == 1 { 'H' } else { 'T' })
        .collect()
}

#[test]
fn rows_of_mock_turtles_and_ruler() {
    for (rule, def) in [("mock", "mock turtles"), ("ruler", "ruler")] {
        let n = 8;
        let g = rows(rule, n);
        let mut src = format!("game g = {def}");
        for mask in 0..(1usize << n) {
            src.push_str(&format!("\ngrundy g(\"{}\")", row_text(mask, n)));
        }
        let lines = run_ok(&src);
        for mask in 0..(1usize << n) {
            assert_eq!(
                lines[mask],
                g[mask].to_string(),
                "{def} {}",
                row_text(mask, n)
            );
        }
    }
}

#[test]
fn published_rows() {
    let lines = run_ok(
        "game m = mock turtles\ngame r = ruler\nsequence m 1..10\nsequence r 1..9\ngrundy m(\"HTTHTHTTH\")",
    );
    assert_eq!(lines, ["1 2 4 7 8 11 13 14 16", "1 2 1 4 1 2 1 8", "29"]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// `moves` of a row names exactly the coin sets whose turning leaves
    /// value 0.
    #[test]
    fn winning_coin_moves(mask in 1usize..(1 << 9), ruler in any::<bool>()) {
        let n = 9;
        let (rule, def) = if ruler { ("ruler", "ruler") } else { ("mock", "mock turtles") };
        let g = rows(rule, n);
        let mut want: Vec<String> = Vec::new();
        for i in 1..=n {
            if mask >> (i - 1) & 1 == 0 {
                continue;
            }
            for set in coin_moves(rule, i) {
                let mut m = mask;
                for &c in &set {
                    m ^= 1 << (c - 1);
                }
                if g[m] == 0 {
                    let s: Vec<String> = set.iter().map(u32::to_string).collect();
                    want.push(format!("turn {}", s.join(", ")));
                }
            }
        }
        want.sort();
        let lines = run_ok(&format!("game g = {def}\nmoves g(\"{}\")", row_text(mask, n)));
        let mut got: Vec<String> = lines.into_iter().filter(|l| l.starts_with("turn")).collect();
        got.sort();
        prop_assert_eq!(got, want);
    }
}

// ---------------------------------------------------------------- boards

/// Grundy values of every board of `w` by `h` coins (coordinates from
/// `first`), a move turning the corners of a move of `f` at the column times
/// a move of `g` at the row.
fn boards(
    f: &dyn Fn(u32) -> Vec<Vec<u32>>,
    g: &dyn Fn(u32) -> Vec<Vec<u32>>,
    w: u32,
    h: u32,
    first: u32,
) -> Vec<u64> {
    let cells = (w * h) as usize;
    let bit = |x: u32, y: u32| ((x - first) * h + (y - first)) as usize;
    let mut val = vec![0u64; 1 << cells];
    for mask in 0..(1usize << cells) {
        let mut seen = BTreeSet::new();
        for x in first..first + w {
            for y in first..first + h {
                if mask >> bit(x, y) & 1 == 0 {
                    continue;
                }
                for a in f(x) {
                    for b in g(y) {
                        let mut m = mask;
                        for &i in &a {
                            for &j in &b {
                                m ^= 1 << bit(i, j);
                            }
                        }
                        seen.insert(val[m]);
                    }
                }
            }
        }
        val[mask] = mex(&seen);
    }
    val
}

#[test]
fn products_follow_the_tartan_theorem() {
    // mock turtles times ruler, coins 1..=3 by 1..=3: every board
    let mock = |i: u32| coin_moves("mock", i);
    let ruler = |i: u32| coin_moves("ruler", i);
    let v = boards(&mock, &ruler, 3, 3, 1);
    let mut src = "game m = mock turtles\ngame r = ruler\ngame p = product(m, r)".to_string();
    let mut masks = Vec::new();
    for mask in 0..(1usize << 9) {
        let heads: Vec<String> = (0..9)
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| format!("p({}, {})", b / 3 + 1, b % 3 + 1))
            .collect();
        if heads.is_empty() {
            continue;
        }
        src.push_str(&format!("\ngrundy {}", heads.join(" + ")));
        masks.push(mask);
    }
    let lines = run_ok(&src);
    for (line, mask) in lines.iter().zip(&masks) {
        assert_eq!(line, &v[*mask].to_string(), "board {mask:09b}");
    }
}

#[test]
fn turning_corners_is_the_nim_product_table() {
    // Twins from 0: a move turns the coin and one to its left
    let twins = |i: u32| -> Vec<Vec<u32>> { (0..i).map(|a| vec![a, i]).collect() };
    let v = boards(&twins, &twins, 4, 4, 0);
    let mut src = "game tc = turning corners\ntable tc 0..4 0..4 as csv".to_string();
    for x in 0..4u32 {
        for y in 0..4u32 {
            src.push_str(&format!("\ngrundy tc({x}, {y})"));
        }
    }
    let lines = run_ok(&src);
    let singles = &lines[lines.len() - 16..];
    for x in 0..4u32 {
        for y in 0..4u32 {
            let bit = (x * 4 + y) as usize;
            assert_eq!(singles[bit], v[1 << bit].to_string(), "tc({x}, {y})");
        }
    }
    // and the moves of the board agree with the values
    let m = run_ok("game tc = turning corners\nmoves tc(3, 3) + tc(1, 2)");
    assert!(!m.is_empty());
    let nim = run_ok("nimprod(3, 3) xor nimprod(1, 2)\ngrundy *3 * *3");
    assert_eq!(nim[1], "2");
}

// ------------------------------------------------------------ hackenbush

/// Grundy value of a picture by search over the sets of standing edges.
fn picture_value(edges: &[(u64, u64)]) -> (u64, Vec<usize>) {
    fn standing(edges: &[(u64, u64)], mask: u32) -> u32 {
        let mut reach: BTreeSet<u64> = BTreeSet::from([0]);
        loop {
            let mut grew = false;
            for (i, &(a, b)) in edges.iter().enumerate() {
                if mask >> i & 1 == 1 && (reach.contains(&a) != reach.contains(&b)) {
                    reach.insert(a);
                    reach.insert(b);
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        (0..edges.len() as u32)
            .filter(|&i| mask >> i & 1 == 1 && reach.contains(&edges[i as usize].0))
            .fold(0, |m, i| m | 1 << i)
    }
    fn value(edges: &[(u64, u64)], mask: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&v) = memo.get(&mask) {
            return v;
        }
        let mut seen = BTreeSet::new();
        for i in 0..edges.len() {
            if mask >> i & 1 == 1 {
                seen.insert(value(edges, standing(edges, mask & !(1 << i)), memo));
            }
        }
        let v = mex(&seen);
        memo.insert(mask, v);
        v
    }
    let mut memo = HashMap::new();
    let all = standing(edges, (1u32 << edges.len()) - 1);
    let v = value(edges, all, &mut memo);
    let wins = (0..edges.len())
        .filter(|&i| {
            all >> i & 1 == 1 && value(edges, standing(edges, all & !(1 << i)), &mut memo) == 0
        })
        .collect();
    (v, wins)
}

fn picture_text(edges: &[(u64, u64)]) -> String {
    let e: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    format!("hackenbush {{ {} }}", e.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn pictures_against_the_search(edges in prop::collection::vec((0u64..5, 0u64..5), 1..=10)) {
        let (v, wins) = picture_value(&edges);
        let text = picture_text(&edges);
        let lines = run_ok(&format!("grundy {text}\nmoves {text}"));
        prop_assert_eq!(&lines[0], &v.to_string(), "{}", text);
        let mut want: Vec<String> = wins.iter().map(|&i| format!("cut {}-{}", edges[i].0, edges[i].1)).collect();
        want.sort();
        want.dedup();
        let mut got: Vec<String> = lines[1..].iter().filter(|l| l.starts_with("cut")).cloned().collect();
        got.sort();
        prop_assert_eq!(got, want, "{}", text);
    }
}

#[test]
fn published_pictures() {
    let lines = run_ok(
        "grundy hackenbush { 0-1, 1-2, 2-0 }\ngrundy hackenbush { 0-1, 1-2, 2-3, 3-0 }\n\
         grundy hackenbush { 0-1-2-3 }\ngrundy hackenbush { 0-0, 0-0, 0-0 }",
    );
    assert_eq!(lines, ["1", "0", "3", "1"]);
}

#[test]
fn a_picture_of_a_thousand_edges_answers_at_once() {
    // a comb: a path of 500 edges from the ground, a tooth on each vertex
    let mut e: Vec<String> = (0..500).map(|i| format!("{i}-{}", i + 1)).collect();
    e.extend((1..=500).map(|i| format!("{i}-{}", 1000 + i)));
    let text = format!("hackenbush {{ {} }}", e.join(", "));
    let lines = run_ok(&format!("grundy {text}\noutcome {text}"));
    assert_eq!(lines.len(), 2);
    assert!(lines[0].parse::<u64>().is_ok());
}

#[test]
fn bad_pictures_rows_and_products_are_reported() {
    let cases = [
        (
            "grundy hackenbush { 0-1, 1- }",
            "an edge joins two vertices",
        ),
        ("grundy hackenbush { 0-1, 2 }", "an edge joins two vertices"),
        (
            "grundy hackenbush { 0-1, 01-2 }",
            "vertex 1 is written `01` here",
        ),
        (
            "game m = mock turtles\ngrundy m(\"HTX\")",
            "`X` in a row of coins",
        ),
        (
            "game k = octal 0.77\ngame p = product(k)",
            "a product of coin games has two factors",
        ),
        ("game p = product(nowhere, nim)", "unknown name `nowhere`"),
        ("game w = mock turtle", "unknown game `mock turtle`"),
        (
            "game tc = turning corners\ngame q(n) = { tc(n, 1) }\ngrundy q(3)",
            "cannot be used inside another game's rule",
        ),
    ];
    for (src, want) in cases {
        let out = crate::common::mex_cmd(&["-e", src], b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{src}: {err}");
        assert!(err.contains(want), "{src}: {err}");
    }
}
