//! The editors' support (editors/vscode): the extension declares the
//! language, its grammar colours what the playground colours, and on the
//! examples it colours what the lexer reads (keywords, numbers, strings,
//! comments), checked with `vscode-tmgrammar-test` (from the npm registry:
//! `.ci/run` installs it and runs the ignored test).

use mex::syntax::token::Tok;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn json(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The words of an alternation `(?:a|b|c)` in a pattern.
fn alternatives(pattern: &str) -> BTreeSet<String> {
    let start = pattern.find("(?:").expect("an alternation") + 3;
    let end = start + pattern[start..].find(')').expect("its end");
    pattern[start..end].split('|').map(str::to_string).collect()
}

/// The words the playground colours as keywords (web/site/app.js).
fn playground_keywords() -> BTreeSet<String> {
    let app = std::fs::read_to_string(root().join("web/site/app.js")).expect("app.js");
    let start = app
        .find("const KEYWORDS = new Set([")
        .expect("the playground's keywords");
    let end = start + app[start..].find("])").expect("their end");
    app[start..end]
        .split('\'')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn the_extension_declares_the_language_and_its_grammar() {
    let package = json("editors/vscode/package.json");
    let language = &package["contributes"]["languages"][0];
    assert_eq!(language["id"], "mex");
    assert_eq!(language["extensions"][0], ".mex");
    let grammar = &package["contributes"]["grammars"][0];
    assert_eq!(grammar["scopeName"], "source.mex");
    let path = grammar["path"].as_str().unwrap();
    assert_eq!(
        json(&format!("editors/vscode/{path}"))["scopeName"],
        "source.mex"
    );
    let config = json("editors/vscode/language-configuration.json");
    assert_eq!(config["comments"]["lineComment"], "#");
    let main = package["main"].as_str().unwrap();
    let client = std::fs::read_to_string(root().join("editors/vscode").join(main)).unwrap();
    assert!(
        client.contains("args: ['lsp']"),
        "the client starts `mex lsp`"
    );
}

#[test]
fn the_grammar_colours_the_playgrounds_keywords_which_are_the_lexers() {
    let grammar = json("editors/vscode/syntaxes/mex.tmLanguage.json");
    let repo = &grammar["repository"];
    let keywords = alternatives(repo["keyword"]["match"].as_str().unwrap());
    assert_eq!(keywords, playground_keywords());
    for k in Tok::KEYWORDS {
        assert!(
            keywords.contains(*k),
            "the lexer's keyword `{k}` is not coloured"
        );
    }
    // the playground also colours the words keywords only where they stand
    let extra: Vec<&String> = keywords
        .iter()
        .filter(|k| Tok::keyword(k).is_none())
        .collect();
    assert_eq!(extra, ["as", "by", "move", "quotient", "to"]);
    let builtins = alternatives(repo["builtin"]["match"].as_str().unwrap());
    assert_eq!(
        builtins,
        BTreeSet::from(["nim".to_string(), "nimsum".to_string()])
    );
}

/// The scope the grammar must give a token the lexer read, or must not
/// give (`- keyword.control.mex` for a name); `star` when a `*` is right
/// before it (`*3` is a nimber, however the lexer splits it).
fn scope(tok: &Tok, text: &str, star: bool) -> Option<&'static str> {
    let numeric = |t: &str| {
        let (a, b) = t.split_once('.').unwrap_or((t, "0"));
        a.starts_with(|c: char| c.is_ascii_digit())
            && a.chars().all(|c| c.is_ascii_digit() || c == '_')
            && !b.is_empty()
            && b.chars().all(|c| c.is_ascii_digit())
    };
    match tok {
        Tok::Int(_) if star => Some("constant.language.nimber.mex"),
        _ if Tok::keyword(text).is_some() => Some("keyword.control.mex"),
        Tok::Int(_) | Tok::Code(_) if numeric(text) => Some("constant.numeric.mex"),
        Tok::Str(_) => Some("string.quoted.double.mex"),
        Tok::Ident(n) | Tok::CallName(n) if n == "nim" || n == "nimsum" => {
            Some("support.function.builtin.mex")
        }
        Tok::Ident(n) | Tok::CallName(n)
            if !["to", "as", "by", "move", "quotient"].contains(&n.as_str()) =>
        {
            Some("- keyword.control.mex")
        }
        _ if text.starts_with('*') && text[1..].chars().all(|c| c.is_ascii_digit()) => {
            Some("constant.language.nimber.mex")
        }
        _ => None,
    }
}

/// An assertion line of `vscode-tmgrammar-test` under a line: `^` under
/// the columns (UTF-16 units) `from..to`, or `<-` for those from 0.
fn assertion(line: &str, from: usize, to: usize, scope: &str) -> String {
    let col = |b: usize| line[..b].encode_utf16().count();
    let (c, w) = (col(from), col(to) - col(from));
    match c {
        0 => format!("# <{} {scope}\n", "-".repeat(w)),
        _ => format!("#{}{} {scope}\n", " ".repeat(c - 1), "^".repeat(w)),
    }
}

/// An example as a test file of `vscode-tmgrammar-test`: each line, then
/// what the lexer read in it as assertions.
fn syntax_test(name: &str, src: &str) -> String {
    let tokens = mex::syntax::lexer::tokens(src);
    let mut out = format!("# SYNTAX TEST \"source.mex\" \"{name}\"\n");
    let mut start = 0;
    for line in src.split_inclusive('\n') {
        let end = start + line.len();
        let text = line.trim_end_matches('\n');
        out.push_str(text);
        out.push('\n');
        let mut covered = Vec::new();
        for (l, tok, r) in tokens
            .iter()
            .filter(|(l, _, r)| *l >= start && *r <= start + text.len() && r > l)
        {
            covered.push(*l - start..*r - start);
            let star = src[..*l].ends_with('*');
            if let Some(s) = scope(tok, &src[*l..*r], star) {
                out.push_str(&assertion(text, l - start, r - start, s));
            }
        }
        // a comment: a `#` that no token holds (one in a string is in one)
        let hash = text
            .match_indices('#')
            .map(|(i, _)| i)
            .find(|i| !covered.iter().any(|c| c.contains(i)));
        if let Some(h) = hash {
            out.push_str(&assertion(
                text,
                h,
                text.len(),
                "comment.line.number-sign.mex",
            ));
        }
        start = end;
    }
    out
}

fn examples(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("examples").flatten() {
        let p = e.path();
        if p.is_dir() {
            examples(&p, out);
        } else if p.extension().is_some_and(|x| x == "mex") {
            out.push(p);
        }
    }
}

#[test]
#[ignore = "needs vscode-tmgrammar-test from the npm registry (`npm ci` in editors/vscode); .ci/run runs it"]
fn the_grammar_colours_the_examples_as_the_lexer_reads_them() {
    let vscode = root().join("editors/vscode");
    let tester = vscode.join("node_modules/.bin/vscode-tmgrammar-test");
    assert!(
        tester.exists(),
        "{} is missing: run `npm ci` in editors/vscode",
        tester.display()
    );
    let dir = tempfile::tempdir().expect("a folder");
    let mut files = Vec::new();
    examples(&root().join("examples"), &mut files);
    files.sort();
    assert!(files.len() >= 10, "the examples: {files:?}");
    let mut tests = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let src = std::fs::read_to_string(f).expect("an example");
        let name = f.strip_prefix(root()).unwrap_or(f).display().to_string();
        let test = dir.path().join(format!("{i}.mex"));
        std::fs::write(&test, syntax_test(&name, &src)).expect("written");
        tests.push(test);
    }
    let out = std::process::Command::new(&tester)
        .current_dir(&vscode)
        .args(["-g", "syntaxes/mex.tmLanguage.json"])
        .args(&tests)
        .output()
        .expect("vscode-tmgrammar-test runs");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("✓") || said.to_lowercase().contains("passed") || said.is_empty(),
        "{said}"
    );
}

#[test]
fn a_syntax_test_marks_what_the_lexer_reads() {
    let t = syntax_test("t", "grundy nim(3) + foo  # a comment\n");
    assert_eq!(
        t,
        "# SYNTAX TEST \"source.mex\" \"t\"\n\
         grundy nim(3) + foo  # a comment\n\
         # <------ keyword.control.mex\n\
         #      ^^^ support.function.builtin.mex\n\
         #          ^ constant.numeric.mex\n\
         #               ^^^ - keyword.control.mex\n\
         #                    ^^^^^^^^^^^ comment.line.number-sign.mex\n"
    );
}
