"""`CommitWatch`: a seat's process is woken by a commit another connection makes to the class's
table file, once that commit can be read, and not by a transaction that changed nothing."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from civio_tui.tables import ops
from civio_tui.tables.store import COMMITTED_NAME, FILE_NAME, TableStore
from civio_tui.tables.wake import CommitWatch, _marked

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")


@linux_only
def test_a_commit_by_another_connection_wakes_the_watch_and_can_be_read(tmp_path: Path) -> None:
    store = TableStore.in_root(tmp_path)
    code = ops.open_table(store, "Ana", "civio", 2, now=time.time(), seed=1).code
    version = store.data_version()
    with CommitWatch(tmp_path / FILE_NAME) as watch, TableStore.in_root(tmp_path) as other:
        assert watch.watching
        assert not watch.wait(0)  # nothing committed since it began to watch
        ops.join(other, code, "Ben", now=time.time())
        assert watch.wait(5.0)  # committed before the wait: it still counts
        assert store.data_version() != version  # and the woken reader sees it
        assert not watch.wait(0)  # taken once
        ops.read_table(other, code)  # reading writes nothing
        TableStore.in_root(tmp_path).close()  # nor does opening the file again
        assert not watch.wait(0)
    store.close()


def test_where_nothing_can_watch_the_folder_the_watch_only_waits(tmp_path: Path) -> None:
    with CommitWatch(tmp_path / "missing" / FILE_NAME) as watch:
        assert not watch.watching
        assert not watch.wait(0)


@linux_only
def test_only_the_marks_events_or_lost_events_count_as_a_commit() -> None:
    from inotify_simple import Event, flags

    wal = Event(1, flags.CREATE, 0, "tables.sqlite3-wal")
    assert not _marked([wal])
    assert _marked([wal, Event(1, flags.ATTRIB, 0, COMMITTED_NAME)])
    assert _marked([Event(-1, flags.Q_OVERFLOW, 0, "")])  # the kernel's queue overflowed
