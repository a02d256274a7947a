"""A table survives its processes being killed: a process playing a table is killed with
SIGKILL at random moments, and every action it reported committed is still in the log; the
table then resumes from its last committed action and ends exactly as an uninterrupted game
with the same seed."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from civio_tui.tables import ops
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import TableStore

CHILD = Path(__file__).with_name("table_driver_child.py")


def computer_table(store: TableStore, rounds: int) -> str:
    """Four random computers (the host left at once: the stand-in plays seat 1)."""
    code = ops.open_table(
        store, "Ana", "civio", 4, {"rounds": rounds}, now=0, seed=99, computer="random"
    ).code
    ops.start(store, code, "Ana", now=0)
    ops.leave(store, code, "Ana", now=0)
    return code


def logged(store: TableStore, code: str) -> list[tuple[int, dict[str, object]]]:
    with store.read() as tx:
        return [(a.seat, a.action) for a in tx.actions(code)]


def play_out(store: TableStore, code: str) -> None:
    live = LiveTable(store, code)
    live.drive("kill-test-driver", now=time.time() + 3600)
    assert live.table.state == ops.ENDED


def kill_at_random(root: Path, code: str, kills: int, seed: int) -> None:
    """Each child is killed at a random moment after its first commit (so amid play on a
    loaded machine too), and the log then holds at least every action it reported."""
    rng = random.Random(seed)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    for _ in range(kills):
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(root), code],
            stdout=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        assert child.stdout is not None
        ready = child.stdout.readline().split()
        assert ready[0] == "ready", ready
        first = child.stdout.readline()  # empty when the game was already over
        time.sleep(rng.uniform(0.0, 0.5))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        reported = [int(line) for line in (first + out).split()] or [int(ready[1])]
        with TableStore.in_root(root) as store:
            resumed = LiveTable(store, code)  # replays every committed action, checked
            assert resumed.log_length >= reported[-1]


def check_kills(tmp_path: Path, kills: int, rounds: int) -> None:
    with TableStore.in_root(tmp_path / "reference") as store:
        ref_code = computer_table(store, rounds)
        play_out(store, ref_code)
        reference = logged(store, ref_code)
    root = tmp_path / "killed"
    with TableStore.in_root(root) as store:
        code = computer_table(store, rounds)
    kill_at_random(root, code, kills, seed=kills)
    with TableStore.in_root(root) as store:
        assert len(logged(store, code)) > 0
        play_out(store, code)
        assert logged(store, code) == reference


def test_a_killed_table_process_loses_no_committed_action(tmp_path: Path) -> None:
    check_kills(tmp_path, kills=3, rounds=1)


@pytest.mark.slow
def test_twenty_kills_lose_no_committed_action(tmp_path: Path) -> None:
    check_kills(tmp_path, kills=20, rounds=6)
