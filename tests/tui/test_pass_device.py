"""The hand-over screen of hot-seat play (civio_tui/screens/pass_device.py)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from civio_tui.screens.confirm import ConfirmScreen
from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.screens.pass_device import PassScreen, pass_words
from tests.tui.conftest import main_menu, make_app, screen_text, wait_for_screen


async def pass_to(pilot: Pilot[int], name: str, log: list[str], leave: bool = True) -> None:
    await main_menu(pilot)
    pilot.app.push_screen(
        PassScreen(name, leave=(lambda: log.append("left")) if leave else None),
        lambda _: log.append("shown"),
    )
    await wait_for_screen(pilot, PassScreen)


async def test_enter_hands_over_and_nothing_else_is_on_screen() -> None:
    app = make_app()
    log: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_to(pilot, "Ana", log)
        text = " ".join(screen_text(app).replace("\xa0", " ").split())
        assert pass_words("Ana") in text
        # Only the sentence and the footer's keys: the menu beneath is covered.
        assert "New game" not in text and "Continue" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert log == ["shown"]
        assert isinstance(app.screen, MainMenuScreen)


async def test_the_footer_names_the_main_key_first() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_to(pilot, "Ana", [])
        footer = " ".join(screen_text(app).replace("\xa0", " ").split()[-6:])
        assert footer.index("I am ready") < footer.index("Menu"), footer


async def test_escape_asks_then_leaves_without_showing_the_game() -> None:
    app = make_app()
    log: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_to(pilot, "Ana", log)
        await pilot.press("escape")
        await wait_for_screen(pilot, ConfirmScreen)
        await pilot.press("n")
        await wait_for_screen(pilot, PassScreen)
        assert log == []
        await pilot.press("escape")
        await wait_for_screen(pilot, ConfirmScreen)
        await pilot.press("y")
        await wait_for_screen(pilot, MainMenuScreen)
        assert log == ["left"]  # never "shown": the next player's cards were not drawn


async def test_without_a_way_out_escape_only_reminds_of_enter() -> None:
    app = make_app()
    log: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_to(pilot, "Ben", log, leave=False)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert log == []


def test_pass_screen_snapshot(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await pass_to(pilot, "Ana", [])
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


async def test_an_ascii_terminal_gets_the_pass_screen_in_ascii(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CIVIO_ASCII", "1")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_to(pilot, "Ana", [])
        text = " ".join(screen_text(app).replace("\xa0", " ").split())
        assert text.isascii(), sorted({c for c in text if not c.isascii()})
        assert "Pass to Ana - press Enter when only Ana can see the screen" in text


async def test_the_computers_cover_takes_no_enter_until_it_calls_someone() -> None:
    """The cover put up while the computers play (hot-seat): a stray Enter does nothing;
    once it calls the next person it is their pass screen, in place."""
    app = make_app()
    log: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        cover = PassScreen(None)
        app.push_screen(cover, lambda _: log.append("shown"))
        await wait_for_screen(pilot, PassScreen)
        text = " ".join(screen_text(app).replace("\xa0", " ").split())
        assert "The computers are playing" in text and "I am ready" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is cover and log == []
        cover.call("Ben", "It is Ben's turn.")
        await pilot.pause()
        text = " ".join(screen_text(app).replace("\xa0", " ").split())
        assert pass_words("Ben") in text and "It is Ben's turn." in text
        assert "computers" not in text and "I am ready" in text
        await pilot.press("enter")
        await pilot.pause()
        assert log == ["shown"] and isinstance(app.screen, MainMenuScreen)
