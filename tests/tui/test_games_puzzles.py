"""Puzzles in the app: one puzzle of each kind solved with the keys, a wrong answer explained,
and the streak kept with the saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cards.deck import standard_deck
from cards.puzzles import generate, link_choices
from civio_tui.records import RECORDS_FILE
from civio_tui.screens.games import GamesScreen
from civio_tui.screens.puzzles import PuzzleMenuScreen, PuzzleScreen
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import async_test, choose_entry, main_menu, make_app, wait_for_screen

DECK = standard_deck()


async def open_puzzle(pilot: Pilot[int], kind: str, seed: int) -> PuzzleScreen:
    """Through the menus to the puzzle list, then the given puzzle."""
    await main_menu(pilot)
    await choose_entry(pilot, "games")
    await wait_for_screen(pilot, GamesScreen)
    await pilot.press("down", "enter")
    await wait_for_screen(pilot, PuzzleMenuScreen)
    pilot.app.push_screen(PuzzleScreen(generate(DECK, kind, "medium", seed)))
    await wait_for_screen(pilot, PuzzleScreen)
    screen = pilot.app.screen
    assert isinstance(screen, PuzzleScreen)
    return screen


async def choose(pilot: Pilot[int], screen: PuzzleScreen, index: int) -> None:
    screen.query_one(NavList).highlighted = index
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


def message(screen: PuzzleScreen) -> str:
    return str(screen.query_one("#pz-message").render())


async def solve(pilot: Pilot[int], screen: PuzzleScreen) -> None:
    p = screen.puzzle
    if p.kind in ("go-out", "best"):
        for number, precedent in enumerate(p.precedents, 1):
            for card in precedent:
                await choose_card(pilot, screen, card, str(number))
        await pilot.press("c")
    elif p.kind == "complete":
        assert p.options is not None and p.card is not None
        await choose(pilot, screen, p.options.index(p.card))
    elif p.kind == "broken":
        assert p.position is not None
        await choose(pilot, screen, p.position)
    else:
        for pair in range(len(p.links)):
            await choose(pilot, screen, link_choices(DECK, p, pair).index(p.links[pair]))
    await pilot.pause()


async def choose_card(pilot: Pilot[int], screen: PuzzleScreen, card: int, key: str) -> None:
    screen.query_one(NavList).highlighted = list(screen.puzzle.cards).index(card)
    await pilot.pause()
    await pilot.press(key)


@pytest.mark.parametrize("kind", ["go-out", "complete", "best", "broken", "linked"])
@async_test
async def test_each_kind_is_solved_with_the_keys(kind: str, isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, kind, 12)
        await solve(pilot, screen)
        assert screen.solved, message(screen)
        assert "Solved!" in message(screen)
    stats = json.loads((isolated / "saves" / RECORDS_FILE).read_text())["puzzles"]["You"]
    assert stats["solved"] == 1 and stats["streak"] == 1 and stats["by_kind"] == {kind: 1}


@async_test
async def test_a_wrong_answer_gets_the_reason_and_breaks_the_streak(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, "broken", 4)
        position = screen.puzzle.position
        assert position is not None
        await choose(pilot, screen, 0)  # the first card has nothing before it
        assert "Not quite" in message(screen) and not screen.solved
        await choose(pilot, screen, position)  # a second try is right but does not count
        assert screen.solved
        await pilot.press("n")
        await wait_for_screen(pilot, PuzzleScreen)
        assert pilot.app.screen is not screen
    stats = json.loads((isolated / "saves" / RECORDS_FILE).read_text())["puzzles"]["You"]
    assert stats == {"solved": 0, "tried": 1, "streak": 0, "best_streak": 0, "by_kind": {}}
