"""Lists that answer to the game's keys: arrows and j/k move, Enter and Space act."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, cast

from textual import events
from textual.binding import BindingType
from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import VisualType
from textual.widgets import OptionList

from civio_tui import keymap


class NavList(OptionList):
    """An OptionList with vi keys and Space beside Enter (docs/ARCHITECTURE.md, Keys)."""

    BINDINGS: ClassVar[list[BindingType]] = keymap.bindings(
        "nav.up", "nav.down", "nav.act", "nav.first", "nav.last"
    )

    highlighted: reactive[int | None] = reactive(None, repaint=False)
    """As Textual's list's, painting again only the rows of the options it moves between
    (`_watch_highlighted`), not the whole list."""

    _drawn_width = -1
    """The width its options were drawn in since the list last forgot their drawings (-1:
    not drawn since)."""

    def _clear_caches(self) -> None:
        super()._clear_caches()
        self._drawn_width = -1

    def render_lines(self, crop: Region) -> list[Strip]:
        width = self.scrollable_content_region.width
        if self._drawn_width not in (-1, width):
            # Drawn for another width with no resize between: a scroll bar came or went (new
            # options overflow the list for a frame). Options wrapped for the old width would
            # lose their last words in the rows laid out for this one.
            self._option_render_cache.clear()
            self._line_cache.clear()
        lines = super().render_lines(crop)
        self._drawn_width = width
        return lines

    def _on_resize(self, event: events.Resize) -> None:  # type: ignore[override]
        # A list that shrinks (a hint above it) keeps its highlighted item in sight.
        self.call_after_refresh(self.scroll_to_highlight)
        if self.scrollable_content_region.width == self._drawn_width:
            # Its options are drawn for this width: only another width draws them again
            # (Textual's list would draw them all again in the next frame, e.g. when a
            # question shows it and the tip under it takes a row).
            event.prevent_default()

    def _watch_highlighted(self, old: int | None, new: int | None) -> None:
        self._repaint_options({index for index in (old, new) if index is not None})

    def _repaint_options(self, indexes: set[int]) -> None:
        """Paint again the rows of the options at `indexes` that are in view (all of the list
        before it is laid out)."""
        # As laid out already: laying the options out here (while they change) would show and
        # hide the scrollbar out of turn.
        lines = self._line_cache
        heights, at = lines.heights, lines.index_to_line
        shown = self.scrollable_content_region
        if not shown or any(index not in heights or index not in at for index in indexes):
            self.refresh()
            return
        top = self.scroll_offset.y
        for index in indexes:
            y = at[index] - top
            if y + heights[index] > 0 and y < shown.height:
                self.refresh(Region(0, y, shown.width, heights[index]))

    def replace_prompts(self, prompts: Mapping[int, VisualType]) -> None:
        """The options at the indexes of `prompts` in their new words. When each takes the
        rows it took, only those rows are drawn and painted again (Textual's list draws every
        option again for one option's new words); else the list is drawn again whole."""
        if not prompts:
            return
        changed = {self.get_option_at_index(index): index for index in prompts}
        for option, index in changed.items():
            option._set_prompt(prompts[index])
        heights = self._line_cache.heights
        if not self.scrollable_content_region or any(i not in heights for i in prompts):
            self._clear_caches()  # not laid out yet
            return
        padding = self.get_component_styles("option-list--option").padding
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        rules = cast(RulesMap, self.styles)
        for option, index in changed.items():
            height = self._get_visual(option).get_height(rules, width - padding.width)
            if height != heights[index] - option._divider:
                self._clear_caches()
                return
        cache = self._option_render_cache
        keys = cache.keys()  # an LRUCache: not iterable itself
        for key in [key for key in keys if key[0] in changed]:
            cache.discard(key)
        self._repaint_options(set(changed.values()))
