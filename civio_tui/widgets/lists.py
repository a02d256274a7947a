"""Lists that answer to the game's keys: arrows and j/k move, Enter and Space act."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType
from textual.widgets import OptionList

from civio_tui import keymap


class NavList(OptionList):
    """An OptionList with vi keys and Space beside Enter (docs/ARCHITECTURE.md, Keys)."""

    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings(
        "nav.up", "nav.down", "nav.act", "nav.first", "nav.last"
    )

    def on_resize(self) -> None:
        # A list that shrinks (a hint above it) keeps its highlighted item in sight.
        self.call_after_refresh(self.scroll_to_highlight)
