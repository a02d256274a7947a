"""Round scores (docs/RULES.md, Scoring): the winner's under either flush reading, and the
others'."""

from __future__ import annotations

from collections.abc import Sequence

from cards.deck import Deck
from cards.go_out import Arrangement, best_non_winner
from cards.ruleset import RuleSet

GOING_OUT_BONUS = 2
FLUSH_MULTIPLIER = 3


def winner_score(arrangement: Arrangement, rules: RuleSet) -> int:
    """The winner's round score: points + 2 for 3 + 4; a Thurgood Flush is tripled.

    The booklet triples the whole score, (points + 2) x 3; the summary's reading
    (`flush_scoring = "cards_only"`) triples the card points only, points x 3 + 2.
    """
    points = arrangement.points
    if arrangement.kind != "flush":
        return points + GOING_OUT_BONUS
    if rules.flush_scoring == "booklet":
        return (points + GOING_OUT_BONUS) * FLUSH_MULTIPLIER
    return points * FLUSH_MULTIPLIER + GOING_OUT_BONUS


def non_winner_score(deck: Deck, hand: Sequence[int]) -> int:
    """Points in the best set of disjoint valid 3- or 4-card precedents among the cards."""
    return best_non_winner(deck, hand)[0]
