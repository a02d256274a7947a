"""`civio bench tables`: networked tables under load on this machine.

`tables` CIVIO tables of `seats` people each are opened in a fresh save root, and one process per
seat plays its seat as a tab does (`TableTab`: poll every `POLL_SECONDS`, act on its turn after a
short think, a random legal move). Each process notes, for every action of another seat (play stops
after `seconds`; the polling goes on a second longer for the last moves), the delay from the
action's commit time (written in the log) to the poll that saw it, and at the end its CPU time and
peak memory. The figures: the delay's p50/p95/max over every seat, the mean CPU seconds per process
(start-up included) and its share of one core while playing, and the mean peak RSS per process.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from civio_tui.bench.serve import percentile
from civio_tui.games import CIVIO

THINK_SECONDS = 0.2
"""A seat's pause between seeing its turn and answering (a quick player)."""
LONG = {"rounds": 1000}
"""Enough rounds that no table's game ends before the bench does."""
DRAIN_SECONDS = 1.0
"""After the play time, the seats poll on this long without moving, to see the last moves."""
START_GRACE_SECONDS = 30.0
"""Time the seat processes get to start before play (20 Python start-ups on 2 cores)."""


def run_tables_bench(tables: int, seats: int, seconds: float) -> dict[str, Any]:
    from civio_tui.session.remote import POLL_SECONDS
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    with tempfile.TemporaryDirectory(prefix="civio-bench-tables-") as tmp:
        root = Path(tmp)
        now = time.time()
        seated: list[tuple[str, str]] = []
        with TableStore.in_root(root) as store:
            for t in range(tables):
                names = [f"t{t + 1}s{s + 1}" for s in range(seats)]
                code = ops.open_table(store, names[0], CIVIO.id, seats, LONG, now=now, seed=t).code
                for name in names[1:]:
                    ops.join(store, code, name, now=now)
                ops.start(store, code, names[0], now=now)
                seated += [(code, name) for name in names]
        ready = root / "ready"
        ready.mkdir()
        module = [sys.executable, "-m", "civio_tui.bench.tables", str(root)]
        children = [
            subprocess.Popen(
                [*module, code, name, str(seconds), str(k)], stdout=subprocess.PIPE, text=True
            )
            for k, (code, name) in enumerate(seated)
        ]
        deadline = time.time() + START_GRACE_SECONDS
        while len(list(ready.iterdir())) < len(children) and time.time() < deadline:
            time.sleep(0.05)
        (root / "go").touch()
        reports = []
        for child in children:
            out, _ = child.communicate(timeout=seconds + START_GRACE_SECONDS + 60)
            reports.append(json.loads(out.strip().splitlines()[-1]))
        with TableStore.in_root(root) as store, store.read() as tx:
            actions = sum(tx.log_length(code) for code in {c for c, _ in seated})
    delays = [d for r in reports for d in r["delays_ms"]]
    play_cpu = sum(r["cpu_play_s"] for r in reports) / len(reports)
    return {
        "tabs": len(children),
        "tables": tables,
        "seats": seats,
        "seconds": seconds,
        "poll_ms": round(POLL_SECONDS * 1000),
        "actions": actions,
        "deliveries": len(delays),
        "delay_ms": {
            "p50": round(percentile(delays, 0.50), 1),
            "p95": round(percentile(delays, 0.95), 1),
            "max": round(max(delays, default=0.0), 1),
        },
        "rss_mb_per_tab": round(sum(r["rss_mb"] for r in reports) / len(reports), 1),
        "cpu_s_per_tab": round(sum(r["cpu_s"] for r in reports) / len(reports), 2),
        "cpu_percent_per_tab_playing": round(100 * play_cpu / (seconds + DRAIN_SECONDS), 1),
    }


def seat_process(root: Path, code: str, name: str, seconds: float, seed: int) -> dict[str, Any]:
    """One tab's loop: poll, note the delay of every other seat's action, act on its turn."""
    from civio_tui.session.remote import POLL_SECONDS, TableTab
    from civio_tui.session.seats import PERSON
    from civio_tui.tables.store import TableStore

    store = TableStore.in_root(root)
    tab = TableTab(store, code, name)
    rng = random.Random(seed)
    (root / "ready" / name).touch()
    while not (root / "go").exists():
        time.sleep(0.01)
    start_cpu = _cpu_seconds()
    delays: list[float] = []
    end = time.time() + seconds
    while time.time() < end + DRAIN_SECONDS and not tab.live.match.is_over:
        seen_from = tab.live.log_length
        if tab.poll() and tab.live.log_length > seen_from:
            seen = time.time()
            with store.read() as tx:
                new = tx.actions(code, since=seen_from)
            delays += [(seen - a.at) * 1000 for a in new if a.seat != tab.seat]
        if tab.session.to_move() == PERSON and time.time() < end:
            time.sleep(THINK_SECONDS)
            with contextlib.suppress(ValueError):  # the table moved on: look again next poll
                tab.session.apply(rng.choice(tab.session.decision.options))
        else:
            time.sleep(POLL_SECONDS)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "delays_ms": delays,
        "cpu_s": _cpu_seconds(),
        "cpu_play_s": _cpu_seconds() - start_cpu,
        "rss_mb": usage.ru_maxrss / 1024,
        "pid": os.getpid(),
    }


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    root_arg, code_arg, name_arg, seconds_arg, seed_arg = sys.argv[1:6]
    report = seat_process(Path(root_arg), code_arg, name_arg, float(seconds_arg), int(seed_arg))
    print(json.dumps(report))
