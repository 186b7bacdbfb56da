//! Each kind of plot opened in a real browser (headless Chromium, as
//! `.ci/run` installs it): the screenshot must show the plot, not a blank
//! or an error page. A fresh checkout may have no Chromium, so the test is
//! marked ignored; `.ci/run` runs it with `--ignored`, and run so it fails
//! where no Chromium can be found.

use mex::session::Session;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The browser: `$MEX_CHROMIUM`, else the first of the usual names on PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MEX_CHROMIUM").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for name in [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// Opens `page` in the browser and saves a screenshot of it as `png`.
fn screenshot(browser: &Path, page: &Path, png: &Path, work: &Path) -> Result<(), String> {
    let profile = work.join(format!("profile-{}", png.display().to_string().len()));
    let _ = std::fs::remove_dir_all(&profile);
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=1000,800",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", browser.display()))?;
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > Duration::from_secs(120) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("the browser took more than two minutes".into());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(100)),
            Err(e) => return Err(format!("waiting for the browser: {e}")),
        }
    }
    let _ = std::fs::remove_dir_all(&profile);
    if !png.is_file() {
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            use std::io::Read;
            let _ = e.read_to_string(&mut err);
        }
        return Err(format!(
            "no screenshot was written; the browser said:\n{err}"
        ));
    }
    Ok(())
}

/// The pixels of a PNG as RGB triples, with its width and height.
fn pixels(png: &Path) -> (Vec<[u8; 3]>, u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png).expect("the screenshot opens"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let step = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    let px = buf[..info.buffer_size()]
        .chunks(step)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (px, info.width, info.height)
}

fn near(p: [u8; 3], q: [u8; 3]) -> bool {
    p.iter().zip(q).all(|(a, b)| a.abs_diff(b) <= 40)
}

#[test]
#[ignore = "needs Chromium (apt-get install chromium, or MEX_CHROMIUM); .ci/run runs it"]
fn a_browser_shows_each_kind_of_plot() {
    let Some(browser) = chromium() else {
        panic!("no Chromium found (`apt-get install chromium`, or set MEX_CHROMIUM)");
    };
    let temp = tempfile::Builder::new()
        .prefix("mex-browser-")
        .tempdir()
        .expect("temp dir");
    let work = temp.path();
    let (seq, heat) = (work.join("kayles.svg"), work.join("two.svg"));
    let src = format!(
        "game kayles = octal 0.77
game two(m, n) = {{ two(m, j) for j in 0..n }} | {{ two(i, n) for i in 0..m }}
plot kayles 0..300 to \"{}\"
plot two 0..12 0..12 to \"{}\"",
        seq.display(),
        heat.display()
    );
    let (_, report) = Session::default().run_collect("<browser>", &src);
    assert_eq!(report.status(), 0, "{:?}", report.errors);

    // The sequence: a white page with the plot's red dots and the blue of
    // the period band on it.
    let png = work.join("kayles.png");
    screenshot(&browser, &seq, &png, work).unwrap_or_else(|e| panic!("{e}"));
    let (px, w, h) = pixels(&png);
    assert_eq!((w, h), (1000, 800));
    let white = px.iter().filter(|p| near(**p, [255, 255, 255])).count();
    let red = px.iter().filter(|p| near(**p, [200, 30, 40])).count();
    let band = px.iter().filter(|p| near(**p, [214, 214, 255])).count();
    let dark = px.iter().filter(|p| p.iter().all(|c| *c < 100)).count();
    assert!(
        white > px.len() / 2,
        "mostly a white page: {white} of {}",
        px.len()
    );
    assert!(red > 500, "the values' dots: {red} red pixels");
    assert!(band > 2000, "the period's band: {band} pixels");
    assert!(dark > 500, "axes and text: {dark} dark pixels");

    // The heat map: squares in the colours of the scale, from the dark
    // purple of 0 to the yellow of the largest value.
    let png = work.join("two.png");
    screenshot(&browser, &heat, &png, work).unwrap_or_else(|e| panic!("{e}"));
    let (px, _, _) = pixels(&png);
    let purple = px.iter().filter(|p| near(**p, [68, 1, 84])).count();
    let yellow = px.iter().filter(|p| near(**p, [253, 231, 37])).count();
    let colours: std::collections::BTreeSet<[u8; 3]> = px
        .iter()
        .map(|p| [p[0] >> 4, p[1] >> 4, p[2] >> 4])
        .collect();
    assert!(purple > 1000, "squares of value 0: {purple} pixels");
    assert!(
        yellow > 1000,
        "squares of the largest value: {yellow} pixels"
    );
    assert!(colours.len() > 12, "a scale of colours: {}", colours.len());
}
