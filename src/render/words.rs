//! The small words and notations every renderer shares: outcomes, loopy
//! values, mex and nim-sum lines, genus symbols.

use crate::engine::loopy::Value;
use crate::query::GenusAnswer;

/// `P (the previous player wins)` or `N (the next player wins)`.
pub fn outcome_line(p_position: bool) -> String {
    if p_position {
        "P (the previous player wins)".into()
    } else {
        "N (the next player wins)".into()
    }
}

/// How a value is written: `3`, or `∞{0, 2}`.
pub fn loopy_value(v: &Value) -> String {
    match v {
        Value::Finite(n) => n.to_string(),
        Value::Infinite(k) => format!(
            "∞{{{}}}",
            k.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// `mex{0, 1, 2, 5, 9} = 3`: the distinct values, long runs shortened.
pub fn mex_line(values: &[u64], mex: u64) -> String {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.dedup();
    format!("mex{{{}}} = {mex}", value_list(&v))
}

/// `0, 1, 2, ..., 40, 43`: sorted distinct values with long runs elided.
pub fn value_list(sorted: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        if j - i >= 4 {
            parts.push(format!(
                "{}, {}, ..., {}",
                sorted[i],
                sorted[i] + 1,
                sorted[j]
            ));
        } else {
            parts.extend(sorted[i..=j].iter().map(u64::to_string));
        }
        i = j + 1;
    }
    if parts.len() > 16 {
        let n = parts.len();
        parts.truncate(16);
        parts.push(format!("... ({} more)", n - 16));
    }
    parts.join(", ")
}

pub fn xor_line(values: &[u64]) -> String {
    let total = values.iter().fold(0, |a, b| a ^ b);
    let terms: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("{} = {total}", terms.join(" xor "))
}

/// `4^146`, or `12^(12,14)` when a value has two digits.
pub fn genus_symbol(g: &GenusAnswer) -> String {
    if g.misere.iter().all(|&v| v < 10) {
        let s: String = g.misere.iter().map(u64::to_string).collect();
        format!("{}^{s}", g.normal)
    } else {
        let s: Vec<String> = g.misere.iter().map(u64::to_string).collect();
        format!("{}^({})", g.normal, s.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_lines() {
        assert_eq!(mex_line(&[5, 0, 1, 2, 9, 1], 3), "mex{0, 1, 2, 5, 9} = 3");
        assert_eq!(mex_line(&[], 0), "mex{} = 0");
        let run: Vec<u64> = (0..40).chain([43]).collect();
        assert_eq!(mex_line(&run, 40), "mex{0, 1, ..., 39, 43} = 40");
    }

    #[test]
    fn xor_lines() {
        assert_eq!(xor_line(&[6, 12, 9]), "6 xor 12 xor 9 = 3");
    }
}
