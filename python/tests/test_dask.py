"""Surveys on a real Dask scheduler with two workers, each a process of its
own on loopback; one test kills a worker midway."""

import signal
import time

from distributed import Client

import mex
from conftest import same_as_cli

PUBLISHED = ["0.77", "0.07", "0.137", "0.6", "4.07", "0.51", "0.15", "hex 0.8", "hex 0.F8",
             "0.770"]


def test_a_survey_on_two_workers(dask_cluster):
    address, _ = dask_cluster
    with Client(address, timeout=60) as client:
        client.wait_for_workers(2, timeout=120)
        df = mex.survey(PUBLISHED, heap=2000, client=client)
    assert list(df["code"]) == PUBLISHED
    for row in df.to_dict("records"):
        same_as_cli(row, heap=2000)


def test_a_worker_killed_midway_costs_only_its_tasks(dask_cluster):
    address, workers = dask_cluster
    # codes with no period to find below the heap: each takes a while
    slow = mex.hex_codes("0.?9")
    heap = 1500
    with Client(address, timeout=60) as client:
        client.wait_for_workers(2, timeout=120)
        victim = workers[0]
        killed = []

        def kill_when_busy():
            # kill worker 0 once it holds a task
            names = {w["name"]: a for a, w in client.scheduler_info()["workers"].items()}
            addr = names["w0"]
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                if client.processing().get(addr):
                    victim.send_signal(signal.SIGKILL)
                    killed.append(addr)
                    return
                time.sleep(0.02)

        import threading
        t = threading.Thread(target=kill_when_busy)
        t.start()
        df = mex.survey(slow, heap=heap, client=client)
        t.join()
    assert killed, "the worker was never seen busy"
    assert victim.wait(timeout=30) == -signal.SIGKILL
    assert list(df["code"]) == slow
    assert df["error"].isna().all()
    for row in df.to_dict("records"):
        same_as_cli(row, heap=heap)
