"""The tour notebook runs from top to bottom (nbclient) and shows what it
says it shows; the %%mex magic on its own."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

import mex

TOUR = Path(__file__).resolve().parents[1] / "examples" / "tour.ipynb"


def outputs(cell, kind=None):
    outs = cell.get("outputs", [])
    return [o for o in outs if kind is None or o["output_type"] == kind]


def text_of(cell):
    parts = []
    for o in outputs(cell):
        if o["output_type"] == "stream":
            parts.append(o["text"])
        elif "data" in o:
            parts.append(o["data"].get("text/plain", ""))
    return "".join(parts)


def mime(cell, kind):
    return [o["data"][kind] for o in outputs(cell) if "data" in o and kind in o["data"]]


def find(nb, start):
    cells = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith(start)]
    assert cells, f"no cell starts with {start!r}"
    return cells[0]


def test_the_tour_runs_and_shows_its_answers(tmp_path):
    nb = nbformat.read(TOUR, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not outputs(cell, "error"), cell.source
            assert not [o for o in outputs(cell, "stream") if o["name"] == "stderr"], cell.source
    sums = find(nb, "%%mex\ngrundy nim(3)")
    assert text_of(sums).splitlines()[:3] == ["6", "3", "P (the previous player wins)"]
    assert "nim(2) -> nim(1)" in text_of(sums)
    assert "(6, 'P')" in text_of(find(nb, "s = mex.Session()"))
    period = text_of(find(nb, "%%mex\ngame kayles"))
    assert "period 12" in period and "0 1 2 3 1 4 3 2 1 4 2 6" in period
    assert "(71, 12, True)" in text_of(find(nb, "s.run("))
    assert "uint64" in text_of(find(nb, "values = "))
    html = mime(find(nb, "%%mex\ntable nimsum"), "text/html")
    assert html and "<table" in html[0] and "<td>7</td>" in html[0]
    assert "<table" in mime(find(nb, "df = "), "text/html")[0]
    svg = mime(find(nb, "%%mex\nplot"), "image/svg+xml")
    assert svg and "<svg" in svg[0]
    check = find(nb, "%%mex\ncheck")
    fail = mime(check, "text/html")
    assert fail and "FAIL" in fail[0] and "6" in fail[0]
    assert "ok" in text_of(check)
    survey = mime(find(nb, "table = mex.survey"), "text/html")[0]
    assert "0.77" in survey and "Kayles" in survey and "0.07" in survey


def test_the_magic_in_a_shell(capsys):
    from IPython.testing.globalipapp import start_ipython

    ip = start_ipython()
    ip.run_line_magic("load_ext", "mex")
    ip.run_cell_magic("mex", "", "game k = octal 0.77\ngrundy k(5) + nim(1)")
    ip.run_cell_magic("mex", "", "grundy k(6)")  # the session is kept
    out = capsys.readouterr()
    assert out.out.split() == ["5", "3"]
    ip.run_cell_magic("mex", "", "grundy nosuch(1)")
    err = capsys.readouterr().err
    assert "unknown name `nosuch`" in err
    ip.run_cell_magic("mex", "", "table nimsum 0..2 0..2 as csv")
    assert capsys.readouterr().out.splitlines() == ["a \\ b,0,1", "0,0,1", "1,1,0"]
    ip.user_ns["mine"] = mex.Session()
    ip.run_cell_magic("mex", "mine", "grundy nim(4) + nim(1)")
    assert capsys.readouterr().out.strip() == "5"
