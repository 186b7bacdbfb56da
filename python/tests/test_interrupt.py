"""Ctrl-C ends a computation and leaves the session usable; a computation
releases the GIL."""

import _thread
import threading
import time

import pytest

import mex

# a search that runs for minutes: every heap of 0.9 (hexadecimal) splits
# into three heaps, and the limits let it look far
LONG = "game g = hex 0.9\nset work 1000000000000000\nset heap 1000000\nset memory 4000000000"


def test_ctrl_c_ends_a_computation_and_the_session_answers_after():
    s = mex.Session()
    s.run(LONG)
    timer = threading.Timer(1.0, _thread.interrupt_main)
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            s.period("g")
    finally:
        timer.cancel()
    assert time.monotonic() - start < 30  # it ended (generously)
    assert s.grundy("nim(3) + nim(5)") == 6
    s.run("game k = octal 0.77")
    assert s.period("k")["period"] == 12
    # the values computed before the stop are the game's
    fresh = mex.Session()
    fresh.run("game g = hex 0.9")
    assert s.sequence("g", 0, 50).tolist() == fresh.sequence("g", 0, 50).tolist()


def test_ctrl_c_during_a_sequence():
    s = mex.Session()
    s.run(LONG)
    timer = threading.Timer(1.0, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            s.sequence("g", 0, 1000000)
    finally:
        timer.cancel()
    assert s.sequence("g", 0, 5).tolist() == mex.Session().run(
        "game g = hex 0.9\nsequence g 0..5")[0]["values"]


def test_interrupt_from_another_thread():
    s = mex.Session()
    s.run(LONG)
    threading.Timer(1.0, s.interrupt).start()
    with pytest.raises(KeyboardInterrupt):
        s.period("g")
    assert s.outcome("nim(1) + nim(1)") == "P"


def test_the_gil_is_released_during_a_computation():
    s = mex.Session()
    s.run(LONG)
    counted = [0]
    before = [None]
    done = threading.Event()
    enough = 2_000_000

    def count():
        while not done.is_set():
            counted[0] += 1

    def stop_when_counted():
        # stops the computation once the other thread has counted `enough`
        # while it ran (were the GIL held, the count would not move, and
        # after 20 s the computation is stopped anyway and the test fails)
        deadline = time.monotonic() + 20
        while not done.is_set():
            if before[0] is not None and (counted[0] >= before[0] + enough
                                          or time.monotonic() > deadline):
                s.interrupt()
            time.sleep(0.01)

    counter = threading.Thread(target=count)
    stopper = threading.Thread(target=stop_when_counted)
    counter.start()
    stopper.start()
    try:
        before[0] = counted[0]
        with pytest.raises(KeyboardInterrupt):
            s.period("g")
        after = counted[0]
    finally:
        done.set()
        counter.join()
        stopper.join()
    assert after - before[0] >= enough
    assert s.grundy("nim(7)") == 7


def test_two_threads_share_a_session():
    s = mex.Session()
    results = []

    def ask(n):
        results.append((n, s.grundy(f"nim({n}) + nim(1)")))

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [(n, n ^ 1) for n in range(20)]


def test_a_session_used_after_a_fork_says_so():
    import os

    s = mex.Session()
    assert s.grundy("nim(1)") == 1
    pid = os.fork()
    if pid == 0:
        # the child: the session's thread is not here; it must say so, not hang
        code = 1
        try:
            s.grundy("nim(1)")
        except mex.MexError as e:
            code = 0 if e.kind == "internal" and "fork" in e.message else 3
        except BaseException:
            code = 4
        try:
            code = code or (0 if mex.Session().grundy("nim(2)") == 2 else 5)
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert s.grundy("nim(3)") == 3


def test_a_real_sigint_ends_a_computation():
    import os
    import signal

    s = mex.Session()
    s.run(LONG)
    timer = threading.Timer(1.0, os.kill, args=(os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            s.grundy("g(1000000)")
    finally:
        timer.cancel()
    assert time.monotonic() - start < 30
    assert s.grundy("nim(5) + nim(1)") == 4
