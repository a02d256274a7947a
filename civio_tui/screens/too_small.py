"""The "terminal too small" screen: covers everything below 80x24 and goes away on resize."""

from __future__ import annotations

from typing import ClassVar

from textual import getters
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import Static

from civio_tui import keymap
from civio_tui.screens.base import civio_app_type


class TooSmallScreen(Screen[None]):
    """A centred message with the current and the needed size; only quitting works here."""

    CSS_PATH = "too_small.tcss"
    app = getters.app(civio_app_type)
    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings("app.quit")

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-message")

    def on_mount(self) -> None:
        self.refresh_message()

    def on_resize(self) -> None:
        self.refresh_message()

    def refresh_message(self) -> None:
        """Say the size now; before the screen has composed its message there is nothing to
        say it in yet, and mounting says it (two quick resizes can ask first)."""
        from civio_tui.app import MIN_HEIGHT, MIN_WIDTH

        width, height = self.app.size
        for message in self.query("#too-small-message").results(Static):
            message.update(
                "Terminal too small\n\n"
                f"CIVIO needs at least {MIN_WIDTH} columns × {MIN_HEIGHT} rows.\n"
                f"This terminal is {width} × {height}.\n\n"
                "Make the window larger: the game carries on where it was.\n"
                f"({keymap.key_label('app.quit', self.app.settings.keymap)} quits.)"
            )
