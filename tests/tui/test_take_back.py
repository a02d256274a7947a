"""Practice games at the table: u takes back your last move; in other games moves are final."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from civio_tui.campaigns.catalogue import open_campaign
from civio_tui.screens.civio.table import TableScreen
from civio_tui.settings import Settings
from tests.tui.conftest import choose_entry, main_menu, make_app, settle


async def new_game(pilot: Pilot[int], *, practice: bool) -> TableScreen:
    """From the main menu, New game (seed 42) with the Practice line set, at the first question."""
    await main_menu(pilot)
    await choose_entry(pilot, "new")
    await pilot.pause()
    await pilot.press("up", "4", "2", "up")  # Start game → Seed: 42 → Practice
    if practice:
        await pilot.press("right")
    await pilot.press("enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    assert screen.controller.practice is practice
    assert screen.controller.seed == 42
    return screen


async def play_turns(pilot: Pilot[int], screen: TableScreen, count: int) -> None:
    """Lay out the opening (first two cards hidden), then answer option 1 `count` times."""
    await pilot.press("1", "2", "8")
    await settle(pilot)
    for _ in range(count):
        await pilot.press("1")
        await settle(pilot)
    assert screen.controller.human_to_move()


def footer_keys(screen: TableScreen) -> set[str]:
    return {b.binding.action for b in screen.active_bindings.values() if b.enabled}


async def test_u_takes_back_your_last_move_in_a_practice_game(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_game(pilot, practice=True)
        ctl = screen.controller
        assert "take_back" in footer_keys(screen)
        await play_turns(pilot, screen, 3)
        asked = screen.question
        assert asked is not None
        actions = list(ctl.rnd.actions)
        hand = sorted(ctl.view().hand)
        await pilot.press("1")
        await settle(pilot)
        assert len(ctl.rnd.actions) > len(actions)
        await pilot.press("u")
        await settle(pilot)
        assert ctl.rnd.actions == actions
        assert sorted(ctl.view().hand) == hand
        assert screen.question is not None and screen.question.title == asked.title
        log = [line.plain for line in screen.query_one("#log").lines]  # type: ignore[attr-defined]
        assert sum(line.startswith("— Round 1") for line in log) == 1, "the log is redrawn"
        name = ctl.backend.name
        assert name is not None
    saved = open_campaign(name, save_dir=isolated / "saves")
    assert saved.round is not None and saved.round.actions == actions
    assert Settings.load(isolated / "config").new_game.practice


async def test_moves_are_final_in_a_game_that_is_no_practice() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_game(pilot, practice=False)
        assert "take_back" not in footer_keys(screen)
        await play_turns(pilot, screen, 2)
        actions = list(screen.controller.rnd.actions)
        await pilot.press("u")
        await settle(pilot)
        assert screen.controller.rnd.actions == actions


async def test_the_game_length_choice_makes_a_short_campaign(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "new")
        await pilot.pause()
        await pilot.press("up", "up", "up", "right")  # Start → Seed → Practice → Game length: 3
        await pilot.press("enter")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen)
        name = screen.controller.backend.name
        assert name is not None
        assert screen.sub_title.startswith("Round 1 of 3 ·")
    assert open_campaign(name, save_dir=isolated / "saves").campaign.max_rounds == 3
    assert Settings.load(isolated / "config").new_game.max_rounds == 3
