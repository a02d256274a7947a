"""What players and the teacher do with tables, as functions over the store.

Each operation reads and writes in one transaction: it either happens whole or, refused with a
`TableRefused` whose message says why, changes nothing. Times come in as `now` (seconds since
the epoch) so a test can move the clock.

A table's seats: the host takes seat 0 when the table is opened; people join the first empty
seat; `start` fills the rest with computers. A person's seat is played by the game's stand-in
computer (Medium) while the person is away (no heartbeat for `absent_after` seconds) or after
they left on purpose, and is given back when they return.
"""

from __future__ import annotations

import contextlib
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from civio_tui.tables.games import TableMatch, TableRefused, new_match, table_game
from civio_tui.tables.store import SeatRow, StoreUnavailable, TableRow, TableStore, Tx

CODE_ALPHABET = "ACDEFGHJKMNPQRTVWXY34679"
"""Join-code characters: no look-alikes (0/O/D-less pairs: 0, O, 1, I, L, 2, Z, 5, S, 8, B, U)."""
CODE_LENGTH = 4
DEFAULT_ABSENT_AFTER = 120.0
OPEN_TABLE_HOURS = 12
"""An open table nobody started expires after this many hours (its code no longer joins)."""
MAX_NAME = 40
MAX_WAITING = 3
"""Tables not yet started that one player may sit at, their own or a classmate's, at once: each
open table is listed on every classmate's Tables screen, and each seat taken is one a classmate
cannot take, so one player can neither fill the list nor the class's empty seats."""

OPEN, PLAYING, ENDED, ABANDONED = "open", "playing", "ended", "abandoned"
STATES = (OPEN, PLAYING, ENDED, ABANDONED)


@dataclass(frozen=True, slots=True)
class Table:
    """One table as read in one snapshot."""

    row: TableRow
    seats: tuple[SeatRow, ...]
    log_length: int

    @property
    def code(self) -> str:
        return self.row.code

    @property
    def state(self) -> str:
        return self.row.state

    def to_json(self) -> dict[str, Any]:
        """The table as `civio table --json` and the class list show it."""
        return {
            "code": self.code,
            "game": self.row.game,
            "state": self.state,
            "host": self.row.host,
            "seats": [self.label(s.seat) for s in self.seats],
            "actions": self.log_length,
        }

    def summary(self) -> str:
        """One line: code, game, state and who sits where."""
        seats = ", ".join(self.label(s.seat) for s in self.seats)
        return f"{self.code}  {table_game(self.row.game).title:<13}  {self.state:<8}  {seats}"

    def seat_of(self, name: str) -> int | None:
        key = name.casefold()
        for s in self.seats:
            if s.name is not None and s.name.casefold() == key:
                return s.seat
        return None

    def label(self, seat: int) -> str:
        """How the others see a seat: 'Ana', 'Ana (computer: medium, while away)', 'Computer
        (hard)', 'empty'."""
        s = self.seats[seat]
        if s.name is None:
            return f"Computer ({s.level})" if s.level is not None else "empty"
        if s.stand_in:
            why = "left" if s.left_on_purpose else "while away"
            return f"{s.name} (computer: {s.level}, {why})"
        return s.name


def normalise_code(text: str) -> str:
    """The code as stored (upper case, spaces dropped); TableRefused for a malformed one."""
    code = "".join(text.split()).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise TableRefused(
            f"{text!r} is not a table code: a code is {CODE_LENGTH} characters from {CODE_ALPHABET}"
        )
    return code


def _new_code(tx: Tx, choose: Callable[[str], str]) -> str:
    while True:
        code = "".join(choose(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if tx.table(code) is None:
            return code


def _check_name(name: str) -> str:
    """The name as every seat will see it (spaces folded), or TableRefused. No control or
    format character: the name is printed to classmates' terminals, where an escape would
    drive their screen, and a direction mark would make it read as another name."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME:
        raise TableRefused(f"a player's name is 1 to {MAX_NAME} characters, not {name!r}", "name")
    hidden = next((c for c in name if unicodedata.category(c).startswith("C")), None)
    if hidden is not None:
        raise TableRefused(
            f"a player's name cannot hold the control character U+{ord(hidden):04X}: {name!r}",
            "name",
        )
    return name


def read_snapshot(tx: Tx, code: str) -> Table:
    row = tx.table(code)
    if row is None:
        raise TableRefused(f"no table has the code {code}")
    return Table(row, tuple(tx.seats(code)), tx.log_length(code))


def read_table(store: TableStore, code: str) -> Table:
    with store.read() as tx:
        return read_snapshot(tx, normalise_code(code))


def list_tables(
    store: TableStore, states: tuple[str, ...] = (OPEN, PLAYING), *, seated: str | None = None
) -> list[Table]:
    """The tables in `states` (by default those still open or playing), oldest first; with
    `seated`, only those where that name has a seat (found by the query: the tables read are
    the player's own, however many the class has)."""
    with store.read() as tx:
        return [read_snapshot(tx, row.code) for row in tx.tables(states, seated)]


def tables_for(store: TableStore, name: str) -> list[Table]:
    """The tables `name`'s list shows: every open table, `name`'s own tables, and the
    classmates' games a person still plays. A game that only computers play now (everyone at
    it left or is away) is left out of the others' lists: nobody can join it, and such games
    would pile up there; its players still find it in theirs and may come back to it."""
    return [
        t
        for t in list_tables(store)
        if t.state == OPEN
        or t.seat_of(name) is not None
        or not all(s.computer_plays for s in t.seats)
    ]


def tables_of(store: TableStore, name: str) -> list[Table]:
    """The open or playing tables where `name` has a seat (offered first on signing in)."""
    return list_tables(store, seated=name)


def open_table(
    store: TableStore,
    host: str,
    game: str,
    seats: int,
    options: dict[str, Any] | None = None,
    *,
    now: float,
    seed: int | None = None,
    computer: str | None = None,
    absent_after: float = DEFAULT_ABSENT_AFTER,
    choose: Callable[[str], str] = secrets.choice,
) -> Table:
    """A new open table with `host` in seat 0; `computer` is the level that fills empty seats
    at the start (default: the game's stand-in level)."""
    spec = table_game(game)
    host = _check_name(host)
    low, high = spec.seats
    if not low <= seats <= high:
        raise TableRefused(f"{spec.title} is played by {low} to {high}, not {seats}", "seats")
    opts = spec.options(dict(options or {}))
    level = computer or spec.stand_in
    if level not in spec.levels:
        raise TableRefused(
            f"{spec.title} has no computer level {level!r}: choose from {', '.join(spec.levels)}",
            "computer",
        )
    opts["computer"] = level
    if absent_after <= 0:
        raise TableRefused(f"the wait before a computer stands in must be positive: {absent_after}")
    seed = secrets.randbits(32) if seed is None else seed
    with store.write() as tx:
        _check_waiting(tx, host, now)
        code = _new_code(tx, choose)
        row = TableRow(
            code, game, seats, opts, seed, OPEN, host, absent_after, now, now, None, None
        )
        tx.insert_table(row)
        tx.update_seat(code, 0, name=host, last_seen=now)
        text = f"{host} opened table {code} ({spec.title}, {seats} seats)"
        tx.notify(code, now, "opened", 0, text)
        table = read_snapshot(tx, code)
    # A new table is the moment to tidy: the table is open whether or not that can be done.
    with contextlib.suppress(StoreUnavailable):
        forget_marks(store, now=now)
    return table


def forget_marks(store: TableStore, *, now: float) -> list[str]:
    """Remove the commit marks of the tables no seat waits on any more (ended or abandoned,
    expired before anyone started them, or not in the file), which a commit ending a table did
    not remove (a table over before marks were removed, or whose mark a seat made again since);
    the codes whose marks were removed. The marks are listed before the tables are read: a table
    opened meanwhile whose mark is listed is then read too, and keeps it."""
    marked = store.marked()
    if not marked:
        return []
    with store.read() as tx:
        waited = {row.code for row in tx.tables((OPEN, PLAYING)) if not _expired(row, now)}
    gone = [code for code in marked if code not in waited]
    for code in gone:
        store.remove_mark(code)
    return gone


def _check_waiting(tx: Tx, name: str, now: float) -> None:
    """TableRefused when `name` already sits at `MAX_WAITING` tables not yet started."""
    waiting = [row.code for row in tx.tables((OPEN,), name) if not _expired(row, now)]
    if len(waiting) >= MAX_WAITING:
        raise TableRefused(
            f"{name} already waits at {len(waiting)} tables not yet started "
            f"({', '.join(waiting)}): start one, or leave one, first"
        )


def _expired(row: TableRow, now: float) -> bool:
    """An open table nobody started for `OPEN_TABLE_HOURS`: its code no longer joins."""
    return row.state == OPEN and now - row.updated > OPEN_TABLE_HOURS * 3600


def _joinable(table: Table, now: float) -> None:
    row = table.row
    if row.state == ABANDONED:
        raise TableRefused(f"table {row.code} was closed by the teacher: its code has expired")
    if row.state == ENDED:
        raise TableRefused(f"the game at table {row.code} has ended")
    if _expired(row, now):
        raise TableRefused(
            f"table {row.code} has expired: nobody started it for {OPEN_TABLE_HOURS} hours"
        )


def join(store: TableStore, code: str, name: str, *, now: float) -> tuple[Table, int]:
    """Seat `name` at the first empty seat of an open table; the table and the seat."""
    code = normalise_code(code)
    name = _check_name(name)
    with store.write() as tx:
        table = read_snapshot(tx, code)
        _joinable(table, now)
        mine = table.seat_of(name)
        if mine is not None:
            raise TableRefused(
                f"{table.seats[mine].name} already has seat {mine + 1} at table {code}"
            )
        empty = [s.seat for s in table.seats if s.is_empty]
        if table.state != OPEN or not empty:
            raise TableRefused(f"table {code} is full ({table.row.seats} seats)")
        _check_waiting(tx, name, now)
        seat = empty[0]
        tx.update_seat(code, seat, name=name, last_seen=now)
        tx.set_state(code, OPEN, now)
        tx.notify(code, now, "joined", seat, f"{name} sat down at seat {seat + 1}")
        return read_snapshot(tx, code), seat


def start(store: TableStore, code: str, name: str, *, now: float) -> Table:
    """The host starts the game: every empty seat gets a computer of the table's level."""
    code = normalise_code(code)
    with store.write() as tx:
        table = read_snapshot(tx, code)
        _joinable(table, now)
        if table.state != OPEN:
            raise TableRefused(f"table {code} has already started")
        if table.row.host.casefold() != name.casefold():
            raise TableRefused(f"only {table.row.host}, who opened table {code}, can start it")
        level = table.row.options["computer"]
        for s in table.seats:
            if s.is_empty:
                tx.update_seat(code, s.seat, level=level)
        tx.set_state(code, PLAYING, now)
        tx.notify(code, now, "started", None, f"{name} started the game")
        return read_snapshot(tx, code)


def leave(store: TableStore, code: str, name: str, *, now: float) -> Table:
    """`name` leaves on purpose: before the start the seat is freed (a host's leaving closes
    the table); during the game the stand-in computer plays it from now on, and the others are
    told."""
    code = normalise_code(code)
    with store.write() as tx:
        table = read_snapshot(tx, code)
        seat = _seat_of(table, name)
        if table.state == OPEN:
            if seat == 0:
                tx.end(code, ABANDONED, now)
                tx.notify(code, now, "closed", 0, f"{name} left and closed the table")
            else:
                tx.update_seat(code, seat, name=None, last_seen=None)
                tx.notify(code, now, "left", seat, f"{name} left seat {seat + 1}")
            return read_snapshot(tx, code)
        if table.state != PLAYING:
            raise TableRefused(f"the game at table {code} is no longer being played")
        level = table_game(table.row.game).stand_in
        tx.update_seat(code, seat, stand_in=1, left_on_purpose=1, level=level)
        text = f"{name} left the table; the computer ({level}) plays for them"
        tx.notify(code, now, "left", seat, text)
        return read_snapshot(tx, code)


def _seat_of(table: Table, name: str) -> int:
    seat = table.seat_of(name)
    if seat is None:
        raise TableRefused(f"{name} has no seat at table {table.code}")
    return seat


def heartbeat(store: TableStore, code: str, name: str, *, now: float) -> Table:
    """`name`'s tab is here: its seat counts as present, and a seat the computer held while
    they were away (or after they left) is given back, with a word to the others."""
    code = normalise_code(code)
    with store.write(durable=False) as tx:
        table = read_snapshot(tx, code)
        seat = _seat_of(table, name)
        s = table.seats[seat]
        fields: dict[str, Any] = {"last_seen": now}
        if s.stand_in and table.state == PLAYING:
            fields.update(stand_in=0, left_on_purpose=0, level=None)
            tx.notify(code, now, "back", seat, f"{s.name} is back and plays seat {seat + 1} again")
        tx.update_seat(code, seat, **fields)
        return read_snapshot(tx, code)


def mark_absent(store: TableStore, code: str, *, now: float) -> list[int]:
    """Hand every person's seat silent for the table's `absent_after` seconds to the stand-in
    computer; the seats handed over now."""
    code = normalise_code(code)
    with store.write() as tx:
        table = read_snapshot(tx, code)
        if table.state != PLAYING:
            return []
        level = table_game(table.row.game).stand_in
        handed = []
        for s in table.seats:
            if s.name is None or s.stand_in:
                continue
            if s.last_seen is None or now - s.last_seen >= table.row.absent_after:
                tx.update_seat(code, s.seat, stand_in=1, level=level)
                tx.notify(
                    code, now, "away", s.seat,
                    f"{s.name} is away; the computer ({level}) plays for them until they return",
                )  # fmt: skip
                handed.append(s.seat)
        return handed


def close(store: TableStore, code: str, *, now: float, by: str = "the teacher") -> Table:
    """The teacher closes a table: it is recorded as abandoned and its code stops joining."""
    code = normalise_code(code)
    with store.write() as tx:
        table = read_snapshot(tx, code)
        if table.state in (ENDED, ABANDONED):
            raise TableRefused(f"table {code} is already {table.state}")
        tx.end(code, ABANDONED, now)
        tx.notify(code, now, "closed", None, f"{by} closed the table; the game is abandoned")
        return read_snapshot(tx, code)


# --------------------------------------------------------------------------- the action log


@dataclass(frozen=True, slots=True)
class Submitted:
    """What became of a submitted action. `status`: "applied" (now at `log_length`), "moved"
    (the log had moved on: reload and look again) or "refused" (`message` says why; logged)."""

    status: str
    log_length: int
    message: str = ""

    @property
    def applied(self) -> bool:
        return self.status == "applied"


def replay(table: Table, actions: list[dict[str, Any]]) -> TableMatch:
    """The table's match with the logged actions applied (checked) in order."""
    match = new_match(table.row.game, table.row.seats, table.row.options, table.row.seed)
    for n, action in enumerate(actions):
        try:
            match.apply(action)
        except ValueError as exc:
            raise TableRefused(
                f"table {table.code}'s log does not replay at action {n + 1}: {exc}"
            ) from None
    return match


def submit(
    store: TableStore,
    match: TableMatch,
    code: str,
    action: dict[str, Any],
    *,
    expected: int,
    now: float,
    name: str | None = None,
    computer_seat: int | None = None,
) -> Submitted:
    """Append `action` to the table's log if `match` (the table replayed to its first
    `expected` logged actions) shows it legal for the acting seat: the person `name`'s own seat, or
    `computer_seat` when the computer plays that seat. The append checks the log's length: if
    another action came first, nothing is written and the result is "moved". A refusal is
    written to the table's notices, never to the log. `match` is advanced on success."""
    code = normalise_code(code)
    pending = match.pending
    with store.write() as tx:
        table = read_snapshot(tx, code)
        n = table.log_length
        if expected != n:
            return Submitted("moved", n, "the table moved on: look at it again")
        why = _why_refused(table, match, pending, action, name, computer_seat)
        if why is not None:
            who = name if name is not None else f"the computer at seat {computer_seat}"
            tx.notify(code, now, "refused", None, f"refused from {who}: {why}")
            return Submitted("refused", n, why)
        assert pending is not None
        tx.append_action(code, n, pending.seat, action, name is None, now)
        if name is not None:
            tx.update_seat(code, pending.seat, last_seen=now)
        match.apply(action)
        if match.is_over:
            tx.end(code, ENDED, now)
            tx.notify(code, now, "ended", None, "the game is over")
        return Submitted("applied", n + 1)


def _why_refused(
    table: Table,
    match: TableMatch,
    pending: Any,
    action: dict[str, Any],
    name: str | None,
    computer_seat: int | None,
) -> str | None:
    if table.state != PLAYING:
        return f"table {table.code} is {table.state}, not playing"
    if pending is None:
        return "the game is over"
    if name is not None:
        seat = table.seat_of(name)
        if seat is None:
            return f"{name} has no seat at table {table.code}"
        if table.seats[seat].stand_in:
            return f"the computer plays {name}'s seat now; come back to the table first"
    elif computer_seat is not None:
        seat = computer_seat
        if not 0 <= seat < len(table.seats) or not table.seats[seat].computer_plays:
            return f"the computer does not play seat {seat + 1}"
    else:
        return "an action names no seat"
    if seat != pending.seat:
        return f"it is seat {pending.seat + 1}'s decision, not seat {seat + 1}'s"
    if action not in pending.options:
        return f"{action} is not one of the legal actions now"
    return None


def claim_driver(store: TableStore, code: str, owner: str, *, now: float, lease: float) -> bool:
    """Whether `owner` (one process) plays the table's computer seats until `now + lease`: the
    lease is free, expired, or already `owner`'s (then it is renewed). One driver at a time
    keeps the computers' work in one process; if it dies, its lease runs out and another seat's
    process takes over."""
    code = normalise_code(code)
    with store.write(durable=False) as tx:
        row = tx.table(code)
        if row is None:
            raise TableRefused(f"no table has the code {code}")
        free = row.driver is None or row.driver_until is None or row.driver_until <= now
        if not free and row.driver != owner:
            return False
        tx.set_driver(code, owner, now + lease)
        return True
