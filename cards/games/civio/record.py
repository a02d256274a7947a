"""A recorded round read back as one seat lived it: each of its decisions with the view it had,
the options and the action it took. Pure: a function of the round's record (rules, seats,
dealer, seed, actions), for reviews and lessons that judge a seat's choices without running the
engine themselves (ai/ never imports `cards.games.civio.round`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from cards.deck import Deck
from cards.games.civio.actions import Action, Decision, DecisionKind
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.ruleset import RuleSet
from cards.table import DISCARD_PILE


@dataclass(frozen=True)
class SeatDecision:
    """One decision of a seat in a recorded round: `position` is the index of `action` in the
    round's actions, `turn` the turn it belongs to (0 during the opening). What the seat could
    not see, known once the round is over: `hands`, every seat's cards at the decision; for a
    discard, `taken_by`, the seat that took it from the pile (None when nobody did), and
    `won_with`, whether that seat went out on the same turn; `winner`, the seat that won the
    round (None without one)."""

    position: int
    turn: int
    view: PlayerView
    decision: Decision
    action: Action
    hands: tuple[tuple[int, ...], ...] = ()
    taken_by: int | None = None
    won_with: bool = False
    winner: int | None = None


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
    discard: int | None = None  # the index in `found` of a discard not yet taken or buried
    taken: tuple[int, int] | None = None  # (index in `found`, turn) of the last discard taken
    for position, action in enumerate(actions):
        decision = rnd.decision
        if decision is None:
            break
        if decision.kind is DecisionKind.DRAW and discard is not None:
            # Only the next draw can take a discard: after it the card is buried or gone.
            if action.source == DISCARD_PILE:
                found[discard] = replace(found[discard], taken_by=decision.seat)
                taken = (discard, rnd.turn)
            discard = None
        if decision.seat == seat and len(decision.options) > 1:
            hands = tuple(tuple(rnd.face_up[s] + rnd.hidden[s]) for s in range(seats))
            if decision.kind is DecisionKind.DISCARD:
                discard = len(found)
            found.append(SeatDecision(position, rnd.turn, rnd.view(seat), decision, action, hands))
        rnd.apply(action)
    winner = rnd.result.winner if rnd.result is not None else None
    if taken is not None and winner is not None and taken[1] == rnd.turn:
        index = taken[0]
        if found[index].taken_by == winner:
            found[index] = replace(found[index], won_with=True)
    return [replace(d, winner=winner) for d in found]
