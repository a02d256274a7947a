"""Waking a seat's process when another commits to the class's table file, instead of on a
timer alone.

Every write transaction that changed the table file sets the time of its commit mark
(`COMMITTED_NAME`, beside the file) once the commit can be read. On Linux the kernel reports
that to a process watching the folder (inotify), so a tab waiting in `CommitWatch.wait` looks at
the table as soon as another seat's action is committed. Where there is no inotify (another
system, or the kernel's limit of watches reached) `wait` sleeps its whole timeout: the tab then
looks on its timer, as it would anyway.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import struct
import sys
import time
from pathlib import Path
from types import TracebackType

from civio_tui.tables.store import COMMITTED_NAME

_IN_ATTRIB = 0x004
_IN_MOVED_TO = 0x080
_IN_CREATE = 0x100
_MARKED = _IN_ATTRIB | _IN_MOVED_TO | _IN_CREATE
"""A file's time set, or a file made or moved in: what setting the commit mark does."""
_IN_Q_OVERFLOW = 0x4000
"""The kernel's queue of events overflowed (events were lost): any of them may be a commit."""
_EVENT = struct.Struct("iIII")
"""An inotify event's head: watch, mask, cookie, and the length of the name after it."""


def _watch(folder: Path) -> int | None:
    """A non-blocking inotify descriptor watching `folder`'s files, or None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        fd = int(libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC))
    except (OSError, AttributeError):
        return None
    if fd < 0:
        return None  # the kernel's limit of inotify instances: look on the timer
    if libc.inotify_add_watch(fd, os.fsencode(folder), _MARKED) < 0:
        os.close(fd)
        return None
    return fd


def _marked(events: bytes, mark: bytes) -> bool:
    """Whether a run of inotify events holds one for `mark` (or lost some to an overflow)."""
    at = 0
    while at + _EVENT.size <= len(events):
        _, kind, _, length = _EVENT.unpack_from(events, at)
        at += _EVENT.size
        if kind & _IN_Q_OVERFLOW or events[at : at + length].rstrip(b"\0") == mark:
            return True
        at += length
    return False


class CommitWatch:
    """Commits to the table file `path` (their marks), waited for with a timeout."""

    def __init__(self, path: Path) -> None:
        self._fd = _watch(path.parent)
        self._mark = os.fsencode(COMMITTED_NAME)

    @property
    def watching(self) -> bool:
        """Whether a commit ends `wait` early (False: it always sleeps its timeout)."""
        return self._fd is not None

    def wait(self, timeout: float) -> bool:
        """Until a commit (True: every commit so far, taken at once) or `timeout` seconds
        (False). A commit made since the last call counts: none is missed between calls."""
        fd = self._fd
        if fd is None:
            time.sleep(timeout)
            return False
        deadline = time.monotonic() + timeout
        while True:  # other files' events are read past until the time is up
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                return False
            marked = False
            try:
                while True:  # every event queued: one wait takes in every commit so far
                    marked = _marked(os.read(fd, 65536), self._mark) or marked
            except BlockingIOError:
                pass
            if marked:
                return True

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> CommitWatch:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
