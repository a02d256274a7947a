"""Bench section `ai`: how fast each AI level decides, on the same positions for every level.

Keys: `ai` = {positions, seed, <level>: {decisions_per_sec, p50_ms, p95_ms, max_ms}} for every
level the game offers. The positions are every decision with a real choice in seeded rounds of
medium against medium; each level answers each of them once, on one core, with an rng seeded
per position, so the work is the same on any machine and only the times differ.
"""

from __future__ import annotations

import random
import time
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


def measure(rounds: int = ROUNDS) -> dict[str, Any]:
    asked = positions(rounds)
    figures: dict[str, Any] = {"positions": len(asked), "seed": SEED}
    for level in player_names():
        player = get_player(level)
        player.choose(*asked[0], random.Random(SEED))  # build the per-deck tables first
        ms: list[float] = []
        for index, (view, decision) in enumerate(asked):
            started = time.perf_counter()
            player.choose(view, decision, random.Random(SEED + index))
            ms.append((time.perf_counter() - started) * 1000)
        ms.sort()
        figures[level] = {
            "decisions_per_sec": round(len(ms) / max(sum(ms) / 1000, 1e-9), 1),
            "p50_ms": round(percentile(ms, 0.50), 3),
            "p95_ms": round(percentile(ms, 0.95), 3),
            "max_ms": round(max(ms), 3),
        }
    return {"ai": figures}
