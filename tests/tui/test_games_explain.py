"""`e` (explain) on the other games' cards opens the links screen of the highlighted card:
Solitaire's turned cards, a puzzle's cards, and a Concentration card face up or captured."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from civio_tui.screens.links import LinksScreen
from tests.tui.conftest import make_app, wait_for_screen
from tests.tui.test_games_concentration import solo_game, type_place
from tests.tui.test_games_puzzles import open_puzzle
from tests.tui.test_games_solitaire import highlight, open_solitaire


async def links_of(pilot: Pilot[int]) -> int:
    """The card whose links are shown; closes the links screen again with e."""
    await wait_for_screen(pilot, LinksScreen)
    screen = pilot.app.screen
    assert isinstance(screen, LinksScreen)
    await pilot.pause()
    shown = screen.current
    assert pilot.app.deck[shown].name in str(screen.query_one("#links-box").border_title)
    await pilot.press("e")
    await pilot.pause()
    return shown


async def test_e_explains_a_turned_solitaire_card(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solitaire(pilot, 5)
        await pilot.press("t", "t", "t")
        second = screen.game.turned[1]
        await highlight(pilot, screen, second)
        await pilot.press("e")
        assert await links_of(pilot) == second
        assert pilot.app.screen is screen and len(screen.game.turned) == 3


async def test_e_explains_a_puzzle_card(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, "go-out", 12)
        card = screen.highlighted_card()
        assert card is not None
        await pilot.press("e")
        assert await links_of(pilot) == card


async def test_e_explains_a_concentration_card_that_can_be_seen(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await solo_game(pilot)
        # On a face-down card, e starts typing a place in column E (E2 turns it).
        await pilot.press("e", "2")
        await pilot.pause()
        assert game.first == 9 and screen.cursor == 9
        # Now the cursor is on that face-up card: e explains it.
        await pilot.press("e")
        assert await links_of(pilot) == game.grid[9]
        mate = next(p for p in range(20) if p != 9 and game.is_pair(9, p))
        await type_place(pilot, mate)
        assert 9 in game.captured
        screen.cursor = mate  # a captured card is explained too
        await pilot.press("e")
        assert await links_of(pilot) == game.grid[mate]
        # Typing a place in column E still works on a card you can see: the row number closes
        # the links it opened and turns the place.
        row = next(r for r in range(1, 5) if (r - 1) * 5 + 4 not in game.captured)
        await pilot.press("e", str(row))
        await pilot.pause()
        assert not isinstance(pilot.app.screen, LinksScreen)
        assert game.first == (row - 1) * 5 + 4
