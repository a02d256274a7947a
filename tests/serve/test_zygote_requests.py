"""What the forking process of `civio serve` accepts from a tab's stub: exactly three
descriptors and an environment of strings; anything else is refused and its descriptors closed
(civio_tui/serve/zygote.py)."""

from __future__ import annotations

import json
import os
import socket

from civio_tui.serve.tab_stub import WORD
from civio_tui.serve.zygote import _receive


def request(body: bytes, fds: list[int]) -> tuple[list[int], dict[str, str]] | None:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with ours, theirs:
        socket.send_fds(ours, [body], fds)
        ours.shutdown(socket.SHUT_WR)
        return _receive(theirs)


def open_fds() -> set[int]:
    return {int(name) for name in os.listdir("/proc/self/fd")}


def test_a_stubs_request_gives_its_three_descriptors_and_environment() -> None:
    env = json.dumps({"CIVIO_SERVE_CLIENT": "127.0.0.1", "COLUMNS": "80"}).encode()
    with open(os.devnull) as a, open(os.devnull) as b, open(os.devnull) as c:
        got = request(WORD.pack(len(env)) + env, [a.fileno(), b.fileno(), c.fileno()])
    assert got is not None
    fds, environment = got
    assert len(fds) == 3 and environment["COLUMNS"] == "80"
    for fd in fds:
        os.close(fd)


def test_malformed_requests_are_refused_and_leave_no_descriptor_open() -> None:
    before = open_fds()
    good = json.dumps({"A": "1"}).encode()
    with open(os.devnull) as a:
        three = [a.fileno()] * 3
        assert request(WORD.pack(len(good)) + good, [a.fileno()]) is None  # one descriptor
        assert request(b"{}", three) is None  # no length
        assert request(WORD.pack(1 << 30) + good, three) is None  # a length past the cap
        bad = json.dumps({"A": 1}).encode()
        assert request(WORD.pack(len(bad)) + bad, three) is None  # not all strings
        assert request(WORD.pack(5) + b"nope!", three) is None  # not JSON
    assert open_fds() <= before
