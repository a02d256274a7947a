"""Lists that answer to the game's keys: arrows and j/k move, Enter and Space act."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import BindingType
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import OptionList

from civio_tui import keymap


class NavList(OptionList):
    """An OptionList with vi keys and Space beside Enter (docs/ARCHITECTURE.md, Keys)."""

    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings(
        "nav.up", "nav.down", "nav.act", "nav.first", "nav.last"
    )

    _drawn_width = -1
    """The width its options were drawn in since the list last forgot their drawings (-1:
    not drawn since)."""

    def _clear_caches(self) -> None:
        super()._clear_caches()
        self._drawn_width = -1

    def render_lines(self, crop: Region) -> list[Strip]:
        lines = super().render_lines(crop)
        if self._drawn_width < 0:
            self._drawn_width = self.scrollable_content_region.width
        return lines

    def _on_resize(self, event: events.Resize) -> None:  # type: ignore[override]
        # A list that shrinks (a hint above it) keeps its highlighted item in sight.
        self.call_after_refresh(self.scroll_to_highlight)
        if self.scrollable_content_region.width == self._drawn_width:
            # Its options are drawn for this width: only another width draws them again
            # (Textual's list would draw them all again in the next frame, e.g. when a
            # question shows it and the tip under it takes a row).
            event.prevent_default()
