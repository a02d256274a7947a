"""The footer of keys, changed only where the keys it shows change.

Textual's footer rebuilds its keys (removes and mounts every one, then lays out the screen) each
time the screen says its bindings may have changed: on every change of focus and every
`refresh_bindings`, often twice for one change. At a networked table the focus moves on each of
your turns, and every other seat's move redraws the table.

A key that goes is hidden, not removed: when it comes back (Enter: Choose, each time the
question takes the focus) it is shown again, in the frame that moves the focus, with no key
built or mounted.

A footer shows only whole keys, and always Help and Quit: when a screen's keys do not fit the
width (a practice game's Undo at 80 columns), its last keys are left out (Help lists them all).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import groupby
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.compose import compose
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.binding import Binding
    from textual.events import Resize
    from textual.screen import Screen


ALWAYS_SHOWN = frozenset({"help", "quit_game"})
"""The actions every footer shows, whatever else it leaves out: how to get help and to leave."""


def shown_keys(
    active: Mapping[str, Any], palette: str, width: int, key_display: Callable[[Binding], str]
) -> tuple[Any, ...]:
    """What a footer `width` columns wide draws of a screen's `active_bindings`: each shown
    binding's key, words, action, group, tooltip and whether it is enabled, and the command
    palette's key `palette`; without the actions `left_out` of it."""
    dropped = left_out(active, width, key_display)
    return tuple(
        (key, b.key, b.key_display, b.description, b.action, b.group, enabled, tooltip)
        for key, (_, b, enabled, tooltip) in active.items()
        if (b.show and b.action not in dropped) or key == palette
    )


def left_out(
    active: Mapping[str, Any], width: int, key_display: Callable[[Binding], str]
) -> frozenset[str]:
    """The actions a footer `width` columns wide leaves out so that its keys fit whole: the
    last of the screen's own, never those `ALWAYS_SHOWN` (0 columns: not laid out, none)."""
    if width <= 0:
        return frozenset()
    firsts: dict[str, Binding] = {}  # an action's first shown binding: the key the footer draws
    for _, binding, _, _ in active.values():
        if binding.show:
            firsts.setdefault(binding.action, binding)
    # The columns of what the footer draws, as Footer's styles lay it out: a key " k words " (a
    # key without words: "k"), or a group of keys under one label, " k k label ", left out whole.
    drawn: list[tuple[list[str], int]] = []
    for group, run in groupby(firsts.values(), lambda b: b.group):
        keys = list(run)
        if group is not None and len(keys) > 1:
            columns = sum(cell_len(key_display(b)) + 1 for b in keys)
            drawn.append(([b.action for b in keys], columns + cell_len(group.description) + 2))
            continue
        for b in keys:
            label = cell_len(key_display(b)) + (cell_len(b.description) + 3 if b.description else 0)
            drawn.append(([b.action], label))
    over = sum(columns for _, columns in drawn) - 1 - width  # the last blank may be cut
    dropped: set[str] = set()
    for actions, columns in reversed(drawn):
        if over <= 0:
            break
        if ALWAYS_SHOWN.isdisjoint(actions):
            dropped.update(actions)
            over -= columns
    return frozenset(dropped)


class KeysFooter(Footer):
    """A `Footer` that changes only when the keys it would show differ from those it shows,
    and then only where they differ."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._asked: tuple[Any, ...] | None = None
        """The keys its keys show (None: not built yet)."""
        self._composed: dict[tuple[Any, ...], tuple[list[tuple[Any, ...]], int]] = {}
        """For the keys asked, what the footer's keys show (`_key`) and its columns, as its
        `compose` builds them (when it builds only keys)."""

    def compose(self) -> ComposeResult:
        building = self._bindings_ready and not self.children  # built whole, not compared
        dropped = left_out(self.screen.active_bindings, self._width(), self.app.get_key_display)
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if widget.action in dropped:
                    continue
                # Born in the footer's form: a key made compact, then bound to a footer that
                # is not, has its styles worked out twice more (most of a rebuild's cost).
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget
        if building:
            self._asked = self._keys_now()
            self._composed = {}

    def _width(self) -> int:
        """The columns its keys have: its own, or before it is laid out, the terminal's."""
        return self.size.width or self.app.size.width

    def _keys_now(self) -> tuple[Any, ...]:
        """The keys its screen asks it to show now, as many as fit (`shown_keys`)."""
        return shown_keys(
            self.screen.active_bindings,
            self.app.COMMAND_PALETTE_BINDING,
            self._width(),
            self.app.get_key_display,
        )

    def on_resize(self, event: Resize) -> None:
        # Wider or narrower, other keys may fit.
        if self._asked is not None and self.is_attached and not self._pruning:
            self.call_after_refresh(self._update_keys)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        # As Footer's: a footer is built only while the app has the focus, and the screen's
        # bindings are read after the next refresh, not while the screen is changing.
        ready = screen.app.app_focus and self.is_attached and screen is self.screen
        if not (ready and self.children):
            super().bindings_changed(screen)
            return
        if self._asked is not None and screen.is_active and screen.is_mounted and not self._pruning:
            # On the screen on top, once built (its keys ask its panes): a key shown or hidden
            # before the frame that moves the focus is drawn, not in one after it.
            self._show_or_hide(self._keys_now())
        # Read again after the refresh, when the screen's keys have settled.
        self.call_after_refresh(self._update_keys)

    def _show_or_hide(self, keys: tuple[Any, ...]) -> bool:
        """Show `keys`, the keys asked for, by showing and hiding keys the footer has, in their
        order (False, changing nothing: a key is missing, or out of order)."""
        if keys == self._asked:
            return True
        composed = self._composed.get(keys)
        if composed is None:
            built = compose(self)  # as a rebuild would: a group's keys inside their group
            built_keys = [w for w in built if isinstance(w, FooterKey)]
            if len(built_keys) != len(built):
                return False
            composed = [_key(w) for w in built_keys], self.styles.grid_size_columns or 0
            self._composed[keys] = composed
        wanted, columns = composed
        children = [w for w in self.children if isinstance(w, FooterKey)]
        if len(children) != len(self.children):
            return False
        found = {_key(w): w for w in reversed(children)}  # the first of equal keys
        if any(key not in found for key in wanted):
            return False
        shown = {found[key] for key in wanted}
        if [_key(w) for w in children if w in shown] != wanted:
            return False
        for widget in children:
            if widget.display != (widget in shown):
                widget.display = widget in shown
        if columns:
            self.styles.grid_size_columns = columns  # as `compose` sets them
        self._asked = keys
        return True

    async def _update_keys(self) -> None:
        """Show the keys asked for (`_show_or_hide`), or mount those the footer lacks,
        keeping the others; any other change builds the footer again. A footer gone with its
        screen before this ran has nothing to update (as Textual's `recompose`)."""
        if not self.is_attached or self._pruning:
            return
        keys = self._keys_now()
        if self._show_or_hide(keys):
            return
        self._asked = keys
        built = compose(self)  # as a rebuild would: a group's keys inside their group
        new = [w for w in built if isinstance(w, FooterKey)]
        old = [w for w in self.children if isinstance(w, FooterKey)]
        # Hidden keys, or more than keys (a group): built again.
        if (
            len(new) != len(built)
            or len(old) != len(self.children)
            or not all(w.display for w in old)
        ):
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
        else:
            await self.recompose()


def _key(key: FooterKey) -> tuple[Any, ...]:
    """What a footer key shows and does."""
    return (key.key, key.key_display, key.description, key.action, key.tooltip, *key.classes)


def _in_order(part: list[Any], whole: list[Any]) -> bool:
    """Whether `part` is `whole` with some items left out."""
    rest = iter(whole)
    return all(any(item == other for other in rest) for item in part)
