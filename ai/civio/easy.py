"""`easy`: the medium heuristic with a beginner's habits, for players learning the game.

It values hands the same way (the plans a hand can still complete) but forgets which cards have
gone to the discard pile, ignores what its discards give the next player, and makes the mistakes
people make: now and then it discards a near-best card instead of the best, does not notice a
useful card on the discard pile, keeps the wrong cards hidden or attacks whoever comes to mind.
Every move is legal and most are sensible; the slips come from the rng it is handed, so a seed
repeats them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ai.base import register
from ai.civio.heuristics import Situation, from_view, plan_tables
from ai.civio.medium import HeuristicPolicy, Style
from cards.deck import standard_deck
from cards.games.civio.actions import DRAW_SUPPLY, Action, Decision, DecisionKind

if TYPE_CHECKING:
    from cards.games.civio.view import PlayerView

EASY_STYLE = Style(q=0.3, take_margin=1.6, danger=0.0, attack_bonus=0.0, denial=0.0, memory=False)

SLIP_DISCARD = 0.3
"""Chance of discarding the second- or third-best card instead of the best."""
MISS_PILE = 0.35
"""Chance of not looking at the discard pile at all."""
SLIP_OTHER = 0.3
"""Chance of a careless face-up, reveal, target or confiscation choice."""


_CARELESS = (
    DecisionKind.FACE_UP,
    DecisionKind.REVEAL,
    DecisionKind.ATTACK_TARGET,
    DecisionKind.CONFISCATE,
)


class EasyPolicy(HeuristicPolicy):
    def __init__(self) -> None:
        super().__init__(EASY_STYLE)

    def decide(self, sit: Situation, decision: Decision, rng: random.Random) -> Action:
        options = decision.options
        if len(options) == 1:
            return options[0]
        kind = decision.kind
        # One draw per decision, whatever happens, so the slips never depend on the cards.
        roll = rng.random()
        if kind is DecisionKind.DRAW:
            if roll < MISS_PILE and DRAW_SUPPLY in options:
                return DRAW_SUPPLY
            return self.draw(sit, decision)
        if kind is DecisionKind.DISCARD:
            scores = self.discard_scores(sit, decision)
            ranked = sorted(options, key=lambda a: -scores[a])
            if scores[ranked[0]] >= 1e6 or roll >= SLIP_DISCARD:
                return ranked[0]
            return ranked[1 + int(roll / SLIP_DISCARD * 2) % min(2, len(ranked) - 1)]
        if kind in _CARELESS and roll < SLIP_OTHER:
            return options[int(roll / SLIP_OTHER * len(options)) % len(options)]
        return super().decide(sit, decision, rng)


class EasyPlayer:
    name = "easy"

    def __init__(self) -> None:
        self.policy = EasyPolicy()
        plan_tables(standard_deck())

    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        if len(decision.options) == 1:
            return decision.options[0]
        return self.policy.decide(from_view(view), decision, rng)


register("easy", EasyPlayer, description="a beginner: sensible moves, with a beginner's slips")
