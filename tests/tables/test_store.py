"""The table file: its schema version, WAL mode, files it refuses (kept byte for byte), a lock
held by another program, and the log's optimistic append."""

from __future__ import annotations

import hashlib
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from civio_tui.tables import ops
from civio_tui.tables import store as store_module
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import (
    APPLICATION_ID,
    FILE_NAME,
    SCHEMA_VERSION,
    WRITE_RETRY_SECONDS,
    StoreUnavailable,
    TableStore,
)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def started_table(store: TableStore, game: str = "civio", seats: int = 2) -> ops.Table:
    options = {} if game == "concentration" else {"rounds": 1}
    table = ops.open_table(store, "Ana", game, seats, options, now=0, seed=11)
    ops.join(store, table.code, "Ben", now=1)
    return ops.start(store, table.code, "Ana", now=2)


def test_a_new_file_has_the_schema_version_and_wal_mode_and_is_private(tmp_path: Path) -> None:
    root = tmp_path / "class"
    TableStore.in_root(root).close()
    assert stat.S_IMODE(root.stat().st_mode) == 0o700  # it holds every table's deals
    assert stat.S_IMODE((root / FILE_NAME).stat().st_mode) == 0o600
    db = sqlite3.connect(root / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_only_a_write_that_need_not_wait_for_the_disk_is_committed_without_it(
    tmp_path: Path,
) -> None:
    full, normal = 2, 1  # PRAGMA synchronous
    with TableStore.in_root(tmp_path) as store:
        with store.write(durable=False) as tx:
            assert tx.execute("PRAGMA synchronous").fetchone()[0] == normal
        with pytest.raises(ValueError), store.write(durable=False):
            raise ValueError("rolled back")
        with store.write() as tx:
            assert tx.execute("PRAGMA synchronous").fetchone()[0] == full


def test_an_existing_file_is_opened_again_with_its_tables(tmp_path: Path) -> None:
    with TableStore.in_root(tmp_path) as store:
        code = started_table(store).code
    with TableStore.in_root(tmp_path) as store:
        assert [t.code for t in ops.list_tables(store)] == [code]


def refused_unchanged(path: Path, words: str) -> None:
    before = digest(path)
    with pytest.raises(StoreUnavailable, match=words) as info:
        TableStore(path, timeout=0.2)
    assert str(path) in str(info.value)
    assert digest(path) == before


def test_a_newer_schema_is_refused_and_kept_byte_for_byte(tmp_path: Path) -> None:
    with TableStore.in_root(tmp_path) as store:
        started_table(store)
    path = tmp_path / FILE_NAME
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    refused_unchanged(path, "newer than this civio")


def test_a_second_store_in_one_process_leaves_the_first_seeing_other_processes_commits(
    tmp_path: Path,
) -> None:
    # A process that opens the file a second time (a form over the Tables list does) must not
    # drop the first connection's locks: another process closing its connection would then
    # delete the WAL, and the first connection would read the old file for good.
    with TableStore.in_root(tmp_path) as listing:
        assert ops.list_tables(listing) == []
        TableStore.in_root(tmp_path).close()
        subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from civio_tui.tables import ops, store; "
                "ops.open_table(store.TableStore.in_root(sys.argv[1]), 'Cy', 'civio', 2, now=0)",
                str(tmp_path),
            ],
            check=True,
        )
        assert (tmp_path / (FILE_NAME + "-wal")).exists()
        assert [t.row.host for t in ops.list_tables(listing)] == ["Cy"]


def test_a_file_that_is_not_sqlite_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"this is a campaign, not a database\n" * 50)
    refused_unchanged(path, "not an SQLite database")


def test_a_damaged_file_is_refused_and_kept(tmp_path: Path) -> None:
    with TableStore.in_root(tmp_path) as store:
        for _ in range(30):
            started_table(store)
    path = tmp_path / FILE_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    data[page + 8 : 3 * page] = b"\xff" * (2 * page - 8)  # pages 2-3: b-tree pages turned to junk
    path.write_bytes(bytes(data))
    refused_unchanged(path, "damaged")


def test_another_programs_database_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE grades (pupil TEXT, mark INTEGER)")
    db.execute("INSERT INTO grades VALUES ('Ana', 1)")
    db.commit()
    db.close()
    refused_unchanged(path, "another program's database")


def test_a_file_another_tab_is_making_this_moment_is_opened_not_refused(tmp_path: Path) -> None:
    # What a second tab finds while the first opens a class's tables for the first time: the
    # file in WAL mode with nothing in it yet (the schema comes in the first tab's transaction).
    path = tmp_path / FILE_NAME
    making = sqlite3.connect(path)
    assert making.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    with TableStore(path) as store:
        assert started_table(store).state == ops.PLAYING
    making.close()


def test_a_refused_file_leaves_other_save_roots_working(tmp_path: Path) -> None:
    bad = tmp_path / "class-a" / FILE_NAME
    bad.parent.mkdir()
    bad.write_bytes(b"junk" * 100)
    with pytest.raises(StoreUnavailable):
        TableStore(bad)
    with TableStore.in_root(tmp_path / "class-b") as store:
        assert started_table(store).state == ops.PLAYING


def test_a_locked_file_is_reported_and_changes_nothing(tmp_path: Path) -> None:
    with TableStore.in_root(tmp_path, timeout=0.2) as store:
        code = started_table(store).code
        path = tmp_path / FILE_NAME
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreUnavailable, match="locked by another program"):
                ops.close(store, code, now=5)
            with pytest.raises(StoreUnavailable, match="locked by another program"):
                TableStore(path, timeout=0.2)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert ops.read_table(store, code).state == ops.PLAYING


def test_a_write_waiting_for_another_begins_at_its_next_try_after_the_lock_is_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TableStore.in_root(tmp_path) as store:
        code = started_table(store).code
        other = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        waits: list[float] = []

        def sleep(seconds: float) -> None:  # the other write commits during the third wait
            waits.append(seconds)
            if len(waits) == 3:
                other.execute("COMMIT")

        monkeypatch.setattr(store_module.time, "sleep", sleep)
        ops.close(store, code, now=5)
        other.close()
        # Tried every millisecond, not slept in SQLite's growing steps; its own wait restored.
        assert waits == [WRITE_RETRY_SECONDS] * 3
        assert ops.read_table(store, code).state == ops.ABANDONED
        assert store._db.execute("PRAGMA busy_timeout").fetchone()[0] == 5000


def test_two_tabs_answering_at_once_one_wins_the_other_is_told(tmp_path: Path) -> None:
    with TableStore.in_root(tmp_path) as store:
        code = started_table(store).code
    stores = [TableStore.in_root(tmp_path) for _ in range(2)]
    tabs = [LiveTable(s, code) for s in stores]
    pending = tabs[0].match.pending
    assert pending is not None
    name = tabs[0].table.seats[pending.seat].name
    assert name is not None
    results: list[ops.Submitted] = []
    barrier = threading.Barrier(2)

    def answer(tab: LiveTable, option: int) -> None:
        p = tab.match.pending
        assert p is not None
        barrier.wait()
        results.append(tab.submit(p.options[option], name=name, now=10))

    threads = [threading.Thread(target=answer, args=(t, i)) for i, t in enumerate(tabs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status for r in results) == ["applied", "moved"]
    moved = next(r for r in results if r.status == "moved")
    assert "moved on" in moved.message
    assert [t.log_length for t in tabs] == [1, 1]
    with TableStore.in_root(tmp_path) as store, store.read() as tx:
        assert tx.log_length(code) == 1
    assert tabs[0].view(0) == tabs[1].view(0)
    for s in stores:
        s.close()


def test_a_stale_tab_is_told_the_table_moved_on_and_catches_up(tmp_path: Path) -> None:
    with TableStore.in_root(tmp_path) as store:
        code = started_table(store, "concentration").code
    first, second = TableStore.in_root(tmp_path), TableStore.in_root(tmp_path)
    ana, stale = LiveTable(first, code), LiveTable(second, code)
    assert ana.submit({"position": 0}, name="Ana", now=3).applied
    result = stale.submit({"position": 1}, name="Ana", now=3)
    assert (result.status, result.log_length) == ("moved", 1)
    assert stale.log_length == 1
    assert stale.submit({"position": 1}, name="Ana", now=4).applied
    assert ana.refresh()
    assert ana.log_length == 2
    first.close()
    second.close()
