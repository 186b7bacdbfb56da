//! The REPL at a real (pseudo-)terminal: a definition typed over two lines,
//! Tab completion of a defined game, Ctrl-C during a long computation, and
//! the same session answering afterwards; history kept in a file.

use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};
use std::process::Command;
use std::time::Duration;

/// Generous: CI machines are small and busy.
const TIMEOUT_MS: u64 = 120_000;

/// Types keys (the writer is line-buffered: push them out now).
fn keys(p: &mut PtySession, s: &str) {
    p.send(s).expect("keys sent");
    p.flush().expect("keys flushed");
}

/// Waits for a fresh prompt: one on a new line, not a redraw of the line
/// being typed (hints redraw it). Keys typed before the editor reads them
/// are kept, but a Ctrl-C drops what follows it, so wait for each prompt.
#[track_caller]
fn prompt(p: &mut PtySession) {
    p.exp_regex(r"\n\rmex> ").expect("a fresh prompt");
}

/// Waits for an answer on a line of its own, then the next prompt.
#[track_caller]
fn answer(p: &mut PtySession, text: &str) {
    p.exp_string(&format!("\n{text}\r\n\rmex> "))
        .expect("the answer, then a prompt");
}

#[track_caller]
fn start(history: &std::path::Path) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mex"));
    cmd.env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .env("MEX_HISTORY", history)
        .env_remove("XDG_DATA_HOME");
    let options = Options::new()
        .timeout_ms(Some(TIMEOUT_MS))
        .strip_ansi_escape_codes(true);
    let mut p = spawn_with_options(cmd, options).expect("mex starts in a pty");
    prompt(&mut p);
    p
}

#[test]
fn definition_completion_interrupt_and_answer_again() {
    let temp = tempfile::Builder::new()
        .prefix("mex-pty-")
        .tempdir()
        .unwrap();
    let dir = temp.path();
    let history = dir.join("history");
    let _ = std::fs::remove_file(&history);

    let mut p = start(&history);
    // A split into three unequal heaps (a rule no family has, so it runs
    // as written and takes long), typed over two lines: the open `{` keeps
    // the input going.
    keys(&mut p, "game split(n) = {\r");
    keys(
        &mut p,
        "split(a) + split(b) + split(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }\r",
    );
    prompt(&mut p);
    // `spl` + Tab completes to the game's name and the `(` of a position.
    keys(&mut p, "grundy spl\t");
    keys(&mut p, "14)\r");
    answer(&mut p, "3");

    // Long work: a progress bar appears after a second; Ctrl-C stops it.
    keys(&mut p, "grundy split(100000)\r");
    p.exp_regex(r"(options looked at|positions), [0-9,]+/s")
        .expect("a progress bar");
    std::thread::sleep(Duration::from_millis(300));
    p.send_control('c').unwrap();
    p.exp_string("interrupted").expect("the computation stops");
    prompt(&mut p);

    // The session goes on with its definition and memo.
    keys(&mut p, "grundy split(11) + split(30)\r");
    answer(&mut p, "10"); // 2 xor 8
    keys(&mut p, "sequence split 0..21\r");
    answer(&mut p, "0 0 0 0 0 0 1 1 1 2 2 2 3 0 3 4 4 4 1 1 5");

    // Ctrl-C at the prompt drops the line; Ctrl-D leaves.
    // (no history line starts with `n`, so no hint: the `(` seen is the echo)
    keys(&mut p, "nonsense(");
    p.exp_string("(").unwrap();
    p.send_control('c').unwrap();
    prompt(&mut p);
    keys(&mut p, ":games\r");
    answer(
        &mut p,
        "game split(n) = { split(a) + split(b) + split(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }",
    );
    p.send_control('d').unwrap();
    p.exp_eof().expect("mex leaves on Ctrl-D");

    let kept = std::fs::read_to_string(&history).expect("a history file");
    assert!(kept.contains("grundy split(100000)"), "{kept}");
    assert!(kept.contains(":games"), "{kept}");
    assert!(!kept.contains("nonsense"), "{kept}");

    // A new session finds the history: Up brings back the last line.
    let mut p = start(&history);
    keys(&mut p, "\x1b[A\r");
    p.exp_string("no games defined yet")
        .expect("`:games` again, from history");
    keys(&mut p, ":q\r");
    p.exp_eof().unwrap();
}

/// Before any position is finished the bar counts the options looked at;
/// Ctrl-C then stops the work at once, however much of it there was.
#[test]
fn progress_counts_positions_and_ctrl_c_stops_at_once() {
    let temp = tempfile::Builder::new()
        .prefix("mex-pty-")
        .tempdir()
        .unwrap();
    let mut p = start(&temp.path().join("history"));
    keys(
        &mut p,
        "game t(n) = { t(a) + t(b) + t(n - a - b) for a in 1..n for b in 1..n - a if a < b and b < n - a - b }\r",
    );
    prompt(&mut p);
    // minutes of work (past the default `set work`, raised here), of which
    // some seconds run, so that there is much to let go of
    keys(&mut p, "set work 100000000000\r");
    prompt(&mut p);
    keys(&mut p, "grundy t(5000)\r");
    loop {
        let (_, seen) = p
            .exp_regex(r"[1-9][0-9,]* positions, [0-9,]+/s, [0-9]+s")
            .expect("the positions counted");
        let secs: u64 = seen
            .rsplit(' ')
            .next()
            .and_then(|s| s.trim_end_matches('s').parse().ok())
            .unwrap_or(0);
        if secs >= 5 {
            break;
        }
    }
    p.send_control('c').unwrap();
    p.exp_string("interrupted").expect("the computation stops");
    prompt(&mut p);
    keys(&mut p, "grundy t(12)\r");
    answer(&mut p, "3");
    keys(&mut p, ":q\r");
    p.exp_eof().unwrap();
}

/// Tab completes a keyword with the space after it, a game in a position
/// with its `(`, a game named alone with a space, a command that takes an
/// argument with a space, and a file name in a string with its closing
/// quote: each line below is typed as a student would, with Tab.
#[test]
fn completion_adds_what_follows_the_word() {
    let temp = tempfile::Builder::new()
        .prefix("mex-pty-")
        .tempdir()
        .unwrap();
    let mut p = start(&temp.path().join("history"));
    keys(&mut p, "game kayles = octal 0.77\r");
    prompt(&mut p);
    // `gru` Tab `kay` Tab `3)`: `grundy kayles(3)`, not `grundykay...`
    keys(&mut p, "gru\t");
    keys(&mut p, "kay\t");
    keys(&mut p, "3)\r");
    answer(&mut p, "3");
    // `seq` Tab `kay` Tab `0..6`: `sequence kayles 0..6`
    keys(&mut p, "seq\t");
    keys(&mut p, "kay\t");
    keys(&mut p, "0..6\r");
    answer(&mut p, "0 1 2 3 1 4");
    // `:ga` Tab: `:games`, nothing after it; `:fo` Tab `j` Tab: `:format json`
    keys(&mut p, ":ga\t\r");
    answer(&mut p, "game kayles = octal 0.77");
    keys(&mut p, ":fo\tj\t\r");
    answer(&mut p, r#"{"command":"format","format":"json"}"#);
    keys(&mut p, ":fo\tt\t\r");
    answer(&mut p, "format text");
    // a file name in a string: completed with its closing quote
    let dir = temp.path().join("plots");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("only-one.svg"), "").unwrap();
    keys(
        &mut p,
        &format!("plot kayles 0..12 to \"{}/on\t", dir.display()),
    );
    keys(&mut p, "\r");
    p.exp_string(&format!("wrote {}", dir.join("only-one.svg").display()))
        .expect("the plot written to the file completed");
    prompt(&mut p);
    keys(&mut p, ":q\r");
    p.exp_eof().unwrap();
}

/// `mex` with its standard output a terminal, in a temporary folder of
/// its own (`TMPDIR`).
#[track_caller]
fn spawn_at_terminal(args: &[&str], tmp: &std::path::Path) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mex"));
    cmd.args(args)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .env("TMPDIR", tmp)
        .env("MEX_HISTORY", tmp.join("history"));
    let options = Options::new()
        .timeout_ms(Some(TIMEOUT_MS))
        .strip_ansi_escape_codes(true);
    spawn_with_options(cmd, options).expect("mex starts in a pty")
}

/// The plots written to the temporary folder, each with its text.
fn plots_in(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut found: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "svg"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    found.sort();
    found
}

/// A plot with no file at a terminal, which cannot show an SVG: it goes to
/// a file of its own in the temporary folder, and one line names it (in
/// the REPL too); in the sandbox, where no file is written, the line says
/// how to have one. (In a pipe the SVG itself is written: see
/// `cli::a_plot_in_a_pipe_is_its_svg`.)
#[test]
fn a_plot_at_a_terminal_goes_to_a_file_it_names() {
    let temp = tempfile::Builder::new()
        .prefix("mex-pty-")
        .tempdir()
        .unwrap();
    let tmp = temp.path();
    let mut p = spawn_at_terminal(&["-e", "game kayles = octal 0.77; plot kayles 0..120"], tmp);
    let (_, line) = p
        .exp_regex(r"wrote [^\r\n]*\.svg \([0-9.]+ KiB; a terminal shows no picture: open it in a browser\): the nim-sequence of kayles for n = 0 to 119; no period marked")
        .expect("a line naming the file");
    p.exp_eof().expect("mex ends");
    assert!(!line.contains("<svg"), "{line}");
    let plots = plots_in(tmp);
    assert_eq!(plots.len(), 1, "{plots:?}");
    let (path, svg) = &plots[0];
    assert!(line.contains(&path.display().to_string()), "{line}");
    roxmltree::Document::parse(svg).expect("the file holds the SVG");
    assert!(svg.contains("kayles: Grundy values G(n) for n = 0 to 119"));

    // the REPL: each plot a file of its own
    let mut p = spawn_at_terminal(&[], tmp);
    prompt(&mut p);
    keys(&mut p, "plot nimsum 0..8 0..8\r");
    p.exp_regex(r"wrote [^\r\n]*nimsum\.svg \(")
        .expect("a line naming the file");
    prompt(&mut p);
    keys(&mut p, "plot nimsum 0..4 0..4\r");
    p.exp_regex(r"wrote [^\r\n]*nimsum\.svg \(")
        .expect("a line naming the file");
    prompt(&mut p);
    keys(&mut p, ":q\r");
    p.exp_eof().unwrap();
    assert_eq!(plots_in(tmp).len(), 3);

    // the sandbox writes no file
    let mut p = spawn_at_terminal(&["--sandbox", "-e", "plot nimsum 0..8 0..8"], tmp);
    p.exp_string("is a picture a terminal cannot show: a heat map of nimsum")
        .expect("how to have the picture");
    p.exp_eof().unwrap();
    assert_eq!(plots_in(tmp).len(), 3);
}

#[test]
fn an_unwritable_history_is_no_error() {
    let mut p = start(std::path::Path::new("/proc/no/such/dir/history"));
    keys(&mut p, "grundy *3 + *5\r");
    answer(&mut p, "6");
    keys(&mut p, ":quit\r");
    p.exp_eof().unwrap();
}
