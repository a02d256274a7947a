"""`civio bench serve`: many browser tabs at once on `civio serve` (127.0.0.1 only).

Every tab connects at once and waits for its first frame (time from connecting until the sign-in
question is drawn); once all have drawn it, each signs in with its own name and a PIN, starts a
game with Enter, Enter and plays the opening. While every tab sits at its table, the memory of
each game process is read. Then the tabs close and every save is read back. The load test runs
the same scenario and checks it had no error. `civio bench serve` runs it twice, tabs forked (as
`civio serve` starts them) and each tab a new process (the old way), so the two can be compared
on the same machine at the same time.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from civio_tui.serve.env import FORK
from civio_tui.serve.probe import PIN, SIGN_IN

if TYPE_CHECKING:
    from civio_tui.campaigns.model import Campaign

TIME_LIMIT_S = 240.0


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def spread(values: list[float], digits: int) -> dict[str, float]:
    """p50, p95 and the maximum of `values` (0 for none), rounded to `digits`."""
    return {
        "p50": round(percentile(values, 0.5), digits),
        "p95": round(percentile(values, 0.95), digits),
        "max": round(max(values, default=0.0), digits),
    }


async def _open(tab: Any, first_frames: list[float]) -> None:
    await tab.open()
    await tab.wait_for(SIGN_IN, timeout=120)
    first_frames.append(time.perf_counter() - tab.opened_at)


async def _play(tab: Any, name: str) -> None:
    mark = tab.mark()
    await tab.sign_in(name, PIN, PIN, timeout=120)  # a first visit: the PIN in both boxes
    await tab.wait_for("  New game", timeout=120, since=mark)
    key = tab.menu_key("New game", since=mark)
    mark = tab.mark()
    await tab.send(key)
    await tab.wait_for("Start game", timeout=120, since=mark)
    mark = tab.mark()
    await tab.send("\r")
    await tab.wait_for("Your move", timeout=120, since=mark)
    mark = tab.mark()
    for key in "128":  # the opening: keep two cards hidden, lay five face up
        await tab.send(key)
        await asyncio.sleep(0.2)
    await tab.wait_for(f"{name} lays face up", timeout=120, since=mark)


async def _failed(error: BaseException) -> None:
    raise error


async def _scenario(url: str, sessions: int, pids: Any) -> dict[str, Any]:
    import aiohttp

    from civio_tui.serve.probe import Tab, memory_mb

    timeout = aiohttp.ClientTimeout(total=None)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        # No terminal emulator here: the measuring client must cost far less than the games.
        tabs = [Tab(http, url, 100, 30, screen=False) for _ in range(sessions)]
        names = [f"Player {n:02d}" for n in range(1, sessions + 1)]
        first: list[float] = []
        # Every tab opens at once and draws its page before anyone signs in, as a class does:
        # names are typed seconds after the page appears, so sign-ins (a PIN's scrypt) do not
        # crowd the class's first frames.
        opened = await asyncio.gather(*(_open(tab, first) for tab in tabs), return_exceptions=True)
        results = await asyncio.gather(
            *(
                _play(tab, name) if not isinstance(was, BaseException) else _failed(was)
                for tab, name, was in zip(tabs, names, opened, strict=True)
            ),
            return_exceptions=True,
        )
        errors = [f"{name}: {result!r}" for name, result in zip(names, results, strict=True)]
        errors = [e for e, r in zip(errors, results, strict=True) if isinstance(r, BaseException)]
        memory = [memory_mb(pid) for pid in pids()]
        for tab in tabs:
            await tab.close()
    return {"first_frames": first, "errors": errors, "memory": memory, "names": names}


def _save_state(campaign: Campaign | None) -> str:
    """What a tab's save holds once the tabs are gone: the round begun in the opening, still in
    progress, or that round ended (an opponent may go out on its first turn, about 1 deal in 100
    against one Medium); anything else (unreadable, no round) counts as lost."""
    if campaign is None:
        return "other"
    if campaign.in_round:
        return "in_round"
    return "round_over" if campaign.rounds_played == 1 else "other"


def run_serve_bench(
    sessions: int = 20, save_root: Path | None = None, tab_start: str = FORK
) -> dict[str, Any]:
    """The figures of `civio bench serve` (see the module's docstring) with tabs started the
    way `tab_start` says (`civio serve --tab-start`)."""
    from civio_tui.campaigns import list_campaigns
    from civio_tui.serve.players import PlayerFolder
    from civio_tui.serve.probe import ServedProcess

    with tempfile.TemporaryDirectory(prefix="civio-bench-serve-") as scratch:
        root = save_root or Path(scratch) / "class"
        extra = ["--max-sessions", str(sessions), "--max-signing-in", str(sessions)]
        extra += ["--tab-start", tab_start]
        started = time.perf_counter()
        with ServedProcess(root, extra) as server:
            outcome = asyncio.run(
                asyncio.wait_for(_scenario(server.url, sessions, server.game_pids), TIME_LIMIT_S)
            )
        elapsed = time.perf_counter() - started
        saves = {"in_round": 0, "round_over": 0, "other": 0}
        for name in outcome["names"]:
            for summary in list_campaigns(PlayerFolder(root, name).path):
                saves[_save_state(summary.campaign)] += 1
    first = outcome["first_frames"]
    rss = [m[0] for m in outcome["memory"] if m[0]]
    pss = [m[1] for m in outcome["memory"] if m[1]]
    return {
        "sessions": sessions,
        "tab_start": tab_start,
        "first_frame_s": spread(first, 2),
        "memory_mb_per_session": {
            "rss_mean": round(statistics.fmean(rss), 1) if rss else None,
            "rss_max": round(max(rss), 1) if rss else None,
            "pss_mean": round(statistics.fmean(pss), 1) if pss else None,
            "processes_measured": len(rss),
        },
        "errors": outcome["errors"],
        "saves_readable": saves["in_round"] + saves["round_over"],
        "saves": saves,
        "total_s": round(elapsed, 1),
    }
