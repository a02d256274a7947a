"""Solitaire and Concentration in progress are saved after every move and continued: from the
game's own menu and from the main menu's Continue; an unreadable save is never overwritten."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from cards.deck import standard_deck
from cards.games.concentration.game import Concentration, TurnCard
from civio_tui import game_file
from civio_tui.card_games_save import (
    CONCENTRATION_FILE,
    SOLITAIRE_FILE,
    ConcentrationSaves,
    SavedConcentration,
    SolitaireSaves,
)
from civio_tui.games import EASY_PLAY, SOLITAIRE
from civio_tui.screens.concentration.screen import ConcentrationMenuScreen, ConcentrationScreen
from civio_tui.screens.confirm import ConfirmScreen
from civio_tui.screens.games import GamesScreen
from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.screens.solitaire.screen import SolitaireScreen
from civio_tui.seating import Seat
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import (
    choose_entry,
    full_disk,
    main_menu,
    make_app,
    screen_text,
    wait_for_screen,
)
from tests.tui.test_games_concentration import open_concentration, type_place


def first_option(pilot: Pilot[int]) -> tuple[str | None, str]:
    option = pilot.app.screen.query_one(NavList).get_option_at_index(0)
    return option.id, str(option.prompt)


async def menu_offering(pilot: Pilot[int], kind: str) -> MainMenuScreen:
    """The main menu once its Continue offers the game of `kind` (it reads the saves after its
    first frame, and again each time it comes back on top)."""
    menu = await main_menu(pilot)
    for _ in range(200):
        if menu.latest is not None and menu.latest.kind == kind:
            return menu
        await pilot.pause(0.02)
    raise AssertionError(f"the main menu's Continue never offered {kind}")


async def open_games(pilot: Pilot[int]) -> None:
    await main_menu(pilot)
    await choose_entry(pilot, "games")
    await wait_for_screen(pilot, GamesScreen)


async def test_a_solitaire_deal_is_continued_where_it_was_left(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_games(pilot)
        await pilot.press("enter")  # Solitaire, the deal of the day
        await wait_for_screen(pilot, SolitaireScreen)
        screen = pilot.app.screen
        assert isinstance(screen, SolitaireScreen)
        await pilot.press("t", "t", "t")
        await pilot.pause()
        await pilot.press("1")  # the newest card in precedent 1
        turned, seed = screen.game.turned, screen.game.seed
        picked = list(screen.picked.groups[1])
        assert len(turned) == 3 and len(picked) == 1
        await pilot.press("escape")  # leaving mid-game asks, and says the deal is kept
        await wait_for_screen(pilot, ConfirmScreen)
        assert "It is saved" in str(pilot.app.screen.query_one("#confirm-message").render())
        await pilot.press("y")
        await wait_for_screen(pilot, GamesScreen)
        key, label = first_option(pilot)
        assert key == "continue-solitaire" and f"seed {seed}, 3 of 21 cards up" in label
        await pilot.pause()
        shown = screen_text(pilot.app)  # Continue added above them, every game's line whole
        assert all(about in shown for about in (SOLITAIRE.about, EASY_PLAY.about)), shown
        await pilot.press("enter")
        await wait_for_screen(pilot, SolitaireScreen)
        again = pilot.app.screen
        assert isinstance(again, SolitaireScreen) and again is not screen
        await pilot.pause()
        assert "Welcome back" in (shown := screen_text(pilot.app))
        assert "+ 1 per card still face down" in shown  # the rules' last words too
        assert again.game.turned == turned and again.picked.groups[1] == picked
        # Starting today's deal instead asks before the saved deal is replaced.
        await pilot.press("t")
        await pilot.press("escape", "y")
        await wait_for_screen(pilot, GamesScreen)
        await pilot.press("down", "enter")  # Solitaire (new)
        await wait_for_screen(pilot, ConfirmScreen)
        await pilot.press("n")
        await wait_for_screen(pilot, GamesScreen)
        # The main menu's Continue opens the deal saved last.
        await pilot.press("escape")
        await menu_offering(pilot, "solitaire")
        await choose_entry(pilot, "continue")
        await wait_for_screen(pilot, SolitaireScreen)
        last = pilot.app.screen
        assert isinstance(last, SolitaireScreen) and len(last.game.turned) == 4


async def test_an_unreadable_solitaire_save_is_left_alone(isolated: Path) -> None:
    saves = isolated / "saves"
    saves.mkdir()
    (saves / SOLITAIRE_FILE).write_text('{"format": "something else"}')
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_games(pilot)
        assert first_option(pilot)[0] == "solitaire"
        await pilot.press("enter")
        await wait_for_screen(pilot, SolitaireScreen)
        screen = pilot.app.screen
        assert isinstance(screen, SolitaireScreen)
        await pilot.press("t")
        assert "not saved" in str(screen.query_one("#sol-title").render())
        assert any("unreadable" in n.message for n in pilot.app._notifications)
        await pilot.press("escape")
        await wait_for_screen(pilot, ConfirmScreen)
        assert "not be kept" in str(pilot.app.screen.query_one("#confirm-message").render())
    assert (saves / SOLITAIRE_FILE).read_text() == '{"format": "something else"}'


async def test_leaving_a_solitaire_deal_that_could_not_be_saved_says_so(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_games(pilot)
        await pilot.press("enter")
        await wait_for_screen(pilot, SolitaireScreen)
        screen = pilot.app.screen
        assert isinstance(screen, SolitaireScreen)
        await pilot.press("t")
        await pilot.pause()
        monkeypatch.setattr(game_file, "write_safely", full_disk)
        await pilot.press("t")
        await pilot.pause()
        assert any("Not saved" in n.message for n in pilot.app._notifications)
        await pilot.press("escape")
        await wait_for_screen(pilot, ConfirmScreen)
        message = str(pilot.app.screen.query_one("#confirm-message").render())
        assert "It is saved" not in message
        assert "could not be saved" in message and "No space left" in message
    kept = SolitaireSaves(isolated / "saves", standard_deck()).saved
    assert kept is not None and len(kept.game.turned) == 1  # the deal as last saved


async def test_leaving_a_concentration_game_that_could_not_be_saved_does_not_say_it_is(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_concentration(pilot, 3)  # two players at this keyboard
        monkeypatch.setattr(game_file, "write_safely", full_disk)
        await type_place(pilot, 0)
        assert screen.unsaved is not None
        await pilot.press("escape")
        await wait_for_screen(pilot, ConfirmScreen)
        message = str(pilot.app.screen.query_one("#confirm-message").render())
        assert "It is saved" not in message and "will not be kept" in message


async def test_a_concentration_game_is_continued_where_it_was_left(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_concentration(pilot, 3)  # two players at this keyboard
        game = screen.game
        assert game is not None
        miss = next(p for p in range(1, 20) if not game.is_pair(0, p))
        await type_place(pilot, 0)
        await type_place(pilot, miss)
        await type_place(pilot, 5)  # Player 2's first card, face up
        assert game.to_move == 1 and game.first == 5
        await pilot.press("escape")
        await wait_for_screen(pilot, ConfirmScreen)
        await pilot.press("y")
        await wait_for_screen(pilot, ConcentrationMenuScreen)
        key, label = first_option(pilot)
        assert key == "continue" and "Player 1 0, Player 2 0, 1 turn" in label
        await pilot.press("enter")
        await wait_for_screen(pilot, ConcentrationScreen)
        again = pilot.app.screen
        assert isinstance(again, ConcentrationScreen) and again.game is not None
        assert again.game.grid == game.grid and again.game.events == game.events
        assert again.game.to_move == 1 and again.game.first == 5
        assert "Player 2's turn, second card" in str(again.query_one("#cc-status").render())


async def test_the_main_menu_continues_a_concentration_game_against_the_computer(
    isolated: Path,
) -> None:
    game = Concentration(7, 2, standard_deck())
    game.apply(TurnCard(0))
    seats = [Seat("Ada"), Seat("Computer (hard)", "hard")]
    saves = ConcentrationSaves(isolated / "saves", game.deck)
    assert saves.write(SavedConcentration(game, seats)) is None
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await menu_offering(pilot, "concentration")
        await choose_entry(pilot, "continue")
        await wait_for_screen(pilot, ConcentrationScreen)
        screen = pilot.app.screen
        assert isinstance(screen, ConcentrationScreen) and screen.game is not None
        assert screen.names == ("Ada", "Computer (hard)") and 1 in screen.ais
        assert len(screen.game.events) == 1


async def test_an_unreadable_concentration_save_is_left_alone(isolated: Path) -> None:
    saves = isolated / "saves"
    saves.mkdir()
    (saves / CONCENTRATION_FILE).write_text("{ not json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_concentration(pilot, 0)
        await type_place(pilot, 0)
        assert "not saved" in str(screen.query_one("#cc-title").render())
        assert any("unreadable" in n.message for n in pilot.app._notifications)
    assert (saves / CONCENTRATION_FILE).read_text() == "{ not json"


def test_the_continue_label_names_the_deal_of_the_day() -> None:
    from datetime import date

    from cards.games.solitaire.game import TURN_ACTION, Solitaire, seed_of_day
    from civio_tui.card_games_save import SavedSolitaire, solitaire_label

    day = date(2026, 11, 25)
    game = Solitaire(seed_of_day(day), standard_deck())
    game.apply(TURN_ACTION)
    saved = SavedSolitaire(game, [[], []])
    assert solitaire_label(saved, day) == "today's deal, seed 20261125, 1 of 21 cards up"
    assert solitaire_label(saved, date(2026, 11, 26)) == "seed 20261125, 1 of 21 cards up"


def test_continue_says_one_round_not_one_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cards.deck import standard_deck
    from civio_tui.cli import main
    from civio_tui.saved_games import scan_saved_games

    saves = str(tmp_path / "one-round")
    new = ["--save-dir", saves, "campaign", "new", "Game 1", "--opponents", "random"]
    assert main([*new, "--seed", "7"]) == 0
    auto = ["--save-dir", saves, "campaign", "autoplay", "Game 1", "--rounds", "1"]
    assert main([*auto, "--as", "random"]) == 0
    capsys.readouterr()
    latest = scan_saved_games(saves, standard_deck()).latest
    assert latest is not None
    assert "Game 1: 1 round played, " in latest.label, latest.label
