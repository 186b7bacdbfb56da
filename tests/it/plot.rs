//! `plot`: the SVG files written are parsed as XML and checked for what
//! they must show; a plot of a million values stays small; bad paths and
//! heavy work are refused with a diagnostic; Ctrl-C stops a long plot.

use mex::engine::{Interrupted, Watch};
use mex::session::Session;
use std::path::Path;

/// A fresh folder for one test's files, removed when the test ends.
/// A directory of the test's own, removed when it ends.
struct Folder(tempfile::TempDir);

impl std::ops::Deref for Folder {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

fn folder(test: &str) -> Folder {
    let prefix = format!("mex-plot-{test}-");
    Folder(
        tempfile::Builder::new()
            .prefix(&prefix)
            .tempdir()
            .expect("temp dir"),
    )
}

/// Runs statements; returns the lines printed, failing on any error.
fn run(src: &str) -> Vec<String> {
    let mut s = Session::default();
    let (lines, report) = s.run_collect("<plot>", src);
    let errors: Vec<String> = report.errors.iter().map(|d| s.render(d, false)).collect();
    assert!(errors.is_empty(), "{src}\n{}", errors.join("\n"));
    lines
}

/// The status and rendered errors of statements that should fail.
fn refused(src: &str) -> (i32, String) {
    let mut s = Session::default();
    let (_, report) = s.run_collect("<plot>", src);
    let errors: Vec<String> = report.errors.iter().map(|d| s.render(d, false)).collect();
    (report.status(), errors.join("\n"))
}

/// Reads an SVG file and checks it is well-formed XML with an `svg` root.
fn svg(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("the plot was written");
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    text
}

/// The texts of an SVG, in document order.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect()
}

fn count(svg: &str, tag: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants().filter(|n| n.has_tag_name(tag)).count()
}

fn quoted(p: &Path) -> String {
    format!("\"{}\"", p.display())
}

#[test]
fn a_sequence_plot_shows_every_value_and_the_period() {
    let dir = folder("kayles");
    let file = dir.join("kayles.svg");
    let lines = run(&format!(
        "game kayles = octal 0.77\nplot kayles 0..200 to {}",
        quoted(&file)
    ));
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with(&format!("wrote {} (", file.display())),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("pre-period 71, period 12 marked (proven)"));
    let text = svg(&file);
    let words = texts(&text);
    for want in [
        "kayles: Grundy values G(n) for n = 0 to 199",
        "n",
        "G(n)",
        "pre-period 71",
        "period 12 (proven)",
    ] {
        assert!(words.iter().any(|w| w == want), "no `{want}` in {words:?}");
    }
    // a dot for each of the 200 values
    assert_eq!(count(&text, "circle"), 200 + 1, "and one in the legend");
}

#[test]
fn past_the_pre_period_one_whole_period_is_shaded() {
    let dir = folder("past");
    let file = dir.join("k.svg");
    run(&format!(
        "game kayles = octal 0.77\nplot kayles 1000..1100 to {}",
        quoted(&file)
    ));
    let text = svg(&file);
    let words = texts(&text);
    assert!(words.iter().any(|w| w == "period 12 (proven)"), "{words:?}");
    assert!(
        !words.iter().any(|w| w.starts_with("pre-period")),
        "{words:?}"
    );
    // the band starts where a period starts: n = 1007 (71 + 78 * 12)
    let doc = roxmltree::Document::parse(&text).unwrap();
    let band = doc
        .descendants()
        .find(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#0000FF"))
        .expect("the period's band");
    let width: f64 = band.attribute("width").unwrap().parse().unwrap();
    let px_per_heap = sequence_columns() / 100.0;
    assert!((width - 12.0 * px_per_heap).abs() <= 2.0, "{width}");
    let x: f64 = band.attribute("x").unwrap().parse().unwrap();
    let left = 20.0 + 64.0; // margin and the labels of the values
    assert!((x - left - 7.0 * px_per_heap).abs() <= 2.0, "{x}");
}

fn sequence_columns() -> f64 {
    mex::plot::sequence::COLUMNS as f64
}

#[test]
fn a_user_rule_is_plotted_with_an_observed_period() {
    let dir = folder("user");
    let file = dir.join("s.svg");
    // `+ nim(0)`: a rule no family has (without it, the rule runs as
    // subtraction {1, 3, 4} and its period is proven)
    let lines = run(&format!(
        "game s(n) = {{ s(n - k) + nim(0) for k in {{1, 3, 4}} if k <= n }}\nplot s 0..60 to {}",
        quoted(&file)
    ));
    assert!(
        lines[0].contains("pre-period 0, period 7 marked (observed)"),
        "{}",
        lines[0]
    );
    let words = texts(&svg(&file));
    assert!(
        words.iter().any(|w| w == "period 7 (observed)"),
        "{words:?}"
    );
}

#[test]
fn a_million_values_make_a_small_plot() {
    let dir = folder("million");
    let file = dir.join("k.svg");
    let lines = run(&format!(
        "game kayles = octal 0.77\nplot kayles 0..1000000 to {}",
        quoted(&file)
    ));
    assert!(lines[0].contains("n = 0 to 999999"), "{}", lines[0]);
    let text = svg(&file);
    assert!(
        text.len() < 100_000,
        "{} bytes for a million values",
        text.len()
    );
    // Past the pre-period only 1, 2, 4, 7 and 8 occur: each a stroke
    // across the plot, not a mark per heap.
    assert!(count(&text, "rect") < 100, "{}", count(&text, "rect"));

    // Grundy's game varies: bars where a column holds many values, still small.
    let file = dir.join("gg.svg");
    run(&format!(
        "game gg = grundy\nplot gg 0..30000 to {}",
        quoted(&file)
    ));
    let text = svg(&file);
    assert!(text.len() < 250_000, "{} bytes", text.len());
}

#[test]
fn a_heat_map_has_a_square_for_each_cell_and_a_scale() {
    let dir = folder("heat");
    let file = dir.join("two.svg");
    let lines = run(&format!(
        "game two(m, n) = {{ two(m, j) for j in 0..n }} | {{ two(i, n) for i in 0..m }}\nplot two 0..8 0..8 to {}",
        quoted(&file)
    ));
    assert!(
        lines[0].contains("a heat map of two, rows 0 to 7, columns 0 to 7"),
        "{}",
        lines[0]
    );
    let text = svg(&file);
    let words = texts(&text);
    for want in [
        "two(m, n): Grundy values",
        "m (rows)",
        "n (columns)",
        "value",
    ] {
        assert!(words.iter().any(|w| w == want), "no `{want}` in {words:?}");
    }
    // the values written in the squares: 64 cells, each 0..7 eight times
    let cells: Vec<&String> = words
        .iter()
        .filter(|w| w.parse::<u64>().is_ok_and(|v| v < 8))
        .collect();
    assert!(cells.len() >= 64, "{words:?}");
    // each square filled with a colour of the scale
    let doc = roxmltree::Document::parse(&text).unwrap();
    let fills: std::collections::BTreeSet<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter_map(|n| n.attribute("fill"))
        .collect();
    assert!(fills.len() >= 8, "{fills:?}");
}

#[test]
fn a_large_heat_map_is_gathered_into_blocks() {
    let dir = folder("blocks");
    let file = dir.join("nimsum.svg");
    let lines = run(&format!("plot nimsum 0..1000 0..1000 to {}", quoted(&file)));
    assert!(
        lines[0].contains("the largest value of a block of 13 x 13"),
        "{}",
        lines[0]
    );
    let text = svg(&file);
    assert!(text.len() < 700_000, "{} bytes", text.len());
}

#[test]
fn bad_files_are_refused_before_any_work() {
    let dir = folder("bad");
    let missing = dir.join("no such folder").join("k.svg");
    let (status, err) = refused(&format!(
        "game kayles = octal 0.77\nplot kayles 0..10 to {}",
        quoted(&missing)
    ));
    assert_eq!(status, 2);
    assert!(err.contains("does not exist"), "{err}");
    assert!(err.contains("<plot>:2:"), "points at the file name: {err}");

    let folder_svg = dir.join("folder.svg");
    std::fs::create_dir_all(&folder_svg).unwrap();
    let (status, err) = refused(&format!("plot nimsum 0..4 0..4 to {}", quoted(&folder_svg)));
    assert_eq!(status, 2);
    assert!(err.contains("is a folder"), "{err}");

    #[cfg(unix)]
    {
        let fifo = dir.join("pipe.svg");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let (status, err) = refused(&format!("plot nimsum 0..4 0..4 to {}", quoted(&fifo)));
            assert_eq!(status, 2);
            assert!(err.contains("not a regular file"), "{err}");
        }
    }

    for (src, want) in [
        ("plot nimsum 0..4 0..4 to \"x.png\"", "written as SVG"),
        ("plot nimsum 0..4 0..4 to \"\"", "file name is empty"),
        ("plot nimsum 0..4 0..4 to \"open.svg", "no closing"),
        ("plot nimsum 0..4 0..4 into \"x.svg\"", "expected `to` here"),
        ("plot nimsum 0..4 to \"x.svg\"", "`nimsum`"),
        (
            "game kayles = octal 0.77\nplot kayles 0..4 0..4 to \"x.svg\"",
            "takes 1 parameter",
        ),
        (
            "game two(m, n) = { two(m, j) for j in 0..n }\nplot two 0..4 to \"x.svg\"",
            "takes 2 parameters",
        ),
        (
            "plot nimsum 4..4 0..4 to \"x.svg\"",
            "the range 4..4 is empty",
        ),
    ] {
        let (status, err) = refused(src);
        assert_eq!(status, 2, "{src}");
        assert!(err.contains(want), "{src}: {err}");
    }
    assert!(!Path::new("x.svg").exists() && !Path::new("x.png").exists());
}

#[test]
fn heavy_plots_are_refused_with_the_setting_to_raise() {
    let dir = folder("heavy");
    let file = dir.join("far.svg");
    let (status, err) = refused(&format!(
        "game kayles = octal 0.77\nplot kayles 0..1_000_000_000_000 to {}",
        quoted(&file)
    ));
    assert_eq!(status, 2);
    assert!(err.contains("`set heap"), "{err}");
    let (status, err) = refused(&format!(
        "plot nimsum 0..100000 0..100000 to {}",
        quoted(&file)
    ));
    assert_eq!(status, 2);
    assert!(err.contains("`set positions"), "{err}");
    // a family past its heap limit with no period is refused by the table
    let (status, err) = refused(&format!(
        "game gg = grundy\nset heap 1000\nplot gg 500..1500 to {}",
        quoted(&file)
    ));
    assert_eq!(status, 2);
    assert!(err.contains("gg(1499) is past the heap limit"), "{err}");
    assert!(!file.exists(), "nothing written");
}

/// Stops the work at the tick after `after`.
struct StopAfter(u64);

impl Watch for StopAfter {
    fn tick(&mut self, _: u64, _: u64) -> Result<(), Interrupted> {
        if self.0 == 0 {
            return Err(Interrupted);
        }
        self.0 -= 1;
        Ok(())
    }
}

#[test]
fn a_long_plot_stops_on_ctrl_c() {
    let dir = folder("stop");
    let file = dir.join("long.svg");
    // A proven period answers each of these heaps at once; only the loop
    // over them is long, and it ticks.
    let src = format!(
        "game kayles = octal 0.77\nperiod kayles\nset heap 100000000000\nplot kayles 1_000_000_000..1_050_000_000 to {}",
        quoted(&file)
    );
    let mut s = Session::new(Box::new(StopAfter(50)));
    let (_, report) = s.run_collect("<plot>", &src);
    assert!(report.interrupted);
    assert!(!file.exists());
    let src = format!("plot nimsum 0..3000 0..3000 to {}", quoted(&file));
    let mut s = Session::new(Box::new(StopAfter(10)));
    let (_, report) = s.run_collect("<plot>", &src);
    assert!(report.interrupted);
    assert!(!file.exists());
}

/// The SVG of a plot with no file, after `before` ran in the same session.
fn drawn_after(before: &str, plot: &str) -> String {
    let mut s = Session::default();
    run_in_session(&mut s, before);
    let lines = run_in_session(&mut s, plot);
    let text = lines.join("\n");
    roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    text
}

fn run_in_session(s: &mut Session, src: &str) -> Vec<String> {
    let (lines, report) = s.run_collect("<plot>", src);
    let errors: Vec<String> = report.errors.iter().map(|d| s.render(d, false)).collect();
    assert!(errors.is_empty(), "{src}\n{}", errors.join("\n"));
    lines
}

/// The period a plot marks is the one its own values show: what the
/// session computed before (a longer plot, `period`, a far heap) changes
/// nothing, on the command line, in the REPL and in the playground alike.
#[test]
fn the_period_marked_depends_on_the_plot_alone() {
    let game = "game kayles = octal 0.77";
    let fresh = drawn_after(game, "plot kayles 0..120");
    // 120 values do not prove Kayles' period (the theorem needs 168), and
    // its pre-period 71 lies past their first half: nothing is marked.
    let words = texts(&fresh);
    assert!(
        !words.iter().any(|w| w.contains("period")),
        "a period marked in a plot of 0..120: {words:?}"
    );
    for before in [
        "plot kayles 0..200",
        "period kayles",
        "grundy kayles(100000)",
        "sequence kayles 0..1000",
        "plot kayles 1000..1100",
    ] {
        let after = drawn_after(&format!("{game}\n{before}"), "plot kayles 0..120");
        assert!(
            after == fresh,
            "`plot kayles 0..120` after `{before}` differs from a fresh session's"
        );
    }
    // and the other way round: a plot that proves the period marks it
    // whatever came before
    let proven = drawn_after(game, "plot kayles 0..200");
    assert!(texts(&proven).iter().any(|w| w == "period 12 (proven)"));
    for before in ["plot kayles 0..120", "period kayles", "grundy kayles(5000)"] {
        let after = drawn_after(&format!("{game}\n{before}"), "plot kayles 0..200");
        assert!(
            after == proven,
            "`plot kayles 0..200` after `{before}` differs"
        );
    }
    // The `wrote` line of a plot to a file says the same.
    let dir = folder("alone");
    let file = quoted(&dir.join("k.svg"));
    let mut s = Session::default();
    let first = run_in_session(&mut s, &format!("{game}\nplot kayles 0..120 to {file}"));
    run_in_session(&mut s, "plot kayles 0..400\nperiod kayles");
    let again = run_in_session(&mut s, &format!("plot kayles 0..120 to {file}"));
    assert_eq!(first, again);
    assert!(first[0].ends_with("no period marked"), "{}", first[0]);
}

/// A subtraction game's period is proven from a repeated window of the
/// plotted values, and a rule no family runs has its period observed in
/// them, whatever ran before.
#[test]
fn windows_and_observed_periods_come_from_the_plotted_values() {
    let sub = "game s = subtraction {1, 3, 4}";
    let fresh = drawn_after(sub, "plot s 0..30");
    assert!(
        texts(&fresh).iter().any(|w| w == "period 7 (proven)"),
        "{:?}",
        texts(&fresh)
    );
    assert!(drawn_after(&format!("{sub}\nperiod s\nplot s 0..3000"), "plot s 0..30") == fresh);
    // too few values for a window of 4 to repeat: nothing marked, even
    // after the period was proven
    let short = drawn_after(sub, "plot s 0..9");
    assert!(!texts(&short).iter().any(|w| w.contains("period")));
    assert!(drawn_after(&format!("{sub}\nperiod s"), "plot s 0..9") == short);
    // wide windows: the same period as `period` proves
    let dir = folder("wide");
    let file = quoted(&dir.join("w.svg"));
    for (set, period) in [("{1, 2000}", 2001), ("{3, 700, 1000}", 1700)] {
        let lines = run(&format!(
            "game w = subtraction {set}\nperiod w\nplot w 0..20000 to {file}"
        ));
        assert!(
            lines[0].starts_with(&format!("pre-period 0, period {period}: proven")),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].ends_with(&format!("pre-period 0, period {period} marked (proven)")),
            "{}",
            lines[1]
        );
    }
    let user = "game u(n) = { u(n - k) + nim(0) for k in {1, 3, 4} if k <= n }";
    let fresh = drawn_after(user, "plot u 0..60");
    assert!(texts(&fresh).iter().any(|w| w == "period 7 (observed)"));
    assert!(drawn_after(&format!("{user}\nperiod u\nplot u 0..500"), "plot u 0..60") == fresh);
}
