//! Linear forms over a rule's parameter `n` and its split variables, and
//! proofs that a form is never negative where it is evaluated: what makes
//! a recognized rule safe (no subtraction below zero, no overflow) for
//! every heap.

use super::Reject;
use crate::eval::value::Value;
use crate::ir::{BinOp, IntExpr, IntKind};

/// Variables: `n`, then up to this many split variables.
pub const VARS: usize = 4;

/// `c + co[0] * n + co[1] * v1 + ...`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lin {
    pub c: i128,
    pub co: [i128; VARS],
}

impl Lin {
    pub fn constant(c: i128) -> Lin {
        Lin { c, co: [0; VARS] }
    }

    pub fn var(i: usize) -> Lin {
        let mut co = [0; VARS];
        co[i] = 1;
        Lin { c: 0, co }
    }

    pub fn is_constant(&self) -> bool {
        self.co.iter().all(|&x| x == 0)
    }

    pub fn add(&self, o: &Lin) -> Lin {
        let mut r = *self;
        r.c += o.c;
        for (a, b) in r.co.iter_mut().zip(o.co) {
            *a += b;
        }
        r
    }

    pub fn sub(&self, o: &Lin) -> Lin {
        self.add(&o.scale(-1))
    }

    pub fn scale(&self, k: i128) -> Lin {
        Lin {
            c: self.c * k,
            co: self.co.map(|x| x * k),
        }
    }
}

/// What a slot holds while a generator is read.
#[derive(Debug, Clone, Copy)]
pub enum Sym {
    Const(u64),
    Var(usize),
}

/// Facts in force at a point of a generator: forms known to be at least 0,
/// and which split variables start small.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    pub known: Vec<Lin>,
    /// Variables whose loop starts at a small constant, or at a small
    /// variable: they pass 2^62 only after some 2^61 iterations, which no
    /// computation reaches.
    pub small: [bool; VARS],
}

/// Largest coefficient or constant accepted: keeps every sum exact.
const BIG: i128 = 1 << 64;

impl Facts {
    pub fn add(&mut self, f: Lin) {
        if !self.known.contains(&f) {
            self.known.push(f);
        }
    }

    /// True if `f` is at most 4 times small variables plus a small constant.
    fn small_sum(&self, f: &Lin) -> bool {
        f.co[0] == 0
            && (0..1 << 32).contains(&f.c)
            && f.co[1..].iter().all(|&c| c >= 0)
            && f.co[1..].iter().sum::<i128>() <= 4
            && (1..VARS).all(|i| f.co[i] == 0 || self.small[i])
    }

    /// True if `f >= 0` follows from the facts: `f` is a sum of at most
    /// three of them (with repeats) plus a constant at least 0. Sound, not
    /// complete: a rule whose safety it cannot see is not recognized.
    pub fn proves(&self, f: &Lin) -> bool {
        let k = &self.known;
        let rest_ok = |r: Lin| r.is_constant() && r.c >= 0;
        if rest_ok(*f) {
            return true;
        }
        for i in 0..k.len() {
            let a = f.sub(&k[i]);
            if rest_ok(a) {
                return true;
            }
            for j in i..k.len() {
                let b = a.sub(&k[j]);
                if rest_ok(b) {
                    return true;
                }
                if k[j..].iter().any(|f| rest_ok(b.sub(f))) {
                    return true;
                }
            }
        }
        false
    }
}

/// Reads an integer expression as a linear form, checking that every
/// subtraction stays at least 0 and every sum and product stays at most
/// `n` (so it cannot overflow), given the facts; every part evaluated is a
/// fact afterwards (an unsigned value is at least 0).
pub fn read(
    e: &IntExpr,
    env: &[Option<Sym>],
    globals: &[Value],
    facts: &mut Facts,
) -> Result<Lin, Reject> {
    let l = match &e.kind {
        IntKind::Lit(x) => Lin::constant(*x as i128),
        IntKind::Local(s) => match env.get(*s).copied().flatten() {
            Some(Sym::Const(x)) => Lin::constant(x as i128),
            Some(Sym::Var(i)) => Lin::var(i),
            None => return Err(Reject::No),
        },
        IntKind::Global(g) => match globals.get(*g) {
            Some(Value::Int(x)) => Lin::constant(*x as i128),
            None => return Err(Reject::NotYet),
            _ => return Err(Reject::No),
        },
        IntKind::Bin(op, a, b) => {
            let x = read(a, env, globals, facts)?;
            let y = read(b, env, globals, facts)?;
            let r = match op {
                BinOp::Add => x.add(&y),
                BinOp::Sub => x.sub(&y),
                BinOp::Mul if x.is_constant() => y.scale(x.c),
                BinOp::Mul if y.is_constant() => x.scale(y.c),
                BinOp::Div | BinOp::Rem if x.is_constant() && y.is_constant() && y.c != 0 => {
                    Lin::constant(if *op == BinOp::Div {
                        x.c / y.c
                    } else {
                        x.c % y.c
                    })
                }
                _ => return Err(Reject::No),
            };
            if r.c.abs() >= BIG || r.co.iter().any(|c| c.abs() >= BIG) {
                return Err(Reject::No);
            }
            let safe = match op {
                BinOp::Sub => facts.proves(&r),
                _ if r.is_constant() => r.c <= u64::MAX as i128,
                // a sum or product that never passes n never overflows; nor
                // does a small sum of small variables before its loops have
                // run some 2^61 times
                _ => facts.proves(&Lin::var(0).sub(&r)) || facts.small_sum(&r),
            };
            if !safe {
                return Err(Reject::No);
            }
            r
        }
    };
    facts.add(l);
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_from_facts() {
        let n = Lin::var(0);
        let a = Lin::var(1);
        let mut f = Facts::default();
        f.add(n);
        f.add(a);
        // n - 2 - a >= 0 is a fact (a loop bound); n - 2 is then >= 0
        f.add(n.sub(&Lin::constant(2)).sub(&a));
        assert!(f.proves(&n.sub(&Lin::constant(2))));
        assert!(f.proves(&n.sub(&a)));
        assert!(!f.proves(&n.sub(&Lin::constant(3))));
        assert!(!f.proves(&a.sub(&Lin::constant(1))));
    }
}
