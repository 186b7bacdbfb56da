//! Golden tests of diagnostics as users see them (rendered by ariadne,
//! without colour). Review changes with `cargo insta review`.

use mex::session::Session;

fn render(input: &str) -> String {
    let mut s = Session::default();
    let (lines, report) = s.run_collect("spec.mex", input);
    let mut out = String::new();
    for l in lines {
        out.push_str(&format!("out: {l}\n"));
    }
    for d in &report.errors {
        out.push_str(&s.render(d, false));
    }
    out.push_str(&format!("status: {}\n", report.status()));
    out
}

macro_rules! golden {
    ($($name:ident: $input:expr;)*) => {
        $(
            #[test]
            fn $name() {
                insta::assert_snapshot!(stringify!($name), render($input));
            }
        )*
    };
}

golden! {
    integer_where_a_game_is_expected: "grundy nim(6) + 3\n";
    game_where_an_integer_is_expected: "game f(n) = { f(n - nim(1)) }\n";
    unknown_name_with_suggestion: "game kayles(n) = { kayles(n - 1) for k in {1} if k <= n }\ngrundy kayels(3)\n";
    wrong_arity: "game two(m, n) = { two(m, j) for j in 0..n }\ngrundy two(3)\n";
    underflow_names_the_position: "game s(n) = { s(n - 2) }\ngrundy s(1)\n";
    loopy_game_names_the_cycle: "game a(n) = { b(n) }\ngame b(n) = { a(n) }\ngrundy a(4)\n";
    syntax_errors_all_reported: "grundy nim(3) +\nlet x = \ngrundy {*1, *2}\ngrundy )\n";
    unclosed_bracket: "game f(n) = { f(n - 1) for k in {1} if k <= n\ngrundy f(3)\n";
    integer_too_large: "grundy nim(99999999999999999999)\n";
    non_ascii_comment_keeps_carets_right: "# Ünïcödé cömmënt ✓\ngrundy nim(2) + 5  # ✓✓\n";
    defined_twice: "game f(n) = { f(n - 1) for k in {1} if k <= n }\ngame f(n) = {}\n";
    check_with_bad_expectation: "check outcome nim(3) == 3\n";
    space_before_call: "grundy nim (3)\n";
    union_needs_sets: "game f(n) = { f(n - 1) for k in {1} if k <= n } | nim(2)\n";
}
