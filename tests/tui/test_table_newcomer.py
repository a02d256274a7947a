"""The table and New game read by a newcomer and by friends at one keyboard: nothing cut at
80x24, plain words for what a choice chooses."""

from __future__ import annotations

from pathlib import Path

from cards.deck import Deck
from cards.ruleset import RuleSet
from civio_tui.screens.civio.table import TableScreen
from civio_tui.screens.new_game import NewGameScreen
from civio_tui.screens.pass_device import PassScreen
from civio_tui.table_controller import TableController
from civio_tui.widgets.choice_form import ChoiceForm
from civio_tui.widgets.table_panes import OpponentInfo, opponents_lines
from tests.tui.conftest import (
    choose_entry,
    main_menu,
    make_app,
    settle,
    wait_for_screen,
)
from tests.tui.test_hot_seat import on_screen


def test_a_long_name_keeps_its_points_and_rank_on_a_line_of_their_own(deck: Deck) -> None:
    ctl = TableController.new_game(
        deck, ["hard"], seed=3, save=False, humans=["Anastasia Rodriguez", "Ben"]
    )
    ctl.start_round()
    view = ctl.rnd.view(1)
    seats = [OpponentInfo(0, "Anastasia Rodriguez", "human"), OpponentInfo(2, "Hard", "hard")]
    lines = [line.plain for line in opponents_lines(deck, view, seats, None, 30)]
    assert all(len(line) <= 30 for line in lines), lines
    assert "Anastasia Rodriguez (human)" in lines[0]
    assert lines[1].strip() == "0 points · Intern"
    # A short heading stays on one line; the opening's words are not cut.
    assert "  Hard · 0 points · Intern" in lines
    assert not any(line.endswith("…") for line in lines), lines
    # The compact form (three opponents at 80x24) keeps to one line: the points stay on the
    # name's line, the rank goes, and then the name is cut rather than the points.
    compact = opponents_lines(deck, view, seats, None, 32, compact=True)
    assert compact[0].plain == "  Anastasia Rodriguez · 0 points"
    compact = opponents_lines(deck, view, seats, None, 30, compact=True)
    assert compact[0].plain == "  Anastasia Rodrig… · 0 points"
    assert compact[1].plain.startswith("  ") and "points" not in compact[1].plain


async def test_hot_seat_table_at_80x24_cuts_no_name_or_rank(deck: Deck, tmp_path: Path) -> None:
    app = make_app()
    ctl = TableController.new_game(
        deck,
        ["hard"],
        rules=RuleSet(max_turns=12),
        seed=5,
        save_dir=str(tmp_path),
        humans=["Anastasia Rodriguez", "Benjamin Okonkwo"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        table = TableScreen(ctl)
        await app.push_screen(table)
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        text = on_screen(app)
        assert "Benjamin Okonkwo (human)" in text and "Intern…" not in text
        title = str(table.query_one("#hand-box").border_title)
        assert title == "Anastasia Rodriguez · 0 points · Intern"


async def test_new_game_rows_say_what_they_choose() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "new")
        await wait_for_screen(pilot, NewGameScreen)
        form = app.screen.query_one(ChoiceForm)
        text = on_screen(app)
        assert "Rule version" in text and "Booklet in the box" in text
        assert "Take-backs" in text and "Off: every move counts" in text
        await pilot.press("up", "up")  # Start game → Seed → Take-backs
        assert form.current.key == "practice"
        assert "takes back your last move" in on_screen(app)
        await pilot.press("up", "up", "up")  # → Game length → Play until → Rule version
        assert form.current.key == "rules"
        assert "Which rules to play by. Booklet: as printed in the box" in on_screen(app)


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
