"""The ``%%mex`` cell magic (``%load_ext mex``): runs a cell in a session
kept for the notebook and shows its answers as the terminal would, tables
as HTML tables, plots inline as SVG, and a failed check with its why."""

import json as _json
import sys as _sys

_SESSIONS = {}


def session(ipython=None):
    """The session ``%%mex`` cells run in (one per notebook kernel)."""
    from . import Session

    key = id(ipython)
    if key not in _SESSIONS:
        _SESSIONS[key] = Session()
    return _SESSIONS[key]


class _Shown:
    """Lines of text gathered and printed together, between the pictures
    and tables shown."""

    def __init__(self):
        self.lines = []

    def flush(self):
        if self.lines:
            print("\n".join(self.lines))
            self.lines = []


def show(s, cell):
    """Runs ``cell`` in session ``s`` and shows what it gives."""
    from IPython.display import HTML, SVG, display

    from . import _frame

    events, interrupted = s._call("run", cell, "<cell>", False, True)
    out = _Shown()
    table = False  # the text lines of a table shown as HTML are left out
    for kind, first, second in events:
        if kind == "answer":
            if not table:
                out.lines.append(first)
            continue
        table = False
        out.flush()
        if kind == "data":
            answer = _json.loads(first)
            if answer.get("query") == "table":
                display(_frame(answer))
                table = True
        elif kind == "check":
            if second == "pass":
                out.lines.append(first)
            else:
                display(HTML('<pre style="color:#b00020">' + _escape(first) + "</pre>"))
        elif kind == "svg":
            display(SVG(first))
        elif kind == "error":
            print(second.rstrip("\n"), file=_sys.stderr)
    out.flush()
    if interrupted:
        raise KeyboardInterrupt("mex: interrupted")


def _escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def register(ipython):
    from IPython.core.magic import register_cell_magic

    def mex(line, cell):
        """%%mex [SESSION]: runs the cell in the notebook's mex session, or
        in the mex.Session named SESSION."""
        name = line.strip()
        if name:
            s = ipython.user_ns.get(name)
            if s is None or not hasattr(s, "_core"):
                raise NameError(f"%%mex {name}: no mex.Session named {name!r}")
        else:
            s = session(ipython)
        show(s, cell)

    register_cell_magic(mex)
