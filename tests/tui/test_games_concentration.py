"""Concentration in the app: whole games with the keys (alone, against the hard AI, and two
players at one keyboard), typed places, and the fewest turns kept with the saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cards.games.concentration.game import Concentration, TurnCard, pair_link, position_name
from civio_tui.records import RECORDS_FILE
from civio_tui.screens.concentration.screen import ConcentrationMenuScreen, ConcentrationScreen
from civio_tui.screens.games import GamesScreen
from tests.tui.conftest import choose_entry, main_menu, make_app, wait_for_screen


async def open_concentration(pilot: Pilot[int], mode_index: int) -> ConcentrationScreen:
    await main_menu(pilot)
    await choose_entry(pilot, "games")
    await wait_for_screen(pilot, GamesScreen)
    await pilot.press("down", "down", "enter")
    await wait_for_screen(pilot, ConcentrationMenuScreen)
    await pilot.press(*["down"] * mode_index, "enter")
    if mode_index == 3:  # choose the players: the form starts with two people, Enter plays
        from civio_tui.screens.concentration.setup import ConcentrationSetupScreen

        await wait_for_screen(pilot, ConcentrationSetupScreen)
        await pilot.press("enter")
    await wait_for_screen(pilot, ConcentrationScreen)
    screen = pilot.app.screen
    assert isinstance(screen, ConcentrationScreen)
    await pilot.pause()
    return screen


async def solo_game(pilot: Pilot[int], seed: int = 4) -> tuple[ConcentrationScreen, Concentration]:
    """A one-player game (Ada) on a fixed seed, opened over the main menu."""
    from civio_tui.seating import Seat

    await main_menu(pilot)
    pilot.app.push_screen(ConcentrationScreen([Seat("Ada")], seed))
    await wait_for_screen(pilot, ConcentrationScreen)
    screen = pilot.app.screen
    assert isinstance(screen, ConcentrationScreen) and screen.game is not None
    return screen, screen.game


async def type_place(pilot: Pilot[int], position: int) -> None:
    await pilot.press(*position_name(position).lower())
    await pilot.pause()


async def human_turns_pairs(pilot: Pilot[int], screen: ConcentrationScreen) -> None:
    """Capture a pair the way a player with a perfect memory would, by typing places."""
    game = screen.game
    assert game is not None
    open_positions = [p for p in range(20) if p not in game.captured]
    first = open_positions[0]
    mate = next(p for p in open_positions if p != first and game.is_pair(first, p))
    await type_place(pilot, first)
    await type_place(pilot, mate)


async def until_human(pilot: Pilot[int], screen: ConcentrationScreen) -> None:
    """Let the computer play (Enter when a person's missed pair waits to be read)."""
    for _ in range(400):
        if screen.game is None or screen.game.is_over or screen.human_to_move():
            return
        if screen.holding:
            await pilot.press("enter")
        await pilot.pause(0.02)
    raise AssertionError("the computer did not finish its turn")


@pytest.mark.slow  # a whole game through the screens: -m slow
async def test_a_whole_one_player_game_keeps_the_fewest_turns(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_concentration(pilot, 0)
        game = screen.game
        assert game is not None
        # A miss first, with the cursor and Enter: both stay face up until the next card.
        a = 0
        b = next(p for p in range(1, 20) if not game.is_pair(a, p))
        await pilot.press("enter")
        for _ in range(b):
            await pilot.press("right" if (_ + 1) % 5 else "down")
        screen.cursor = b
        await pilot.press("enter")
        assert game.turns == [1] and screen.shown == (a, b)
        assert "not a pair" in str(screen.query_one("#cc-status").render())
        while not game.is_over:
            await human_turns_pairs(pilot, screen)
        assert game.turns == [11]
        assert "All 10 pairs in 11 turns" in str(screen.query_one("#cc-status").render())
        await pilot.press("escape")
        await wait_for_screen(pilot, ConcentrationMenuScreen)
    records = json.loads((isolated / "saves" / RECORDS_FILE).read_text())
    assert records["concentration"] == {"games": 1, "fewest_turns": 11, "tables": {}}


async def test_a_capture_shows_both_cards_and_their_link(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_concentration(pilot, 0)
        await human_turns_pairs(pilot, screen)
        game = screen.game
        assert game is not None
        a, b = (e.card for e in game.events[-2:])
        status = " ".join(str(screen.query_one("#cc-status").render()).split())
        assert "Pair!" in status and pair_link(game.deck, a, b) in status


# Slow: the default run plays a whole game with the hard computer at a table of three
# (test_games_concentration_seats.py) and the computer's choices in unit tests.
@pytest.mark.slow
async def test_a_whole_game_against_the_hard_computer(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_concentration(pilot, 2)
        game = screen.game
        assert game is not None and screen.ais[1].level == "hard"
        for _ in range(60):
            await until_human(pilot, screen)
            if game.is_over:
                break
            # A forgetful human: always turns the first two open places it can.
            open_positions = [p for p in range(20) if p not in game.captured]
            await type_place(pilot, open_positions[0])
            await type_place(pilot, open_positions[1])
        assert game.is_over and sum(game.scores) == 10
        assert game.scores[1] > 0  # the computer captured pairs too


async def test_two_players_at_one_keyboard_take_turns(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_concentration(pilot, 3)
        game = screen.game
        assert game is not None and not screen.ais
        assert "Player 1" in str(screen.query_one("#cc-status").render())
        a = 0
        b = next(p for p in range(1, 20) if not game.is_pair(a, p))
        await type_place(pilot, a)
        await type_place(pilot, b)
        assert game.to_move == 1
        assert "Player 2" in str(screen.query_one("#cc-status").render())
        await type_place(pilot, a)
        await type_place(pilot, a)  # the same card twice: explained, nothing changes
        assert "already face up" in str(screen.query_one("#cc-status").render())
        assert game.first == a and game.to_move == 1


async def test_a_card_pack_without_the_pairs_is_told_not_to_play(isolated: Path) -> None:
    from cards.deck import load_deck
    from civio_tui.app import CivioApp
    from civio_tui.settings import Settings

    pack = load_deck(Path(__file__).parents[1] / "engine" / "fixtures" / "engine_pack.toml")
    app = CivioApp(deck=pack, settings=Settings.model_validate({"ai_speed": "instant"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "games")
        await wait_for_screen(pilot, GamesScreen)
        screen = pilot.app.screen
        assert isinstance(screen, GamesScreen)
        assert screen.cannot_play("concentration") is not None
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GamesScreen)  # stayed, with a warning


async def test_a_pair_no_rule_links_says_why_it_belongs_together(isolated: Path) -> None:
    from cards.games.concentration.game import pair_sentences

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await solo_game(pilot)
        shaw, baker = (
            game.grid.index(game.deck.lookup(n)) for n in ("Shaw v Reno", "Baker v Carr")
        )
        await type_place(pilot, shaw)
        await type_place(pilot, baker)
        status = " ".join(str(screen.query_one("#cc-status").render()).split())
        why = pair_sentences()[frozenset(("Shaw v Reno", "Baker v Carr"))]
        assert "Pair! Shaw v Reno / Baker v Carr" in status and why in status


async def test_your_missed_pair_waits_for_enter_before_the_computer_plays(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_concentration(pilot, 1)  # against the easy computer
        game = screen.game
        assert game is not None and game.to_move == 0
        miss = next(p for p in range(1, 20) if not game.is_pair(0, p))
        await type_place(pilot, 0)
        await type_place(pilot, miss)
        assert screen.holding and game.to_move == 1 and len(game.events) == 2
        # No computer is choosing, and a choice arriving now (however late) changes nothing.
        assert not [w for w in app.workers if w.node is screen and not w.is_finished]
        decision = game.decision
        assert decision is not None
        screen.computer_moved(TurnCard(decision.options[0]))
        assert screen.holding and len(game.events) == 2
        assert screen.shown == (0, miss)
        assert "press Enter" in str(screen.query_one("#cc-status").render())
        await pilot.press("enter")
        for _ in range(100):
            if len(game.events) > 2:
                break
            await pilot.pause(0.02)
        assert len(game.events) > 2 and not screen.holding  # Enter let it play


def pairs_shown(pilot: Pilot[int]) -> str:

    texts = (str(w.render()) for w in pilot.app.screen.query("#cp-scroll Static"))
    return " ".join(" ".join(texts).split())


async def test_captured_cards_look_apart_and_p_lists_the_pairs(isolated: Path) -> None:
    from cards.games.concentration.game import pairs
    from civio_tui.screens.concentration.pairs import CapturedPairsScreen
    from civio_tui.screens.concentration.screen import short_name

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await solo_game(pilot)
        await pilot.press("p")
        await wait_for_screen(pilot, CapturedPairsScreen)
        assert "No pair captured yet" in pairs_shown(pilot)
        # The menu showed the pairs once; a newcomer finds them here again (names, not places).
        assert "Still to find (10)" in pairs_shown(pilot)
        for x, y in pairs(game.deck):
            assert f"{short_name(game.deck[x])} / {short_name(game.deck[y])}" in pairs_shown(pilot)
        await pilot.press("p")  # p again closes it
        await wait_for_screen(pilot, ConcentrationScreen)
        await human_turns_pairs(pilot, screen)
        a, b = game.events[-2:]
        first = screen.query_one(f"#cc-{a.position}")
        assert first.has_class("captured") and not first.has_class("face-up")
        assert first.border_subtitle == "✓ found"
        await type_place(pilot, next(p for p in range(20) if p not in game.captured))
        up = screen.query_one(f"#cc-{game.first}")
        assert up.has_class("face-up") and not up.has_class("captured")
        assert not up.border_subtitle
        await pilot.press("p")
        await wait_for_screen(pilot, CapturedPairsScreen)
        pairs = pairs_shown(pilot)
        deck = game.deck
        found = f"{short_name(deck[a.card])} / {short_name(deck[b.card])}"
        assert f"1. {found}" in pairs
        assert " ".join(pair_link(deck, a.card, b.card).split()) in pairs
        assert "Still to find (9)" in pairs and pairs.count(found) == 1
        await pilot.press("escape")
        await wait_for_screen(pilot, ConcentrationScreen)


async def test_a_miss_names_the_cards_as_their_tiles_do(isolated: Path) -> None:
    # The tile and the pairs list say "UC Regents v Bakke"; the message must not switch to
    # "Regents of the University of California v Bakke" (a newcomer looks for that name).
    from civio_tui.screens.concentration.screen import short_name

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await solo_game(pilot)
        deck = game.deck
        bakke = next(p for p in range(20) if "Bakke" in deck[game.grid[p]].name)
        other = next(p for p in range(20) if p != bakke and not game.is_pair(bakke, p))
        assert short_name(deck[game.grid[bakke]]) != deck[game.grid[bakke]].name
        await type_place(pilot, bakke)
        await type_place(pilot, other)
        note = " ".join(str(screen.note).split())
        assert f"{short_name(deck[game.grid[bakke]])} ({position_name(bakke)})" in note
        assert deck[game.grid[bakke]].name not in note
