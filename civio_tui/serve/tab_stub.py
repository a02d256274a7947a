"""What textual-serve starts per tab when tabs are forked: a small process that hands its pipes to
the forking process (`civio_tui.serve.zygote`) and stands for the forked game until it ends.

textual-serve owns one child process per tab and talks to it through that process's stdin and
stdout, and ends it with signals. This stub is that process: it passes its stdin, stdout and
stderr and its environment to the zygote, which forks a game that already has everything
imported; then the stub closes its own copies (so the game's end is the pipes' end), forwards
the signals it gets to the game, and exits with the game's status. It imports only the standard
library, so it starts in a few hundredths of a second. When the zygote cannot be reached it
becomes the ordinary tab process (`python -m civio_tui.serve`), so a tab always gets its game.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import struct
import sys
import time

SOCKET_ENV = "CIVIO_FORK_SOCKET"
"""The environment variable naming the zygote's socket."""

WORD = struct.Struct("!i")
"""The protocol's one number: a length, a process id or an exit status."""


def _read_word(conn: socket.socket) -> int | None:
    data = b""
    while len(data) < WORD.size:
        chunk = conn.recv(WORD.size - len(data))
        if not chunk:
            return None
        data += chunk
    value: int = WORD.unpack(data)[0]
    return value


def _run_unforked() -> None:
    os.execv(sys.executable, [sys.executable, "-m", "civio_tui.serve"])


def _wait_gone(pid: int) -> None:
    """The zygote went away before the game: wait for the game by asking after it."""
    while True:
        try:
            os.kill(pid, 0)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.2)


def main() -> int:
    path = os.environ.get(SOCKET_ENV)
    if not path:
        _run_unforked()
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(str(path))
        env = json.dumps(dict(os.environ)).encode()
        message = WORD.pack(len(env)) + env
        sent = socket.send_fds(conn, [message], [0, 1, 2])
        conn.sendall(message[sent:])
        pid = _read_word(conn)
    except OSError:
        pid = None
    if pid is None or pid <= 0:
        conn.close()
        _run_unforked()
        return 1
    # The game holds the pipes now: once it ends they close, whatever this process still does.
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)

    def forward(signum: int, frame: object) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, forward)
    status = _read_word(conn)
    if status is None:
        _wait_gone(pid)
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
