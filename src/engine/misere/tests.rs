//! The engine against a naive recursive misère evaluator: outcomes and
//! misère Grundy values of random sums, and every shortcut (components
//! classed as Nim heaps, canonical Nim parts) checked in random company.

use super::*;
use crate::engine::code::parse_code;
use crate::engine::{Quiet, StopAfter};
use std::collections::HashMap;

/// Games for both evaluators: opaque games given by their options, and
/// rule families.
struct World {
    opaque: Vec<Vec<Vec<Item>>>,
    rules: Vec<HeapRule>,
}

impl World {
    fn options(&self, item: Item) -> Vec<Vec<Item>> {
        match item {
            Item::Nim(v) => (0..v)
                .map(|b| if b == 0 { vec![] } else { vec![Item::Nim(b)] })
                .collect(),
            Item::Heap { family, n } => self.rules[family as usize]
                .moves(n)
                .into_iter()
                .map(|m| {
                    m.heaps
                        .iter()
                        .map(|&h| Item::Heap { family, n: h })
                        .collect()
                })
                .collect(),
            Item::Opaque(id) => self.opaque[id as usize].clone(),
        }
    }

    /// The misère Grundy value by the definition: 1 for the end, else the
    /// mex of the options' values; `None` when the memo would pass
    /// `NAIVE_CAP` positions (a random game that is too large to check).
    fn grundy(&self, items: &[Item], memo: &mut HashMap<Vec<Item>, u64>) -> Option<u64> {
        let mut key: Vec<Item> = items
            .iter()
            .copied()
            .filter(|i| !matches!(i, Item::Nim(0) | Item::Heap { n: 0, .. }))
            .collect();
        key.sort();
        if let Some(&v) = memo.get(&key) {
            return Some(v);
        }
        if memo.len() > NAIVE_CAP {
            return None;
        }
        let mut values = Vec::new();
        for (i, &item) in key.iter().enumerate() {
            for o in self.options(item) {
                let mut next = key.clone();
                next.remove(i);
                next.extend(o);
                values.push(self.grundy(&next, memo)?);
            }
        }
        let v = if values.is_empty() {
            1
        } else {
            (0..).find(|v| !values.contains(v)).unwrap_or(0)
        };
        memo.insert(key, v);
        Some(v)
    }
}

/// Positions the naive evaluator may remember for one random world.
const NAIVE_CAP: usize = 40_000;

struct Src<'a, W: Watch> {
    world: &'a World,
    watch: W,
}

impl<W: Watch> Source for Src<'_, W> {
    type Error = ();
    fn options(&mut self, id: u32, out: &mut Vec<Vec<Item>>) -> Result<(), ()> {
        out.extend(self.world.opaque[id as usize].iter().cloned());
        Ok(())
    }
    fn watch(&mut self) -> &mut dyn Watch {
        &mut self.watch
    }
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

fn kayles() -> HeapRule {
    HeapRule::TakeBreak(parse_code("0.77", false).unwrap())
}

fn budget() -> Budget {
    Budget {
        positions: 1 << 22,
        options: 1 << 32,
        memory: 1 << 30,
        heap: 1 << 20,
    }
}

/// Random opaque games, each built from earlier ones, Nim heaps and small
/// heaps of the world's rules (family 0: Kayles, 1: subtraction {1, 2, 5},
/// 2: Dawson's Kayles).
fn world(rng: &mut Rng, size: usize) -> World {
    let rules = vec![
        kayles(),
        HeapRule::subtraction([1, 2, 5]).unwrap(),
        HeapRule::TakeBreak(parse_code("0.07", false).unwrap()),
    ];
    let mut opaque: Vec<Vec<Vec<Item>>> = Vec::new();
    for k in 0..size {
        let count = rng.below(4);
        let mut options = Vec::new();
        for _ in 0..count {
            let parts = if rng.below(3) == 0 { 2 } else { 1 };
            let mut sum = Vec::new();
            for _ in 0..parts {
                sum.push(random_item(rng, k));
            }
            options.push(sum);
        }
        opaque.push(options);
    }
    World { opaque, rules }
}

fn random_item(rng: &mut Rng, opaque_below: usize) -> Item {
    match rng.below(6) {
        0 | 1 if opaque_below > 0 => Item::Opaque(rng.below(opaque_below as u64) as u32),
        0..=2 => Item::Nim(rng.below(4)),
        3 => Item::Heap {
            family: 0,
            n: rng.below(7),
        },
        4 => Item::Heap {
            family: 1,
            n: rng.below(9),
        },
        _ => Item::Heap {
            family: 2,
            n: rng.below(8),
        },
    }
}

fn engine(w: &World) -> Engine {
    let mut m = Engine::new(budget());
    for r in &w.rules {
        m.add_family(r);
    }
    m
}

fn random_sum(rng: &mut Rng, w: &World, max: u64) -> Vec<Item> {
    (0..1 + rng.below(max))
        .map(|_| random_item(rng, w.opaque.len()))
        .collect()
}

#[test]
fn random_sums_agree_with_the_naive_evaluator() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for round in 0..30 {
        let w = world(&mut rng, 14);
        let mut m = engine(&w);
        let mut src = Src {
            world: &w,
            watch: Quiet,
        };
        let mut memo = HashMap::new();
        for _ in 0..25 {
            let sum = random_sum(&mut rng, &w, 3);
            let Some(naive) = w.grundy(&sum, &mut memo) else {
                continue;
            };
            checked += 1;
            let p = m.outcome(&sum, &mut src).unwrap();
            assert_eq!(p, naive == 0, "round {round}: outcome of {sum:?}");
            let g = m.grundy(&sum, &mut src).unwrap();
            assert_eq!(g, naive, "round {round}: misère Grundy value of {sum:?}");
        }
    }
    assert!(checked > 500, "only {checked} sums checked");
}

#[test]
fn components_classed_as_nim_heaps_play_like_them_in_any_company() {
    // G ≡ *v means o(G + X) = o(*v + X) for every X: tried on many X.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut classed = 0;
    let mut tried = 0;
    for _ in 0..12 {
        let w = world(&mut rng, 10);
        let mut m = engine(&w);
        let mut src = Src {
            world: &w,
            watch: Quiet,
        };
        let mut memo = HashMap::new();
        let items: Vec<Item> = (0..w.opaque.len() as u32)
            .map(Item::Opaque)
            .chain((0..8).map(|n| Item::Heap { family: 0, n }))
            .chain((0..12).map(|n| Item::Heap { family: 1, n }))
            .chain((0..9).map(|n| Item::Heap { family: 2, n }))
            .collect();
        let a = m.analyse(&items, &mut src).unwrap();
        for (&item, class) in items.iter().zip(&a.nim) {
            let Some(v) = *class else { continue };
            classed += 1;
            for _ in 0..8 {
                let x = random_sum(&mut rng, &w, 2);
                let mut with_g = x.clone();
                with_g.push(item);
                let mut with_nim = x.clone();
                with_nim.push(Item::Nim(v));
                let (Some(g), Some(n)) =
                    (w.grundy(&with_g, &mut memo), w.grundy(&with_nim, &mut memo))
                else {
                    continue;
                };
                tried += 1;
                assert_eq!(
                    g == 0,
                    n == 0,
                    "{item:?} classed as *{v}, but not beside {x:?}"
                );
            }
        }
    }
    assert!(classed > 150, "only {classed} components classed");
    assert!(tried > 1000, "only {tried} companies tried");
}

#[test]
fn canonical_nim_parts_play_like_the_heaps_in_any_company() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let w = world(&mut rng, 14);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for _ in 0..300 {
        let heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(6)).collect();
        let canon = Nims::canon(heaps.iter().copied());
        let x = random_sum(&mut rng, &w, 2);
        let mut a = x.clone();
        a.extend(heaps.iter().map(|&h| Item::Nim(h)));
        let mut b = x.clone();
        b.extend(canon.0.iter().map(|&h| Item::Nim(h)));
        let (Some(ga), Some(gb)) = (w.grundy(&a, &mut memo), w.grundy(&b, &mut memo)) else {
            continue;
        };
        checked += 1;
        assert_eq!(ga, gb, "{heaps:?} as {canon:?} beside {x:?}");
    }
    assert!(checked > 200, "only {checked} checked");
}

#[test]
fn kayles_sums_agree_with_the_naive_evaluator() {
    let w = World {
        opaque: Vec::new(),
        rules: vec![kayles()],
    };
    let mut m = engine(&w);
    let mut src = Src {
        world: &w,
        watch: Quiet,
    };
    let mut memo = HashMap::new();
    let mut rng = Rng(77);
    for _ in 0..60 {
        let sum: Vec<Item> = (0..1 + rng.below(3))
            .map(|_| Item::Heap {
                family: 0,
                n: rng.below(13),
            })
            .collect();
        let naive = w.grundy(&sum, &mut memo).unwrap();
        assert_eq!(m.outcome(&sum, &mut src).unwrap(), naive == 0, "{sum:?}");
    }
    // a large heap beside a small Kayles position: G- of the rest decides
    for x in [0, 1, 2, 5, 100_000] {
        let sum = [Item::Heap { family: 0, n: 7 }, Item::Nim(x)];
        let g = w.grundy(&sum[..1], &mut memo).unwrap();
        assert_eq!(m.outcome(&sum, &mut src).unwrap(), g == x, "K7 + *{x}");
    }
}

#[test]
fn sums_of_nim_heaps_follow_bouton_at_once() {
    let w = World {
        opaque: vec![vec![vec![Item::Nim(1)]]], // {*1} ≡ 0
        rules: vec![HeapRule::subtraction([1, 2, 5]).unwrap()],
    };
    let mut m = engine(&w);
    let mut src = Src {
        world: &w,
        watch: Quiet,
    };
    let sum = [Item::Nim(100_000), Item::Opaque(0)];
    assert!(!m.outcome(&sum, &mut src).unwrap());
    // seven heaps of subtraction {1, 2, 5}, 30..36, each ≡ *(n mod 3)
    let heaps: Vec<Item> = (30..=36).map(|n| Item::Heap { family: 0, n }).collect();
    let a = m.analyse(&heaps, &mut src).unwrap();
    let want: Vec<u64> = (30..=36).map(|n| n % 3).collect();
    assert_eq!(a.nim_values(), Some(want.clone()));
    assert_eq!(m.outcome(&heaps, &mut src).unwrap(), bouton_p(&want));
    assert_eq!(m.positions(), 0, "no search was needed");
}

#[test]
fn hopeless_searches_are_refused_up_front() {
    let w = World {
        opaque: Vec::new(),
        rules: vec![kayles()],
    };
    let mut m = engine(&w);
    let mut src = Src {
        world: &w,
        watch: Quiet,
    };
    let sum: Vec<Item> = [40, 41, 43, 47]
        .iter()
        .map(|&n| Item::Heap { family: 0, n })
        .collect();
    match m.outcome(&sum, &mut src) {
        Err(Error::Positions {
            estimate: Some(e), ..
        }) => assert!(e > 1 << 22),
        other => panic!("{other:?}"),
    }
    assert_eq!(m.positions(), 0);
    assert!(matches!(
        m.outcome(&[Item::Heap { family: 0, n: 200 }], &mut src),
        Err(Error::Positions { .. })
    ));
}

#[test]
fn limits_stop_the_search_while_it_runs() {
    // opaque games have no estimate: the limits stop them as they go
    let mut opaque: Vec<Vec<Vec<Item>>> = vec![Vec::new()];
    for k in 1..60u32 {
        // a chain of games whose sums are many
        opaque.push(vec![
            vec![Item::Opaque(k - 1)],
            vec![Item::Opaque(k - 1), Item::Opaque(k / 2)],
            vec![Item::Opaque(k / 3), Item::Nim(2)],
        ]);
    }
    let w = World {
        opaque,
        rules: Vec::new(),
    };
    let sum = [Item::Opaque(59), Item::Opaque(58)];
    let small = Budget {
        positions: 500,
        ..budget()
    };
    let mut m = Engine::new(small);
    let mut src = Src {
        world: &w,
        watch: Quiet,
    };
    assert!(matches!(
        m.outcome(&sum, &mut src),
        Err(Error::Positions {
            estimate: None,
            limit: 500
        })
    ));
    assert!(m.positions() <= 501);
    let mut m = Engine::new(Budget {
        options: 2000,
        ..budget()
    });
    assert!(matches!(
        m.outcome(&sum, &mut src),
        Err(Error::Options { .. })
    ));
    let mut m = Engine::new(Budget {
        memory: 1 << 16,
        ..budget()
    });
    assert!(matches!(
        m.outcome(&sum, &mut src),
        Err(Error::Memory { .. })
    ));
    let mut m = Engine::new(budget());
    let mut stop = Src {
        world: &w,
        watch: StopAfter(2),
    };
    assert_eq!(m.outcome(&sum, &mut stop), Err(Error::Interrupted));
}

#[test]
fn deep_chains_need_no_deep_stack() {
    // g(k) = {g(k - 1)} for 200000 levels: classed without recursion
    let opaque: Vec<Vec<Vec<Item>>> = (0..200_000u32)
        .map(|k| {
            if k == 0 {
                Vec::new()
            } else {
                vec![vec![Item::Opaque(k - 1)]]
            }
        })
        .collect();
    let w = World {
        opaque,
        rules: Vec::new(),
    };
    let mut m = Engine::new(budget());
    let mut src = Src {
        world: &w,
        watch: Quiet,
    };
    let top = Item::Opaque(199_999);
    // g(k) ≡ *(k mod 2)
    assert_eq!(m.analyse(&[top], &mut src).unwrap().nim, vec![Some(1)]);
    assert!(m.outcome(&[top], &mut src).unwrap());
}

#[test]
fn the_bounds_up_front_hold_the_positions_searched() {
    // An exact search visits every position reachable from the sum: their
    // number must stay within the bound the refusals rest on.
    let codes = [
        ("0.77", false),
        ("0.07", false),
        ("0.137", false),
        ("4.7", false),
        ("0.F", true),
    ];
    let mut rules: Vec<HeapRule> = codes
        .iter()
        .map(|&(c, hex)| HeapRule::TakeBreak(parse_code(c, hex).unwrap()))
        .collect();
    rules.push(HeapRule::Grundy);
    rules.push(HeapRule::subtraction([1, 3, 4]).unwrap());
    let w = World {
        opaque: Vec::new(),
        rules: rules.clone(),
    };
    let mut rng = Rng(4242);
    let mut searched = 0;
    for (f, rule) in rules.iter().enumerate() {
        for _ in 0..12 {
            let sizes: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(14)).collect();
            let sum: Vec<Item> = sizes
                .iter()
                .map(|&n| Item::Heap {
                    family: f as u32,
                    n,
                })
                .collect();
            let mut m = engine(&w);
            let mut src = Src {
                world: &w,
                watch: Quiet,
            };
            m.grundy(&sum, &mut src).unwrap();
            let bound = m.families[f].reach(&sizes);
            searched += m.positions();
            assert!(
                u128::from(m.positions()) <= bound,
                "{rule:?} {sizes:?}: {} positions, bound {bound}",
                m.positions()
            );
        }
    }
    assert!(searched > 1000, "only {searched} positions searched");
}

/// Random opaque games of Nim heaps and earlier games only, so that every
/// one has a canonical form.
fn plain_world(rng: &mut Rng, size: usize) -> World {
    let mut opaque: Vec<Vec<Vec<Item>>> = Vec::new();
    for k in 0..size {
        let mut options = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let mut sum = Vec::new();
            for _ in 0..1 + rng.below(2) {
                sum.push(if k > 0 && rng.below(3) > 0 {
                    Item::Opaque(rng.below(k as u64) as u32)
                } else {
                    Item::Nim(rng.below(4))
                });
            }
            options.push(sum);
        }
        opaque.push(options);
    }
    World {
        opaque,
        rules: vec![
            kayles(),
            HeapRule::subtraction([1, 2, 5]).unwrap(),
            HeapRule::TakeBreak(parse_code("0.07", false).unwrap()),
        ],
    }
}

#[test]
fn components_sharing_an_atom_play_alike_in_any_company() {
    // A component stands in for another only when their canonical forms
    // agree: then o(A + X) = o(B + X) for every X, tried here on many X
    // with the naive evaluator.
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let (mut shared, mut tried) = (0, 0);
    for _ in 0..60 {
        let w = plain_world(&mut rng, 14);
        let mut m = engine(&w);
        let mut src = Src {
            world: &w,
            watch: Quiet,
        };
        let items: Vec<Item> = (0..w.opaque.len() as u32).map(Item::Opaque).collect();
        m.analyse(&items, &mut src).unwrap();
        let mut memo = HashMap::new();
        for (c, c0) in m.comps.shared.pairs() {
            let (classes::Kind::Opaque(a), classes::Kind::Opaque(b)) = (m.comps.kind(c), m.comps.kind(c0)) else {
                panic!("only opaque components share");
            };
            shared += 1;
            for _ in 0..10 {
                let x = random_sum(&mut rng, &w, 2);
                let with = |g: u32| x.iter().copied().chain([Item::Opaque(g)]).collect::<Vec<_>>();
                let (Some(ga), Some(gb)) = (w.grundy(&with(a), &mut memo), w.grundy(&with(b), &mut memo))
                else {
                    continue;
                };
                tried += 1;
                assert_eq!(ga == 0, gb == 0, "games {a} and {b} share an atom, but not beside {x:?}");
            }
        }
    }
    assert!(shared > 20, "only {shared} components shared an atom");
    assert!(tried > 200, "only {tried} companies tried");
}

#[test]
fn equal_components_make_one_search() {
    // A sum of two different writings of one wild game searches the same
    // positions as the sum of one of them twice: they share an atom.
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut compared = 0;
    for _ in 0..60 {
        let w = plain_world(&mut rng, 14);
        let items: Vec<Item> = (0..w.opaque.len() as u32).map(Item::Opaque).collect();
        let mut m = engine(&w);
        let mut src = Src { world: &w, watch: Quiet };
        m.analyse(&items, &mut src).unwrap();
        for (c, c0) in m.comps.shared.pairs() {
            let (classes::Kind::Opaque(a), classes::Kind::Opaque(b)) = (m.comps.kind(c), m.comps.kind(c0)) else {
                continue;
            };
            let positions = |sum: Vec<Item>| {
                let mut m = engine(&w);
                let mut src = Src { world: &w, watch: Quiet };
                m.analyse(&items, &mut src).unwrap();
                let p = m.outcome(&sum, &mut src).unwrap();
                (p, m.positions())
            };
            let mixed = positions(vec![Item::Opaque(a), Item::Opaque(b), Item::Nim(2)]);
            let same = positions(vec![Item::Opaque(b), Item::Opaque(b), Item::Nim(2)]);
            assert_eq!(mixed, same, "games {a} and {b}");
            compared += 1;
        }
    }
    assert!(compared > 20, "only {compared} pairs compared");
}
