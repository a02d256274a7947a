"""Easy Play in the app: a whole round with the keys, the standings with ranks, refused moves
explained, saving and Continue (from the Easy Play menu, the main menu and Campaigns), and
hot-seat: every screen checked against each player's view."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from ai.easy_play.levels import LEVELS
from cards.deck import standard_deck
from cards.games.easy_play.round import (
    DISCARD,
    DRAW,
    LAY,
    EasyAction,
    EasyPhase,
    EasyPlay,
    pair_table,
)
from cards.ranks import rank_for
from civio_tui.easy_play_save import EASY_SUFFIX, EasyPlayStore, new_easy_game
from civio_tui.screens.easy_play.panes import brief
from civio_tui.screens.easy_play.screen import EasyPlayMenuScreen, EasyPlayScreen, card_text
from civio_tui.screens.easy_play.setup import EasyPlaySetupScreen
from civio_tui.screens.easy_play.standings import EasyStandingsScreen
from civio_tui.screens.games import GamesScreen
from civio_tui.screens.pass_device import PassScreen
from civio_tui.seating import Seat
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import (
    choose_entry,
    full_disk,
    main_menu,
    make_app,
    wait_for_screen,
)


async def open_easy_play(pilot: Pilot[int], seed: int = 3) -> EasyPlayScreen:
    """More games → Easy Play → New Easy Play game → Enter (you and one medium player). The form
    draws the game's seed from `random`: seeding it first makes the deal the same on every run."""
    await main_menu(pilot)
    await choose_entry(pilot, "games")
    await wait_for_screen(pilot, GamesScreen)
    await pilot.press("down", "down", "down", "enter")
    await wait_for_screen(pilot, EasyPlayMenuScreen)
    menu = pilot.app.screen.query_one(NavList)
    assert menu.get_option_at_index(menu.option_count - 1).id == "new"
    await pilot.press("end", "enter")
    await wait_for_screen(pilot, EasyPlaySetupScreen)
    random.seed(seed)
    await pilot.press("enter")
    await wait_for_screen(pilot, EasyPlayScreen)
    screen = pilot.app.screen
    assert isinstance(screen, EasyPlayScreen)
    await pilot.pause()
    return screen


def make_store(
    save_dir: Path, players: list[Seat], seed: int = 1, **kwargs: object
) -> EasyPlayStore:
    return new_easy_game(
        "Table",
        players,
        save_dir=save_dir,
        deck=standard_deck(),
        seed=seed,
        **kwargs,  # type: ignore[arg-type]
    )


async def open_store(pilot: Pilot[int], store: EasyPlayStore) -> EasyPlayScreen:
    await main_menu(pilot)
    screen = EasyPlayScreen(store)
    pilot.app.push_screen(screen)
    # Hot-seat: the keyboard is passed before the first hand is shown.
    await wait_for_screen(pilot, PassScreen if len(screen.humans) > 1 else EasyPlayScreen)
    await pilot.pause()
    return screen


async def highlight(pilot: Pilot[int], screen: EasyPlayScreen, card: int) -> None:
    hand = screen.query_one("#ep-hand", NavList)
    ids = [hand.get_option_at_index(i).id for i in range(hand.option_count)]
    hand.highlighted = ids.index(str(card))
    await pilot.pause()


async def until_my_turn(pilot: Pilot[int], screen: EasyPlayScreen) -> None:
    """Wait while the computer players play (until a player at the keyboard is to play, the
    keyboard is to be passed, or the round is over)."""
    for _ in range(2000):
        game = screen.game
        if game is None or game.is_over or game.current in screen.humans:
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError("the computer players did not finish their turns")


def status(screen: EasyPlayScreen) -> str:
    return str(screen.query_one("#ep-status").render())


def medium_choice(game: EasyPlay) -> EasyAction:
    """What the medium level would do for the seat to play; after "done laying", its discard."""
    medium = LEVELS.player("medium", game.deck)
    d = game.decision
    assert d is not None
    action = medium.choose(game.view(d.seat), d, random.Random(0))
    if action.kind != "done":
        return action
    after = game.clone()
    after.apply(action)
    d = after.decision
    assert d is not None
    return medium.choose(after.view(d.seat), d, random.Random(0))


async def play_my_turn(pilot: Pilot[int], screen: EasyPlayScreen) -> None:
    """One decision of the seat to play, chosen as the medium level would and made with keys."""
    game = screen.game
    assert game is not None
    action = medium_choice(game)
    if action.kind == DRAW:
        await pilot.press("s" if action.source == "supply" else "d")
    elif action.kind == LAY:
        for card in action.cards:
            await highlight(pilot, screen, card)
            await pilot.press("p")
    elif action.kind == DISCARD:
        assert action.card is not None
        await highlight(pilot, screen, action.card)
        await pilot.press("x")  # while laying, x ends the laying and discards
    else:
        await pilot.press("c")
    await pilot.pause()


def screen_text(pilot: Pilot[int]) -> str:
    """Everything the terminal shows now, as plain text (from the screenshot)."""
    svg = pilot.app.export_screenshot()
    text = " ".join(re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S))
    return html.unescape(re.sub(r"<[^>]+>", "", text)).replace("\xa0", " ")


async def test_a_whole_round_with_the_keys_then_the_standings_the_next_round_and_continue(
    isolated: Path,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_easy_play(pilot)
        game = screen.game
        assert game is not None and game.seats == 2 and screen.humans == [0]
        assert screen.players[1] == Seat("Computer", "medium")
        for _ in range(400):
            await until_my_turn(pilot, screen)
            if game.is_over:
                break
            await play_my_turn(pilot, screen)
        assert game.is_over and game.result is not None
        assert game.result.reason == "civio"
        # The round's end: everyone's points this round, totals and ranks.
        await wait_for_screen(pilot, EasyStandingsScreen)
        shown = screen_text(pilot)
        assert "Round 1 is over" in shown and "rank" in shown
        match = screen.match
        assert match.totals == list(game.result.scores)
        for seat, name in enumerate(screen.names):
            assert name in shown and rank_for(match.totals[seat]) in shown
        await pilot.press("escape")  # a look at the table: the totals include this round
        await wait_for_screen(pilot, EasyPlayScreen)
        mine = str(screen.query_one("#ep-mine").render())
        assert f"Totals after round 1: You {match.totals[0]} " in mine
        await pilot.press("n")  # the next round: points carry over
        await wait_for_screen(pilot, EasyPlayScreen)
        assert len(match.rounds) == 2 and screen.game is not game
        await until_my_turn(pilot, screen)
        await pilot.press("s")
        assert screen.game is not None
        hand = list(screen.game.hands[0])
        await pilot.press("escape")  # saved after every move: leaving does not ask
        await wait_for_screen(pilot, EasyPlayMenuScreen)
        menu = pilot.app.screen.query_one(NavList)
        first = menu.get_option_at_index(0)
        assert first.id == "continue:Easy Play" and "round 2" in str(first.prompt)
        await pilot.press("enter")
        await wait_for_screen(pilot, EasyPlayScreen)
        again = pilot.app.screen
        assert isinstance(again, EasyPlayScreen) and again.game is not None
        await pilot.pause()
        assert again.match.totals == match.totals
        assert sorted(again.game.hands[0]) == sorted(hand)
        assert "You drew from the supply" in str(again.query_one("#ep-log").render())
    assert (isolated / "saves" / f"Easy Play{EASY_SUFFIX}").exists()


async def test_an_unreadable_save_is_left_alone_and_the_menu_says_why(isolated: Path) -> None:
    saves = isolated / "saves"
    saves.mkdir()
    broken = saves / f"Broken{EASY_SUFFIX}"
    broken.write_text("{ not json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_easy_play(pilot)  # a new game beside it
        assert screen.store.name == "Easy Play"
        await until_my_turn(pilot, screen)
        await pilot.press("s")
        await pilot.press("escape")
        await wait_for_screen(pilot, EasyPlayMenuScreen)
    assert broken.read_text() == "{ not json"


async def test_refused_moves_are_explained_and_leaving_keeps_the_game(isolated: Path) -> None:
    store = make_store(
        isolated / "saves", [Seat("Ada"), Seat("Computer 1", "medium"), Seat("Computer 2", "easy")]
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_store(pilot, store)
        game = screen.game
        assert game is not None and game.seats == 3
        await until_my_turn(pilot, screen)
        await pilot.press("x", "p")  # no discarding or pairing before drawing
        assert len(game.hands[0]) == 7 and game.phase is EasyPhase.DRAW
        await pilot.press("s")
        assert len(game.hands[0]) == 8
        # The card drawn goes to the bottom of the hand, with the cursor on it.
        hand = screen.query_one("#ep-hand", NavList)
        assert screen.highlighted_card() == game.drawn == game.hands[0][-1]
        assert hand.highlighted == hand.option_count - 1
        last = str(hand.get_option_at_index(hand.option_count - 1).prompt)
        assert last.strip().startswith("[") and last.endswith("new")
        if game.phase is EasyPhase.LAY:
            hand = game.hands[0]
            table = pair_table(game.deck)
            a = next(c for c in hand if any(not table[c] >> o & 1 for o in hand if o != c))
            b = next(o for o in hand if o != a and not table[a] >> o & 1)
            for card in (a, b):
                await highlight(pilot, screen, card)
                await pilot.press("p")
            assert "not a matching pair" in status(screen)
        # The totals call the one player at the keyboard "You", as the log does.
        assert "Totals: You 0 (Intern)" in str(screen.query_one("#ep-mine").render())
        # The highlighted card tells what it pairs with.
        assert "pairs with:" in str(screen.query_one("#ep-partners").render())
        await pilot.press("escape")  # the game is saved: back to where it was opened from
        await wait_for_screen(pilot, type(pilot.app.screen))
    from civio_tui.easy_play_save import open_easy_game

    back = open_easy_game("Table", save_dir=isolated / "saves", deck=standard_deck()).saved
    assert back is not None and back.game.current_round is not None
    assert len(back.game.current_round.hands[0]) == 8


async def test_the_main_menus_continue_opens_the_easy_play_game_saved_last(isolated: Path) -> None:
    store = make_store(isolated / "saves", [Seat("Ada"), Seat("C1", "easy"), Seat("C2", "easy")])
    saved = store.saved
    assert saved is not None and saved.game.current_round is not None
    saved.game.current_round.apply(saved.game.current_round.legal_actions()[0])
    assert store.save(saved.game, saved.players) is None
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await main_menu(pilot)
        assert menu.latest is not None and menu.latest.label.startswith("Table: Easy Play, round 1")
        await choose_entry(pilot, "continue")
        await wait_for_screen(pilot, EasyPlayScreen)
        screen = pilot.app.screen
        assert isinstance(screen, EasyPlayScreen) and screen.game is not None
        assert screen.names == ["Ada", "C1", "C2"] and screen.store.name == "Table"
        assert len(screen.game.events) == 1


async def test_campaigns_lists_easy_play_games_beside_campaigns_and_continues_them(
    isolated: Path,
) -> None:
    from civio_tui.campaigns import new_campaign
    from civio_tui.screens.campaigns import CampaignsScreen

    saves = isolated / "saves"
    make_store(saves, [Seat("Ada"), Seat("Computer", "easy")], target="Judge")
    new_campaign("Autumn", ["medium"], save_dir=saves, deck=standard_deck())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "campaigns")
        await wait_for_screen(pilot, CampaignsScreen)
        for _ in range(50):
            await pilot.pause()
            if pilot.app.screen.query_one(NavList).option_count == 2:
                break
        shown = screen_text(pilot)
        assert "Autumn" in shown and "Table" in shown and "Easy Play" in shown
        assert "to Judge" in shown
        await pilot.press("end", "p")  # replays are the main game's: said, not a crash
        await pilot.press("enter")
        await wait_for_screen(pilot, EasyPlayScreen)
        screen = pilot.app.screen
        assert isinstance(screen, EasyPlayScreen) and screen.store.name == "Table"


def public_cards(game: EasyPlay) -> set[int]:
    """Cards everyone has seen this round: the first discard, every discard, every laid pair
    and every card taken from the discard pile."""
    seen: set[int] = set()
    first = game.discard_pile[0] if game.discard_pile else None
    if first is not None:
        seen.add(first)
    for e in game.events:
        if e.action.card is not None:
            seen.add(e.action.card)
        seen.update(e.action.cards)
    return seen


def check_views(pilot: Pilot[int], screen: EasyPlayScreen) -> str:
    """No hidden card of a player at the keyboard is on screen unless that player is to play
    (once the round is over nothing is hidden: see the standings)."""
    game = screen.game
    assert game is not None
    shown = screen_text(pilot)
    if game.is_over:
        return shown
    to_play = game.current
    public = public_cards(game)
    for seat in screen.humans:
        if seat == to_play:
            continue
        hidden = set(game.hands[seat]) - public
        leaks = [card_text(game.deck[c]) for c in hidden if card_text(game.deck[c]) in shown]
        assert not leaks, (
            f"{screen.names[seat]}'s cards {leaks} shown while "
            f"{'no one' if to_play is None else screen.names[to_play]} is to play"
        )
    return shown


# Whole games on screen: tests/session proves the handover for every game in milliseconds.
@pytest.mark.slow
async def test_hot_seat_passes_the_keyboard_and_no_screen_shows_another_players_hand(
    isolated: Path,
) -> None:
    players = [Seat("Ana"), Seat("Computer", "medium"), Seat("Ben")]
    store = make_store(isolated / "saves", players, seed=4)
    app = make_app()
    passes: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_store(pilot, store)
        game = screen.game
        assert game is not None and screen.humans == [0, 2]
        for _ in range(600):
            await until_my_turn(pilot, screen)
            shown = check_views(pilot, screen)
            if game.is_over:
                break
            if isinstance(pilot.app.screen, PassScreen):
                name = screen.names[game.current]
                assert f"Pass to {name}" in shown and "Discard pile" not in shown
                passes.append(name)
                await pilot.press("enter")
                await pilot.pause()
                check_views(pilot, screen)
                assert screen.viewer == game.current
                assert f"{name}'s hand" in screen_text(pilot)
                continue
            assert screen.viewer == game.current
            await play_my_turn(pilot, screen)
            check_views(pilot, screen)
        assert game.is_over
        await wait_for_screen(pilot, EasyStandingsScreen)
        assert screen.viewer is None  # the round is over: no hand is anyone's to play
        # ... and nothing is secret any more: the standings show what everyone held.
        shown = screen_text(pilot)
        await pilot.press("end")  # four players' cards may need scrolling
        await pilot.pause()
        shown += screen_text(pilot)
        result = game.result
        assert result is not None
        for seat in range(game.seats):
            for card in result.hands[seat]:
                assert brief(game.deck[card], 24) in shown, f"{screen.names[seat]}'s cards"
        held = [c for h in result.hands for c in h]
        assert held, "a round where someone still holds cards at its end"
    assert passes[:2] == ["Ana", "Ben"] and set(passes) == {"Ana", "Ben"}
    assert len(passes) >= 4


async def test_a_lone_player_at_the_keyboard_may_sit_second(isolated: Path) -> None:
    store = make_store(isolated / "saves", [Seat("Computer", "easy"), Seat("Ana")])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_store(pilot, store)
        assert screen.viewer == 1 and not screen.hot_seat
        await until_my_turn(pilot, screen)
        game = screen.game
        assert game is not None and game.current == 1 and game.turns_played == 1
        assert "Your hand: 7 cards" in screen_text(pilot)
        assert "Computer drew from the supply" in screen_text(pilot)
        await pilot.press("s")
        assert len(game.hands[1]) == 8


async def play_decisions(pilot: Pilot[int], screen: EasyPlayScreen, decisions: int) -> None:
    """`decisions` decisions of the player at the keyboard, the computer playing between."""
    for _ in range(decisions):
        await until_my_turn(pilot, screen)
        assert screen.game is not None and not screen.game.is_over
        await play_my_turn(pilot, screen)
    await until_my_turn(pilot, screen)


async def test_a_continued_game_plays_on_as_the_uninterrupted_one_would(isolated: Path) -> None:
    """The computer's random choices depend on where the game is, not on how long the window
    has been open: left and continued, the game goes on exactly as without the break."""
    players = [Seat("Ada"), Seat("Computer", "random")]
    straight = make_store(isolated / "saves", players, seed=9)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_store(pilot, straight)
        await play_decisions(pilot, screen, 6)
        assert screen.game is not None
        expected = list(screen.game.events)
        await pilot.press("escape")
        straight.path.rename(straight.path.with_name(f"Straight{EASY_SUFFIX}"))

        screen = await open_store(pilot, make_store(isolated / "saves", players, seed=9))
        await play_decisions(pilot, screen, 3)
        await pilot.press("escape")  # saved after every move: back at the menu
        await wait_for_screen(pilot, type(pilot.app.screen))
        from civio_tui.easy_play_save import open_easy_game

        again = open_easy_game("Table", save_dir=isolated / "saves", deck=standard_deck())
        screen = await open_store(pilot, again)
        await play_decisions(pilot, screen, 3)
        assert screen.game is not None
        assert screen.game.events == expected


async def test_leaving_an_easy_play_game_that_could_not_be_saved_asks_first(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from civio_tui import easy_play_save
    from civio_tui.screens.confirm import ConfirmScreen

    store = make_store(isolated / "saves", [Seat("Ada"), Seat("Computer", "medium")])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_store(pilot, store)
        await until_my_turn(pilot, screen)
        monkeypatch.setattr(easy_play_save, "write_safely", full_disk)
        await pilot.press("s")
        # The pass screen's confirmation at a hot-seat table says the same.
        assert "is saved" not in screen.leaving_words()
        assert "moves since the last good save are lost" in screen.leaving_words()
        await pilot.press("escape")
        await wait_for_screen(pilot, ConfirmScreen)
        message = str(pilot.app.screen.query_one("#confirm-message").render())
        assert "It is saved" not in message and "will not be kept" in message


async def test_easy_play_footer_says_leaving_keeps_the_game() -> None:
    from tests.tui.test_games_easy_play import open_easy_play

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_easy_play(pilot)
        assert "esc Leave (saved)" in " ".join(screen_text(pilot).split())
