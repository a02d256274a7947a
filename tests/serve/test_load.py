"""Twenty tabs at once on `civio serve` (127.0.0.1 only), bounded in count and time: each signs
in, starts a game and plays the opening; no error, and every save reads back. The figures
themselves are `civio bench serve`'s; here only that it all worked. Marked `serve`."""

from __future__ import annotations

from pathlib import Path

import pytest

from civio_tui.bench.serve import run_serve_bench

pytestmark = pytest.mark.serve

SESSIONS = 20


def test_twenty_tabs_at_once_play_without_error_and_every_save_reads_back(
    save_root: Path,
) -> None:
    report = run_serve_bench(SESSIONS, save_root=save_root)
    assert report["errors"] == []
    assert report["saves"]["other"] == 0
    assert report["saves_readable"] == SESSIONS
    assert report["memory_mb_per_session"]["processes_measured"] == SESSIONS
    folders = [p for p in save_root.iterdir() if not p.name.startswith(".")]  # not the PIN tries
    assert len(folders) == SESSIONS  # one folder each, nothing else
