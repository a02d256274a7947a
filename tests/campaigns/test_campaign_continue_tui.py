"""Pilot: play a few turns, quit, start the app again, Continue: the same table on screen."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from cards.ranks import DEFAULT_TARGET
from civio_tui.app import CivioApp
from civio_tui.settings import Settings

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CIVIO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CIVIO_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    return tmp_path


def _app() -> CivioApp:
    return CivioApp(settings=Settings(ai_speed="instant", confirm_quit=False))


async def _settle(pilot: Pilot[int], limit: int = 400) -> None:
    """Wait until the human must decide (or the round is over)."""
    from civio_tui.screens.civio.table import TableScreen

    for _ in range(limit):
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, TableScreen) and screen.controller.round is not None:
            ctl = screen.controller
            if ctl.rnd.is_over or (ctl.human_to_move() and screen.question is not None):
                return
    raise AssertionError("the table did not settle")


def _table_text(app: CivioApp) -> tuple[str, list[str]]:
    """The table as drawn, line by line (notifications cleared): the opponents, the pile, the
    log, your cards in the order you arranged them, and the question."""
    screen = app.screen
    app.clear_notifications()
    lines = [strip.text.rstrip() for strip in screen._compositor.render_strips()]
    return screen.sub_title, lines


async def _play_a_few_turns() -> tuple[str, tuple[str, list[str]], list[str]]:
    from civio_tui.screens.civio.table import TableScreen
    from civio_tui.screens.new_game import GameSetup

    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(GameSetup(("random",), "booklet", DEFAULT_TARGET, 12))
        await _settle(pilot)
        for key in ("1", "2", "8"):  # keep the first two cards hidden, lay out the rest
            await pilot.press(key)
        await _settle(pilot)
        for _ in range(7):
            await pilot.press("1")
            await _settle(pilot)
        # Arrange the cards by hand: the order is the player's own, kept with the save.
        await pilot.press("tab", "right", "down", "right", "down", "right", "shift+up")
        await pilot.press("down", "left", "up")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.controller.rnd.turn >= 3
        name = screen.controller.backend.name
        assert name is not None
        shown = _table_text(app)
        actions = [a.to_str(app.deck) for a in screen.controller.rnd.actions]
        await pilot.press("ctrl+q")
        await pilot.pause()
    return name, shown, actions


async def _continue() -> tuple[str, tuple[str, list[str]], list[str]]:
    from civio_tui.screens.civio.table import TableScreen
    from civio_tui.screens.main_menu import MainMenuScreen

    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await pilot.pause()
            menu = app.screen
            if isinstance(menu, MainMenuScreen) and menu.latest is not None:
                break
        else:
            raise AssertionError("Continue never offered the saved game")
        entries = [key for key, _ in menu.entries()]
        await pilot.press(str(entries.index("continue") + 1))  # Continue
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        name = screen.controller.backend.name
        assert name is not None
        return (
            name,
            _table_text(app),
            [a.to_str(app.deck) for a in screen.controller.rnd.actions],
        )


async def test_quit_and_continue_shows_the_same_table() -> None:
    name, before, actions = await _play_a_few_turns()
    again, after, resumed_actions = await _continue()
    assert again == name
    assert resumed_actions == actions
    diff = difflib.unified_diff(before[1], after[1], "before quitting", "after Continue", n=0)
    assert after == before, "\n".join(diff)
