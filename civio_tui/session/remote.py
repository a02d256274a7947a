"""A person's seat at a networked table, as their own tab (or terminal) plays it: a `Session`
in which this person's seat is `person` and every other seat is `remote`, whose moves arrive
from the table's log in the store (civio_tui/tables).

- The person's move goes to the log through the session's `play` port: appended if the table is
  where this tab saw it, else `TableMovedOn` (the tab reloads and looks again) or
  `ActionRefused`; the session's engine advances only with the log.
- A decision the engine lets a seat make before asking it (`early_decision`: at CIVIO's opening
  every seat chooses at once, and the engine takes the choices in seat order) is offered through
  the session's `early` port; the answer is kept in this tab (`early`) and appended by
  `poll_table()` once the table asks this seat, as if given then. Only this process holds it: a
  tab closed before then loses it, and the seat is asked again when its person returns.
- `poll_table()` (off the UI thread, as soon as another process commits a change to the
  table's log, notices or state, else every fraction of a second) takes in the others' moves,
  says the person is here (a heartbeat, which also gives back a seat the computer held while
  they were away), and plays the computer seats when this process holds the table's drivers'
  lease.
- The tab draws only its own seat's view: the session's `view` port refuses any other seat.

Two threads may share a tab: the screen's, which draws it and makes the person's moves, and the
poll's (`poll_table`). Each keeps its own copy of the match, so none reads a match another is
changing (an engine works out its pending decision when first asked and keeps it: worked out
while an action came in, it would outlive that action, and the log would no longer replay on
it). The poll's thread advances the table's copy (`live`); the screen's thread brings its own
(`match`) up to it in `catch_up`, holding the lock the poll and the person's moves hold. A tab
used from one thread calls `poll()`, which does both.

Who plays the computer seats: exactly one process at a time, the holder of the table's lease
(`ops.claim_driver`), which any seat's process takes when it is free and renews while it polls.
Not the server, because terminal players sit at tables with no server running; not a fixed seat,
because that seat's person may be away. When the holder dies, its lease runs out within
`DRIVER_LEASE` seconds and the next tab to poll takes over. A computer's choice is seeded from
the table's seed and the log's length, so even two processes overlapping at a hand-over compute
the same move, and the length-checked append keeps exactly one of them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from civio_tui.session.seats import PERSON, REMOTE, SessionSeat
from civio_tui.session.session import Session
from civio_tui.session.tables import turn_moment
from civio_tui.tables import ops
from civio_tui.tables.games import action_json
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import Notice, StoreUnavailable, TableStore

EARLY_KEPT = "Chosen: your cards go face up when everyone has chosen."
"""What a person is told when their early answer is kept (CIVIO's opening, the one early
decision there is)."""
HEARTBEAT = 5.0
"""Seconds between a tab's "I am here" writes (well inside a table's `absent_after`)."""
POLL_SECONDS = 0.05
"""How often a tab polls the table when no write to the table file wakes it (no
`CommitWatch`: civio_tui/tables/wake.py); `civio bench tables` measures the delay it gives."""
WOKEN_POLL_SECONDS = 0.5
"""How often a tab that its table's commits wake polls anyway: for what comes with time alone
or wakes nobody (its heartbeat, the others' last-seen times and the computers' lease, a lapsed
lease, an absent seat)."""


class TableMovedOn(ValueError):
    """Another seat's move came first: the tab has caught up and must look again."""


class ActionRefused(ValueError):
    """The table refused the move (not this seat's decision, not legal, table closed)."""


class TableTab:
    """`name`'s seat at table `code`. `session` is what a screen drives; `poll()` keeps it
    current; `next_round()` leaves a finished round's results for the next deal."""

    def __init__(
        self,
        store: TableStore,
        code: str,
        name: str,
        *,
        owner: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.clock = clock
        self.live = LiveTable(store, code)
        """The table as this process follows it: the poll's thread advances it."""
        self.match = ops.replay(self.live.table, self.live.actions)
        """The match the screen draws, changed on the screen's thread only (`catch_up`)."""
        self.table = self.live.table
        """The table's seats and state as the screen shows them."""
        self.last_action_at = self.live.last_action_at
        seat = self.live.table.seat_of(name)
        if seat is None:
            raise ops.TableRefused(f"{name} has no seat at table {self.live.code}")
        self.seat = seat
        self.name = self.live.table.seats[seat].name or name
        self.owner = owner or f"{self.name}@{os.getpid()}"
        self.drove = 0
        self.left = False
        """The person left on purpose: this tab no longer says they are here."""
        """Computer moves this tab has played (as the lease holder)."""
        self.early: Any = None
        """This seat's answer to its early decision, until the table asks this seat."""
        self.told: list[str] = []
        """What the person must be told that no notice of the table says (an early answer
        not taken, and why); the screen shows and clears it."""
        self._early_asked: tuple[Any, ...] = (None, None)
        """(the position it was asked at, the early decision): one decision object while the
        table stays put, as a screen's question keeps it."""
        self.problem: str | None = None
        """Why the table file could not be read at the last poll (locked, say); None when it
        was. The tab shows it and polls on; nothing of the table is lost."""
        self._beat = float("-inf")
        self._notices_read = len(self.live.notices)
        self._shown = len(self.match.engines) - 1
        table = self.live.table
        seats = [
            SessionSeat(table.label(s), PERSON if s == seat else REMOTE)
            for s in range(table.row.seats)
        ]
        self.session: Session[Any] = Session(
            seats,
            current=self._current,
            moment=turn_moment,  # one person at this screen: no handover to time
            play=self._play,
            view=self._view,
            early=self._early_decision,
        )
        self.poll()

    @property
    def code(self) -> str:
        return self.live.code

    # -- the session's ports ------------------------------------------------------------------

    def _current(self) -> Any:
        """The engine the tab shows: the round in play, or a finished round whose results the
        person has not yet left (`next_round`), even while the others play the next one."""
        return self.match.engines[self._shown]

    def _play(self, action: Any) -> None:
        if self._current() is not self.match.engines[-1]:
            raise ActionRefused("this round is over: go on to the next round first")
        early = self._early_decision(self._current(), self.seat)
        if early is not None:
            if action not in early.options:
                raise ActionRefused(f"{action} is not one of your choices now")
            self.early = action
            return
        try:
            result = self.live.submit(action_json(action), name=self.name, now=self.clock())
        except StoreUnavailable as exc:
            raise ActionRefused(str(exc)) from None
        self.catch_up()
        if result.status == "moved":
            raise TableMovedOn(result.message)
        if result.status == "refused":
            raise ActionRefused(result.message)

    def _early_decision(self, engine: Any, seat: int) -> Any:
        if seat != self.seat or self.early is not None or engine is not self.match.engines[-1]:
            return None
        at = (self.match.applied, seat)
        if self._early_asked[0] != at:
            self._early_asked = (at, self.match.early(seat))
        return self._early_asked[1]

    def _view(self, engine: Any, seat: int) -> Any:
        if seat != self.seat:
            raise ValueError(f"this tab shows seat {self.seat + 1} only, not seat {seat + 1}")
        return engine.view(seat)

    # -- keeping up ---------------------------------------------------------------------------

    def poll(self) -> bool:
        """`poll_table` and `catch_up`, for a tab used from one thread; whether anything
        changed."""
        changed = self.poll_table()
        return self.catch_up() or changed

    def poll_table(self) -> bool:
        """Take in what the table did (the table's copy of the match); whether anything
        changed (the tab redraws then, after `catch_up`, also when the table file became
        unavailable or available again: see `problem`)."""
        try:
            changed = self._poll()
        except StoreUnavailable as exc:
            changed, self.problem = self.problem != str(exc), str(exc)
            return changed
        changed = changed or self.problem is not None
        self.problem = None
        return changed

    def _poll(self) -> bool:
        now = self.clock()
        beat = (
            not self.left and now - self._beat >= HEARTBEAT and self.live.table.state == ops.PLAYING
        )
        if beat:
            ops.heartbeat(self.live.store, self.code, self.name, now=now)
            self._beat = now
        before = (self.live.log_length, len(self.live.notices))
        # This connection's own writes leave its data_version as it was: after a heartbeat
        # the table is read again; otherwise only when another process committed.
        self.live.refresh(force=beat)
        self.drove += self.live.drive(self.owner, now=now)
        if self._give_early(now):
            self.drove += self.live.drive(self.owner, now=now)
        return (self.live.log_length, len(self.live.notices)) != before

    def catch_up(self) -> bool:
        """On the screen's thread (holding the poll's lock where a poll runs in another):
        the screen's match takes in the actions the table's has taken; whether it took any."""
        new = self.live.actions[self.match.applied :]
        for action in new:
            self.match.apply(action)
        self.table, self.last_action_at = self.live.table, self.live.last_action_at
        engines = self.match.engines
        if not engines[self._shown].is_over:
            self._shown = len(engines) - 1
        return bool(new)

    def _give_early(self, now: float) -> bool:
        """Append the early answer kept here once the table asks this seat; whether it was
        appended. A refused one (the table closed, say) is dropped and the person told why;
        one the table no longer needs (the computer chose while its person was away) is
        dropped."""
        if self.early is None:
            return False
        pending = self.live.match.pending
        if pending is None or pending.seat != self.seat:
            if self.live.match.early(self.seat) is None:
                self.early = None
            return False
        result = self.live.submit(action_json(self.early), name=self.name, now=now)
        if result.status == "moved":
            return False  # the table was refreshed: try again at the next poll
        self.early = None
        if not result.applied:
            self.told.append(f"Your choice was not taken: {result.message}")
        return result.applied

    def next_round(self) -> bool:
        """Leave a finished round's results for the round dealt after it (False when there is
        none: the round is still on, or the game is over)."""
        engines = self.match.engines
        if not engines[self._shown].is_over or self._shown == len(engines) - 1:
            return False
        self._shown += 1
        self.session.new_round()
        return True

    def new_notices(self) -> list[Notice]:
        """What the table said since the last call (joins, leaves, stand-ins, refusals), but
        not that the game ended: a seat's own round's end says it, with what to do next (a
        notice said it again, before the last moves in lines of text, and over the keys'
        line on a screen)."""
        notices = self.live.notices[self._notices_read :]
        self._notices_read = len(self.live.notices)
        return [n for n in notices if n.kind != "ended"]

    def thinking(self) -> tuple[str, float] | None:
        """Who decides now and for how many seconds they have been thinking (None: over)."""
        pending = self.match.pending
        if pending is None:
            return None
        who = self.table.label(pending.seat)
        return who, max(0.0, self.clock() - self.last_action_at)

    def labels(self) -> list[str]:
        """How the table shows each seat now: a classmate who joined, a computer that took an
        empty seat or stands in for someone away (`Table.label`)."""
        return [self.table.label(s) for s in range(self.table.row.seats)]

    def start(self) -> None:
        """The host starts the game: a computer takes each empty seat (`ops.start`)."""
        ops.start(self.live.store, self.code, self.name, now=self.clock())
        self._read_again()

    def leave(self) -> None:
        """Leave on purpose: the computer plays this seat from now on, and the others are told."""
        ops.leave(self.live.store, self.code, self.name, now=self.clock())
        self.left = True
        self.early = None
        self._read_again()

    def _read_again(self) -> None:
        """After this tab's own write: the table read again (its own commit does not change
        what `refresh` watches), and the screen's copy caught up with it."""
        self.live.refresh(force=True)
        self.catch_up()
