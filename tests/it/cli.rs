//! The command line as the contract gives it: files, `-e`, standard input,
//! exit statuses, and bad input that must end in a diagnostic, never a panic.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn mex(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mex starts");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin).expect("write stdin");
    drop(input);
    child.wait_with_output().expect("mex ends")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A file in a directory of its own, removed when the test ends.
struct TempFile {
    path: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl std::ops::Deref for TempFile {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

fn temp_file(name: &str, bytes: &[u8]) -> TempFile {
    let dir = tempfile::Builder::new()
        .prefix("mex-cli-")
        .tempdir()
        .expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("write temp file");
    TempFile { path, _dir: dir }
}

#[test]
fn eval_runs_statements_separated_by_semicolons() {
    let o = mex(
        &[
            "-e",
            "grundy nim(6)+nim(12)+nim(9); grundy *5 + *1; mex {0, 1, 2, 5, 9}",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "3\n4\n3\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn worked_examples_of_the_contract() {
    let cases = [
        ("grundy nim(6)+nim(12)+nim(9)", "3"),
        ("moves nim(6)+nim(12)+nim(9)", "nim(6) -> nim(5)"),
        ("grundy *5 + *1", "4"),
        ("grundy {*1, {*1}, *2}", "3"),
        ("mex {0, 1, 2, 5, 9}", "3"),
    ];
    for (prog, want) in cases {
        let o = mex(&["-e", prog], b"");
        assert_eq!(stdout(&o).trim_end(), want, "{prog}");
    }
    let o = mex(&["-e", "outcome nim(1)+nim(2)+nim(3)"], b"");
    assert!(stdout(&o).starts_with('P'), "{}", stdout(&o));
}

#[test]
fn standard_input_is_a_script_when_not_a_terminal() {
    let o = mex(
        &[],
        b"game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }\nsequence s 0..10\n",
    );
    assert_eq!(stdout(&o), "0 1 0 1 2 3 2 0 1 0\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn files_run_in_order_in_one_environment() {
    let a = temp_file(
        "a.mex",
        b"game s(n) = { s(n - 1) for k in {1} if k <= n }\n",
    );
    let b = temp_file("b.mex", b"grundy s(5)\n");
    let o = mex(&[a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_eq!(stdout(&o), "1\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_failed_check_exits_with_1() {
    let o = mex(&["-e", "check grundy nim(3) + nim(5) == 5"], b"");
    assert!(stdout(&o).starts_with("FAIL"), "{}", stdout(&o));
    assert!(stdout(&o).contains("expected 5, found 6"));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn help_and_version() {
    let o = mex(&["--help"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("-e"));
    let o = mex(&["--version"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("mex "));
}

/// Bad input of every kind: a diagnostic on standard error, exit status 2,
/// and no panic.
#[test]
fn bad_input_gets_a_diagnostic_and_status_2() {
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "garbage bytes",
            vec![0xff, 0xfe, 0x00, 0x13, 0x80, b'@', b'$', 0xc3],
            "not a text file",
        ),
        (
            "unbalanced brackets",
            b"grundy {*1, {*2}\n".to_vec(),
            "unclosed bracket",
        ),
        (
            "closing without opening",
            b"grundy *1 }\n".to_vec(),
            "unmatched",
        ),
        (
            "30-digit integer",
            b"grundy nim(123456789012345678901234567890)\n".to_vec(),
            "too large",
        ),
        ("empty file", b"".to_vec(), "nothing to run"),
        (
            "only comments",
            b"# nothing here\n\n".to_vec(),
            "nothing to run",
        ),
        (
            "unknown name",
            b"grundy kayles(3)\n".to_vec(),
            "unknown name",
        ),
        ("integer as game", b"grundy nim(3) + 2\n".to_vec(), "*2"),
        (
            "underflow",
            b"game s(n) = { s(n - 2) }\ngrundy s(1)\n".to_vec(),
            "below zero",
        ),
        (
            "loopy",
            b"game f(n) = { f(n) }\nsequence f 3..4\n".to_vec(),
            "loopy",
        ),
        (
            "overflow",
            b"grundy nim(18446744073709551615 + 1)\n".to_vec(),
            "overflow",
        ),
        (
            "deep brackets",
            "(".repeat(100_000).into_bytes(),
            "nested too deeply",
        ),
        (
            "deep operators",
            format!(
                "grundy {{ *1 for k in 0..2 if {}k < 1 }}",
                "not ".repeat(50_000)
            )
            .into_bytes(),
            "nested too deeply",
        ),
        (
            "long chain",
            format!("grundy nim(1{})", " - 1".repeat(100_000)).into_bytes(),
            "nested too deeply",
        ),
    ];
    for (what, input, needle) in cases {
        let path = temp_file("bad.mex", &input);
        let o = mex(&[path.to_str().unwrap()], b"");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{what}: status; stderr:\n{err}");
        assert!(
            err.contains(needle),
            "{what}: stderr lacks {needle:?}:\n{err}"
        );
        assert!(!err.contains("panicked"), "{what}: panicked:\n{err}");
        assert!(
            err.contains("bad.mex"),
            "{what}: the diagnostic names the file:\n{err}"
        );
    }
}

#[test]
fn all_syntax_errors_of_a_file_are_reported() {
    let path = temp_file("many.mex", b"grundy nim(\ngrundy *1\nlet = 3\ngrundy +\n");
    let o = mex(&[path.to_str().unwrap()], b"");
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.matches("Error").count() >= 2, "{err}");
}

#[test]
fn errors_point_at_line_and_column() {
    let o = mex(&["-e", "grundy *1\ngrundy nim(2) + 3"], b"");
    let err = stderr(&o);
    assert!(err.contains("-e:2:17"), "{err}");
    assert!(err.contains('^') || err.contains('┬'), "{err}");
}

#[test]
fn a_missing_file_is_an_error() {
    let o = mex(&["/nonexistent/x.mex"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"));
}

#[test]
fn settings_and_hex_codes_with_a_letter_before_the_point() {
    let o = mex(
        &[
            "-e",
            "set period 500; game g = grundy; period g; game a = hex C.1F; sequence a 0..4",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("up to n = 500"), "{out}");
    assert!(out.ends_with("0 1 1 2\n"), "{out}");
}

#[test]
fn diagnostics_point_into_their_own_source_when_names_repeat() {
    // Two `-e` arguments share a name; the loop lives in the first.
    let o = mex(
        &[
            "-e",
            "game a(n) = { b(n) }; game b(n) = { a(n) }",
            "-e",
            "# c\nsequence a 4..5",
        ],
        b"",
    );
    let err = stderr(&o);
    assert!(err.contains("1 │ game a(n) = { b(n) }"), "{err}");
    assert!(!err.contains("│ # c"), "{err}");
    assert_eq!(o.status.code(), Some(2));
}

/// A homework file with an unknown name on line 2: the other checks are
/// graded (2 ok, 1 FAIL), the error is reported, and the status is 2.
#[test]
fn a_sheet_with_an_error_is_graded_whole() {
    let path = temp_file(
        "sheet.mex",
        b"check grundy nim(3) + nim(5) == 6\n\
          check grundy kayels(3) == 1\n\
          check outcome nim(2) + nim(2) == P\n\
          check grundy *5 + *1 == 6\n",
    );
    let o = mex(&[path.to_str().unwrap()], b"");
    let out = stdout(&o);
    let graded: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("ok") || l.starts_with("FAIL"))
        .collect();
    assert_eq!(
        graded,
        [
            "ok grundy nim(3) + nim(5) == 6",
            "ok outcome nim(2) + nim(2) == P",
            "FAIL grundy *5 + *1 == 6: expected 6, found 4"
        ]
    );
    let err = stderr(&o);
    assert!(err.contains("unknown name `kayels`"), "{err}");
    assert!(err.contains("sheet.mex:2:14"), "{err}");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_file_with_a_byte_order_mark_and_crlf_answers() {
    let path = temp_file(
        "bom.mex",
        b"\xef\xbb\xbf# a sheet saved by a Windows editor\r\ngrundy nim(6) + nim(12) + nim(9)\r\ncheck grundy *5 + *1 == *4\r\n",
    );
    let o = mex(&[path.to_str().unwrap()], b"");
    assert_eq!(
        stdout(&o),
        "3\nok grundy *5 + *1 == *4\n1 of 1 check passed\n",
        "{}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(0));
    let piped = mex(&[], b"\xef\xbb\xbfgrundy *3\r\n");
    assert_eq!(stdout(&piped), "3\n", "{}", stderr(&piped));
}

#[test]
fn later_files_run_after_an_error_and_the_status_says_the_worst() {
    let bad = temp_file("first.mex", b"grundy nim(1) +\ngrundy nim(2)\n");
    let good = temp_file("second.mex", b"check grundy nim(3) == 4\n");
    let o = mex(
        &[
            bad.to_str().unwrap(),
            "/nonexistent/x.mex",
            good.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "2\nFAIL grundy nim(3) == 4: expected 4, found 3\n  why:\n    nim(3) has the options nim(0) .. nim(2), of values 0 .. 2\n    mex{0, 1, 2} = 3\n1 of 1 check failed; 2 errors were reported\n"
    );
    assert!(stderr(&o).contains("cannot read /nonexistent/x.mex"));
    assert_eq!(o.status.code(), Some(2));
    // a failed check alone is 1; an error with it is 2
    let o = mex(
        &["-e", "check grundy nim(3) == 4", "-e", "grundy nim(1)"],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn help_points_to_the_reference_in_the_repository() {
    let o = mex(&["--help"], b"");
    let out = stdout(&o);
    assert!(out.contains("docs/language.md"), "{out}");
    assert!(out.contains("docs/tutorial.md"), "{out}");
    assert!(out.contains(":help TOPIC"), "{out}");
    assert!(!out.contains("../"), "{out}");
}

#[test]
fn sets_of_integers_and_powers() {
    let o = mex(
        &[
            "-e",
            "{1, 2, 3}; let Z = {0}; mex Z; grundy Z; grundy nim(10^18) + nim(2**3)",
        ],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "{1, 2, 3}\n1\n1\n1000000000000000008\n",
        "{}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_redefinition_with_another_arity_keeps_the_first_definition() {
    // found by the fuzzer: the refused redefinition must not replace the
    // first one (nor trip the checker's bookkeeping)
    let o = mex(
        &[
            "-e",
            "game kayles = octal 0.77\ngame kayles = octal12\ngrundy kayles(5)",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "4\n");
    assert!(
        stderr(&o).contains("defined with 1 parameter"),
        "{}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn piped_repl_commands_run_and_a_dash_reads_standard_input() {
    // A REPL session saved and piped back: its commands run too, and the
    // line numbers of errors are those of the script.
    let o = mex(
        &[],
        b"game k = octal 0.77\n:games\ngrundy k(3)\n:nope\ngrundy zz(1)\n",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("0.77"), "{out}");
    assert!(out.contains("\n3\n"), "{out}");
    let err = stderr(&o);
    assert!(err.contains("unknown command `:nope`"), "{err}");
    assert!(err.contains("<stdin>:5:8"), "{err}");
    let o = mex(&[], b":help\n:quit\ngrundy nim(1)\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Commands:"), "{}", stdout(&o));
    assert!(!stdout(&o).ends_with("1\n"), "{}", stdout(&o));
    // `-` names standard input among the files.
    let a = temp_file("a.mex", b"game s = subtraction {1, 2}\n");
    let a = a.display().to_string();
    let o = mex(&[a.as_str(), "-"], b"grundy s(5)\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2\n");
}

#[test]
fn a_diagnostic_on_a_very_long_line_shows_a_window_of_it() {
    let src = format!("grundy nim(3) + {}foo(2)\n", "nim(1) + ".repeat(20000));
    let o = mex(&["-"], src.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.len() < 2000, "{} bytes", err.len());
    assert!(
        err.contains(&format!("<stdin>:1:{}", src.find("foo").unwrap() + 1)),
        "{err}"
    );
    assert!(err.contains("foo(2)") && err.contains("…"), "{err}");
    assert!(!err.contains("did you mean `for`"), "{err}");
}

#[test]
fn diagnostics_come_between_the_results_in_source_order() {
    let path = temp_file(
        "order.mex",
        b"grundy nim(1)\ngrundy foo(1)\ngrundy nim(2)\nlet big = 2 ** 64\ngrundy nim(3)\n",
    );
    // Standard output and standard error into one pipe, as on a terminal.
    let both = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' '{}' 2>&1",
            env!("CARGO_BIN_EXE_mex"),
            path.display()
        ))
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    assert_eq!(both.status.code(), Some(2));
    let text = stdout(&both);
    let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s} in {text}"));
    assert!(at("1\n") < at("unknown name `foo`"), "{text}");
    assert!(at("unknown name `foo`") < at("\n2\n"), "{text}");
    assert!(at("\n2\n") < at("order.mex:4"), "{text}");
    assert!(at("order.mex:4") < at("\n3\n"), "{text}");
}

#[test]
fn loaded_files_count_toward_the_exit_status_and_json_stays_json() {
    let fail = temp_file("fail.mex", b"check grundy *1 == 0\n");
    let err = temp_file("err.mex", b"grundy zz\ngrundy nim(2)\n");
    let (fail, err) = (fail.display().to_string(), err.display().to_string());
    // A failed check inside a loaded file: status 1.
    let o = mex(&[], format!(":load {fail}\n").as_bytes());
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("FAIL"), "{}", stdout(&o));
    // An error inside one: status 2, in JSON mode too.
    for args in [&[][..], &["--format", "json"][..]] {
        let o = mex(args, format!(":load {err}\n").as_bytes());
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
    }
    // An error wins over a failed check, in either order.
    let o = mex(&[], format!(":load {err}\n:load {fail}\n").as_bytes());
    assert_eq!(o.status.code(), Some(2));
    // In JSON mode every line of standard output is a JSON object: the
    // answers, the diagnostics, and what the commands say.
    let script = format!(":format json\n:load {fail}\n:load {err}\n:games\n:nope\ngrundy *3\n");
    let o = mex(&[], script.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines[0]["command"], "format");
    let loaded: Vec<_> = lines.iter().filter(|l| l["command"] == "load").collect();
    assert_eq!(loaded.len(), 2, "{lines:?}");
    assert_eq!(loaded[0]["failed_checks"], 1);
    assert_eq!(loaded[1]["errors"], 1);
    assert!(
        lines.iter().any(|l| l["error"]
            .as_str()
            .is_some_and(|e| e.contains("unknown command `:nope`"))),
        "{lines:?}"
    );
    assert_eq!(lines[lines.len() - 2]["value"], 3);
    // the script ends with how the checks of its loaded files went
    assert_eq!(
        lines.last(),
        Some(
            &serde_json::json!({"query": "summary", "checks": 1, "passed": 0, "failed": 1, "errors": 1})
        )
    );
    assert_eq!(stderr(&o), "");
}

/// A run that graded checks ends with one line saying how they went:
/// after a file, after `-e`, once after several files together, in text
/// and in JSON; a run with no check has none.
#[test]
fn a_run_with_checks_ends_with_their_summary() {
    let last = |o: &Output| stdout(o).lines().last().unwrap_or("").to_string();
    let all = temp_file("all.mex", b"check grundy *1 == 1\ncheck outcome *0 == P\n");
    let some = temp_file(
        "some.mex",
        b"check grundy *1 == 1\ncheck grundy *2 == 3\ncheck grundy *3 == 3\n",
    );
    let one = temp_file("one.mex", b"check grundy *1 == 0\n");
    let o = mex(&[all.to_str().unwrap()], b"");
    assert_eq!(last(&o), "2 of 2 checks passed");
    assert_eq!(o.status.code(), Some(0));
    let o = mex(&[some.to_str().unwrap()], b"");
    assert_eq!(last(&o), "1 of 3 checks failed");
    assert_eq!(o.status.code(), Some(1));
    let o = mex(&[one.to_str().unwrap()], b"");
    assert_eq!(last(&o), "1 of 1 check failed");
    let o = mex(&["-e", "check grundy nim(3) == 3"], b"");
    assert_eq!(stdout(&o), "ok grundy nim(3) == 3\n1 of 1 check passed\n");
    // several files and `-e`: one summary, at the end, of all of them
    let o = mex(
        &[
            all.to_str().unwrap(),
            some.to_str().unwrap(),
            "-e",
            "check grundy *4 == 4; grundy *5",
        ],
        b"",
    );
    let out = stdout(&o);
    assert_eq!(out.matches(" checks ").count(), 1, "{out}");
    assert!(
        out.ends_with("ok grundy *4 == 4\n5\n1 of 6 checks failed\n"),
        "{out}"
    );
    // standard input, plain and as a script with commands
    let o = mex(&[], b"check grundy *1 == 1\n");
    assert_eq!(last(&o), "1 of 1 check passed");
    let o = mex(&[], b"check grundy *1 == 2\n:games\ncheck grundy *2 == 2\n");
    assert_eq!(last(&o), "1 of 2 checks failed");
    // errors reported besides are counted
    let o = mex(&["-e", "check grundy *1 == 1\ngrundy zz"], b"");
    assert_eq!(last(&o), "1 of 1 check passed; 1 error was reported");
    assert_eq!(o.status.code(), Some(2));
    // no check, no summary
    let o = mex(&["-e", "grundy *3; outcome *0"], b"");
    assert_eq!(stdout(&o), "3\nP (the previous player wins)\n");
    // JSON: one object, `query` "summary"
    let o = mex(&["--format", "json", some.to_str().unwrap()], b"");
    let out = stdout(&o);
    let line = out.lines().last().unwrap_or("");
    let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
    assert_eq!(
        v,
        serde_json::json!({"query": "summary", "checks": 3, "passed": 2, "failed": 1, "errors": 0})
    );
    // `mex --sandbox`: the same
    let o = mex(&["--sandbox", some.to_str().unwrap()], b"");
    assert_eq!(last(&o), "1 of 3 checks failed");
}

/// In a pipe a plot with no file is its SVG document, as the reference
/// says (`mex -e 'plot k 0..200' > k.svg`); at a terminal it goes to a file
/// (`pty::a_plot_at_a_terminal_goes_to_a_file_it_names`).
#[test]
fn a_plot_in_a_pipe_is_its_svg() {
    let o = mex(&["-e", "game kayles = octal 0.77; plot kayles 0..120"], b"");
    let out = stdout(&o);
    assert!(
        out.trim_start().starts_with("<svg") || out.starts_with("<?xml"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("</svg>"), "{out}");
    let o = mex(
        &[
            "--format",
            "json",
            "-e",
            "game kayles = octal 0.77; plot kayles 0..120",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON line");
    assert!(v["svg"].as_str().is_some_and(|s| s.contains("<svg")), "{v}");
}
