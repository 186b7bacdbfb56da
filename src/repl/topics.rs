//! `:help TOPIC`: a section of the language reference, `docs/language.md`,
//! which is built into the program so the REPL shows the same text.
//! Each section of it starts with `## Title` (or `### Title` for a part of
//! one) and, on the next line, a comment naming the topics it answers:
//! `<!-- help: check move equiv -->`. A word that names no topic is looked
//! for in the reference's text: the section that uses it most is shown,
//! and the others that use it are named.

/// The language reference.
pub const REFERENCE: &str = include_str!("../../docs/language.md");

/// Where the reference and the tutorial are, in the source tree.
pub const WHERE: &str = "docs/language.md (the reference) and docs/tutorial.md (a tutorial)";

/// A section of the reference: a `##` or a `###` heading and its text up
/// to the next heading of either kind.
struct Section<'a> {
    title: &'a str,
    /// The level of its heading: 2 for `##`, 3 for `###`.
    level: usize,
    words: Vec<&'a str>,
    /// The text, without the comments written for tools.
    body: String,
}

impl Section<'_> {
    /// The topic that shows this section.
    fn topic(&self) -> &str {
        self.words.first().copied().unwrap_or(self.title)
    }
}

fn sections() -> Vec<Section<'static>> {
    let mut out: Vec<Section<'static>> = Vec::new();
    // the lines of the last section pushed
    let mut current: Option<Vec<&'static str>> = None;
    let mut fence = false;
    for line in REFERENCE.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
        }
        let heading = if fence {
            None
        } else if let Some(t) = line.strip_prefix("### ") {
            Some((3, t))
        } else {
            line.strip_prefix("## ").map(|t| (2, t))
        };
        if let Some((level, title)) = heading {
            finish(&mut out, current.take());
            current = Some(Vec::new());
            out.push(Section {
                title: title.trim(),
                level,
                words: Vec::new(),
                body: String::new(),
            });
            continue;
        }
        let Some(lines) = &mut current else {
            continue;
        };
        lines.push(line);
    }
    finish(&mut out, current.take());
    out
}

/// Ends the last section of `out` with its lines: the help comment read,
/// every comment left out of the text.
fn finish(out: &mut [Section<'static>], current: Option<Vec<&'static str>>) {
    let (Some(lines), Some(section)) = (current, out.last_mut()) else {
        return;
    };
    let mut body = String::new();
    for line in lines {
        let trimmed = line.trim();
        if let Some(words) = trimmed
            .strip_prefix("<!-- help:")
            .and_then(|w| w.strip_suffix("-->"))
        {
            section.words = words.split_whitespace().collect();
            continue;
        }
        if trimmed.starts_with("<!--") && trimmed.ends_with("-->") {
            continue;
        }
        body.push_str(line);
        body.push('\n');
    }
    section.body = body.trim_matches('\n').to_string();
}

/// The topics `:help` knows, one word each.
pub fn topics() -> Vec<&'static str> {
    sections()
        .iter()
        .filter_map(|s| s.words.first().copied())
        .collect()
}

/// A word as the search compares it: lower case, without accents.
fn fold(word: &str) -> String {
    word.to_lowercase()
        .replace(['è', 'é', 'ê'], "e")
        .replace('ü', "u")
}

/// The words of a text, folded, as the search counts them.
fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == '\''))
        .map(|w| w.trim_matches(['-', '\'']))
        .filter(|w| !w.is_empty())
        .map(fold)
}

/// How much a section is about a word: how often it uses the word
/// (plurals and `'s` count; its title ten times over), for its length.
fn uses(s: &Section, word: &str) -> f64 {
    let same = |t: &String| {
        let t = t.strip_suffix("'s").unwrap_or(t);
        t == word || [t.strip_suffix('s'), t.strip_suffix("es")].contains(&Some(word))
    };
    let body: Vec<String> = tokens(&s.body).collect();
    let n = body.iter().filter(|t| same(t)).count() + 10 * tokens(s.title).filter(same).count();
    n as f64 / (body.len().max(1) as f64).sqrt()
}

/// A section as `:help` shows it: its title, its text, the parts of it
/// that are sections of their own.
fn show(all: &[Section], i: usize) -> String {
    let s = &all[i];
    let mut out = format!("{}\n\n{}", s.title, s.body);
    if s.level == 2 {
        let parts: Vec<String> = all[i + 1..]
            .iter()
            .take_while(|p| p.level > 2)
            .map(|p| format!("`:help {}` ({})", p.topic(), p.title))
            .collect();
        if !parts.is_empty() {
            out.push_str(&format!("\n\nMore on this: {}.", parts.join(", ")));
        }
    }
    out
}

const FROM: &str = "(from docs/language.md; `:help` alone for the tour)";

/// The section of the reference on a topic; for a word that names no
/// topic, the section that uses it most, and the others that use it; or
/// an error naming the topics.
pub fn help(topic: &str) -> Result<String, String> {
    let asked = topic.trim().trim_start_matches(':');
    let word = fold(asked);
    let all = sections();
    let found = all
        .iter()
        .position(|s| s.words.iter().any(|w| fold(w) == word))
        .or_else(|| all.iter().position(|s| fold(s.title).contains(&word)));
    if let Some(i) = found {
        return Ok(format!("{}\n\n{FROM}", show(&all, i)));
    }
    // every word asked for, in the reference's text
    let words: Vec<String> = tokens(&word).collect();
    let mut hits: Vec<(usize, f64)> = all
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let scores: Vec<f64> = words.iter().map(|w| uses(s, w)).collect();
            (!words.is_empty() && scores.iter().all(|&c| c > 0.0)).then(|| (i, scores.iter().sum()))
        })
        .collect();
    // the most about it first; the earlier section among equals
    hits.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    if let Some(&(best, _)) = hits.first() {
        let sections = match hits.len() {
            1 => "one section".to_string(),
            n => format!("{n} sections"),
        };
        let it = if words.len() > 1 { "these words" } else { "it" };
        let mut out = format!(
            "`{asked}` is not a topic; the reference uses {it} in {sections}, most in this one (`:help {}`):\n\n{}",
            all[best].topic(),
            show(&all, best)
        );
        let others: Vec<String> = hits[1..]
            .iter()
            .map(|&(i, _)| format!("`:help {}` ({})", all[i].topic(), all[i].title))
            .collect();
        if !others.is_empty() {
            out.push_str(&format!("\n\n`{asked}` is also in: {}.", others.join(", ")));
        }
        out.push_str(&format!("\n\n{FROM}"));
        return Ok(out);
    }
    // a misspelt topic, or a misspelt word of the reference
    let topic_words = all
        .iter()
        .flat_map(|s| s.words.iter().map(|w| w.to_string()));
    let text_words = all.iter().flat_map(|s| tokens(&s.body).collect::<Vec<_>>());
    let guess = topic_words
        .chain(text_words.filter(|w| w.len() >= 4 && w.chars().all(char::is_alphabetic)))
        .filter(|w| strsim::levenshtein(w, &word) <= 2)
        .min_by_key(|w| strsim::levenshtein(w, &word))
        .map(|w| format!(" did you mean `:help {w}`?"))
        .unwrap_or_default();
    Err(format!(
        "error: no help on `{asked}`: no topic or section of the reference has the word;{guess} topics: {}\n",
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
            assert!(
                !s.body.contains("<!--"),
                "section {} shows a comment",
                s.title
            );
        }
        // each heading of the reference is a section, the parts too
        let headings = REFERENCE
            .lines()
            .filter(|l| l.starts_with("## ") || l.starts_with("### "))
            .count();
        assert_eq!(all.len(), headings);
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

    #[test]
    fn a_part_of_a_section_is_a_topic_of_its_own() {
        let misere = help("misère").unwrap();
        assert!(misere.starts_with("Misère play\n\n"), "{misere}");
        assert!(!misere.contains("<!--"), "{misere}");
        assert!(misere.contains("`:help quotient` (Misère quotients)"), "{misere}");
        assert!(misere.contains("More on this: `:help canonical` (Misère canonical forms)"), "{misere}");
        // the part is not shown with the section
        assert!(!misere.contains("\n### "), "{misere}");
        let quotient = help("quotient").unwrap();
        assert!(quotient.starts_with("Misère quotients\n\n"), "{quotient}");
        assert!(!quotient.contains("<!--"));
    }

    #[test]
    fn a_word_of_the_reference_finds_its_sections() {
        let kayles = help("kayles").unwrap();
        assert!(
            kayles.starts_with("`kayles` is not a topic; the reference uses it in "),
            "{kayles}"
        );
        assert!(kayles.contains("is also in: `:help "), "{kayles}");
        // two words: the sections that use both
        let both = help("kayles misère").unwrap();
        assert!(both.contains("most in this one (`:help misere`)"), "{both}");
        // a misspelt word of the text
        let err = help("kaylse").unwrap_err();
        assert!(err.contains("did you mean `:help kayles`?"), "{err}");
    }
}
