"""A handful of reviewed SVG snapshots: main menu, table, card detail, round end, help, a lesson
step, and the terminal-too-small message. Fixed seeds and sizes; the cursor blink is frozen
(conftest).

Update after a reviewed change with: pytest tests/tui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

from textual.pilot import Pilot

from cards.deck import Deck
from civio_tui.screens.civio.round_end import RoundEndScreen
from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.screens.too_small import TooSmallScreen
from civio_tui.table_controller import TableController
from tests.tui.conftest import (
    FLUSH_HAND,
    PLAIN_BOT,
    DealtBackend,
    ScriptedPlayer,
    choose_entry,
    main_menu,
    make_app,
    open_table,
    settle,
    wait_for_screen,
)

SUPPLY = ["Mapp v Ohio", "Katz v US", "Baker v Carr", "Reynolds v Sims"]


async def menu_ready(pilot: Pilot[int]) -> None:
    """Wait until the menu has looked for saved games (it does so after the first frame); fail
    if it never does, rather than snapshot a menu still looking."""
    await main_menu(pilot)
    await pilot.pause()


def test_main_menu(snap_compare: object) -> None:
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=menu_ready)  # type: ignore[operator]


def test_help(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await menu_ready(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_too_small(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        # The message covers the menu, which still looks for saves underneath.
        await wait_for_screen(pilot, TooSmallScreen)
        for _ in range(100):
            await pilot.pause()
            menus = [s for s in pilot.app.screen_stack if isinstance(s, MainMenuScreen)]
            if menus and menus[0].scanned:
                break
        else:
            raise AssertionError("the menu under the message did not finish looking for saves")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(70, 20), run_before=run_before)  # type: ignore[operator]


def test_card_detail(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await menu_ready(pilot)
        await choose_entry(pilot, "encyclopedia")
        await pilot.pause()
        await pilot.press("slash", *"brown", "enter")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(100, 30), run_before=run_before)  # type: ignore[operator]


def test_table(snap_compare: object, deck: Deck) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await menu_ready(pilot)
        controller = TableController.new_game(deck, ["random", "random"], seed=7, save=False)
        await open_table(pilot, controller)
        await pilot.press("1", "2", "8")
        await settle(pilot)
        await pilot.press("1")  # draw from the supply: the keep-or-discard question
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=(120, 36), run_before=run_before)  # type: ignore[operator]


def test_table_at_80x24(snap_compare: object, deck: Deck) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await menu_ready(pilot)
        controller = TableController.new_game(deck, ["random"], seed=7, save=False)
        await open_table(pilot, controller)
        await pilot.press("1", "2", "8")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_round_end_with_promotion(snap_compare: object, deck: Deck) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await menu_ready(pilot)
        backend = DealtBackend(
            deck,
            [FLUSH_HAND, PLAIN_BOT],
            [ScriptedPlayer(deck)],
            discard="Roe v Wade",
            supply=SUPPLY,
        )
        await open_table(pilot, TableController(deck, backend))
        await pilot.press("1", "2", "8")
        await settle(pilot)
        await pilot.press("1", "1")
        await settle(pilot)
        await pilot.press("1")  # call CIVIO
        await wait_for_screen(pilot, RoundEndScreen)
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(100, 30), run_before=run_before)  # type: ignore[operator]


def test_links_screen_at_80x24(snap_compare: object) -> None:
    """`e` on a card in the encyclopedia: its links with the rules' sentences, and both
    directions for the highlighted card."""

    async def run_before(pilot: Pilot[int]) -> None:
        await menu_ready(pilot)
        await choose_entry(pilot, "encyclopedia")
        await pilot.pause()
        await pilot.press("slash", *"tinker", "enter", "e")
        await pilot.pause()
        await pilot.press("down", "down", "down")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_lesson_step_with_a_wrong_card_explained(snap_compare: object) -> None:
    async def run_before(pilot: Pilot[int]) -> None:
        await menu_ready(pilot)
        await choose_entry(pilot, "learn")
        await pilot.pause()
        await pilot.press("enter")  # lesson 1
        await pilot.pause()
        await pilot.press("enter")  # Race opens the precedent
        await pilot.press("enter")  # Engel v Vitale: refused, with the rules' sentence
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]


def test_lesson_table_step_with_a_refused_discard(snap_compare: object) -> None:
    """Lesson 4 at the table: Miranda taken from the discard pile, then offered back, refused
    with the engine's own sentence; the table, the options and the card read at 80x24."""

    async def run_before(pilot: Pilot[int]) -> None:
        await menu_ready(pilot)
        await choose_entry(pilot, "learn")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # lesson 4
        await pilot.pause()
        await pilot.press("down", "enter")  # take Miranda from the discard pile
        await pilot.pause()
        await pilot.press("down", "enter")  # discard it again: refused
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)  # type: ignore[operator]
