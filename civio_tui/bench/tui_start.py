"""`civio bench` section: time from process start to the first frame of the main menu.

Each figure is measured in a fresh interpreter running headless, from just before the parent
starts the process to the moment the app first hands a frame to its display. The same harness
times a trivial Textual app (one Static) in the same run, so the ratio says what CIVIO adds to
Textual's own start. The goal is a ratio within 1.5.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Any

RUNS = 5
"""Runs per app; the median is reported (start-up times are noisy)."""

# The child: import and build the app, then exit on the first frame it displays. Timing starts
# in the parent before the process is launched, so interpreter start-up counts too.
CHILD = """
import os, sys, time, tempfile
t0 = float(sys.argv[1])
kind = sys.argv[2]
os.environ.setdefault("CIVIO_CONFIG_DIR", tempfile.mkdtemp())
os.environ.setdefault("CIVIO_SAVE_DIR", tempfile.mkdtemp())
if kind == "civio":
    from civio_tui.app import CivioApp
    app = CivioApp()
else:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Trivial(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("Hello")

    app = Trivial()

display = app._display
done = []

def first_frame(screen, renderable):
    display(screen, renderable)
    if renderable is not None and not done:
        done.append(time.time())
        app.exit()

app._display = first_frame
app.run(headless=True, size=(80, 24))
print(f"{(done[0] - t0) * 1000:.1f}" if done else "nan")
"""


def _time_once(kind: str) -> float:
    started = time.time()
    result = subprocess.run(
        [sys.executable, "-c", CHILD, repr(started), kind],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    lines = result.stdout.strip().splitlines()
    if result.returncode != 0 or not lines:
        raise RuntimeError(f"the {kind} start-up run failed: {result.stderr.strip()[-500:]}")
    return float(lines[-1])


def measure(runs: int = RUNS) -> dict[str, Any]:
    """`{"tui_start_ms": {"civio", "trivial_textual", "ratio"}}`: medians over `runs` runs each,
    interleaved so both apps see the same machine load."""
    civio: list[float] = []
    trivial: list[float] = []
    for _ in range(runs):
        trivial.append(_time_once("trivial"))
        civio.append(_time_once("civio"))
    civio_ms = statistics.median(civio)
    trivial_ms = statistics.median(trivial)
    return {
        "tui_start_ms": {
            "civio": round(civio_ms, 1),
            "trivial_textual": round(trivial_ms, 1),
            "ratio": round(civio_ms / trivial_ms, 2),
        }
    }


run = measure
