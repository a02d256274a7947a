"""Tabs whose games are forked from a process that has the game loaded (`civio serve`'s default,
`civio_tui/serve/forker.py`): the game is the forking process's child, a killed stub takes its
game with it, and a tab still gets its game when the forking process is gone. Marked `serve`."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import aiohttp
import pytest

from civio_tui.serve.probe import ServedProcess, Tab, children_of, command_line

pytestmark = pytest.mark.serve

SIGN_IN = "Who is playing"


def zygote_of(server: ServedProcess) -> int:
    assert server.process is not None
    [zygote] = [
        pid
        for pid in children_of(server.process.pid)
        if "civio_tui.serve.zygote" in command_line(pid)
    ]
    return zygote


def gone(pid: int, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not command_line(pid):
            return True
        time.sleep(0.1)
    return False


async def test_a_forked_tab_plays_and_a_killed_stub_takes_its_game_along(save_root: Path) -> None:
    with ServedProcess(save_root) as server:
        zygote = zygote_of(server)
        async with aiohttp.ClientSession() as http:
            tab = Tab(http, server.url, 80, 24)
            await tab.open()
            await tab.wait_for(SIGN_IN)
            await tab.sign_in("Ana", "4821", "4821")
            await tab.wait_for("New game")
            [game] = children_of(zygote)  # the game is forked, not a new process of the server
            assert server.game_pids() == [game]
            [stub] = [
                pid
                for pid in children_of(server.process.pid)  # type: ignore[union-attr]
                if "tab_stub" in command_line(pid)
            ]
            os.kill(stub, signal.SIGKILL)
            assert gone(game), "the game outlived its stub"
            await tab.close()


def test_a_killed_server_takes_its_forking_process_along(save_root: Path) -> None:
    with ServedProcess(save_root) as server:
        zygote = zygote_of(server)
        folder = Path(command_line(zygote).split()[-1]).parent  # where its socket is
        assert server.process is not None
        server.process.kill()  # kill -9: the server can tell nobody
        server.process.wait()
        assert gone(zygote, seconds=10), "the forking process outlived its server"
        assert not folder.exists()


async def test_a_tab_gets_its_game_when_the_forking_process_is_gone(save_root: Path) -> None:
    with ServedProcess(save_root) as server:
        os.kill(zygote_of(server), signal.SIGKILL)
        async with aiohttp.ClientSession() as http:
            tab = Tab(http, server.url, 80, 24)
            await tab.open()
            await tab.wait_for(SIGN_IN, timeout=60)  # the stub started the game itself
            await tab.close()


async def test_new_processes_are_the_old_way_kept_for_comparison(save_root: Path) -> None:
    with ServedProcess(save_root, ["--tab-start", "new"]) as server:
        assert server.process is not None
        assert not any("zygote" in command_line(pid) for pid in children_of(server.process.pid))
        async with aiohttp.ClientSession() as http:
            tab = Tab(http, server.url, 80, 24)
            await tab.open()
            await tab.wait_for(SIGN_IN)
            [game] = server.game_pids()
            assert command_line(game).endswith("-m civio_tui.serve ")
            await tab.close()
