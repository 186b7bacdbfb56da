//! `:help TOPIC`: a section of the language reference, `docs/language.md`,
//! which is built into the program so the REPL shows the same text.
//! Each section of it starts with `## Title` and, on the next line, a
//! comment naming the topics it answers: `<!-- help: check move equiv -->`.

/// The language reference.
pub const REFERENCE: &str = include_str!("../../docs/language.md");

/// Where the reference and the tutorial are, in the source tree.
pub const WHERE: &str = "docs/language.md (the reference) and docs/tutorial.md (a tutorial)";

/// A section of the reference.
struct Section<'a> {
    title: &'a str,
    words: Vec<&'a str>,
    body: &'a str,
}

fn sections() -> Vec<Section<'static>> {
    let mut out = Vec::new();
    for chunk in REFERENCE.split("\n## ").skip(1) {
        let (title, rest) = chunk.split_once('\n').unwrap_or((chunk, ""));
        let rest = rest.trim_start_matches('\n');
        let (words, body) = match rest
            .strip_prefix("<!-- help:")
            .and_then(|r| r.split_once("-->"))
        {
            Some((words, body)) => (words.split_whitespace().collect(), body),
            None => (Vec::new(), rest),
        };
        out.push(Section {
            title: title.trim(),
            words,
            body: body.trim_matches('\n'),
        });
    }
    out
}

/// The topics `:help` knows, one word each.
pub fn topics() -> Vec<&'static str> {
    sections()
        .iter()
        .filter_map(|s| s.words.first().copied())
        .collect()
}

/// The section of the reference on a topic, or an error naming the topics.
pub fn help(topic: &str) -> Result<String, String> {
    let word = topic
        .trim()
        .trim_start_matches(':')
        .to_ascii_lowercase()
        .replace('è', "e");
    let all = sections();
    let found = all
        .iter()
        .find(|s| s.words.contains(&word.as_str()))
        .or_else(|| {
            all.iter()
                .find(|s| s.title.to_ascii_lowercase().contains(&word))
        });
    if let Some(s) = found {
        return Ok(format!(
            "{}\n\n{}\n\n(from docs/language.md; `:help` alone for the tour)",
            s.title, s.body
        ));
    }
    let guess = all
        .iter()
        .flat_map(|s| s.words.iter().copied())
        .filter(|w| strsim::levenshtein(w, &word) <= 2)
        .min_by_key(|w| strsim::levenshtein(w, &word))
        .map(|w| format!(" did you mean `:help {w}`?"))
        .unwrap_or_default();
    Err(format!(
        "error: no help on `{topic}`;{guess} topics: {}\n",
        topics().join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_section_names_its_topics() {
        let all = sections();
        assert!(all.len() >= 8);
        for s in &all {
            assert!(
                !s.words.is_empty(),
                "section {} has no help topics",
                s.title
            );
            assert!(!s.body.is_empty(), "section {} is empty", s.title);
        }
    }

    #[test]
    fn topics_by_word_by_title_and_misspelt() {
        assert!(help("check").unwrap().contains("check move"));
        assert!(help("MOVE").unwrap().contains("check move"));
        assert!(help("octal").unwrap().contains("octal 0.77"));
        let err = help("chekc").unwrap_err();
        assert!(err.contains("did you mean `:help check`?"), "{err}");
        assert!(help("zzzz").unwrap_err().contains("topics: "));
    }
}
