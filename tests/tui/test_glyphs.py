"""The ASCII forms of the game's glyphs (civio_tui/glyphs.py): when a terminal gets them, and
the table drawn in them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cards.deck import Deck
from civio_tui.table_controller import TableController
from tests.tui.conftest import (
    PLAIN_BOT,
    ScriptedPlayer,
    make_app,
    open_table,
    screen_text,
    settle,
)
from tests.tui.test_table import HAND, against_bot


def test_ascii_is_chosen_for_the_linux_console_and_a_non_utf8_locale() -> None:
    from civio_tui.glyphs import ascii_terminal

    assert ascii_terminal({"TERM": "linux", "LANG": "en_US.UTF-8"})
    assert ascii_terminal({"TERM": "xterm", "LANG": "C"})
    assert ascii_terminal({"TERM": "xterm", "LANG": "C", "LC_CTYPE": "C.UTF-8"})  # PEP 538
    assert ascii_terminal({"LC_ALL": "de_DE.ISO-8859-1", "LANG": "de_DE.UTF-8"})
    assert not ascii_terminal({"TERM": "xterm-256color", "LANG": "en_US.UTF-8"})
    assert not ascii_terminal({"TERM": "xterm"})  # no locale said: UTF-8 assumed
    assert not ascii_terminal({"TERM": "linux", "CIVIO_ASCII": "0"})
    assert ascii_terminal({"LANG": "en_US.UTF-8", "CIVIO_ASCII": "1"})


async def test_an_ascii_terminal_gets_the_table_in_ascii(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CIVIO_ASCII", "1")
    backend = against_bot(deck, HAND, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        await pilot.press("1", "2", "8")
        await settle(pilot)
        text = screen_text(app).replace("\xa0", " ")
        assert text.isascii(), sorted({c for c in text if not c.isascii()})
        assert "Enter Choose" in text  # the footer's keys in words, not ⏎
        assert "-Your move: Draw" in text


def test_every_glyph_in_the_game_has_an_ascii_form() -> None:
    from civio_tui.glyphs import ascii_text

    root = Path(__file__).parents[2] / "civio_tui"
    # What the game can show: the string literals of its code as written (not docstrings or
    # comments, which may name any letter; an escape such as "\u200e" is a character the code
    # looks for, not one it draws) and its stylesheets.
    shown = [path.read_text(encoding="utf-8") for path in root.rglob("*.tcss")]
    for path in root.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        lines = [line.encode() for line in source.splitlines(keepends=True)]
        shown += [
            _source_of(lines, n)
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
        ]
    glyphs = {c for text in shown for c in text if not c.isascii()}
    missing = sorted(c for c in glyphs if ascii_text(c) == "?")
    assert not missing, f"add these to glyphs._GLYPHS: {''.join(missing)}"
    assert ascii_text("Café ↳ ✓ ✗ ▶") == "Cafe > v x >"


def _source_of(lines: list[bytes], node: ast.expr) -> str:
    """`ast.get_source_segment` over lines split once (its offsets count UTF-8 bytes); the
    function itself splits the whole file again for every node."""
    first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    end = node.end_col_offset
    if first == last:
        return lines[first][node.col_offset : end].decode()
    middle = b"".join(lines[first + 1 : last])
    return (lines[first][node.col_offset :] + middle + lines[last][:end]).decode()
