"""The log: every event in words, newest at the bottom, re-wrapped when the pane resizes."""

from __future__ import annotations

from collections import deque

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from civio_tui.widgets.scroll import KeyScroll

MAX_LINES = 400


class LogPane(KeyScroll):
    """A scrolling pane of sentences; keeps the last MAX_LINES and follows the newest.

    Following is Textual's anchor: it holds the end in view when lines arrive and when a
    resize re-wraps them longer, lets go when the player scrolls up to read, and takes hold
    again at the bottom (G).
    """

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

    def on_mount(self) -> None:
        self.anchor()

    def add(self, lines: list[Content]) -> None:
        if not lines:
            return
        self.lines.extend(lines)
        self.query_one("#log-text", Static).update(Content("\n").join(self.lines))

    def clear(self) -> None:
        self.lines.clear()
        self.query_one("#log-text", Static).update("")
