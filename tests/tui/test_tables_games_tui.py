"""Easy Play and Concentration at a networked table in the app: two players, each in their own
app with their own save folder, open, join and start a table with one computer and play its
whole game; each screen only ever shows its own seat's view, the others' moves reach it as they
happen, the round's end says what happens next at the table, and each player's own games hold
the table's game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_apps import (
    at_one_table,
    choose,
    play_whole_game,
    seat_screen,
    two_players,
    wait_for,
)
from textual.app import App
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from ai.concentration.levels import LEVELS as CONCENTRATION_LEVELS
from ai.easy_play.levels import LEVELS as EASY_LEVELS
from cards.games.concentration.game import Concentration
from cards.games.easy_play.round import EasyPlay
from civio_tui.app import CivioApp
from civio_tui.campaigns.table_record import record_name
from civio_tui.easy_play_save import list_easy_games
from civio_tui.records import RecordsFile
from civio_tui.screens.concentration.remote import RemoteConcentrationScreen
from civio_tui.screens.concentration.screen import short_name
from civio_tui.screens.easy_play.remote import RemoteEasyPlayScreen
from civio_tui.screens.easy_play.standings import EasyStandingsScreen
from civio_tui.screens.tables import OpenTableScreen, TablesScreen
from civio_tui.tables import ops
from civio_tui.tables.store import TableStore
from civio_tui.widgets.choice_form import ChoiceForm
from civio_tui.widgets.lists import NavList

Players = tuple[CivioApp, CivioApp, TableStore]


@pytest.fixture
def players(tmp_path: Path) -> Players:
    return two_players(tmp_path)


def screen_text(app: App[Any]) -> str:
    """Everything the app's screen draws in words: its panes and its lists."""
    screen = app.screen
    parts = [str(w.render()) for w in screen.query(Static)]
    for menu in screen.query(NavList):
        parts += [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
    return "\n".join(parts)


def reads_none_of(app: App[Any], hidden: set[str], seen: set[str]) -> None:
    """The app's screen holds none of the `hidden` card names (one held inside a name the seat
    sees is not tested: it may be read there)."""
    text = screen_text(app)
    for name in hidden:
        if not any(name in s for s in seen):
            assert name not in text, f"{app.screen} shows {name}, which its seat may not know"


def computer_choice(game: Any, seat: int, level: str, rng: random.Random) -> Any:
    """What the game's computer of `level` would do in `seat`'s place now."""
    assert game.decision is not None
    levels = CONCENTRATION_LEVELS if isinstance(game, Concentration) else EASY_LEVELS
    return levels.player(level, game.deck).choose(game.view(seat), game.decision, rng)


# -- Easy Play ---------------------------------------------------------------------------------


def easy_view_only(app: App[Any]) -> None:
    """The app's Easy Play table shows its own seat: no card another seat holds unseen."""
    screen = app.screen
    if not isinstance(screen, RemoteEasyPlayScreen):
        return
    game: EasyPlay = screen.tab.session.engine
    seat = screen.tab.seat
    assert screen.viewer == seat
    if game.is_over:
        return  # the hands are shown to all once the round is over
    view = game.view(seat)
    known = set(view.hand) | set(view.discard_pile) | {c for p in view.laid for a in p for c in a}
    known |= {c for cards in view.known_in_hand for c in cards}
    if view.drawn is not None:
        known.add(view.drawn)
    hidden = {c for s in range(game.seats) if s != seat for c in game.hands[s]} - known
    deck = game.deck
    reads_none_of(app, {deck[c].name for c in hidden}, {deck[c].name for c in known})


def easy_move(app: App[Any], rng: random.Random) -> bool:
    screen = app.screen
    if not isinstance(screen, RemoteEasyPlayScreen) or not screen.my_turn():
        return False
    return screen.play(computer_choice(screen.game, screen.tab.seat, "medium", rng))


@pytest.mark.slow  # a whole game through the screens: -m slow
async def test_two_apps_play_a_whole_easy_play_game_at_one_table(players: Players) -> None:
    ana, ben, store = players
    async with at_one_table(players, "easy-play", RemoteEasyPlayScreen) as (pa, pb, table):
        # The others' moves reach each screen: Ben, second to play, sees Ana's first moves.
        await play_whole_game(pa, pb, store, table.code, easy_move, easy_view_only)
        assert ops.read_table(store, table.code).state == ops.ENDED
        for pilot in (pa, pb):
            await wait_for(pilot, EasyStandingsScreen)
            foot = str(pilot.app.screen.query_one("#es-foot", Static).render())
            assert "Enter: back to Tables" in foot and "menu" not in foot
            await pilot.press("enter")
            await wait_for(pilot, TablesScreen, limit=1000)  # its poll stops first
    # Each person's own folder holds the table's game, as the table played it.
    match = ops.replay(
        ops.read_table(store, table.code), [a.action for a in _log(store, table.code)]
    )
    for app in (ana, ben):
        (summary,) = list_easy_games(app.save_dir, app.deck)
        assert summary.name == record_name(table.code) and summary.saved is not None
        assert summary.saved.finished and summary.saved.names[:2] == ["Ana", "Ben"]
        assert summary.saved.game.totals == match.totals


def _log(store: TableStore, code: str) -> list[Any]:
    with store.read() as tx:
        return tx.actions(code)


# -- Concentration -----------------------------------------------------------------------------


def grid_view_only(app: App[Any]) -> None:
    """The app's grid shows no card that was never turned up."""
    screen = app.screen
    if not isinstance(screen, RemoteConcentrationScreen):
        return
    game: Concentration = screen.tab.session.engine
    seen = {p for p, _ in game.view(screen.tab.seat).seen}
    never = {short_name(game.deck[game.grid[p]]) for p in range(len(game.grid)) if p not in seen}
    shown = {short_name(game.deck[game.grid[p]]) for p in seen}
    reads_none_of(app, never, shown)


def concentration_move(app: App[Any], rng: random.Random) -> bool:
    screen = app.screen
    if not isinstance(screen, RemoteConcentrationScreen) or not screen.human_to_move():
        return False
    screen.turn(computer_choice(screen.game, screen.tab.seat, "hard", rng).position)
    return True


@pytest.mark.slow  # a whole game through the screens: -m slow
async def test_two_apps_play_a_whole_concentration_game_at_one_table(players: Players) -> None:
    ana, ben, store = players
    async with at_one_table(players, "concentration", RemoteConcentrationScreen) as (
        pa,
        pb,
        table,
    ):
        await play_whole_game(pa, pb, store, table.code, concentration_move, grid_view_only)
        final = ops.read_table(store, table.code)
        assert final.state == ops.ENDED
        for pilot in (pa, pb):
            screen = seat_screen(pilot.app)
            for _ in range(200):  # the last cards reach the other seat by its poll
                if screen.tab.live.log_length == final.log_length:
                    break
                await pilot.pause(0.02)
            await pilot.pause()
            status = str(screen.query_one("#cc-status", Static).render())
            assert "! Esc: back to Tables" in status
            assert "play again" not in status
    scores = [sum(e.result.scores[s] for e in screen.tab.live.match.engines) for s in range(3)]
    for app in (ana, ben):
        kept = RecordsFile(app.save_dir).records.concentration.tables[table.code]
        assert kept.players[:2] == ["Ana", "Ben"] and kept.scores == scores
        assert sum(kept.scores) == 10


# -- the Open-a-table form ---------------------------------------------------------------------


async def open_form(pilot: Any) -> OpenTableScreen:
    await choose(pilot, "tables")
    await choose(pilot, "open")
    screen = pilot.app.screen
    assert isinstance(screen, OpenTableScreen)
    return screen


def form_problem(screen: OpenTableScreen) -> str:
    return str(screen.query_one("#table-form-problem", Static).render())


async def test_the_open_a_table_form_offers_what_each_game_allows(players: Players) -> None:
    ana, _, _ = players
    async with ana.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        form = screen.query_one(ChoiceForm)
        lengths = [label for _, label in form.row("length").choices]
        assert form.row("game").value == "civio" and form.row("rules").visible
        assert "1 round" in lengths and "to Judge" in lengths
        for key, label in form.row("length").choices:  # each whole at 80 columns
            form.row("length").select(key)
            assert f"‹ {label} ›" in form.render().plain
        form.row("length").select("rounds:1")
        # The footer names Enter as the form's line does, beside Help and Quit.
        await pilot.pause()
        footer = [(k.key_display, k.description) for k in screen.query(FooterKey) if k.display]
        assert footer[0] == ("⏎", "Open the table")
        assert footer[-2:] == [("^q", "Quit"), ("?", "Help")]
        assert "Enter: open the table" in str(screen.query_one("#table-form-help", Static).render())
        assert form.row("away").value == "2"  # minutes: the default two
        assert form.row("computer").value == "medium"
        await pilot.press("right", "right")  # Concentration: pairs, no ranks, no rule versions
        assert form.row("game").value == "concentration"
        assert not form.row("rules").visible
        assert all(key.startswith("rounds:") for key, _ in form.row("length").choices)
        assert [key for key, _ in form.row("seats").choices] == ["2", "3", "4"]
        assert form.row("computer").value in {lv for lv, _ in form.row("computer").choices}


async def test_the_open_a_table_form_says_what_is_wrong_and_opens_nothing(
    players: Players,
) -> None:
    ana, _, store = players
    async with ana.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        form = screen.query_one(ChoiceForm)
        form.move_to("away")
        await pilot.press("backspace")
        await pilot.press("enter")
        assert "Type the minutes a seat may be empty" in form_problem(screen)
        await pilot.press("4", "5", "enter")
        assert "1 to 30 minutes, not 45" in form_problem(screen)
        assert ops.list_tables(store) == [] and ana.screen is screen
        await pilot.press("backspace", "backspace", "5")
        form.row("length").select("target:Judge")
        form.row("seats").select("4")
        await pilot.press("enter")
        await pilot.pause()
        (table,) = ops.list_tables(store)
        assert table.row.absent_after == 300 and table.row.options["target"] == "Judge"
        assert table.row.seats == 4 and table.row.options["rounds"] is None
