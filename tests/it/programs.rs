//! Random well-formed programs, run by the `mex` binary with small limits:
//! whatever they ask, each run ends by itself with exit 0, 1 or 2 and never
//! a panic, an abort or a signal. Many of them are wrong on purpose (loopy
//! rules, subtraction below zero, heaps past the limits).

use proptest::prelude::*;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Small limits, so that every run is quick.
const PREAMBLE: &str = "set positions 3000; set options 20000; set heap 3000; set period 600; \
                        set output 3000; set memory 256\n";

fn int_lit() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (1u64..12).prop_map(|n| n.to_string()),
        1 => Just("18446744073709551615".to_string()),
        1 => (100u64..100_000).prop_map(|n| n.to_string()),
    ]
}

/// An integer expression over the parameter names given.
fn int_expr(params: &'static [&'static str]) -> BoxedStrategy<String> {
    let leaf = if params.is_empty() {
        int_lit().boxed()
    } else {
        prop_oneof![
            int_lit(),
            proptest::sample::select(params).prop_map(str::to_string)
        ]
        .boxed()
    };
    leaf.prop_recursive(2, 8, 2, |inner| {
        (
            inner.clone(),
            proptest::sample::select(&["+", "+", "*", "+", "-", "/", "%"][..]),
            inner,
        )
            .prop_map(|(a, op, b)| format!("({a} {op} {b})"))
    })
    .boxed()
}

/// A game expression: nimbers, heaps, positions of the games `g0`..`g3`
/// (one parameter) and `t0` (two), explicit sets and sums.
fn game_expr(params: &'static [&'static str]) -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        int_lit().prop_map(|n| format!("*{n}")),
        int_expr(params).prop_map(|n| format!("nim({n})")),
        ((0..4usize), int_expr(params)).prop_map(|(g, n)| format!("g{g}({n})")),
        (int_expr(params), int_expr(params)).prop_map(|(a, b)| format!("t0({a}, {b})")),
        Just("0".to_string()),
        Just("{}".to_string()),
        // rows of coins, graph vertices, pictures, boards
        ((0..4usize), "[HT]{0,12}").prop_map(|(g, row)| format!("g{g}(\"{row}\")")),
        proptest::sample::select(&["a", "b", "c", "d"][..]).prop_map(|v| format!("gr.{v}")),
        proptest::collection::vec((0u64..6, 0u64..6), 0..8).prop_map(|e| {
            let e: Vec<String> = e.iter().map(|(a, b)| format!("{a}-{b}")).collect();
            format!("hackenbush {{ {} }}", e.join(", "))
        }),
        (int_expr(params), int_expr(params)).prop_map(|(a, b)| format!("tc({a}, {b})")),
        (int_expr(params), int_expr(params)).prop_map(|(a, b)| format!("pr({a}, {b})")),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4)
                .prop_map(|v| format!("{{{}}}", v.join(", "))),
            (inner.clone(), inner).prop_map(|(a, b)| format!("{a} + {b}")),
        ]
    })
    .boxed()
}

/// A definition of `g{i}` (one parameter `n`): a set builder or a family.
fn one_param_def(i: usize) -> BoxedStrategy<String> {
    let name = format!("g{i}");
    let n = name.clone();
    let builder = (
        proptest::collection::vec(1u64..6, 1..4),
        proptest::bool::weighted(0.85),
        0..4usize,
    )
        .prop_map(move |(set, guard, other)| {
            let set: Vec<String> = set.iter().map(u64::to_string).collect();
            let guard = if guard { " if k <= n" } else { "" };
            // sometimes a sum with another game, which may loop back
            let extra = if other == 0 {
                String::new()
            } else {
                format!(" + g{}(n / 2)", other % 4)
            };
            format!(
                "game {n}(n) = {{ {n}(n - k){extra} for k in {{{}}}{guard} }}",
                set.join(", ")
            )
        });
    let n2 = name.clone();
    let split = Just(format!(
        "game {n2}(n) = {{ {n2}(a) + {n2}(n - t - a) for t in 1..=2 if t <= n for a in 0..=n - t }}"
    ));
    let n3 = name.clone();
    let family = prop_oneof![
        proptest::sample::select(&["0.77", "0.07", "0.137", "0.6", "4.07", "0.16"][..])
            .prop_map(|c| format!("octal {c}")),
        proptest::sample::select(&["0.8", "0.F", "0.9F"][..]).prop_map(|c| format!("hex {c}")),
        proptest::collection::vec(1u64..7, 1..4).prop_map(|s| {
            let s: Vec<String> = s.iter().map(u64::to_string).collect();
            format!("subtraction {{{}}}", s.join(", "))
        }),
        proptest::collection::vec(1u64..7, 0..3).prop_map(|s| {
            let s: Vec<String> = s.iter().map(u64::to_string).collect();
            format!("subtraction all but {{{}}}", s.join(", "))
        }),
        Just("grundy".to_string()),
        Just("mock turtles".to_string()),
        Just("ruler".to_string()),
    ]
    .prop_map(move |f| format!("game {n3} = {f}"));
    let n4 = name;
    let alias = game_expr(&["n"]).prop_map(move |e| format!("game {n4}(n) = {e}"));
    prop_oneof![3 => builder, 1 => split, 3 => family, 1 => alias].boxed()
}

fn statement() -> BoxedStrategy<String> {
    let g = || game_expr(&[]);
    prop_oneof![
        g().prop_map(|e| format!("grundy {e}")),
        g().prop_map(|e| format!("outcome {e}")),
        g().prop_map(|e| format!("moves {e}")),
        g().prop_map(|e| format!("explain {e}")),
        g().prop_map(|e| format!("misere outcome {e}")),
        g().prop_map(|e| format!("misere explain {e}")),
        g().prop_map(|e| format!("genus {e}")),
        (g(), g()).prop_map(|(a, b)| format!("check move {a} -> {b}")),
        (g(), g()).prop_map(|(a, b)| format!("equiv {a}, {b}")),
        g(),
        ((0..4usize), int_lit(), int_lit()).prop_map(|(i, a, b)| format!("sequence g{i} {a}..{b}")),
        (0..4usize).prop_map(|i| format!("period g{i}")),
        (int_lit(), int_lit()).prop_map(|(a, b)| format!("table t0 0..{a} 0..{b}")),
        (int_lit(), int_lit()).prop_map(|(a, b)| format!("table nimsum {a}..{b} 0..4")),
        proptest::collection::vec(int_lit(), 0..5)
            .prop_map(|v| format!("mex {{{}}}", v.join(", "))),
        (g(), int_lit()).prop_map(|(e, v)| format!("check grundy {e} == {v}")),
        g().prop_map(|e| format!("check outcome {e} == P")),
        g().prop_map(|e| format!("let x = {e}")),
    ]
    .boxed()
}

fn program() -> impl Strategy<Value = String> {
    (
        one_param_def(0),
        one_param_def(1),
        one_param_def(2),
        one_param_def(3),
        proptest::collection::vec(statement(), 1..6),
    )
        .prop_map(|(a, b, c, d, stmts)| {
            let two = "game t0(m, n) = { t0(m, j) for j in 0..n } | { t0(i, n) for i in 0..m }\n\
                       game gr = graph { a -> b, b -> c, c -> a, c -> d }\n\
                       game tc = turning corners\ngame pr = product(g0, g1)";
            format!(
                "{PREAMBLE}{a}\n{b}\n{c}\n{d}\n{two}\n{}\n",
                stmts.join("\n")
            )
        })
}

/// Runs a program under a cap on its address space (3 GiB, where prlimit
/// is there: a run that tried to take more would fail, not slow the
/// machine); returns the exit status and standard error.
fn run(program: &str) -> (Option<i32>, String) {
    let capped = Command::new("prlimit").arg("--version").output().is_ok();
    let mut cmd = if capped {
        let mut c = Command::new("prlimit");
        c.arg("--as=3221225472").arg(env!("CARGO_BIN_EXE_mex"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_mex"))
    };
    let mut child = cmd
        .args(["-e", program])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mex starts");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            return (status.code(), err);
        }
        // a guard against a hang, not a time limit on the program
        if start.elapsed() > Duration::from_secs(600) {
            let _ = child.kill();
            let _ = child.wait();
            return (None, format!("still running after ten minutes:\n{program}"));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_program_ends_with_an_answer_or_a_diagnostic(p in program()) {
        let (code, err) = run(&p);
        if std::env::var_os("MEX_PEEK").is_some() { eprintln!("=== {code:?}\n{p}\n{}", err.lines().next().unwrap_or("")); }
        prop_assert!(matches!(code, Some(0..=2)), "exit {code:?} for\n{p}\n{err}");
        prop_assert!(!err.contains("panicked") && !err.contains("internal error"), "{p}\n{err}");
    }
}

/// A hostile shape: input a teacher might be handed, built to break the
/// interpreter (issue of the mends): very long alternations, lets that
/// double a sum, moves at the top of u64, brackets nested past the limit,
/// stray CR and NUL bytes.
fn hostile() -> BoxedStrategy<Vec<u8>> {
    const BENIGN: &str = "game k = octal 0.77\ncheck grundy k(10) == 1\ngrundy *3 + *5\n";
    prop_oneof![
        (1000usize..300_000).prop_map(|n| {
            format!("game g = {}\ngrundy g\n", vec!["{}"; n].join(" | ")).into_bytes()
        }),
        (10usize..45).prop_map(|n| {
            let mut p = String::from("let g0 = *1\n");
            for i in 1..n {
                p += &format!("let g{i} = g{} + g{}\n", i - 1, i - 1);
            }
            p += &format!("check grundy g{} == 0\n", n - 1);
            p.into_bytes()
        }),
        (
            proptest::sample::select(&["10^9", "18446744073709551615", "10^7", "2**40"][..]),
            proptest::sample::select(&["period s", "grundy s(10^18)", "sequence s 0..100"][..])
        )
            .prop_map(|(m, q)| format!("game s = subtraction {{1, {m}}}\n{q}\n").into_bytes()),
        (200usize..3000, any::<bool>()).prop_map(move |(n, closed)| {
            let close = if closed { ")".repeat(n) } else { String::new() };
            format!("{BENIGN}grundy nim({}1{close})\n{BENIGN}", "(".repeat(n)).into_bytes()
        }),
        (proptest::collection::vec((0usize..80, prop_oneof![Just(b'\r'), Just(0u8)]), 1..6))
            .prop_map(move |cuts| {
                let mut p = BENIGN.repeat(2).into_bytes();
                for (at, b) in cuts {
                    p.insert(at.min(p.len()), b);
                }
                p
            }),
    ]
    .boxed()
}

/// Runs a program from standard input under a 3 GiB address-space cap
/// (where prlimit is found) with the default limits.
fn run_capped(program: &[u8]) -> (Option<i32>, String) {
    let out = crate::common::mex_capped(&["-"], program);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn hostile_shapes_end_with_an_answer_or_a_diagnostic(p in hostile()) {
        let (code, err) = run_capped(&p);
        let shown = String::from_utf8_lossy(&p[..p.len().min(300)]).into_owned();
        prop_assert!(matches!(code, Some(0..=2)), "exit {code:?} for\n{shown}\n{err}");
        prop_assert!(!err.contains("panicked") && !err.contains("internal error"), "{shown}\n{err}");
    }
}
