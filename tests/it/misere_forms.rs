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

// ------------------------------------------------- CGSuite's phyla, by hand

/// Where CGSuite puts a canonical form (Dan Hoey's phyla), as far as its
/// tests `IsTame`, `IsGenerallyTame`, `IsRestive`, `IsGenerallyRestive` and
/// `IsHalfTame` tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ph {
    Heap,
    HerTame,
    RevTame,
    HerRestive,
    RevRestive,
    Rest,
}

impl Ph {
    fn tame(self) -> bool {
        matches!(self, Ph::Heap | Ph::HerTame)
    }
    fn gen_tame(self) -> bool {
        matches!(self, Ph::Heap | Ph::HerTame | Ph::RevTame)
    }
    fn gen_restive(self) -> bool {
        matches!(self, Ph::HerRestive | Ph::RevRestive)
    }
}

/// Canonical forms found here from the theorems, on [`Trees`]: `G = H`
/// by Conway's test (equal outcomes, `G` linked to no `H'`, no `G'` linked
/// to `H`; two games linked when no option of one equals the other), and
/// reversible options bypassed while the outcome allows. The forms are
/// trees whose options are forms; sums are the forms of their options.
#[derive(Default)]
struct Canon {
    t: Trees,
    eq: HashMap<(u32, u32), bool>,
    form: HashMap<u32, u32>,
    sum: HashMap<(u32, u32), u32>,
    values: HashMap<u32, (u32, u32, u32)>,
    phylum: HashMap<(u32, bool), Ph>,
}

fn least_absent(xs: impl IntoIterator<Item = u32>) -> u32 {
    let seen: std::collections::HashSet<u32> = xs.into_iter().collect();
    (0..).find(|x| !seen.contains(x)).unwrap_or(0)
}

impl Canon {
    fn opts(&self, g: u32) -> Vec<u32> {
        self.t.opts[g as usize].clone()
    }

    fn is_p(&mut self, g: u32) -> bool {
        self.t.p(&[g])
    }

    fn equal(&mut self, g: u32, h: u32) -> bool {
        if g == h {
            return true;
        }
        let key = (g.min(h), g.max(h));
        if let Some(&r) = self.eq.get(&key) {
            return r;
        }
        let r = self.is_p(g) == self.is_p(h)
            && self.opts(h).into_iter().all(|h1| !self.linked(g, h1))
            && self.opts(g).into_iter().all(|g1| !self.linked(g1, h));
        self.eq.insert(key, r);
        r
    }

    fn linked(&mut self, a: u32, b: u32) -> bool {
        !(self.opts(a).into_iter().any(|a1| self.equal(a1, b))
            || self.opts(b).into_iter().any(|b1| self.equal(b1, a)))
    }

    /// The form of the game whose options are the forms `a`.
    fn of_options(&mut self, mut a: Vec<u32>) -> u32 {
        'bypass: loop {
            let g = self.t.tree(a.clone());
            a = self.opts(g);
            for &g1 in &a {
                for g2 in self.opts(g1) {
                    if !self.equal(g2, g) {
                        continue;
                    }
                    let mut k: Vec<u32> = a.iter().copied().filter(|&x| x != g1).collect();
                    k.extend(self.opts(g2));
                    let kt = self.t.tree(k.clone());
                    if self.is_p(kt) == self.is_p(g) {
                        a = k;
                        continue 'bypass;
                    }
                }
            }
            return g;
        }
    }

    fn canon(&mut self, g: u32) -> u32 {
        if let Some(&f) = self.form.get(&g) {
            return f;
        }
        let opts: Vec<u32> = self.opts(g).into_iter().map(|o| self.canon(o)).collect();
        let f = self.of_options(opts);
        self.form.insert(g, f);
        f
    }

    /// The form of `g + h`, of forms.
    fn add(&mut self, g: u32, h: u32) -> u32 {
        let (g, h) = (g.min(h), g.max(h));
        if self.opts(g).is_empty() {
            return h;
        }
        if let Some(&s) = self.sum.get(&(g, h)) {
            return s;
        }
        let mut opts: Vec<u32> = self.opts(g).into_iter().map(|g1| self.add(g1, h)).collect();
        for h1 in self.opts(h) {
            opts.push(self.add(g, h1));
        }
        let s = self.of_options(opts);
        self.sum.insert((g, h), s);
        s
    }

    /// (birthday, `G⁺`, `G⁻`) of a tree, by their definitions.
    fn values(&mut self, g: u32) -> (u32, u32, u32) {
        if let Some(&v) = self.values.get(&g) {
            return v;
        }
        let vs: Vec<(u32, u32, u32)> = self.opts(g).into_iter().map(|o| self.values(o)).collect();
        let born = vs.iter().map(|v| v.0 + 1).max().unwrap_or(0);
        let plus = least_absent(vs.iter().map(|v| v.1));
        let minus = if vs.is_empty() { 1 } else { least_absent(vs.iter().map(|v| v.2)) };
        self.values.insert(g, (born, plus, minus));
        (born, plus, minus)
    }

    /// The phylum of a form. CGSuite files an odd form (`E + *1`, born
    /// after `E`) under `E`; `own` reads every form off its own options.
    fn phylum(&mut self, g: u32, own: bool) -> Ph {
        if let Some(&p) = self.phylum.get(&(g, own)) {
            return p;
        }
        let one = self.t.nim(1);
        let even = self.add(g, one);
        let p = if !own && self.values(even).0 < self.values(g).0 {
            self.phylum(even, own)
        } else {
            self.own_phylum(g, own)
        };
        self.phylum.insert((g, own), p);
        p
    }

    fn own_phylum(&mut self, g: u32, own: bool) -> Ph {
        let (_, gp, gm) = self.values(g);
        let tame_genus = gp == gm || gp <= 1 && gm <= 1;
        let restive_genus = !tame_genus && gp <= 1;
        let opts = self.opts(g);
        let of: Vec<Ph> = opts.iter().map(|&o| self.phylum(o, own)).collect();
        if of.iter().all(|p| p.tame()) {
            if tame_genus && of.iter().all(|&p| p == Ph::Heap) && (gp > 1 || gp != gm) {
                return Ph::Heap;
            }
            return if tame_genus {
                Ph::HerTame
            } else if restive_genus {
                Ph::HerRestive
            } else {
                Ph::Rest
            };
        }
        if of.iter().all(|p| p.gen_tame()) {
            return if tame_genus {
                Ph::RevTame
            } else if restive_genus {
                Ph::RevRestive
            } else {
                Ph::Rest
            };
        }
        if !tame_genus && !restive_genus {
            return Ph::Rest;
        }
        let close = |x: u32| x <= 1 || (x ^ gm) <= 1;
        for (&o, p) in opts.iter().zip(&of) {
            if p.gen_tame() {
                continue;
            }
            let (mut minus_found, mut plus_found) = (false, false);
            for s in self.opts(o) {
                let ps = self.phylum(s, own);
                let (_, sp, sm) = self.values(s);
                if tame_genus && ps.gen_tame() {
                    minus_found |= sm == gm;
                    plus_found |= sp == gp;
                }
                if restive_genus && (ps.gen_tame() || ps.gen_restive()) {
                    minus_found |= sm == gm && close(sp);
                    plus_found |= sp == gp && close(sm);
                }
            }
            if !(minus_found && plus_found) {
                return Ph::Rest;
            }
        }
        let kept: Vec<(u32, u32, u32)> = opts
            .iter()
            .zip(&of)
            .filter(|(_, p)| p.gen_tame())
            .map(|(&o, _)| o)
            .collect::<Vec<_>>()
            .into_iter()
            .map(|o| self.values(o))
            .collect();
        if least_absent(kept.iter().map(|v| v.1)) != gp || least_absent(kept.iter().map(|v| v.2)) != gm {
            return Ph::Rest;
        }
        if tame_genus { Ph::RevTame } else { Ph::RevRestive }
    }

    /// CGSuite's answers for the form of `g`: (tame, generally tame,
    /// restive, generally restive, half-tame).
    fn tests(&mut self, g: u32) -> [bool; 5] {
        let f = self.canon(g);
        let p = self.phylum(f, false);
        assert_eq!(p, self.phylum(f, true), "{}: an odd form read off its own options", self.t.text(f));
        let twice = self.add(f, f);
        let (_, tp, tm) = self.values(twice);
        let half = !p.gen_tame() && self.phylum(twice, false).gen_tame() && tp == 0 && tm == 0;
        [p.tame(), p.gen_tame(), p == Ph::HerRestive, p.gen_restive(), half]
    }
}

#[test]
fn tame_restive_and_half_tame_are_cgsuites() {
    let mut c = Canon::default();
    let (day3, _) = small(&mut c.t);
    // the counts of forms born by days 3 and 4 say the forms are right
    let forms3: std::collections::BTreeSet<u32> = day3.iter().map(|&g| c.canon(g)).collect();
    assert_eq!(forms3.len(), 5);
    let day4: Vec<u32> = (0u32..1 << 16)
        .map(|bits| {
            let opts = (0..16).filter(|i| bits >> i & 1 == 1).map(|i| day3[i]).collect();
            c.t.tree(opts)
        })
        .collect();
    let forms4: std::collections::BTreeSet<u32> = day4.iter().map(|&g| c.canon(g)).collect();
    assert_eq!(forms4.len(), 22);
    let forms4: Vec<u32> = forms4.into_iter().collect();
    // the games asked about: those born by day 3, the forms born by day 4,
    // a sample of the writings born by day 4, and games born by day 5 of
    // one to five random writings of day 4, some with `*1` beside ...
    let mut games: Vec<(String, u32)> = Vec::new();
    for &g in day3.iter().chain(&forms4) {
        games.push((c.t.text(g), g));
    }
    for &g in day4.iter().step_by(211) {
        games.push((c.t.text(g), g));
    }
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rand = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..500 {
        let k = 1 + rand() % 5;
        let opts: Vec<u32> = (0..k).map(|_| day4[(rand() % (1 << 16)) as usize]).collect();
        let g = c.t.tree(opts);
        if rand() % 4 == 0 {
            let one = c.t.nim(1);
            let sum = c.t.as_tree(&[g, one]);
            games.push((format!("{} + *1", c.t.text(g)), sum));
        } else {
            games.push((c.t.text(g), g));
        }
    }
    // and games of one to six forms born by day 4
    for _ in 0..2000 {
        let k = 1 + rand() % 6;
        let opts: Vec<u32> = (0..k).map(|_| forms4[(rand() % 22) as usize]).collect();
        let g = c.t.tree(opts);
        games.push((c.t.text(g), g));
    }
    let mut s = Session::default();
    s.set_format(mex::session::Format::Json);
    let names = ["tame", "generally_tame", "restive", "generally_restive", "half_tame"];
    let questions = ["tame", "restive", "halftame"];
    let mut seen = [0usize; 5];
    let mut kinds = std::collections::HashSet::new();
    for (i, (text, g)) in games.iter().enumerate() {
        let want = c.tests(*g);
        let f = c.canon(*g);
        kinds.insert(c.phylum(f, false));
        let q = questions[i % 3];
        let line = crate::common::run_in(&mut s, &format!("misere {q} {text}")).join("");
        let v: serde_json::Value = serde_json::from_str(&line).expect("a JSON answer");
        for (k, name) in names.iter().enumerate() {
            assert_eq!(v[name], want[k], "{name} of {text} (form {})\n{line}", v["form"]);
            seen[k] += usize::from(want[k]);
        }
        let asked = ["tame", "restive", "half_tame"][i % 3];
        assert_eq!(v["value"], v[asked], "{line}");
    }
    // every phylum met, and each test answered true many times
    assert_eq!(kinds.len(), 6, "{kinds:?}");
    assert!(seen.iter().all(|&n| n >= 20), "{seen:?}");
}
