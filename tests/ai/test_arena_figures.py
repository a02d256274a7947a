"""The arena figures of docs/AI.md (issue 5), measured the way `civio arena` measures them.

These are the long statistical runs (2,000 rounds each, fixed seeds): `pytest -m slow`.
Each test plays one row of the table in docs/AI.md; the seeds are the ones printed there.
"""

from __future__ import annotations

import os

import pytest

from civio_tui.arena import run_arena as arena

pytestmark = pytest.mark.slow

ROUNDS = 2000
MIXED_ROUNDS = 200
# The rounds are seeded one by one, so more processes give the same figures sooner.
JOBS = max(1, min(4, os.cpu_count() or 1))


def run_arena(players: list[str], rounds: int, seed: int) -> dict:  # type: ignore[type-arg]
    return arena(players, rounds, seed, jobs=JOBS)


@pytest.fixture(scope="module")
def hard_vs_medium() -> dict:  # type: ignore[type-arg]
    return run_arena(["hard", "medium"], ROUNDS, 5)


def seat(doc: dict, i: int) -> dict:  # type: ignore[type-arg]
    return doc["seats"][i]  # type: ignore[no-any-return]


def test_medium_beats_random() -> None:
    doc = run_arena(["medium", "random"], ROUNDS, 1)
    assert seat(doc, 0)["win_rate"] >= 0.95
    assert seat(doc, 0)["latency_ms"]["p95"] <= 5


def test_easy_beats_random_and_loses_to_medium() -> None:
    doc = run_arena(["easy", "random"], ROUNDS, 2)
    assert seat(doc, 0)["win_rate"] >= 0.70
    doc = run_arena(["easy", "medium"], ROUNDS, 3)
    assert seat(doc, 0)["win_rate"] < 0.50
    assert seat(doc, 1)["latency_ms"]["p95"] <= 5


def test_rounds_between_medium_players_end_in_civio() -> None:
    doc = run_arena(["medium", "medium"], ROUNDS, 4)
    assert doc["draws"] / doc["rounds"] <= 0.05


def test_hard_beats_medium(hard_vs_medium: dict) -> None:  # type: ignore[type-arg]
    hard = seat(hard_vs_medium, 0)
    assert hard["win_rate"] >= 0.60
    assert hard["ci95"][0] > 0.55


def test_hard_and_medium_answer_in_time(hard_vs_medium: dict) -> None:  # type: ignore[type-arg]
    hard = seat(hard_vs_medium, 0)
    assert hard["latency_ms"]["p95"] <= 250
    assert hard["latency_ms"]["max"] <= 1000
    assert seat(hard_vs_medium, 1)["latency_ms"]["p95"] <= 5


@pytest.fixture(scope="module")
def hard_vs_cheater() -> dict:  # type: ignore[type-arg]
    return run_arena(["hard", "cheater"], ROUNDS, 6)


def test_hard_holds_its_own_against_cheater(hard_vs_cheater: dict) -> None:  # type: ignore[type-arg]
    # The cheater sees every hand; the undrawn supply is chance to it as to hard (docs/AI.md).
    assert seat(hard_vs_cheater, 0)["win_rate"] >= 0.45


def test_reading_the_supply_is_worth_more_than_every_hand(
    hard_vs_cheater: dict,  # type: ignore[type-arg]
) -> None:
    # cheater-supply also knows its own coming draws: a ceiling, not a goal.
    doc = run_arena(["hard", "cheater-supply"], ROUNDS, 6)
    assert seat(doc, 0)["win_rate"] < seat(hard_vs_cheater, 0)["win_rate"] - 0.05


@pytest.mark.parametrize(
    ("players", "seed"),
    [
        (["hard", "medium", "easy"], 7),
        (["hard", "medium", "easy", "random"], 8),
        (["medium"] * 4, 9),
    ],
)
def test_bigger_tables_of_mixed_levels_run_cleanly(players: list[str], seed: int) -> None:
    doc = run_arena(players, MIXED_ROUNDS, seed)
    assert doc["rounds"] == MIXED_ROUNDS
    assert doc["draws"] / doc["rounds"] <= 0.05
    assert sum(s["wins"] for s in doc["seats"]) == MIXED_ROUNDS - doc["draws"]
