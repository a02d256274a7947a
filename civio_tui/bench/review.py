"""Bench section `review`: how long the review of 40 decisions takes (`review_40_decisions_s`).

The decisions are seat 0's first 40 with a real choice in a seeded two-player round of medium
against medium, judged by `civio_tui.review.review_round` with hard's full search budget, on
one core; the goal is at most 10 s.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ai import get_player
from cards.deck import standard_deck
from cards.game import round_seed
from cards.games.civio.actions import Action
from cards.games.civio.round import Round
from cards.ruleset import RuleSet
from civio_tui.review import review_round

SEED = 20240601
DECISIONS = 40


def forty_decisions() -> tuple[int, list[Action]]:
    """(seed, actions) of a medium-against-medium round cut just after seat 0's 40th decision
    with more than one option (the first seeded round that has that many)."""
    deck = standard_deck()
    medium = get_player("medium")
    for k in range(50):
        seed = round_seed(SEED, k)
        rnd = Round(RuleSet(), 2, 0, seed, deck)
        rng = random.Random(seed)
        count = 0
        while (decision := rnd.decision) is not None:
            if decision.seat == 0 and len(decision.options) > 1:
                count += 1
            rnd.apply(medium.choose(rnd.view(decision.seat), decision, rng))
            if count == DECISIONS:
                return seed, rnd.actions
    raise RuntimeError("no seeded round gave seat 0 forty decisions")


def measure() -> dict[str, Any]:
    seed, actions = forty_decisions()
    started = time.perf_counter()
    review = review_round(RuleSet(), 2, 0, seed, actions, 0, standard_deck())
    elapsed = time.perf_counter() - started
    return {
        "review_40_decisions_s": round(elapsed, 2),
        "review": {"decisions": len(review.decisions), "seed": seed},
    }
