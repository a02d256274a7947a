"""Bench section `engine`: how fast the round engine plays seeded random rounds.

Keys: `engine` = {actions_per_sec, rounds_per_sec, ...}. Random play straight on the engine (no
views, no AI objects): every decision picks uniformly among `legal_actions()` and goes through
the checked `apply`; `unchecked_actions_per_sec` repeats the run with `apply_unchecked`.
"""

from __future__ import annotations

import random
import time
from typing import Any

from cards.deck import Deck, standard_deck
from cards.game import round_seed
from cards.games.civio.round import Round
from cards.ruleset import RuleSet

SEED = 20240601
ROUNDS = 300
SEATS = 3


def _play(deck: Deck, rules: RuleSet, rounds: int, checked: bool) -> tuple[int, int, float]:
    rng = random.Random(SEED)
    actions = 0
    turns = 0
    started = time.perf_counter()
    for k in range(rounds):
        rnd = Round(rules, SEATS, k % SEATS, round_seed(SEED, k), deck)
        apply = rnd.apply if checked else rnd.apply_unchecked
        choice = rng.choice
        while not rnd.is_over:
            apply(choice(rnd.legal_actions()))
            actions += 1
        assert rnd.result is not None
        turns += rnd.result.turns
    return actions, turns, time.perf_counter() - started


def measure(rounds: int = ROUNDS) -> dict[str, Any]:
    deck = standard_deck()
    rules = RuleSet()
    _play(deck, rules, 5, True)  # warm the per-deck tables and caches
    actions, turns, elapsed = _play(deck, rules, rounds, True)
    unchecked_actions, _, unchecked_elapsed = _play(deck, rules, rounds, False)
    return {
        "engine": {
            "actions_per_sec": round(actions / elapsed, 1),
            "rounds_per_sec": round(rounds / elapsed, 2),
            "unchecked_actions_per_sec": round(unchecked_actions / unchecked_elapsed, 1),
            "rounds": rounds,
            "seats": SEATS,
            "actions": actions,
            "mean_turns": round(turns / rounds, 2),
            "seed": SEED,
        }
    }


run = measure
