"""Redrawing only what changed. A networked table redraws on every seat's move, and Textual
paints a refreshed widget again (and a served tab sends its cells to the browser) whether its
content changed or not: the panes compare what they would draw with what they drew."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
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


class Rows:
    """A widget's lines as the rows a text widget draws them in, each line wrapped once for
    what it shows (the rows of the lines that did not change are kept): a widget that draws
    its rows from here (its `render_line`) paints a changed row without formatting all its
    text again."""

    def __init__(self) -> None:
        self._wrapped: dict[tuple[int, str, tuple[Any, ...]], list[Strip]] = {}
        self._for: object = None
        """The width and style the rows were wrapped in."""
        self.rows: list[Strip] = []
        """The rows as last laid out (`lay_out`)."""

    def lay_out(self, widget: Widget, lines: Sequence[Content], width: int) -> None:
        """The rows of `lines` at `width`, in `widget`'s style."""
        style = widget.visual_style
        if (width, style) != self._for:
            self._wrapped, self._for = {}, (width, style)
        known, self._wrapped = self._wrapped, {}
        rows: list[Strip] = []
        for y, line in enumerate(lines):
            key = (y, line.plain, tuple(line.spans))
            strips = known.get(key)
            if strips is None:
                drawn_rows = Visual.to_strips(widget, line, width, None, style) or [Strip([])]
                strips = [as_line(strip, y) for strip in drawn_rows]
            self._wrapped[key] = strips
            rows.extend(strips)
        self.rows = rows

    def row(self, widget: Widget, y: int) -> Strip:
        """Row `y` as laid out, blank past the last."""
        if y < len(self.rows):
            return self.rows[y]
        return Strip.blank(widget.size.width, widget.visual_style.rich_style)


def as_line(strip: Strip, y: int) -> Strip:
    """`strip` with its characters' places (for selecting) in line `y` of its widget's text."""
    segments = []
    for text, style, control in strip:
        if style is not None and "offset" in style.meta:
            x, _ = style.meta["offset"]
            style = style + RichStyle.from_meta({"offset": (x, y)})
        segments.append(Segment(text, style, control))
    return Strip(segments, strip.cell_length)


class RowsPane(Widget):
    """A pane of lines that never wrap (its `lines_at` a width), drawn row by row (`Rows`):
    its `show` repaints only the rows that changed (`repaint`, against `_drawn`)."""

    FALLBACK_WIDTH = 40
    """The width it is drawn for before it is laid out."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._drawn: object = None
        """What the pane last rendered (`drawn`): a redraw that changes nothing is not painted."""
        self._rows = Rows()

    @property
    def width_now(self) -> int:
        return self.size.width or self.FALLBACK_WIDTH

    def lines_at(self, width: int) -> Sequence[Content]:
        """The pane's lines at `width`."""
        raise NotImplementedError

    def render_lines(self, crop: Region) -> list[Strip]:
        width = self.width_now
        lines = self.lines_at(width)
        self._drawn = drawn(lines)
        self._rows.lay_out(self, lines, width)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:
            return super().render_line(y)  # drawn whole while text is selected, as a text widget
        return self._rows.row(self, y)

    def render(self) -> Content:
        return Content("\n").join(self.lines_at(self.width_now))
