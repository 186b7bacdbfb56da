"""Surveys without a cluster: rows compared with the command line's
`period`, code families, and the command line's own `mex survey`."""

import csv
import io
import subprocess

import pandas as pd
import pytest

import mex
from conftest import missing, same_as_cli
from mex._survey import COLUMNS

# codes with published periods: Kayles, Dawson's Kayles, Dawson's chess,
# Officers' relative 0.6, a split code, and hexadecimal ones with a saltus
PUBLISHED = ["0.77", "0.07", "0.137", "0.6", "4.07", "0.51", "hex 0.8", "hex 0.F8"]


def test_the_columns():
    assert COLUMNS == ["code", "rule", "pre_period", "period", "saltus", "proven", "largest",
                       "largest_at", "heaps", "seconds", "error"]
    df = mex.survey(["0.77"], heap=500)
    assert list(df.columns) == COLUMNS


def test_published_periods_locally():
    df = mex.survey(PUBLISHED, heap=2000)
    assert list(df["code"]) == PUBLISHED
    for row in df.to_dict("records"):
        same_as_cli(row, heap=2000)
    kayles = df[df.code == "0.77"].iloc[0]
    assert (kayles.period, kayles.proven) == (12, True)
    chess = df[df.code == "0.137"].iloc[0]
    assert (chess.pre_period, chess.period) == (52, 34)
    assert df[df.code == "hex 0.8"].iloc[0].saltus == 1


def test_largest_and_heaps_are_the_values():
    df = mex.survey(["0.77"], heap=1000)
    row = df.iloc[0]
    s = mex.Session()
    s.run("game k = octal 0.77")
    v = s.sequence("k", 0, int(row.heaps))
    assert int(row.largest) == int(v.max())
    assert int(row.largest_at) == int(v.argmax())
    assert int(row.heaps) >= int(row.pre_period) + 2 * int(row.period)


def test_same_games_share_and_keep_their_rows():
    codes = ["0.7", "0.70", "0.700", "hex 0.7", "octal 0.7"]
    df = mex.survey(codes)
    assert list(df["code"]) == codes
    assert len(set(df["rule"])) == 1
    assert len(set(df["heaps"])) == 1


def test_refused_codes_have_an_error_row():
    df = mex.survey(["0.77", "0.9z", "0.1.2", "1.7"], heap=300)
    rows = df.set_index("code")
    assert missing(rows.loc["0.77", "error"])
    for bad in ["0.9z", "0.1.2", "1.7"]:
        assert isinstance(rows.loc[bad, "error"], str) and rows.loc[bad, "error"]
        assert missing(rows.loc[bad, "period"])


def test_a_heap_bound_stops_an_unproven_search():
    df = mex.survey(["0.16"], heap=300)
    row = df.iloc[0]
    assert not bool(row.proven) and missing(row.period)
    assert int(row.heaps) == 301
    same_as_cli(row.to_dict(), heap=300)


def test_code_families():
    two = mex.octal_codes("0.??")
    assert len(two) == 64 and two[0] == "0.00" and two[-1] == "0.77"
    assert mex.octal_codes("4.1?") == [f"4.1{d}" for d in range(8)]
    assert len(mex.hex_codes("0.?")) == 16 and mex.hex_codes("0.?")[-1] == "hex 0.F"
    assert mex.codes("?.7") == ["0.7", "4.7"]
    with pytest.raises(mex.MexError) as e:
        mex.octal_codes("0.??????????")
    assert e.value.kind == "argument"
    with pytest.raises(mex.MexError):
        mex.codes("0.?z")


def test_the_command_line_survey_gives_the_same_rows(mex_cli):
    out = subprocess.run([mex_cli, "survey", "0.?7", "4.1?", "--heap", "400", "--format", "csv"],
                         capture_output=True, text=True, check=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    codes = mex.octal_codes("0.?7", "4.1?")
    assert [r["code"] for r in rows] == codes
    assert list(rows[0].keys()) == COLUMNS
    df = mex.survey(codes, heap=400)
    for mine, theirs in zip(df.to_dict("records"), rows):
        for col in COLUMNS:
            if col == "seconds":
                continue
            cell = "" if missing(mine[col]) else str(mine[col]).lower() if col == "proven" else str(mine[col])
            assert cell == theirs[col], (col, mine, theirs)


def test_the_data_frame_types():
    df = mex.survey(["0.77", "0.16"], heap=200)
    assert isinstance(df, pd.DataFrame)
    assert str(df["period"].dtype) == "UInt64"
    assert str(df["proven"].dtype) == "boolean"
    assert df["seconds"].dtype.kind == "f"


def test_an_empty_survey():
    df = mex.survey([])
    assert list(df.columns) == COLUMNS and len(df) == 0


def test_a_bad_heap_is_refused():
    with pytest.raises(mex.MexError) as e:
        mex.survey(["0.77"], heap=0)
    assert e.value.kind == "argument"


def test_ctrl_c_stops_a_local_survey():
    import _thread
    import threading
    import time

    slow = mex.hex_codes("0.?9")  # no period below the heap: each takes a while
    timer = threading.Timer(2.0, _thread.interrupt_main)
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            mex.survey(slow, heap=1_000_000)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 60  # it ended (generously): the processes were ended
    assert len(mex.survey(["0.77", "0.07"], heap=500)) == 2


def test_a_local_process_killed_midway_gives_rows_not_a_wait():
    import multiprocessing
    import os
    import signal
    import threading
    import time

    slow = mex.hex_codes("0.?9")
    killed = []

    def kill_one():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not killed:
            children = multiprocessing.active_children()
            if children:
                time.sleep(1.5)  # started, and at work
                victim = multiprocessing.active_children()[0]
                os.kill(victim.pid, signal.SIGKILL)
                killed.append(victim.pid)
            time.sleep(0.05)

    t = threading.Thread(target=kill_one)
    t.start()
    df = mex.survey(slow, heap=6000)
    t.join()
    assert killed
    assert list(df["code"]) == slow
    # the codes the killed process took with it ran again
    assert df["error"].isna().all()
    for row in df.to_dict("records"):
        same_as_cli(row, heap=6000)
