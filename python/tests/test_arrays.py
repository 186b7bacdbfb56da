"""Sequences as numpy arrays, tables as data frames."""

import numpy as np
import pandas as pd
import pytest

import mex
from conftest import cli_json


@pytest.fixture
def s():
    s = mex.Session()
    s.run("game k = octal 0.77\ngame d = octal 0.07")
    return s


def test_sequence_is_an_unsigned_array(s):
    v = s.sequence("k", 0, 12)
    assert isinstance(v, np.ndarray)
    assert v.dtype.kind == "u" and v.dtype.itemsize == 8
    assert v.tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]


def test_sequence_is_the_command_lines(s, mex_cli):
    v = s.sequence("d", 5, 300)
    want = cli_json("game d = octal 0.07\nsequence d 5..300", mex_cli)[0]
    assert want["from"] == 5
    assert v.tolist() == want["values"]
    assert len(v) == 295


def test_a_long_sequence_agrees_with_its_period(s):
    v = s.sequence("k", 0, 200_000)
    assert len(v) == 200_000
    # Kayles: period 12 from heap 71 on
    assert np.array_equal(v[71 + 12:], v[71:-12])
    v.sort()  # the array is the caller's, writable


def test_an_empty_range(s):
    v = s.sequence("k", 10, 10)
    assert v.dtype == np.uint64 and len(v) == 0


def test_table_is_a_data_frame(s, mex_cli):
    df = s.table("nimsum", range(0, 8), range(2, 6))
    assert isinstance(df, pd.DataFrame)
    assert list(df.index) == list(range(0, 8))
    assert list(df.columns) == list(range(2, 6))
    for r in range(0, 8):
        for c in range(2, 6):
            assert df.loc[r, c] == r ^ c
    want = cli_json("table nimsum 0..8 2..6", mex_cli)[0]
    assert df.values.tolist() == want["rows"]


def test_table_of_a_two_parameter_game(s, mex_cli):
    game = "game twin(a, b) = { twin(a - k, b) for k in 1..a } | { twin(a, b - k) for k in 1..b }"
    s.run(game)
    df = s.table("twin", range(1, 4), range(5))
    assert df.shape == (3, 5)
    assert (df.index.name, df.columns.name) == ("a", "b")
    want = cli_json(f"{game}\ntable twin 1..4 0..5", mex_cli)[0]
    assert df.values.tolist() == want["rows"]
    assert df.loc[3, 4] == want["rows"][2][4]


def test_table_ranges_are_checked(s):
    with pytest.raises(mex.MexError):
        s.table("nimsum", range(0, 8, 2), range(3))
    with pytest.raises(mex.MexError):
        s.table("nimsum", [0, 1], range(3))
