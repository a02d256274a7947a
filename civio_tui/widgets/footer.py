"""The footer of keys, changed only where the keys it shows change.

Textual's footer rebuilds its keys (removes and mounts every one, then lays out the screen) each
time the screen says its bindings may have changed: on every change of focus and every
`refresh_bindings`, often twice for one change. At a networked table the focus moves on each of
your turns, and every other seat's move redraws the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.compose import compose
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
    """A `Footer` that changes only when the keys it would show differ from those it shows,
    and then only where they differ."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._asked: tuple[Any, ...] | None = None
        """The keys last asked for (None: none yet)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Born in the footer's form: a key made compact, then bound to a footer that
                # is not, has its styles worked out twice more (most of a rebuild's cost).
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def bindings_changed(self, screen: Screen[Any]) -> None:
        # As Footer's: a footer is built only while the app has the focus, and the screen's
        # bindings are read after the next refresh, not while the screen is changing.
        if not (screen.app.app_focus and self.is_attached and screen is self.screen):
            super().bindings_changed(screen)
        elif not self.children:
            super().bindings_changed(screen)
            self._asked = None
        else:
            self.call_after_refresh(self._update_keys)

    async def _update_keys(self) -> None:
        """Mount the keys that appeared and remove those that went, keeping the others (most
        often one key comes or goes: Enter, as the question takes or leaves the focus);
        any other change builds the footer again. A footer gone with its screen before this
        ran has nothing to update (as Textual's `recompose`)."""
        if not self.is_attached or self._pruning:
            return
        keys = shown_keys(self.screen.active_bindings, self.app.COMMAND_PALETTE_BINDING)
        if keys == self._asked:
            return
        self._asked = keys
        built = compose(self)  # as a rebuild would: a group's keys inside their group
        new = [w for w in built if isinstance(w, FooterKey)]
        old = [w for w in self.children if isinstance(w, FooterKey)]
        if len(new) != len(built) or len(old) != len(self.children):
            await self.recompose()
            return
        before = [_key(k) for k in old]
        after = [_key(k) for k in new]
        if _in_order(before, after):  # keys appeared
            at = 0
            for widget, key in zip(new, after, strict=True):
                if at < len(old) and before[at] == key:
                    at += 1
                elif at < len(old):
                    await self.mount(widget, before=old[at])
                else:
                    await self.mount(widget)
        elif _in_order(after, before):  # keys went
            kept = iter(after)
            wanted = next(kept, None)
            for widget, key in zip(old, before, strict=True):
                if key == wanted:
                    wanted = next(kept, None)
                else:
                    await widget.remove()
        else:
            await self.recompose()


def _key(key: FooterKey) -> tuple[Any, ...]:
    """What a footer key shows and does."""
    return (key.key, key.key_display, key.description, key.action, key.tooltip, *key.classes)


def _in_order(part: list[Any], whole: list[Any]) -> bool:
    """Whether `part` is `whole` with some items left out."""
    rest = iter(whole)
    return all(any(item == other for other in rest) for item in part)
