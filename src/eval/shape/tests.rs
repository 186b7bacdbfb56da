//! Which rules are recognized, and which near misses are not.

use super::Shape;
use crate::engine::code::parse_code;
use crate::engine::rule::HeapRule;
use crate::session::Session;

/// The shape of the last game a source defines.
fn shape(src: &str) -> Shape {
    let mut s = Session::default();
    let (_, report) = s.run_collect("t", src);
    assert!(report.errors.is_empty(), "{src}: {:?}", report.errors);
    let id = s.defs.games.len() - 1;
    super::recognize(&s.defs.games[id], id, &s.defs.globals)
}

fn octal(code: &str) -> Shape {
    Shape::Heap(HeapRule::TakeBreak(parse_code(code, false).unwrap()).normalized())
}

fn hex(code: &str) -> Shape {
    Shape::Heap(HeapRule::TakeBreak(parse_code(code, true).unwrap()).normalized())
}

fn subtraction(ks: &[u64]) -> Shape {
    Shape::Heap(HeapRule::subtraction(ks.iter().copied()).unwrap())
}

#[test]
fn subtraction_games() {
    let s134 = subtraction(&[1, 3, 4]);
    assert_eq!(
        shape("game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }"),
        s134
    );
    assert_eq!(
        shape("game s(n) = { s(n - k) for k in {4, 1, 3, 3} if n >= k }"),
        s134
    );
    assert_eq!(
        shape("game s(n) = { s(n - k) for k in 1..=3 if k <= n }"),
        subtraction(&[1, 2, 3])
    );
    assert_eq!(
        shape("game s(n) = { s(n - k) for k in 1..4 if k <= n }"),
        subtraction(&[1, 2, 3])
    );
    assert_eq!(
        shape("game s(n) = { s(n - 2 * k) for k in {1, 2} if 2 * k <= n }"),
        subtraction(&[2, 4])
    );
    assert_eq!(
        shape("game d(n) = { d(n - 1) for k in {1} if k <= n }"),
        subtraction(&[1])
    );
    assert_eq!(
        shape("let S = {2, 5}\ngame s(n) = { s(n - k) for k in S if k <= n }"),
        subtraction(&[2, 5])
    );
    // a subtraction that may leave only a non-empty heap: octal digit 2
    assert_eq!(
        shape("game s(n) = { s(n - k) for k in {1, 3} if k < n }"),
        octal("0.202")
    );
    assert_eq!(
        shape("game s(n) = { s(n - k) for k in {2} if k == n }"),
        octal("0.01")
    );
}

#[test]
fn all_but_and_nim() {
    assert_eq!(
        shape("game s(n) = { s(n - k) for k in 1..=n if k != 2 and k != 5 }"),
        Shape::Heap(HeapRule::all_but([2, 5]))
    );
    assert_eq!(
        shape("game s(n) = { s(n - k) for k in 1..=n if k >= 1 }"),
        Shape::Heap(HeapRule::all_but([]))
    );
    assert_eq!(
        shape("game s(n) = { s(j) for j in 0..n }"),
        Shape::Heap(HeapRule::all_but([]))
    );
}

#[test]
fn take_and_break() {
    let kayles = "game kayles(n) = { kayles(a) + kayles(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }";
    assert_eq!(shape(kayles), octal("0.77"));
    // the heaps in either order, the rest written another way
    assert_eq!(
        shape("game k(n) = { k(n - a - t) + k(a) for t in {1, 2} if n >= t for a in 0..=n - t }"),
        octal("0.77")
    );
    // splits into non-empty heaps only (Dawson-like), and the families'
    // set-builder spelling with `a + a <= n - k`
    assert_eq!(
        shape("game g(n) = { g(a) + g(n - k - a) for k in {1, 2} if k < n for a in 1..n - k }"),
        octal("0.44")
    );
    assert_eq!(
        shape(
            "game g(n) = { g(a) + g(n - k - a) for k in {2} if k < n for a in 1..n - k if a + a <= n - k }"
        ),
        octal("0.04")
    );
    // split without taking: two heaps, equal ones allowed
    assert_eq!(
        shape("game g(n) = { g(a) + g(n - a) for a in 1..n if a <= n - a }"),
        octal("4.0")
    );
    // union of a subtraction and a split
    assert_eq!(
        shape(
            "game g(n) = { g(n - k) for k in {1} if k <= n } | { g(a) + g(n - a) for a in 1..n }"
        ),
        octal("4.3")
    );
}

#[test]
fn splits_pinned_by_an_equation() {
    // the heaps as two loop variables whose sum an equation fixes
    assert_eq!(
        shape(
            "game k(n) = { k(a) + k(b) for t in {1, 2} for a in 0..n for b in 0..n if t <= n and a + b == n - t }"
        ),
        octal("0.77")
    );
    assert_eq!(
        shape(
            "game k(n) = { k(a) + k(b) for t in {1, 2} if t <= n for a in 0..=n for b in 0..=n if n - t == b + a }"
        ),
        octal("0.77")
    );
    assert_eq!(
        shape("game g(n) = { g(a) + g(b) for a in 1..n for b in 1..n if a + b == n and a != b }"),
        Shape::Heap(HeapRule::Grundy)
    );
    assert_eq!(
        shape("game g(n) = { g(a) + g(b) for a in 1..n for b in a..n if a + b == n }"),
        octal("4.0")
    );
    // one heap: a subtraction written as an equation
    assert_eq!(
        shape("game s(n) = { s(m) for k in {1, 3} if k <= n for m in 0..n if m + k == n }"),
        subtraction(&[1, 3])
    );
}

#[test]
fn grundys_game() {
    let gg = Shape::Heap(HeapRule::Grundy);
    assert_eq!(
        shape("game gg(n) = { gg(a) + gg(n - a) for a in 1..n if a < n - a }"),
        gg
    );
    assert_eq!(
        shape("game gg(n) = { gg(a) + gg(n - a) for a in 1..n if a != n - a }"),
        gg
    );
    assert_eq!(
        shape("game gg(n) = { gg(n - a) + gg(a) for a in 1..n if n - a > a }"),
        gg
    );
}

#[test]
fn three_heaps() {
    assert_eq!(
        shape(
            "game h(n) = { h(a) + h(b) + h(n - k - a - b) for k in {1} if k < n for a in 1..n - k for b in 1..n - k - a }"
        ),
        hex("0.8")
    );
    assert_eq!(
        shape(
            "game h(n) = { h(a) + h(b) + h(n - k - a - b) for k in {1} if k < n for a in 1..n - k for b in a..n - k if a + b + b <= n - k }"
        ),
        hex("0.8")
    );
    assert_eq!(
        shape(
            "game h(n) = { h(a) + h(b) + h(n - k - a - b) for k in {1, 2} if k <= n for a in 0..=n - k for b in 0..=n - k - a }"
        ),
        hex("0.FF")
    );
}

#[test]
fn near_misses_run_as_written() {
    for src in [
        // no guard: the rule fails below zero for small heaps
        "game s(n) = { s(n - k) for k in {1, 3, 4} }",
        // a guard that lets the subtraction go below zero
        "game s(n) = { s(n - k) for k in {1, 3} if k <= n + 1 }",
        // a condition on n that no family has
        "game s(n) = { s(n - k) for k in {1, 2} if k <= n and n != 5 }",
        "game s(n) = { s(n - k) for k in {1, 2} if k + 2 <= n }",
        // halving, another game, a constant heap, a nimber
        "game s(n) = { s(n / 2) for k in {1} if k <= n }",
        "game t(n) = { nim(n) }\ngame s(n) = { t(n - k) for k in {1} if k <= n }",
        "game s(n) = { s(n - k) + s(1) for k in {1} if k <= n }",
        "game s(n) = { s(n - k) + *1 for k in {1} if k <= n }",
        // taking nothing: loopy
        "game s(n) = { s(n - k) for k in {0, 1} if k <= n }",
        // a split heap off by one
        "game k(n) = { k(a + 1) + k(n - t - a) for t in {1} if t < n for a in 0..n - t - 1 }",
        "game gg(n) = { gg(a) + gg(n - a) for a in 1..n if a < n - a - 1 }",
        "game gg(n) = { gg(a) + gg(n - a) for a in 2..n if a < n - a }",
        // Grundy's unequal split with a take besides
        "game g(n) = { g(a) + g(n - 1 - a) for a in 1..n - 1 if a < n - 1 - a }",
        // only some three-heap splits
        "game h(n) = { h(a) + h(b) + h(n - a - b - 1) for a in 1..n for b in 1..n if a + b < n - 1 and a < b }",
        // a sum bounded but not fixed: beans vanish, not a family's move
        "game k(n) = { k(a) + k(b) for t in {1} for a in 0..n for b in 0..n if t <= n and a + b <= n - t }",
        // an equation that pins one heap, not the sum
        "game k(n) = { k(a) + k(b) for t in {1} for a in 0..n for b in 0..n if t <= n and a == n - t }",
        // explicit options, two parameters, an alias
        "game s(n) = { s(n - 1) for k in {1} if k <= n } | { 0 }",
        "game w(m, n) = { w(m - k, n) for k in 1..=m }",
        "game s(n) = nim(n)",
    ] {
        assert_eq!(shape(src), Shape::No, "{src}");
    }
}

#[test]
fn an_unbound_let_is_tried_later() {
    let mut s = Session::default();
    let (_, report) = s.run_collect(
        "t",
        "let S = {1, 2}\ngame s(n) = { s(n - k) for k in S if k <= n }\ngrundy s(3)",
    );
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(
        s.store.runs_as(&s.defs, 0).map(|r| r.describe()),
        Some("subtraction {1, 2}".to_string())
    );
}
