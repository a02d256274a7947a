"""Redrawing only what changed. A networked table redraws on every seat's move, and Textual
paints a refreshed widget again (and a served tab sends its cells to the browser) whether its
content changed or not: the panes compare what they would draw with what they drew."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.content import Content
from textual.geometry import Region
from textual.widget import Widget


def drawn(lines: Sequence[Content]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """What `lines` put on screen, comparable: their text and styles (a `Content` compares
    equal to another by its text alone)."""
    return tuple((line.plain, tuple(line.spans)) for line in lines)


def repaint(widget: Widget, lines: Sequence[Content], before: object, *, layout: bool) -> bool:
    """Repaint `widget` for its new `lines`, where `before` is what it last drew (`drawn`):
    nothing when they are the same, only the rows that differ when they are as many (and
    the widget keeps its size), else all of it (laid out again with `layout`). Whether
    anything was repainted."""
    now = drawn(lines)
    if now == before:
        return False
    if layout or not isinstance(before, tuple) or len(before) != len(now):
        widget.refresh(layout=layout)
        return True
    width = widget.size.width
    widget.refresh(*(Region(0, y, width, 1) for y, row in enumerate(now) if row != before[y]))
    return True


def retitle(widget: Widget, title: str | Content) -> None:
    """Give `widget` the border title `title`, repainting it only when the title changes
    (Textual repaints the whole box on every assignment, the same title included)."""
    if widget.border_title != widget.render_str(title).markup:
        widget.border_title = title
