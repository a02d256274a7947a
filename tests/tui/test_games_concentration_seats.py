"""Concentration seating: 1 player, or 2-4 players each a named person or the computer (easy or
hard). A 3-player game (two people and the hard computer) is played through with the keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from civio_tui.card_games_save import ConcentrationSaves
from civio_tui.screens.concentration.screen import ConcentrationMenuScreen, ConcentrationScreen
from civio_tui.screens.concentration.setup import (
    ConcentrationSetupScreen,
    seats_problem,
    setup_seats,
)
from civio_tui.seating import HUMAN, Seat
from tests.tui.conftest import choose_entry, main_menu, make_app, wait_for_screen
from tests.tui.test_games_concentration import human_turns_pairs, until_human


async def open_setup(pilot: Pilot[int]) -> ConcentrationSetupScreen:
    from civio_tui.screens.games import GamesScreen

    await main_menu(pilot)
    await choose_entry(pilot, "games")
    await wait_for_screen(pilot, GamesScreen)
    await pilot.press("down", "down", "enter")
    await wait_for_screen(pilot, ConcentrationMenuScreen)
    await pilot.press("down", "down", "down", "enter")
    await wait_for_screen(pilot, ConcentrationSetupScreen)
    screen = pilot.app.screen
    assert isinstance(screen, ConcentrationSetupScreen)
    return screen


async def type_name(pilot: Pilot[int], name: str) -> None:
    await pilot.press(*["backspace"] * 12, *name)


def status(screen: ConcentrationScreen) -> str:
    return str(screen.query_one("#cc-status").render())


# Whole games on screen: tests/session proves the handover for every game in milliseconds.
@pytest.mark.slow
async def test_a_three_player_game_is_played_through(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await pilot.press("right")  # 3 players
        await pilot.press("down", "down")
        await type_name(pilot, "Ana")
        await pilot.press("down", "down")
        await type_name(pilot, "Ben")
        await pilot.press("down", "right", "right")  # Player 3: the computer, hard
        await pilot.press("enter")
        await wait_for_screen(pilot, ConcentrationScreen)
        screen = pilot.app.screen
        assert isinstance(screen, ConcentrationScreen) and screen.game is not None
        game = screen.game
        assert screen.seats == [Seat("Ana"), Seat("Ben"), Seat("Computer (hard)", "hard")]
        assert game.players == 3 and list(screen.ais) == [2]
        assert "Ana's turn, first card" in status(screen)
        assert "Pairs: ▶ Ana 0 · Ben 0 · Computer (hard) 0" in status(screen)
        # Ana misses: Ben's turn, by name.
        miss = next(p for p in range(1, 20) if not game.is_pair(0, p))
        await pilot.press("a", "1")
        screen.cursor = miss
        await pilot.press("enter")
        assert game.to_move == 1 and "Ben's turn, first card" in status(screen)
        saves = ConcentrationSaves(isolated / "saves", app.deck)
        assert saves.saved is not None and len(saves.saved.game.events) == 2
        # Ben misses too, then the computer plays; from then on the people find pairs.
        miss = next(p for p in range(2, 20) if not game.is_pair(1, p))
        await pilot.press("b", "1")
        screen.cursor = miss
        await pilot.press("enter")
        for _ in range(40):
            await until_human(pilot, screen)
            if game.is_over:
                break
            await human_turns_pairs(pilot, screen)
        assert game.is_over and sum(game.scores) == 10
        result = status(screen)
        winners = game.winners()
        assert screen.names[winners[0]] in result
        assert ("wins with" in result) == (len(winners) == 1)
        # A finished game is not offered to continue.
        await pilot.press("escape")
        await wait_for_screen(pilot, ConcentrationMenuScreen)
        first = pilot.app.screen.query_one("#cm-list").get_option_at_index(0)  # type: ignore[attr-defined]
        assert first.id != "continue"


async def test_the_form_refuses_two_players_alike_and_starts_one_alone(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await pilot.press("down", "down")
        await type_name(pilot, "Sam")
        await pilot.press("down", "down")
        await type_name(pilot, "sam")
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert "same name" in str(screen.query_one("#cs-problem").render())
        await pilot.press("up", "up", "up", "up", "left")  # 1 player: Sam alone
        await pilot.press("enter")
        await wait_for_screen(pilot, ConcentrationScreen)
        game_screen = pilot.app.screen
        assert isinstance(game_screen, ConcentrationScreen)
        assert game_screen.seats == [Seat("Sam")] and not game_screen.ais


def test_the_seats_of_the_form() -> None:
    values = {"count": "4", "name0": " Ana  Lee ", "name1": "Ben"}
    values |= {"kind0": HUMAN, "kind1": HUMAN, "kind2": "easy", "kind3": "hard"}
    seats = setup_seats(values)
    assert [s.name for s in seats] == ["Ana Lee", "Ben", "Computer 1 (easy)", "Computer 2 (hard)"]
    assert seats_problem(seats) is None
    assert seats_problem([Seat("Ana"), Seat("", HUMAN)]) == "Player 2 needs a name."
    assert seats_problem([Seat("Computer", "easy")]) == "One player alone must be a person."
    assert seats_problem([Seat("Computer 1", "easy"), Seat("Computer 2", "hard")]) is not None
