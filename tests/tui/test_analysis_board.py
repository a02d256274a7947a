"""The analysis board from a replay: `a` at a position, fair or open, the review's figure beside
each option and the hint, a move, and Esc back to the replay where it was; nothing saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from ai.civio.hard import HardPlayer, HardSearch, SearchBudget
from cards.deck import standard_deck
from cards.games.civio.actions import DecisionKind
from civio_tui.screens.civio.analysis import (
    AnalysisChoiceScreen,
    AnalysisController,
    AnalysisScreen,
)
from civio_tui.screens.civio.round_end import RoundEndScreen
from civio_tui.screens.confirm import ConfirmScreen
from civio_tui.screens.replay import ReplayScreen
from civio_tui.widgets.log_pane import LogPane
from civio_tui.widgets.question import QuestionPane
from tests.tui.conftest import (
    main_menu,
    make_app,
    press_1_to_round_end,
    screen_text,
    settle,
    wait_for_screen,
)
from tests.tui.test_lookback_tui import open_replay, round_just_played, samples

__all__ = ["samples"]  # the fixture: the sample saves in the test's own save folder


@pytest.fixture
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's figures and hint from a small search: what is tested is the board."""
    budget = SearchBudget(iterations=8)
    monkeypatch.setattr("ai.civio.review.HardSearch", lambda: HardSearch(budget))
    monkeypatch.setattr("ai.civio.hint.HardPlayer", lambda: HardPlayer(budget))


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


async def _evaluated(pilot: Pilot[int]) -> AnalysisScreen:
    """The board on top, its figures for the player's decision shown."""
    await wait_for_screen(pilot, AnalysisScreen, limit=400)
    board = pilot.app.screen
    assert isinstance(board, AnalysisScreen)
    for _ in range(3000):  # a busy machine searches slowly
        ev, question = board.controller.evaluation, board.question
        ready = ev is not None and question is not None and ev.decision is question.decision
        if ready and "Hint" in str(board.query_one(QuestionPane)._hint):
            return board
        await pilot.pause(0.02)
    raise AssertionError("the board never showed its figures")


async def test_the_board_plays_on_from_a_replay_and_goes_back_to_it(
    samples: Path, small_search: None
) -> None:
    before = _files(samples.parent)
    app = make_app(confirm_quit=True)
    async with app.run_test(size=(80, 24)) as pilot:
        replay = await open_replay(pilot, "Rounds won")
        assert "a Analyse" in screen_text(app)  # the footer lists the key
        playback = replay.playback
        # A position where the player discards (a decision the search values).
        position = next(
            p
            for p in range(playback.length)
            if (d := playback.round_at(p).decision) is not None
            and d.seat == replay.seat
            and d.kind is DecisionKind.DISCARD
        )
        await pilot.press(*["right"] * position)
        assert replay.position == position

        await pilot.press("a")
        await wait_for_screen(pilot, AnalysisChoiceScreen, limit=400)
        await pilot.press("f")
        board = await _evaluated(pilot)
        assert isinstance(board.controller, AnalysisController)
        real = playback.round_at(position)
        rnd = board.controller.rnd
        assert rnd.view(replay.seat) == real.view(replay.seat)  # what the player knew, kept
        assert [len(h) for h in rnd.hidden] == [len(h) for h in real.hidden]
        options = board.query_one(QuestionPane).options
        assert len(options) == len(real.decision.options)  # type: ignore[union-attr]
        marks = [str(o) for o in options]
        assert any("best" in m for m in marks) and any("−" in m for m in marks)
        shown = screen_text(app)
        # The board's log says what its figures mean; it is no saved game "resumed".
        logged = "\n".join(line.plain for line in board.query_one(LogPane).lines)
        assert "Analysis board (fair) from step" in logged
        assert not any("resumed" in n.message for n in app._notifications)
        assert "analysis (fair)" in shown and "Hint (" in shown and "esc Back" in shown
        assert shown.endswith("u Undo e Links ^q Quit ? Help")  # whole keys; Help always there

        await pilot.press("1")  # a move: the board plays on to the player's next decision
        await settle(pilot)
        assert board.controller.rnd.events
        await pilot.press("u")  # and takes it back: the board's start again
        await settle(pilot)
        assert not board.controller.rnd.events
        assert board.controller.rnd.view(replay.seat) == real.view(replay.seat)

        await pilot.press("escape")  # unsaved play: asked first, as Settings say
        await wait_for_screen(pilot, ConfirmScreen, limit=400)
        assert "not kept" in screen_text(app)
        await pilot.press("y")
        await wait_for_screen(pilot, ReplayScreen, limit=400)
        assert replay.position == position
        assert isinstance(app.screen, ReplayScreen) and app.screen.position == position
        assert f"Step {position} of" in screen_text(app)

        await pilot.press("a", "o")  # open: the real hands
        board = await _evaluated(pilot)
        assert board.controller.rnd.hidden == real.hidden
        assert board.controller.rnd.supply == real.supply
        await pilot.press("escape", "y")
        await wait_for_screen(pilot, ReplayScreen, limit=400)
        assert replay.position == position
        assert not app.game_in_progress
    # Never saved: no campaign, statistics or rating file was written or changed.
    assert _files(samples.parent) == before


async def test_the_end_of_the_round_has_no_board(samples: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_replay(pilot, "Rounds won")
        await pilot.press("end", "a")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert any("step back" in n.message for n in app._notifications)


@pytest.mark.slow  # a whole game through the screens: -m slow
async def test_a_board_from_a_round_end_plays_to_its_own_end_and_back_unsaved(
    samples: Path, small_search: None
) -> None:
    """The replay reached with r from a round's end, a game in progress under it."""
    camp, summary = round_just_played(samples)
    before = _files(samples.parent)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        app.game_in_progress = True
        app.push_screen(RoundEndScreen(standard_deck(), summary, camp))
        await wait_for_screen(pilot, RoundEndScreen, limit=400)
        await pilot.press("r")
        await wait_for_screen(pilot, ReplayScreen, limit=400)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        last = replay.playback.last_turn()
        position = replay.playback.position_of_turn(last)
        await pilot.press("t", *str(last), "enter", "a", "o")
        board = await _evaluated(pilot)
        await press_1_to_round_end(pilot)
        assert isinstance(app.screen, RoundEndScreen)  # the board's, over the game's
        board.show_round_end()  # its own timer, after 1 was pressed as the round ended
        assert [type(s) for s in app.screen_stack].count(RoundEndScreen) == 2
        shown = screen_text(app)
        assert "Enter: back to the replay" in shown and "PROMOT" not in shown
        await pilot.press("enter")
        await wait_for_screen(pilot, ReplayScreen, limit=400)
        assert replay.position == position
        assert app.game_in_progress  # the game under the replay is still in progress
    assert _files(samples.parent) == before
