//! The nimber field in the language: `nimprod`, `nimdiv`, `niminv`, the
//! product of nimbers `*a * *b`, and `table nimprod` (the arithmetic itself
//! is tested against its definition in `engine::nimber`).

use crate::common::{mex_cmd, run_ok};

#[test]
fn products_inverses_and_quotients() {
    assert_eq!(
        run_ok("nimprod(2, 2)\nnimprod(16, 16)\nniminv(2)\nnimdiv(1, 3)\nnimprod(3, niminv(3))"),
        ["3", "24", "3", "2", "1"]
    );
    // every nonzero number below 17 times its inverse is 1
    let lines = run_ok(
        &(1..=16)
            .map(|a| format!("nimprod({a}, niminv({a}))\n"))
            .collect::<String>(),
    );
    assert!(lines.iter().all(|l| l == "1"), "{lines:?}");
    let out = mex_cmd(&["-e", "niminv(0)"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("division by zero"));
}

#[test]
fn nimbers_multiply_as_games() {
    assert_eq!(
        run_ok("grundy *2 * *2\ngrundy *16 * *16 + *1\n*4 * *"),
        ["3", "25", "4"]
    );
    assert_eq!(
        run_ok("check grundy *2 * *3 == 1"),
        ["ok grundy *2 * *3 == 1"]
    );
    // integers still multiply as integers
    assert_eq!(run_ok("2 * 3\ngrundy nim(2 * 3)"), ["6", "6"]);
}

#[test]
fn the_table_of_products() {
    let lines = run_ok("table nimprod 0..16 0..16");
    assert_eq!(lines.len(), 18);
    assert_eq!(
        lines[4]
            .split_whitespace()
            .skip(2)
            .collect::<Vec<_>>()
            .join(" "),
        "0 2 3 1 8 10 11 9 12 14 15 13 4 6 7 5"
    );
    // 15 x 15 = 9 (the engine is checked against the definition)
    assert_eq!(lines[17].split_whitespace().last(), Some("9"));
    let csv = run_ok("table nimprod 0..4 0..4 as csv");
    assert_eq!(
        csv,
        [
            "a \\ b,0,1,2,3",
            "0,0,0,0,0",
            "1,0,1,2,3",
            "2,0,2,3,1",
            "3,0,3,1,2"
        ]
    );
    let md = run_ok("table nimprod 0..2 0..2 as markdown");
    assert_eq!(
        md.last().map(String::as_str),
        Some("| **1** |   0 |   1 |"),
        "{md:?}"
    );
}
