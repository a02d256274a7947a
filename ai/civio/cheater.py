"""`cheater`: the hard search given the full round. A measuring instrument, never an opponent.

It runs exactly the search `hard` runs, but its one world is the live round: every hidden card
where it really lies, the order of the undrawn supply included, so it knows its own coming
draws. Playing `hard` against it measures what everything `hard` cannot see costs.

`cheater-hands` splits that cost: it sees every hand, so it knows for certain whether a discard
would let the next player go out, but like every player it treats the undrawn supply as chance
(as OpenSpiel draws a card from the stock as a chance event) and deals it afresh in each world,
as `hard` does. `hard` against it measures what the other players' hidden cards cost.

Both are registered with `offered=False`, so the game never offers them; without a live round
(`attach_round`) they play exactly like `hard`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ai.base import Instrument, register
from ai.civio.determinise import Deal, World
from ai.civio.hard import HardPlayer, SearchBudget, ViewKnowledge
from ai.civio.heuristics import from_view
from cards.go_out import goes_out

if TYPE_CHECKING:
    from cards.games.civio.actions import Action, Decision
    from cards.games.civio.round import Round
    from cards.games.civio.view import PlayerView


class RoundKnowledge:
    """The true round as the search's knowledge: with `read_supply`, the round itself as the
    only world; without, its hands, and the supply dealt afresh in each world. Whether a discard
    feeds the next player is known for certain, so a feed is charged in full."""

    feed_weight = 1.0

    def __init__(self, rnd: Round, *, read_supply: bool) -> None:
        self.rnd = rnd
        self.read_supply = read_supply

    def worlds(self, n: int, rng: random.Random) -> list[World]:
        rnd = self.rnd
        if self.read_supply:
            return [rnd]
        worlds: list[World] = []
        for _ in range(n):
            supply = sorted(rnd.supply)  # which cards, never their order
            rng.shuffle(supply)
            worlds.append(Deal(supply, rnd.seats, list(rnd.skips), rnd.hidden))
        return worlds

    def feed_risk(self, card: int, seat: int) -> float:
        hand = self.rnd.hand(seat)
        cards = [*hand, card]
        deck = self.rnd.deck
        return 1.0 if any(goes_out(deck, [c for c in cards if c != k]) for k in hand) else 0.0


class CheaterPlayer(HardPlayer, Instrument):
    name = "cheater"
    read_supply = True

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
            knowledge = RoundKnowledge(self._round, read_supply=self.read_supply)
        return self.search.decide(sit, decision, rng, knowledge)


class HandsCheaterPlayer(CheaterPlayer):
    """Sees every hand but not the supply's order: its coming draws are chance to it."""

    name = "cheater-hands"
    read_supply = False


register(
    "cheater",
    CheaterPlayer,
    offered=False,
    description="hard's search given the full round (measuring only, never offered)",
)
register(
    "cheater-hands",
    HandsCheaterPlayer,
    offered=False,
    description="hard's search seeing every hand, not the supply (measuring only, never offered)",
)
