"""Round results (civio_tui/widgets/results.py): the order you arranged, long ranks kept whole,
and the words for one turn."""

from __future__ import annotations

from cards.deck import Deck
from civio_tui.table_controller import TableController
from civio_tui.widgets.hand import HandPane
from tests.tui.conftest import (
    PLAIN_BOT,
    ScriptedPlayer,
    make_app,
    open_table,
    settle,
    wait_for_screen,
)
from tests.tui.test_table import against_bot, table


async def test_the_results_keep_the_order_you_arranged(deck: Deck) -> None:
    from civio_tui.screens.civio.round_end import RoundEndScreen
    from tests.tui.conftest import FLUSH_HAND

    backend = against_bot(deck, FLUSH_HAND, PLAIN_BOT, ScriptedPlayer(deck))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(pilot, TableController(deck, backend))
        screen = table(app)
        await pilot.press("a")  # the flush, ending 1st Amendment, 14th Amendment
        hand = screen.query_one(HandPane)
        hand.focus()
        await pilot.pause()
        first, fourteenth = deck.lookup("1st Amendment"), deck.lookup("14th Amendment")
        assert screen.arrangement.groups[0][-2:] == [first, fourteenth]
        hand.cursor_card = fourteenth
        await pilot.press("K")  # the 14th before the 1st: as valid, and yours
        await pilot.pause()
        mine = list(screen.arrangement.groups[0])
        assert mine[-2:] == [fourteenth, first]
        await pilot.press("1", "2", "8")
        await settle(pilot)
        await pilot.press("1", "1")  # draw, discard it at once
        await settle(pilot)
        await pilot.press("1")  # call CIVIO
        await wait_for_screen(pilot, RoundEndScreen)
        end = app.screen
        assert isinstance(end, RoundEndScreen)
        assert end.summary.seats[0].precedents == (tuple(mine),)
        text = " ".join(str(end.query_one("#round-seats").render()).split())
        assert "[A] 14th Amendment +1 → [A] 1st Amendment +1" in text
        # The winner's score says how it adds up from the cards' points.
        assert "+24 points (6 + 2 for going out, × 3 for the flush)" in text


def test_the_results_keep_a_long_rank_whole(deck: Deck) -> None:
    from dataclasses import replace

    from civio_tui.round_summary import SeatResult
    from civio_tui.widgets.results import seat_lines

    hand = tuple(deck.lookup(n) for n in ("Race", "Brown v Board", "14th Amendment"))
    row = SeatResult(
        0, "Anastasia Rodrigue", "human", (hand,), hand, 6, 6, 12, "Law Clerk", "Lawyer (2nd chair)"
    )
    lines = [line.plain for line in seat_lines(deck, row, 0, 60)]
    assert all(len(line) <= 60 for line in lines), lines
    assert any(line.strip() == "→ total 12 · Lawyer (2nd chair)" for line in lines), lines
    assert not any("…" in line for line in lines), lines
    # A short one stays on the name's line.
    short = replace(row, name="Ana")
    assert "→ total 12 · Lawyer (2nd chair)" in seat_lines(deck, short, 0, 60)[0].plain


def test_round_results_say_one_turn_not_one_turns() -> None:
    from civio_tui.plurals import counted
    from civio_tui.round_summary import RoundSummary
    from civio_tui.widgets.results import headline

    def said(winner: int | None, turns: int) -> str:
        summary = RoundSummary(1, winner, "two", "civio", turns, (), False, ())
        return headline(summary, ["You", "Bot"]).plain

    assert said(0, 1).endswith("(1 turn)") and said(0, 9).endswith("(9 turns)")
    assert "(after 1 turn)" in said(None, 1) and "(after 2 turns)" in said(None, 2)
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
