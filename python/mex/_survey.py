"""Surveys: ``period`` for every code of a list, one row a code, on a Dask
cluster (``client=``) or in local processes on every core."""

import json as _json
import os as _os

from . import _mex

COLUMNS = list(_mex.survey_columns())


def _argument(message):
    from . import _argument

    return _argument(message)


def codes(*patterns):
    """The codes the patterns stand for, in order: each ``?`` is any digit
    (``'0.??'`` is the 64 codes ``0.00`` .. ``0.77``; ``'hex 0.?'`` is 16).
    A pattern that is not one raises MexError (kind ``argument``)."""
    out = []
    for p in patterns:
        if not isinstance(p, str):
            raise _argument(f"a pattern is text, not {type(p).__name__}")
        try:
            out.extend(_mex.expand(p))
        except ValueError as e:
            raise _argument(str(e)) from None
    return out


def octal_codes(*patterns):
    """The octal codes of patterns such as ``'0.??'`` or ``'4.1?'``."""
    out = codes(*(p if not isinstance(p, str) or p.strip().startswith("octal ")
                  else "octal " + p.strip() for p in patterns))
    # a code with octal digits only is octal as it is: `0.77`
    return [c[len("octal "):] if c.startswith("octal ") else c for c in out]


def hex_codes(*patterns):
    """The hexadecimal codes of patterns such as ``'0.?'`` (each ``?`` 0-F)."""
    return codes(*(p if not isinstance(p, str) or p.strip().startswith("hex ")
                   else "hex " + p.strip() for p in patterns))


def survey_code(code, heap=None):
    """One code's row as a dict (what a survey's task runs)."""
    return _json.loads(_mex.survey_code(code, heap))


def _task(key, code, heap):
    # a plain module function, so that Dask and the process pool can
    # pickle it by name
    return key, survey_code(code, heap)


def survey(codes, heap=None, client=None):
    """``period`` for every code, one row a code, as a pandas DataFrame
    with the columns code, rule, pre_period, period, saltus, proven,
    largest, largest_at, heaps, seconds and error.

    ``heap`` bounds each code's search as ``set heap`` does. With a
    ``distributed.Client`` each code is a task on its workers (a worker
    lost midway costs only its tasks, which Dask runs again); without one,
    codes run in local processes, one per core. Codes that are the same
    game share one computation; every code keeps its row."""
    import pandas as pd

    if isinstance(codes, str):
        codes = [codes]
    codes = [str(c) for c in codes]
    if heap is not None:
        if isinstance(heap, bool) or not hasattr(heap, "__index__") or heap.__index__() < 1:
            raise _argument(f"heap must be an integer of at least 1, not {heap!r}")
        heap = heap.__index__()
    unique = {}
    for c in codes:
        unique.setdefault(_mex.same_game(c), c)
    jobs = list(unique.items())
    if client is not None:
        done = _on_dask(client, jobs, heap)
    else:
        done = _local(jobs, heap)
    rows = []
    for c in codes:
        row = dict(done[_mex.same_game(c)])
        row["code"] = c
        rows.append(row)
    frame = pd.DataFrame(rows, columns=COLUMNS)
    for col in ("pre_period", "period", "saltus", "largest", "largest_at", "heaps"):
        frame[col] = frame[col].astype("UInt64")
    frame["proven"] = frame["proven"].astype("boolean")
    return frame


def _failed(code, error):
    """The row of a code whose task failed (a worker lost too often, a
    process that ended): its error says why."""
    row = {c: None for c in COLUMNS}
    row.update(code=code, seconds=0.0, error=f"the task failed: {error}")
    return row


def _on_dask(client, jobs, heap):
    from distributed import wait

    # pure=False: fresh keys, so a survey never reuses another's results
    futures = client.map(_task, [k for k, _ in jobs], [c for _, c in jobs],
                         [heap] * len(jobs), pure=False)
    try:
        # a worker lost midway costs only its tasks: the scheduler runs
        # them again elsewhere; a task that keeps losing its workers
        # (distributed's allowed-failures) ends with an error, kept in its row
        wait(futures)
        done = {}
        for (key, code), f in zip(jobs, futures):
            if f.status == "finished":
                done[key] = f.result()[1]
            else:
                done[key] = _failed(code, repr(f.exception()))
        return done
    except KeyboardInterrupt:
        client.cancel(futures)
        raise


#: Rounds of a local survey: the codes a process that ended took with it
#: are run again in a fresh pool, up to this many times in all.
ROUNDS = 3


def _local(jobs, heap):
    if len(jobs) <= 1:
        return dict(_task(k, c, heap) for k, c in jobs)
    done, left = {}, list(jobs)
    for _ in range(ROUNDS):
        if not left:
            break
        more, left = _round(left, heap)
        done.update(more)
    for key, code, why in left:
        done[key] = _failed(code, f"a local process ended, {ROUNDS} times ({why})")
    return done


def _round(jobs, heap):
    """One pool of processes over the jobs: the rows done, and the jobs
    (with why) that a process which ended took with it."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    jobs = [(k, c) for k, c, *_ in jobs]
    workers = min(len(jobs), _os.cpu_count() or 1)
    # spawn: a fresh interpreter per process (a fork would copy the
    # threads of any session this process holds, without the threads)
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    futures = [(k, c, pool.submit(_task, k, c, heap)) for k, c in jobs]
    # the pool's processes, to end them (shutdown forgets them)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    done, lost = {}, []
    try:
        for key, code, f in futures:
            try:
                done[key] = f.result()[1]
            except BrokenProcessPool as e:
                lost.append((key, code, str(e)))
        return done, lost
    finally:
        # on Ctrl-C (or any error) the processes are ended at once
        pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            if p.is_alive():
                p.terminate()
        for p in processes:
            p.join()
