"""`cheater`: the hard search given the full round. A measuring instrument, never an opponent.

It runs exactly the search `hard` runs, but its one world is the true round: the supply in its
real order and every hidden card where it really lies, and it knows for certain whether a
discard would let the next player go out. Playing `hard` against it measures what the hidden
information costs. `cheater-hands` sees every hand but samples the supply order as hard does,
which measures what the opponents' hidden cards alone are worth. Both are registered with
`offered=False`, so the game never offers them; without a live round (`attach_round`) they play
exactly like `hard`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ai.base import register
from ai.hard import HardPlayer, SearchBudget, ViewKnowledge
from ai.heuristics import from_view
from cards.go_out import goes_out

if TYPE_CHECKING:
    from cards.actions import Action, Decision
    from cards.round import Round
    from cards.view import PlayerView


class RoundKnowledge:
    """The true round as the search's only world; or, with `shuffle_supply`, the true round with
    the supply re-shuffled in each world (every hand known, the order of the draws not)."""

    def __init__(self, rnd: Round, *, shuffle_supply: bool = False) -> None:
        self.rnd = rnd
        self.shuffle_supply = shuffle_supply

    def worlds(self, n: int, rng: random.Random) -> list[Round]:
        if not self.shuffle_supply:
            return [self.rnd]
        worlds = []
        for _ in range(n):
            world = self.rnd.clone()
            rng.shuffle(world.supply)
            worlds.append(world)
        return worlds

    def feed_risk(self, card: int, seat: int) -> float:
        hand = self.rnd.hand(seat)
        cards = [*hand, card]
        deck = self.rnd.deck
        return 1.0 if any(goes_out(deck, [c for c in cards if c != k]) for k in hand) else 0.0


class CheaterPlayer(HardPlayer):
    name = "cheater"
    shuffle_supply = False

    def __init__(self, budget: SearchBudget | None = None) -> None:
        super().__init__(budget)
        self._round: Round | None = None

    def attach_round(self, rnd: Round, seat: int) -> None:
        """Called by the arena when a round starts: the live round this seat plays in."""
        self._round = rnd

    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action:
        if len(decision.options) == 1:
            return decision.options[0]
        sit = from_view(view)
        knowledge: RoundKnowledge | ViewKnowledge = ViewKnowledge(
            view, sit, self.search.budget.horizon + 1
        )
        if self._round is not None:
            knowledge = RoundKnowledge(self._round, shuffle_supply=self.shuffle_supply)
        return self.search.decide(sit, decision, rng, knowledge)


class HandsCheaterPlayer(CheaterPlayer):
    """Sees every hand but not the order of the supply: what the opponents' hidden cards alone
    are worth."""

    name = "cheater-hands"
    shuffle_supply = True


register(
    "cheater-hands",
    HandsCheaterPlayer,
    offered=False,
    description="hard's search seeing every hand but not the supply order (measuring only)",
)
register(
    "cheater",
    CheaterPlayer,
    offered=False,
    description="hard's search with the whole round in view (measuring only, never offered)",
)
