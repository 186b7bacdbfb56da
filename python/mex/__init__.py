"""mex from Python: Sprague-Grundy values, outcomes, periods and surveys of
impartial games, answered by the mex interpreter (a Rust extension).

    import mex
    s = mex.Session()
    s.grundy("nim(3) + nim(5)")        # 6
    s.run("game k = octal 0.77; period k")
    mex.survey(mex.octal_codes("0.??"), heap=1000)

docs/python.md in the repository is the reference.
"""

import json as _json
import re as _re

from . import _mex
from ._survey import codes, hex_codes, octal_codes, survey

__all__ = [
    "Session",
    "MexError",
    "survey",
    "codes",
    "octal_codes",
    "hex_codes",
    "load_ipython_extension",
    "__version__",
]

__version__ = _mex.VERSION


class MexError(Exception):
    """An error mex reported: the first diagnostic of a run.

    Attributes: ``message``, ``kind`` (``parse``, ``type``, ``unknown_name``,
    ``limit``, ...), ``line`` and ``column`` (1-based, or None), ``hint``
    (or None), ``text`` (the diagnostic rendered as the terminal shows it),
    ``file``, ``label``, ``limit`` (the ``set`` name a limit error names,
    or None), ``data`` (the whole JSON object) and ``answers`` (the answers
    given before the error, for ``Session.run``).
    """

    def __init__(self, message, kind=None, line=None, column=None, hint=None,
                 text=None, data=None, answers=None):
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.line = line
        self.column = column
        self.hint = hint
        self.text = text if text is not None else message
        self.data = dict(data or {})
        self.file = self.data.get("file")
        self.label = self.data.get("label")
        self.limit = self.data.get("limit")
        self.answers = list(answers or [])

    def __str__(self):
        return self.text.rstrip("\n") if self.text else self.message

    def __reduce__(self):
        return (_rebuilt_error, (self.message, self.kind, self.line, self.column,
                                 self.hint, self.text, self.data, self.answers))


def _rebuilt_error(*args):
    return MexError(*args)


def _error(data_json, text, answers=(), shift=0):
    """A MexError from a diagnostic's JSON and its rendered text. ``shift``
    characters that mex put before an expression on its first line (a
    single-expression call's ``grundy ``) are taken off its column."""
    data = _json.loads(data_json)
    line, column = data.get("line"), data.get("column")
    if shift and line == 1 and isinstance(column, int) and column > shift:
        column -= shift
        data["column"] = column
    return MexError(data.get("error", "error"), kind=data.get("kind"), line=line,
                    column=column, hint=data.get("hint"), text=text, data=data,
                    answers=answers)


_NAME = _re.compile(r"^[A-Za-z_][A-Za-z0-9_']*$")


def _argument(message, hint=None):
    return MexError(message, kind="argument", hint=hint,
                    text=f"error: {message}" + (f"\n  hint: {hint}" if hint else ""))


def _name(name):
    if not isinstance(name, str) or not _NAME.match(name):
        raise _argument(f"{name!r} is not a name",
                        "a game's name as `game NAME = ...` defined it, such as 'kayles'")
    return name


def _natural(n, what):
    if isinstance(n, bool) or not hasattr(n, "__index__"):
        raise _argument(f"{what} must be an integer, not {type(n).__name__}")
    n = n.__index__()
    if n < 0:
        raise _argument(f"{what} must be at least 0, not {n}")
    return n


def _expression(expr):
    if not isinstance(expr, str):
        raise _argument(f"an expression is text, not {type(expr).__name__}",
                        "write it as mex does: s.grundy('nim(3) + nim(5)')")
    if ";" in expr or "\n" in expr or "\r" in expr:
        raise _argument("one expression is asked for, with no `;` or line break",
                        "run several statements with s.run(...)")
    return expr


class Session:
    """A mex session: the games and values defined in it, its memo tables
    and its limits. Each computation releases the GIL; Ctrl-C (or a
    notebook's Stop) ends it and leaves the session usable."""

    def __init__(self):
        self._core = _mex.Core()

    # -- running text --------------------------------------------------

    def _call(self, method, *args):
        """A call to the extension; its own failures (a session used after
        a fork, a panic) raise MexError of kind ``internal``."""
        try:
            return getattr(self._core, method)(*args)
        except RuntimeError as e:
            raise MexError(str(e), kind="internal") from None

    def _events(self, source, name, json=True, data=False):
        events, interrupted = self._call("run", source, name, json, data)
        if interrupted:
            raise KeyboardInterrupt("mex: interrupted")
        return events

    def run(self, source):
        """Runs statements; gives each answer as the object ``--format json``
        writes (a check that failed is a dict with ``"passed": False``). The
        first error raises MexError (later statements still ran, as on the
        command line; the answers before it are on the error's ``answers``)."""
        if not isinstance(source, str):
            raise _argument(f"source is text, not {type(source).__name__}")
        answers = []
        error = None
        for kind, first, second in self._events(source, "<python>"):
            if kind == "error":
                if error is None:
                    error = (first, second, list(answers))
            elif kind in ("answer", "check"):
                answers.append(_json.loads(first))
        if error is not None:
            raise _error(*error)
        return answers

    def _ask(self, statement, expr, query):
        """The one answer of ``statement expr``."""
        prefix = statement + " "
        answers = []
        for kind, first, second in self._events(prefix + expr, "<expr>"):
            if kind == "error":
                raise _error(first, second, shift=len(prefix))
            if kind in ("answer", "check"):
                answers.append(_json.loads(first))
        if len(answers) != 1 or answers[0].get("query") != query:
            raise _argument(f"`{statement} {expr}` gave {len(answers)} answers, not one")
        return answers[0]

    def grundy(self, expr):
        """The Grundy value of a position: an int, or a loopy value's text
        (``'∞{0, 2}'``)."""
        a = self._ask("grundy", _expression(expr), "grundy")
        value = a.get("value")
        if value == "inf":
            # as the terminal writes it: the numbers among its options' values
            return "\u221e{" + ", ".join(str(k) for k in a.get("finite", [])) + "}"
        if isinstance(value, str) and _re.fullmatch(r"\d+", value):
            return int(value)  # written as text where JSON numbers fall short
        return value

    def outcome(self, expr):
        """'P' (the previous player wins), 'N' (the next) or 'D' (a draw)."""
        return self._ask("outcome", _expression(expr), "outcome")["outcome"]

    def misere_outcome(self, expr):
        """The outcome under the misère convention: 'P' or 'N'."""
        return self._ask("misere outcome", _expression(expr), "misere outcome")["outcome"]

    def moves(self, expr):
        """The moves of a position: dicts with ``text``, ``to`` and ``value``."""
        return self._ask("moves", _expression(expr), "moves")["moves"]

    def period(self, name):
        """``period NAME``: a dict with ``pre_period``, ``period``, ``saltus``
        (arithmetic periods), ``proven``, ``checked_to``, ``limit``, ``reason``."""
        return self._ask("period", _name(name), "period")

    def sequence(self, name, start, stop):
        """The values of heaps ``start .. stop - 1`` as a numpy array of
        unsigned 64-bit ints, filled in Rust."""
        import numpy as np

        name = _name(name)
        start, stop = _natural(start, "start"), _natural(stop, "stop")
        if stop <= start:
            return np.zeros(0, dtype=np.uint64)
        if stop - start > dict(self._call("limits"))["output"]:
            # refused before any work (and before an array is made for it)
            for kind, first, second in self._events(f"sequence {name} {start}..{stop}",
                                                    "<sequence>"):
                if kind == "error":
                    raise _error(first, second)
        out = np.empty(stop - start, dtype=np.uint64)
        # Rust writes the values straight into the array, which this frame
        # holds until the call has returned
        written, events, interrupted = self._call(
            "values_into", name, start, stop, out.ctypes.data)
        if interrupted:
            raise KeyboardInterrupt("mex: interrupted")
        for kind, first, second in events:
            if kind == "error":
                raise _error(first, second)
        if written != len(out):
            raise MexError(f"sequence {name}: {written} values of {len(out)} came back",
                           kind="internal")
        return out

    def table(self, name, rows, cols):
        """``table NAME rows cols`` of a two-parameter game as a pandas
        DataFrame: index ``rows``, columns ``cols`` (Python ranges, step 1)."""
        import pandas as pd

        name = _name(name)
        r, c = _span(rows, "rows"), _span(cols, "cols")
        if r[0] >= r[1] or c[0] >= c[1]:
            return pd.DataFrame(index=pd.Index(list(rows), dtype="int64"),
                                columns=pd.Index(list(cols), dtype="int64"), dtype="object")
        a = self._ask("table", f"{name} {r[0]}..{r[1]} {c[0]}..{c[1]}", "table")
        return _frame(a)

    def set(self, name, value):
        """``set NAME VALUE``: a limit (``heap``, ``work``, ``memory``, ...)."""
        name = _name(name)
        value = _natural(value, "a limit")
        for kind, first, second in self._events(f"set {name} {value}", "<set>"):
            if kind == "error":
                raise _error(first, second, shift=len(f"set {name} "))

    def limits(self):
        """The limits in force, as a dict of ``set`` name to value."""
        return dict(self._call("limits"))

    def interrupt(self):
        """Stops the computation running now, as Ctrl-C does (for another
        thread)."""
        self._core.interrupt()


def _span(r, what):
    if not isinstance(r, range) or r.step != 1:
        raise _argument(f"{what} must be a range with step 1, such as range(0, 10)")
    if r.start < 0:
        raise _argument(f"{what} must start at 0 or above")
    return r.start, r.stop


def _frame(answer):
    """A table's JSON answer as a DataFrame: index the rows' parameter,
    columns the columns'."""
    import numpy as np
    import pandas as pd

    cells = answer.get("rows") or []
    width = len(cells[0]) if cells else 0
    r0, c0 = answer.get("row_from", 0), answer.get("col_from", 0)
    index = pd.RangeIndex(r0, r0 + len(cells), name=answer.get("row_param"))
    columns = pd.RangeIndex(c0, c0 + width, name=answer.get("col_param"))
    if all(isinstance(v, int) and v >= 0 for row in cells for v in row):
        data = np.array(cells, dtype=np.uint64).reshape(len(cells), width)
    else:
        data = cells
    return pd.DataFrame(data, index=index, columns=columns)


def load_ipython_extension(ipython):
    """``%load_ext mex``: the ``%%mex`` cell magic."""
    from .magic import register

    register(ipython)
