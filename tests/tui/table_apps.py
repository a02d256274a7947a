"""Two players' apps at one networked table: each app its own save folder, both over one
class's table file; the helpers open, join and start a table from the apps' own screens."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from textual._context import active_app, active_message_pump
from textual.app import App
from textual.pilot import Pilot

from civio_tui.app import CivioApp
from civio_tui.screens.game_screen import GameScreen
from civio_tui.screens.remote_seat import RemoteSeat
from civio_tui.screens.tables import JoinTableScreen, OpenTableScreen, TablesScreen
from civio_tui.settings import Settings
from civio_tui.tables import ops
from civio_tui.tables.store import TableStore
from civio_tui.widgets.choice_form import ChoiceForm
from civio_tui.widgets.lists import NavList

T = TypeVar("T")
GAMES_ON_THE_FORM = ("civio", "easy-play", "concentration")
"""The Open-a-table form's games, in its order (→ moves one along)."""


def table_app(root: Path, saves: Path, name: str) -> CivioApp:
    settings = Settings.model_validate({"ai_speed": "instant", "new_game": {"player_name": name}})
    return CivioApp(settings=settings, save_dir=str(saves), table_root=root)


def two_players(tmp_path: Path) -> tuple[CivioApp, CivioApp, TableStore]:
    """Ana's and Ben's apps, each with its own save folder, over one class's table file."""
    root = tmp_path / "class"
    ana = table_app(root, tmp_path / "ana", "Ana")
    ben = table_app(root, tmp_path / "ben", "Ben")
    return ana, ben, TableStore.in_root(root)


async def choose(pilot: Pilot[int], option_id: str) -> None:
    menu = pilot.app.screen.query_one(NavList)
    menu.highlighted = menu.get_option_index(option_id)
    await pilot.press("enter")
    await pilot.pause()


async def wait_for(pilot: Pilot[int], kind: type, limit: int = 200) -> None:
    """Until a screen of `kind` is on top and mounted (its panes composed, so it can be read)."""
    for _ in range(limit):
        screen = pilot.app.screen
        if isinstance(screen, kind) and screen.is_mounted:
            return
        await pilot.pause(0.02)
    raise AssertionError(f"{kind.__name__} did not open; on {pilot.app.screen_stack}")


async def seat_two_apps(
    pa: Pilot[int], pb: Pilot[int], store: TableStore, game: str, kind: type
) -> ops.Table:
    """Ana opens a 3-seat table of `game` from Tables, Ben joins it by its code (after a wrong
    one), Ana starts it (a computer takes seat 3): both apps are at the table (`kind`)."""
    ana, ben = pa.app, pb.app
    # Each app's screens are opened by its own keys (a screen pushed from the test's own task
    # would belong to the app started last).
    for pilot in (pa, pb):
        await pilot.pause()
        await choose(pilot, "tables")
        assert isinstance(pilot.app.screen, TablesScreen)
    await choose(pa, "open")
    assert isinstance(ana.screen, OpenTableScreen)
    for _ in range(GAMES_ON_THE_FORM.index(game)):
        await pa.press("right")  # the game row: its seats, lengths and levels follow
    form = ana.screen.query_one(ChoiceForm)
    assert form.row("game").value == game
    form.row("seats").select("3")
    form.move_to("start")
    await pa.press("enter")
    await pa.pause()
    assert isinstance(ana.screen, TablesScreen)
    (table,) = ops.list_tables(store)
    assert table.row.seats == 3 and table.row.host == "Ana" and table.row.game == game
    # The new table is highlighted: the host's next Enter starts it.
    menu = ana.screen.query_one(NavList)
    assert menu.highlighted is not None
    assert menu.get_option_at_index(menu.highlighted).id == f"table:{table.code}"

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
    # His table is highlighted (Enter there waits for it, not another form), and the line
    # saying he sat down is news, not a refusal.
    menu = ben.screen.query_one(NavList)
    assert menu.highlighted is not None
    assert menu.get_option_at_index(menu.highlighted).id == f"table:{table.code}"
    assert ben.screen.query_one("#tables-problem").has_class("-news")

    await choose(pa, f"table:{table.code}")  # the host starts: a computer takes seat 3
    await wait_for(pa, kind)
    await wait_for(pb, kind)  # Ben's list opens the table once it starts
    return ops.read_table(store, table.code)


@asynccontextmanager
async def at_one_table(
    players: tuple[CivioApp, CivioApp, TableStore],
    game: str,
    kind: type,
    *,
    notifications: bool = False,
) -> AsyncIterator[tuple[Pilot[int], Pilot[int], ops.Table]]:
    """Ana's and Ben's apps running, both seated at one started table (`seat_two_apps`);
    with `notifications`, their notices pop up as they do in a terminal."""
    ana, ben, store = players
    size = (80, 24)
    async with (
        ana.run_test(size=size, notifications=notifications) as pa,
        ben.run_test(size=size, notifications=notifications) as pb,
    ):
        yield pa, pb, await seat_two_apps(pa, pb, store, game, kind)


def as_the_app(app: App[Any], move: Callable[[], T]) -> T:
    """Make a move as in the app's own task: there, `screen.app` is this app (from the test's
    task it would be the app started last), and a screen pushed by the move answers to this
    app's screen (its result callback runs in this app, not in the other one)."""
    app_token = active_app.set(app)
    pump_token = active_message_pump.set(app.screen)
    try:
        return move()
    finally:
        active_message_pump.reset(pump_token)
        active_app.reset(app_token)


async def play_whole_game(
    pa: Pilot[int],
    pb: Pilot[int],
    store: TableStore,
    code: str,
    my_move: Callable[[App[Any], random.Random], bool],
    check: Callable[[App[Any]], object],
    *,
    moves: int | None = None,
) -> int:
    """Each app's person makes `my_move` (True when they moved) whenever it is their turn,
    `check` looking at both screens after every step, until the table's game ends (or `moves`
    moves are made); the moves made."""
    rngs = {pa.app: random.Random(1), pb.app: random.Random(2)}
    made = 0
    for _ in range(5000):
        for app in (pa.app, pb.app):
            check(app)
            made += as_the_app(app, partial(my_move, app, rngs[app]))
        await pa.pause(0.01)
        await pb.pause()
        if (moves is not None and made >= moves) or ops.read_table(store, code).state == ops.ENDED:
            return made
    raise AssertionError("the table did not get on")


def seat_screen(app: App[Any]) -> RemoteSeat:
    screen = app.screen
    assert isinstance(screen, RemoteSeat) and isinstance(screen, GameScreen)
    return screen
