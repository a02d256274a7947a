"""The log: every event in words, newest at the bottom, re-wrapped when the pane resizes."""

from __future__ import annotations

from collections import deque

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from civio_tui.widgets.scroll import KeyScroll

MAX_LINES = 400


class LogPane(KeyScroll):
    """A scrolling pane of sentences; keeps the last MAX_LINES and follows the newest."""

    DEFAULT_CSS = """
    LogPane > Static {
        width: 1fr;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: deque[Content] = deque(maxlen=MAX_LINES)

    def compose(self) -> ComposeResult:
        yield Static(id="log-text")

    def add(self, lines: list[Content]) -> None:
        if not lines:
            return
        follow = self.scroll_y >= self.max_scroll_y - 1
        self.lines.extend(lines)
        self.query_one("#log-text", Static).update(Content("\n").join(self.lines))
        if follow:
            self.call_after_refresh(self.scroll_end, animate=False)

    def clear(self) -> None:
        self.lines.clear()
        self.query_one("#log-text", Static).update("")
