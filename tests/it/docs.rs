//! The documentation runs as written: every ```mex block of README.md and
//! docs/*.md runs without an error (the blocks of one page in one session,
//! as a reader typing along), and a ```text block right after one is exactly
//! what it prints. Links stay inside the repository. The blocks run in a
//! fresh folder of their own, so the files they write (`plot ... to`,
//! `sequence ... to`) land there, and are new each time.

use mex::session::Session;
use std::path::{Path, PathBuf};

pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// README.md and the pages of docs/, in order.
pub(crate) fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The fenced blocks of a page: (language, text).
pub(crate) fn blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(lang) = line.trim_start().strip_prefix("```") else {
            continue;
        };
        let mut body = String::new();
        for l in lines.by_ref() {
            if l.trim_start().starts_with("```") {
                break;
            }
            body.push_str(l);
            body.push('\n');
        }
        out.push((lang.trim().to_string(), body));
    }
    out
}

#[test]
fn the_statements_in_the_docs_run_as_shown() {
    // the pages are found from the manifest's folder, whatever the
    // current one; the files the blocks write go to this one
    let folder = tempfile::Builder::new()
        .prefix("mex-docs-")
        .tempdir()
        .expect("a temporary folder");
    std::env::set_current_dir(folder.path()).expect("into the temporary folder");
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page");
        let blocks = blocks(&text);
        let mut session = Session::default();
        for (i, (lang, body)) in blocks.iter().enumerate() {
            if lang != "mex" {
                continue;
            }
            let (lines, report) = session.run_collect(&page.display().to_string(), body);
            let errors: Vec<String> = report
                .errors
                .iter()
                .map(|d| session.render(d, false))
                .collect();
            assert!(
                errors.is_empty(),
                "{}: a block has errors:\n{body}\n{}",
                page.display(),
                errors.join("\n")
            );
            if let Some((next, want)) = blocks.get(i + 1)
                && next == "text"
            {
                let got: String = lines.iter().map(|l| format!("{l}\n")).collect();
                assert_eq!(&got, want, "{}: the output of\n{body}", page.display());
                checked += 1;
            }
        }
    }
    assert!(checked >= 12, "only {checked} outputs checked");
}

#[test]
fn links_stay_inside_the_repository() {
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page");
        assert!(
            !text.contains("../"),
            "{} points outside the repository",
            page.display()
        );
        let dir = page.parent().expect("a directory");
        for (i, _) in text.match_indices("](") {
            let target: String = text[i + 2..].chars().take_while(|&c| c != ')').collect();
            if target.starts_with("http") || target.starts_with('#') {
                continue;
            }
            let file = target.split('#').next().unwrap_or("");
            assert!(
                dir.join(file).exists(),
                "{}: the link to {target} leads nowhere",
                page.display()
            );
        }
    }
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    assert!(
        readme.contains("](docs/language.md)"),
        "README links the reference"
    );
    assert!(
        readme.contains("](docs/tutorial.md)"),
        "README links the tutorial"
    );
}
