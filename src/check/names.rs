//! What names mean: `let` bindings and games, kept across statements and
//! REPL inputs; and "did you mean" for names that are not there.

use crate::ir::{GameId, GlobalId, Type};
use crate::syntax::token::Tok;
use std::collections::HashMap;

/// Names visible at the top level.
#[derive(Default, Clone, Debug)]
pub struct Names {
    pub globals: HashMap<String, (GlobalId, Type)>,
    /// Game name to id and arity.
    pub games: HashMap<String, (GameId, usize)>,
}

/// Built-in names that are not keywords.
pub const BUILTINS: &[&str] = &["nim", "nimsum"];

/// The closest candidate to a misspelt name, if any is close enough.
pub fn did_you_mean<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut best: Option<(f64, &str)> = None;
    for c in candidates
        .chain(BUILTINS.iter().copied())
        .chain(Tok::KEYWORDS.iter().copied())
    {
        if c == name {
            continue;
        }
        let score = strsim::jaro_winkler(name, c);
        let close =
            strsim::damerau_levenshtein(name, c) <= (name.len().max(2) / 3).max(1) || score > 0.88;
        if close && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names() {
        let names = ["kayles", "dawson", "s134"];
        assert_eq!(
            did_you_mean("kayels", names.iter().copied()).as_deref(),
            Some("kayles")
        );
        assert_eq!(
            did_you_mean("nmi", names.iter().copied()).as_deref(),
            Some("nim")
        );
        assert_eq!(
            did_you_mean("grundi", names.iter().copied()).as_deref(),
            Some("grundy")
        );
        assert_eq!(did_you_mean("zzzzzz", names.iter().copied()), None);
    }
}
