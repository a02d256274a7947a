"""Snapshots of the other games at 80x24 (update after review with --snapshot-update)."""

from __future__ import annotations

from datetime import date

import pytest
from textual.pilot import Pilot

from cards.games.solitaire.game import par
from tests.tui.conftest import main_menu, make_app, wait_for_screen
from tests.tui.test_games_concentration import human_turns_pairs, type_place
from tests.tui.test_games_puzzles import choose, open_puzzle, solve
from tests.tui.test_games_solitaire import highlight, open_solitaire


class _DealDay(date):
    """The day the Solitaire snapshots were taken: seed 20261125 is its deal of the day, so the
    title reads 'deal of the day' on any day the tests run."""

    @classmethod
    def today(cls) -> _DealDay:
        return cls(2026, 11, 25)


@pytest.fixture
def deal_day(monkeypatch: pytest.MonkeyPatch) -> None:
    import civio_tui.card_games_save
    import civio_tui.screens.solitaire.screen

    for module in (civio_tui.screens.solitaire.screen, civio_tui.card_games_save):
        monkeypatch.setattr(module, "date", _DealDay)


@pytest.mark.usefixtures("deal_day")
def test_solitaire_mid_game(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        screen = await open_solitaire(pilot, 20261125)
        await pilot.press(*"t" * 9)
        for card in screen.game.turned[:3]:
            await highlight(pilot, screen, card)
            await pilot.press("1")
        await pilot.press("c")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_puzzle_go_out(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await open_puzzle(pilot, "go-out", 12)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_puzzle_go_out_solved(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        screen = await open_puzzle(pilot, "go-out", 12)
        await solve(pilot, screen)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_puzzle_complete_solved_shows_how_the_7_go_out(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        screen = await open_puzzle(pilot, "complete", 12)
        await solve(pilot, screen)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_puzzle_a_long_wrong_answer_is_whole(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        screen = await open_puzzle(pilot, "broken", 23)
        await choose(pilot, screen, 4)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_concentration_captured_pairs_list(snap_compare: object) -> None:
    from civio_tui.screens.concentration.pairs import CapturedPairsScreen
    from civio_tui.screens.concentration.screen import ConcentrationScreen
    from civio_tui.seating import Seat

    async def run_before(pilot: Pilot[int]) -> None:
        await main_menu(pilot)
        pilot.app.push_screen(ConcentrationScreen([Seat("Ana"), Seat("Ben")], 4))
        await wait_for_screen(pilot, ConcentrationScreen)
        screen = pilot.app.screen
        assert isinstance(screen, ConcentrationScreen)
        for _ in range(3):
            await human_turns_pairs(pilot, screen)
        await pilot.press("p")
        await wait_for_screen(pilot, CapturedPairsScreen)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_concentration_after_a_pair_and_a_miss(snap_compare: object) -> None:
    from civio_tui.screens.concentration.screen import ConcentrationScreen
    from civio_tui.seating import Seat

    async def run_before(pilot: Pilot[int]) -> None:
        await main_menu(pilot)
        pilot.app.push_screen(ConcentrationScreen([Seat("You")], 4))
        await wait_for_screen(pilot, ConcentrationScreen)
        screen = pilot.app.screen
        assert isinstance(screen, ConcentrationScreen)
        await human_turns_pairs(pilot, screen)
        game = screen.game
        assert game is not None
        rest = [p for p in range(20) if p not in game.captured]
        miss = next(p for p in rest[1:] if not game.is_pair(rest[0], p))
        await type_place(pilot, rest[0])
        await type_place(pilot, miss)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


@pytest.mark.usefixtures("deal_day")
def test_solitaire_after_the_game_shows_par(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        screen = await open_solitaire(pilot, 20261125)
        await pilot.press(*"t" * 12)
        best = par(screen.game.deck, screen.game.deal)
        for number, precedent in enumerate(best.precedents, 1):
            for card in precedent:
                await highlight(pilot, screen, card)
                await pilot.press(str(number))
        await pilot.press("c")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_easy_play_after_drawing_and_laying_a_pair(snap_compare: object) -> None:
    from cards.games.easy_play.round import EasyPhase
    from tests.tui.test_games_easy_play import highlight

    async def run_before(pilot: Pilot[int]) -> None:
        from civio_tui.campaigns.store import resolve_save_dir
        from civio_tui.seating import Seat
        from tests.tui.test_games_easy_play import make_store, open_store

        players = [Seat("You"), Seat("Computer 1", "medium"), Seat("Computer 2", "medium")]
        store = make_store(resolve_save_dir(None), players, seed=1)
        screen = await open_store(pilot, store)
        assert screen.game is not None
        await pilot.press("s")
        assert screen.game.phase is EasyPhase.LAY
        pair = screen.game.lay_options()[0].cards
        for card in pair:
            await highlight(pilot, screen, card)
            await pilot.press("p")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_easy_play_new_game_form_for_two_friends_and_a_computer(snap_compare: object) -> None:
    from civio_tui.screens.easy_play.setup import EasyPlaySetupScreen

    async def run_before(pilot: Pilot[int]) -> None:
        await main_menu(pilot)
        pilot.app.push_screen(EasyPlaySetupScreen())
        await wait_for_screen(pilot, EasyPlaySetupScreen)
        # Players: 3; the third at the keyboard, named Ben.
        await pilot.press("home", "down", "right", *["down"] * 4, "right", "down")
        await pilot.press(*["backspace"] * 8, "B", "e", "n")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_easy_play_standings_after_a_round(snap_compare: object) -> None:
    import random

    from ai.easy_play.levels import LEVELS
    from cards.deck import standard_deck
    from cards.games.easy_play.game import EasyPlayGame
    from civio_tui.screens.easy_play.standings import EasyStandingsScreen

    game = EasyPlayGame(seats=3, seed=3, target="Judge", deck=standard_deck(), first_dealer=2)
    rnd = game.start_round()
    player, rng = LEVELS.player("medium", game.deck), random.Random(0)
    while (d := rnd.decision) is not None:
        rnd.apply(player.choose(rnd.view(d.seat), d, rng))

    async def run_before(pilot: Pilot[int]) -> None:
        await main_menu(pilot)
        pilot.app.push_screen(EasyStandingsScreen(game, ["Ana", "Computer", "Ben"]))
        await wait_for_screen(pilot, EasyStandingsScreen)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_concentration_three_people_after_a_pair_and_a_miss(snap_compare: object) -> None:
    from civio_tui.screens.concentration.screen import ConcentrationScreen
    from civio_tui.seating import Seat

    async def run_before(pilot: Pilot[int]) -> None:
        await main_menu(pilot)
        seats = [Seat("Ana"), Seat("Ben"), Seat("Cleo")]
        pilot.app.push_screen(ConcentrationScreen(seats, 4))
        await wait_for_screen(pilot, ConcentrationScreen)
        screen = pilot.app.screen
        assert isinstance(screen, ConcentrationScreen) and screen.game is not None
        game = screen.game
        await human_turns_pairs(pilot, screen)  # Ana: a pair, and she goes again
        rest = [p for p in range(20) if p not in game.captured]
        miss = next(p for p in rest[1:] if not game.is_pair(rest[0], p))
        await type_place(pilot, rest[0])
        await type_place(pilot, miss)  # Ana misses: Ben's turn
        screen.cursor = next(iter(game.captured))  # the cursor on a captured card
        screen.refresh_all()
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]
