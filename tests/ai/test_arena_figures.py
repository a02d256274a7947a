"""The arena figures of docs/AI.md as `civio arena` measures them.

These are the long statistical runs (2,000 rounds each, fixed seeds): `pytest -m slow`.
Each test plays one row of the table in docs/AI.md; the seeds are the ones printed there.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from civio_tui.arena import run_arena as arena

pytestmark = pytest.mark.slow

ROUNDS = 2000
MIXED_ROUNDS = 200
# The rounds are seeded one by one, so more processes give the same figures sooner.
JOBS = max(1, min(4, os.cpu_count() or 1))
Doc = dict[str, Any]


def run_arena(players: list[str], rounds: int, seed: int) -> Doc:
    return arena(players, rounds, seed, jobs=JOBS)


@pytest.fixture(scope="module")
def hard_vs_medium() -> Doc:
    return run_arena(["hard", "medium"], ROUNDS, 5)


def seat(doc: Doc, i: int) -> Doc:
    return doc["seats"][i]


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


@pytest.fixture(scope="module")
def hard_vs_cheater_hands() -> Doc:
    # The goal's instrument is cheater-hands: it sees every hand, and the
    # undrawn supply is chance to it as to hard and to every player (docs/AI.md). `cheater`,
    # which also reads the supply's order, measures foreknowledge of the draws (below).
    return run_arena(["hard", "cheater-hands"], ROUNDS, 6)


@pytest.fixture(scope="module")
def medium_vs_medium() -> Doc:
    return run_arena(["medium", "medium"], ROUNDS, 4)


def test_rounds_between_medium_players_end_in_civio(medium_vs_medium: Doc) -> None:
    assert medium_vs_medium["draws"] / medium_vs_medium["rounds"] <= 0.05


def test_hard_beats_medium(hard_vs_medium: Doc) -> None:
    hard = seat(hard_vs_medium, 0)
    assert hard["win_rate"] >= 0.60
    assert hard["ci95"][0] > 0.55


@pytest.mark.xfail(strict=True, reason="not met: see README, Measured (hard vs medium, seed 5)")
def test_hard_wins_65_percent_against_medium(hard_vs_medium: Doc) -> None:
    hard = seat(hard_vs_medium, 0)
    assert hard["win_rate"] >= 0.65
    assert hard["ci95"][0] >= 0.62


def test_hard_loses_by_feeding_at_most_half_as_often_as_medium(
    hard_vs_medium: Doc, medium_vs_medium: Doc
) -> None:
    # Rounds lost by discarding the card the next player took and went out with, as a share of
    # all rounds: hard's against medium's, both in hard's run and between two medium players.
    hard_rate = seat(hard_vs_medium, 0)["lost_by_feeding"] / hard_vs_medium["rounds"]
    medium_rate = seat(hard_vs_medium, 1)["lost_by_feeding"] / hard_vs_medium["rounds"]
    fed = [seat(medium_vs_medium, i)["lost_by_feeding"] for i in (0, 1)]
    assert hard_rate <= 0.5 * medium_rate
    assert hard_rate <= 0.5 * sum(fed) / (2 * medium_vs_medium["rounds"])


def test_hard_and_medium_answer_in_time(hard_vs_medium: Doc) -> None:
    hard = seat(hard_vs_medium, 0)
    assert hard["latency_ms"]["p95"] <= 250
    assert hard["latency_ms"]["max"] <= 1000
    assert seat(hard_vs_medium, 1)["latency_ms"]["p95"] <= 5


def test_hard_holds_its_own_against_the_omniscient_instrument(hard_vs_cheater_hands: Doc) -> None:
    assert seat(hard_vs_cheater_hands, 0)["win_rate"] >= 0.45


@pytest.mark.xfail(strict=True, reason="not met: see README, Measured (hard vs cheater-hands)")
def test_hard_wins_half_its_rounds_against_the_omniscient_instrument(
    hard_vs_cheater_hands: Doc,
) -> None:
    assert seat(hard_vs_cheater_hands, 0)["win_rate"] >= 0.50


def test_even_every_hand_does_not_make_up_for_reading_the_supply() -> None:
    # hard's search seeing every hand, against the same search also knowing its coming draws.
    doc = run_arena(["cheater-hands", "cheater"], ROUNDS, 6)
    assert seat(doc, 0)["win_rate"] < 0.45


def test_against_medium_the_supply_order_is_worth_more_than_the_hands(hard_vs_medium: Doc) -> None:
    # The same rounds as hard's (seed 5), played by the search seeing more and more.
    hands = seat(run_arena(["cheater-hands", "medium"], ROUNDS, 5), 0)
    everything = seat(run_arena(["cheater", "medium"], ROUNDS, 5), 0)
    hard = seat(hard_vs_medium, 0)
    assert everything["ci95"][0] > hands["ci95"][1]
    hands_worth = hands["win_rate"] - hard["win_rate"]
    supply_worth = everything["win_rate"] - hands["win_rate"]
    assert supply_worth > 2 * hands_worth


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
