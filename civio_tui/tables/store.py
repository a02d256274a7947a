"""The table store: every networked table of a class in one SQLite file in the save root.

A table's game is its seed plus its action log (the engines are deterministic), so the log is
the table: each action is appended in a transaction that first checks the log's length, and a
process that was killed resumes by replaying the committed actions. The file is in WAL mode
(readers never wait for the writer) with `synchronous=FULL` (a commit is on disk before it is
reported; a write that need not be, `write(durable=False)`, is committed without waiting for the
disk), and carries its own `application_id` and schema version (`user_version`).

A file this code cannot use (not SQLite, damaged, another program's database, a newer schema,
locked for longer than the timeout) raises `StoreUnavailable` with one sentence naming the file
and the problem; the file is then left exactly as it was: it is inspected through a read-only
connection before anything is written to it.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from civio_tui.safe_files import private_folder

FILE_NAME = "tables.sqlite3"
MARKS_NAME = ".table-marks"
"""The folder beside the table file holding each table's commit mark: an empty file named by
the table's code, whose time a commit sets once it can be read when it changed what that
table's seats must see at once (`Tx.woken`). A seat's process watching its own table's mark
learns of such a commit at once, and of no other table's (civio_tui/tables/wake.py). (The
log's own write comes before the commit can be read, so it cannot tell.) The commit that ends a
table for good (`Tx.end`) removes its mark instead, which wakes its watchers as well; the marks
of tables over otherwise (an open table expired, say) are removed by `ops.forget_marks`."""
SCHEMA_VERSION = 1
APPLICATION_ID = 0x43495654  # "CIVT" in ASCII: marks the file as a civio table store
SQLITE_NOTADB = 26
"""SQLite's result code for a file whose header is not an SQLite database's."""
DEFAULT_TIMEOUT = 5.0
"""Seconds a write waits for another process's write before the file is reported locked."""
WRITE_RETRY_SECONDS = 0.001
"""How often a write waiting for another's tries for the write lock again."""

_SCHEMA = """
CREATE TABLE tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    state TEXT NOT NULL,
    host TEXT NOT NULL,
    absent_after REAL NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    driver TEXT,
    driver_until REAL
);
CREATE TABLE seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    name TEXT,
    level TEXT,
    stand_in INTEGER NOT NULL DEFAULT 0,
    left_on_purpose INTEGER NOT NULL DEFAULT 0,
    last_seen REAL,
    PRIMARY KEY (code, seat)
);
CREATE TABLE actions (
    code TEXT NOT NULL REFERENCES tables(code),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    by_computer INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE notices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL REFERENCES tables(code),
    at REAL NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER,
    text TEXT NOT NULL
);
CREATE INDEX notices_by_table ON notices (code, id);
"""


class StoreUnavailable(Exception):
    """The table file cannot be used now; the message names the file and why."""


@dataclass(frozen=True, slots=True)
class TableRow:
    code: str
    game: str
    seats: int
    options: dict[str, Any]
    seed: int
    state: str
    host: str
    absent_after: float
    created: float
    updated: float
    driver: str | None
    driver_until: float | None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat. A person's seat has `name`; a computer's has `level` only. `stand_in`: the
    person's seat is played by the computer (`level`) now, because the person is away or left
    (`left_on_purpose`)."""

    seat: int
    name: str | None
    level: str | None
    stand_in: bool
    left_on_purpose: bool
    last_seen: float | None

    @property
    def is_empty(self) -> bool:
        return self.name is None and self.level is None

    @property
    def computer_plays(self) -> bool:
        """True when the computer chooses this seat's actions now."""
        return self.level is not None and (self.name is None or self.stand_in)


@dataclass(frozen=True, slots=True)
class LoggedAction:
    n: int
    """0-based position in the log."""
    seat: int
    action: dict[str, Any]
    by_computer: bool
    at: float


@dataclass(frozen=True, slots=True)
class Notice:
    id: int
    at: float
    kind: str
    seat: int | None
    text: str


def _table_row(r: sqlite3.Row) -> TableRow:
    return TableRow(
        code=r["code"],
        game=r["game"],
        seats=r["seats"],
        options=json.loads(r["options"]),
        seed=r["seed"],
        state=r["state"],
        host=r["host"],
        absent_after=r["absent_after"],
        created=r["created"],
        updated=r["updated"],
        driver=r["driver"],
        driver_until=r["driver_until"],
    )


def _seat_row(r: sqlite3.Row) -> SeatRow:
    return SeatRow(
        seat=r["seat"],
        name=r["name"],
        level=r["level"],
        stand_in=bool(r["stand_in"]),
        left_on_purpose=bool(r["left_on_purpose"]),
        last_seen=r["last_seen"],
    )


class TableStore:
    """One connection to the class's table file (one per process or thread that uses it)."""

    def __init__(self, path: Path, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self._lock = threading.Lock()
        if self.path.exists() and self.path.stat().st_size > 0:
            self._inspect()
        try:
            # The file holds every table's seed, so its deals: private to the account that
            # makes it, as the players' folders are (a class sharing it through a group, as in
            # the README's SSH recipe, gives the group its bits with chmod).
            private_folder(self.path.parent)
            with contextlib.suppress(FileExistsError):  # made by another process meanwhile
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            self._db = sqlite3.connect(
                self.path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as exc:
            raise StoreUnavailable(f"cannot open the table file {self.path}: {exc}") from None
        self._db.row_factory = sqlite3.Row
        # Names are compared as Python compares them (`Table.seat_of`), in the queries too:
        # SQLite's own NOCASE and lower() fold ASCII letters only.
        self._db.create_function("casefold", 1, _casefold, deterministic=True)
        try:
            self._prepare()
        except sqlite3.Error as exc:
            self._db.close()
            raise self._unavailable(exc) from None

    @classmethod
    def in_root(cls, save_root: Path, *, timeout: float = DEFAULT_TIMEOUT) -> TableStore:
        """The table file of the class served from `save_root`."""
        return cls(Path(save_root) / FILE_NAME, timeout=timeout)

    # ------------------------------------------------------------------ opening

    def _inspect(self) -> None:
        """Refuse a file that is not ours or not usable, without writing a byte to it.

        The file is read through SQLite only: a descriptor this process opens and closes on it
        outside SQLite drops every POSIX lock the process holds on it, those of its other
        connections too (a form over the Tables list opens a second store), and another
        process closing its connection would then delete the WAL from under them."""
        uri = f"{self.path.resolve().as_uri()}?mode=ro"
        try:
            ro = sqlite3.connect(uri, uri=True, timeout=self.timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise self._unavailable(exc) from None
        try:
            ro.execute("BEGIN")  # one snapshot: the file may be being made this moment
            app_id = ro.execute("PRAGMA application_id").fetchone()[0]
            version = ro.execute("PRAGMA user_version").fetchone()[0]
            check = ro.execute("PRAGMA quick_check").fetchone()[0]
            empty = ro.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        except sqlite3.Error as exc:
            if getattr(exc, "sqlite_errorcode", None) == SQLITE_NOTADB:
                raise StoreUnavailable(
                    f"the table file {self.path} is not an SQLite database (damaged or "
                    "replaced); it was left as it is"
                ) from None
            raise self._unavailable(exc) from None
        finally:
            ro.close()
        if check != "ok":
            raise StoreUnavailable(
                f"the table file {self.path} is damaged ({check}); it was left as it is"
            )
        if app_id == version == 0 and empty:
            # A database with nothing in it yet: another process of the class is making the
            # file this moment (its schema comes in one write transaction, which `_prepare`
            # waits for), or one was left empty. Nothing of anyone's is in it to keep.
            return
        if app_id != APPLICATION_ID:
            raise StoreUnavailable(
                f"{self.path} is another program's database, not civio's tables; "
                "it was left as it is"
            )
        if version > SCHEMA_VERSION:
            raise StoreUnavailable(
                f"the table file {self.path} has schema version {version}, newer than this "
                f"civio's {SCHEMA_VERSION}: update civio; the file was left as it is"
            )

    def _prepare(self) -> None:
        db = self._db
        self._wait_for_locks(self.timeout)
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode != "wal":
            raise StoreUnavailable(f"the table file {self.path} cannot use WAL mode ({mode})")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        with self.write() as cur:
            version = cur.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                cur.executescript_in_tx(_SCHEMA)
                cur.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                cur.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _unavailable(self, exc: sqlite3.Error) -> StoreUnavailable:
        text = str(exc)
        if _busy(exc):
            return StoreUnavailable(
                f"the table file {self.path} is locked by another program (waited "
                f"{self.timeout:g} s); try again"
            )
        if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
            return StoreUnavailable(
                f"the table file {self.path} is damaged ({text}); it was left as it is"
            )
        return StoreUnavailable(f"the table file {self.path} cannot be used: {text}")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> TableStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transactions

    @contextmanager
    def write(self, *, durable: bool = True) -> Iterator[Tx]:
        """A write transaction (BEGIN IMMEDIATE: it holds the one write lock from the start, so
        what it reads stays true until it commits). Any exception rolls it back. Not `durable`
        (a tab's "I am here", the computers' lease: what the next one writes again), it is
        committed without waiting for the disk: it survives a killed process, not a power cut
        before the next durable commit, and holds the write lock for a moment only (20 tabs'
        heartbeats, each waiting for the disk in turn, kept the tables' moves waiting). Once
        committed, it sets the commit mark of each table in `Tx.woken`, and removes that of each
        table it ended (`Tx.end`)."""
        with self._lock:
            tx = Tx(self._db)
            if not durable:
                self._db.execute("PRAGMA synchronous = NORMAL")
            try:
                with self._transaction():
                    yield tx
            finally:
                if not durable:
                    self._db.execute("PRAGMA synchronous = FULL")
            for code in tx.woken:
                if code in tx.ended:
                    self.remove_mark(code)
                else:
                    self._mark_committed(code)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        try:
            self._begin_immediate()
        except sqlite3.Error as exc:
            raise self._unavailable(exc) from None
        try:
            yield
        except sqlite3.Error as exc:
            self._db.execute("ROLLBACK")
            raise self._unavailable(exc) from None
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._db.execute("ROLLBACK")
            raise self._unavailable(exc) from None

    def _begin_immediate(self) -> None:
        """BEGIN IMMEDIATE, tried again every `WRITE_RETRY_SECONDS` while another connection
        holds the write lock, for up to `timeout`. SQLite's own wait (`busy_timeout`) sleeps in
        steps growing to 100 ms, so when many seats write at once (the opening's answers) a
        writer sleeps on long after the lock is free: the last of 20 writes of a few ms each
        waited up to 0.7 s that way, about 25 ms this way."""
        db = self._db
        deadline = time.monotonic() + self.timeout
        self._wait_for_locks(0)
        try:
            while True:
                try:
                    db.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if not _busy(exc) or time.monotonic() >= deadline:
                        raise
                time.sleep(WRITE_RETRY_SECONDS)
        finally:
            self._wait_for_locks(self.timeout)

    def _wait_for_locks(self, seconds: float) -> None:
        """How long SQLite itself waits for another connection's lock (`busy_timeout`)."""
        self._db.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")

    def _mark_committed(self, code: str) -> None:
        # Not for the table's sake: a mark that cannot be set (a folder shared read-only for
        # it, say) leaves the others to find the commit on their timer.
        mark = commit_mark(self.path, code)
        with contextlib.suppress(OSError):
            try:
                mark.touch()
            except FileNotFoundError:  # the first mark of this file: its folder is made
                mark.parent.mkdir(exist_ok=True)
                mark.touch()

    def marked(self) -> list[str]:
        """The codes of the tables that have a commit mark (none when the folder is missing or
        cannot be read)."""
        try:
            return [entry.name for entry in self.path.with_name(MARKS_NAME).iterdir()]
        except OSError:
            return []

    def remove_mark(self, code: str) -> None:
        """Remove table `code`'s commit mark: a seat watching it is woken and reads the table
        (civio_tui/tables/wake.py). One that cannot be removed is left; it does no harm."""
        with contextlib.suppress(OSError):
            commit_mark(self.path, code).unlink(missing_ok=True)

    @contextmanager
    def read(self) -> Iterator[Tx]:
        """A read transaction: one consistent snapshot of the file."""
        with self._lock:
            try:
                self._db.execute("BEGIN")
                yield Tx(self._db)
            except sqlite3.Error as exc:
                raise self._unavailable(exc) from None
            finally:
                if self._db.in_transaction:
                    self._db.execute("COMMIT")

    def data_version(self) -> int:
        """Changes whenever another connection commits to the file (a cheap poll)."""
        with self._lock:
            try:
                value: int = self._db.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.Error as exc:
                raise self._unavailable(exc) from None
            return value


def _casefold(text: str | None) -> str | None:
    return None if text is None else text.casefold()


def _busy(exc: sqlite3.Error) -> bool:
    """Whether `exc` says another connection holds the lock asked for."""
    text = str(exc)
    return "locked" in text or "busy" in text


def commit_mark(path: Path, code: str) -> Path:
    """Table `code`'s commit mark, for the table file `path` (`MARKS_NAME`)."""
    return path.with_name(MARKS_NAME) / code


class Tx:
    """The queries of one transaction; `sqlite3.Error`s surface as `StoreUnavailable` from the
    transaction's `with` block."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.woken: set[str] = set()
        """The tables whose seats this transaction wakes once committed: those whose log,
        notices or state it changed. Who sits where changes only with a notice saying so; a
        seat's last-seen time or the computers' lease alone wakes nobody (what comes of them,
        a seat handed to the computer, is a notice): each tab reads them on its timer."""
        self.ended: set[str] = set()
        """The tables this transaction ended for good (`end`): their marks are removed once it
        is committed."""

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        return self.db.execute(sql, params)

    def executescript_in_tx(self, script: str) -> None:
        """Each statement of `script` inside the open transaction (`executescript` would
        commit first)."""
        for statement in script.split(";"):
            if statement.strip():
                self.db.execute(statement)

    # tables
    def table(self, code: str) -> TableRow | None:
        r = self.execute("SELECT * FROM tables WHERE code = ?", (code,)).fetchone()
        return _table_row(r) if r is not None else None

    def tables(self, states: tuple[str, ...], seated: str | None = None) -> list[TableRow]:
        """The tables in `states`, oldest first; only those where `seated` has a seat when it
        is given (names compared casefolded)."""
        marks = ",".join("?" * len(states))
        sql = f"SELECT * FROM tables WHERE state IN ({marks})"
        params: tuple[str, ...] = states
        if seated is not None:
            sql += " AND code IN (SELECT code FROM seats WHERE casefold(name) = ?)"
            params += (seated.casefold(),)
        # Tables opened at the same time come in the order they were opened (rowid), whatever
        # plan SQLite picks for the query.
        rows = self.execute(f"{sql} ORDER BY created, rowid", params).fetchall()
        return [_table_row(r) for r in rows]

    def insert_table(self, row: TableRow) -> None:
        self.woken.add(row.code)
        self.execute(
            "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                row.code, row.game, row.seats, json.dumps(row.options), row.seed, row.state,
                row.host, row.absent_after, row.created, row.updated, row.driver,
                row.driver_until,
            ),
        )  # fmt: skip
        for s in range(row.seats):
            self.execute("INSERT INTO seats (code, seat) VALUES (?, ?)", (row.code, s))

    def set_state(self, code: str, state: str, now: float) -> None:
        self.woken.add(code)
        self.execute("UPDATE tables SET state = ?, updated = ? WHERE code = ?", (state, now, code))

    def end(self, code: str, state: str, now: float) -> None:
        """Table `code` is over for good in `state` (ended, abandoned): no seat waits on it any
        more, so its commit mark is removed instead of set."""
        self.set_state(code, state, now)
        self.ended.add(code)

    def set_driver(self, code: str, owner: str | None, until: float | None) -> None:
        self.execute(
            "UPDATE tables SET driver = ?, driver_until = ? WHERE code = ?", (owner, until, code)
        )

    # seats
    def seats(self, code: str) -> list[SeatRow]:
        rows = self.execute("SELECT * FROM seats WHERE code = ? ORDER BY seat", (code,))
        return [_seat_row(r) for r in rows.fetchall()]

    def update_seat(self, code: str, seat: int, **fields: Any) -> None:
        names = ", ".join(f"{k} = ?" for k in fields)
        self.execute(
            f"UPDATE seats SET {names} WHERE code = ? AND seat = ?",
            (*fields.values(), code, seat),
        )

    # the action log
    def log_length(self, code: str) -> int:
        n: int = self.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone()[0]
        return n

    def actions(self, code: str, since: int = 0) -> list[LoggedAction]:
        rows = self.execute(
            "SELECT n, seat, action, by_computer, at FROM actions WHERE code = ? AND n >= ? "
            "ORDER BY n",
            (code, since),
        ).fetchall()
        return [LoggedAction(r[0], r[1], json.loads(r[2]), bool(r[3]), r[4]) for r in rows]

    def append_action(
        self, code: str, n: int, seat: int, action: dict[str, Any], by_computer: bool, now: float
    ) -> None:
        self.woken.add(code)
        self.execute(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
            (code, n, seat, json.dumps(action, sort_keys=True), int(by_computer), now),
        )
        self.execute("UPDATE tables SET updated = ? WHERE code = ?", (now, code))

    # notices
    def notify(self, code: str, now: float, kind: str, seat: int | None, text: str) -> None:
        self.woken.add(code)
        self.execute(
            "INSERT INTO notices (code, at, kind, seat, text) VALUES (?, ?, ?, ?, ?)",
            (code, now, kind, seat, text),
        )

    def notices(self, code: str, after: int = 0) -> list[Notice]:
        rows = self.execute(
            "SELECT id, at, kind, seat, text FROM notices WHERE code = ? AND id > ? ORDER BY id",
            (code, after),
        ).fetchall()
        return [Notice(r["id"], r["at"], r["kind"], r["seat"], r["text"]) for r in rows]
