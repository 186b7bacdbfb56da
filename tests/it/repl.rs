//! The REPL core driven directly, without a terminal: scripted inputs and
//! the transcript they produce, as a person at the prompt would see it.

use mex::engine::{Interrupted, Watch};
use mex::repl::{Flow, Repl, Sink};
use mex::session::{Event, Session};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Collects what the REPL writes, with each input echoed after a prompt.
#[derive(Default)]
struct Transcript(String);

impl Sink for Transcript {
    fn event(&mut self, event: Event) {
        let mut out = Vec::new();
        event.write_text(&mut out).expect("writes to memory");
        self.0 += &String::from_utf8_lossy(&out);
    }
    fn error(&mut self, rendered: &str) {
        self.0 += rendered;
    }
    fn say(&mut self, text: &str) {
        self.0 += &format!("{text}\n");
    }
    fn note(&mut self, text: &str) {
        self.0 += &format!("{text}\n");
    }
}

/// Types each input at the prompt; returns the transcript and whether the
/// last input asked to leave.
fn session(repl: &mut Repl, inputs: &[&str]) -> (String, Flow) {
    let mut t = Transcript::default();
    let mut flow = Flow::Continue;
    for input in inputs {
        if input.is_empty() {
            t.0 += "mex> \n";
        }
        for (i, line) in input.lines().enumerate() {
            t.0 += &format!("{}{line}\n", if i == 0 { "mex> " } else { "...> " });
        }
        flow = repl.input(input, &mut t);
    }
    (t.0, flow)
}

fn transcript(inputs: &[&str]) -> String {
    session(&mut Repl::new(Session::default()), inputs).0
}

#[test]
fn definitions_queries_an_error_and_a_command() {
    let got = transcript(&[
        "game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }",
        "sequence s 0..14",
        "game kayles(n) = {\n  kayles(a) + kayles(n - t - a)\n  for t in 1..=2 if t <= n for a in 0..=n - t\n}",
        "grundy kayles(10) + s(10)",
        "grundy kayels(3)",
        "",
        "# only a comment",
        "let h = s(7) + nim(2)",
        "outcome h",
        "moves kayles(4)",
        "check grundy s(10) == 1",
        ":games",
        ":names",
    ]);
    let want = "\
mex> game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }
mex> sequence s 0..14
0 1 0 1 2 3 2 0 1 0 1 2 3 2
mex> game kayles(n) = {
...>   kayles(a) + kayles(n - t - a)
...>   for t in 1..=2 if t <= n for a in 0..=n - t
...> }
mex> grundy kayles(10) + s(10)
3
mex> grundy kayels(3)
Error: unknown name `kayels`
   ╭─[ <repl:5>:1:8 ]
   │
 1 │ grundy kayels(3)
   │        ───┬──  
   │           ╰──── not defined
   │ 
   │ Help: did you mean `kayles`?
───╯
mex> 
mex> # only a comment
mex> let h = s(7) + nim(2)
mex> outcome h
N (the next player wins)
mex> moves kayles(4)
kayles(4) -> kayles(1) + kayles(1)
mex> check grundy s(10) == 1
ok grundy s(10) == 1
mex> :games
game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }  # runs as subtraction {1, 3, 4}
game kayles(n) = { kayles(a) + kayles(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }  # runs as octal 0.77 (Kayles)
mex> :names
game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }  # runs as subtraction {1, 3, 4}
game kayles(n) = { kayles(a) + kayles(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }  # runs as octal 0.77 (Kayles)
let h = s(7) + nim(2)
";
    assert_eq!(got, want, "\n{got}");
}

/// A watch that stops the computation once it is armed (as Ctrl-C does).
struct Stop(Arc<AtomicBool>);

impl Watch for Stop {
    fn tick(&mut self, _done: u64, _total: u64) -> Result<(), Interrupted> {
        if self.0.swap(false, Ordering::SeqCst) {
            Err(Interrupted)
        } else {
            Ok(())
        }
    }
}

#[test]
fn an_interrupted_computation_leaves_the_session_intact() {
    let stop = Arc::new(AtomicBool::new(false));
    let mut repl = Repl::new(Session::new(Box::new(Stop(Arc::clone(&stop)))));
    let (got, _) = session(
        &mut repl,
        &[
            "game gg(n) = { gg(a) + gg(n - a) for a in 1..n if a < n - a }",
            "grundy gg(12)",
        ],
    );
    assert!(got.ends_with("mex> grundy gg(12)\n1\n"), "{got}");
    stop.store(true, Ordering::SeqCst);
    let (got, _) = session(&mut repl, &["grundy gg(100000)"]);
    assert_eq!(
        got,
        "mex> grundy gg(100000)\ninterrupted: everything defined and computed before is kept\n"
    );
    let (got, _) = session(
        &mut repl,
        &[
            "grundy gg(11)",
            "sequence gg 0..21",
            "grundy gg(30) + gg(12)",
        ],
    );
    assert_eq!(
        got,
        "mex> grundy gg(11)\n2\nmex> sequence gg 0..21\n0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0\nmex> grundy gg(30) + gg(12)\n2\n"
    );
}

#[test]
fn load_runs_a_file_and_its_games_stay() {
    let temp = tempfile::Builder::new()
        .prefix("mex-repl-")
        .tempdir()
        .unwrap();
    let dir = temp.path();
    let file = dir.join("games.mex");
    std::fs::write(&file, "# two games\ngame s(n) = { s(n - k) for k in {1, 2} if k <= n }\nlet three = s(3)\ngrundy three\n").unwrap();
    let bad = dir.join("bad.mex");
    std::fs::write(&bad, "grundy nim(1)\ngrundy q(2)\n").unwrap();
    let path = file.display().to_string();
    let load = format!(":load {path}");
    let load_bad = format!(":load {}", bad.display());
    let mut repl = Repl::new(Session::default());
    let (got, _) = session(
        &mut repl,
        &[
            &load,
            "sequence s 0..6",
            ":games",
            ":names",
            &load_bad,
            ":load /no/such/file.mex",
            ":load",
        ],
    );
    let want = format!(
        "mex> {load}\n0\nloaded {path}: s, three\n\
         mex> sequence s 0..6\n0 1 2 0 1 2\n\
         mex> :games\ngame s(n) = {{ s(n - k) for k in {{1, 2}} if k <= n }}  # runs as subtraction {{1, 2}}\n\
         mex> :names\ngame s(n) = {{ s(n - k) for k in {{1, 2}} if k <= n }}  # runs as subtraction {{1, 2}}\nlet three = s(3)\n"
    );
    assert!(got.starts_with(&want), "{got}");
    let rest = &got[want.len()..];
    assert!(
        // the statement before the error still runs
        rest.starts_with(&format!("mex> {load_bad}\n1\nError: unknown name `q`\n")),
        "{rest}"
    );
    assert!(
        rest.contains(&format!("─[ {}:2:8 ]", bad.display())),
        "{rest}"
    );
    assert!(
        rest.contains(&format!("loaded {} (with 1 error)\n", bad.display())),
        "{rest}"
    );
    assert!(
        rest.contains("mex> :load /no/such/file.mex\nerror: cannot read /no/such/file.mex: "),
        "{rest}"
    );
    assert!(
        rest.ends_with(
            "mex> :load\nerror: `:load` needs a file, e.g. `:load examples/kayles.mex`\n"
        ),
        "{rest}"
    );
    let mut names = repl.defined_names();
    names.sort();
    assert_eq!(names, ["s", "three"]);
}

#[test]
fn commands_time_limits_reset_and_quit() {
    let mut repl = Repl::new(Session::default());
    let (got, flow) = session(
        &mut repl,
        &[
            ":time",
            "grundy nim(3) + nim(5)",
            "game t(n) = {}",
            ":time off",
            "grundy *2",
        ],
    );
    assert_eq!(flow, Flow::Continue);
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(
        lines[1],
        "timing on: each answer is followed by the time it took"
    );
    assert_eq!(lines[3], "6");
    assert!(
        lines[4].starts_with("time: ") && lines[4].ends_with('s'),
        "{got}"
    );
    assert!(lines[6].starts_with("time: "), "{got}");
    assert_eq!(
        &lines[7..],
        ["mex> :time off", "timing off", "mex> grundy *2", "2"]
    );

    let (got, _) = session(&mut repl, &["set positions 5000", ":limits"]);
    assert!(got.contains("\npositions  5000 "), "{got}");
    assert!(got.contains("(default 20000000)"), "{got}");
    assert!(got.contains("\noptions    100000000 "), "{got}");
    assert!(got.contains("`set NAME N` changes a limit"), "{got}");

    let (got, _) = session(&mut repl, &[":reset", "grundy t(1)", ":games", ":limits"]);
    assert!(
        got.starts_with(
            "mex> :reset\na fresh session: every definition and computed value is forgotten\n"
        ),
        "{got}"
    );
    assert!(got.contains("Error: unknown name `t`"), "{got}");
    assert!(got.contains("mex> :games\nno games defined yet"), "{got}");
    assert!(got.contains("\npositions  20000000 "), "{got}");

    let (got, flow) = session(&mut repl, &[":gmaes", ":", ":time maybe", ":frobnicate"]);
    assert_eq!(flow, Flow::Continue);
    assert_eq!(
        got,
        "mex> :gmaes\nerror: unknown command `:gmaes`; did you mean `:games`? `:help` lists the commands\n\
         mex> :\nerror: a command name goes after `:`; `:help` lists them\n\
         mex> :time maybe\nerror: `:time` takes `on`, `off` or nothing, not `maybe`\n\
         mex> :frobnicate\nerror: unknown command `:frobnicate`; `:help` lists the commands\n"
    );
    for quit in [":quit", ":q", " :exit "] {
        assert_eq!(session(&mut repl, &[quit]).1, Flow::Quit, "{quit}");
    }
}

#[test]
fn the_examples_in_help_run_as_shown() {
    let tour = mex::repl::tour();
    let mut repl = Repl::new(Session::default());
    let mut ran = 0;
    for line in tour
        .lines()
        .filter(|l| l.starts_with("  ") && !l.trim_start().starts_with(':'))
    {
        let (code, comment) = line.split_once('#').unwrap_or((line, ""));
        let (got, _) = session(&mut repl, &[code.trim()]);
        let answer: Vec<&str> = got.lines().skip(1).collect();
        assert!(!got.contains("rror"), "{line}\n{got}");
        let expect = comment
            .trim()
            .split(&[',', ':'][..])
            .next()
            .unwrap_or("")
            .trim_end_matches('.')
            .trim();
        if !expect.is_empty()
            && !expect.starts_with("its")
            && !expect.starts_with("the")
            && !expect.starts_with("winning")
        {
            assert!(
                answer.first().is_some_and(|a| a.starts_with(expect)),
                "{line}\n{got}"
            );
        }
        ran += 1;
    }
    assert!(ran >= 8, "{tour}");
}

/// Piped standard input is a script: the same results as the same text in a
/// file, plain (no colour, no progress, no prompt), even without NO_COLOR.
#[test]
fn piped_input_is_plain_and_matches_file_mode() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let script = "game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }\nsequence s 0..10\ncheck grundy s(7) == 0\ncheck grundy s(8) == 0\nmoves s(9) + nim(1)\n";
    let temp = tempfile::Builder::new()
        .prefix("mex-pipe-")
        .tempdir()
        .unwrap();
    let dir = temp.path();
    let file = dir.join("script.mex");
    std::fs::write(&file, script).unwrap();
    let run = |args: &[&str], input: &[u8]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mex"))
            .args(args)
            .env_remove("NO_COLOR")
            .env("MEX_HISTORY", dir.join("history"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    };
    let piped = run(&[], script.as_bytes());
    let filed = run(&[file.to_str().unwrap()], b"");
    assert_eq!(piped.stdout, filed.stdout);
    assert_eq!(piped.status.code(), Some(1));
    assert_eq!(filed.status.code(), Some(1));
    let out = String::from_utf8(piped.stdout).unwrap();
    assert!(
        out.starts_with("0 1 0 1 2 3 2 0 1 0\nok grundy s(7) == 0\nFAIL grundy s(8) == 0"),
        "{out}"
    );
    assert!(!out.contains('\x1b') && !out.contains("mex>"), "{out}");
    assert!(
        piped.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
    assert!(!dir.join("history").exists(), "no history outside the REPL");
}

#[test]
fn help_on_a_topic_shows_that_part_of_the_reference() {
    let mut repl = Repl::new(Session::default());
    let (got, _) = session(&mut repl, &[":help check"]);
    assert!(
        got.starts_with("mex> :help check\nChecking answers\n"),
        "{got}"
    );
    assert!(got.contains("check move G -> H"), "{got}");
    assert!(got.contains("(from docs/language.md"), "{got}");
    let (got, _) = session(&mut repl, &[":h octal"]);
    assert!(got.contains("Rule families"), "{got}");
    let (got, _) = session(&mut repl, &[":help chek"]);
    assert!(
        got.contains("error: no help on `chek`: no topic or section of the reference has the word; did you mean `:help check`? topics: "),
        "{got}"
    );
    // a part of a section is a topic of its own, and no comment written
    // for tools shows
    let (got, _) = session(&mut repl, &[":help misère"]);
    assert!(
        got.starts_with("mex> :help misère\nMisère play\n\n"),
        "{got}"
    );
    assert!(!got.contains("<!--"), "{got}");
    assert!(
        got.contains("More on this: `:help canonical` (Misère canonical forms), `:help quotient` (Misère quotients)"),
        "{got}"
    );
    for topic in mex::repl::topics::topics() {
        let (got, _) = session(&mut repl, &[&format!(":help {topic}")]);
        assert!(
            !got.contains("<!--") && !got.contains("no help on"),
            ":help {topic}: {got}"
        );
    }
    // a word that names no topic is searched for in the reference's text
    let (got, _) = session(&mut repl, &[":help kayles"]);
    assert!(
        got.starts_with("mex> :help kayles\n`kayles` is not a topic; the reference uses it in "),
        "{got}"
    );
    // (the REPL's section, whose examples define and ask about kayles,
    // uses the word most for its length)
    assert!(
        got.contains("most in this one (`:help repl`):\n\nThe REPL\n"),
        "{got}"
    );
    assert!(
        got.lines().any(|l| l.starts_with("`kayles` is also in: ")
            && l.contains("`:help families` (Rule families)")),
        "{got}"
    );
    let (got, _) = session(&mut repl, &[":help kaylse"]);
    assert!(got.contains("did you mean `:help kayles`?"), "{got}");
    let (got, _) = session(&mut repl, &[":help"]);
    assert!(got.contains(":help TOPIC"), "{got}");
    assert!(got.contains("docs/language.md"), "{got}");
    assert!(got.contains("docs/tutorial.md"), "{got}");
}

#[test]
fn redefinition_at_the_prompt_follows_the_rule_of_files() {
    let (got, _) = session(
        &mut Repl::new(Session::default()),
        &[
            "game s = subtraction {1, 2}",
            "game t(n) = s(n) + *1",
            "grundy t(2)",
            "game s = subtraction {1}",
            "grundy t(2)",
            "let s = 3",
            "game nim(n) = {}",
            ":games",
        ],
    );
    assert!(got.contains("mex> grundy t(2)\n3\n"), "{got}");
    assert!(got.contains("mex> grundy t(2)\n1\n"), "{got}");
    assert!(got.contains("Error: `s` is already a game"), "{got}");
    assert!(got.contains("`s` is defined at <repl:4>:1"), "{got}");
    assert!(got.contains("Error: `nim` is built in"), "{got}");
    assert!(
        got.ends_with("mex> :games\ngame s = subtraction {1}\ngame t(n) = s(n) + *1\n"),
        "{got}"
    );
}

#[test]
fn a_definition_with_an_error_is_named_until_it_is_fixed() {
    let (got, _) = session(
        &mut Repl::new(Session::default()),
        &[
            "game s(n) = { s(n - k) for k in {1, 2} if k <= m }",
            "grundy s(4)",
            ":games",
            "game s(n) = { s(n - k) for k in {1, 2} if k <= n }",
            "grundy s(4)",
        ],
    );
    assert!(
        got.contains("mex> grundy s(4)\nError: skipped: `s` has no definition"),
        "{got}"
    );
    assert!(
        got.contains("`s` is defined at <repl:1>:1, which has an error"),
        "{got}"
    );
    assert!(got.contains("mex> :games\nno games defined yet"), "{got}");
    assert!(got.ends_with("mex> grundy s(4)\n1\n"), "{got}");
}

#[test]
fn a_line_starting_with_a_bar_continues_the_game_defined_before() {
    let mut repl = Repl::new(Session::default());
    let (got, _) = session(
        &mut repl,
        &[
            "game two(m, n) = { two(m, j) for j in 0..n };",
            "| { two(i, n) for i in 0..m }",
            "grundy two(3, 5)",
            "table two 0..3 0..3",
            ":games",
        ],
    );
    assert!(!got.contains("Error"), "{got}");
    assert!(got.contains("\n6\n"), "two-heap Nim: 3 xor 5\n{got}");
    assert!(
        got.contains("game two(m, n) = { two(m, j) for j in 0..n }\n| { two(i, n) for i in 0..m }")
            || got.contains(
                "game two(m, n) = { two(m, j) for j in 0..n } | { two(i, n) for i in 0..m }"
            ),
        "{got}"
    );
    // Several continuations, `+` too; after another statement a `|` line
    // continues nothing and is an error.
    let (got, _) = session(
        &mut repl,
        &[
            "game g(n) = { g(a) for a in 0..n if a % 3 == 0 }",
            "  | { g(a) for a in 0..n if a % 3 == 1 }",
            "| { g(a) for a in 0..n if a % 3 == 2 }",
            "grundy g(9)",
            "| { g(0) }",
        ],
    );
    assert!(
        got.contains("\n9\n"),
        "g is Nim once all three parts are in\n{got}"
    );
    assert_eq!(got.matches("Error").count(), 1, "{got}");
}

/// At the prompt no input ends with a summary of checks (a run of files
/// does); the REPL keeps the count for a piped script's end.
#[test]
fn no_summary_of_checks_after_an_input() {
    let mut repl = Repl::new(Session::default());
    let (got, _) = session(
        &mut repl,
        &[
            "check grundy *1 == 1",
            "check grundy *2 == 3\ncheck grundy *3 == 3",
        ],
    );
    assert!(
        !got.contains("checks passed") && !got.contains("checks failed"),
        "{got}"
    );
    assert_eq!(repl.summary.checks, 3);
    assert_eq!(repl.summary.failed, 1);
}
