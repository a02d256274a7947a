"""The Easy Play arena figures of the README, measured the way
`civio arena --game easy-play` measures them: 2,000 rounds each, fixed seeds (`pytest -m slow`)."""

from __future__ import annotations

import os

import pytest

from civio_tui.arena import run_arena

pytestmark = pytest.mark.slow

ROUNDS = 2000
JOBS = max(1, min(4, os.cpu_count() or 1))


def test_medium_beats_random() -> None:
    doc = run_arena(["medium", "random"], ROUNDS, 1, jobs=JOBS, game="easy-play")
    assert doc["seats"][0]["win_rate"] >= 0.90


def test_rounds_between_medium_players_end_in_civio() -> None:
    doc = run_arena(["medium", "medium"], ROUNDS, 2, jobs=JOBS, game="easy-play")
    assert doc["draws"] / doc["rounds"] <= 0.05


def test_easy_sits_between_random_and_medium() -> None:
    assert (
        run_arena(["easy", "random"], ROUNDS, 3, jobs=JOBS, game="easy-play")["seats"][0][
            "win_rate"
        ]
        > 0.5
    )
    assert (
        run_arena(["easy", "medium"], ROUNDS, 4, jobs=JOBS, game="easy-play")["seats"][0][
            "win_rate"
        ]
        < 0.5
    )
