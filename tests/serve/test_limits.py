"""The classroom server's limits as pure decisions: sizes, origins, the connection cap, the
log's rate, and the options that set them."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from civio_tui.serve.server import (
    LOG_LINES_PER_MINUTE,
    MAX_SIZE,
    MIN_SIZE,
    ConnectionGuard,
    LogThrottle,
    clamp_size,
    same_origin,
)


@pytest.mark.parametrize(
    ("asked", "got"),
    [
        ((25000, 25000), MAX_SIZE),
        ((0, 0), MIN_SIZE),
        ((-1, -1), MIN_SIZE),
        (("wide", None), (80, 24)),
        ((120, 40), (120, 40)),
    ],
)
def test_a_terminal_size_is_clamped(asked: tuple[object, object], got: tuple[int, int]) -> None:
    assert clamp_size(*asked) == got


@pytest.mark.parametrize(
    ("origin", "host", "loopback_only", "allowed"),
    [
        (None, "127.0.0.1:8000", True, True),  # not a browser: no page drives it
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True, True),
        ("http://localhost:8000", "localhost:8000", True, True),
        ("http://[::1]:8000", "[::1]:8000", True, True),
        ("http://evil.example", "127.0.0.1:8000", True, False),
        ("null", "127.0.0.1:8000", True, False),
        ("http://evil.example:8000", "evil.example:8000", True, False),  # DNS rebinding
        ("http://school.lan:8000", "school.lan:8000", False, True),
        ("http://evil.example", "school.lan:8000", False, False),
    ],
)
def test_only_pages_of_this_server_open_a_game(
    origin: str | None, host: str, loopback_only: bool, allowed: bool
) -> None:
    assert same_origin(origin, host, loopback_only) is allowed


class Transport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


def test_past_the_cap_the_idlest_connection_makes_room() -> None:
    guard = ConnectionGuard(cap=3)
    playing, idle_old, idle_new, arriving = Transport(), Transport(), Transport(), Transport()
    guard.opened(playing)
    guard.busy[playing] = 1  # a game's websocket: always busy
    guard.opened(idle_old)
    guard.opened(idle_new)
    guard.opened(arriving)
    assert idle_old.aborted and not (playing.aborted or idle_new.aborted or arriving.aborted)
    assert guard.closed_for_room == 1
    guard.busy.update({idle_new: 1, arriving: 1})
    late = Transport()
    guard.opened(late)  # nobody is idle: the newcomer is refused
    assert late.aborted and len(guard.open) == 3


def test_the_log_says_at_most_30_lines_a_minute_then_how_many_it_left_out() -> None:
    now = [0.0]
    throttle = LogThrottle(lambda: now[0])

    def record(text: str) -> logging.LogRecord:
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, text, None, None)

    shown = [throttle.filter(record(f"line {n}")) for n in range(1000)]
    assert shown.count(True) == LOG_LINES_PER_MINUTE
    now[0] += 60
    summary = record("next")
    assert throttle.filter(summary)
    assert summary.getMessage() == f"({1000 - LOG_LINES_PER_MINUTE} log lines left out) next"


@pytest.mark.parametrize(
    ("option", "words"),
    [
        (["--max-signing-in", "0"], "--max-signing-in 0: at least 1 tab must fit"),
        (["--max-signing-in", "100000"], "--max-signing-in 100000: at most 500 tabs"),
        (["--sign-in-minutes", "0"], "--sign-in-minutes 0.0: give a number of minutes above 0"),
    ],
)
def test_the_sign_in_limits_are_checked_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str], words: str
) -> None:
    from civio_tui.cli import main

    assert main(["serve", "--save-root", str(tmp_path), *option]) == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1


def test_a_server_that_cannot_listen_stops_its_forking_process(tmp_path: Path) -> None:
    import asyncio
    import socket

    from civio_tui.serve.env import ROOT_ENV
    from civio_tui.serve.server import ClassroomServer

    class Forker:  # stands for the process tabs are forked from
        stopped = False

        async def start(self, environment: dict[str, str]) -> dict[str, str]:
            return {}

        async def stop(self) -> None:
            self.stopped = True

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = ClassroomServer(environment={ROOT_ENV: str(tmp_path)}, port=port)
        forker = server.forker = Forker()  # type: ignore[assignment]
        with pytest.raises(OSError):
            asyncio.run(server.start())
    assert forker.stopped
