"""Tables in the app: two players, each in their own app with their own save folder, sit at one
table of the class's table file (opened from the main menu's Tables, joined by code), and play
a whole CIVIO round with one computer; each screen only ever shows its own seat's cards."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual._context import active_app
from textual.app import App
from textual.pilot import Pilot

from ai import get_player
from civio_tui.app import CivioApp
from civio_tui.campaigns.catalogue import open_campaign
from civio_tui.campaigns.table_record import record_name
from civio_tui.screens.civio.remote_table import RemoteTableScreen
from civio_tui.screens.confirm import ConfirmScreen
from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.screens.tables import JoinTableScreen, OpenTableScreen, TablesScreen
from civio_tui.settings import Settings
from civio_tui.tables import ops
from civio_tui.tables.store import TableStore
from civio_tui.widgets.choice_form import ChoiceForm
from civio_tui.widgets.hand import HandPane
from civio_tui.widgets.lists import NavList


def table_app(root: Path, saves: Path, name: str) -> CivioApp:
    settings = Settings.model_validate({"ai_speed": "instant", "new_game": {"player_name": name}})
    return CivioApp(settings=settings, save_dir=str(saves), table_root=root)


async def choose(pilot: Pilot[int], option_id: str) -> None:
    menu = pilot.app.screen.query_one(NavList)
    ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
    menu.highlighted = ids.index(option_id)
    await pilot.press("enter")
    await pilot.pause()


async def wait_for(pilot: Pilot[int], kind: type, limit: int = 200) -> None:
    """Until a screen of `kind` is on top and mounted (its panes composed, so it can be read)."""
    for _ in range(limit):
        screen = pilot.app.screen
        if isinstance(screen, kind) and screen.is_mounted:
            return
        await pilot.pause(0.02)
    raise AssertionError(f"{kind.__name__} did not open; on {pilot.app.screen}")


def test_tables_is_on_the_main_menu_only_where_a_class_keeps_tables(tmp_path: Path) -> None:
    with_root = table_app(tmp_path, tmp_path / "a", "Ana")
    without = CivioApp(settings=Settings(), save_dir=str(tmp_path / "b"))
    screen = MainMenuScreen()
    screen.learn_first = False
    keys: dict[CivioApp, list[str]] = {app: [] for app in (with_root, without)}
    for app in keys:
        screen.app = app
        keys[app] = [key for key, _ in screen.entries()]
    assert keys[with_root][-2:] == ["tables", "quit"]
    assert "tables" not in keys[without]
    # The numbered entries are the same with Tables or without it.
    assert keys[with_root][:9] == keys[without][:9]


async def seat_two_apps(pa: Pilot[int], pb: Pilot[int], store: TableStore) -> ops.Table:
    """Ana opens a 3-seat table from Tables, Ben joins it by its code (after a wrong one), Ana
    starts it (a computer takes seat 3): both apps are at the table."""
    ana, ben = pa.app, pb.app
    # Each app's screens are opened by its own keys (a screen pushed from the test's own task
    # would belong to the app started last).
    for pilot in (pa, pb):
        await pilot.pause()
        await choose(pilot, "tables")
        assert isinstance(pilot.app.screen, TablesScreen)
    await choose(pa, "open")
    assert isinstance(ana.screen, OpenTableScreen)
    form = ana.screen.query_one(ChoiceForm)
    form.row("seats").select("3")
    form.move_to("start")
    await pa.press("enter")
    await pa.pause()
    assert isinstance(ana.screen, TablesScreen)
    (table,) = ops.list_tables(store)
    assert table.row.seats == 3 and table.row.host == "Ana"

    await choose(pb, "join")
    assert isinstance(ben.screen, JoinTableScreen)
    await pb.press("Z", "Z", "Z", "Z", "enter")  # not a code: the store's words, no seat
    await pb.pause()
    assert "not a table code" in str(ben.screen.query_one("#table-form-problem").render())
    for _ in range(4):
        await pb.press("backspace")
    await pb.press(*table.code.lower(), "enter")
    await pb.pause()
    assert isinstance(ben.screen, TablesScreen)
    assert ops.read_table(store, table.code).seat_of("Ben") == 1

    await choose(pa, f"table:{table.code}")  # the host starts: a computer takes seat 3
    await wait_for(pa, RemoteTableScreen)
    await wait_for(pb, RemoteTableScreen)  # Ben's list opens the table once it starts
    return ops.read_table(store, table.code)


@asynccontextmanager
async def at_one_table(
    two_players: tuple[CivioApp, CivioApp, TableStore],
) -> AsyncIterator[tuple[Pilot[int], Pilot[int], ops.Table]]:
    """Ana's and Ben's apps running, both seated at one started table (`seat_two_apps`)."""
    ana, ben, store = two_players
    async with ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb:
        yield pa, pb, await seat_two_apps(pa, pb, store)


def own_seat_only(app: App[Any]) -> RemoteTableScreen:
    """The app's table screen, after checking it draws its own seat's cards and nobody else's."""
    screen = app.screen
    assert isinstance(screen, RemoteTableScreen)
    seat = screen.tab.seat
    assert screen.controller.viewer == seat
    assert screen.controller.view().seat == seat
    hand = screen.query_one(HandPane)
    assert sorted(hand.arrangement.cards) == sorted(screen.controller.rnd.hand(seat))
    return screen


async def play_moves(
    pa: Pilot[int], pb: Pilot[int], store: TableStore, code: str, moves: int
) -> int:
    """Each app's person plays (a random legal move) whenever it is their turn, until `moves`
    person's moves are made or the game ends; the moves made."""
    rngs = {pa.app: random.Random(1), pb.app: random.Random(2)}
    player = get_player("random")
    made = 0
    for _ in range(5000):
        for app in (pa.app, pb.app):
            screen = own_seat_only(app)
            ctl = screen.controller
            if ctl.rnd.is_over or screen.question is None or not ctl.viewer_to_move():
                continue
            seat = screen.tab.seat
            action = player.choose(ctl.rnd.view(seat), ctl.rnd.decision, rngs[app])
            # The move is made as in the app's own task: there, `screen.app` is this app (from
            # the test's task it would be the app started last).
            token = active_app.set(app)
            try:
                screen.apply_action(action)
            finally:
                active_app.reset(token)
            made += 1
        await pa.pause(0.01)
        await pb.pause()
        if made >= moves or ops.read_table(store, code).state == ops.ENDED:
            return made
    raise AssertionError("the table did not get on")


@pytest.fixture
def two_players(tmp_path: Path) -> tuple[CivioApp, CivioApp, TableStore]:
    """Ana's and Ben's apps, each with its own save folder, over one class's table file."""
    root = tmp_path / "class"
    ana = table_app(root, tmp_path / "ana", "Ana")
    ben = table_app(root, tmp_path / "ben", "Ben")
    return ana, ben, TableStore.in_root(root)


async def test_two_apps_open_join_and_start_a_table_and_see_each_others_moves(
    two_players: tuple[CivioApp, CivioApp, TableStore],
) -> None:
    ana, ben, store = two_players
    async with at_one_table(two_players) as (pa, pb, table):
        assert await play_moves(pa, pb, store, table.code, 4) == 4
        # Every seat's copy catches up with the log: the others' moves reach each screen.
        length = ops.read_table(store, table.code).log_length
        for _ in range(100):
            tabs = [own_seat_only(app).tab for app in (ana, ben)]
            if all(t.live.log_length == length for t in tabs):
                break
            await pa.pause(0.02)
            length = ops.read_table(store, table.code).log_length
        assert [t.live.log_length for t in tabs] == [length, length]


async def settle_round_end(pilot: Pilot[int]) -> None:
    """Wait until the app's table has taken in the end of the round."""
    for _ in range(200):
        screen = pilot.app.screen
        if not isinstance(screen, RemoteTableScreen) or screen.round_done_shown:
            return
        await pilot.pause(0.02)
    raise AssertionError("the round's end did not reach the table")


async def test_leaving_a_table_asks_hands_the_seat_to_the_computer_and_returning_gives_it_back(
    two_players: tuple[CivioApp, CivioApp, TableStore],
) -> None:
    _, ben, store = two_players
    async with at_one_table(two_players) as (_, pb, table):
        await pb.press("escape")
        await pb.pause()
        assert isinstance(ben.screen, ConfirmScreen)
        await pb.press("y")
        await wait_for(pb, TablesScreen)
        seat = ops.read_table(store, table.code).seats[1]
        assert seat.stand_in and seat.left_on_purpose
        # The table Ben left is offered first, and Enter sits him down at his own seat again.
        menu = ben.screen.query_one(NavList)
        assert menu.get_option_at_index(0).id == f"table:{table.code}"
        menu.highlighted = 0
        await pb.press("enter")
        await wait_for(pb, RemoteTableScreen)
        for _ in range(100):
            if not ops.read_table(store, table.code).seats[1].stand_in:
                break
            await pb.pause(0.02)
        assert not ops.read_table(store, table.code).seats[1].stand_in
        assert own_seat_only(ben).tab.seat == 1


@pytest.mark.slow
async def test_two_apps_play_a_whole_round_at_one_table(
    two_players: tuple[CivioApp, CivioApp, TableStore],
) -> None:
    ana, ben, store = two_players
    async with at_one_table(two_players) as (pa, pb, table):
        await play_moves(pa, pb, store, table.code, 10_000)
        assert ops.read_table(store, table.code).state == ops.ENDED
        for pilot in (pa, pb):
            await settle_round_end(pilot)
    # Each person's own save folder holds the round, replayable, as the table played it.
    match = None
    for app in (ana, ben):
        session = open_campaign(record_name(table.code), save_dir=app.save_dir)
        (record,) = session.campaign.history
        assert record.replayable
        assert [p.name for p in session.campaign.players][:2] == ["Ana", "Ben"]
        assert session.campaign.finished
        match = match or record
        assert record == match
