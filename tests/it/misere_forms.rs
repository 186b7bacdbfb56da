//! Misère canonical forms and `check misere equiv`, against a brute force
//! that shares no code with mex: games are trees, sums are lists of trees,
//! and an outcome is found by trying every move. Two games said equal must
//! agree on every `X` of a large set of small games; two said unequal must
//! be told apart by the `X` the FAIL gives (which proves it).

use mex::session::Session;
use std::collections::HashMap;

/// Games as trees, interned: a tree is its sorted options' ids.
#[derive(Default)]
struct Trees {
    ids: HashMap<Vec<u32>, u32>,
    opts: Vec<Vec<u32>>,
    memo: HashMap<Vec<u32>, bool>,
}

impl Trees {
    fn tree(&mut self, mut opts: Vec<u32>) -> u32 {
        opts.sort_unstable();
        opts.dedup();
        if let Some(&id) = self.ids.get(&opts) {
            return id;
        }
        let id = self.opts.len() as u32;
        self.ids.insert(opts.clone(), id);
        self.opts.push(opts);
        id
    }

    fn empty(&mut self) -> u32 {
        self.tree(Vec::new())
    }

    fn nim(&mut self, n: u64) -> u32 {
        let mut heaps = Vec::new();
        for _ in 0..=n {
            let t = self.tree(heaps.clone());
            heaps.push(t);
        }
        heaps[n as usize]
    }

    /// Whether the sum is a misère P-position: it has a move, and every
    /// move leaves an N-position.
    fn p(&mut self, sum: &[u32]) -> bool {
        let mut key: Vec<u32> = sum.iter().copied().filter(|&t| !self.opts[t as usize].is_empty()).collect();
        key.sort_unstable();
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        let mut any = false;
        let mut all_n = true;
        for i in 0..key.len() {
            for o in self.opts[key[i] as usize].clone() {
                any = true;
                let mut next = key.clone();
                next[i] = o;
                if self.p(&next) {
                    all_n = false;
                }
            }
        }
        let r = any && all_n;
        self.memo.insert(key, r);
        r
    }

    fn text(&self, t: u32) -> String {
        let inner: Vec<String> = self.opts[t as usize].iter().map(|&o| self.text(o)).collect();
        format!("{{{}}}", inner.join(", "))
    }

    /// A game as mex writes a form: `0`, `*n`, `{...}`, joined by `+`.
    fn parse(&mut self, s: &str) -> Vec<u32> {
        let mut out = Vec::new();
        for term in split_top(s, '+') {
            let term = term.trim();
            if term == "0" {
                continue;
            } else if let Some(n) = term.strip_prefix('*') {
                let n = if n.is_empty() { 1 } else { n.parse().expect("a nimber") };
                let t = self.nim(n);
                out.push(t);
            } else {
                let inner = term.strip_prefix('{').and_then(|t| t.strip_suffix('}')).expect("a set");
                let mut opts = Vec::new();
                for o in split_top(inner, ',') {
                    if o.trim().is_empty() {
                        continue;
                    }
                    let sum = self.parse(o);
                    opts.push(self.as_tree(&sum));
                }
                let t = self.tree(opts);
                out.push(t);
            }
        }
        out
    }

    /// A sum as one tree (its options: a move in one part).
    fn as_tree(&mut self, sum: &[u32]) -> u32 {
        match sum {
            [] => self.empty(),
            [t] => *t,
            _ => {
                let mut opts = Vec::new();
                for i in 0..sum.len() {
                    for o in self.opts[sum[i] as usize].clone() {
                        let mut next = sum.to_vec();
                        next[i] = o;
                        opts.push(self.as_tree(&next));
                    }
                }
                self.tree(opts)
            }
        }
    }
}

/// `s` split at `sep` outside braces.
fn split_top(s: &str, sep: char) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0i32, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// The games born by day 3 as written sets (16), and the tests `X`: them
/// and the sums of two of them.
fn small(t: &mut Trees) -> (Vec<u32>, Vec<Vec<u32>>) {
    let mut day = vec![t.empty()];
    for _ in 0..3 {
        let mut next = Vec::new();
        for mask in 0u32..(1 << day.len()) {
            let opts = (0..day.len()).filter(|i| mask >> i & 1 == 1).map(|i| day[i]).collect();
            next.push(t.tree(opts));
        }
        day = next;
    }
    let mut xs: Vec<Vec<u32>> = day.iter().map(|&g| vec![g]).collect();
    for i in 0..day.len() {
        for j in i..day.len() {
            xs.push(vec![day[i], day[j]]);
        }
    }
    (day, xs)
}

fn agree(t: &mut Trees, g: &[u32], h: &[u32], xs: &[Vec<u32>]) -> bool {
    xs.iter().all(|x| {
        let gx: Vec<u32> = g.iter().chain(x).copied().collect();
        let hx: Vec<u32> = h.iter().chain(x).copied().collect();
        t.p(&gx) == t.p(&hx)
    })
}

/// A game born by day 4 (a set of day-3 games), chosen by `bits`, plus
/// sometimes `*1 + *1` or a day-3 game beside it.
fn game(t: &mut Trees, day3: &[u32], bits: u64) -> (String, Vec<u32>) {
    let opts: Vec<u32> = (0..16).filter(|i| bits >> i & 1 == 1).map(|i| day3[i]).collect();
    let g = t.tree(opts);
    let mut text = t.text(g);
    let mut sum = vec![g];
    match bits >> 16 & 7 {
        0 => {
            let one = t.nim(1);
            text.push_str(" + *1 + *1");
            sum.extend([one, one]);
        }
        1 => {
            let x = day3[(bits >> 20 & 15) as usize];
            text.push_str(&format!(" + {}", t.text(x)));
            sum.push(x);
        }
        _ => {}
    }
    (text, sum)
}

#[test]
fn equivalence_agrees_with_brute_force_and_every_fail_gives_a_real_x() {
    let mut t = Trees::default();
    let (day3, xs) = small(&mut t);
    let mut s = Session::default();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rand = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut equal, mut unequal) = (0, 0);
    for round in 0..300 {
        let (gt, g) = game(&mut t, &day3, rand());
        // every third pair: a game beside a copy with `*1 + *1` added
        let (ht, h) = if round % 3 == 0 {
            let one = t.nim(1);
            (format!("{gt} + *1 + *1"), g.iter().copied().chain([one, one]).collect())
        } else {
            game(&mut t, &day3, rand())
        };
        let (lines, _) = s.run_collect("<t>", &format!("check misere equiv {gt}, {ht}"));
        let said = lines.join("\n");
        if said.starts_with("ok ") {
            equal += 1;
            assert!(agree(&mut t, &g, &h, &xs), "said equal, but some X tells them apart:\n{said}");
        } else {
            unequal += 1;
            let x = said
                .split("X = ")
                .nth(1)
                .and_then(|r| r.split(" tells them apart").next())
                .unwrap_or_else(|| panic!("a FAIL without X:\n{said}"));
            let x = t.parse(x);
            let gx: Vec<u32> = g.iter().chain(&x).copied().collect();
            let hx: Vec<u32> = h.iter().chain(&x).copied().collect();
            assert_ne!(t.p(&gx), t.p(&hx), "X does not tell them apart:\n{said}");
        }
    }
    assert!(equal >= 100 && unequal >= 100, "{equal} equal, {unequal} unequal");
}

#[test]
fn a_canonical_form_plays_as_its_game() {
    let mut t = Trees::default();
    let (day3, xs) = small(&mut t);
    let mut s = Session::default();
    for bits in (0u64..1 << 19).step_by(997) {
        let (gt, g) = game(&mut t, &day3, bits);
        let form = crate::common::run_in(&mut s, &format!("misere canonical {gt}"))[0].clone();
        let f = t.parse(&form);
        assert!(agree(&mut t, &g, &f, &xs), "{gt} and its form {form} differ");
        // the form of a form is itself
        let again = crate::common::run_in(&mut s, &format!("misere canonical {form}"))[0].clone();
        assert_eq!(again, form);
    }
}

#[test]
fn the_written_games_born_by_day_4_have_22_forms() {
    let mut t = Trees::default();
    let (day3, _) = small(&mut t);
    let lines: Vec<String> = (0u64..1 << 16)
        .map(|bits| {
            let opts: Vec<u32> = (0..16).filter(|i| bits >> i & 1 == 1).map(|i| day3[i]).collect();
            let g = t.tree(opts);
            format!("misere canonical {}", t.text(g))
        })
        .collect();
    let out = crate::common::run_ok(&lines.join("\n"));
    assert_eq!(out.len(), 1 << 16);
    let mut forms = out.clone();
    forms.sort();
    forms.dedup();
    assert_eq!(forms.len(), 22, "{forms:?}");
}

#[test]
fn the_issue_examples() {
    let out = crate::common::run_ok(
        "misere canonical *1 + *1\nmisere canonical *2 + *2\nmisere canonical {*1}\ncheck misere equiv *1 + *1, 0",
    );
    assert_eq!(out[..4], ["0", "*2+*2", "0", "ok misere equiv *1 + *1, 0"]);
    let mut s = Session::default();
    let (lines, report) = s.run_collect("<t>", "check misere equiv *2 + *2, 0");
    assert_eq!(report.failed_checks, 1);
    assert!(lines[1].contains("X = 0 tells them apart"), "{lines:?}");
    let json = crate::common::mex_cmd(&["--format", "json", "-e", "misere canonical *2 + *2"], b"");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["query"], "misere canonical");
    assert_eq!(v["form"], "*2+*2");
    assert_eq!(v["born"], 4);
    assert_eq!(v["tame"], true);
    assert_eq!(v["restive"], false);
}
