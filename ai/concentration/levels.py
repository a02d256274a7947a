"""Concentration opponents with a memory. They read only their `ConcentrationView` (every card
turned up so far, which every player saw) and never peek at a face-down card.

- `easy` remembers only the cards turned in the last few turns (`EASY_MEMORY` cards), so it
  forgets what it saw a few turns ago;
- `hard` remembers every card it has seen.
Each turns a remembered pair when it knows one; otherwise it turns a card it has not seen, and
for the second card the first card's mate if it remembers where it is.
"""

from __future__ import annotations

import random

from ai.base import Levels
from cards.games.concentration.game import ConcentrationDecision, ConcentrationView, TurnCard

EASY_MEMORY = 4
"""Cards the easy level remembers: the last two turns."""


class ConcentrationPlayer:
    def __init__(self, level: str) -> None:
        if level not in ("easy", "hard"):
            raise ValueError(f"unknown Concentration level {level!r} (easy or hard)")
        self.level = self.name = level

    def memory(self, view: ConcentrationView) -> dict[int, int]:
        """position -> card for the face-down cards it remembers."""
        seen = view.seen if self.level == "hard" else view.seen[-EASY_MEMORY:]
        known: dict[int, int] = {}
        for position, card in seen:
            if position not in view.captured:
                known[position] = card
        return known

    def choose(
        self, view: ConcentrationView, decision: ConcentrationDecision, rng: random.Random
    ) -> TurnCard:
        known = self.memory(view)
        mate = {a: b for a, b in view.pairs} | {b: a for a, b in view.pairs}
        options = list(decision.options)
        if view.first is not None:
            first_pos, first_card = view.first
            for position, card in known.items():
                if card == mate[first_card] and position != first_pos and position in options:
                    return TurnCard(position)
            unseen = [p for p in options if p not in known]
            return TurnCard(rng.choice(unseen or options))
        where = {card: position for position, card in known.items()}
        for position, card in sorted(known.items()):
            if mate[card] in where and position in options:
                return TurnCard(position)
        unseen = [p for p in options if p not in known]
        return TurnCard(rng.choice(unseen or options))


LEVELS = Levels("Concentration level")
"""The Concentration levels, weakest first: `LEVELS.player(name)` makes one."""
LEVELS.register("easy", lambda deck: ConcentrationPlayer("easy"))
LEVELS.register("hard", lambda deck: ConcentrationPlayer("hard"))
