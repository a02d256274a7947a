"""Easy Play in the app: a whole round against the computer with the keys, refused moves
explained, and leaving mid-game asks first."""

from __future__ import annotations

import random
from pathlib import Path

from textual.pilot import Pilot

from ai.easy_play import get_easy_player
from cards.easy_play import EasyAction, EasyPhase, EasyPlay, pair_table
from civio_tui.easy_play_save import EASY_PLAY_FILE
from civio_tui.screens.easy_play import EasyPlayMenuScreen, EasyPlayScreen
from civio_tui.screens.games import GamesScreen
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import async_test, choose_entry, main_menu, make_app, wait_for_screen


async def open_easy_play(pilot: Pilot[int], mode_index: int = 0) -> EasyPlayScreen:
    await main_menu(pilot)
    await choose_entry(pilot, "games")
    await wait_for_screen(pilot, GamesScreen)
    await pilot.press("down", "down", "down", "enter")
    await wait_for_screen(pilot, EasyPlayMenuScreen)
    await pilot.press(*["down"] * mode_index, "enter")
    await wait_for_screen(pilot, EasyPlayScreen)
    screen = pilot.app.screen
    assert isinstance(screen, EasyPlayScreen)
    await pilot.pause()
    return screen


async def highlight(pilot: Pilot[int], screen: EasyPlayScreen, card: int) -> None:
    hand = screen.query_one("#ep-hand", NavList)
    ids = [hand.get_option_at_index(i).id for i in range(hand.option_count)]
    hand.highlighted = ids.index(str(card))
    await pilot.pause()


async def until_my_turn(pilot: Pilot[int], screen: EasyPlayScreen) -> None:
    for _ in range(2000):
        if screen.game is None or screen.game.is_over or screen.my_turn():
            return
        await pilot.pause(0.01)
    raise AssertionError("the computer players did not finish their turns")


def status(screen: EasyPlayScreen) -> str:
    return str(screen.query_one("#ep-status").render())


def medium_choice(game: EasyPlay) -> EasyAction:
    """What the medium level would do for the human seat; after "done laying", its discard."""
    medium = get_easy_player("medium", game.deck)
    d = game.decision
    assert d is not None and d.seat == 0
    action = medium.choose(game.view(0), d, random.Random(0))
    if action.kind != "done":
        return action
    after = game.clone()
    after.apply(action)
    d = after.decision
    assert d is not None
    return medium.choose(after.view(0), d, random.Random(0))


async def play_my_turn(pilot: Pilot[int], screen: EasyPlayScreen) -> None:
    """One decision of the human seat, chosen as the medium level would and made with keys."""
    game = screen.game
    assert game is not None
    action = medium_choice(game)
    if action.kind == "draw":
        await pilot.press("s" if action.source == "supply" else "d")
    elif action.kind == "lay":
        for card in action.cards:
            await highlight(pilot, screen, card)
            await pilot.press("p")
    elif action.kind == "discard":
        assert action.card is not None
        await highlight(pilot, screen, action.card)
        await pilot.press("x")  # while laying, x ends the laying and discards
    else:
        await pilot.press("c")
    await pilot.pause()


@async_test
async def test_a_whole_round_with_the_keys_then_the_next_round_and_continue(
    isolated: Path,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_easy_play(pilot)
        game = screen.game
        assert game is not None and game.seats == 2
        for _ in range(400):
            await until_my_turn(pilot, screen)
            if game.is_over:
                break
            await play_my_turn(pilot, screen)
        assert game.is_over and game.result is not None
        assert game.result.reason == "civio"
        assert "Points:" in status(screen) and "n: the next round" in status(screen)
        if game.result.winner == 0:
            assert "CIVIO! You went out first" in status(screen)
        log = str(screen.query_one("#ep-log").render())
        assert "CIVIO" in log and "Totals after round 1" in log
        match = screen.match
        assert match is not None and match.totals == list(game.result.scores)
        await pilot.press("n")  # the next round: points carry over
        assert len(match.rounds) == 2 and screen.game is not game
        await until_my_turn(pilot, screen)
        await pilot.press("s")
        hand = list(screen.game.hands[0]) if screen.game else []
        await pilot.press("escape")  # saved after every move: leaving does not ask
        await wait_for_screen(pilot, EasyPlayMenuScreen)
        menu = pilot.app.screen.query_one(NavList)
        first = menu.get_option_at_index(0)
        assert first.id == "continue" and "round 2" in str(first.prompt)
        await pilot.press("enter")
        await wait_for_screen(pilot, EasyPlayScreen)
        again = pilot.app.screen
        assert isinstance(again, EasyPlayScreen) and again.game is not None
        await pilot.pause()
        assert again.match is not None and again.match.totals == match.totals
        assert sorted(again.game.hands[0]) == sorted(hand)
    assert (isolated / "saves" / EASY_PLAY_FILE).exists()


@async_test
async def test_an_unreadable_save_is_left_alone(isolated: Path) -> None:
    saves = isolated / "saves"
    saves.mkdir()
    (saves / EASY_PLAY_FILE).write_text("{ not json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_easy_play(pilot)
        await until_my_turn(pilot, screen)
        await pilot.press("s")
        assert "Not saved" in status(screen) and "unreadable" in status(screen)
        await pilot.press("escape")  # not saved: leaving asks first
        from civio_tui.screens.confirm import ConfirmScreen

        await wait_for_screen(pilot, ConfirmScreen)
    assert (saves / EASY_PLAY_FILE).read_text() == "{ not json"


@async_test
async def test_refused_moves_are_explained_and_leaving_keeps_the_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_easy_play(pilot, 1)
        game = screen.game
        assert game is not None and game.seats == 3
        await until_my_turn(pilot, screen)
        await pilot.press("x", "p")  # no discarding or pairing before drawing
        assert len(game.hands[0]) == 7 and game.phase is EasyPhase.DRAW
        await pilot.press("s")
        assert len(game.hands[0]) == 8
        if game.phase is EasyPhase.LAY:
            hand = game.hands[0]
            table = pair_table(game.deck)
            a = next(c for c in hand if any(not table[c] >> o & 1 for o in hand if o != c))
            b = next(o for o in hand if o != a and not table[a] >> o & 1)
            for card in (a, b):
                await highlight(pilot, screen, card)
                await pilot.press("p")
            assert "not a matching pair" in status(screen)
        # The highlighted card tells what it pairs with.
        assert "pairs with:" in str(screen.query_one("#ep-partners").render())
        await pilot.press("escape")  # the game is saved: back to the menu, which offers it
        await wait_for_screen(pilot, EasyPlayMenuScreen)
        assert pilot.app.screen.query_one(NavList).get_option_at_index(0).id == "continue"


@async_test
async def test_the_main_menus_continue_opens_the_easy_play_game_saved_last(isolated: Path) -> None:
    from cards.deck import standard_deck
    from cards.easy_play_game import EasyPlayGame
    from civio_tui.easy_play_save import EasyPlaySaves

    game = EasyPlayGame(seats=3, seed=2, deck=standard_deck(), first_dealer=2)
    game.start_round().apply(game.current_round.legal_actions()[0])  # type: ignore[union-attr]
    assert (
        EasyPlaySaves(isolated / "saves", game.deck).save(game, ["Ada", "C1", "C2"], "easy") is None
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await main_menu(pilot)
        assert menu.latest is not None and menu.latest.label.startswith("Easy Play: round 1")
        await choose_entry(pilot, "continue")
        await wait_for_screen(pilot, EasyPlayScreen)
        screen = pilot.app.screen
        assert isinstance(screen, EasyPlayScreen) and screen.game is not None
        assert screen.names == ["Ada", "C1", "C2"] and screen.level == "easy"
        assert len(screen.game.events) == 1
