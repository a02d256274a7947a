"""`random`: picks uniformly among the legal options. The floor every other level must beat."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ai.base import register

if TYPE_CHECKING:
    from cards.games.civio.actions import Action, Decision
    from cards.games.civio.view import PlayerView


class RandomPlayer:
    name = "random"

    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        return rng.choice(decision.options)


register("random", RandomPlayer, description="plays any legal move, uniformly at random")
