"""Errors as data: MexError's fields, limits, and inputs that must not
crash or hang the session."""

import pytest

import mex
from conftest import cli_json


@pytest.fixture
def s():
    return mex.Session()


def test_an_unknown_name(s):
    with pytest.raises(mex.MexError) as e:
        s.grundy("kayels(3)")
    err = e.value
    assert err.kind == "unknown_name"
    assert err.message == "unknown name `kayels`"
    # the column counts in the expression given, not in `grundy kayels(3)`
    assert (err.line, err.column) == (1, 1)
    assert err.hint and "define it" in err.hint
    assert "kayels" in err.text and err.text != err.message
    assert str(err) == err.text.rstrip("\n")


def test_run_errors_match_the_command_lines(s, mex_cli):
    source = "grundy nim(3)\ngrundy 1 +\ngrundy nim(2)"
    with pytest.raises(mex.MexError) as e:
        s.run(source)
    want = [a for a in cli_json(source, mex_cli) if "error" in a][0]
    err = e.value
    assert (err.message, err.kind, err.line, err.column) == (
        want["error"], want["kind"], want["line"], want["column"])
    assert err.hint == want.get("hint")
    assert err.answers == [{"query": "grundy", "value": 3}]


def test_a_limit_names_its_set(s):
    s.run("game k = octal 0.07")
    s.set("heap", 100)
    with pytest.raises(mex.MexError) as e:
        s.grundy("k(1000)")
    err = e.value
    assert err.kind == "limit"
    assert err.limit == "heap"
    assert "set heap" in err.hint
    assert err.data["needed"] == 1000 and err.data["allowed"] == 100
    s.set("heap", 2000)
    assert s.grundy("k(1000)") == cli_json("game k = octal 0.07\nset heap 2000\ngrundy k(1000)")[0]["value"]


def test_the_output_and_work_limits(s):
    s.run("game k = octal 0.77")
    s.set("output", 10)
    with pytest.raises(mex.MexError) as e:
        s.sequence("k", 0, 20)
    assert e.value.kind == "limit" and e.value.limit == "output"
    assert "set output 20" in e.value.hint
    assert len(s.sequence("k", 0, 10)) == 10
    with pytest.raises(mex.MexError) as e:
        s.sequence("k", 0, 10**15)  # refused before an array is made
    assert e.value.limit == "output"
    s.set("work", 1000)
    s.run("game u(n) = { u(n - k) for k in 1..n }")
    with pytest.raises(mex.MexError) as e:
        s.grundy("u(300)")
    assert e.value.kind == "limit" and e.value.limit == "work"
    assert "set work" in e.value.hint


def test_limits_are_read_back(s):
    s.set("heap", 1234)
    assert s.limits()["heap"] == 1234


def test_a_bad_set(s):
    with pytest.raises(mex.MexError) as e:
        s.set("heap", 0)
    assert e.value.kind == "argument"
    with pytest.raises(mex.MexError) as e:
        s.set("no_such_limit", 5)
    assert e.value.kind in ("parse", "unknown_name", "argument")
    with pytest.raises(mex.MexError):
        s.set("heap", -1)
    with pytest.raises(mex.MexError):
        s.set("heap; grundy nim(1)", 5)


def test_one_expression_only(s):
    with pytest.raises(mex.MexError) as e:
        s.grundy("nim(1); set heap 1")
    assert e.value.kind == "argument"
    assert s.limits()["heap"] > 1
    with pytest.raises(mex.MexError):
        s.grundy("nim(1)\nset heap 1")
    with pytest.raises(mex.MexError):
        s.grundy(3)


def test_a_type_error(s):
    s.run("game k = octal 0.77")
    with pytest.raises(mex.MexError) as e:
        s.table("k", range(3), range(3))
    assert e.value.kind == "type"
    with pytest.raises(mex.MexError) as e:
        s.period("nim")
    assert e.value.message


@pytest.mark.parametrize("text", [
    "", " ", "(", ")", "nim(", "nim(-1)", "nim(3) +", "\u221e", "\x00", "grundy",
    "nim(99999999999999999999999)", "nim(3) ** nim(4)", "{", "k(" * 500, "é", "#",
])
def test_odd_inputs_raise_or_answer(s, text):
    try:
        s.grundy(text)
    except mex.MexError as e:
        assert e.message and e.kind
    assert s.grundy("nim(2) + nim(3)") == 1


@pytest.mark.parametrize("source", ["", "\x00", "game", "set heap 0", "check", "}" * 1000,
                                    "grundy nim(1)\n" * 3 + "oops"])
def test_odd_runs_raise_or_answer(s, source):
    try:
        s.run(source)
    except mex.MexError as e:
        assert e.message and e.kind
    assert s.grundy("nim(1)") == 1


def test_a_mex_error_pickles():
    import pickle
    err = mex.MexError("m", kind="limit", line=1, column=2, hint="h", text="t",
                       data={"limit": "heap"})
    back = pickle.loads(pickle.dumps(err))
    assert (back.message, back.kind, back.line, back.column, back.hint, back.text, back.limit) == \
        ("m", "limit", 1, 2, "h", "t", "heap")
