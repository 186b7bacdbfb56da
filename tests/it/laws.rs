//! The laws of impartial games, checked on random explicit games.
//!
//! A random game is a small tree (option sets nested at most four deep, at
//! most four options each, leaves `*k`, `nim(k)`, `*`, `0` or `{}`, and now
//! and then a sum `G + H` as an option), written out as mex source. The
//! reference is a naive evaluator in this file: every game is turned into
//! its game form (the set of the forms of its options; a sum's options are
//! the moves in either component), and its value is the mex of its
//! options' values. It never uses the xor rule, so the Sprague-Grundy
//! theorem is checked, not assumed.

use std::collections::{BTreeSet, HashMap};

use mex::session::Session;
use proptest::collection::vec;
use proptest::prelude::*;

use crate::common::{mex_of, run_ok};

// ---------------------------------------------------------------- the trees

/// How a nimber leaf is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// `*k`
    Star,
    /// `nim(k)`
    Call,
    /// `*` (k is 1)
    Bare,
    /// `0` inside an option set, `*0` elsewhere (k is 0)
    Zero,
}

#[derive(Clone, Debug)]
pub(crate) enum Tree {
    Nimber(u64, Form),
    Set(Vec<Tree>),
    Sum(Box<Tree>, Box<Tree>),
}

fn leaf() -> impl Strategy<Value = Tree> {
    prop_oneof![
        4 => (0u64..6).prop_map(|k| Tree::Nimber(k, Form::Star)),
        1 => (0u64..6).prop_map(|k| Tree::Nimber(k, Form::Call)),
        1 => Just(Tree::Nimber(1, Form::Bare)),
        1 => Just(Tree::Nimber(0, Form::Zero)),
        2 => Just(Tree::Set(Vec::new())),
    ]
}

/// Option sets nested at most four deep, at most four options each.
pub(crate) fn tree() -> impl Strategy<Value = Tree> {
    tree_of_depth(4)
}

/// Trees whose sets (the leaf `{}` included) nest at most `depth + 1` deep.
fn tree_of_depth(depth: u32) -> impl Strategy<Value = Tree> {
    leaf().prop_recursive(depth, 48, 4, |inner| {
        prop_oneof![
            5 => vec(inner.clone(), 0..=4).prop_map(Tree::Set),
            1 => (inner.clone(), inner).prop_map(|(a, b)| Tree::Sum(Box::new(a), Box::new(b))),
        ]
    })
}

/// The mex source of a tree. `in_set`: written directly as an element of
/// an option set, the only place where a bare `0` is surely a game.
fn render(t: &Tree, in_set: bool) -> String {
    match t {
        Tree::Nimber(k, Form::Star) => format!("*{k}"),
        Tree::Nimber(k, Form::Call) => format!("nim({k})"),
        Tree::Nimber(_, Form::Bare) => "*".to_string(),
        Tree::Nimber(_, Form::Zero) => if in_set { "0" } else { "*0" }.to_string(),
        Tree::Set(v) => format!(
            "{{{}}}",
            v.iter()
                .map(|c| render(c, true))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Tree::Sum(a, b) => format!("{} + {}", render(a, false), render(b, false)),
    }
}

pub(crate) fn src(t: &Tree) -> String {
    render(t, false)
}

/// The options of a tree, as trees.
fn options(t: &Tree) -> Vec<Tree> {
    match t {
        Tree::Nimber(k, _) => (0..*k).map(|j| Tree::Nimber(j, Form::Star)).collect(),
        Tree::Set(v) => v.clone(),
        Tree::Sum(a, b) => {
            let mut out: Vec<Tree> = options(a)
                .into_iter()
                .map(|a2| Tree::Sum(Box::new(a2), b.clone()))
                .collect();
            out.extend(
                options(b)
                    .into_iter()
                    .map(|b2| Tree::Sum(a.clone(), Box::new(b2))),
            );
            out
        }
    }
}

/// The components of a sum, sums flattened.
fn components(t: &Tree, out: &mut Vec<Tree>) {
    match t {
        Tree::Sum(a, b) => {
            components(a, out);
            components(b, out);
        }
        _ => out.push(t.clone()),
    }
}

// ------------------------------------------------------ the naive evaluator

/// Game forms, interned: a form is the set of its options' forms, so two
/// games are the same form exactly when they are the same game tree.
#[derive(Default)]
pub(crate) struct Forms {
    ids: HashMap<Vec<usize>, usize>,
    pub(crate) kids: Vec<Vec<usize>>,
    value: Vec<u64>,
    nims: Vec<usize>,
    sums: HashMap<(usize, usize), usize>,
}

impl Forms {
    fn make(&mut self, mut kids: Vec<usize>) -> usize {
        kids.sort_unstable();
        kids.dedup();
        if let Some(&id) = self.ids.get(&kids) {
            return id;
        }
        let v = mex_of(kids.iter().map(|&k| self.value[k]));
        let id = self.kids.len();
        self.kids.push(kids.clone());
        self.value.push(v);
        self.ids.insert(kids, id);
        id
    }

    fn nim(&mut self, k: u64) -> usize {
        while self.nims.len() as u64 <= k {
            let kids = self.nims.clone();
            let id = self.make(kids);
            self.nims.push(id);
        }
        self.nims[k as usize]
    }

    /// The form of a sum: a move in exactly one component.
    fn sum(&mut self, a: usize, b: usize) -> usize {
        if let Some(&id) = self.sums.get(&(a, b)) {
            return id;
        }
        let mut kids = Vec::new();
        for x in self.kids[a].clone() {
            kids.push(self.sum(x, b));
        }
        for y in self.kids[b].clone() {
            kids.push(self.sum(a, y));
        }
        let id = self.make(kids);
        self.sums.insert((a, b), id);
        id
    }

    pub(crate) fn of(&mut self, t: &Tree) -> usize {
        match t {
            Tree::Nimber(k, _) => self.nim(*k),
            Tree::Set(v) => {
                let kids = v.iter().map(|c| self.of(c)).collect();
                self.make(kids)
            }
            Tree::Sum(a, b) => {
                let (a, b) = (self.of(a), self.of(b));
                self.sum(a, b)
            }
        }
    }

    /// A form written out, nimbers as `*k`.
    fn show(&self, id: usize) -> String {
        if let Some(k) = self.nims.iter().position(|&n| n == id) {
            return format!("*{k}");
        }
        let kids: Vec<String> = self.kids[id].iter().map(|&k| self.show(k)).collect();
        format!("{{{}}}", kids.join(", "))
    }

    pub(crate) fn grundy(&mut self, t: &Tree) -> u64 {
        let id = self.of(t);
        self.value[id]
    }
}

// -------------------------------------------- reading games the engine shows

/// Reads a game as the engine writes it in results (`*3`, `*`, `nim(3)`,
/// `0`, `{a, b}`, `a + b`, parentheses).
pub(crate) fn parse_game(text: &str) -> Result<Tree, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut pos = 0;
    let t = parse_sum(&chars, &mut pos)?;
    skip_ws(&chars, &mut pos);
    if pos != chars.len() {
        return Err(format!("unexpected text at {pos} in `{text}`"));
    }
    Ok(t)
}

fn skip_ws(c: &[char], pos: &mut usize) {
    while *pos < c.len() && c[*pos] == ' ' {
        *pos += 1;
    }
}

fn eat(c: &[char], pos: &mut usize, s: &str) -> bool {
    skip_ws(c, pos);
    let s: Vec<char> = s.chars().collect();
    if c[*pos..].starts_with(&s) {
        *pos += s.len();
        true
    } else {
        false
    }
}

fn number(c: &[char], pos: &mut usize) -> Option<u64> {
    let start = *pos;
    while *pos < c.len() && c[*pos].is_ascii_digit() {
        *pos += 1;
    }
    if start == *pos {
        None
    } else {
        c[start..*pos].iter().collect::<String>().parse().ok()
    }
}

fn parse_sum(c: &[char], pos: &mut usize) -> Result<Tree, String> {
    let mut t = parse_term(c, pos)?;
    while eat(c, pos, "+") {
        let u = parse_term(c, pos)?;
        t = Tree::Sum(Box::new(t), Box::new(u));
    }
    Ok(t)
}

fn parse_term(c: &[char], pos: &mut usize) -> Result<Tree, String> {
    let text: String = c.iter().collect();
    if eat(c, pos, "*") {
        return Ok(match number(c, pos) {
            Some(k) => Tree::Nimber(k, Form::Star),
            None => Tree::Nimber(1, Form::Bare),
        });
    }
    if eat(c, pos, "nim(") {
        let k = number(c, pos).ok_or_else(|| format!("a number after nim( in `{text}`"))?;
        if !eat(c, pos, ")") {
            return Err(format!("`)` after nim({k} in `{text}`"));
        }
        return Ok(Tree::Nimber(k, Form::Call));
    }
    if eat(c, pos, "(") {
        let t = parse_sum(c, pos)?;
        if !eat(c, pos, ")") {
            return Err(format!("unclosed `(` in `{text}`"));
        }
        return Ok(t);
    }
    if eat(c, pos, "{") {
        let mut v = Vec::new();
        if eat(c, pos, "}") {
            return Ok(Tree::Set(v));
        }
        loop {
            v.push(parse_sum(c, pos)?);
            if eat(c, pos, "}") {
                return Ok(Tree::Set(v));
            }
            if !eat(c, pos, ",") {
                return Err(format!("`,` or `}}` expected at {} in `{text}`", *pos));
            }
        }
    }
    if eat(c, pos, "0") {
        return Ok(Tree::Nimber(0, Form::Zero));
    }
    Err(format!("a game expected at {} in `{text}`", *pos))
}

// ----------------------------------------------------------- the engine side

fn values(source: &str) -> Vec<u64> {
    run_ok(source)
        .iter()
        .map(|l| {
            l.parse()
                .unwrap_or_else(|_| panic!("`{l}` is not a value, running\n{source}"))
        })
        .collect()
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ------------------------------------------------------------------- laws

proptest! {
    #![proptest_config(config())]

    #[test]
    fn grundy_is_the_naive_value(g in tree()) {
        let want = Forms::default().grundy(&g);
        let got = values(&format!("grundy {}", src(&g)));
        prop_assert_eq!(got, vec![want], "grundy {}", src(&g));
        // A bare game on a line is the same question.
        let got = values(&src(&g));
        prop_assert_eq!(got, vec![want], "bare {}", src(&g));
    }

    #[test]
    fn a_sum_has_the_xor_of_its_values(g in tree(), h in tree()) {
        let mut forms = Forms::default();
        let (fg, fh) = (forms.of(&g), forms.of(&h));
        let fs = forms.sum(fg, fh);
        let naive_sum = forms.value[fs];
        let (gs, hs) = (src(&g), src(&h));
        let source = format!(
            "grundy {gs}\ngrundy {hs}\ngrundy {gs} + {hs}\ngrundy {hs} + {gs}\nlet g = {gs}\nlet h = {hs}\ngrundy g + h"
        );
        let v = values(&source);
        prop_assert_eq!(v.len(), 5, "{}", source);
        prop_assert_eq!(v[2], v[0] ^ v[1], "engine G + H against engine G xor engine H\n{}", source);
        prop_assert_eq!(v[2], naive_sum, "engine G + H against the naive sum\n{}", source);
        prop_assert_eq!(v[3], naive_sum, "engine H + G against the naive sum\n{}", source);
        prop_assert_eq!(v[4], naive_sum, "a sum of let-bound games\n{}", source);
    }

    #[test]
    fn a_game_plus_itself_is_a_p_position(g in tree()) {
        let gs = src(&g);
        let lines = run_ok(&format!("outcome {gs} + {gs}"));
        prop_assert_eq!(lines.len(), 1);
        prop_assert!(lines[0].starts_with('P'), "outcome {gs} + {gs}: {}", lines[0]);
    }

    #[test]
    fn outcome_and_check_agree_with_the_value(g in tree(), h in tree()) {
        let mut forms = Forms::default();
        let (fg, fh) = (forms.of(&g), forms.of(&h));
        let vg = forms.value[fg];
        let fs = forms.sum(fg, fh);
        let vsum = forms.value[fs];
        let (gs, hs) = (src(&g), src(&h));
        let lines = run_ok(&format!("outcome {gs}\noutcome {gs} + {hs}\ncheck grundy {gs} + {hs} == {vsum}"));
        prop_assert_eq!(lines.len(), 3, "{:?}", lines);
        let want = |v: u64| if v == 0 { 'P' } else { 'N' };
        prop_assert!(lines[0].starts_with(want(vg)), "outcome {gs} (value {vg}): {}", lines[0]);
        prop_assert!(lines[1].starts_with(want(vsum)), "outcome {gs} + {hs} (value {vsum}): {}", lines[1]);
        prop_assert!(lines[2].starts_with("ok"), "check grundy {gs} + {hs} == {vsum}: {}", lines[2]);

        // A wrong expectation fails, with status 1.
        let mut s = Session::default();
        let wrong = vsum + 1;
        let (lines, report) = s.run_collect("<test>", &format!("check grundy {gs} + {hs} == {wrong}"));
        prop_assert!(report.errors.is_empty());
        prop_assert_eq!(report.status(), 1, "check grundy {} + {} == {}", gs, hs, wrong);
        prop_assert!(lines.first().is_some_and(|l| l.starts_with("FAIL")), "check grundy {gs} + {hs} == {wrong}: {lines:?}");
    }

    #[test]
    fn the_value_is_the_mex_of_the_options(g in tree()) {
        let opts = options(&g);
        let mut source = format!("grundy {}", src(&g));
        for o in &opts {
            source.push_str(&format!("\ngrundy {}", src(o)));
        }
        let v = values(&source);
        prop_assert_eq!(v.len(), opts.len() + 1, "{}", source);
        let (value, option_values) = (v[0], &v[1..]);
        prop_assert!(!option_values.contains(&value), "an option has the game's own value {value}\n{source}");
        for smaller in 0..value {
            prop_assert!(option_values.contains(&smaller), "no option of value {smaller} < {value}\n{source}");
        }
    }

    #[test]
    fn moves_are_listed_exactly_in_n_positions(g in tree(), h in tree()) {
        let (gs, hs) = (src(&g), src(&h));
        let lines = run_ok(&format!("outcome {gs} + {hs}\nmoves {gs} + {hs}"));
        prop_assert!(lines.len() >= 2, "{lines:?}");
        let moves = &lines[1..];
        if lines[0].starts_with('N') {
            prop_assert!(!moves[0].starts_with("none"), "N-position {gs} + {hs} but: {moves:?}");
            prop_assert!(moves.iter().all(|m| m.contains(" -> ")), "{gs} + {hs}: {moves:?}");
        } else {
            prop_assert!(lines[0].starts_with('P'), "{}", lines[0]);
            prop_assert_eq!(moves.len(), 1, "P-position {} + {}: {:?}", gs, hs, moves);
            prop_assert!(moves[0].starts_with("none"), "P-position {gs} + {hs} but: {moves:?}");
        }
    }

    /// `moves` lists every winning move and nothing else: each line
    /// `X -> Y` changes a component X of the sum into one of its options Y,
    /// the position reached has value 0, and every such move is listed.
    /// Moves are compared as game forms, so how the engine writes a game
    /// (or whether it lists `*1` and `{*0}` once or twice) does not matter.
    /// The engine writes explicit games four levels deep and deeper ones as
    /// `{..}`, so these games nest at most four deep, `{}` leaves included.
    #[test]
    fn moves_are_exactly_the_winning_moves(g in tree_of_depth(3), h in tree_of_depth(3)) {
        let (gs, hs) = (src(&g), src(&h));
        let mut forms = Forms::default();
        let mut parts = Vec::new();
        components(&g, &mut parts);
        components(&h, &mut parts);
        let part_forms: Vec<usize> = parts.iter().map(|p| forms.of(p)).collect();
        let total = part_forms.iter().fold(0, |a, &p| a ^ forms.value[p]);
        let mut want = BTreeSet::new();
        for &p in &part_forms {
            let target = total ^ forms.value[p];
            for &o in &forms.kids[p].clone() {
                if total != 0 && forms.value[o] == target {
                    want.insert((p, o));
                }
            }
        }
        let lines = run_ok(&format!("moves {gs} + {hs}"));
        let mut got = BTreeSet::new();
        if total == 0 {
            prop_assert!(lines.len() == 1 && lines[0].starts_with("none"), "moves {gs} + {hs}: {lines:?}");
        } else {
            for line in &lines {
                let (x, y) = line.split_once(" -> ").unwrap_or_else(|| panic!("`{line}` is not `X -> Y` (moves {gs} + {hs})"));
                let x = parse_game(x).unwrap_or_else(|e| panic!("{e} (moves {gs} + {hs})"));
                let y = parse_game(y).unwrap_or_else(|e| panic!("{e} (moves {gs} + {hs})"));
                let (fx, fy) = (forms.of(&x), forms.of(&y));
                prop_assert!(part_forms.contains(&fx), "moves {gs} + {hs}: `{line}` moves in no component");
                prop_assert!(forms.kids[fx].contains(&fy), "moves {gs} + {hs}: `{line}` is not a move");
                got.insert((fx, fy));
            }
        }
        let show = |set: &BTreeSet<(usize, usize)>, forms: &Forms| -> Vec<String> {
            set.iter().map(|&(p, o)| format!("{} -> {}", forms.show(p), forms.show(o))).collect()
        };
        prop_assert!(
            got == want,
            "moves {gs} + {hs} (value {total}):\n  engine: {lines:?}\n  missing: {:?}\n  extra: {:?}",
            show(&want.difference(&got).cloned().collect(), &forms),
            show(&got.difference(&want).cloned().collect(), &forms)
        );
    }
}

// ------------------------------------------------------- fixed, known facts

#[test]
fn the_naive_evaluator_knows_the_worked_examples() {
    // The contract's worked example, through the reference and the engine.
    let t = Tree::Set(vec![
        Tree::Nimber(1, Form::Star),
        Tree::Set(vec![Tree::Nimber(1, Form::Star)]),
        Tree::Nimber(2, Form::Star),
    ]);
    assert_eq!(src(&t), "{*1, {*1}, *2}");
    assert_eq!(Forms::default().grundy(&t), 3);
    assert_eq!(values(&format!("grundy {}", src(&t))), vec![3]);
    // *5 + *1 = *4, through the naive sum.
    let mut f = Forms::default();
    let (a, b) = (f.nim(5), f.nim(1));
    let s = f.sum(a, b);
    assert_eq!(f.value[s], 4);
    assert_ne!(
        s,
        f.nim(4),
        "*5 + *1 has the value of *4 but is another game form"
    );
    // The reader reads what the renderer writes.
    let t2 = parse_game("{*1, {nim(1)}, *2 + 0} + *").unwrap();
    assert_eq!(Forms::default().grundy(&t2), 1 ^ mex_of([1, 0, 2]));
}

#[test]
fn increasing_a_component_can_be_a_winning_move() {
    // {*1} has value 0; in {*1} + *1 the move {*1} -> *1 reaches *1 + *1,
    // a P-position, as does *1 -> *0.
    let lines = run_ok("moves {*1} + *1");
    assert!(lines.iter().any(|l| l == "*1 -> *0"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("{*1} -> ")),
        "the winning move {{*1}} -> *1 is missing: {lines:?}"
    );
}
