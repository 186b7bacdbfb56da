//! Take-and-break codes: octal (`0.77`) and hexadecimal (`0.F`) games.
//!
//! Digit `d_k` of a code says what may happen when `k` tokens are removed
//! from one heap: bit 1 allows removing the whole heap (only when it has
//! exactly `k` tokens), bit 2 allows leaving one non-empty heap, bit 4 two
//! non-empty heaps and, in hexadecimal codes, bit 8 three non-empty heaps.
//! The digit before the point (`k = 0`) can only split a heap without taking
//! anything: bits 1 and 2 there would be a pass, which makes the game loopy.

use std::fmt;

/// A parsed take-and-break code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Code {
    /// `digits[k]` is the digit for removing `k` tokens; `digits[0]` is the
    /// digit before the point. Trailing zero digits are trimmed, so a code
    /// that allows no move has no digits at all.
    pub digits: Vec<u8>,
    /// Hexadecimal code: digits may use bit 8 (three heaps).
    pub hex: bool,
}

/// Why a code could not be read, with the place of the offending text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeError {
    /// Byte offset of the offending character within the parsed text.
    pub offset: usize,
    /// Byte length of the offending text (at least 1 unless the text is empty).
    pub len: usize,
    /// What is wrong.
    pub message: String,
    /// How codes are written.
    pub hint: String,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for CodeError {}

fn hint(hex: bool) -> String {
    if hex {
        "a hexadecimal code is written like 0.F or 4.08: the k-th digit after the point is the \
         sum of 1 (removing k tokens may take a whole heap of exactly k), 2 (may leave one \
         smaller heap), 4 (may leave two heaps) and 8 (may leave three heaps), so each digit \
         is 0-9 or A-F; the digit before the point may only be 0, 4, 8 or C (splitting a heap \
         without taking any token)"
            .to_string()
    } else {
        "an octal code is written like 0.77 or .137 or 4.0: the k-th digit after the point is \
         the sum of 1 (removing k tokens may take a whole heap of exactly k), 2 (may leave one \
         smaller heap) and 4 (may leave two heaps), so each digit is 0-7; the digit before the \
         point may only be 0 or 4 (splitting a heap in two without taking any token)"
            .to_string()
    }
}

fn error(offset: usize, len: usize, message: String, hex: bool) -> CodeError {
    CodeError {
        offset,
        len,
        message,
        hint: hint(hex),
    }
}

/// Reads a code such as `0.77`, `.77`, `4.0`, `0.137`, `0.F` (hexadecimal)
/// or `4` (no point: only the digit before it).
///
/// Hexadecimal digits may be written in either case. The text must not carry
/// spaces or signs: every character is a digit or the one point.
pub fn parse_code(text: &str, hex: bool) -> Result<Code, CodeError> {
    let base = if hex { 16 } else { 8 };
    let mut point: Option<usize> = None;
    // (digit, offset) of the digits before the point
    let mut before: Vec<(u8, usize)> = Vec::new();
    let mut after: Vec<u8> = Vec::new();
    for (offset, c) in text.char_indices() {
        if c == '.' {
            if let Some(first) = point {
                return Err(error(
                    offset,
                    1,
                    format!("a code has only one point, but there is another one at byte {first}"),
                    hex,
                ));
            }
            point = Some(offset);
            continue;
        }
        let digit = match c.to_digit(16) {
            Some(d) if d < base => d as u8,
            Some(_) => {
                return Err(error(
                    offset,
                    c.len_utf8(),
                    format!("`{c}` is not an octal digit (octal digits are 0-7)"),
                    hex,
                ));
            }
            None => {
                let what = if hex {
                    "a hexadecimal digit (0-9, A-F)"
                } else {
                    "an octal digit (0-7)"
                };
                return Err(error(
                    offset,
                    c.len_utf8(),
                    format!("`{c}` is not {what}"),
                    hex,
                ));
            }
        };
        if point.is_some() {
            after.push(digit);
        } else {
            before.push((digit, offset));
        }
    }
    if before.is_empty() && after.is_empty() {
        return Err(error(
            0,
            text.len(),
            "the code is empty: it has no digit".to_string(),
            hex,
        ));
    }
    if before.len() > 1 {
        let (_, offset) = before[1];
        return Err(error(
            offset,
            1,
            "only one digit may stand before the point (it is the digit for taking no token)"
                .to_string(),
            hex,
        ));
    }
    let (d0, d0_offset) = before.first().copied().unwrap_or((0, 0));
    if d0 & 3 != 0 {
        let what = if d0 & 2 != 0 {
            "leave the heap as it was: that is a pass, and a game with passes is loopy (it may \
             never end), which Sprague-Grundy values do not cover"
        } else {
            "take a whole heap of no token, which is no move at all (and would count as a pass, \
             making the game loopy)"
        };
        return Err(error(
            d0_offset,
            1,
            format!(
                "the digit before the point may not contain 1 or 2: removing no token and \
                 allowing bit {} would {what}",
                if d0 & 2 != 0 { 2 } else { 1 }
            ),
            hex,
        ));
    }
    let mut digits = Vec::with_capacity(after.len() + 1);
    digits.push(d0);
    digits.extend(after);
    while digits.last() == Some(&0) {
        digits.pop();
    }
    Ok(Code { digits, hex })
}

impl Code {
    /// The numbers of tokens a move may remove when it leaves `parts`
    /// heaps (digit bit `2^parts`), ascending. A move must remove tokens
    /// unless it splits a heap (`parts >= 2`).
    pub fn takes_leaving(&self, parts: u32) -> Vec<usize> {
        self.digits
            .iter()
            .enumerate()
            .filter(|&(k, &d)| d & (1 << parts) != 0 && (k > 0 || parts >= 2))
            .map(|(k, _)| k)
            .collect()
    }

    /// Every kind of move that leaves heaps: `(tokens taken, heaps left)`,
    /// with 1 to 3 heaps left.
    pub fn moves_leaving_heaps(&self) -> Vec<(u64, u32)> {
        (1..=3)
            .flat_map(|j| {
                self.takes_leaving(j)
                    .into_iter()
                    .map(move |t| (t as u64, j))
            })
            .collect()
    }

    /// The digit for removing `k` tokens (0 beyond the last digit).
    pub fn digit(&self, k: u64) -> u8 {
        usize::try_from(k)
            .ok()
            .and_then(|k| self.digits.get(k))
            .copied()
            .unwrap_or(0)
    }

    /// The code written in its usual form: `0.77`, `4.0`, `0.0` for a code
    /// with no move; hexadecimal digits in upper case.
    pub fn canonical(&self) -> String {
        let digit = |d: u8| {
            char::from_digit(u32::from(d & 15), 16)
                .unwrap_or('?')
                .to_ascii_uppercase()
        };
        let mut s = String::new();
        s.push(digit(self.digits.first().copied().unwrap_or(0)));
        s.push('.');
        if self.digits.len() <= 1 {
            s.push('0');
        } else {
            s.extend(self.digits[1..].iter().map(|&d| digit(d)));
        }
        s
    }

    /// The usual name of a few well-known games.
    pub fn friendly_name(&self) -> Option<&'static str> {
        match self.digits.as_slice() {
            [0, 7, 7] => Some("Kayles"),
            [0, 0, 7] => Some("Dawson's Kayles"),
            [0, 1, 3, 7] => Some("Dawson's chess"),
            [0, 6] => Some("Officers"),
            _ => None,
        }
    }

    /// The largest `k` with a nonzero digit (0 when only the digit before the
    /// point is nonzero, or no digit is).
    pub fn max_take(&self) -> u64 {
        self.digits
            .iter()
            .rposition(|&d| d != 0)
            .map_or(0, |k| k as u64)
    }

    /// The most heaps one move may leave: 3 if any digit has bit 8, else 2
    /// if any has bit 4, else 1.
    pub fn max_parts(&self) -> u32 {
        if self.digits.iter().any(|&d| d & 8 != 0) {
            3
        } else if self.digits.iter().any(|&d| d & 4 != 0) {
            2
        } else {
            1
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.canonical())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str, hex: bool) -> Code {
        parse_code(text, hex).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn err(text: &str, hex: bool) -> CodeError {
        parse_code(text, hex).expect_err(text)
    }

    #[test]
    fn forms() {
        assert_eq!(ok("0.77", false).digits, vec![0, 7, 7]);
        assert_eq!(ok(".77", false).digits, vec![0, 7, 7]);
        assert_eq!(ok("4.0", false).digits, vec![4]);
        assert_eq!(ok("4", false).digits, vec![4]);
        assert_eq!(ok("4.", false).digits, vec![4]);
        assert_eq!(ok("0.137", false).digits, vec![0, 1, 3, 7]);
        assert_eq!(ok("0.1370", false).digits, vec![0, 1, 3, 7]);
        assert_eq!(ok("0.F", true).digits, vec![0, 15]);
        assert_eq!(ok("0.f", true).digits, vec![0, 15]);
        assert_eq!(ok("C.8", true).digits, vec![12, 8]);
        assert_eq!(ok("0.0", false).digits, Vec::<u8>::new());
        assert_eq!(ok("0", false).digits, Vec::<u8>::new());
        assert_eq!(ok("0.", false).digits, Vec::<u8>::new());
    }

    #[test]
    fn canonical_and_names() {
        assert_eq!(ok(".77", false).canonical(), "0.77");
        assert_eq!(ok("4", false).canonical(), "4.0");
        assert_eq!(ok("0.000", false).canonical(), "0.0");
        assert_eq!(ok("0.fa", true).canonical(), "0.FA");
        assert_eq!(ok(".77", false).friendly_name(), Some("Kayles"));
        assert_eq!(ok("0.07", false).friendly_name(), Some("Dawson's Kayles"));
        assert_eq!(ok("0.137", false).friendly_name(), Some("Dawson's chess"));
        assert_eq!(ok("0.6", false).friendly_name(), Some("Officers"));
        assert_eq!(ok("0.76", false).friendly_name(), None);
        assert_eq!(ok("0.77", false).to_string(), "0.77");
    }

    #[test]
    fn take_and_parts() {
        assert_eq!(ok("0.77", false).max_take(), 2);
        assert_eq!(ok("4.0", false).max_take(), 0);
        assert_eq!(ok("0.0", false).max_take(), 0);
        assert_eq!(ok("0.137", false).max_take(), 3);
        assert_eq!(ok("0.77", false).max_parts(), 2);
        assert_eq!(ok("0.33", false).max_parts(), 1);
        assert_eq!(ok("0.8", true).max_parts(), 3);
        assert_eq!(ok("0.0", false).max_parts(), 1);
        assert_eq!(ok("0.123", false).digit(3), 3);
        assert_eq!(ok("0.123", false).digit(u64::MAX), 0);
    }

    #[test]
    fn error_offsets() {
        let e = err("0.8", false);
        assert_eq!((e.offset, e.len), (2, 1));
        assert!(e.message.contains("octal"), "{}", e.message);
        assert!(e.hint.contains('4'));
        let e = err("0.7x", false);
        assert_eq!((e.offset, e.len), (3, 1));
        let e = err("0.7G", true);
        assert_eq!(e.offset, 3);
        assert!(e.hint.contains('8'));
        let e = err("0.7.7", false);
        assert_eq!(e.offset, 3);
        assert!(e.message.contains("one point"));
        let e = err("", false);
        assert_eq!(e.offset, 0);
        let e = err(".", false);
        assert!(e.message.contains("empty"));
        let e = err("2.7", false);
        assert_eq!(e.offset, 0);
        assert!(e.message.contains("loopy"));
        let e = err("1.7", false);
        assert_eq!(e.offset, 0);
        let e = err("6.7", false);
        assert_eq!(e.offset, 0);
        let e = err("40.7", false);
        assert_eq!(e.offset, 1);
        let e = err("0.7é", false);
        assert_eq!((e.offset, e.len), (3, 2));
        let e = err("0. 7", false);
        assert_eq!(e.offset, 2);
        // octal digits 8 and 9 and letters are out of base at their own offset
        let e = err("0.179", false);
        assert_eq!(e.offset, 4);
        let e = err("0.1A", false);
        assert_eq!(e.offset, 3);
    }
}
