"""`civio bench tables`: classmates' browser tabs at networked tables, measured on their screens.

`civio serve` runs (tabs forked, its default) over a fresh save root on a free 127.0.0.1 port.
`tables × seats` websocket tabs (`Tab`, civio_tui/serve/probe.py) each sign in as their own
student; at each table the first opens it from Tables (CIVIO, `seats` seats, 1 round), the
others join by its code and the host starts it, all on the screens as people do
(civio_tui/serve/table_tabs.py). Then, for `seconds`, every tab plays its seat from its screen:
when its question shows, it waits `think` seconds (a quick player's `THINK_SECONDS` unless
told) and presses a random option's digit (at the opening: the first two cards stay hidden,
then Done).

The delay is from an action's commit (its time in the table's log) to the first websocket frame
after which another seat's screen shows it: that seat's Log box ends with what the table screen
writes for that seat up to that action. The bench words the log as each seat's screen does, by
replaying the table's log through the engine after play; an action that writes no line for a
seat (one it may not know of) is not counted for that seat ("silent"), and one never shown
within `DRAIN_SECONDS` after play is "missed". The figures: p50/p95/max over every (action,
other seat) pair, and apart for the opening (the actions before the first draw, which every
seat of every table answers at the same moment) and for the play after it; per tab's game
process (the forked children of the forking process) its CPU seconds (start-up, sign-in and
setup included; and its share of a core while playing) and memory (RSS, PSS); the server's
and this client's share of a core while playing, and the machine's load average before and
after.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from civio_tui.bench.serve import spread

THINK_SECONDS = 0.2
"""A seat's pause between seeing its question and answering (a quick player)."""
DRAIN_SECONDS = 5.0
"""After the play time, the tabs answer nothing more and are watched this long for the last
moves to show."""
ANSWER_SECONDS = 10.0
"""A question still asked this long after its answer is answered again."""
SIGN_IN_SECONDS = 180.0
"""Time a tab may take to draw its page and sign in while every other tab does too."""
NAMES = ("Ana", "Ben", "Cy", "Dee")
SCROLLBAR = "▁▂▃▄▅▆▇█"
"""The glyphs of a scrollbar's thumb, drawn in a box's last column: not the log's words."""


@dataclass
class SeatTab:
    """One tab playing one seat, and the changes of its Log box as they arrived."""

    table: int
    seat: int
    name: str
    tab: Any = None
    frames: list[tuple[float, str]] = field(default_factory=list)
    """(arrival time, the Log box's text without spaces or line breaks), at each change."""
    moves: int = 0
    """This seat's actions in the table's log, as its tab last saw one of its answers taken."""
    answered_again: int = 0
    """Questions answered again: their answer never reached the table's log (a key lost)."""

    def watch_log(self, arrived: float) -> None:
        rows = self.tab.left_box("Log")
        if rows is None:
            return
        text = box_text(rows)
        if not self.frames or self.frames[-1][1] != text:
            self.frames.append((arrived, text))


def squeezed(text: str) -> str:
    """`text` without whitespace: the same however a pane wraps it."""
    return "".join(text.split())


def box_text(rows: list[str]) -> str:
    """A box's words without whitespace or its scrollbar's thumb (the same however the box
    wraps and scrolls them)."""
    return squeezed("".join(rows)).translate({ord(c): None for c in SCROLLBAR})


def answer_keys(rows: list[str], rng: random.Random) -> list[str]:
    """Keys that answer the question box's `rows`: at the opening mark as many cards as are
    still missing (the first unmarked ones) and press Done; else a random option's digit
    (Enter when none has one)."""
    done = [m for row in rows if (m := re.match(r"^(\d) Done(?: \(mark (\d) more)?", row))]
    if done:
        unmarked = [m.group(1) for row in rows if (m := re.match(r"^(\d)   \S", row))]
        return [*unmarked[: int(done[0].group(2) or 0)], done[0].group(1)]
    digits = [m.group(1) for row in rows if (m := re.match(r"^(\d) ", row))]
    return [rng.choice(digits)] if digits else ["\r"]


def question_shown(text: str) -> tuple[str, ...] | None:
    """The question on screen (its box's title and rows), None when there is none."""
    from civio_tui.serve.table_tabs import QUESTION_TOP, question_rows

    rows = question_rows(text)
    if rows is None:
        return None
    top = next(line for line in text.splitlines() if QUESTION_TOP in line)
    title = top[top.index(QUESTION_TOP) + len("╭─ ") :].rstrip("─╮ ")
    return (title, *rows)


async def _sign_in(http: Any, url: str, seat: SeatTab) -> None:
    from civio_tui.serve.table_tabs import signed_in

    # Cells, not pyte: pyte's cost for 20 tabs' frames would starve this client (seconds
    # without reading a socket: the server then drops the connections as dead).
    seat.tab = await signed_in(
        http, url, seat.name, first=True, timeout=SIGN_IN_SECONDS, cells=True
    )
    seat.tab.on_data = seat.watch_log


async def _seat_table(seats: list[SeatTab]) -> str:
    """Open, join and start one table from its tabs' screens; its code."""
    from civio_tui.serve.table_tabs import (
        STEP,
        join_by_code,
        open_a_table,
        start_own_table,
        to_tables,
    )

    for seat in seats:
        await to_tables(seat.tab)
    code = await open_a_table(seats[0].tab, len(seats))
    for seat in seats[1:]:
        await join_by_code(seat.tab, code)
    await start_own_table(seats[0].tab)
    for seat in seats:
        await seat.tab.wait_for(f"{seat.name}'s cards", STEP)
    return code


async def _play(
    seat: SeatTab,
    table: TableLog,
    rng: random.Random,
    until: float,
    errors: list[str],
    think: float,
) -> None:
    """Answer every question the tab's screen asks until `until`; the table's log tells that
    an answer was taken, and the seat's Log box that the screen was drawn after it."""
    from civio_tui.serve.table_tabs import STEP

    tab = seat.tab
    while (left := until - time.time()) > 0:
        try:
            await tab.wait_until(lambda t: question_shown(t) is not None, left, what="a question")
        except TimeoutError:
            return
        await asyncio.sleep(think)
        asked = question_shown(tab.text)
        if asked is None or time.time() >= until:
            continue
        for key in answer_keys(list(asked[1:]), rng):
            await tab.send(key)
        taken = await _taken(seat, table, asked)
        if taken is None:
            continue  # the screen had moved on from what was read: look at it again
        try:  # the screen is drawn after the answer (no answer to it twice)
            await _drawn_after(seat, table, taken, STEP)
        except TimeoutError as exc:
            errors.append(f"{seat.name}: {exc}")
            return


async def _taken(seat: SeatTab, table: TableLog, asked: tuple[str, ...]) -> int | None:
    """Wait until the table's log holds more of `seat`'s actions than `seat.moves` (the answer
    taken: `moves` counted again, and the log's length up to that answer returned); None when
    the screen asks another question than `asked`, or still asks it after `ANSWER_SECONDS` (a
    key was lost): the tab answers what its screen asks then."""
    tab = seat.tab
    deadline = time.time() + ANSWER_SECONDS
    while (mine := (seats := table.seats()).count(seat.seat)) <= seat.moves:
        shown = question_shown(tab.text)
        if (shown is not None and shown[0] != asked[0]) or time.time() > deadline:
            seat.answered_again += 1
            return None
        if tab.closed.is_set():
            raise ConnectionError("the tab closed")
        await asyncio.sleep(0.02)
    seat.moves = mine
    return len(seats) - seats[::-1].index(seat.seat)


async def _drawn_after(seat: SeatTab, table: TableLog, actions: int, timeout: float) -> None:
    """Wait until `seat`'s screen shows its log after the table's first `actions` actions (or
    more): drawn after its own answer, the last of them (in the log already). Frames arrive
    late on a busy machine, and the keys change the question's rows (the opening's marks)
    before the answer is taken: only the Log box, which a seat's own action always adds to,
    tells the screens apart. The screen is looked at as each frame arrives."""
    table.catch_up()
    log = table.logs.logs[seat.seat]
    deadline = time.time() + timeout
    while not log_after(seat.tab.left_box("Log"), log, actions):
        if seat.tab.closed.is_set():
            raise ConnectionError("the tab closed")
        left = deadline - time.time()
        if left <= 0:
            raise TimeoutError(f"the screen did not show the log after action {actions}")
        await seat.tab.changed(left)


async def _scenario(
    server: Any, seats: list[SeatTab], seconds: float, think: float
) -> dict[str, Any]:
    import aiohttp

    from civio_tui.serve.probe import cpu_seconds, memory_mb
    from civio_tui.tables.store import TableStore

    errors: list[str] = []
    timeout = aiohttp.ClientTimeout(total=None)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        began = time.time()
        await asyncio.gather(*(_sign_in(http, server.url, s) for s in seats))
        tables = sorted({s.table for s in seats})
        at = {t: [s for s in seats if s.table == t] for t in tables}
        codes = await asyncio.gather(*(_seat_table(at[t]) for t in tables))
        setup_s = time.time() - began
        pids = server.game_pids()
        cpu_before = {pid: cpu_seconds(pid) for pid in pids}
        server_before = cpu_seconds(server.process.pid)
        client_before = cpu_seconds(os.getpid())
        start = time.time()
        until = start + seconds
        with TableStore.in_root(server.save_root) as store:
            logs = {t: TableLog(store, code) for t, code in enumerate(codes)}
            plays = [
                _play(s, logs[s.table], random.Random(n), until, errors, think)
                for n, s in enumerate(seats)
            ]
            results = await asyncio.gather(*plays, return_exceptions=True)
        errors += [f"{s.name}: {r!r}" for s, r in zip(seats, results, strict=True) if r is not None]
        await asyncio.sleep(max(0.0, until + DRAIN_SECONDS - time.time()))
        played = time.time() - start
        closed = [s.name for s in seats if s.tab.closed.is_set()]
        games = [(pid, cpu_seconds(pid), memory_mb(pid)) for pid in server.game_pids()]
        server_cpu = cpu_seconds(server.process.pid) - server_before
        client_cpu = cpu_seconds(os.getpid()) - client_before
        for seat in seats:
            await seat.tab.close()
    return {
        "codes": codes,
        "played_s": played,
        "setup_s": setup_s,
        "games": games,
        "cpu_before": cpu_before,
        "server_cpu": server_cpu,
        "client_cpu": client_cpu,
        "errors": errors,
        "closed": closed,
    }


@dataclass
class Deliveries:
    """Each (action, other seat) pair's delay in ms, and the pairs not measured."""

    delays_ms: list[float] = field(default_factory=list)
    opening_ms: list[float] = field(default_factory=list)
    """The delays of the opening's actions (those before the round's first draw): every seat
    of every table answers the opening at once, the heaviest moment of the bench."""
    in_play_ms: list[float] = field(default_factory=list)
    """The delays of the actions from the first draw on."""
    silent: int = 0
    missed: int = 0
    actions: int = 0


class RoundLogs:
    """For each seat, its table screen's log of the first round (without whitespace) after 0,
    1, 2, … of a table's actions, as the screen tells it (civio_tui/turn_log.py: a turn's steps
    grow one sentence); `extend` takes more actions as the log grows. Stops at the round's
    end."""

    def __init__(self, table: Any) -> None:
        from civio_tui.tables import ops

        self.match = ops.replay(table, [])
        self.names = [table.label(s) for s in range(table.row.seats)]
        self.engine = self.match.engines[0]
        self.taken = 0
        self.logs: list[list[str]] = [[] for _ in self.names]
        self._tell()

    def _tell(self) -> None:
        from civio_tui.turn_log import round_log

        events = self.engine.events
        for seat, log in enumerate(self.logs):
            log.append(squeezed("".join(round_log(self.match.deck, events, seat, self.names))))

    def extend(self, actions: list[dict[str, Any]]) -> None:
        """Take in `actions`, the table's log after the `taken` actions taken already."""
        for action in actions:
            if self.engine.is_over:
                break
            self.match.apply(action)
            self.taken += 1
            self._tell()


def logs_by_seat(table: Any, actions: list[dict[str, Any]]) -> list[list[str]]:
    """Each seat's log after 0, 1, 2, … of `actions` (`RoundLogs`)."""
    logs = RoundLogs(table)
    logs.extend(actions)
    return logs.logs


class TableLog:
    """One table's log as the bench reads it while its tabs play: the seat of each action, and
    each seat's screen log after each (`RoundLogs`), read again when asked."""

    def __init__(self, store: Any, code: str) -> None:
        from civio_tui.tables import ops

        self.store = store
        self.code = code
        self.logs = RoundLogs(ops.read_table(store, code))
        self._seats: list[int] = []

    def seats(self) -> list[int]:
        with self.store.read() as tx:
            self._seats += [a.seat for a in tx.actions(self.code, since=len(self._seats))]
        return self._seats

    def catch_up(self) -> None:
        with self.store.read() as tx:
            self.logs.extend([a.action for a in tx.actions(self.code, since=self.logs.taken)])


def log_after(rows: list[str] | None, log: list[str], actions: int) -> bool:
    """Whether the Log box's `rows` show a seat's `log` after `actions` actions or more (the
    round's whole log once it is over)."""
    return rows is not None and shows(box_text(rows), log) >= min(actions, len(log) - 1)


def shows(text: str, log: list[str]) -> int:
    """The most actions whose `log` the Log box's `text` shows: its text is the end of that
    log, or the log is the end of its text under the round's heading (0 when none is)."""
    if not text:
        return 0
    for n in range(len(log) - 1, 0, -1):
        if log[n] and (log[n].endswith(text) or text.endswith(log[n])):
            return n
    return 0


def shown_upto(frames: list[tuple[float, str]], log: list[str]) -> list[tuple[float, int]]:
    """For each frame, the most actions whose log the Log box shows (its text is the end of
    that log, or the log is the end of its text under the round's heading), never fewer than
    an earlier frame showed."""
    shown, found = [], 0
    for at, text in frames:
        found = max(found, shows(text, log))
        shown.append((at, found))
    return shown


def deliveries(root: Path, codes: list[str], seats: list[SeatTab]) -> Deliveries:
    """Every other seat's delay for each action of the tables' first rounds."""
    from cards.games.civio.actions import DRAW
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    out = Deliveries()
    with TableStore.in_root(root) as store:
        for t, code in enumerate(codes):
            table = ops.read_table(store, code)
            with store.read() as tx:
                logged = tx.actions(code)
            logs = logs_by_seat(table, [a.action for a in logged])
            at_table = [s for s in seats if s.table == t]
            shown = {s.seat: shown_upto(s.frames, logs[s.seat]) for s in at_table}
            drawn = next(
                (n for n, a in enumerate(logged, 1) if a.action.get("kind") == DRAW), len(logged)
            )
            for n, action in enumerate(logged[: len(logs[0]) - 1], 1):
                out.actions += 1
                for seat in at_table:
                    if seat.seat == action.seat:
                        continue
                    log = logs[seat.seat]
                    if log[n] == log[n - 1]:
                        out.silent += 1
                        continue
                    seen = next(
                        (at for at, upto in shown[seat.seat] if upto >= n and at >= action.at),
                        None,
                    )
                    if seen is None:
                        out.missed += 1
                    else:
                        delay = (seen - action.at) * 1000
                        out.delays_ms.append(delay)
                        (out.opening_ms if n < drawn else out.in_play_ms).append(delay)
    return out


def run_tables_bench(
    tables: int, seats: int, seconds: float, think: float = THINK_SECONDS
) -> dict[str, Any]:
    from civio_tui.serve.probe import ServedProcess
    from civio_tui.session.remote import POLL_SECONDS, WOKEN_POLL_SECONDS
    from civio_tui.tables.store import FILE_NAME
    from civio_tui.tables.wake import CommitWatch

    load_before = os.getloadavg()
    at_tables = [SeatTab(t, s, f"{NAMES[s]} {t + 1}") for t in range(tables) for s in range(seats)]
    tabs = len(at_tables)
    with tempfile.TemporaryDirectory(prefix="civio-bench-tables-") as scratch:
        root = Path(scratch) / "class"
        extra = ["--max-sessions", str(tabs), "--max-signing-in", str(tabs)]
        with ServedProcess(root, extra) as server:
            outcome = asyncio.run(_scenario(server, at_tables, seconds, think))
            output = "".join(server.output)
        found = deliveries(root, outcome["codes"], at_tables)
        # as the tabs, on this computer, watched their tables
        with CommitWatch(root / FILE_NAME, outcome["codes"][0]) as watch:
            woken = watch.watching
    delays = found.delays_ms
    games = outcome["games"]
    played = outcome["played_s"]
    cpu_play = [cpu - outcome["cpu_before"].get(pid, 0.0) for pid, cpu, _ in games]
    rss = [m[0] for _, _, m in games if m[0]]
    pss = [m[1] for _, _, m in games if m[1]]
    return {
        "tabs": tabs,
        "tables": tables,
        "seats": seats,
        "seconds": seconds,
        "tab_start": "fork",
        "woken_by_writes": woken,
        "poll_ms": round((WOKEN_POLL_SECONDS if woken else POLL_SECONDS) * 1000),
        "think_ms": round(think * 1000),
        "moves": sum(s.moves for s in at_tables),
        "answered_again": sum(s.answered_again for s in at_tables),
        "actions": found.actions,
        "deliveries": len(delays),
        "silent": found.silent,
        "missed": found.missed,
        "delay_ms": spread(delays, 1),
        "opening_deliveries": len(found.opening_ms),
        "delay_ms_opening": spread(found.opening_ms, 1),
        "delay_ms_in_play": spread(found.in_play_ms, 1),
        "game_processes": len(games),
        "rss_mb_per_tab": round(statistics.fmean(rss), 1) if rss else None,
        "pss_mb_per_tab": round(statistics.fmean(pss), 1) if pss else None,
        "cpu_s_per_tab": round(statistics.fmean(c for _, c, _ in games), 2) if games else None,
        "cpu_percent_per_tab_playing": (
            round(100 * statistics.fmean(cpu_play) / played, 1) if cpu_play else None
        ),
        "server_cpu_percent_playing": round(100 * outcome["server_cpu"] / played, 1),
        "client_cpu_percent_playing": round(100 * outcome["client_cpu"] / played, 1),
        "setup_s": round(outcome["setup_s"], 1),
        "load_average": {"before": round(load_before[0], 2), "after": round(os.getloadavg()[0], 2)},
        "tabs_closed": outcome["closed"],
        "errors": outcome["errors"],
        "server_output": output if outcome["closed"] or outcome["errors"] else "",
    }
