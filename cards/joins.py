"""What one card can join among some others: the cards it may stand right after or right before
(by the precedent rules' direct links), and what it still needs when nothing there completes it.

Behind the links line under Your cards and the teaching nudges. Pure: a deck and card ids in,
ids and sentences out. Marbury v Madison fits anywhere, so it is left out of the lists.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cards.deck import Deck
from cards.link_reasons import link
from cards.links import AMENDMENT, CASE, CRA, FREEDOM, ISSUE, LAW, WILD, tables
from cards.precedent import amendment_label


@dataclass(frozen=True, slots=True)
class Joins:
    """`card` among `pool`: what it may follow, what may follow it, and what it lacks."""

    card: int
    after: tuple[int, ...]
    """Cards of the pool that `card` may stand right after, by a direct link."""
    before: tuple[int, ...]
    """Cards of the pool that may stand right after `card`, by a direct link."""
    needs: str | None
    """What the card still lacks to be in a precedent with the pool's cards ("a Case that lists
    Race"), or None when the pool already gives it a place."""


def joins(deck: Deck, card: int, pool: Iterable[int]) -> Joins:
    """What `card` can join among the cards of `pool` (the card itself is skipped)."""
    t = tables(deck)
    others = [c for c in dict.fromkeys(pool) if c != card and t.kind[c] != WILD]
    after: list[int] = []
    before: list[int] = []
    if t.kind[card] != WILD:
        for c in others:
            forward = link(deck, c, card)
            if forward is not None and forward.direct:
                after.append(c)
            backward = link(deck, card, c)
            if backward is not None and backward.direct:
                before.append(c)
    return Joins(card, tuple(after), tuple(before), _needs(deck, card, after, before))


def _needs(deck: Deck, card: int, after: list[int], before: list[int]) -> str | None:
    t = tables(deck)
    kind = t.kind[card]
    name = deck[card].name
    if kind == ISSUE and not before:
        return f"a Case or Law that lists {name}"
    if kind == FREEDOM and not after:
        return f"a Case whose plus column lists {name}"
    if kind == AMENDMENT and not after:
        return f"a Case that strengthens {amendment_label(deck[card])}"
    if kind in (CASE, LAW, CRA) and not after and not before:
        issues = deck[card].issues
        if not issues:
            return "a linked Case"
        if len(issues) == 1:
            return f"its Issue {issues[0]} or a linked Case"
        return f"one of its Issues ({', '.join(issues)}) or a linked Case"
    return None
