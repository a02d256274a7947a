"""Tables in the app: two players, each in their own app with their own save folder, sit at one
table of the class's table file (opened from the main menu's Tables, joined by code), and play
a whole CIVIO round with one computer; each screen only ever shows its own seat's cards."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from table_apps import as_the_app, table_app, wait_for
from table_apps import at_one_table as at_a_table
from table_apps import two_players as apps_of_two
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static
from textual.widgets._toast import Toast

from ai import get_player
from civio_tui.app import CivioApp
from civio_tui.campaigns.catalogue import open_campaign
from civio_tui.campaigns.table_record import record_name
from civio_tui.screens.civio.remote_table import RemoteTableScreen
from civio_tui.screens.civio.round_end import RoundEndScreen
from civio_tui.screens.confirm import ConfirmScreen
from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.screens.tables import TablesScreen
from civio_tui.session.remote import TableTab
from civio_tui.settings import Settings
from civio_tui.tables import ops
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import TableStore
from civio_tui.widgets.hand import HandPane
from civio_tui.widgets.lists import NavList
from civio_tui.widgets.log_pane import LogPane
from tests.tui.conftest import wait_until


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


async def test_t_opens_tables_from_the_main_menu_and_the_menu_says_so(tmp_path: Path) -> None:
    app = table_app(tmp_path, tmp_path / "a", "Ana")
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(NavList)
        shown = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert shown[-2:] == ["t  Tables", "   Quit"]
        assert "t: Tables" in str(app.screen.query_one("#menu-note", Static).render())
        await pilot.press("t")
        await wait_for(pilot, TablesScreen)
        note = str(app.screen.query_one("#tables-note", Static).render())
        assert note.startswith("No table is open yet: open one and read its code aloud")
    # The note spells the keys the player has bound.
    remapped = Settings(keymap={"app.help": "f2"})
    without = CivioApp(settings=remapped, save_dir=str(tmp_path / "b"))
    async with without.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        note = str(without.screen.query_one("#menu-note", Static).render())
        assert "Tables" not in note
        assert note.endswith("Enter to choose · F2 for help")
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(without.screen, MainMenuScreen)


async def test_tables_says_why_the_table_file_is_unusable_and_opens_it_once_it_is(
    tmp_path: Path,
) -> None:
    file = tmp_path / "class" / "tables.sqlite3"
    file.parent.mkdir()
    file.write_bytes(b"not a database\n" * 100)
    app = table_app(tmp_path / "class", tmp_path / "a", "Ana")
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await wait_for(pilot, TablesScreen)
        problem = app.screen.query_one("#tables-problem", Static)
        assert "not an SQLite database" in str(problem.render())
        file.unlink()  # the teacher moves the damaged file away
        menu = app.screen.query_one(NavList)
        for _ in range(200):  # the list is read again every second
            if menu.option_count:
                break
            await pilot.pause(0.05)
        assert [menu.get_option_at_index(i).id for i in range(menu.option_count)] == [
            "open",
            "join",
        ]
        assert str(problem.render()) == ""


@asynccontextmanager
async def at_one_table(
    players: tuple[CivioApp, CivioApp, TableStore],
) -> AsyncIterator[tuple[Pilot[int], Pilot[int], ops.Table]]:
    """Ana's and Ben's apps running, both seated at one started CIVIO table."""
    async with at_a_table(players, "civio", RemoteTableScreen) as seated:
        yield seated


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
            action = player.choose(ctl.rnd.view(seat), ctl.viewer_decision(), rngs[app])
            as_the_app(app, partial(screen.apply_action, action))
            made += 1
        await pa.pause(0.01)
        await pb.pause()
        if made >= moves or ops.read_table(store, code).state == ops.ENDED:
            return made
    raise AssertionError("the table did not get on")


@pytest.fixture
def two_players(tmp_path: Path) -> tuple[CivioApp, CivioApp, TableStore]:
    return apps_of_two(tmp_path)


async def test_two_apps_open_join_and_start_a_table_and_see_each_others_moves(
    two_players: tuple[CivioApp, CivioApp, TableStore],
) -> None:
    ana, ben, store = two_players
    async with at_one_table(two_players) as (pa, pb, table):
        # A table just started begins its round; nothing is "resumed".
        said = [n.message for app in (ana, ben) for n in app._notifications]
        assert not any("resumed" in line for line in said), said
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


async def test_at_80x24_a_table_is_laid_out_as_ones_own_and_its_notices_leave_the_question_clear(
    two_players: tuple[CivioApp, CivioApp, TableStore],
) -> None:
    async with at_a_table(two_players, "civio", RemoteTableScreen, notifications=True) as seated:
        screens = [own_seat_only(pilot.app) for pilot in seated[:2]]
        looked: set[int] = set()

        def look_at_the_notices_up() -> bool:
            # Each seat's notice lasts 3 s, and on a busy machine the two need not be up at
            # the same time: each is looked at while it is up.
            for n, screen in enumerate(screens):
                if n in looked or not screen.query(Toast):
                    continue
                looked.add(n)
                assert not screen.query_one("#pile").display  # the top discard: the log's title
                toast = screen.query_one(Toast)
                assert "round 1 begins" in str(toast.render())
                assert toast.region.overlaps(screen.query_one("#opponents-box").region)
                for pane in ("#question-box", "#hand-box"):  # the keys and cards to choose
                    assert not toast.region.overlaps(screen.query_one(pane).region), pane
            return len(looked) == len(screens)

        await wait_until(seated[0], look_at_the_notices_up, 2000)


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
    ana, ben, store = two_players
    async with at_one_table(two_players) as (pa, pb, table):
        await pb.press("escape")
        await pb.pause()
        assert isinstance(ben.screen, ConfirmScreen)
        await pb.press("y")
        await wait_for(pb, TablesScreen)
        seat = ops.read_table(store, table.code).seats[1]
        assert seat.stand_in and seat.left_on_purpose
        # Ana's table names him as the others' lists do while the computer plays for him.
        await wait_until(pa, lambda: own_seat_only(ana).controller.names[1] != "Ben", 2000)
        assert own_seat_only(ana).controller.names[1] == "Ben (computer: medium, left)"
        # The list, read again, leaves him there: the seat stays the computer's until he
        # chooses his table again.
        as_the_app(ben, ben.screen.reload)
        assert isinstance(ben.screen, TablesScreen)
        assert ops.read_table(store, table.code).seats[1].stand_in
        # The table Ben left is offered first and highlighted: Enter sits him down at his own
        # seat again.
        menu = ben.screen.query_one(NavList)
        assert menu.get_option_at_index(0).id == f"table:{table.code}"
        assert menu.highlighted == 0
        await pb.press("enter")
        await wait_for(pb, RemoteTableScreen)
        for _ in range(100):
            if not ops.read_table(store, table.code).seats[1].stand_in:
                break
            await pb.pause(0.02)
        assert not ops.read_table(store, table.code).seats[1].stand_in
        assert own_seat_only(ben).tab.seat == 1
        await wait_until(pa, lambda: own_seat_only(ana).controller.names[1] == "Ben", 2000)
        assert own_seat_only(ana).controller.levels[1] == "human"


async def test_the_tables_list_under_a_table_is_read_again_only_once_it_shows(
    two_players: tuple[CivioApp, CivioApp, TableStore],
) -> None:
    _, ben, store = two_players
    async with at_one_table(two_players) as (_, pb, table):
        (listed,) = [s for s in ben.screen_stack if isinstance(s, TablesScreen)]
        other = ops.open_table(store, "Cy", "civio", 2, now=time.time())
        # Its second's reading while the table covers it reads nothing (what it read would
        # repaint the whole table screen above it).
        as_the_app(ben, listed.reread)
        assert other.code not in [t.code for t in listed.tables]
        await pb.press("escape")
        await pb.pause()
        await pb.press("y")
        await wait_for(pb, TablesScreen)
        assert other.code in [t.code for t in listed.tables]
        as_the_app(ben, listed.reread)
        assert table.code in [t.code for t in listed.tables]


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
            # The round's end says what happens at the table, not "main menu".
            await wait_for(pilot, RoundEndScreen)
            keys = str(pilot.app.screen.query_one("#round-keys", Static).render())
            assert keys.startswith("The game at this table is over. Enter: the final table")
            assert keys.endswith("Esc: back to Tables") and "main menu" not in keys
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


async def test_the_main_menu_offers_a_table_in_play_where_the_player_has_a_seat(
    tmp_path: Path,
) -> None:
    ana, ben, store = apps_of_two(tmp_path)
    table = ops.open_table(store, "Ana", "civio", 2, now=time.time(), seed=5)
    ops.join(store, table.code, "Ben", now=time.time())
    async with ben.run_test() as pilot:  # an open table, not yet started: nothing to go back to
        await wait_for(pilot, MainMenuScreen)
        assert "Your seat" not in str(ben.screen.query_one("#menu-note", Static).render())
    ops.start(store, table.code, "Ana", now=time.time())
    for app in (ana, ben):
        app = table_app(tmp_path / "class", Path(app.save_dir), app.table_name)
        async with app.run_test() as pilot:
            await wait_for(pilot, MainMenuScreen)
            note = str(app.screen.query_one("#menu-note", Static).render())
            assert f"Your seat at table {table.code} (CIVIO) is waiting" in note
            await pilot.press("enter")  # Tables is highlighted; its first line is the table
            await wait_for(pilot, TablesScreen)
            menu = app.screen.query_one(NavList)
            assert menu.get_option_at_index(0).id == f"table:{table.code}"


def ana_and_a_computer(root: Path) -> tuple[TableStore, str]:
    """A started one-round CIVIO table of Ana and a computer; the class's table file and the
    table's code."""
    store = TableStore.in_root(root)
    code = ops.open_table(store, "Ana", "civio", 2, {"rounds": 1}, now=0, seed=3).code
    ops.start(store, code, "Ana", now=0)
    return store, code


async def test_a_tables_round_end_shows_the_rating_change_from_the_players_own_record(
    tmp_path: Path,
) -> None:
    from civio_tui.ratings import UNSURE, rating_history
    from civio_tui.screens.remote_seat import open_table

    root = tmp_path / "class"
    store, code = ana_and_a_computer(root)
    app = table_app(root, tmp_path / "ana", "Ana")
    rng, player = random.Random(1), get_player("random")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert as_the_app(app, partial(open_table, app, code)) is None
        await wait_for(pilot, RemoteTableScreen)
        for _ in range(5000):  # Ana plays her seat, the computer its own, to the round's end
            screen = app.screen
            if not isinstance(screen, RemoteTableScreen) or screen.round_done_shown:
                break
            ctl = screen.controller
            if screen.question is not None and ctl.viewer_to_move():
                action = player.choose(ctl.rnd.view(0), ctl.viewer_decision(), rng)
                as_the_app(app, partial(screen.apply_action, action))
            await pilot.pause(0.01)
        await wait_for(pilot, RoundEndScreen)
        rating = app.screen.query_one("#round-rating", Static)
        for _ in range(200):  # the rating is read in a worker (the table's poll runs on)
            if rating.display:
                break
            await pilot.pause(0.02)
        # The round is in Ana's own record, and its end says what it did to her rating.
        history = rating_history(tmp_path / "ana")
        assert [g.round for g in history.games] == [(record_name(code), 1)]
        assert rating.display
        # A first round's rating is provisional: its "?" is said in words.
        said = f"Ana's rating: {history.change_text()} this round ({UNSURE})"
        assert str(rating.render()) == said
        assert "r: replay it" in str(app.screen.query_one("#round-keys", Static).render())
    store.close()


async def test_a_table_whose_game_ended_while_away_is_kept_when_its_player_comes_back(
    tmp_path: Path,
) -> None:
    from civio_tui.screens.civio.game_over import GameOverScreen
    from civio_tui.screens.remote_seat import open_table

    root = tmp_path / "class"
    store, code = ana_and_a_computer(root)
    ops.leave(store, code, "Ana", now=1.0)
    LiveTable(store, code).drive("test", now=2.0)  # the computer plays Ana's seat to the end
    assert ops.read_table(store, code).state == ops.ENDED
    app = table_app(root, tmp_path / "ana", "Ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert as_the_app(app, partial(open_table, app, code)) is None
        await wait_for(pilot, GameOverScreen)
    (record,) = open_campaign(record_name(code), save_dir=tmp_path / "ana").campaign.history
    assert record.replayable
    store.close()


def ana_and_ben(root: Path) -> tuple[TableStore, str]:
    """A started one-round CIVIO table of Ana and Ben; the class's table file and its code."""
    store = TableStore.in_root(root)
    code = ops.open_table(store, "Ana", "civio", 2, {"rounds": 1}, now=time.time(), seed=3).code
    ops.join(store, code, "Ben", now=time.time())
    ops.start(store, code, "Ana", now=time.time())
    return store, code


def ben_to_draw(root: Path) -> tuple[TableStore, str, TableTab]:
    """`ana_and_ben` after the opening, Ben asked to draw; and a tab of Ben's other than his
    app's (its own connection to the file, as each tab's process has)."""
    store, code = ana_and_ben(root)
    ana, other_tab = (TableTab(TableStore.in_root(root), code, n) for n in ("Ana", "Ben"))
    for tab in (ana, other_tab):
        tab.poll()
        tab.session.apply(tab.session.decision.options[0])
    return store, code, other_tab


@asynccontextmanager
async def ben_at_table(
    root: Path, saves: Path, code: str
) -> AsyncIterator[tuple[Pilot[int], RemoteTableScreen]]:
    """Ben's app running, at his seat of table `code`."""
    from civio_tui.screens.remote_seat import open_table

    ben = table_app(root, saves, "Ben")
    async with ben.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert as_the_app(ben, partial(open_table, ben, code)) is None
        await wait_for(pilot, RemoteTableScreen)
        yield pilot, own_seat_only(ben)


async def test_at_the_opening_a_later_seat_is_asked_at_once_and_its_choice_given_in_its_turn(
    tmp_path: Path,
) -> None:
    root = tmp_path / "class"
    store, code = ana_and_ben(root)
    async with ben_at_table(root, tmp_path / "ben", code) as (pilot, screen):
        # The table asks Ana first, yet Ben is asked too, as the question says.
        asked = screen.controller.rnd.decision
        assert asked is not None and asked.seat == 0
        question = screen.question
        assert question is not None and question.decision.seat == 1
        assert "Everyone chooses at once." in str(question.prompt)
        await pilot.press("1", "2", "8")  # Ben marks 2 cards to keep hidden, then Done
        hidden = set(screen.marks.cards)
        assert len(hidden) == 2 and screen.question is None  # now he waits for Ana
        assert ops.read_table(store, code).log_length == 0  # kept by his tab until his turn
        said = [n.message for n in pilot.app._notifications]
        assert "Chosen: your cards go face up" in said[-1]
        ana = TableTab(store, code, "Ana")
        ana.session.apply(ana.session.decision.options[0])
        await wait_until(pilot, lambda: ops.read_table(store, code).log_length == 2)
        with store.read() as tx:
            logged = tx.actions(code)
        assert [a.seat for a in logged] == [0, 1]
        assert set(logged[1].action["cards"]) == set(screen.controller.rnd.hand(1)) - hidden
    store.close()


async def test_at_the_opening_the_others_choices_reach_the_log_while_a_seat_still_chooses(
    tmp_path: Path,
) -> None:
    root = tmp_path / "class"
    store, code = ana_and_ben(root)
    async with ben_at_table(root, tmp_path / "ben", code) as (pilot, screen):
        log = screen.query_one(LogPane)
        before = list(log.lines)
        ana = TableTab(store, code, "Ana")
        ana.session.apply(ana.session.decision.options[0])
        await wait_until(pilot, lambda: screen.tab.live.log_length == 1)
        await pilot.pause()
        # Ben's question stays as it was, and his log tells Ana's choice already.
        question = screen.question
        assert question is not None and question.decision.seat == 1
        assert question.decision == screen.controller.viewer_decision()
        told = [line.plain for line in log.lines[len(before) :]]
        assert told and "Ana" in told[-1], told
    store.close()


@pytest.mark.parametrize("answers_first", [False, True])
async def test_a_question_answered_elsewhere_gives_way_to_what_the_table_asks_now(
    tmp_path: Path, answers_first: bool
) -> None:
    """Ben's other tab draws for him. His screen, on looking at the table, asks what the table
    asks now; or, if he answers the draw before it looks, he is told the table moved on and is
    asked again (his answer, second to the log, is not taken)."""
    root = tmp_path / "class"
    store, code, other_tab = ben_to_draw(root)
    async with ben_at_table(root, tmp_path / "ben", code) as (pilot, screen):
        assert screen.question is not None and screen.question.title.startswith("Draw")
        if answers_first:
            screen.workers.cancel_group(screen, "table-poll")  # his screen does not look
            await pilot.pause()
        other_tab.poll()
        other_tab.session.apply(other_tab.session.decision.options[0])
        if answers_first:
            await pilot.press("1")
            moved_on = "the table moved on: look at it again"
            await wait_until(
                pilot, lambda: moved_on in [n.message for n in pilot.app._notifications]
            )
            said = [n.message for n in pilot.app._notifications]
            assert said[-1] == moved_on
        await wait_until(
            pilot,
            lambda: screen.question is not None and not screen.question.title.startswith("Draw"),
        )
        assert ops.read_table(store, code).log_length == 3  # the other tab's draw only
        assert screen.question is not None
        assert screen.question.decision == screen.controller.viewer_decision()
        assert screen.question.decision.kind.value == "discard"
    store.close()


async def test_a_seated_tabs_objects_skip_the_collectors_rounds_until_its_table_closes(
    tmp_path: Path,
) -> None:
    import gc

    from civio_tui.screens.remote_seat import keep_still

    root = tmp_path / "class"
    store, code = ana_and_ben(root)
    gc.unfreeze()  # what the test process froze (tests/conftest.py) is not the tab's doing
    async with ben_at_table(root, tmp_path / "ben", code) as (pilot, screen):
        # Once the table is drawn, what the tab has is left out of the full collections.
        await wait_until(pilot, lambda: gc.get_freeze_count() > 0)
        as_the_app(pilot.app, partial(screen.leave, confirm=False))
        await wait_until(pilot, lambda: not screen.is_attached)
        assert gc.get_freeze_count() == 0
        # What was frozen before the seat (a served tab's zygote) stays frozen when it leaves.
        gc.freeze()
        frozen = gc.get_freeze_count()
        screen.froze = keep_still()
        assert not screen.froze
        screen.on_unmount()
        assert gc.get_freeze_count() >= frozen
    store.close()


def test_the_length_line_says_what_decides_the_game_for_the_length_chosen() -> None:
    from civio_tui.screens.tables import length_help
    from civio_tui.tables.games import table_game

    civio, pairs = table_game("civio"), table_game("concentration")
    assert length_help(civio, "rounds:2") == "After the rounds, the higher total of points wins."
    assert length_help(civio, "target:Judge") == (
        "Once someone is Judge, the higher total of points wins."
    )
    assert "pairs" in length_help(pairs, "rounds:2")
