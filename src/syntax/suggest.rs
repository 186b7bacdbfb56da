//! "Did you mean": the names and keywords closest to a misspelt word, for
//! the parser's hints and the resolver's diagnostics alike (one place, at
//! the bottom of both), and the built-in names that are not keywords.

use super::token::Tok;

/// Built-in names that are not keywords.
pub const BUILTINS: &[&str] = &["nim", "nimsum", "nimprod", "nimdiv", "niminv"];

/// The closest candidate to a misspelt name, if any is close enough.
pub fn did_you_mean<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut best: Option<(f64, &str)> = None;
    // A short unknown name is a name of the user's, not a misspelt keyword
    // (`foo` is not `for`).
    let keywords = if name.len() >= 4 { Tok::KEYWORDS } else { &[] };
    for c in candidates
        .chain(BUILTINS.iter().copied())
        .chain(keywords.iter().copied())
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

/// The keyword among `keywords` closest to a misspelt word, if one is close.
pub fn closest_keyword(word: &str, keywords: &[&str]) -> Option<String> {
    let lower = word.to_ascii_lowercase();
    let mut best: Option<(f64, &str)> = None;
    for &k in keywords {
        let score = strsim::jaro_winkler(&lower, k);
        let close = strsim::damerau_levenshtein(&lower, k) <= (k.len() / 3).max(1) || score > 0.9;
        if close && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, k));
        }
    }
    best.map(|(_, k)| k.to_string())
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
        assert_eq!(did_you_mean("foo", names.iter().copied()), None);
        let words = &["grundy", "outcome", "sequence", "table"];
        assert_eq!(closest_keyword("grundey", words), Some("grundy".into()));
        assert_eq!(closest_keyword("Outcome", words), Some("outcome".into()));
        assert_eq!(closest_keyword("sequense", words), Some("sequence".into()));
        assert_eq!(closest_keyword("nim", words), None);
        assert_eq!(closest_keyword("s", words), None);
    }
}
