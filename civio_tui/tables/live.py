"""One process's copy of a table: the match replayed from the log, kept up to date by polling
the store, and the moves of the computer seats when this process holds the drivers' lease.

Polling is cheap: `PRAGMA data_version` changes only when another connection commits, so a
poll that finds nothing new reads no table at all.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from civio_tui.tables import ops
from civio_tui.tables.games import TableMatch, computer_rng, table_game
from civio_tui.tables.ops import Submitted
from civio_tui.tables.store import Notice, TableStore

DRIVER_LEASE = 5.0
"""Seconds a process holds the computer seats after its last renewal."""


class LiveTable:
    """A table as one process follows it. `refresh()` takes in what others committed;
    `submit()` appends this process's person's action; `drive()` plays the computer seats."""

    def __init__(self, store: TableStore, code: str) -> None:
        self.store = store
        self.code = ops.normalise_code(code)
        self.notices: list[Notice] = []
        self._version = store.data_version()
        with store.read() as tx:
            self.table = ops.read_snapshot(tx, self.code)
            logged = tx.actions(self.code)
            self.notices = tx.notices(self.code)
        self.actions: list[dict[str, Any]] = [a.action for a in logged]
        """The table's log as this process has read or written it: committed actions only."""
        self.match: TableMatch = ops.replay(self.table, self.actions)
        """The table's match: it has taken exactly `actions`."""
        self.last_action_at = logged[-1].at if logged else self.table.row.updated
        """When the last action was committed (the start, before any): the pending seat has
        been thinking since then."""

    @property
    def log_length(self) -> int:
        """How many of the table's actions this process has taken in."""
        return len(self.actions)

    @property
    def game(self) -> str:
        return self.table.row.game

    def view(self, seat: int) -> BaseModel:
        """What `seat` may know now: the engine's view of that seat and nothing else."""
        return self.match.view(seat)

    def refresh(self, *, force: bool = False) -> bool:
        """Take in the actions, seats and notices others committed; whether anything changed."""
        version = self.store.data_version()
        if version == self._version and not force:
            return False
        self._version = version
        with self.store.read() as tx:
            self.table = ops.read_snapshot(tx, self.code)
            new = tx.actions(self.code, since=self.log_length)
            after = self.notices[-1].id if self.notices else 0
            self.notices.extend(tx.notices(self.code, after))
        for logged in new:
            try:
                self.match.apply(logged.action)
            except ValueError as exc:
                raise ops.TableRefused(
                    f"table {self.code}'s log does not replay at action {logged.n + 1}: {exc}"
                ) from None
            self.actions.append(logged.action)
            self.last_action_at = logged.at
        return True

    def submit(self, action: dict[str, Any], *, name: str, now: float) -> Submitted:
        """`name`'s action for their own seat; on "moved" the table is refreshed."""
        return self._submit(action, now, name=name)

    def _submit(
        self,
        action: dict[str, Any],
        now: float,
        *,
        name: str | None = None,
        seat: int | None = None,
    ) -> Submitted:
        """Append `action` (the person `name`'s, or the computer's at `seat`) and take it in."""
        applied = self.match.applied
        try:
            result = ops.submit(
                self.store, self.match, self.code, action,
                expected=self.log_length, now=now, name=name, computer_seat=seat,
            )  # fmt: skip
        except BaseException:
            # `ops.submit` advances the match inside the write transaction: one that failed
            # after it (its commit, say) was rolled back, and the match must not keep an
            # action the log does not have.
            if self.match.applied != applied:
                self.match = ops.replay(self.table, self.actions)
            raise
        if result.applied:
            self.actions.append(action)
            self.last_action_at = now
        # This connection's own commits leave its data_version as it was: read them back.
        self.refresh(force=True)
        return result

    def drive(
        self, owner: str, *, now: float, lease: float = DRIVER_LEASE, limit: int | None = None
    ) -> int:
        """If `owner` holds (or takes) the drivers' lease: hand silent seats to the stand-in
        computer and play the computer moves now pending (at most `limit`); how many it made."""
        self.refresh()
        if self.table.state != ops.PLAYING or not self._hold_lease(owner, now, lease):
            return 0
        row = self.table.row
        silent = [
            s for s in self.table.seats
            if s.name is not None and not s.stand_in
            and (s.last_seen is None or now - s.last_seen >= row.absent_after)
        ]  # fmt: skip
        if silent and ops.mark_absent(self.store, self.code, now=now):
            self.refresh(force=True)
        moves = 0
        while self.table.state == ops.PLAYING and (limit is None or moves < limit):
            pending = self.match.pending
            if pending is None:
                break
            seat = self.table.seats[pending.seat]
            if not seat.computer_plays:
                break
            level = seat.level or table_game(self.game).stand_in
            action = self.match.computer_action(
                level, computer_rng(self.table.row.seed, self.log_length)
            )
            result = self._submit(action, now, seat=pending.seat)
            if not result.applied:
                break
            moves += 1
        return moves

    def _hold_lease(self, owner: str, now: float, lease: float) -> bool:
        """Whether `owner` drives now. The lease is written only when it is taken or half
        spent, and another owner's live lease is seen without a write."""
        row = self.table.row
        until = row.driver_until if row.driver is not None else None
        if row.driver == owner and until is not None and until - now > lease / 2:
            return True
        if row.driver != owner and until is not None and until > now:
            return False
        held = ops.claim_driver(self.store, self.code, owner, now=now, lease=lease)
        self.refresh(force=True)
        return held
