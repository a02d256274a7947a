"""Four classmates at one CIVIO table, each in their own tab of `civio serve` (websocket
clients, as textual.js talks to the server): the host opens the table from Tables and reads
out its code, the others join by code, the host starts it, and they play a whole round, each
answering their own decisions on their own screen with the game's hint (table_play.py). In
the middle one of them closes the tab, signs in again and finds the table offered first; the
seat is theirs again. Everyone sees the game end, and each person's own campaign record holds
the round. Marked `serve`: run with `pytest -m serve`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path

import aiohttp
import pytest
from table_play import MAX_PERSON_MOVES, TABLE_OVER, answered_or_gone, asked_on

from civio_tui.campaigns.catalogue import open_campaign
from civio_tui.campaigns.table_record import record_name
from civio_tui.serve.probe import ServedProcess, Tab
from civio_tui.serve.table_tabs import (
    STEP,
    join_by_code,
    open_a_table,
    question_rows,
    signed_in,
    start_own_table,
    to_tables,
)
from civio_tui.tables import ops
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import TableStore

pytestmark = pytest.mark.serve

NAMES = ("Ana", "Ben", "Cy", "Dee")


async def until(
    check: Callable[[], bool], what: str, timeout: float = STEP, tabs: Sequence[Tab] = ()
) -> None:
    """Wait until `check()` holds, looking every 50 ms; ConnectionError if one of `tabs` closes
    meanwhile (its game ended)."""
    deadline = time.monotonic() + timeout
    while not check():
        closed = [n for n, tab in enumerate(tabs) if tab.closed.is_set()]
        if closed:
            raise ConnectionError(f"{what}: the tab of seat {closed[0] + 1} closed")
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout} s")
        await asyncio.sleep(0.05)


async def answer(tab: Tab) -> None:
    """Answer the player's question on screen as the hint says (table_play.py)."""
    await until(lambda: question_rows(tab.text) is not None, "the question on screen")
    await tab.send("H")
    await until(lambda: asked_on(tab.text).shown, "the hint on screen")
    if not asked_on(tab.text).answers:  # the idea to look at first; H again gives the move
        await tab.send("H")
        await until(lambda: asked_on(tab.text).answers, "the hinted move on screen")
    for key in asked_on(tab.text).keys:
        await tab.send(key)


def logged_past(live: LiveTable, length: int) -> bool:
    """The table's log (read again) is longer than `length`."""
    live.refresh()
    return live.log_length > length


def question_gone(tab: Tab) -> bool:
    return answered_or_gone(tab.text)


async def back_at_the_table(http: aiohttp.ClientSession, url: str, name: str, code: str) -> Tab:
    """`name` signs in again in a new tab: the main menu names their table, Enter opens Tables
    with it first, and Enter seats them at it."""
    tab = await signed_in(http, url, name, first=False)
    await tab.wait_for(f"Your seat at table {code} (CIVIO) is waiting", STEP)
    await tab.send("\r")  # the menu has Tables highlighted
    await tab.wait_for("back to the table", STEP)
    rows = [r for r in tab.text.splitlines() if code in r or "Open a table" in r]
    assert f"{code}  CIVIO  your seat" in rows[0], tab.text  # offered first, above Open a table
    await tab.send("\r")
    await tab.wait_for(f"{name}'s cards", STEP)
    return tab


@contextlib.contextmanager
def server_output_on_failure(server: ServedProcess) -> Iterator[None]:
    """A failure inside says what the server logged (a game's error output, say)."""
    try:
        yield
    except (AssertionError, ConnectionError, TimeoutError) as exc:
        raise AssertionError(f"{exc}\nThe server's output:\n{''.join(server.output)}") from exc


async def test_four_classmates_play_a_round_at_one_table_one_reconnecting(
    save_root: Path,
) -> None:
    began = time.monotonic()
    with ServedProcess(save_root) as server, server_output_on_failure(server):
        async with aiohttp.ClientSession() as http:
            tabs = [await signed_in(http, server.url, name, first=True) for name in NAMES]
            for tab in tabs:
                await to_tables(tab)
            code = await open_a_table(tabs[0], len(NAMES))
            for tab in tabs[1:]:
                await join_by_code(tab, code)
            await start_own_table(tabs[0])
            for tab, name in zip(tabs, NAMES, strict=True):  # each seat's table opens by itself
                await tab.wait_for(f"{name}'s cards", STEP)

            live = LiveTable(TableStore.in_root(save_root), code)
            assert [s.name for s in live.table.seats] == list(NAMES)
            reconnect_at, moves, returned = len(NAMES), 0, False
            while (pending := live.match.pending) is not None:
                tab = tabs[pending.seat]
                done = live.log_length
                await answer(tab)
                await until(
                    partial(logged_past, live, done),
                    f"move {done + 1} (seat {pending.seat + 1}) in the table's log",
                    tabs=tabs,
                )
                await until(partial(question_gone, tab), "the answered question gone")
                moves += 1
                assert moves < MAX_PERSON_MOVES, "the round did not end"
                if moves == reconnect_at:  # all laid out: Cy closes the tab and signs in again
                    await tabs[2].close()
                    tabs[2] = await back_at_the_table(http, server.url, NAMES[2], code)
                    returned = True
            assert returned and live.table.state == ops.ENDED
            with live.store.read() as tx:
                logged = tx.actions(code)
            # Every move came from its person's own tab: no computer played a seat.
            assert {a.seat for a in logged} == {0, 1, 2, 3}
            assert not any(a.by_computer for a in logged)
            for tab in tabs:
                await tab.wait_for(TABLE_OVER, STEP)
            for tab in tabs:
                await tab.close()
            live.store.close()
    for name in NAMES:
        session = open_campaign(record_name(code), save_dir=save_root / name.lower())
        (record,) = session.campaign.history
        assert record.replayable and session.campaign.finished
        assert [p.name for p in session.campaign.players] == list(NAMES)
    print(f"a round of {len(logged)} moves at 4 tabs in {time.monotonic() - began:.0f} s")
