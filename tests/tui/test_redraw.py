"""Drawing only what changed (civio_tui/widgets/redraw.py): rows drawn line by line are the
rows a text widget draws, and a changed line is the only one drawn again."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.content import Content
from textual.visual import Visual
from textual.widgets import Static

from civio_tui.widgets.redraw import Rows

LINES = [
    Content.styled("Ben · 12 points · Clerk", "bold"),
    Content(""),
    Content("[C] Brown v Board of Education, [C] Katz v US, [I] Voting and a long tail of words"),
    Content.assemble(("↳ ", "dim"), "took Katz"),
]


class TextApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static(Content("\n").join(LINES), id="text")


async def test_rows_drawn_line_by_line_are_those_a_text_widget_draws() -> None:
    async with TextApp().run_test(size=(40, 12)) as pilot:
        text = pilot.app.query_one(Static)
        width = text.size.width
        whole = Visual.to_strips(text, Content("\n").join(LINES), width, None, text.visual_style)
        rows = Rows()
        rows.lay_out(text, LINES, width)
        # The long line wraps onto more rows, as in the text widget.
        assert len(rows.rows) == len(whole) > len(LINES)
        assert [list(row) for row in rows.rows] == [list(row) for row in whole]


async def test_only_a_changed_line_is_drawn_again() -> None:
    async with TextApp().run_test(size=(40, 12)) as pilot:
        text = pilot.app.query_one(Static)
        rows = Rows()
        rows.lay_out(text, LINES, 40)
        before = list(rows.rows)
        changed = [*LINES[:3], Content.assemble(("↳ ", "dim"), "discarded Katz")]
        rows.lay_out(text, changed, 40)
        assert all(a is b for a, b in zip(rows.rows[:-1], before[:-1], strict=True))
        assert rows.rows[-1] is not before[-1]
        assert rows.rows[-1].text.startswith("↳ discarded Katz")
