"""The fixed sizes of a CIVIO table (docs/RULES.md, Setup): hands, face-up rows, seats."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cards.deck import Deck

HAND_SIZE = 7
"""Cards in every hand, all round long (docs/RULES.md, Setup)."""
FACE_UP_COUNT = 5
"""Cards each seat lays face up at the opening; the other 2 stay hidden."""
MIN_SEATS = 2
MAX_SEATS = 4

SUPPLY = "supply"
DISCARD_PILE = "discard"
"""Where a turn's card is drawn from (the main game and Easy Play)."""


def fed_by(events: Sequence[Any], winner: int | None, draw: str, discard: str) -> int | None:
    """The seat whose discard the winner took to go out, in a game with a discard pile: the
    round's last draw is the winner's, from the discard pile, and the card it took is the one
    the last `discard` before it put there. None when the winner went out otherwise (or no one
    did). `events` have `seat` and `action` (`kind`, `source`); `draw`, `discard`: the game's
    action kinds."""
    if winner is None:
        return None
    for i in range(len(events) - 1, -1, -1):
        action = events[i].action
        if action.kind != draw:
            continue
        if events[i].seat != winner or action.source != DISCARD_PILE:
            return None
        for event in reversed(events[:i]):
            if event.action.kind == discard:
                seat: int = event.seat
                return seat if seat != winner else None
        return None
    return None


def check_table(deck: Deck, seats: int) -> None:
    """Raise ValueError unless a round for `seats` players can be dealt from `deck`: a hand of
    7 each and at least one card for the supply."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a round needs {MIN_SEATS}-{MAX_SEATS} seats, not {seats}")
    needed = HAND_SIZE * seats + 1
    if len(deck) < needed:
        raise ValueError(
            f"{len(deck)} cards are too few to deal {seats} hands of {HAND_SIZE} "
            f"(a round of {seats} players needs {needed})"
        )


def check_pack(deck: Deck, seats: int = MIN_SEATS) -> None:
    """`check_table` for a card pack given by its file (`--cards`): a DeckError that names the
    file. With the fewest seats, it refuses a pack from which no game can be dealt at all."""
    from cards.deck import DeckError

    try:
        check_table(deck, seats)
    except ValueError as exc:
        raise DeckError(f"{deck.source}: {exc}") from None


def shuffled_deck(size: int, deal_order: Sequence[int] | None, rng: random.Random) -> list[int]:
    """The dealing order: a seeded shuffle, or `deal_order` (a test hook) on top of one."""
    if deal_order is None:
        order = list(range(size))
        rng.shuffle(order)
        return order
    fixed = list(deal_order)
    if len(set(fixed)) != len(fixed) or any(not 0 <= c < size for c in fixed):
        raise ValueError("deal_order must list distinct card ids of the deck")
    chosen = set(fixed)
    rest = [c for c in range(size) if c not in chosen]
    rng.shuffle(rest)
    return fixed + rest
