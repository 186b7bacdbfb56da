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
    loopy_game_names_the_cycle: "game a(n) = { b(n) }\ngame b(n) = { a(n) }\nsequence a 4..5\n";
    loopy_game_has_a_generalized_value: "game a(n) = { b(n) }\ngame b(n) = { a(n) }\ngrundy a(4)\noutcome a(4)\ncheck outcome a(4) == D\n";
    syntax_errors_all_reported: "grundy nim(3) +\nlet x = \ngrundy {*1, *2}\ngrundy )\n";
    unclosed_bracket: "game f(n) = { f(n - 1) for k in {1} if k <= n\ngrundy f(3)\n";
    integer_too_large: "grundy nim(99999999999999999999)\n";
    non_ascii_comment_keeps_carets_right: "# Ünïcödé cömmënt ✓\ngrundy nim(2) + 5  # ✓✓\n";
    redefined_with_other_parameters: "game f(n) = { f(n - 1) for k in {1} if k <= n }\ngame f(m, n) = {}\n";
    check_with_bad_expectation: "check outcome nim(3) == 3\n";
    space_before_call: "grundy nim (3)\n";
    union_needs_sets: "game f(n) = { f(n - 1) for k in {1} if k <= n } | nim(2)\n";
    // The errors students make, each with a caret and a hint that fixes it.
    keyword_typo: "grundey nim(3)\n";
    keyword_typo_in_check: "check grundey nim(3) == 3\n";
    // A first word no statement starts with: the questions are suggested.
    unknown_first_word: "value nim(3)\nprint grundy nim(3)\nprint nim(3) + *2\nfrobnicate {*1, *2}\n";
    range_written_with_a_space: "game s = subtraction {1, 2}\nsequence s 0 14\n";
    range_with_three_dots: "game s = subtraction {1, 2}\nsequence s 0...14\n";
    expected_values_with_commas: "game s = subtraction {1, 2}\ncheck sequence s 0..3 == 0, 1, 2\n";
    range_of_one_number: "game s = subtraction {1, 2}\nsequence s 14\n";
    table_written_with_sizes: "table nimsum 16 16\n";
    position_without_brackets: "outcome nim 3\n";
    negative_heap: "grundy nim(-1)\n";
    scientific_notation: "grundy nim(1e18)\n";
    powers: "grundy nim(10^18)\ngrundy nim(2**10)\ngrundy nim(2^10)\ngrundy *3 ^ *5\n";
    nim_without_a_heap: "grundy nim\n";
    sequence_of_nim: "sequence nim 0..4\n";
    nimsum_as_a_game: "grundy nimsum\n";
    questions_check_cannot_grade: "check moves nim(3) == 1\ncheck explain nim(3)\ncheck table nimsum 0..2 0..2 == 1\n";
    check_without_a_question: "check nim(3) == 3\n";
    answer_without_check: "grundy nim(3) == 3\noutcome nim(1) + nim(1) == P\n";
    lookalike_characters: "grundy ∗3 ⊕ *2\ngrundy nim(5) − 1\ngame s(n) = { s(n - k) for k in {1, 2} if k ≤ n }\n";
    expected_value_is_a_number: "check grundy nim(3) == P\n";
    empty_subtraction_set: "game s = subtraction {}\n";
    empty_range: "game s = subtraction {1, 2}\nsequence s 10..0\nsequence s 4..4\n";
    builtin_names_cannot_be_defined: "game nim(n) = {}\nlet nimsum = 3\ngrundy nim(2)\n";
    let_after_game_shows_both: "game s(n) = { s(n - 1) for k in {1} if k <= n }\nlet s = 3\ngrundy s(2)\n";
    game_after_let_shows_both: "let s = 3\ngame s(n) = {}\n";
    failed_definitions_are_named: "game s(n) = { s(n - k) for k in {1, 2} if k <= m }\ngame t(n) = { s(n - 1) } | { t(n - 1) for k in {1} if k <= n }\nlet x = 3 +\ngrundy s(3)\ngrundy t(2)\ngrundy x\nlet y = nim(0 - 1)\ngrundy y + *1\ngrundy *3\n";
    unclosed_bracket_ends_at_the_next_statement: "game u(n) = { u(n - k) for k in {1, 2 if k <= n }\nsequence u 0..4\ngrundy *3\n";
    // A REPL command in a file is one error, with what to do instead.
    repl_commands_in_a_file: ":load notes.txt\n:games\n  :load \"a.mex\"; grundy *2\ngrundy *1\n";
    // The definition with the error is far above its use: one snippet.
    skipped_use_far_below_its_definition: "# carol\ngame s(n) = { s(n - k) for k in {1, 2} if k <= zz }\n#\n#\n#\n#\n#\n#\n#\n#\n#\n#\ngrundy nim(1) + s(4)\n";
}

/// Each snippet's header names a line the snippet shows.
#[test]
fn every_header_names_a_line_it_shows() {
    let text = render(
        "game s(n) = { s(n - k) for k in {1, 2} if k <= zz }\n#\n#\n#\n#\n#\n#\n#\n#\n#\n#\n#\ngrundy nim(1) + s(4)\n",
    );
    let mut header: Option<String> = None;
    let mut shown = Vec::new();
    let check = |header: &Option<String>, shown: &[String]| {
        if let Some(h) = header {
            assert!(
                shown.contains(h),
                "header line {h} not among {shown:?} in\n{text}"
            );
        }
    };
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(place) = t.strip_prefix("╭─[ ").or_else(|| t.strip_prefix("├─[ ")) {
            check(&header, &shown);
            header = place.split(':').nth(1).map(str::to_string);
            shown.clear();
        } else if let Some((n, _)) = t.split_once(" │")
            && n.chars().all(|c| c.is_ascii_digit())
            && !n.is_empty()
        {
            shown.push(n.to_string());
        }
    }
    check(&header, &shown);
}
