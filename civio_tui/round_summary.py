"""A finished round as the round-end and results screens show it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.deck import Deck
    from civio_tui.arrangement import HandArrangement


@dataclass(frozen=True)
class SeatResult:
    seat: int
    name: str
    level: str
    precedents: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    points: int
    total_before: int
    total: int
    rank_before: str
    rank: str

    @property
    def promoted(self) -> bool:
        return self.rank != self.rank_before


@dataclass(frozen=True)
class RoundSummary:
    number: int
    winner: int | None
    kind: str | None
    reason: str
    turns: int
    seats: tuple[SeatResult, ...]
    game_over: bool
    winners: tuple[int, ...]


def in_their_order(
    summary: RoundSummary, seat: int, arrangement: HandArrangement, deck: Deck
) -> RoundSummary:
    """`seat`'s precedents and cards in the results as they arranged them (`arrangement`; the
    engine scores its own order of the same cards)."""
    mine = summary.seats[seat]
    arrangement.sync(mine.hand)
    place = {card: i for i, card in enumerate(arrangement.cards)}
    mine = replace(
        mine,
        precedents=arrangement.ordered_like_mine(deck, mine.precedents),
        hand=tuple(sorted(mine.hand, key=lambda c: place.get(c, len(place)))),
    )
    seats = list(summary.seats)
    seats[seat] = mine
    return replace(summary, seats=tuple(seats))
