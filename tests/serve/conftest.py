"""Fixtures for `civio serve`: an isolated save root and config, a player-holding process."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.widgets import Input


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CIVIO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CIVIO_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    return tmp_path


@pytest.fixture
def save_root(tmp_path: Path) -> Path:
    root = tmp_path / "class"
    root.mkdir()
    return root


HOLD_LOCK = """
import sys, time
from pathlib import Path
from civio_tui.serve.players import PlayerLock
lock = PlayerLock(Path(sys.argv[1]))
print("held" if lock.acquire() else "busy", flush=True)
time.sleep(120)
"""


@pytest.fixture
def lock_holder() -> Iterator[Callable[[Path], subprocess.Popen[str]]]:
    """Start a process that takes a player folder's lock and keeps it until killed."""
    started: list[subprocess.Popen[str]] = []

    def start(folder: Path) -> subprocess.Popen[str]:
        folder.mkdir(parents=True, exist_ok=True)
        process = subprocess.Popen(
            [sys.executable, "-c", HOLD_LOCK, str(folder)], stdout=subprocess.PIPE, text=True
        )
        started.append(process)
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "held"
        return process

    yield start
    for process in started:
        process.kill()
        process.wait()
