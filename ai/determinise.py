"""Determinisation: whole rounds consistent with what one seat knows.

OpenSpiel's `resample_from_infostate`: the cards a seat cannot locate (the supply, and the
opponents' hidden cards it cannot name) are dealt at random into their places, so a search can
play the round forward as if it could see everything. The engine builds such a round
(`Round.from_view`); this module only draws the samples, from the rng it is handed and nothing
else, so the same view and rng state give the same worlds.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cards.round import Round

if TYPE_CHECKING:
    from cards.deck import Deck
    from cards.view import PlayerView


def sample_worlds(view: PlayerView, deck: Deck, rng: random.Random, n: int) -> list[Round]:
    """`n` rounds consistent with `view`, the unseen cards dealt at random from `rng`."""
    return [Round.from_view(view, deck, rng) for _ in range(n)]


def future_draws(world: Round, seat: int, n: int, *, drawn: bool, consumed: int = 0) -> list[int]:
    """The next `n` supply cards `seat` would draw in `world`, whose turn it is, if every seat
    drew from the supply in turn: its own draw this turn already made (or passed up) when
    `drawn`, and `consumed` cards leaving the top first (a confiscation's replacement). Turns
    lost to attacks draw nothing."""
    supply = world.supply  # the top is the last element
    seats = world.seats
    skips = list(world.skips)
    out: list[int] = []
    taken = consumed
    turn = (seat + 1) % seats if drawn else seat
    while len(out) < n and taken < len(supply):
        if skips[turn]:
            skips[turn] -= 1  # a lost turn draws nothing
        else:
            if turn == seat:
                out.append(supply[-1 - taken])
            taken += 1
        turn = (turn + 1) % seats
    return out
