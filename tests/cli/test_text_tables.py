"""The commands' text tables (civio_tui/commands/common.py `table_lines`): columns two spaces
apart, lined up by the width cells take on screen, one line per row, cells taken as plain text."""

from __future__ import annotations

from rich.cells import cell_len

from civio_tui.commands.common import table_lines


def column_starts(line: str, cells: list[str]) -> list[int]:
    """Where on screen each of `cells` starts in `line`."""
    starts, position = [], 0
    for cell in cells:
        found = line.index(cell, position)
        starts.append(cell_len(line[:found]))
        position = found + len(cell)
    return starts


def test_columns_line_up_by_screen_width() -> None:
    rows = [["ＡＮＡ", "Easy Play", "12"], ["Zoë", "CIVIO", "3"], ["José Ángel", "CIVIO", "140"]]
    lines = table_lines(["NAME", "GAME", "POINTS"], rows, right=[2])
    assert lines[0].split() == ["NAME", "GAME", "POINTS"]
    games = {column_starts(line, row[:2])[1] for line, row in zip(lines[1:], rows, strict=True)}
    assert games == {cell_len("José Ángel") + 2}
    # POINTS is right-aligned: every row ends in the same screen column.
    assert {cell_len(line) for line in lines} == {cell_len(lines[0])}


def test_cells_are_plain_text_on_one_line() -> None:
    long = "Tinker v Des Moines School District, " * 20
    lines = table_lines(["CARD", "PLUS"], [["[L] Civil Rights Act :smile:", long.strip()]])
    assert len(lines) == 2
    assert lines[1].startswith("[L] Civil Rights Act :smile:  ") and lines[1].endswith("District,")
