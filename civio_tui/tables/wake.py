"""Waking a seat's process when another commits to the class's table file, instead of on a
timer alone.

Every write transaction that changed the table file sets the time of its commit mark
(`COMMITTED_NAME`, beside the file) once the commit can be read. On Linux the kernel reports
that to a process watching the folder (inotify, through `inotify_simple`), so a tab waiting in
`CommitWatch.wait` looks at the table as soon as another seat's action is committed. Where
there is no inotify (another system, or the kernel's limit of watches reached) `wait` sleeps
its whole timeout: the tab then looks on its timer, as it would anyway.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from civio_tui.tables.store import COMMITTED_NAME

try:
    from inotify_simple import INotify, flags
except ImportError:  # not Linux: no inotify, the tabs look on their timer
    INotify = None


def _watch(folder: Path) -> Any:
    """An inotify watching `folder`'s files, or None."""
    if INotify is None:
        return None
    try:
        inotify = INotify()
    except (OSError, AttributeError):  # the kernel's limit of instances, or no inotify in libc
        return None
    try:
        # A file's time set, or a file made or moved in: what setting the commit mark does.
        inotify.add_watch(folder, flags.ATTRIB | flags.MOVED_TO | flags.CREATE)
    except OSError:
        inotify.close()
        return None
    return inotify


def _marked(events: Iterable[Any]) -> bool:
    """Whether inotify events hold one for the commit mark, or lost some (the kernel's queue
    overflowed: any of them may have been a commit)."""
    return any(e.mask & flags.Q_OVERFLOW or e.name == COMMITTED_NAME for e in events)


class CommitWatch:
    """Commits to the table file `path` (their marks), waited for with a timeout."""

    def __init__(self, path: Path) -> None:
        self._inotify = _watch(path.parent)

    @property
    def watching(self) -> bool:
        """Whether a commit ends `wait` early (False: it always sleeps its timeout)."""
        return self._inotify is not None

    def wait(self, timeout: float) -> bool:
        """Until a commit (True: every commit so far, taken at once) or `timeout` seconds
        (False). A commit made since the last call counts: none is missed between calls."""
        if self._inotify is None:
            time.sleep(timeout)
            return False
        deadline = time.monotonic() + timeout
        while True:  # other files' events are read past until the time is up
            left = max(0, math.ceil((deadline - time.monotonic()) * 1000))
            if _marked(self._inotify.read(timeout=left)):  # every event queued, at once
                return True
            if time.monotonic() >= deadline:
                return False

    def close(self) -> None:
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
