"""The log: every event in words, newest at the bottom, re-wrapped when the pane resizes."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from civio_tui.widgets.scroll import KeyScroll

MAX_LINES = 400


class LogPane(KeyScroll):
    """A scrolling pane of sentences; keeps the last MAX_LINES and follows the newest.

    It follows while the end is in view: when lines arrive and when a resize re-wraps them
    longer. Scrolling up to read stops it; back at the bottom (G) it follows again.

    The lines since `begin_section` (a round's) may be told again, revised (`set_section`):
    a turn in progress is one sentence that grows with the turn.
    """

    DEFAULT_CSS = """
    LogPane > Static {
        width: 1fr;
    }
    """

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
        # Held, not queried: lines may arrive (a table's poll, a resumed round) while the pane
        # is still being mounted or already being removed, and they must not be lost or fail.
        self.text = Static(id="log-text")

    def compose(self) -> ComposeResult:
        yield self.text

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

    def on_resize(self) -> None:
        if self.following:
            self.call_after_refresh(self.scroll_end, animate=False)

    def follow(self) -> None:
        """Follow the newest lines again, wherever the player had scrolled to."""
        self.following = True
        self.anchor()

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
        self.text.update(Content("\n").join(self.lines))
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
        self.text.update("")
