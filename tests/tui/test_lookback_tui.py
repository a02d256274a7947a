"""Looking back in the TUI: a campaign's rounds, a replay stepped from the keyboard, the review
in a worker with its progress bar, and the Statistics screen with its charts and numbers."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import ProgressBar, Static
from textual_plotext import PlotextPlot

from ai.civio.hard import HardSearch, SearchBudget
from ai.civio.review import Review
from civio_tui.campaigns.model import Campaign
from civio_tui.round_summary import RoundSummary, SeatResult
from civio_tui.screens.campaigns import CampaignsScreen
from civio_tui.screens.replay import CampaignRoundsScreen, ReplayScreen
from civio_tui.screens.statistics import StatisticsScreen
from civio_tui.widgets.lists import NavList
from tests.cli.conftest import run
from tests.tui.conftest import choose_entry, main_menu, make_app, wait_for_screen

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"


@pytest.fixture
def samples(isolated: Path) -> Path:
    shutil.copytree(SAMPLES, isolated / "saves", ignore=shutil.ignore_patterns("*.toml"))
    return isolated / "saves"


def text(pilot: Pilot[int], selector: str) -> str:
    return str(pilot.app.screen.query_one(selector, Static).render())


async def open_campaigns(pilot: Pilot[int], name: str) -> CampaignsScreen:
    """The Campaigns screen, loaded, with campaign `name` highlighted."""
    await main_menu(pilot)
    await choose_entry(pilot, "campaigns")
    await wait_for_screen(pilot, CampaignsScreen)
    screen = pilot.app.screen
    assert isinstance(screen, CampaignsScreen)
    for _ in range(100):
        if screen.summaries:
            break
        await pilot.pause()
    screen.query_one(NavList).highlighted = [s.name for s in screen.summaries].index(name)
    return screen


async def open_rounds(pilot: Pilot[int], name: str) -> CampaignRoundsScreen:
    await open_campaigns(pilot, name)
    await pilot.press("p")
    await wait_for_screen(pilot, CampaignRoundsScreen)
    rounds = pilot.app.screen
    assert isinstance(rounds, CampaignRoundsScreen)
    return rounds


async def open_replay(pilot: Pilot[int], name: str) -> ReplayScreen:
    """The replay of campaign `name`'s last round but one."""
    await open_rounds(pilot, name)
    await pilot.press("up", "enter")
    await wait_for_screen(pilot, ReplayScreen)
    replay = pilot.app.screen
    assert isinstance(replay, ReplayScreen)
    return replay


async def test_a_round_replays_step_by_step_from_the_campaigns_screen(samples: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rounds = await open_rounds(pilot, "Rounds won")
        menu = rounds.query_one(NavList)
        assert menu.highlighted == 2  # the latest round
        await pilot.press("up", "enter")
        await wait_for_screen(pilot, ReplayScreen)
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.playback.number == 2
        assert text(pilot, "#replay-head").startswith("Step 0 of 43 · the deal")
        await pilot.press("right", "right", "right", "left")
        assert replay.position == 2
        # What is drawn is the seat's own view: an opponent's hidden cards are only counted.
        table = text(pilot, "#replay-table-text")
        assert "hidden cards" in table
        await pilot.press("o")
        assert replay.everything and "hidden cards" not in text(pilot, "#replay-table-text")
        await pilot.press("end")
        assert replay.position == replay.playback.length
        assert "the round is over" in text(pilot, "#replay-head")
        await pilot.press("home", "t", "1", "0", "enter")
        await pilot.pause()
        assert replay.position == replay.playback.position_of_turn(10)
        assert "turn 10" in text(pilot, "#replay-head")
        await pilot.press("escape")
        await wait_for_screen(pilot, CampaignRoundsScreen)
        # A round saved before rounds were kept cannot be chosen.
        await pilot.press("escape")
        await wait_for_screen(pilot, CampaignsScreen)
        campaigns = app.screen
        assert isinstance(campaigns, CampaignsScreen)
        names = [s.name for s in campaigns.summaries]
        campaigns.query_one(NavList).highlighted = names.index("Version 2")
        await pilot.press("p")
        await wait_for_screen(pilot, CampaignRoundsScreen)
        options = app.screen.query_one(NavList)
        assert all(options.get_option_at_index(i).disabled for i in range(2))
        assert "no replay" in str(options.get_option_at_index(0).prompt)


async def test_the_review_runs_in_a_worker_with_a_progress_bar(
    samples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import civio_tui.review

    monkeypatch.setattr(
        "ai.civio.review.HardSearch", lambda: HardSearch(SearchBudget(iterations=16))
    )
    real = civio_tui.review.review_round
    go = threading.Event()
    steps: list[tuple[int, int]] = []

    def held(*args: Any, **kwargs: Any) -> Any:
        go.wait(10)  # the review is busy until the test has used the screen meanwhile
        report = kwargs["progress"]

        def progress(done: int, total: int) -> None:
            steps.append((done, total))
            report(done, total)

        return real(*args, **{**kwargs, "progress": progress})

    monkeypatch.setattr(civio_tui.review, "review_round", held)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        replay = await open_replay(pilot, "Rounds won")
        await pilot.press("v")
        assert replay.reviewing and replay.query_one(ProgressBar).display
        assert "Reviewing your decisions" in text(pilot, "#replay-review")
        await pilot.press("right", "right")  # the screen answers while the review runs
        assert replay.position == 2 and replay.reviewing
        go.set()
        for _ in range(400):
            await pilot.pause(0.02)
            if replay.review is not None:
                break
        assert replay.review is not None and not replay.reviewing
        total = len(replay.review.decisions)
        assert steps[-1] == (total, total) and len(steps) == total
        assert not replay.query_one(ProgressBar).display
        assert not any(n.title == "Review" for n in app._notifications)  # no toast over it
        line = replay.review.summary_line()
        await pilot.press("home")
        summary = text(pilot, "#replay-review")
        assert line in summary and "points off your chance to win the round" in summary
        assert ("(b: go there)" in summary) == (replay.review.biggest() is not None)
        review = replay.review
        # A round without a mistake offers no b, which would only say "No mistakes!".
        replay.review = Review(review.seat, [d for d in review.decisions if d.verdict == "best"])
        replay.draw()
        assert "No mistakes" in (clean := text(pilot, "#replay-review"))
        assert "b: go there" not in clean
        replay.review = review
        if replay.review.biggest() is not None:
            await pilot.press("b")
            here = text(pilot, "#replay-review")
            assert "Inaccuracy: " in here or "Mistake: " in here
            assert "costing " in here and " points" in here


async def test_statistics_show_numbers_and_charts(samples: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        await choose_entry(pilot, "stats")
        await wait_for_screen(pilot, StatisticsScreen)
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        for _ in range(200):
            await pilot.pause()
            if screen.document is not None:
                break
        numbers = text(pilot, "#stats-numbers")
        assert "Rounds: 17, won: 2 (12%)" in numbers and "easy: 2 of 3 rounds" in numbers
        assert "Rating: " in text(pilot, "#stats-rating-text")
        assert "Rating after each rated round" in text(pilot, "#stats-rating-history")
        plots = list(screen.query(PlotextPlot))
        assert plots and all(p.display for p in plots)
        # The numbers behind the charts are written out too.
        assert "Rounds won by strongest opponent level:" in text(pilot, "#stats-levels-text")
        bars = Text.from_ansi(screen.query_one("#stats-levels", PlotextPlot).plt.build()).plain
        # Played and won differ by their fill, not only by colour; round counts are whole.
        assert "██ played" in bars and "░░ won" in bars and ".50" not in bars
        shown = text(pilot, "#stats-points-text")
        await pilot.press("right")
        assert text(pilot, "#stats-points-text") != shown
        await pilot.press("c")
        assert not any(p.display for p in plots)


async def test_statistics_without_colour_are_numbers_only(
    samples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        app.push_screen(StatisticsScreen("Rounds won"))
        await wait_for_screen(pilot, StatisticsScreen)
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        for _ in range(200):
            await pilot.pause()
            if screen.document is not None:
                break
        assert not any(p.display for p in screen.query(PlotextPlot))
        assert "You: 3, 9, 16" in text(pilot, "#stats-points-text")
        assert "Rounds: 3, won: 2" in text(pilot, "#stats-numbers")


def round_just_played(samples: Path) -> tuple[Campaign, RoundSummary]:
    """Round 2 of the sample "Rounds won", as its round-end screen is handed it."""
    from civio_tui.campaigns.catalogue import read_summary

    camp = read_summary("Rounds won", save_dir=samples).campaign
    assert camp is not None
    record = camp.history[1]
    seats = tuple(
        SeatResult(s, p.name, p.level, (), (), record.points[p.name], 0, 0, "Intern", "Intern")
        for s, p in enumerate(camp.players)
    )
    return camp, RoundSummary(2, 0, "three_four", "civio", record.turns, seats, False, ())


async def test_the_round_end_screen_replays_the_round_just_played(samples: Path) -> None:
    from cards.deck import standard_deck
    from civio_tui.ratings import rating_history
    from civio_tui.screens.civio.round_end import RoundEndScreen

    camp, summary = round_just_played(samples)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await main_menu(pilot)
        app.push_screen(RoundEndScreen(standard_deck(), summary, camp))
        await wait_for_screen(pilot, RoundEndScreen)
        assert "r: replay it" in text(pilot, "#round-keys")
        # The rating after this round, and what the round changed, as lichess shows it.
        await app.workers.wait_for_complete()
        await pilot.pause()
        history = rating_history(samples, camp.players[0].name).games
        at = next(i for i, g in enumerate(history) if g.round == ("Rounds won", 2))
        change = history[at].rating.value - history[at - 1].rating.value
        assert f"({change:+d}) this round" in text(pilot, "#round-rating")
        app.pop_screen()
        practice = camp.model_copy(update={"practice": True})
        app.push_screen(RoundEndScreen(standard_deck(), summary, practice))
        await wait_for_screen(pilot, RoundEndScreen)
        await app.workers.wait_for_complete()
        assert not app.screen.query_one("#round-rating").display  # practice is not rated
        app.push_screen(RoundEndScreen(standard_deck(), summary, camp))
        await wait_for_screen(pilot, RoundEndScreen)
        await pilot.press("r")
        await wait_for_screen(pilot, ReplayScreen)
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.playback.number == 2
        await pilot.press("escape")
        await wait_for_screen(pilot, RoundEndScreen)
        # A game that is not saved has no replay to offer.
        app.pop_screen()
        app.push_screen(RoundEndScreen(standard_deck(), summary))
        await wait_for_screen(pilot, RoundEndScreen)
        assert "replay" not in text(pilot, "#round-keys")
        await pilot.press("r")
        assert isinstance(app.screen, RoundEndScreen)


async def test_x_on_campaigns_exports_the_same_record_as_the_command_line(
    samples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_app()
    saves_before = sorted(p.name for p in samples.iterdir())
    target = samples / "exports" / "Rounds won.md"
    async with app.run_test(size=(80, 24)) as pilot:
        await open_campaigns(pilot, "Rounds won")
        await pilot.press("x")
        await app.workers.wait_for_complete()
        await pilot.pause()
        told = " ".join(str(n.message) for n in app._notifications)
        assert f"is in {target}" in told and "Rounds won" in told
    # The saves are as they were: the record went to a new folder beside them.
    assert sorted(p.name for p in samples.iterdir()) == sorted([*saves_before, "exports"])
    assert [p.name for p in target.parent.iterdir()] == ["Rounds won.md"]
    code, out, _ = run(capsys, "campaign", "export", "Rounds won", "--save-dir", str(samples))
    assert code == 0 and out.startswith("# CIVIO campaign “Rounds won”")
    assert target.read_text(encoding="utf-8") == out


def test_replay_card_lists_keep_each_letter_with_its_name_and_spell_names_out() -> None:
    import re

    from cards.deck import standard_deck
    from civio_tui.screens.replay import _cards

    deck = standard_deck()
    names = [
        "Voting Rights Act of 1965",
        "South Carolina v Katzenbach",
        "New York Times v US",
        "Tinker v Des Moines School District",
        "Lawrence v Texas",
        "Mapp v Ohio",
        "Espionage Act of 1917",
    ]
    width = 40
    text = _cards(deck, [deck.lookup(n) for n in names], start=6, width=width).plain
    lines = text.splitlines()
    assert len(lines) > 1
    assert len(lines[0]) + 6 <= width and all(len(line) <= width for line in lines)
    for line in lines:
        assert not re.search(r"\[[A-Z]\]\s*·?$", line), line  # a letter left without its card
    for line in lines[1:]:
        assert re.match(r" {4}\[[A-Z]\] \S", line), line
    assert "VRA" not in text and "Voting Rights Act" in text


async def test_a_discard_that_fed_the_next_player_shows_its_hindsight_at_80_by_24(
    samples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "ai.civio.review.HardSearch", lambda: HardSearch(SearchBudget(iterations=16))
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rounds = await open_rounds(pilot, "Rounds won")
        rounds.query_one(NavList).highlighted = 0  # round 1: Easy 1 could take a discard
        await pilot.press("enter")
        await wait_for_screen(pilot, ReplayScreen)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("v")
        for _ in range(400):
            await pilot.pause(0.02)
            if replay.review is not None:
                break
        assert replay.review is not None
        fed = next(d for d in replay.review.decisions if d.danger is not None)
        replay.action_jump(fed.position + 1)
        await pilot.pause()
        shown = " ".join(text(pilot, "#replay-review").split())
        assert f"⚠ {fed.danger}" in shown and fed.why in shown
        box = replay.query_one("#replay-review", Static)
        shown_content = box.render()
        assert isinstance(shown_content, Content)
        needed = len(shown_content.wrap(box.content_region.width))
        assert box.content_region.height >= needed  # nothing cut off at 80×24
