"""`civio serve` itself, driven as browsers drive it (websockets on 127.0.0.1): hostile names,
the session limit, the idle time-out. Marked `serve`: run with `pytest -m serve`."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from civio_tui.campaigns import list_campaigns
from civio_tui.serve.probe import ServedProcess, Tab

pytestmark = pytest.mark.serve

SIGN_IN = "Who is playing"


def everything_under(folder: Path) -> set[Path]:
    return {path.relative_to(folder) for path in folder.rglob("*")}


async def test_hostile_names_make_nothing_outside_the_root_and_run_nothing(
    tmp_path: Path, save_root: Path
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    before = everything_under(tmp_path)
    hostile = ["../escape", "x; touch pwned", "$(touch pwned)", "`touch pwned`", "a|touch pwned"]
    with ServedProcess(save_root, cwd=work) as server:
        async with aiohttp.ClientSession() as http:
            tab = Tab(http, server.url, 80, 24)
            await tab.open()
            await tab.wait_for(SIGN_IN)
            for name in hostile:
                await tab.send(name + "\r")
                await tab.wait_for(f"Name '{name}'")  # "...: the character ';' is not allowed"
                await tab.wait_for("not allowed")
                await tab.send("\x7f" * len(name))  # backspaces: clear the line
                await tab.wait_for("▊  your name")  # the box is empty: its placeholder shows
            await tab.sign_in("a\x00b", "4821", "4821")  # a NUL is a key, never in a name
            await tab.wait_for("New game")
            await tab.close()
    after = everything_under(tmp_path)
    new = after - before
    assert all(path.parts[0] == "class" for path in new), new
    assert not any("pwned" in str(path) or "escape" in str(path) for path in after)
    assert players(save_root) == ["ab"]


def players(root: Path) -> list[str]:
    """The players' folders (the root also holds the count of PIN tries, a dot file)."""
    return sorted(p.name for p in root.iterdir() if not p.name.startswith("."))


async def test_the_next_tab_after_the_limit_is_told_the_class_is_full(save_root: Path) -> None:
    with ServedProcess(save_root, ["--max-sessions", "1"]) as server:
        async with aiohttp.ClientSession() as http:
            first = Tab(http, server.url, 80, 24)
            await first.open()
            await first.wait_for(SIGN_IN)
            await first.sign_in("Ana", "4821", "4821")
            await first.wait_for("New game")  # a game now: the class is full
            page = await asyncio.to_thread(_get, server.url)
            assert page[0] == 503 and "The class is full" in page[1]
            second = Tab(http, server.url, 80, 24)
            await second.open()
            await asyncio.wait_for(second.closed.wait(), 30)
            assert "The class is full" in second.text
            await first.close()
            for _ in range(100):  # the first game has ended: the page is there again
                if (await asyncio.to_thread(_get, server.url))[0] == 200:
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("the server still refuses after the first tab closed")


async def test_an_idle_tab_ends_and_its_game_is_saved(save_root: Path) -> None:
    with ServedProcess(save_root, ["--idle-minutes", "0.1"]) as server:
        async with aiohttp.ClientSession() as http:
            tab = Tab(http, server.url, 100, 30)
            await tab.open()
            await tab.wait_for(SIGN_IN)
            await tab.sign_in("Ana", "4821", "4821")
            await tab.wait_for("  New game")
            await tab.send(tab.menu_key("New game"))
            await tab.wait_for("Start game")
            await tab.send("\r")
            await tab.wait_for("Your move")
            await tab.send("1")  # a last key: the table is left in the middle of the opening
            await asyncio.wait_for(tab.closed.wait(), 60)  # 6 s without a key: ended
    (game,) = list_campaigns(save_root / "ana")
    assert game.campaign is not None and game.campaign.in_round
    # Private to the server's account: other accounts on the machine read no student's games.
    assert (save_root / "ana").stat().st_mode & 0o777 == 0o700
    files = list((save_root / "ana").iterdir())
    assert any(f.name.endswith(".civio.json") for f in files)
    assert all(f.stat().st_mode & 0o077 == 0 for f in files), files
    from civio_tui.serve.players import PlayerLock

    assert not PlayerLock(save_root / "ana").is_held_elsewhere()


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def test_export_in_the_browser_is_a_download_of_the_record(save_root: Path) -> None:
    from civio_tui.campaigns.catalogue import new_campaign

    new_campaign("Game 1", ["easy"], save_dir=save_root / "ana", player_name="Ana", seed=3)
    with ServedProcess(save_root) as server:
        async with aiohttp.ClientSession() as http:
            tab = Tab(http, server.url, 100, 30)
            await tab.open()
            await tab.wait_for(SIGN_IN)
            await tab.sign_in("Ana", "4821", "4821")
            await tab.wait_for("  Campaigns")
            await tab.send(tab.menu_key("Campaigns"))
            await tab.wait_for("1 saved game.")
            await tab.send("x")
            await tab.wait_for("Your browser is downloading")
            (key,) = [m[1] for m in tab.messages if m[0] == "deliver_file_start"]
            async with http.get(f"{server.url}download/{key}") as response:
                assert response.status == 200
                assert response.headers["Content-Type"].startswith("text/markdown")
                assert "filename*=UTF-8''Game%201.md" in response.headers["Content-Disposition"]
                record = await response.text()
            await tab.close()
    assert record.startswith("# CIVIO campaign “Game 1”") and "| Ana | you |" in record
    assert not (save_root / "ana" / "exports").exists()  # nothing left on the server


async def test_stopping_the_server_says_how_many_games_it_saved(save_root: Path) -> None:
    with ServedProcess(save_root) as server:
        async with aiohttp.ClientSession() as http:
            tabs = [Tab(http, server.url, 80, 24) for _ in range(3)]
            for tab, name in zip(tabs, ["Ana", "Bo", None], strict=True):
                await tab.open()
                await tab.wait_for(SIGN_IN)
                if name is not None:  # the third tab stays at the sign-in: no game of anyone's
                    await tab.sign_in(name, "4821", "4821")
                    await tab.wait_for("New game")
            await asyncio.to_thread(server.stop)
            for tab in tabs:
                await asyncio.wait_for(tab.closed.wait(), 30)
    assert "Stopped: 2 games saved.\n" in server.output  # the two signed in
    assert players(save_root) == ["ana", "bo"]


async def test_a_tab_that_answers_no_heartbeat_is_dropped_and_the_log_says_so(
    save_root: Path,
) -> None:
    with ServedProcess(save_root) as server:
        async with aiohttp.ClientSession() as http:
            url = server.url.replace("http://", "ws://") + "ws?width=80&height=24"
            # A browser whose machine is stalled: it reads nothing, so it answers no ping.
            async with http.ws_connect(url, autoping=False) as ws:
                while True:
                    message = await asyncio.wait_for(ws.receive(), 60)
                    if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                        break
                    if message.type == aiohttp.WSMsgType.PING:
                        await asyncio.sleep(1)  # read on, but never answer
                    elif message.type == aiohttp.WSMsgType.ERROR:
                        break
        for _ in range(100):
            if "connection was dropped" in "".join(server.output):
                break
            await asyncio.sleep(0.1)
    assert "a tab's connection was dropped: No PONG received" in "".join(server.output)
