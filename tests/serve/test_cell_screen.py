"""`CellScreen`, the cheap terminal a bench of many tabs reads screens with: on what a served
tab really received (a classmate signing in, opening Tables, sitting at a table and playing;
recorded from `civio bench tables`), it shows what pyte shows after every piece, however the
pieces cut escape sequences and characters."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from civio_tui.serve.probe import CellScreen, PyteScreen

RECORDED = Path(__file__).with_name("data") / "table_tab.ansi.gz"
WIDTH, HEIGHT = 110, 36


@pytest.mark.parametrize("piece", [4093, 65536])
def test_cell_screen_shows_what_pyte_shows_of_a_served_table_tab(piece: int) -> None:
    pytest.importorskip("pyte")
    data = gzip.decompress(RECORDED.read_bytes())
    cells, pyte = CellScreen(WIDTH, HEIGHT), PyteScreen(WIDTH, HEIGHT)
    for start in range(0, len(data), piece):
        cells.feed(data[start : start + piece])
        pyte.feed(data[start : start + piece])
        assert cells.lines() == pyte.lines(), f"after byte {start + piece}"
    assert any("Ben 1's cards" in line for line in cells.lines())


def test_cell_screen_places_erases_and_scrolls() -> None:
    screen = CellScreen(6, 2)
    screen.feed(b"\x1b[2;3Hab\xe2\x94")  # the box corner's bytes cut in two
    screen.feed(b"\x80\x1b[1;38;2;1;2")  # and a colour cut before its end
    screen.feed(b";3mX\x1b[1;1Hxyz\x1b[1;2H\x1b[K")
    assert screen.lines() == ["x     ", "  ab─X"]
    screen.feed(b"\x1b[2;1H\nnew")
    assert screen.lines() == ["  ab─X", "new   "]


def test_a_tab_reads_a_box_at_the_left_edge_from_its_cells() -> None:
    from civio_tui.serve.probe import Tab

    tab = Tab(None, "", WIDTH, HEIGHT, cells=True)  # type: ignore[arg-type]  # never opened
    assert tab._screen is not None
    tab._screen.feed(gzip.decompress(RECORDED.read_bytes()))
    rows = tab.left_box("Log")
    assert rows is not None and len(rows) == 18
    assert rows[0].strip() == "Amendment." and rows[-1].strip() == "Ana 1 loses this turn."
    assert {len(row) for row in rows} == {42}  # between the borders (the scrollbar included)
    assert tab.left_box("Opponents") is not None and tab.left_box("Your move") is None
