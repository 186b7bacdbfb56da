//! The layers of the source, read from the source itself: data flows one
//! way, and no `use crate::` runs against it.
//!
//! ```text
//! diag, event                    words' data: diagnostics, output events
//! engine, syntax, plot           plain engines; the text's syntax; drawing
//! ir                             the checked form the evaluator runs
//! resolve                        names, types, lowering (syntax → ir)
//! eval                           the evaluator over ir, on the engines
//! query                          answers as data
//! render                         every word, in text and JSON
//! session                        source text in, events out
//! grade, repl, survey            front ends in the library
//! ```
//!
//! A module may use a module of a lower layer, never one of its own layer
//! or above. Unit tests (`tests.rs`, `#[cfg(test)]` modules) may use any.
//! The REPL asks the session through its methods, never its fields.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const LAYERS: &[(&str, usize)] = &[
    ("diag", 0),
    ("event", 0),
    ("engine", 1),
    ("syntax", 1),
    ("plot", 1),
    ("ir", 2),
    ("resolve", 3),
    ("eval", 4),
    ("query", 5),
    ("render", 6),
    ("session", 7),
    ("grade", 8),
    ("repl", 8),
    ("survey", 8),
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l)
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a folder of src").flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a source file that is not a unit test: the lines before a
/// `#[cfg(test)]` at the start of a line, comments left out.
fn code(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        out.push((i + 1, code));
    }
    out
}

/// Every `crate::MODULE` a line names.
fn named(line: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = line;
    while let Some(i) = rest.find("crate::") {
        let after = &rest[i + 7..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name);
        }
        rest = after;
    }
    out
}

/// The imports that run against the layers, as `file:line: A uses B`.
fn against_the_layers(src: &Path) -> Vec<String> {
    let mut all = Vec::new();
    files(src, &mut all);
    all.sort();
    let mut found = Vec::new();
    for path in all {
        let rel = path.strip_prefix(src).expect("under src");
        let top = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .map(|s| s.trim_end_matches(".rs").to_string())
            .unwrap_or_default();
        let Some(own) = layer(&top) else {
            continue; // lib.rs, main.rs, the binary's cli/
        };
        if rel.file_name().is_some_and(|n| n == "tests.rs")
            || rel.components().any(|c| c.as_os_str() == "tests")
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (n, line) in code(&text) {
            for m in named(line) {
                if m == top {
                    continue;
                }
                match layer(&m) {
                    Some(l) if l < own => {}
                    _ => found.push(format!("{}:{n}: {top} uses {m}", rel.display())),
                }
            }
        }
    }
    found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_import_runs_against_the_layers() {
    let found = against_the_layers(&src());
    assert!(
        found.is_empty(),
        "imports against the layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn an_upward_import_added_back_is_found() {
    // a copy of src/ with one upward import put back: the test must see it
    let dir = tempfile::tempdir().expect("a temp dir");
    let copy = dir.path().join("src");
    copy_tree(&src(), &copy);
    let hints = copy.join("syntax/hints.rs");
    let text = std::fs::read_to_string(&hints).expect("hints.rs");
    std::fs::write(&hints, format!("use crate::resolve::names::Names;\n{text}")).expect("written");
    let found = against_the_layers(&copy);
    assert_eq!(found, ["syntax/hints.rs:1: syntax uses resolve"]);
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for e in std::fs::read_dir(from).expect("a folder").flatten() {
        let p = e.path();
        let target = to.join(e.file_name());
        if p.is_dir() {
            copy_tree(&p, &target);
        } else {
            std::fs::copy(&p, &target).expect("copied");
        }
    }
}

#[test]
fn the_repl_asks_the_session_through_methods() {
    let mut found = Vec::new();
    let mut all = Vec::new();
    files(&src().join("repl"), &mut all);
    for path in all {
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (n, line) in code(&text) {
            for field in [
                "store", "names", "defs", "sources", "uses_of", "format", "color",
            ] {
                let at = format!("session.{field}");
                if let Some(i) = line.find(&at) {
                    let next = line[i + at.len()..].chars().next();
                    // a method call is a field name followed by `(`
                    if next != Some('(') {
                        found.push(format!("{}:{n}: {}", path.display(), line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the REPL reaches into the session:\n{}",
        found.join("\n")
    );
}

/// The name of the function a line opens, when it opens one: a line
/// `INDENT [pub[(..)] ][const ][unsafe ]fn NAME` that does not end in `;`.
/// Gives the indentation and the name.
fn opens_function(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim_start();
    let indent = &line[..line.len() - rest.len()];
    let mut rest = rest;
    if let Some(after) = rest.strip_prefix("pub") {
        if let Some(after) = after.strip_prefix(' ') {
            rest = after;
        } else if after.starts_with('(') {
            let close = after.find(')')?;
            rest = after[close + 1..].strip_prefix(' ')?;
        }
    }
    rest = rest.strip_prefix("const ").unwrap_or(rest);
    rest = rest.strip_prefix("unsafe ").unwrap_or(rest);
    let after = rest.strip_prefix("fn ")?;
    let name_len = after
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(after.len());
    if name_len == 0 || line.trim_end().ends_with(';') {
        return None;
    }
    Some((indent, &after[..name_len]))
}

/// Every function of `src/**/*.rs` longer than `limit` lines, counted from
/// its `fn` line to the first later line that is its indentation and `}`,
/// as `LINES file NAME`, longest first.
fn long_functions(src: &Path, limit: usize) -> Vec<String> {
    let mut all = Vec::new();
    files(src, &mut all);
    let mut found = Vec::new();
    for path in all {
        let rel = path.strip_prefix(src).expect("under src");
        let text = std::fs::read_to_string(&path).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some((indent, name)) = opens_function(line) else {
                continue;
            };
            let close = format!("{indent}}}");
            let end = (i + 1..lines.len())
                .find(|&j| lines[j] == close)
                .unwrap_or(lines.len() - 1);
            let length = end - i + 1;
            if length > limit {
                found.push((length, format!("{}", rel.display()), name.to_string()));
            }
        }
    }
    found.sort_by(|a, b| b.cmp(a));
    found
        .into_iter()
        .map(|(n, file, name)| format!("{n} {file} {name}"))
        .collect()
}

/// A function reads in one sitting: none in `src/` is over 100 lines.
const LONGEST_FUNCTION: usize = 100;

#[test]
fn no_function_is_over_a_hundred_lines() {
    let found = long_functions(&src(), LONGEST_FUNCTION);
    assert!(
        found.is_empty(),
        "functions over {LONGEST_FUNCTION} lines:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_long_function_added_back_is_found() {
    // a copy of src/ with one long function put back: the test must see it
    let dir = tempfile::tempdir().expect("a temp dir");
    let copy = dir.path().join("src");
    copy_tree(&src(), &copy);
    let hints = copy.join("syntax/hints.rs");
    let text = std::fs::read_to_string(&hints).expect("hints.rs");
    let body = "    let _ = 0;\n".repeat(LONGEST_FUNCTION);
    let long = format!("pub(crate) fn far_too_long() {{\n{body}}}\n");
    std::fs::write(&hints, format!("{text}\n{long}")).expect("written");
    let found = long_functions(&copy, LONGEST_FUNCTION);
    assert_eq!(
        found,
        [format!(
            "{} syntax/hints.rs far_too_long",
            LONGEST_FUNCTION + 2
        )]
    );
}
