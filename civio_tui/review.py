"""A recorded round reviewed: the engine reads back the seat's decisions as it saw them
(`cards.games.civio.record.seat_decisions`) and the strongest level judges them (`ai.civio.review`).
It lives here, above both, as the arena does: no opponent module of `ai/` runs the round engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cards.deck import Deck, standard_deck
from cards.games.civio.actions import Action
from cards.ruleset import RuleSet

if TYPE_CHECKING:
    from ai.civio.hard import HardSearch
    from ai.civio.review import Review

UNIT_NOTE = (
    "Costs are points off your chance to win the round, judged on what you could see then; "
    "⚠ Hindsight lines use every hand, known once the round was over."
)
"""How the review screen explains its figures, once (`ai.civio.review.UNIT`)."""


def review_round(
    rules: RuleSet,
    seats: int,
    dealer: int,
    seed: int,
    actions: Sequence[Action],
    seat: int,
    deck: Deck | None = None,
    *,
    scores: Sequence[int] | None = None,
    seat_names: Sequence[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    search: HardSearch | None = None,
) -> Review:
    """Judge every decision of `seat` with more than one option in the round dealt from `seed`
    by `dealer` and played with `actions` (see `ai.civio.review.review_decisions`)."""
    from ai.civio.review import review_decisions
    from cards.games.civio.record import seat_decisions

    deck = deck if deck is not None else standard_deck()
    decisions = seat_decisions(rules, seats, dealer, seed, actions, seat, deck, scores=scores)
    return review_decisions(
        decisions, seat, deck, seat_names=seat_names, progress=progress, search=search
    )
