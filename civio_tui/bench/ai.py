"""Bench section `ai`: how fast each AI level decides, on the same positions for every level.

Keys: `ai` = {positions, seed, core, <level>: {decisions_per_sec, p50_ms, p95_ms, max_ms,
cpu_p50_ms, cpu_p95_ms, cpu_max_ms}} for every level the game offers. The positions are every
decision with a real choice in seeded rounds of medium against medium; each level answers each
of them once, with an rng seeded per position, so the work is the same on any machine and only
the times differ. The process is pinned to one core while it measures (`core`; None where the
system cannot pin), so the wall-clock figures (`*_ms`) are one core's, waiting for it included,
and the CPU-time figures (`cpu_*_ms`, the thread's own time) leave out the waiting: on an idle
machine the two agree, on a busy one the CPU time is the decision's cost.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ai import get_player, player_names
from cards.deck import standard_deck
from cards.game import round_seed
from cards.games.civio.actions import Decision
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.ruleset import RuleSet
from civio_tui.arena import percentile

SEED = 20240601
ROUNDS = 4


def positions(rounds: int = ROUNDS) -> list[tuple[PlayerView, Decision]]:
    """The (view, decision) of every decision with more than one option in `rounds` seeded
    two-player rounds of medium against medium."""
    deck = standard_deck()
    medium = get_player("medium")
    found: list[tuple[PlayerView, Decision]] = []
    for k in range(rounds):
        rnd = Round(RuleSet(), 2, k % 2, round_seed(SEED, k), deck)
        rng = random.Random(SEED + k)
        while (decision := rnd.decision) is not None:
            view = rnd.view(decision.seat)
            if len(decision.options) > 1:
                found.append((view, decision))
            rnd.apply(medium.choose(view, decision, rng))
    return found


@contextmanager
def one_core() -> Iterator[int | None]:
    """Pin this process to one of the cores it may run on, for the block; the core, or None
    where the system cannot pin a process."""
    if not hasattr(os, "sched_setaffinity"):
        yield None
        return
    allowed = os.sched_getaffinity(0)
    core = min(allowed)
    os.sched_setaffinity(0, {core})
    try:
        yield core
    finally:
        os.sched_setaffinity(0, allowed)


def _figures(ms: list[float], prefix: str = "") -> dict[str, float]:
    ms = sorted(ms)
    return {
        f"{prefix}p50_ms": round(percentile(ms, 0.50), 3),
        f"{prefix}p95_ms": round(percentile(ms, 0.95), 3),
        f"{prefix}max_ms": round(max(ms), 3),
    }


def measure(rounds: int = ROUNDS) -> dict[str, Any]:
    asked = positions(rounds)
    figures: dict[str, Any] = {"positions": len(asked), "seed": SEED}
    with one_core() as core:
        figures["core"] = core
        for level in player_names():
            player = get_player(level)
            player.choose(*asked[0], random.Random(SEED))  # build the per-deck tables first
            wall: list[float] = []
            cpu: list[float] = []
            for index, (view, decision) in enumerate(asked):
                started, started_cpu = time.perf_counter(), time.thread_time()
                player.choose(view, decision, random.Random(SEED + index))
                cpu.append((time.thread_time() - started_cpu) * 1000)
                wall.append((time.perf_counter() - started) * 1000)
            figures[level] = {
                "decisions_per_sec": round(len(wall) / max(sum(wall) / 1000, 1e-9), 1),
                **_figures(wall),
                **_figures(cpu, "cpu_"),
            }
    return {"ai": figures}
