//! The playground (web/, built by web/build.sh into target/web) served
//! from a loopback port and driven in headless Chromium by
//! web/test/drive.mjs (playwright-core, from web/package.json): an answer,
//! a sequence, a FAIL with its why, an error with its hint, a plot drawn in
//! the page, Stop during a long computation (its rate shown while it
//! works), the version shown, the examples menu (picking one clears the old
//! answers, an edit shows in the menu, no test marker shows), every file of
//! examples/ answering byte for byte as the command line does, and a
//! 400-pixel-wide screen with no sideways scrolling.
//!
//! The test needs the site, the driver, node and Chromium, which a fresh
//! checkout has not got, so it is marked ignored: `cargo test` lists it as
//! ignored, and `.ci/run` builds what it needs and runs it with
//! `cargo test --release -- --ignored`. Run so, a missing piece fails it.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Serves the files of `dir` on a loopback port, each request on a thread.
fn serve(dir: PathBuf) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let addr = listener.local_addr().expect("its address");
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || answer(stream, &dir));
        }
    });
    format!("http://{addr}/index.html")
}

fn answer(mut stream: TcpStream, dir: &Path) {
    let mut line = String::new();
    let mut reader = BufReader::new(stream.try_clone().expect("a stream"));
    if reader.read_line(&mut line).is_err() {
        return;
    }
    // the rest of the request's head
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
        header.clear();
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/");
    let path = path
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .trim_start_matches('/');
    let safe = !path.split('/').any(|p| p == ".." || p.is_empty());
    let file = dir.join(if path.is_empty() { "index.html" } else { path });
    let (status, body) = match std::fs::read(&file) {
        Ok(b) if safe => ("200 OK", b),
        _ => ("404 Not Found", b"not found".to_vec()),
    };
    let kind = match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("css") => "text/css",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(&body));
}

/// Every spec of examples/ (the class to grade aside), sorted.
fn examples(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("examples/").flatten() {
        let p = e.path();
        if p.is_dir() && p.file_name().is_some_and(|n| n != "grading") {
            examples(&p, out);
        } else if p.extension().is_some_and(|x| x == "mex") {
            out.push(p);
        }
    }
    out.sort();
}

fn missing(what: &str) -> ! {
    panic!("the playground test needs {what}");
}

#[test]
#[ignore = "needs the site (bash web/build.sh), `npm ci` in web/ and Chromium; .ci/run runs it"]
fn the_playground_in_a_browser() {
    let site = root().join("target/web");
    if !site.join("index.html").is_file() {
        missing("the site: run web/build.sh");
    }
    let driver = root().join("web/node_modules/playwright-core");
    if !driver.is_dir() {
        missing("playwright-core: run `npm install` in web/");
    }
    if Command::new("node").arg("--version").output().is_err() {
        missing("node");
    }
    let work = tempfile::tempdir().expect("a temporary folder");
    let mut cases = Vec::new();
    let mut files = Vec::new();
    examples(&root().join("examples"), &mut files);
    for f in &files {
        let out = Command::new(env!("CARGO_BIN_EXE_mex"))
            .arg(f)
            .current_dir(work.path())
            .output()
            .expect("mex runs");
        let text = std::fs::read_to_string(f).expect("an example");
        let name = f.strip_prefix(root()).unwrap_or(f).display().to_string();
        cases.push(serde_json::json!([
            name,
            text,
            String::from_utf8_lossy(&out.stdout)
        ]));
    }
    let checks = serde_json::json!({
        "grundy": "grundy nim(6) + nim(12) + nim(9)",
        "sequence": "game kayles = octal 0.77\nsequence kayles 0..12",
        "fail": "game kayles = octal 0.77\ncheck grundy kayles(5) == 3",
        "error": "game kayles = octal 0.77\ngrundy kayels(5)",
        "plot": "game kayles = octal 0.77\nplot kayles 0..120",
        "long": "game t(n) = { t(a) + t(b) + t(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }\ngrundy t(1500)",
        "plots": "game kayles = octal 0.77\nplot kayles 0..120\nplot kayles 0..200\nplot kayles 0..120",
        "table": "table nimsum 0..16 0..16\ngame two(m, n) = { two(m, j) for j in 0..n } | { two(i, n) for i in 0..m }\ntable two 0..12 0..12",
    });
    let json = work.path().join("cases.json");
    std::fs::write(
        &json,
        serde_json::json!({ "checks": checks, "examples": cases, "version": mex::VERSION })
            .to_string(),
    )
    .expect("cases written");
    let url = serve(site);
    let out = Command::new("node")
        .arg(root().join("web/test/drive.mjs"))
        .arg(&url)
        .arg(&json)
        .env("SHOT", work.path().join("playground.png"))
        .output()
        .expect("node runs");
    let said = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the playground test failed:\n{said}\n{err}"
    );
    assert!(said.contains("all checks passed"), "{said}");
    assert!(
        said.contains(&format!("{0} of {0} examples", files.len())),
        "{said}"
    );
}
