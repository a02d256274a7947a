"""Reading a file the player named (a card pack, a saved position): the one place that does.

Only a regular file is read: a FIFO would wait forever for a writer and a device such as
/dev/zero never ends. At most `MAX_FILE_BYTES` are read, whatever the file claims, so a file
that grows while it is read cannot fill memory either. Every refusal is a `UserFileError` whose
message names the file (shortened when the path is very long) and the limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO

MAX_FILE_BYTES = 1_000_000
"""The largest file read: 1 MB, some 25 times the standard deck's TOML."""

MAX_PATH_CHARS = 4096
"""The longest path accepted (Linux's PATH_MAX)."""

_SHOWN_PATH_CHARS = 300


class UserFileError(ValueError):
    """A file the player named that cannot be read; the message names it and says why."""


def shown_path(path: str | Path) -> str:
    """The path as messages print it: whole, or its two ends around "…" when very long."""
    text = str(path)
    if len(text) <= _SHOWN_PATH_CHARS:
        return text
    half = _SHOWN_PATH_CHARS // 2
    return f"{text[:half]}…{text[-half:]}"


def path_problem(text: str) -> str | None:
    """Why `text` cannot name a file or folder at all (empty, too long, a NUL), or None."""
    if not text.strip():
        return "no file name given"
    if len(text) > MAX_PATH_CHARS:
        return f"a path of {len(text):,} characters (the limit is {MAX_PATH_CHARS:,})"
    if "\0" in text:
        return "a path cannot hold a NUL character"
    return None


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _too_big(place: str, limit: int, unit: str = "bytes") -> UserFileError:
    return UserFileError(f"{place}: larger than the limit of {limit:,} {unit}")


def read_user_bytes(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at `path`, refused when over `limit` bytes."""
    place = shown_path(path)
    problem = path_problem(str(path))
    if problem is not None:
        raise UserFileError(f"{place}: {problem}" if str(path).strip() else problem)
    # O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise UserFileError(f"{place}: cannot read it: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UserFileError(f"{place}: {_kind(mode)}, not a file that can be read")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise UserFileError(f"{place}: cannot read it: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise _too_big(place, limit)
    return b"".join(chunks)


def decode_text(data: bytes, place: str) -> str:
    """UTF-8 text; a byte-order mark (as some Windows editors write) is dropped."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserFileError(f"{place}: not a UTF-8 text file") from None


def read_user_text(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file at `path` (see `read_user_bytes`)."""
    return decode_text(read_user_bytes(path, limit=limit), shown_path(path))


def read_stream_text(stream: IO[str], place: str, *, limit: int = MAX_FILE_BYTES) -> str:
    """At most `limit` characters of an open text stream (standard input), refused when there
    is more: a pipe from /dev/zero ends after the limit, not when memory runs out."""
    text = stream.read(limit + 1)
    if len(text) > limit:
        raise _too_big(place, limit, "characters")
    return text.removeprefix("\ufeff")
