"""The forking process of `civio serve`: one process that has imported the game once and forks a
copy of itself for each browser tab, so thirty tabs opened in the same minute do not each spend
a second of processor time starting Python and importing Textual, pydantic and the deck.

`civio serve` starts it (`python -m civio_tui.serve.zygote SOCKET`) with textual-serve's
environment for a tab, so Textual's settings, read once at import, are a tab's. Each tab's stub
(`civio_tui.serve.tab_stub`) connects to SOCKET, a Unix socket in a folder only the server's
account can enter, and sends its stdin, stdout and stderr with its environment. The zygote
forks: the child takes those three as its own, takes the environment, and runs the tab's game
exactly as `python -m civio_tui.serve` would (`civio_tui.serve.child.main`). The zygote answers
the stub with the game's process id, and later with its exit status. A stub that goes away
(killed) takes its game with it.

The zygote runs one thread and never starts an event loop, so what a child inherits is a quiet
copy; Python reseeds `random` in every forked child, and nothing here opens a file or a
database that a child could share.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import selectors
import signal
import socket
import sys
from dataclasses import dataclass

from civio_tui.serve.tab_stub import WORD

MAX_ENVIRONMENT_BYTES = 1 << 20
"""A stub's environment is a few kilobytes; anything far larger is not a stub's."""


def preload() -> None:
    """Import what every tab's game needs before its first frame (the work a fork saves)."""
    import textual.drivers.web_driver  # noqa: F401

    import ai  # noqa: F401
    import civio_tui.screens.main_menu
    import civio_tui.serve.child
    import civio_tui.serve.sign_in  # noqa: F401
    from cards.deck import standard_deck
    from civio_tui.parsed_styles import share_parsed_styles

    standard_deck()
    share_parsed_styles()
    _draw_sign_in_once()
    # What is loaded now lives as long as any game: out of the collector's reach, a game's
    # full collections (tens of ms each, mid-move) scan only its own objects, and never
    # write to (so copy) the pages it shares with the others.
    gc.collect()
    gc.freeze()


def _draw_sign_in_once() -> None:
    """Draw a tab's first screen once, off screen, in a scratch class folder: what Textual
    parses and caches on the way (styles, selectors, the screens' modules) every fork then
    has. It runs its own event loop to the end, so no thread or loop is left to fork."""
    import asyncio
    import tempfile
    import threading

    from civio_tui.serve.child import app_from_environment
    from civio_tui.serve.env import ROOT_ENV

    async def draw(root: str) -> None:
        app = app_from_environment({ROOT_ENV: root})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()

    with tempfile.TemporaryDirectory(prefix="civio-warm-") as root:
        asyncio.run(draw(root))
    assert threading.active_count() == 1, "a thread outlived the warm-up"


@dataclass
class Game:
    """A forked game and the stub that stands for it."""

    pid: int
    pidfd: int
    stub: socket.socket


def _receive(conn: socket.socket) -> tuple[list[int], dict[str, str]] | None:
    """The stub's three descriptors and environment (None: not a well-formed request; the
    descriptors it sent are closed)."""
    data, fds, _, _ = socket.recv_fds(conn, 65536, 3)
    env = _environment(conn, data) if len(fds) == 3 else None
    if env is None:
        for fd in fds:
            os.close(fd)
        return None
    return fds, env


def _environment(conn: socket.socket, data: bytes) -> dict[str, str] | None:
    """The environment a request carries: its length, then that much JSON of strings (the
    rest read from `conn`); None when it is not one."""
    if len(data) < WORD.size:
        return None
    size: int = WORD.unpack(data[: WORD.size])[0]
    if not 0 < size <= MAX_ENVIRONMENT_BYTES:
        return None
    body = data[WORD.size :]
    while len(body) < size:
        chunk = conn.recv(size - len(body))
        if not chunk:
            break
        body += chunk
    try:
        env = json.loads(body[:size])
    except ValueError:
        return None
    if not isinstance(env, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in env.items()
    ):
        return None
    return env


def _run_child(fds: list[int], env: dict[str, str], keep_out: list[int]) -> None:
    """In the forked child: become the tab's game and never return."""
    code = 1
    try:
        for fd in keep_out:
            os.close(fd)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.environ.clear()
        os.environ.update(env)
        from civio_tui.serve.child import main

        code = main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _status(wait_status: int) -> int:
    if os.WIFSIGNALED(wait_status):
        return 128 + os.WTERMSIG(wait_status)
    return os.waitstatus_to_exitcode(wait_status)


def serve(path: str) -> None:
    """Accept stubs on the Unix socket `path` until told to stop (SIGTERM), or until the server
    that started it is gone (killed, so it could not say so): no zygote outlives its server."""
    server = os.getppid()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    selector = selectors.EpollSelector()  # Linux: pidfd_open is Linux's too
    selector.register(listener, selectors.EVENT_READ, "listen")
    games: dict[int, Game] = {}  # by pid
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl+C is the server's to handle
    print("ready", flush=True)
    while not stopping and os.getppid() == server:
        for key, _ in selector.select(timeout=0.5):
            if key.data == "listen":
                conn, _ = listener.accept()
                _start_game(conn, listener, selector, games)
            elif key.data[0] == "exit":
                _game_ended(games.pop(key.data[1]), selector)
            elif key.data[0] == "stub":
                game = games.get(key.data[1])
                if game is not None and not game.stub.recv(1):
                    # The stub is gone (killed): its game goes too; its end is reported above.
                    selector.unregister(game.stub)
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(game.pid, signal.SIGKILL)
    listener.close()
    os.unlink(path)
    with contextlib.suppress(OSError):  # the server's private folder for it, once empty
        os.rmdir(os.path.dirname(path))


def _start_game(
    conn: socket.socket,
    listener: socket.socket,
    selector: selectors.EpollSelector,
    games: dict[int, Game],
) -> None:
    conn.settimeout(5)
    try:
        # Only the server's own account may ask (the socket's folder already says so).
        creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)
        if WORD.unpack(creds[8:12])[0] != os.getuid():
            conn.close()
            return
        request = _receive(conn)
    except OSError:
        conn.close()
        return
    if request is None:
        conn.close()
        return
    fds, env = request
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        keep_out = [listener.fileno(), conn.fileno(), selector.fileno()]
        keep_out += [g.pidfd for g in games.values()] + [g.stub.fileno() for g in games.values()]
        _run_child(fds, env, keep_out)
    for fd in fds:
        os.close(fd)
    pidfd = os.pidfd_open(pid)
    conn.settimeout(None)
    game = Game(pid, pidfd, conn)
    games[pid] = game
    selector.register(pidfd, selectors.EVENT_READ, ("exit", pid))
    selector.register(conn, selectors.EVENT_READ, ("stub", pid))
    try:
        conn.sendall(WORD.pack(pid))
    except OSError:
        os.kill(pid, signal.SIGKILL)


def _game_ended(game: Game, selector: selectors.EpollSelector) -> None:
    _, wait_status = os.waitpid(game.pid, 0)
    selector.unregister(game.pidfd)
    os.close(game.pidfd)
    with contextlib.suppress(KeyError):
        selector.unregister(game.stub)
    with contextlib.suppress(OSError):
        game.stub.sendall(WORD.pack(_status(wait_status)))
    game.stub.close()


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m civio_tui.serve.zygote SOCKET", file=sys.stderr)
        return 2
    preload()
    serve(sys.argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
