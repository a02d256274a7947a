"""The log: every event in words, newest at the bottom, re-wrapped when the pane resizes."""

from __future__ import annotations

import re
from typing import ClassVar

from textual.binding import BindingType
from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.selection import Selection
from textual.strip import Strip
from textual.visual import Visual

from civio_tui.widgets.redraw import as_line
from civio_tui.widgets.scroll import SCROLL_KEYS

MAX_LINES = 400


class LogPane(ScrollView, can_focus=True):
    """A scrolling pane of sentences; keeps the last MAX_LINES and follows the newest.

    It follows while the end is in view: when lines arrive and when a resize re-wraps them
    longer. Scrolling up to read stops it; back at the bottom (G) it follows again.

    The lines since `begin_section` (a round's) may be told again, revised (`set_section`):
    a turn in progress is one sentence that grows with the turn.

    Each line is wrapped to the width once and kept; only the rows in view are drawn, and of
    those only the rows that changed are painted again (new rows scroll the pane, and never lay
    the screen out again). A table tells its log again on every move, and drawing the whole log
    each time (as a text widget would) cost more than the rest of the table's redraw.
    """

    DEFAULT_CSS = """
    LogPane {
        overflow-x: hidden;
        overflow-y: auto;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = SCROLL_KEYS

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[Content] = []
        """What the pane shows: the lines before the section, then the section's."""
        self._before: list[Content] = []
        self._told: list[Content] = []
        """The section's lines, as `set_section` told them last."""
        self._asides: list[tuple[int, Content]] = []
        """Lines added within the section, each after that many of its told lines."""
        self.following = True
        self._rows: list[Strip] = []
        """The lines wrapped to the width, one strip a row."""
        self._wrapped: dict[int, dict[tuple[int, str, tuple[object, ...]], list[Strip]]] = {}
        """Each line's rows by width, then by its place and what it says."""
        self._width = 0
        self._style: object = None
        """The pane's text style the rows were drawn in."""

    def on_mount(self) -> None:
        # Anchored, the pane is kept at its end by the layout itself, in the same frame as the
        # new lines: never a frame of old lines first. Scrolling up releases the anchor; the
        # end (G) takes it back.
        self.anchor()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        # Growing content or a narrower pane raise max_scroll_y without moving scroll_y, so
        # only a real scroll (the player's, or a clamp to a smaller end) changes this.
        self.following = new_value >= self.max_scroll_y - 1

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        if size == self._size:
            # Its rows, and so its scrollbar, are its own (`_wrap`): a layout that leaves the
            # pane its size changes nothing in it (Textual would repaint its scrollbar).
            return False
        super()._size_updated(size, virtual_size, container_size, layout)
        if self.is_mounted:
            # Laid out again at its new size before the frame that shows it is drawn: that
            # frame shows the newest line (the layout's anchor scrolls by the old height).
            self._wrap()
        return True

    def on_resize(self) -> None:
        self._wrap()
        if self.following:
            self.call_after_refresh(self.scroll_end, animate=False)

    def follow(self) -> None:
        """Follow the newest lines again, wherever the player had scrolled to."""
        self.following = True
        self.anchor()

    # -- drawing ------------------------------------------------------------------------------

    def _wrap(self) -> None:
        """Lay the lines out in rows of the width, wrapping only lines not wrapped before.
        When the rows are more than the pane holds, its scrollbar takes a column (as for any
        scrolling pane): they are laid out in the width left."""
        if not self.is_mounted:
            return  # laid out once mounted (its first resize)
        content = self.content_region
        style = self.visual_style
        if style != self._style:
            self._wrapped, self._style = {}, style
        width = content.width
        rows = self._wrap_to(width)
        if len(rows) > content.height:
            width -= self.styles.scrollbar_size_vertical
            rows = self._wrap_to(width)
        # The two widths' rows are kept: the next line usually needs one of them again.
        self._wrapped = {w: self._wrapped[w] for w in (content.width, width) if w in self._wrapped}
        before, top = self._rows, self.scroll_offset.y
        self._rows, self._width = rows, width
        size = Size(width, len(rows))
        if size != self.virtual_size:
            # The pane's size is the layout's (its rows never change it): the screen is not laid
            # out again for new rows, only the scrollbar is told (shown, hidden, its thumb).
            self.set_reactive(LogPane.virtual_size, size)
            self._scroll_update(size)
        if self.following:
            # At the end now, in this frame: the layout's anchor then finds it there (moved
            # by the anchor, the pane would be drawn a second time, a frame later).
            self.scroll_y = max(0, len(rows) - self.scrollable_content_region.height)
        self._repaint_rows(before, top)

    def _repaint_rows(self, before: list[Strip], top: int) -> None:
        """Repaint the rows in view that changed since the pane showed `before` from row `top`
        (a turn's sentence that grew in place: its last row): all of them once it scrolled."""
        now = self.scroll_offset.y
        if now != top or self.text_selection is not None:
            self.refresh()
            return
        rows, width = self._rows, self.size.width
        changed = [
            Region(0, y, width, 1)
            for y in range(self.scrollable_content_region.height)
            if _row(before, top + y) is not _row(rows, now + y)
        ]
        if changed:
            self.refresh(*changed)

    def _wrap_to(self, width: int) -> list[Strip]:
        if width <= 0:
            return []
        known = self._wrapped.get(width, {})
        wrapped: dict[tuple[int, str, tuple[object, ...]], list[Strip]] = {}
        rows: list[Strip] = []
        for y, line in enumerate(self.lines):
            key = (y, line.plain, tuple(line.spans))
            strips = known.get(key)
            if strips is None:
                strips = self._line_rows(line, y, width)
            wrapped[key] = strips
            rows.extend(strips)
        self._wrapped[width] = wrapped
        return rows

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._wrap()  # the lines' colours follow the pane's (its theme)

    def _line_rows(self, line: Content, y: int, width: int) -> list[Strip]:
        """`line`, the log's line `y`, in rows of `width` as a text widget draws it, its
        characters marked as line `y`'s for selecting with the mouse."""
        strips = Visual.to_strips(self, line, width, None, self.visual_style) or [Strip([])]
        return [as_line(strip, y) for strip in strips]

    def render_line(self, y: int) -> Strip:
        rows = self._rows
        if self.text_selection is not None:
            # Drawn whole while text is selected, as a text widget is: the selection spans
            # lines.
            whole = Content("\n").join(self.lines)
            rows = Visual.to_strips(self, whole, self._width, None, self.visual_style)
        row = self.scroll_offset.y + y
        if row < len(rows):
            return rows[row]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def shown(self) -> list[str]:
        """The rows in view, as plain text."""
        top = round(self.scroll_y)
        return [row.text for row in self._rows[top : top + self.scrollable_content_region.height]]

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selection.extract("\n".join(line.plain for line in self.lines)), "\n"

    # -- the lines ----------------------------------------------------------------------------

    def add(self, lines: list[Content]) -> None:
        """Add lines at the end; within a section they keep their place after the section's
        lines told so far (a hint stays after the turn it was given in)."""
        if lines:
            self._asides.extend((len(self._told), line) for line in lines)
            self._show()

    def _show(self) -> None:
        told: list[Content] = []
        asides = iter(self._asides)
        aside = next(asides, None)
        for at in range(len(self._told) + 1):
            while aside is not None and (aside[0] <= at or at == len(self._told)):
                told.append(aside[1])
                aside = next(asides, None)
            if at < len(self._told):
                told.append(self._told[at])
        del self._before[: max(0, len(self._before) + len(told) - MAX_LINES)]
        self.lines = [*self._before, *told][-MAX_LINES:]
        self._wrap()
        if self.following:
            self.call_after_refresh(self.scroll_end, animate=False)

    def begin_section(self) -> None:
        """The lines from here on are a section (a round's) that `set_section` tells again."""
        self._before = list(self.lines)
        self._told, self._asides = [], []

    def set_section(self, lines: list[str], reader: str) -> None:
        """The section told as `lines` (see `add_lines`), in place of what it said."""
        styled = self._styled(lines, reader)
        if [line.plain for line in styled] != [line.plain for line in self._told]:
            self._told = styled
            self._show()

    def add_lines(self, lines: list[str], reader: str) -> None:
        """Add plain lines, told to `reader` (a name, or "You"): headings ("— Round …") bold
        and underlined, lines about the reader (their name, or "you" anywhere) bold."""
        self.add(self._styled(lines, reader))

    @staticmethod
    def _styled(lines: list[str], reader: str) -> list[Content]:
        flags = 0 if reader == "You" else re.IGNORECASE
        about = re.compile(rf"(?<!\w)({re.escape(reader)}|you)(?!\w)", flags)
        styled = []
        for line in lines:
            if line.startswith("—"):
                styled.append(Content.styled(line, "bold underline"))
            elif about.search(line):
                styled.append(Content.styled(line, "bold"))
            else:
                styled.append(Content(line))
        return styled

    def clear(self) -> None:
        self.lines, self._before, self._told, self._asides = [], [], [], []
        self._wrap()


def _row(rows: list[Strip], y: int) -> Strip | None:
    """Row `y` of `rows`, None past their end (a wrapped line's rows are kept: the same row is
    the same strip)."""
    return rows[y] if y < len(rows) else None
