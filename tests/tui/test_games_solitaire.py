"""Solitaire in the app: a whole game played with the keys, and its records kept with the saves."""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot

from cards.deck import standard_deck
from cards.games.solitaire.game import deal_cards, par
from civio_tui.records import RECORDS_FILE, RecordsFile
from civio_tui.screens.games import GamesScreen
from civio_tui.screens.solitaire.screen import SolitaireScreen
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import choose_entry, main_menu, make_app, wait_for_screen

SEED = 20261125


async def open_solitaire(pilot: Pilot[int], seed: int) -> SolitaireScreen:
    await main_menu(pilot)
    await choose_entry(pilot, "games")
    await wait_for_screen(pilot, GamesScreen)
    await pilot.press("enter")  # Solitaire
    await wait_for_screen(pilot, SolitaireScreen)
    await pilot.press("s", *str(seed), "enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SolitaireScreen)
    assert screen.game.seed == seed
    return screen


async def highlight(pilot: Pilot[int], screen: SolitaireScreen, card: int) -> None:
    cards = screen.query_one(NavList)
    ids = [cards.get_option_at_index(i).id for i in range(cards.option_count)]
    cards.highlighted = ids.index(str(card))
    await pilot.pause()


def message(screen: SolitaireScreen) -> str:
    return str(screen.query_one("#sol-message").render())


async def test_a_whole_solitaire_game_reaches_par(isolated: Path) -> None:
    deck = standard_deck()
    best = par(deck, deal_cards(deck, SEED))
    assert len(best.precedents) == 2
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solitaire(pilot, SEED)
        await pilot.press("c")  # too early: explained, nothing changes
        assert "turn up at least 7" in message(screen)
        await pilot.press(*"t" * best.turned)
        assert screen.game.turned == deal_cards(deck, SEED)[: best.turned]
        first, second = best.precedents
        for card in first:
            await highlight(pilot, screen, card)
            await pilot.press("1")
        await pilot.press("c")  # only one precedent of 3: a wrong call costs nothing
        assert "Not a CIVIO yet" in message(screen) and not screen.game.is_over
        for card in second:
            await highlight(pilot, screen, card)
            await pilot.press("2")
        await pilot.press("c")
        await pilot.pause()
        assert screen.game.result is not None
        assert screen.game.result.score == best.score
        side = str(screen.query_one("#sol-side").render())
        assert f"Par {best.score}" in side and f"once card {best.turned} is up" in side
        assert "made par" in message(screen)
        await pilot.press("escape")  # a finished game leaves without asking
        await wait_for_screen(pilot, GamesScreen)
    records = json.loads((isolated / "saves" / RECORDS_FILE).read_text())
    assert records["solitaire"]["best"] == {str(SEED): best.score}


async def test_ending_with_no_civio_asks_first_and_scores_zero(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solitaire(pilot, 5)
        await pilot.press("t", "x", "n")  # "Keep playing"
        assert not screen.game.is_over
        await pilot.press("x", "y")
        await pilot.pause()
        assert screen.game.result is not None and screen.game.result.score == 0
        assert screen.game.face_down == 0


def test_a_corrupt_records_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / RECORDS_FILE
    path.write_text("{ not json")
    records = RecordsFile(tmp_path)
    assert records.problem is not None and "unreadable" in records.problem
    records.records.record_solitaire(1, 10)
    assert records.save() is not None
    assert path.read_text() == "{ not json"


def test_records_keep_the_best_score_per_deal(tmp_path: Path) -> None:
    records = RecordsFile(tmp_path)
    assert records.records.record_solitaire(3, 9)
    assert not records.records.record_solitaire(3, 7)
    assert records.records.record_solitaire(3, 12)
    assert records.save() is None
    again = RecordsFile(tmp_path)
    assert again.problem is None
    assert again.records.solitaire.best == {"3": 12} and again.records.solitaire.games == 3
    assert not list(tmp_path.glob(".*.tmp"))


def footer(screen: SolitaireScreen) -> dict[str, bool]:
    """The footer's keys as shown (key → drawn whole inside 80 columns)."""
    from textual.widgets._footer import FooterKey

    return {
        key.key_display: key.region.width > 0 and key.region.right <= 80
        for key in screen.query(FooterKey)
    }


async def test_the_footer_shows_whole_only_the_keys_that_work_now(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solitaire(pilot, SEED)
        await pilot.pause()
        keys = footer(screen)
        assert all(keys.values()), keys  # nothing cut at 80 columns
        assert {"t", "1", "2", "c", "e"} <= set(keys) and not {"x", "n", "d", "s"} & set(keys)
        await pilot.press(*"t" * 21)
        await pilot.pause()
        assert "x to end the game" in message(screen)  # x is said once it applies
        keys = footer(screen)
        assert all(keys.values()), keys
        assert "x" in keys and "t" not in keys
        await pilot.press("x", "y")
        await pilot.pause()
        assert screen.game.is_over
        keys = footer(screen)
        assert all(keys.values()), keys
        assert {"n", "d", "s", "esc"} <= set(keys)
        assert not {"t", "1", "2", "c", "x", "⏎"} & set(keys)
        side = str(screen.query_one("#sol-side").render())
        best = par(screen.game.deck, screen.game.deal)
        assert f"+ {21 - best.turned} for the cards still face down = {best.score}" in " ".join(
            side.split()
        )
        await pilot.press("1", "enter")  # no precedent to put a card in any more
        assert "Precedent 1" not in str(screen.query_one("#sol-side").render())


async def test_new_deal_keys_work_during_the_game_though_not_shown(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solitaire(pilot, SEED)
        await pilot.press("t", "s", "y")  # a deal in progress: "Start it"
        await pilot.press("7", "7", "enter")
        await pilot.pause()
        assert screen.game.seed == 77 and not screen.game.turned


def test_card_facts_name_what_a_card_strengthens_and_what_the_act_may_be() -> None:
    from civio_tui.screens.card_games import card_facts

    deck = standard_deck()
    eighth = str(card_facts(deck[deck.lookup("8th Amendment")]))
    assert "amendments" not in eighth and "8" not in eighth.replace("8th", "")
    brown = " ".join(str(card_facts(deck[deck.lookup("Brown v Board")])).split())
    assert "strengthens: 14th Amendment" in brown
    griswold = " ".join(str(card_facts(deck[deck.lookup("Griswold")])).split())
    assert "strengthens: 1st, 4th, 5th, 9th, 14th Amendments" in griswold
    act = str(card_facts(deck[deck.lookup("Civil Rights Act")]))
    assert "(Law or Equality, 1964)" in act and "(Civil Rights Act" not in act


async def test_a_long_name_keeps_its_year_on_its_line_at_80x24(isolated: Path) -> None:
    # "Hazelwood School District v Kuhlmeier 1988" wrapped: "1988" stood alone at the left
    # margin, under the marks, like a card of its own. A shorter printed form fits instead.
    from textual.content import Content

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solitaire(pilot, 20261126)
        await pilot.press(*"t" * 21)
        await pilot.pause()
        cards = screen.query_one(NavList)
        room = cards.scrollable_content_region.width
        prompts = [cards.get_option_at_index(i).prompt for i in range(cards.option_count)]
        texts = [p.plain if isinstance(p, Content) else str(p) for p in prompts]
        assert any("Hazelwood v Kuhlmeier 1988" in t for t in texts), texts
        assert all(len(t) <= room for t in texts), [t for t in texts if len(t) > room]
