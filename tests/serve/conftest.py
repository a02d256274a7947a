"""Fixtures for `civio serve`: an isolated save root and config, a player-holding process, and
headless Chromium for the `browser` tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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
from typing import Any
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


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, through Playwright (the `browser` tests)."""
    if CHROMIUM is None:
        pytest.skip(
            "Chromium is not installed: run `apt-get update && apt-get install -y chromium` "
            "as root (Debian), then `pytest -m browser`"
        )
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is missing: pip install -e '.[dev]'"
    )
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--no-proxy-server"],
        )
        try:
            yield browser
        finally:
            browser.close()
