"""Waking a seat's process when a commit changes its own table, instead of on a timer alone.

A write transaction that changed what a table's seats must see at once (its log, notices or
state: `Tx.woken`) sets the time of that table's commit mark (`commit_mark`: an empty file
named by the table's code, in the folder `MARKS_NAME` beside the table file) once the commit
can be read. On Linux the kernel reports that to a process watching that one file (inotify,
through `inotify_simple`), so a tab waiting in `CommitWatch.wait` looks at its table as soon as
another seat's action is committed, and is not woken at all by another table's commits, nor by
a seat's heartbeat or the computers' lease (read on the tab's timer). Where there is no
inotify (another system, the kernel's limit of watches reached, a folder the mark cannot be
made in) `wait` sleeps its whole timeout: the tab then looks on its timer, as it would anyway.

A table over for good has its mark removed (civio_tui/tables/store.py). A watch whose mark is
removed wakes (its table is read again, and says it is over) and watches the mark again only
once it is there again: a watch makes its mark when it begins, never after, so the mark of a
table that is over is not made again by the tabs still showing it. Until then `wait` sleeps.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from civio_tui.tables.store import commit_mark

try:
    from inotify_simple import INotify, flags
except ImportError:  # not Linux: no inotify, the tabs look on their timer
    INotify = None


def _watch(mark: Path, *, make: bool) -> Any:
    """An inotify watching the commit mark `mark` (its time left as it is; when missing, made
    if `make`, else None), or None."""
    if INotify is None:
        return None
    try:
        if make:
            mark.parent.mkdir(exist_ok=True)
            os.close(os.open(mark, os.O_RDONLY | os.O_CREAT, 0o644))
        elif not mark.exists():
            return None
    except OSError:  # the table file's folder is missing or cannot be written
        return None
    try:
        inotify = INotify()
    except (OSError, AttributeError):  # the kernel's limit of instances, or no inotify in libc
        return None
    try:
        # The mark's time set, or the mark removed (the table is over, or the mark was removed
        # by hand: see the module docstring).
        inotify.add_watch(mark, flags.ATTRIB | flags.DELETE_SELF)
    except OSError:  # removed this moment
        inotify.close()
        return None
    return inotify


def _lost(events: Iterable[Any]) -> bool:
    """Whether inotify events say the watch on the mark ended (the mark was removed), or that
    events were lost (the kernel's queue overflowed: any of them may have been a commit)."""
    return any(e.mask & (flags.IGNORED | flags.Q_OVERFLOW) for e in events)


class CommitWatch:
    """Commits that wake the seats of table `code` of the table file `path` (its mark),
    waited for with a timeout."""

    def __init__(self, path: Path, code: str) -> None:
        self._mark = commit_mark(path, code)
        self._inotify = _watch(self._mark, make=True)
        self._again = self._inotify is not None
        """Whether a watch lost is made again once its mark is there (it could begin)."""

    @property
    def watching(self) -> bool:
        """Whether a commit ends `wait` early (False: it always sleeps its timeout)."""
        return self._inotify is not None

    def wait(self, timeout: float) -> bool:
        """Until a commit (True: every commit so far, taken at once) or `timeout` seconds
        (False). A commit made since the last call counts: none is missed between calls. The
        mark removed counts as a commit, and so does the mark made again (by a commit) after
        that: the table is read again."""
        if self._inotify is None and self._again:
            self._inotify = _watch(self._mark, make=False)
            if self._inotify is not None:
                return True  # the mark is back: a commit made it while it was not watched
        if self._inotify is None:
            time.sleep(timeout)
            return False
        left = max(0, math.ceil(timeout * 1000))
        events = self._inotify.read(timeout=left)  # every event queued, at once
        if _lost(events):
            self._inotify.close()
            self._inotify = _watch(self._mark, make=False)
        return bool(events)

    def fileno(self) -> int:
        """What `select` may wait on with other files, while `watching`: readable once a commit
        wakes this watch (`wait(0)` then takes it)."""
        if self._inotify is None:
            raise ValueError("this watch is not watching its table")
        fd: int = self._inotify.fileno()
        return fd

    def close(self) -> None:
        self._again = False
        if self._inotify is not None:
            self._inotify.close()
            self._inotify = None

    def __enter__(self) -> CommitWatch:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
