//! One generator of a rule (a builder's clauses and its item), read for
//! one value of its take variable: the constraints on the heaps it leaves,
//! turned into the moves of a take-and-break digit.
//!
//! The item must be a sum of one to three positions of the game itself:
//! one heap per split variable (`a`, `b`) and one for the rest,
//! `n - c - a - b` for a constant take `c`. Every constraint the loops and
//! conditions put on them is rewritten in terms of the heaps (with
//! `n = c + a + b + rest`); each must compare heaps with each other or with
//! 0 and 1 only.
//! Then whether a multiset of heaps is an option depends only on its order
//! type (which heaps are 0, which are equal, which smaller), so trying one
//! representative of each order type (heaps from 0 to 3) decides, for every
//! heap size at once, which kinds of move the generator allows.

use super::Reject;
use super::lin::{Facts, Lin, Sym, VARS, read};
use crate::eval::value::Value;
use crate::ir::{Clause, CmpOp, Cond, GameExpr, GameId, Source};

/// What a generator allows for one take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moves {
    /// Digit bits: 1 nothing left, 2 one heap, 4 two heaps, 8 three.
    Bits(u8),
    /// Two unequal non-empty heaps (Grundy's game), and nothing else.
    Unequal,
}

/// A constraint on the variables: `lin >= 0`, `lin == 0` or `lin != 0`.
#[derive(Debug, Clone, Copy)]
enum Rel {
    Ge,
    Eq,
    Ne,
}

struct Reader<'a> {
    game: GameId,
    globals: &'a [Value],
    env: Vec<Option<Sym>>,
    facts: Facts,
    atoms: Vec<(Lin, Rel)>,
    vars: usize,
}

/// Reads a generator with the take variable (if any) bound to a constant.
/// `Ok(None)`: it allows no move at all.
pub fn read_generator(
    game: GameId,
    slots: usize,
    item: &GameExpr,
    clauses: &[Clause],
    take: Option<(usize, u64)>,
    globals: &[Value],
) -> Result<Option<(u64, Moves)>, Reject> {
    let mut r = Reader {
        game,
        globals,
        env: vec![None; slots.max(1)],
        facts: Facts::default(),
        atoms: Vec::new(),
        vars: 1,
    };
    r.env[0] = Some(Sym::Var(0));
    r.facts.add(Lin::var(0));
    if let Some((slot, value)) = take {
        *r.env.get_mut(slot).ok_or(Reject::No)? = Some(Sym::Const(value));
    }
    for c in clauses {
        r.clause(c)?;
    }
    let mut heaps = Vec::new();
    r.heaps(item, &mut heaps)?;
    r.moves(&heaps)
}

impl Reader<'_> {
    fn read(&mut self, e: &crate::ir::IntExpr) -> Result<Lin, Reject> {
        read(e, &self.env, self.globals, &mut self.facts)
    }

    fn constrain(&mut self, lin: Lin, rel: Rel) {
        self.atoms.push((lin, rel));
        match rel {
            Rel::Ge => self.facts.add(lin),
            Rel::Eq => {
                self.facts.add(lin);
                self.facts.add(lin.scale(-1));
            }
            Rel::Ne => {}
        }
    }

    fn clause(&mut self, c: &Clause) -> Result<(), Reject> {
        match c {
            Clause::For {
                slot,
                source: Source::Range { lo, hi, inclusive },
                ..
            } => {
                let lo = self.read(lo)?;
                let hi = self.read(hi)?;
                if self.vars >= VARS {
                    return Err(Reject::No);
                }
                let v = self.vars;
                self.vars += 1;
                *self.env.get_mut(*slot).ok_or(Reject::No)? = Some(Sym::Var(v));
                let x = Lin::var(v);
                self.facts.add(x);
                // starts small: a small constant, or a small variable
                self.facts.small[v] = (lo.is_constant() && lo.c < 1 << 32)
                    || (1..v).any(|i| lo == Lin::var(i) && self.facts.small[i]);
                self.constrain(x.sub(&lo), Rel::Ge);
                let top = if *inclusive {
                    hi
                } else {
                    hi.sub(&Lin::constant(1))
                };
                self.constrain(top.sub(&x), Rel::Ge);
                Ok(())
            }
            Clause::For { .. } => Err(Reject::No),
            Clause::If(c) => self.cond(c, true),
        }
    }

    fn cond(&mut self, c: &Cond, holds: bool) -> Result<(), Reject> {
        match c {
            Cond::And(a, b) if holds => {
                // `b` runs only where `a` holds
                self.cond(a, true)?;
                self.cond(b, true)
            }
            Cond::Not(a) => self.cond(a, !holds),
            Cond::Cmp(op, a, b) => {
                let (x, y) = (self.read(a)?, self.read(b)?);
                let one = Lin::constant(1);
                let op = if holds { *op } else { negate(*op) };
                match op {
                    CmpOp::Le => self.constrain(y.sub(&x), Rel::Ge),
                    CmpOp::Lt => self.constrain(y.sub(&x).sub(&one), Rel::Ge),
                    CmpOp::Ge => self.constrain(x.sub(&y), Rel::Ge),
                    CmpOp::Gt => self.constrain(x.sub(&y).sub(&one), Rel::Ge),
                    CmpOp::Eq => self.constrain(x.sub(&y), Rel::Eq),
                    CmpOp::Ne => self.constrain(x.sub(&y), Rel::Ne),
                }
                Ok(())
            }
            _ => Err(Reject::No),
        }
    }

    /// The heaps an item leaves: positions of the game itself, one argument
    /// each.
    fn heaps(&mut self, e: &GameExpr, out: &mut Vec<Lin>) -> Result<(), Reject> {
        match e {
            GameExpr::Sum(parts) => parts.iter().try_for_each(|p| self.heaps(p, out)),
            GameExpr::Pos { game, args, .. } if *game == self.game && args.len() == 1 => {
                let h = self.read(&args[0])?;
                out.push(h);
                Ok(())
            }
            _ => Err(Reject::No),
        }
    }

    /// The rest heap when the item names only split variables and an
    /// equation pins their sum: `k(a) + k(b) for a in 0..n for b in 0..n if
    /// a + b == n - t` leaves `a`, `b` and a rest `n - t - a - b` that is
    /// always 0 (no heap), kept as a constraint.
    fn pinned_rest(&self, heaps: &[Lin]) -> Option<Lin> {
        let h = heaps.len();
        if self.vars != h + 1 || h >= 3 {
            return None;
        }
        if !(1..=h).all(|v| heaps.contains(&Lin::var(v))) {
            return None;
        }
        self.atoms.iter().find_map(|(l, rel)| {
            let l = if l.co[0] < 0 { l.scale(-1) } else { *l };
            let pins = matches!(rel, Rel::Eq)
                && l.co[0] == 1
                && (1..=h).all(|v| l.co[v] == -1)
                && l.co[h + 1..].iter().all(|&c| c == 0);
            pins.then_some(l)
        })
    }

    /// The take and the moves, from the heaps and the constraints.
    fn moves(&self, heaps: &[Lin]) -> Result<Option<(u64, Moves)>, Reject> {
        let mut heaps = heaps.to_vec();
        if let Some(rest) = self.pinned_rest(&heaps) {
            heaps.push(rest);
        }
        let heaps = &heaps[..];
        let h = heaps.len();
        if !(1..=3).contains(&h) || self.vars != h {
            return Err(Reject::No);
        }
        // part i (i < h - 1) is split variable i + 1; part h - 1 the rest
        let mut order = vec![usize::MAX; h];
        let mut rest = None;
        for (j, heap) in heaps.iter().enumerate() {
            match (1..h).find(|&v| *heap == Lin::var(v)) {
                Some(v) if order[v - 1] == usize::MAX => order[v - 1] = j,
                Some(_) => return Err(Reject::No),
                None if rest.is_none() => rest = Some(*heap),
                None => return Err(Reject::No),
            }
        }
        let rest = rest.ok_or(Reject::No)?;
        if rest.co[0] != 1
            || (1..h).any(|v| rest.co[v] != -1)
            || rest.co[h..].iter().any(|&c| c != 0)
        {
            return Err(Reject::No);
        }
        let take = u64::try_from(-rest.c).map_err(|_| Reject::No)?;
        // each constraint over the parts, with n = take + (sum of parts)
        let mut atoms = Vec::with_capacity(self.atoms.len());
        for (l, rel) in &self.atoms {
            let mut q = [0i128; 3];
            for (v, qv) in q.iter_mut().enumerate().take(h - 1) {
                *qv = l.co[0] + l.co[v + 1];
            }
            q[h - 1] = l.co[0];
            let k = l.c + l.co[0] * i128::from(take);
            let q = &q[..h];
            if !order_type(q, k, *rel) {
                return Err(Reject::No);
            }
            atoms.push((q.to_vec(), k, *rel));
        }
        let holds = |p: &[i128]| {
            atoms.iter().all(|(q, k, rel)| {
                let x = k + q.iter().zip(p).map(|(a, b)| a * b).sum::<i128>();
                match rel {
                    Rel::Ge => x >= 0,
                    Rel::Eq => x == 0,
                    Rel::Ne => x != 0,
                }
            })
        };
        // which kinds of multiset some representative reaches
        let mut seen = Kinds::default();
        let top = h as i128;
        let mut p = vec![0i128; h];
        loop {
            if holds(&p) {
                seen.add(&p);
            }
            let Some(i) = p.iter().position(|&x| x < top) else {
                break;
            };
            p[i] += 1;
            p[..i].fill(0);
        }
        seen.moves().map(|m| m.map(|m| (take, m)))
    }
}

fn negate(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Le => CmpOp::Gt,
        CmpOp::Lt => CmpOp::Ge,
        CmpOp::Ge => CmpOp::Lt,
        CmpOp::Gt => CmpOp::Le,
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
    }
}

/// True if the truth of `q . p + k (rel) 0` depends only on the order type
/// of the parts `p` (all at least 0): which are 0, and how the others
/// compare with each other.
fn order_type(q: &[i128], k: i128, rel: Rel) -> bool {
    let g = q.iter().fold(0i128, |g, &x| gcd(g, x.abs()));
    if g == 0 {
        return true; // a constant
    }
    let nz: Vec<i128> = q.iter().filter(|&&x| x != 0).map(|x| x / g).collect();
    let plus = nz.iter().filter(|&&x| x == 1).count();
    let minus = nz.iter().filter(|&&x| x == -1).count();
    if plus + minus != nz.len() {
        return false;
    }
    match rel {
        Rel::Ge => {
            // q'.p >= t
            let t = (-k).div_euclid(g) + i128::from((-k).rem_euclid(g) != 0);
            match (plus, minus) {
                (_, 0) => t <= 1,           // a sum of parts at least 0 or 1
                (0, _) => t >= 0,           // all zero (t = 0) or never
                (1, 1) => t == 0 || t == 1, // p >= q or p > q
                _ => false,
            }
        }
        Rel::Eq | Rel::Ne => {
            if k % g != 0 {
                return true; // never equal
            }
            let t = -k / g;
            match (plus, minus) {
                (_, 0) | (0, _) | (1, 1) => t == 0,
                _ => false,
            }
        }
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The kinds of multiset of non-empty heaps seen.
#[derive(Default)]
struct Kinds {
    none: bool,
    one: bool,
    two_unequal: bool,
    two_equal: bool,
    /// all distinct, two smaller equal, two larger equal, all equal
    three: [bool; 4],
}

impl Kinds {
    fn add(&mut self, p: &[i128]) {
        let mut v: Vec<i128> = p.iter().copied().filter(|&x| x > 0).collect();
        v.sort_unstable();
        match v[..] {
            [] => self.none = true,
            [_] => self.one = true,
            [x, y] if x < y => self.two_unequal = true,
            [_, _] => self.two_equal = true,
            [x, y, z] => {
                let i = match (x == y, y == z) {
                    (false, false) => 0,
                    (true, false) => 1,
                    (false, true) => 2,
                    (true, true) => 3,
                };
                self.three[i] = true;
            }
            _ => {}
        }
    }

    fn moves(&self) -> Result<Option<Moves>, Reject> {
        let mut bits = 0u8;
        if self.none {
            bits |= 1;
        }
        if self.one {
            bits |= 2;
        }
        match (self.two_unequal, self.two_equal) {
            (true, true) => bits |= 4,
            (false, false) => {}
            (true, false) if bits == 0 && !self.three.iter().any(|&b| b) => {
                return Ok(Some(Moves::Unequal));
            }
            _ => return Err(Reject::No),
        }
        match self.three.iter().filter(|&&b| b).count() {
            0 => {}
            4 => bits |= 8,
            _ => return Err(Reject::No),
        }
        Ok((bits != 0).then_some(Moves::Bits(bits)))
    }
}
