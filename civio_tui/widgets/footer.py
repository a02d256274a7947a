"""The footer of keys, rebuilt only when the keys it shows change.

Textual's footer rebuilds its keys (removes and mounts every one, then lays out the screen) each
time the screen says its bindings may have changed: on every change of focus and every
`refresh_bindings`, often twice for one change. At a networked table the focus moves on each of
your turns, and every other seat's move redraws the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen


def shown_keys(active: Mapping[str, Any], palette: str) -> tuple[Any, ...]:
    """What a footer draws of a screen's `active_bindings`: each shown binding's key, words,
    action, group, tooltip and whether it is enabled, and the command palette's key `palette`."""
    return tuple(
        (key, b.key, b.key_display, b.description, b.action, b.group, enabled, tooltip)
        for key, (_, b, enabled, tooltip) in active.items()
        if b.show or key == palette
    )


class KeysFooter(Footer):
    """A `Footer` that is rebuilt only when the keys it would show differ from those of its
    last rebuild."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._asked: tuple[Any, ...] | None = None
        """The keys of the last rebuild asked for (None: none yet)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Born in the footer's form: a key made compact, then bound to a footer that
                # is not, has its styles worked out twice more (most of a rebuild's cost).
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def bindings_changed(self, screen: Screen[Any]) -> None:
        keys = None
        if screen is self.screen:
            keys = shown_keys(screen.active_bindings, self.app.COMMAND_PALETTE_BINDING)
            if keys == self._asked:
                return
        super().bindings_changed(screen)
        # As Footer's: a footer is rebuilt only while the app has the focus.
        if screen.app.app_focus and self.is_attached:
            self._asked = keys
