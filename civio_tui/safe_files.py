"""The player's files on disk: written without loss, private to the player, and one lock.

- `write_safely(folder, name, data)`: the one crash-safe writer. The bytes go to a new
  temporary file in the same folder (`.NAME.PID.XXXXXXXX.tmp`), flushed and fsynced, which is
  then renamed over `NAME` and the rename made durable by an fsync of the folder. At every
  instant the file on disk is the old one or the new one, never a mix; a failed write (a full
  disk) leaves the previous file whole and raises OSError.
- Files are private to the user (0600) and the folders made for them too (0700): on a shared
  machine (a classroom server) nobody else reads a player's games, PINs or progress.
- `FileLock(path)`: an exclusive `flock` on a lock file, held until released or until the
  process ends however it ends (the kernel drops it), so a dead process never locks anyone out.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from types import TracebackType

PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
TEMP_SUFFIX = ".tmp"


def private_folder(path: Path) -> None:
    """Make the folder `path` (and its missing parents) if needed; the folders made here are
    private (0700). OSError when it cannot be made."""
    missing = []
    for folder in (path, *path.parents):
        if folder.exists():
            break
        missing.append(folder)
    path.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    for folder in missing:
        with contextlib.suppress(OSError):  # the umask may have taken bits away: set them
            os.chmod(folder, PRIVATE_FOLDER)


def temp_name(folder: Path, name: str) -> Path:
    """A fresh temporary file name beside `folder/name` (the process id in it, so a leftover
    of a process that died can be told apart from a write in progress)."""
    return folder / f".{name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"


def write_temp(folder: Path, name: str, data: bytes, *, sync: bool = True) -> Path:
    """A new private temporary file beside `folder/name` holding `data`, flushed and fsynced
    (unless not `sync`). The caller renames it into place (or removes it); on failure nothing
    is left behind."""
    temp = temp_name(folder, name)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(temp, flags, PRIVATE_FILE)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
    except BaseException:
        unlink_quietly(temp)
        raise
    return temp


def write_safely(folder: Path, name: str, data: bytes, *, sync: bool = True) -> None:
    """Write `folder/name` crash-safely and privately (see the module); OSError on failure,
    the previous file then left whole. Without `sync` nothing is fsynced: the file is still
    never seen half written, but a crash of the machine may leave it empty or as it was (for a
    cache that is checked when read and rebuilt, where waiting for the disk is the cost)."""
    private_folder(folder)
    temp = write_temp(folder, name, data, sync=sync)
    try:
        os.replace(temp, folder / name)
    except BaseException:
        unlink_quietly(temp)
        raise
    if sync:
        fsync_dir(folder)


def fsync_dir(path: Path) -> None:
    """Make a rename in `path` durable (POSIX; elsewhere a no-op)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def unlink_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


class FileLock:
    """An exclusive lock on the file `path` (made if missing, private), between processes.

    `acquire()` takes it without waiting (False when another process holds it);
    `with FileLock(path):` waits for it. Either way it is held until `release()` or the end of
    the process."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, wait: bool = False) -> bool:
        """Take the lock; False when another running process holds it (never with `wait`)."""
        import fcntl

        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, PRIVATE_FILE)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            if wait:
                raise
            return False
        os.set_inheritable(fd, False)
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def is_held_elsewhere(self) -> bool:
        """Whether another process holds the lock now (taking and dropping it to see)."""
        if self._fd is not None or not self.path.exists():
            return False
        if self.acquire():
            self.release()
            return False
        return True

    def __enter__(self) -> FileLock:
        self.acquire(wait=True)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


LOCKS_TABLE = Path("/proc/locks")


def flocked_files(table: Path = LOCKS_TABLE) -> set[tuple[int, int, int]] | None:
    """(device major, device minor, inode) of every file some process holds a `flock` on now,
    read from the kernel's table of locks (Linux's `/proc/locks`); None where there is none to
    read. Unlike `FileLock.is_held_elsewhere`, this never takes the lock, so a process that
    asks at the same moment another one takes it never makes that one fail."""
    try:
        text = table.read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    held = set()
    for line in text.splitlines():
        # "1: FLOCK  ADVISORY  WRITE 22392 fe:00:2230515 0 EOF"; a waiter's line has "->".
        fields = line.split()
        if len(fields) < 6 or fields[1] != "FLOCK":
            continue
        try:
            major, minor, inode = fields[5].split(":")
            held.add((int(major, 16), int(minor, 16), int(inode)))
        except ValueError:
            continue
    return held


def file_id(path: Path) -> tuple[int, int, int] | None:
    """`path`'s (device major, device minor, inode), as `flocked_files` names files; None when
    it does not exist."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return os.major(stat.st_dev), os.minor(stat.st_dev), stat.st_ino
