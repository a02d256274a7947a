"""`CommitWatch`: a seat's process is woken by a commit another connection makes to its own
table, once that commit can be read; not by another table's commits, a heartbeat, the
computers' lease, or a transaction that changed nothing. The commit that ends a table removes
its mark, which wakes the watch too and is not made again by it."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from civio_tui.tables import ops
from civio_tui.tables.store import FILE_NAME, TableStore, commit_mark
from civio_tui.tables.wake import CommitWatch, _lost

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")


def _playing(store: TableStore, seed: int) -> str:
    """A started 2-seat table: Ana and Ben."""
    code = ops.open_table(store, "Ana", "civio", 2, now=time.time(), seed=seed).code
    ops.join(store, code, "Ben", now=time.time())
    ops.start(store, code, "Ana", now=time.time())
    return code


@contextmanager
def _watched(tmp_path: Path) -> Iterator[tuple[TableStore, str, CommitWatch]]:
    """A started table's store and code, and a watch on it."""
    with TableStore.in_root(tmp_path) as store:
        code = _playing(store, 1)
        with CommitWatch(tmp_path / FILE_NAME, code) as watch:
            yield store, code, watch


@linux_only
def test_a_commit_by_another_connection_wakes_the_watch_and_can_be_read(tmp_path: Path) -> None:
    store = TableStore.in_root(tmp_path)
    code = ops.open_table(store, "Ana", "civio", 2, now=time.time(), seed=1).code
    version = store.data_version()
    with CommitWatch(tmp_path / FILE_NAME, code) as watch, TableStore.in_root(tmp_path) as other:
        assert watch.watching
        assert not watch.wait(0)  # nothing committed since it began to watch
        ops.join(other, code, "Ben", now=time.time())
        assert watch.wait(5.0)  # committed before the wait: it still counts
        assert store.data_version() != version  # and the woken reader sees it
        assert not watch.wait(0)  # taken once
        ops.read_table(other, code)  # reading writes nothing
        TableStore.in_root(tmp_path).close()  # nor does opening the file again
        CommitWatch(tmp_path / FILE_NAME, code).close()  # nor another seat's watch beginning
        assert not watch.wait(0)
    store.close()


@linux_only
def test_a_commit_wakes_only_its_own_tables_watch(tmp_path: Path) -> None:
    with TableStore.in_root(tmp_path) as store:
        mine, other = _playing(store, 1), _playing(store, 2)
        with (
            CommitWatch(tmp_path / FILE_NAME, mine) as watch,
            CommitWatch(tmp_path / FILE_NAME, other) as theirs,
        ):
            ops.leave(store, other, "Ben", now=time.time())
            assert theirs.wait(5.0)
            assert not watch.wait(0.2)  # the other table's notice and seat: not this table's
            ops.leave(store, mine, "Ben", now=time.time())
            assert watch.wait(5.0)
            assert not theirs.wait(0.2)


@linux_only
def test_a_heartbeat_or_the_lease_wakes_nobody_but_a_return_does(tmp_path: Path) -> None:
    with TableStore.in_root(tmp_path) as store:
        code = _playing(store, 1)
        with CommitWatch(tmp_path / FILE_NAME, code) as watch:
            ops.heartbeat(store, code, "Ben", now=time.time())
            assert ops.claim_driver(store, code, "Ben@1", now=time.time(), lease=5.0)
            ops.submit(
                store, ops.replay(ops.read_table(store, code), []), code, {"kind": "nonsense"},
                expected=5, now=time.time(), name="Ben",
            )  # fmt: skip
            assert not watch.wait(0.2)  # last-seen times, the lease, a move that came too late
            assert ops.mark_absent(store, code, now=time.time() + 1000) == [0, 1]
            assert watch.wait(5.0)  # the computer stands in: the others are told
            ops.heartbeat(store, code, "Ben", now=time.time() + 1000)
            assert watch.wait(5.0)  # Ben is back: the others are told


@linux_only
def test_a_removed_mark_wakes_the_watch_which_watches_it_again_once_a_commit_makes_it(
    tmp_path: Path,
) -> None:
    with _watched(tmp_path) as (store, code, watch):
        mark = commit_mark(tmp_path / FILE_NAME, code)
        mark.unlink()
        assert watch.wait(5.0)  # the watch ended: the table is looked at
        assert not mark.exists() and not watch.watching  # the watch does not make it
        assert not watch.wait(0)  # and waits on, on its timer
        ops.leave(store, code, "Ben", now=time.time())  # a commit makes the mark again
        assert watch.wait(0)  # the mark is back: the table is looked at
        assert watch.watching
        ops.heartbeat(store, code, "Ben", now=time.time())  # Ben is back: a notice
        assert watch.wait(5.0)


@linux_only
def test_the_commit_that_ends_a_table_removes_its_mark_and_wakes_its_watch(
    tmp_path: Path,
) -> None:
    with _watched(tmp_path) as (store, code, watch):
        mark = commit_mark(tmp_path / FILE_NAME, code)
        ops.close(store, code, now=time.time())
        assert watch.wait(5.0)
        assert ops.read_table(store, code).state == ops.ABANDONED  # what the tab reads
        assert not watch.wait(0)
        assert not mark.exists()  # the tab still showing the table did not make it again
        with CommitWatch(tmp_path / FILE_NAME, code) as late:  # a tab opened on it later
            assert late.watching
        assert ops.forget_marks(store, now=time.time()) == [code]
        assert not mark.exists()


def test_where_nothing_can_watch_the_mark_the_watch_only_waits(tmp_path: Path) -> None:
    with CommitWatch(tmp_path / "missing" / FILE_NAME, "ACDE") as watch:
        assert not watch.watching
        assert not watch.wait(0)


@linux_only
def test_an_ended_watch_or_lost_events_count_as_a_commit() -> None:
    from inotify_simple import Event, flags

    assert not _lost([Event(1, flags.ATTRIB, 0, "")])
    assert _lost([Event(1, flags.IGNORED, 0, "")])  # the mark was removed
    assert _lost([Event(-1, flags.Q_OVERFLOW, 0, "")])  # the kernel's queue overflowed
