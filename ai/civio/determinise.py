"""Determinisation: deals of the unseen cards consistent with what one seat knows.

OpenSpiel's `resample_from_infostate`: the cards a seat cannot locate (the supply, and the
opponents' hidden cards it cannot name) are dealt at random into their places, so a search can
read the coming draws as if it could see them. A search reads only the seats' hidden cards and
the top of the supply, so `sample_deals` deals just those. `sample_world` places every unseen
card, which `Round.from_view(view, deck, sample_world(view, deck, rng))` turns into a whole round
(for the tests and anything that must play a world forward; the engine itself never samples).
The samples come from the rng handed in and nothing else, so the same view and rng state give
the same deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Protocol

from cards.games.civio.phase import Phase
from cards.games.civio.world import UnseenCards
from cards.table import FACE_UP_COUNT

if TYPE_CHECKING:
    from cards.deck import Deck
    from cards.games.civio.view import PlayerView


class World(Protocol):
    """What a search reads of a world: a `Deal`, or a whole `Round` (the cheater's)."""

    @property
    def supply(self) -> list[int]: ...

    @property
    def seats(self) -> int: ...

    @property
    def skips(self) -> list[int]: ...

    @property
    def hidden(self) -> list[list[int]]: ...


@dataclass(slots=True)
class Deal:
    """One deal of the unseen cards: every seat's hidden cards and the supply (top last). Only
    the top `dealt` cards of the supply are in a random order; the rest, which no search of
    that depth reaches, are in any order."""

    supply: list[int]
    seats: int
    skips: list[int]
    hidden: list[list[int]]


def sample_deals(
    view: PlayerView, deck: Deck, rng: random.Random, n: int, depth: int
) -> list[Deal]:
    """`n` deals consistent with `view`: the opponents' unknown hidden cards and the top of the
    supply dealt at random from the cards the seat cannot locate, enough of the supply for
    every seat to draw `depth` more times (and a confiscation's replacement)."""
    unseen = view.unseen_cards(deck)
    me = view.seat
    players = view.players
    unknown = [0 if p.seat == me else p.hidden_count - len(p.known_hidden) for p in players]
    blind = sum(unknown)
    top = min(len(unseen) - blind, view.seats * depth + 1)
    skips = [p.skips for p in players]
    mine = list(view.hidden)
    # Each seat's hidden cards: its known ones, then how many of the dealt cards (None: mine).
    places = [
        (None, 0) if p.seat == me else (list(p.known_hidden), u)
        for p, u in zip(players, unknown, strict=True)
    ]
    pool = set(unseen)
    deals = []
    for _ in range(n):
        dealt = rng.sample(unseen, blind + top)
        hidden = []
        k = 0
        for known, u in places:
            if known is None:
                hidden.append(mine[:])
            else:
                hidden.append(known + dealt[k : k + u])
                k += u
        rest = list(pool.difference(dealt))
        rest += dealt[blind:][::-1]  # the first card dealt is the top of the supply
        deals.append(Deal(rest, view.seats, skips, hidden))
    return deals


def sample_world(view: PlayerView, deck: Deck, rng: random.Random) -> UnseenCards:
    """A random placing of every card `view` does not show (OpenSpiel's
    resample_from_infostate): the opponents' unknown hidden cards and the whole supply order,
    each opponent's face-up choice if it has chosen during the opening, and a seed for the
    rebuilt round's own RNG, all drawn from `rng`."""
    seed = rng.getrandbits(64)
    unseen = view.unseen_cards(deck)
    rng.shuffle(unseen)
    opening = view.pending is not None and view.pending.phase == Phase.FACE_UP.value
    hidden: list[tuple[int, ...]] = []
    choices: list[tuple[int, ...] | None] = []
    for p in view.players:
        if p.seat == view.seat:
            hidden.append(())
            choices.append(None)
            continue
        dealt = tuple(unseen.pop() for _ in range(p.hidden_count - len(p.known_hidden)))
        hidden.append(dealt)
        if opening and p.chose_face_up:
            cards = [*p.known_hidden, *dealt]
            choices.append(tuple(sorted(rng.sample(cards, FACE_UP_COUNT))))
        else:
            choices.append(None)
    return UnseenCards(tuple(hidden), tuple(unseen), tuple(choices), seed)


def future_draws(world: World, seat: int, n: int, *, drawn: bool, consumed: int = 0) -> list[int]:
    """The next `n` supply cards `seat` would draw in `world`, whose turn it is, if every seat
    drew from the supply in turn: its own draw this turn already made (or passed up) when
    `drawn`, and `consumed` cards leaving the top first (a confiscation's replacement). Turns
    lost to attacks draw nothing."""
    supply = world.supply  # the top is the last element
    depths = _draw_depths(world.seats, tuple(world.skips), seat, n, drawn, consumed, len(supply))
    return [supply[d] for d in depths]


@cache
def _draw_depths(
    seats: int, skips: tuple[int, ...], seat: int, n: int, drawn: bool, taken: int, size: int
) -> tuple[int, ...]:
    """Where in a supply of `size` cards (as negative indexes, the top -1) `future_draws`
    finds its cards: the same for every world of a decision, so worked out once."""
    lost = list(skips)
    out: list[int] = []
    turn = (seat + 1) % seats if drawn else seat
    while len(out) < n and taken < size:
        if lost[turn]:
            lost[turn] -= 1  # a lost turn draws nothing
        else:
            if turn == seat:
                out.append(-1 - taken)
            taken += 1
        turn = (turn + 1) % seats
    return tuple(out)
