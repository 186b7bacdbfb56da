"""Shared pieces of the tests: the command line's answers to compare with,
and a Dask scheduler with two workers started as processes of their own."""

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Ctrl-C reaches Python only where SIGINT was not ignored when it started; a
# shell that starts a job in the background ignores it, and then
# `_thread.interrupt_main` does nothing and the tests of Ctrl-C would wait
# for ever. Python's own handler is put back for them.
signal.signal(signal.SIGINT, signal.default_int_handler)


def mex_binary():
    """The `mex` command line of this checkout (built by `cargo build
    --release`, as `cargo test --release` does), or MEX_BIN."""
    given = os.environ.get("MEX_BIN")
    if given:
        return given
    built = ROOT / "target" / "release" / "mex"
    if built.exists():
        return str(built)
    found = shutil.which("mex")
    if found:
        return found
    raise RuntimeError("no mex command line: run `cargo build --release` first, or set MEX_BIN")


@pytest.fixture(scope="session")
def mex_cli():
    return mex_binary()


def cli_json(source, binary=None):
    """The JSON objects the command line writes for `source`."""
    out = subprocess.run([binary or mex_binary(), "--format", "json", "-e", source],
                         capture_output=True, text=True, timeout=600)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def cli_period(code, heap=None):
    """The command line's `period` of a code (`octal 0.77`, `hex 0.F8` or
    a bare code), with `set heap` as a survey gives it."""
    code = code.strip()
    if code.startswith(("octal ", "hex ")):
        rule = code
    elif any(c in "89abcdefABCDEF" for c in code):
        rule = "hex " + code
    else:
        rule = "octal " + code
    source = f"game g = {rule}\nset threads 1\n"
    if heap is not None:
        source += f"set heap {heap}\n"
    source += "period g\n"
    answers = cli_json(source)
    assert len(answers) == 1, answers
    return answers[0]


def same_as_cli(row, heap=None):
    """Checks one survey row against the command line's `period`."""
    want = cli_period(row["code"], heap)
    assert "error" not in want, want
    assert row["rule"] == want["rule"], (row, want)
    assert _int(row["pre_period"]) == want["pre_period"], (row, want)
    assert _int(row["period"]) == want["period"], (row, want)
    assert _int(row["saltus"]) == (want.get("saltus", 0) if want["period"] is not None else None), (row, want)
    assert bool(row["proven"]) == want["proven"], (row, want)
    assert missing(row["error"]), row


def missing(v):
    """None, pandas' NA or NaN: an empty cell."""
    if v is None:
        return True
    try:
        import pandas as pd
        if v is pd.NA:
            return True
    except ImportError:
        pass
    return isinstance(v, float) and v != v


def _int(v):
    try:
        import pandas as pd
        if v is None or v is pd.NA:
            return None
    except ImportError:
        pass
    if v != v:  # NaN
        return None
    return int(v)


def _start(args, log):
    return subprocess.Popen([sys.executable, "-m", *args], stdout=log, stderr=subprocess.STDOUT)


@pytest.fixture
def dask_cluster(tmp_path):
    """A scheduler and two workers on loopback, each a process of its own
    (no nanny: a worker killed stays dead). Gives (address, workers)."""
    import distributed  # noqa: F401  (required: the test fails without it)
    scheduler_file = tmp_path / "scheduler.json"
    log = open(tmp_path / "dask.log", "w")
    procs = [_start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--no-dashboard", "--scheduler-file", str(scheduler_file)], log)]
    workers = []
    try:
        import time
        for _ in range(600):
            if scheduler_file.exists() and scheduler_file.stat().st_size > 0:
                break
            if procs[0].poll() is not None:
                raise RuntimeError("the dask scheduler ended: " + (tmp_path / "dask.log").read_text())
            time.sleep(0.1)
        address = json.loads(scheduler_file.read_text())["address"]
        for i in range(2):
            w = _start(["distributed.cli.dask_worker", address, "--host", "127.0.0.1",
                        "--nworkers", "1", "--nthreads", "1", "--no-nanny", "--no-dashboard",
                        "--name", f"w{i}"], log)
            procs.append(w)
            workers.append(w)
        yield address, workers
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
        log.close()
