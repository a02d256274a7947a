"""Easy Play opponents. Like every AI they read only their seat's view (`EasyPlayView`) and the
pending decision, and return one of its options; randomness only from the rng they are handed.

- `random`: any legal option, uniformly.
- `easy`: draws from the supply, lays every pair it can, discards a card at random (never one of
  a pair it holds).
- `medium`: takes the top of the discard pile when it pairs with a card in hand, lays the largest
  set of disjoint pairs (most points on a tie), and discards the card with the fewest possible
  partners among the cards it cannot see, avoiding one that pairs with a card the next player
  is known to hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from ai.base import Levels
from cards.deck import Deck, standard_deck
from cards.games.easy_play.round import (
    CIVIO,
    DISCARD,
    DONE,
    DRAW_DISCARD,
    DRAW_SUPPLY,
    LAY,
    EasyAction,
    EasyDecision,
    EasyPlayView,
    pair_table,
)


class EasyPlayer(Protocol):
    name: str

    def choose(
        self, view: EasyPlayView, decision: EasyDecision, rng: random.Random
    ) -> EasyAction: ...


def best_pairs(deck: Deck, hand: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The largest set of disjoint matching pairs in `hand` (most card points on a tie)."""
    return _best_pairs(deck, tuple(sorted(hand)))


@lru_cache(maxsize=50_000)
def _best_pairs(deck: Deck, hand: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    if len(hand) < 2:
        return ()
    table = pair_table(deck)
    first, rest = hand[0], hand[1:]
    best = _best_pairs(deck, rest)  # `first` left unpaired
    best_key = (len(best), _points(deck, best))
    for i, other in enumerate(rest):
        if table[first] >> other & 1:
            found = ((first, other), *_best_pairs(deck, rest[:i] + rest[i + 1 :]))
            key = (len(found), _points(deck, found))
            if key > best_key:
                best, best_key = found, key
    return best


def _points(deck: Deck, pairs: Sequence[tuple[int, int]]) -> int:
    return sum(deck[c].points for p in pairs for c in p)


def _first_lay(decision: EasyDecision, wanted: Sequence[tuple[int, int]]) -> EasyAction | None:
    lays = {a.cards: a for a in decision.options if a.kind == LAY}
    for pair in wanted:
        if pair in lays:
            return lays[pair]
    return None


def _only(decision: EasyDecision) -> EasyAction | None:
    """The answer when there is nothing to think about (a single option, CIVIO)."""
    if len(decision.options) == 1 or decision.options[0].kind == CIVIO:
        return decision.options[0]
    return None


class RandomEasyPlayer:
    name = "random"

    def choose(self, view: EasyPlayView, decision: EasyDecision, rng: random.Random) -> EasyAction:
        return rng.choice(decision.options)


class _Level:
    """A level that thinks: answers the obvious decisions, and `decide`s the others."""

    name: str

    def __init__(self, deck: Deck) -> None:
        self.deck = deck

    def choose(self, view: EasyPlayView, decision: EasyDecision, rng: random.Random) -> EasyAction:
        only = _only(decision)
        return only if only is not None else self.decide(view, decision, rng)

    def decide(self, view: EasyPlayView, decision: EasyDecision, rng: random.Random) -> EasyAction:
        raise NotImplementedError


class EasyLevelPlayer(_Level):
    """Lays what it holds and otherwise plays at random."""

    name = "easy"

    def decide(self, view: EasyPlayView, decision: EasyDecision, rng: random.Random) -> EasyAction:
        kinds = {a.kind for a in decision.options}
        if DRAW_SUPPLY in decision.options:
            return DRAW_SUPPLY
        if LAY in kinds or DONE in kinds:
            lay = next((a for a in decision.options if a.kind == LAY), None)
            return lay if lay is not None else decision.options[-1]
        paired = {c for p in best_pairs(self.deck, view.hand) for c in p}
        loose = [a for a in decision.options if a.card not in paired]
        return rng.choice(loose or list(decision.options))


class MediumEasyPlayer(_Level):
    name = "medium"

    def decide(self, view: EasyPlayView, decision: EasyDecision, rng: random.Random) -> EasyAction:
        options = decision.options
        if DRAW_DISCARD in options or DRAW_SUPPLY in options:
            return self._draw(view, options)
        if options[0].kind in (LAY, DONE):
            lay = _first_lay(decision, best_pairs(self.deck, view.hand))
            return lay if lay is not None else options[-1]
        if options[0].kind == DISCARD:
            return self._discard(view, options, rng)
        return rng.choice(options)

    def _draw(self, view: EasyPlayView, options: Sequence[EasyAction]) -> EasyAction:
        if DRAW_DISCARD not in options:
            return DRAW_SUPPLY
        if DRAW_SUPPLY not in options:
            return DRAW_DISCARD
        top = view.discard_pile[-1]
        now = len(best_pairs(self.deck, view.hand))
        if len(best_pairs(self.deck, [*view.hand, top])) > now:
            return DRAW_DISCARD
        return DRAW_SUPPLY

    def _discard(
        self, view: EasyPlayView, options: Sequence[EasyAction], rng: random.Random
    ) -> EasyAction:
        table = pair_table(self.deck)
        unseen = 0
        for c in view.unseen_cards(len(self.deck)):
            unseen |= 1 << c
        following = view.known_in_hand[(view.seat + 1) % view.seats]
        danger = 0
        for c in following:
            danger |= table[c]
        keep = {c for p in best_pairs(self.deck, view.hand) for c in p}

        def worth(a: EasyAction) -> tuple[int, int, int, float]:
            c = a.card
            assert c is not None
            return (
                c in keep,
                danger >> c & 1,  # feeding the next player a pair is worst
                (table[c] & unseen).bit_count(),
                rng.random(),
            )

        return min(options, key=worth)


LEVELS = Levels("Easy Play level")
"""The Easy Play levels, weakest first: `LEVELS.player(name, deck)` makes one."""
LEVELS.register("random", lambda deck: RandomEasyPlayer())
LEVELS.register("easy", lambda deck: EasyLevelPlayer(deck or standard_deck()))
LEVELS.register("medium", lambda deck: MediumEasyPlayer(deck or standard_deck()))
