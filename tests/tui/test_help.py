"""Help (civio_tui/screens/help.py): it opens at the keys of the screen it was opened from, and
its lines fit at 80x24."""

from __future__ import annotations

from textual.pilot import Pilot

from civio_tui import keymap
from civio_tui.screens.games import GamesScreen
from civio_tui.screens.help import HelpScreen
from civio_tui.screens.solitaire.screen import SolitaireScreen
from tests.tui.conftest import choose_entry, main_menu, make_app, wait_for_screen


async def _open(pilot: Pilot[int], entry: str, screen_type: type) -> None:
    """From the main menu, the entry `entry`, waiting for its `screen_type`."""
    await main_menu(pilot)
    await choose_entry(pilot, entry)
    await wait_for_screen(pilot, screen_type)


async def _help_starts_with(pilot: Pilot[int]) -> str:
    """Press ? and read the first group of keys the help shows."""
    from civio_tui.screens.help import help_content

    await pilot.press("question_mark")
    await wait_for_screen(pilot, HelpScreen)
    screen = pilot.app.screen
    assert isinstance(screen, HelpScreen)
    lines = help_content({}, first=screen.first).plain.splitlines()
    return next(line for line in lines if line in keymap.CONTEXTS.values())


async def test_help_in_solitaire_starts_with_the_solitaire_keys() -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        await _open(pilot, "games", GamesScreen)
        await pilot.press("enter")  # Solitaire, the first game
        await wait_for_screen(pilot, SolitaireScreen)
        assert await _help_starts_with(pilot) == keymap.CONTEXTS["games"]
        await pilot.press("escape")
        await wait_for_screen(pilot, SolitaireScreen)


async def test_help_in_the_encyclopedia_starts_with_its_keys_and_the_menu_keeps_the_order() -> None:
    from civio_tui.screens.encyclopedia import EncyclopediaScreen

    async with make_app().run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        assert await _help_starts_with(pilot) == keymap.CONTEXTS["app"]
        await pilot.press("escape")
        await _open(pilot, "encyclopedia", EncyclopediaScreen)
        assert await _help_starts_with(pilot) == keymap.CONTEXTS["browse"]


def test_every_screen_named_for_help_is_a_keymap_context() -> None:
    from civio_tui.screens.help import _SCREEN_CONTEXTS

    assert set(_SCREEN_CONTEXTS.values()) <= set(keymap.CONTEXTS)


async def test_help_lines_fit_beside_the_scroll_bar_at_80x24() -> None:
    # Wrapped before the scroll bar appeared, "…that you do not know" broke once more at the
    # left margin: "not" alone on a line, outside the description column.

    async with make_app().run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await pilot.press("question_mark")
        await wait_for_screen(pilot, HelpScreen)
        await pilot.pause()
        text = pilot.app.screen.query_one("#help-text")
        width = text.content_region.width
        longest = max(len(line) for line in text.render().plain.splitlines())
        assert 0 < longest <= width


def test_help_over_each_games_screen_starts_with_its_keys() -> None:
    from civio_tui.screens.civio.table import TableScreen
    from civio_tui.screens.concentration.screen import ConcentrationScreen
    from civio_tui.screens.easy_play.screen import EasyPlayScreen
    from civio_tui.screens.help import context_for

    expected: dict[type, str] = {
        TableScreen: "table",
        SolitaireScreen: "games",
        ConcentrationScreen: "games",
        EasyPlayScreen: "easy",
    }
    for screen, context in expected.items():
        assert context_for(object.__new__(screen)) == context, screen


def test_every_screen_module_help_names_exists() -> None:
    """Help finds a screen's own keys by its module's path: each path it knows is a real module."""
    import importlib

    from civio_tui.screens import help as help_module

    for module in help_module._SCREEN_CONTEXTS:
        importlib.import_module(f"civio_tui.screens.{module}")
