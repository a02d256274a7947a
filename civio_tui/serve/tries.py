"""Wrong-PIN tries, counted in one place that every tab sees: a SQLite file under the save root.

Each tab is its own process, so the count lives in `.tries.sqlite3` (standard library `sqlite3`,
private to the server's account) and every decision is one `BEGIN IMMEDIATE` transaction: a try
is reserved (counted for the name) before its PIN is checked, so tabs racing each other cannot
check more PINs for a name than its limit allows between them.

Limits, each a bucket of tries that refills at a steady rate:
- per client (the computer a tab connects from): `CLIENT_LIMIT`, 5 tries, then one every 12 s
  (5 a minute). A guesser is slowed on every name at once; a right PIN from the client gives
  its tries back (a class behind one address shares them).
- per name: `NAME_LIMIT`, 10 tries, then one every 6 minutes (10 an hour, 240 a day). Computers
  the name never signed in from share one bucket for it; each computer the name did sign in from
  has its own. So a classmate guessing from their own computer cannot lock the owner out of
  their usual computer, and all the tabs and computers in a class together try at most 250 PINs
  a day for a name: about 40 days for every 4-digit PIN. The teacher sees the count of wrong
  PINs and the wait in `civio class`, and `civio class reset-pin` clears them.
- new names per client: `NEW_NAME_LIMIT`, so a script cannot fill the class list.

Names that have no player are counted exactly like names that have one, so the answers never
tell which names exist. The clock is injected, so tests never sleep.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

DB_FILE = ".tries.sqlite3"
BUSY_TIMEOUT_S = 30.0
LOCAL = "this computer"
"""The client of a tab that is not served over the network (tests, a terminal)."""


@dataclass(frozen=True)
class Limit:
    """A bucket of `tries` that gets one try back every `every` seconds."""

    tries: int
    every: float

    def now(self, left: float, since: float, now: float) -> float:
        """Tries left at `now`, given `left` at `since`."""
        return min(float(self.tries), left + max(0.0, now - since) / self.every)

    def wait(self, left: float) -> float:
        """Seconds until a bucket with `left` tries has one."""
        return max(0.0, (1.0 - left) * self.every)


CLIENT_LIMIT = Limit(5, 12.0)
NAME_LIMIT = Limit(10, 360.0)
NEW_NAME_LIMIT = Limit(40, 30.0)
"""New names a client may make: a whole class behind one address at once, then two a minute."""


class TriesUnreadable(ValueError):
    """The file of wrong-PIN tries is damaged (not SQLite, or corrupt); the message names it.
    It is left as it is, and no PIN can be checked until the teacher moves it away."""


@dataclass(frozen=True)
class Reservation:
    """A try counted before its PIN is checked (`wait` 0), or how long to wait and why."""

    wait: float = 0.0
    for_name: bool = False
    scope: str = ""
    client_scope: str = ""


@dataclass(frozen=True)
class NameState:
    """What the teacher sees of a name: wrong PINs so far, and how long computers the name
    never signed in from must wait before the next try."""

    wrong: int
    last_wrong: float | None
    wait: float


SCHEMA = """
CREATE TABLE IF NOT EXISTS buckets (scope TEXT PRIMARY KEY, left REAL NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS known (name TEXT NOT NULL, client TEXT NOT NULL,
                                  PRIMARY KEY (name, client));
CREATE TABLE IF NOT EXISTS wrong (name TEXT PRIMARY KEY, count INTEGER NOT NULL, at REAL NOT NULL);
"""


class TriesStore:
    """The tries of every name and client under one save root."""

    def __init__(self, root: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = root / DB_FILE
        self.clock = clock

    # -- the database ---------------------------------------------------------------------

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken before anything is read (so nobody reads between)."""
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            connection.executescript(SCHEMA)
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
        except sqlite3.OperationalError:
            raise  # busy or locked: not damage
        except sqlite3.DatabaseError as exc:
            raise self._damaged(exc) from None
        finally:
            connection.close()

    def _damaged(self, why: object) -> TriesUnreadable:
        return TriesUnreadable(
            f"the count of wrong PINs {self.path} is damaged ({why}); it was left as it is: "
            "nobody can sign in until it is moved away (the count then starts again)"
        )

    def problem(self) -> str | None:
        """Why the file cannot be used (read-only: nothing is written), or None."""
        if not self.path.exists():
            return None
        if not self.path.is_file():  # a folder in its place: SQLite cannot open it at all
            return str(self._damaged("not a file"))
        try:
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
            try:
                (check,) = db.execute("PRAGMA quick_check").fetchone()
            finally:
                db.close()
        except sqlite3.OperationalError:
            return None  # busy or locked: not damage
        except sqlite3.DatabaseError as exc:
            return str(self._damaged(exc))
        return None if check == "ok" else str(self._damaged(check))

    @staticmethod
    def _left(db: sqlite3.Connection, scope: str, limit: Limit, now: float) -> float:
        row = db.execute("SELECT left, at FROM buckets WHERE scope = ?", (scope,)).fetchone()
        return float(limit.tries) if row is None else limit.now(row[0], row[1], now)

    @staticmethod
    def _set(db: sqlite3.Connection, scope: str, left: float, limit: Limit, now: float) -> None:
        if left >= limit.tries:  # a full bucket is the same as none: keep the file small
            db.execute("DELETE FROM buckets WHERE scope = ?", (scope,))
        else:
            db.execute("INSERT OR REPLACE INTO buckets VALUES (?, ?, ?)", (scope, left, now))

    @staticmethod
    def _name_scope(db: sqlite3.Connection, name: str, client: str) -> str:
        known = db.execute(
            "SELECT 1 FROM known WHERE name = ? AND client = ?", (name, client)
        ).fetchone()
        return f"name:{name}\n{client}" if known else f"name:{name}"

    # -- the decisions --------------------------------------------------------------------

    def reserve(self, name: str, client: str) -> Reservation:
        """Count one try of a PIN for `name` (its folder key) from `client`, or say how long
        to wait: the client's limit first, then the name's.

        The name's try is taken now, before the PIN is checked, so racing tabs never check more
        PINs for a name than its limit. The client's try is taken when the PIN proves wrong
        (`wrong`): tabs of one address signing in at once are not turned away, and a burst of
        racing wrong tries leaves the client that much longer to wait."""
        now = self.clock()
        with self._transaction() as db:
            client_scope = f"client:{client}"
            scope = self._name_scope(db, name, client)
            client_left = self._left(db, client_scope, CLIENT_LIMIT, now)
            if client_left < 1:
                return Reservation(CLIENT_LIMIT.wait(client_left))
            name_left = self._left(db, scope, NAME_LIMIT, now)
            if name_left < 1:
                return Reservation(NAME_LIMIT.wait(name_left), for_name=True)
            self._set(db, scope, name_left - 1, NAME_LIMIT, now)
        return Reservation(scope=scope, client_scope=client_scope)

    def wrong(self, name: str, reservation: Reservation) -> None:
        """A reserved try was wrong: the client's try is taken too, and the teacher's count
        goes up (the name's try stays taken)."""
        now = self.clock()
        with self._transaction() as db:
            left = self._left(db, reservation.client_scope, CLIENT_LIMIT, now)
            self._set(db, reservation.client_scope, left - 1, CLIENT_LIMIT, now)
            db.execute(
                "INSERT INTO wrong VALUES (?, 1, ?) "
                "ON CONFLICT (name) DO UPDATE SET count = count + 1, at = excluded.at",
                (name, now),
            )

    def signed_in(self, name: str, client: str, reservation: Reservation) -> None:
        """The right PIN: the client's tries and its own bucket for the name are whole again,
        a try taken from the name's shared bucket is given back, and from now on this client
        has its own bucket for the name."""
        now = self.clock()
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO known VALUES (?, ?)", (name, client))
            for scope in (reservation.client_scope, f"name:{name}\n{client}"):
                db.execute("DELETE FROM buckets WHERE scope = ?", (scope,))
            if reservation.scope == f"name:{name}":
                left = self._left(db, reservation.scope, NAME_LIMIT, now)
                self._set(db, reservation.scope, left + 1, NAME_LIMIT, now)

    def new_name(self, name: str, client: str) -> float:
        """A PIN is being chosen for a name that has none (no guess, so no try is counted):
        0 when the client may make another new name (`NEW_NAME_LIMIT`; the client then has its
        own bucket for the name), else the seconds to wait."""
        now = self.clock()
        with self._transaction() as db:
            scope = f"new:{client}"
            left = self._left(db, scope, NEW_NAME_LIMIT, now)
            if left < 1:
                return NEW_NAME_LIMIT.wait(left)
            self._set(db, scope, left - 1, NEW_NAME_LIMIT, now)
            db.execute("INSERT OR IGNORE INTO known VALUES (?, ?)", (name, client))
        return 0.0

    def forget(self, name: str) -> bool:
        """Clear everything counted for `name` (the teacher's reset-pin); False if nothing was."""
        if not self.path.exists():
            return False
        with self._transaction() as db:
            removed = db.execute("DELETE FROM wrong WHERE name = ?", (name,)).rowcount
            removed += db.execute(
                "DELETE FROM buckets WHERE scope = ? OR scope LIKE ?",
                (f"name:{name}", f"name:{name}\n%"),
            ).rowcount
        return removed > 0

    # -- the teacher's view (read-only) ---------------------------------------------------

    def state(self, name: str) -> NameState:
        """What was counted for `name`; reading changes no file (nothing when there is none)."""
        if not self.path.exists():
            return NameState(0, None, 0.0)
        try:
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
        except sqlite3.Error:
            return NameState(0, None, 0.0)
        try:
            wrong = db.execute("SELECT count, at FROM wrong WHERE name = ?", (name,)).fetchone()
            bucket = db.execute(
                "SELECT left, at FROM buckets WHERE scope = ?", (f"name:{name}",)
            ).fetchone()
        except sqlite3.Error:
            return NameState(0, None, 0.0)
        finally:
            db.close()
        now = self.clock()
        left = NAME_LIMIT.tries if bucket is None else NAME_LIMIT.now(bucket[0], bucket[1], now)
        return NameState(
            wrong=int(wrong[0]) if wrong else 0,
            last_wrong=float(wrong[1]) if wrong else None,
            wait=NAME_LIMIT.wait(left),
        )
