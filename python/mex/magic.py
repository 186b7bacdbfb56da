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


def _plain_table(first_line):
    """Whether a table's text is the plain form (``a \\ b | 0 1 2``), which
    a notebook shows as an HTML table, rather than one asked for ``as csv``,
    ``as markdown`` or ``as latex``, which is shown as written."""
    return (not first_line.startswith(("|", "%")) and "," not in first_line
            and " | " in first_line)


def show(s, cell):
    """Runs ``cell`` in session ``s`` and shows what it gives."""
    from IPython.display import HTML, SVG, display

    from . import _frame

    events, interrupted = s._call("run", cell, "<cell>", False, True)
    out = _Shown()
    table = None  # a table's JSON, while its text lines come

    def end_table():
        nonlocal table
        if table is not None:
            answer, lines = table
            table = None
            if lines and _plain_table(lines[0]):
                out.flush()
                display(_frame(answer))
            else:
                out.lines.extend(lines)

    for kind, first, second in events:
        if kind == "answer":
            if table is not None:
                table[1].append(first)
            else:
                out.lines.append(first)
            continue
        end_table()
        if kind == "data":
            answer = _json.loads(first)
            if answer.get("query") == "table":
                table = (answer, [])
            continue
        out.flush()
        if kind == "check":
            if second == "pass":
                out.lines.append(first)
            else:
                display(HTML('<pre style="color:#b00020">' + _escape(first) + "</pre>"))
        elif kind == "svg":
            display(SVG(first))
        elif kind == "error":
            print(second.rstrip("\n"), file=_sys.stderr)
    end_table()
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
