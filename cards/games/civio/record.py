"""A recorded round read back as one seat lived it: each of its decisions with the view it had,
the options and the action it took. Pure: a function of the round's record (rules, seats,
dealer, seed, actions), for reviews and lessons that judge a seat's choices without running the
engine themselves (ai/ never imports `cards.games.civio.round`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cards.deck import Deck
from cards.games.civio.actions import Action, Decision
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.ruleset import RuleSet


@dataclass(frozen=True)
class SeatDecision:
    """One decision of a seat in a recorded round: `position` is the index of `action` in the
    round's actions, `turn` the turn it belongs to (0 during the opening)."""

    position: int
    turn: int
    view: PlayerView
    decision: Decision
    action: Action


def seat_decisions(
    rules: RuleSet,
    seats: int,
    dealer: int,
    seed: int,
    actions: Sequence[Action],
    seat: int,
    deck: Deck,
    *,
    scores: Sequence[int] | None = None,
) -> list[SeatDecision]:
    """Every decision of `seat` with more than one option in the round dealt from `seed` by
    `dealer` and played with `actions` (forced moves are no choice), in order."""
    rnd = Round(rules, seats, dealer, seed, deck, scores=list(scores) if scores else None)
    found: list[SeatDecision] = []
    for position, action in enumerate(actions):
        decision = rnd.decision
        if decision is None:
            break
        if decision.seat == seat and len(decision.options) > 1:
            found.append(SeatDecision(position, rnd.turn, rnd.view(seat), decision, action))
        rnd.apply(action)
    return found
