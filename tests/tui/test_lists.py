"""The game's lists (civio_tui/widgets/lists.py)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widgets import Static
from textual.widgets.option_list import Option

from civio_tui.widgets.lists import NavList


class ListApp(App[None]):
    CSS = "NavList { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield Static("Your move", id="above")
        yield NavList(*(Option(f"Option {n}") for n in range(5)), id="menu")


def drawn_options(menu: NavList) -> list[int]:
    """Which drawings of its options the list holds (new ones when drawn again)."""
    cache = menu._option_render_cache
    keys = cache.keys()  # an LRUCache: not iterable itself
    return sorted(id(cache[key]) for key in keys)


def drawn_strips(menu: NavList) -> list[Strip]:
    cache = menu._option_render_cache
    keys = cache.keys()  # an LRUCache: not iterable itself
    return [strip for key in keys for strip in cache[key]]


async def test_a_list_keeps_its_options_drawn_until_its_width_changes() -> None:
    """A question's tip or hint takes a row from the list: its options, drawn for the same
    width, are not all drawn again; a new width (a resize, a scroll bar) draws them again."""
    async with ListApp().run_test(size=(40, 12)) as pilot:
        menu = pilot.app.query_one(NavList)
        await pilot.pause()
        height, before = menu.size.height, drawn_options(menu)
        assert before
        pilot.app.query_one("#above", Static).update("Your move\nTip: think twice")
        await pilot.pause()
        await pilot.pause()
        assert menu.size.height == height - 1
        assert drawn_options(menu) == before
        await pilot.resize_terminal(30, 12)  # another width: drawn again for it
        await pilot.pause()
        await pilot.pause()
        after = drawn_options(menu)
        assert after and not set(after) & set(before)
        # Options enough for a scroll bar narrow the list with no resize: the options drawn
        # for the old width are drawn again, or their last words would be cut off.
        menu.add_options(Option(f"More {n}") for n in range(20))
        await pilot.pause()
        await pilot.pause()
        width = menu.scrollable_content_region.width
        assert menu.show_vertical_scrollbar
        assert {strip.cell_length for strip in drawn_strips(menu)} == {width}


async def test_moving_the_highlight_paints_only_the_two_options_rows() -> None:
    async with ListApp().run_test(size=(40, 12)) as pilot:
        menu = pilot.app.query_one(NavList)
        menu.highlighted = 0
        await pilot.pause()
        menu._repaint_regions.clear()
        menu.highlighted = 2
        top = menu.content_offset.y
        assert sorted(region.y for region in menu._repaint_regions) == [top, top + 2]


async def test_an_option_in_new_words_of_the_same_height_is_the_only_one_drawn_again() -> None:
    async with ListApp().run_test(size=(40, 12)) as pilot:
        menu = pilot.app.query_one(NavList)
        await pilot.pause()
        before = drawn_options(menu)
        menu._repaint_regions.clear()
        menu.replace_prompts({1: "▒ Option 1"})
        assert [region.y for region in menu._repaint_regions] == [menu.content_offset.y + 1]
        await pilot.pause()
        assert len(set(drawn_options(menu)) - set(before)) == 1
        assert str(menu.get_option_at_index(1).prompt) == "▒ Option 1"
