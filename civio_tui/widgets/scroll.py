"""A scrolling pane that answers to arrows, j/k and Page Up/Down."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

SCROLL_KEYS: list[BindingType] = [
    Binding("k", "scroll_up", "Up", show=False, id="nav.scroll_up"),
    Binding("j", "scroll_down", "Down", show=False, id="nav.scroll_down"),
    Binding("space", "page_down", "Page down", show=False, id="nav.page_down"),
    Binding("g", "scroll_home", "Top", show=False, id="nav.scroll_top"),
    Binding("G", "scroll_end", "Bottom", show=False, id="nav.scroll_bottom"),
]
"""Vi keys and Space for a page, beside the arrows and Page Up/Down of a scrolling pane."""


class KeyScroll(VerticalScroll, can_focus=True):
    """VerticalScroll plus vi keys and Space for a page, so long text reads from the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = SCROLL_KEYS
