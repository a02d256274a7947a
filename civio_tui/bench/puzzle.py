"""Bench section `puzzle`: how long generating a puzzle takes.

Key: `puzzle_ms` ({median, max, by_kind: {kind: median}}): every kind at every difficulty over 20
seeds, each generation timed on its own (in one process, so per-deck tables are warm, as in the
game after its first puzzle). Goal: median <= 50 for each kind.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from cards.deck import standard_deck
from cards.puzzles import DIFFICULTIES, KINDS, generate

SEEDS = 20


def measure() -> dict[str, Any]:
    deck = standard_deck()
    generate(deck, KINDS[0], DIFFICULTIES[0], 0)  # build the per-deck link tables once
    by_kind: dict[str, list[int]] = {kind: [] for kind in KINDS}
    for kind in KINDS:
        for difficulty in DIFFICULTIES:
            for seed in range(1, SEEDS + 1):
                start = time.perf_counter_ns()
                generate(deck, kind, difficulty, seed)
                by_kind[kind].append(time.perf_counter_ns() - start)
    every = [t for samples in by_kind.values() for t in samples]
    return {
        "puzzle_ms": {
            "median": round(statistics.median(every) / 1e6, 3),
            "max": round(max(every) / 1e6, 3),
            "by_kind": {k: round(statistics.median(v) / 1e6, 3) for k, v in by_kind.items()},
        }
    }
