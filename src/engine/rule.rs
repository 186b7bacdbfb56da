//! One-parameter heap rules: the moves of a single heap of `n` tokens.

use super::code::Code;
use std::ops::ControlFlow;

/// How one heap may be changed by a move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HeapRule {
    /// Remove `k` tokens for any `k` in the set (sorted, no duplicates, no 0).
    Subtraction(Vec<u64>),
    /// Remove any `k >= 1` tokens except the listed ones (sorted, no
    /// duplicates, no 0).
    AllBut(Vec<u64>),
    /// A take-and-break code (octal or hexadecimal).
    TakeBreak(Code),
    /// Split a heap into two unequal non-empty heaps.
    Grundy,
}

/// One option of a heap: how many tokens were removed and what is left.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// Tokens removed (0 for a pure split).
    pub take: u64,
    /// The non-empty heaps left, ascending.
    pub heaps: Vec<u64>,
}

fn set_text(set: &[u64]) -> String {
    let items: Vec<String> = set.iter().map(|k| k.to_string()).collect();
    format!("{{{}}}", items.join(", "))
}

impl HeapRule {
    /// A subtraction rule, sorted and without duplicates; `None` if the set
    /// contains 0 (removing nothing would be a pass: a loopy game).
    pub fn subtraction(set: impl IntoIterator<Item = u64>) -> Option<HeapRule> {
        let mut v: Vec<u64> = set.into_iter().collect();
        if v.contains(&0) {
            return None;
        }
        v.sort_unstable();
        v.dedup();
        Some(HeapRule::Subtraction(v))
    }

    /// An all-but rule, sorted and without duplicates (0 is dropped: it is
    /// never a move anyway).
    pub fn all_but(set: impl IntoIterator<Item = u64>) -> HeapRule {
        let mut v: Vec<u64> = set.into_iter().filter(|&k| k != 0).collect();
        v.sort_unstable();
        v.dedup();
        HeapRule::AllBut(v)
    }

    /// The same rule with its sets sorted, deduplicated and without 0, as
    /// the engines assume.
    pub fn normalized(&self) -> HeapRule {
        match self {
            HeapRule::Subtraction(s) => {
                let mut v: Vec<u64> = s.iter().copied().filter(|&k| k != 0).collect();
                v.sort_unstable();
                v.dedup();
                HeapRule::Subtraction(v)
            }
            HeapRule::AllBut(s) => HeapRule::all_but(s.iter().copied()),
            HeapRule::TakeBreak(c) => {
                let mut digits: Vec<u8> = c.digits.iter().map(|d| d & 15).collect();
                if let Some(d0) = digits.first_mut() {
                    // removing nothing and leaving the heap (or nothing) is no
                    // legal move: ignored, as the parser refuses it
                    *d0 &= 12;
                }
                while digits.last() == Some(&0) {
                    digits.pop();
                }
                HeapRule::TakeBreak(Code { digits, hex: c.hex })
            }
            HeapRule::Grundy => HeapRule::Grundy,
        }
    }

    /// Every option of a heap of `n` tokens, ordered by tokens taken, then
    /// by the heaps left (fewer heaps first, then lexicographically).
    ///
    /// The list has [`HeapRule::move_count`] entries (about `n^2 / 12` for
    /// three-heap splits): callers check that first, or visit the moves
    /// one by one with [`HeapRule::each_move`].
    pub fn moves(&self, n: u64) -> Vec<Move> {
        let mut out = Vec::new();
        let _ = self.each_move(n, |take, heaps| {
            out.push(Move {
                take,
                heaps: heaps.to_vec(),
            });
            ControlFlow::<()>::Continue(())
        });
        out
    }

    /// How many options a heap of `n` tokens has (exact).
    pub fn move_count(&self, n: u64) -> u128 {
        let n128 = u128::from(n);
        match self.normalized() {
            HeapRule::Subtraction(s) => s.iter().take_while(|&&k| k <= n).count() as u128,
            HeapRule::AllBut(s) => n128 - s.iter().take_while(|&&k| k <= n).count() as u128,
            HeapRule::TakeBreak(code) => {
                let mut count = 0u128;
                for (k, &d) in code.digits.iter().enumerate() {
                    let k = k as u64;
                    if k > n {
                        break;
                    }
                    let rest = u128::from(n - k);
                    count += u128::from(d & 1 != 0 && rest == 0);
                    count += u128::from(d & 2 != 0 && rest >= 1);
                    if d & 4 != 0 {
                        count += rest / 2;
                    }
                    if d & 8 != 0 {
                        // partitions of `rest` into three positive parts
                        count += (rest * rest + 6) / 12;
                    }
                }
                count
            }
            HeapRule::Grundy => n128.saturating_sub(1) / 2,
        }
    }

    /// Visits every option of a heap of `n` tokens, in the order of
    /// [`HeapRule::moves`], as (tokens taken, heaps left ascending), without
    /// building a list; stops when `visit` breaks.
    pub fn each_move<B>(
        &self,
        n: u64,
        mut visit: impl FnMut(u64, &[u64]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match self.normalized() {
            HeapRule::Subtraction(s) => {
                for k in s.into_iter().take_while(|&k| k <= n) {
                    visit(k, one(&[n - k]))?;
                }
            }
            HeapRule::AllBut(s) => {
                let mut excluded = s.iter().peekable();
                for k in 1..=n {
                    while excluded.peek().is_some_and(|&&e| e < k) {
                        excluded.next();
                    }
                    if excluded.peek() == Some(&&k) {
                        continue;
                    }
                    visit(k, one(&[n - k]))?;
                }
            }
            HeapRule::TakeBreak(code) => {
                for (k, &d) in code.digits.iter().enumerate() {
                    let k = k as u64;
                    if k > n {
                        break;
                    }
                    let rest = n - k;
                    if d & 1 != 0 && rest == 0 {
                        visit(k, &[])?;
                    }
                    if d & 2 != 0 && rest >= 1 {
                        visit(k, &[rest])?;
                    }
                    if d & 4 != 0 {
                        for a in 1..=rest / 2 {
                            visit(k, &[a, rest - a])?;
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                visit(k, &[a, b, rest - a - b])?;
                            }
                        }
                    }
                }
            }
            HeapRule::Grundy => {
                for a in 1..=n.saturating_sub(1) / 2 {
                    visit(0, &[a, n - a])?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A short description: `subtraction {1, 3, 4}`, `subtraction all but
    /// {2}`, `octal 0.77 (Kayles)`, `hexadecimal 0.F`, `Grundy's game`.
    pub fn describe(&self) -> String {
        match self {
            HeapRule::Subtraction(s) => format!("subtraction {}", set_text(s)),
            HeapRule::AllBut(s) => format!("subtraction all but {}", set_text(s)),
            HeapRule::TakeBreak(code) => {
                let kind = if code.hex { "hexadecimal" } else { "octal" };
                match code.friendly_name() {
                    Some(name) => format!("{kind} {} ({name})", code.canonical()),
                    None => format!("{kind} {}", code.canonical()),
                }
            }
            HeapRule::Grundy => "Grundy's game".to_string(),
        }
    }
}

/// The rule as it is written in a definition, normalized: sets sorted and
/// without repeats, codes in canonical form, and a hexadecimal code with no
/// digit that leaves three heaps written as the octal code it equals
/// (`octal 0.6`, `hex 0.F`, `subtraction {1, 3, 4}`, `subtraction all but
/// {2}`, `grundy`). Two definitions of one rule print the same.
impl std::fmt::Display for HeapRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.normalized() {
            HeapRule::Subtraction(s) => write!(f, "subtraction {}", set_text(&s)),
            HeapRule::AllBut(s) => write!(f, "subtraction all but {}", set_text(&s)),
            HeapRule::TakeBreak(code) => {
                let kind = if code.hex && code.max_parts() == 3 {
                    "hex"
                } else {
                    "octal"
                };
                write!(f, "{kind} {}", code.canonical())
            }
            HeapRule::Grundy => f.write_str("grundy"),
        }
    }
}

/// The heaps left by removing tokens from a heap: none, or what remains.
fn one(rest: &[u64; 1]) -> &[u64] {
    if rest[0] == 0 { &[] } else { rest }
}

#[cfg(test)]
mod tests {
    use super::super::code::parse_code;
    use super::*;

    fn mv(take: u64, heaps: &[u64]) -> Move {
        Move {
            take,
            heaps: heaps.to_vec(),
        }
    }

    #[test]
    fn describe() {
        assert_eq!(
            HeapRule::subtraction([4, 1, 3, 3]).unwrap().describe(),
            "subtraction {1, 3, 4}"
        );
        assert!(HeapRule::subtraction([0, 1]).is_none());
        assert_eq!(HeapRule::all_but([2]).describe(), "subtraction all but {2}");
        let kayles = HeapRule::TakeBreak(parse_code("0.77", false).unwrap());
        assert_eq!(kayles.describe(), "octal 0.77 (Kayles)");
        let f = HeapRule::TakeBreak(parse_code("0.f", true).unwrap());
        assert_eq!(f.describe(), "hexadecimal 0.F");
        assert_eq!(HeapRule::Grundy.describe(), "Grundy's game");
    }

    #[test]
    fn written_as_defined() {
        let code = |text: &str, hex: bool| HeapRule::TakeBreak(parse_code(text, hex).unwrap());
        assert_eq!(code("0.60", false).to_string(), "octal 0.6");
        assert_eq!(
            code(".6", false).to_string(),
            code("0.6", false).to_string()
        );
        assert_eq!(code("0.f8", true).to_string(), "hex 0.F8");
        assert_eq!(code("0.7", true).to_string(), "octal 0.7");
        assert_eq!(code("4", false).to_string(), "octal 4.0");
        assert_eq!(
            HeapRule::Subtraction(vec![4, 1, 3, 3]).to_string(),
            "subtraction {1, 3, 4}"
        );
        assert_eq!(
            HeapRule::all_but([3, 2]).to_string(),
            "subtraction all but {2, 3}"
        );
        assert_eq!(HeapRule::Grundy.to_string(), "grundy");
    }

    #[test]
    fn moves_subtraction_and_all_but() {
        let s = HeapRule::subtraction([1, 3, 4]).unwrap();
        assert_eq!(s.moves(3), vec![mv(1, &[2]), mv(3, &[])]);
        assert_eq!(s.moves(0), vec![]);
        let a = HeapRule::all_but([2, 3]);
        assert_eq!(a.moves(4), vec![mv(1, &[3]), mv(4, &[])]);
        assert_eq!(
            HeapRule::AllBut(vec![]).moves(2),
            vec![mv(1, &[1]), mv(2, &[])]
        );
    }

    #[test]
    fn moves_take_break() {
        let kayles = HeapRule::TakeBreak(parse_code("0.77", false).unwrap());
        assert_eq!(
            kayles.moves(4),
            vec![mv(1, &[3]), mv(1, &[1, 2]), mv(2, &[2]), mv(2, &[1, 1])]
        );
        assert_eq!(kayles.moves(2), vec![mv(1, &[1]), mv(2, &[])]);
        let split = HeapRule::TakeBreak(parse_code("4.0", false).unwrap());
        assert_eq!(split.moves(4), vec![mv(0, &[1, 3]), mv(0, &[2, 2])]);
        let three = HeapRule::TakeBreak(parse_code("0.8", true).unwrap());
        assert_eq!(three.moves(6), vec![mv(1, &[1, 1, 3]), mv(1, &[1, 2, 2])]);
        // a pass digit built by hand is ignored rather than looping
        let pass = HeapRule::TakeBreak(Code {
            digits: vec![2, 1],
            hex: false,
        });
        assert_eq!(pass.moves(1), vec![mv(1, &[])]);
    }

    #[test]
    fn moves_grundy() {
        assert_eq!(HeapRule::Grundy.moves(2), vec![]);
        assert_eq!(
            HeapRule::Grundy.moves(6),
            vec![mv(0, &[1, 5]), mv(0, &[2, 4])]
        );
        assert_eq!(HeapRule::Grundy.moves(0), vec![]);
    }

    #[test]
    fn move_counts_match_the_lists() {
        let codes = ["0.77", "0.07", "4.0", "0.137", "0.6"];
        let mut rules: Vec<HeapRule> = codes
            .iter()
            .map(|c| HeapRule::TakeBreak(parse_code(c, false).unwrap()))
            .collect();
        for c in ["0.8", "0.F", "0.9F", "4.8"] {
            rules.push(HeapRule::TakeBreak(parse_code(c, true).unwrap()));
        }
        rules.push(HeapRule::subtraction([1, 3, 4]).unwrap());
        rules.push(HeapRule::all_but([2, 5]));
        rules.push(HeapRule::Grundy);
        for r in &rules {
            for n in 0..40 {
                assert_eq!(r.move_count(n), r.moves(n).len() as u128, "{r:?} at {n}");
            }
        }
        let hex8 = HeapRule::TakeBreak(parse_code("0.8", true).unwrap());
        // three-heap splits of 29999 tokens: about n^2 / 12
        assert_eq!(hex8.move_count(30000), (29999u128 * 29999 + 6) / 12);
        assert_eq!(
            HeapRule::Grundy.move_count(u64::MAX),
            u128::from(u64::MAX - 1) / 2
        );
    }

    #[test]
    fn each_move_stops_when_asked() {
        let mut seen = 0;
        let r = HeapRule::Grundy.each_move(1_000_000_000, |_, _| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(seen)
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(r, ControlFlow::Break(3));
    }
}
