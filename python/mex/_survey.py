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


def _on_dask(client, jobs, heap):
    # pure=False: fresh keys, so a survey never reuses another's results
    futures = client.map(_task, [k for k, _ in jobs], [c for _, c in jobs],
                         [heap] * len(jobs), pure=False)
    try:
        return dict(client.gather(futures))
    except KeyboardInterrupt:
        client.cancel(futures)
        raise


def _task_of(job):
    key, code, heap = job
    return _task(key, code, heap)


def _local(jobs, heap):
    if len(jobs) <= 1:
        return dict(_task(k, c, heap) for k, c in jobs)
    import multiprocessing

    workers = min(len(jobs), _os.cpu_count() or 1)
    # spawn: a fresh interpreter per process (a fork would copy the
    # threads of any session this process holds, without the threads)
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers)
    try:
        done = dict(pool.imap_unordered(_task_of, [(k, c, heap) for k, c in jobs],
                                        chunksize=1))
        pool.close()
        return done
    finally:
        # on Ctrl-C (or any error) the processes are ended at once
        pool.terminate()
        pool.join()
