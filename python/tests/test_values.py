"""Values, outcomes, moves, periods and runs, compared with the command line."""

import pytest

import mex
from conftest import cli_json


@pytest.fixture
def s():
    return mex.Session()


def test_grundy_of_nim_sums(s):
    assert s.grundy("nim(3) + nim(5)") == 6
    assert s.grundy("nim(6)+nim(12)+nim(9)") == 3
    assert isinstance(s.grundy("nim(3)"), int)


def test_grundy_is_the_command_lines(s, mex_cli):
    for expr in ["nim(7) + nim(9)", "nim(1) + nim(1)", "nim(100) + nim(27)"]:
        want = cli_json(f"grundy {expr}", mex_cli)[0]["value"]
        assert s.grundy(expr) == want


def test_definitions_persist_in_a_session(s):
    s.run("game k = octal 0.77")
    assert s.grundy("k(10)") == 2
    assert [s.grundy(f"k({n})") for n in range(8)] == [0, 1, 2, 3, 1, 4, 3, 2]


def test_outcomes(s):
    assert s.outcome("nim(3) + nim(3)") == "P"
    assert s.outcome("nim(3) + nim(5)") == "N"
    assert s.misere_outcome("nim(1)") == "P"
    assert s.misere_outcome("nim(1) + nim(1)") == "N"


def test_a_draw_and_a_loopy_value(s, mex_cli):
    import subprocess
    source = "game h(n) = { h(n) } | { nim(0) for k in {1} if n == 0 }\ngame g(n) = { g((n + 1) % 5) }"
    s.run(source)
    text = subprocess.run([mex_cli, "-e", source + "\ngrundy h(0)"], capture_output=True,
                          text=True).stdout.strip()
    assert s.grundy("h(0)") == text == "\u221e{0}"
    assert s.outcome("g(0)") == "D"
    assert s.outcome("h(0)") == "N"


def test_moves(s):
    moves = s.moves("nim(2) + nim(1)")
    assert [m["text"] for m in moves] == [m["text"] for m in
                                          cli_json("moves nim(2) + nim(1)")[0]["moves"]]
    for m in moves:
        assert set(m) >= {"text", "to", "value"}
    assert any(m["value"] == 0 for m in moves)


def test_period_fields(s, mex_cli):
    s.run("game k = octal 0.77")
    p = s.period("k")
    want = cli_json("game k = octal 0.77\nperiod k", mex_cli)[0]
    assert p == want
    assert p["period"] == 12 and p["proven"] is True
    s.run("game h = hex 0.8")
    h = s.period("h")
    assert (h["pre_period"], h["period"], h["saltus"], h["proven"]) == (1, 3, 1, True)


def test_run_gives_the_json_objects(s, mex_cli):
    source = "game k = octal 0.77\ngrundy k(5) + nim(1)\nperiod k\nsequence k 0..10"
    assert s.run(source) == cli_json(source, mex_cli)


def test_a_failed_check_is_a_dict(s):
    answers = s.run("check grundy nim(3) + nim(5) == 7\ncheck grundy nim(3) + nim(5) == 6")
    assert [a["passed"] for a in answers] == [False, True]


def test_sessions_are_independent():
    a, b = mex.Session(), mex.Session()
    a.run("game k = octal 0.77")
    assert a.grundy("k(4)") == 1
    with pytest.raises(mex.MexError) as e:
        b.grundy("k(4)")
    assert e.value.kind == "unknown_name"
