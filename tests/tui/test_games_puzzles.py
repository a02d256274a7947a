"""Puzzles in the app: one puzzle of each kind solved with the keys, a wrong answer explained,
and the streak kept with the saves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cards.deck import standard_deck
from cards.puzzles import generate, link_choices
from civio_tui.records import RECORDS_FILE
from civio_tui.screens.games import GamesScreen
from civio_tui.screens.puzzles import PuzzleMenuScreen, PuzzleScreen
from civio_tui.widgets.lists import NavList
from tests.tui.conftest import choose_entry, main_menu, make_app, wait_for_screen

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
        assert p.card is not None
        await choose(pilot, screen, row_of(screen, str(p.card)))
    elif p.kind == "broken":
        assert p.position is not None
        await choose(pilot, screen, p.position)
    else:
        for pair in range(len(p.links)):
            await choose(pilot, screen, link_choices(DECK, p, pair).index(p.links[pair]))
    await pilot.pause()


def row_of(screen: PuzzleScreen, key: str) -> int:
    """The list row whose option id is `key`."""
    menu = screen.query_one(NavList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)].index(key)


async def choose_card(pilot: Pilot[int], screen: PuzzleScreen, card: int, key: str) -> None:
    screen.query_one(NavList).highlighted = list(screen.puzzle.cards).index(card)
    await pilot.pause()
    await pilot.press(key)


@pytest.mark.parametrize("kind", ["go-out", "complete", "best", "broken", "linked"])
async def test_each_kind_is_solved_with_the_keys(kind: str, isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, kind, 12)
        if kind in ("go-out", "best"):
            await pilot.press("c")  # nothing chosen yet: told so, and not counted
            assert "you chose 0 cards" in message(screen) and not screen.answered
        await solve(pilot, screen)
        assert screen.solved, message(screen)
        assert "Solved!" in message(screen)
    stats = json.loads((isolated / "saves" / RECORDS_FILE).read_text())["puzzles"]["You"]
    assert stats["solved"] == stats["first_try"] == 1 and stats["streak"] == 1
    assert stats["by_kind"] == {kind: 1}


async def test_a_wrong_answer_gets_the_reason_and_breaks_the_streak(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, "broken", 4)
        position = screen.puzzle.position
        assert position is not None
        await choose(pilot, screen, 0)  # the first card has nothing before it
        assert "Not quite" in message(screen) and not screen.solved
        # A wrong first answer is a loss for the puzzle rating, shown with what it changed.
        assert re.search(r"puzzle rating 14\d\d\? \(-\d+\)", message(screen))
        await choose(pilot, screen, position)  # right at the second try: solved, no streak
        assert screen.solved and "counts as solved" in message(screen)
        await pilot.press("n")
        await wait_for_screen(pilot, PuzzleScreen)
        assert pilot.app.screen is not screen
        await pilot.press("escape")
        await wait_for_screen(pilot, PuzzleMenuScreen)
        menu = pilot.app.screen
        menu_stats = str(menu.query_one("#pm-stats").render())
        assert "solved 1 of 1 (0 at the first try)" in menu_stats
        assert re.search(r"puzzle rating 14\d\d\? ± \d+", menu_stats)
    stats = json.loads((isolated / "saves" / RECORDS_FILE).read_text())["puzzles"]["You"]
    assert stats == {
        "solved": 1,
        "tried": 1,
        "first_try": 0,
        "streak": 0,
        "best_streak": 0,
        "by_kind": {"broken": 1},
        # The puzzle rating keeps the first answer only: a loss, though a later one solved it.
        "answers": [{"kind": "broken", "difficulty": "medium", "first_try": False}],
    }


async def test_a_long_wrong_answer_is_shown_whole_at_80x24(isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, "broken", 23)
        assert screen.puzzle.position is not None and screen.puzzle.position < 4
        await choose(pilot, screen, 4)  # wrong: the reason is long, and what a retry counts
        await pilot.pause()
        box = screen.query_one("#pz-message")
        text = message(screen)
        assert "not for your streak" in text
        needed = box.get_content_height(box.size, box.size, box.content_region.width)
        assert needed > 3 and box.content_region.height >= needed


def test_records_from_before_first_tries_keep_their_count(tmp_path: Path) -> None:
    from civio_tui.records import RecordsFile

    old = {"solved": 4, "tried": 6, "streak": 1, "best_streak": 3, "by_kind": {"broken": 4}}
    (tmp_path / RECORDS_FILE).write_text(json.dumps({"version": 1, "puzzles": {"Ana": old}}))
    stats = RecordsFile(tmp_path).records.puzzles["Ana"]
    assert stats.first_try == 4 and stats.solved == 4 and stats.tried == 6


async def test_complete_opens_its_6_cards_and_shows_how_the_7_go_out(isolated: Path) -> None:
    from civio_tui.screens.card_detail import CardDetailScreen
    from civio_tui.screens.links import LinksScreen
    from civio_tui.screens.puzzles import SIX

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, "complete", 12)
        p = screen.puzzle
        third = p.cards[2]
        screen.query_one(NavList).highlighted = row_of(screen, f"{SIX}{third}")
        await pilot.pause()
        await pilot.press("enter")  # opens the card, answers nothing
        await wait_for_screen(pilot, CardDetailScreen)
        assert pilot.app.screen.current == third  # type: ignore[attr-defined]
        await pilot.press("escape")
        await wait_for_screen(pilot, PuzzleScreen)
        assert not screen.answered
        await pilot.press("e")
        await wait_for_screen(pilot, LinksScreen)
        assert pilot.app.screen.current == third  # type: ignore[attr-defined]
        await pilot.press("escape")
        await wait_for_screen(pilot, PuzzleScreen)
        await solve(pilot, screen)
        assert screen.solved
        side = " ".join(str(screen.query_one("#pz-side").render()).split())
        from cards.puzzles import completed_precedents

        assert "How the 7 go out" in side
        for precedent in completed_precedents(DECK, p):
            assert " → ".join(DECK[c].name for c in precedent) in side


async def test_linked_moves_the_cursor_to_the_next_pair_and_explain_hides_the_answer(
    isolated: Path,
) -> None:
    from civio_tui.screens.links import LinksScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, "linked", 1)
        p = screen.puzzle

        def side() -> str:
            return " ".join(str(screen.query_one("#pz-side").render()).split())

        # The side pane names the pair but not the cards' lists: they hold the answer.
        assert DECK[p.cards[0]].name in side()
        assert not {"plus:", "minus:", "strengthens:"} & set(side().split())
        await pilot.press("e")
        await wait_for_screen(pilot, LinksScreen)
        links = pilot.app.screen
        assert isinstance(links, LinksScreen)
        shown = {c for c in links.others if c is not None}
        assert not shown & set(p.cards), "the explain screen lists the puzzle's own pairs"
        assert len(shown) > 10  # its other links are there to learn from
        await pilot.press("escape")
        await wait_for_screen(pilot, PuzzleScreen)
        right = link_choices(DECK, p, 0).index(p.links[0])
        assert right > 0  # so staying on its row would show
        await choose(pilot, screen, right)
        assert screen.pair == 1
        assert screen.query_one(NavList).highlighted == 0  # the next pair, from its first choice
        for pair in range(1, len(p.links)):
            await choose(pilot, screen, link_choices(DECK, p, pair).index(p.links[pair]))
        assert screen.solved
        assert {"plus:", "minus:", "strengthens:"} & set(side().split())
        await pilot.press("e")  # once solved, every link shows
        await wait_for_screen(pilot, LinksScreen)
        links = pilot.app.screen
        assert isinstance(links, LinksScreen)
        assert p.cards[1] in {c for c in links.others if c is not None}


async def test_go_out_solved_in_a_wrong_order_shows_an_order_that_works(isolated: Path) -> None:
    from cards.precedent import check_precedent

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, "go-out", 12)
        p = screen.puzzle
        backwards = [tuple(reversed(precedent)) for precedent in p.precedents]
        assert any(not check_precedent(DECK, list(b)).valid for b in backwards)
        for number, precedent in enumerate(backwards, 1):
            for card in precedent:
                await choose_card(pilot, screen, card, str(number))
        await pilot.press("c")
        await pilot.pause()
        assert screen.solved, message(screen)  # the cards are right; the game finds the order
        side = " ".join(str(screen.query_one("#pz-side").render()).split())
        assert "in this order" in side
        for precedent in screen.found:
            assert check_precedent(DECK, list(precedent)).valid
            assert " → ".join(DECK[c].name for c in precedent) in side
        for b in backwards:
            if not check_precedent(DECK, list(b)).valid:
                assert " → ".join(DECK[c].name for c in b) not in side


@pytest.mark.parametrize("kind", ["complete", "broken", "linked"])
async def test_the_letter_or_number_shown_answers(kind: str, isolated: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, kind, 12)
        p = screen.puzzle
        if kind == "complete":
            assert p.options is not None and p.card is not None
            keys = ["abcd"[list(p.options).index(p.card)]]
        elif kind == "broken":
            assert p.position is not None
            keys = [str(p.position + 1)]  # the cards are numbered from 1
        else:
            keys = ["abcd"[link_choices(DECK, p, i).index(p.links[i])] for i in range(len(p.links))]
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        assert screen.solved, message(screen)


async def test_a_long_card_name_keeps_its_type_on_its_line_at_80x24(isolated: Path) -> None:
    # "Tinker v Des Moines School District  Case" wrapped "Case" to the left margin.
    from textual.content import Content

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        pilot.app.push_screen(PuzzleScreen(generate(DECK, "go-out", "easy", 228346)))
        await wait_for_screen(pilot, PuzzleScreen)
        screen = pilot.app.screen
        assert isinstance(screen, PuzzleScreen)
        assert any(len(DECK[c].name) > 30 for c in screen.puzzle.cards)
        cards = screen.query_one(NavList)
        room = cards.scrollable_content_region.width
        prompts = [cards.get_option_at_index(i).prompt for i in range(cards.option_count)]
        texts = [p.plain if isinstance(p, Content) else str(p) for p in prompts]
        assert all(len(t) <= room for t in texts), [t for t in texts if len(t) > room]


async def test_explain_on_a_complete_option_hides_its_links_to_the_six_until_solved(
    isolated: Path,
) -> None:
    """The option that links to the 6 cards is the answer: `e` must not list those links."""
    from civio_tui.screens.links import LinksScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_puzzle(pilot, "complete", 1)
        p = screen.puzzle
        assert p.card is not None
        cards = screen.query_one(NavList)
        ids = [cards.get_option_at_index(i).id for i in range(cards.option_count)]
        cards.highlighted = ids.index(str(p.card))
        await pilot.pause()
        await pilot.press("e")
        await wait_for_screen(pilot, LinksScreen)
        links = pilot.app.screen
        assert isinstance(links, LinksScreen)
        shown = {c for c in links.others if c is not None}
        assert not shown & set(p.cards), "the explain screen shows the answer's links to the 6"
        assert shown, "its links to the rest of the deck are there to learn from"
