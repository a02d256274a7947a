"""Per-deck link tables for the precedent rules, as bitmasks over card ids.

Built once per deck (through `Deck.cached`) and shared by the precedent checker and the go-out
finder. Bit `i` of a mask stands for the card with id `i`. The tables read the card data exactly as
docs/RULES.md ("A precedent") does; the Civil Rights Act appears in the body tables in its Law role
and in `freedom_after` in its Equality role.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field

from cards.deck import Deck
from cards.models import Card, CardType

# Role codes: what a card does in a precedent. The Civil Rights Act is LAW or FREEDOM by choice.
ISSUE = 0
CASE = 1
LAW = 2
FREEDOM = 3
AMENDMENT = 4
WILD = 5
CRA = 6

EQUALITY = "Equality"
"""The Freedom the Civil Rights Act can stand for."""

_KIND = {
    CardType.ISSUE: ISSUE,
    CardType.CASE: CASE,
    CardType.LAW: LAW,
    CardType.FREEDOM: FREEDOM,
    CardType.AMENDMENT: AMENDMENT,
    CardType.WILD: WILD,
    CardType.CIVIL_RIGHTS_ACT: CRA,
}

# Bounded memo sizes: the caches are cleared when they grow past these (AI search reuses hands).
ORDERING_CACHE_LIMIT = 1 << 16
HAND_CACHE_LIMIT = 1 << 15


def may_follow_in_body(prev: Card, card: Card) -> bool:
    """True when `card` may stand right after `prev`, both Cases or Laws (the CRA as a Law)."""
    if prev.type is CardType.CASE:
        if card.type is CardType.CASE:
            return card.name in prev.links or prev.name in card.links
        return bool(set(card.issues) & set(prev.issues)) and _year(card) >= _year(prev)
    # prev is a Law: only a Case that lists it may follow.
    return card.type is CardType.CASE and prev.name in card.links


def _year(card: Card) -> int:
    return card.year if card.year is not None else 0


@dataclass(slots=True, eq=False)
class LinkTables:
    """Bitmask tables for one deck. Lists are indexed by card id; unused entries hold 0."""

    kind: tuple[int, ...]
    points: tuple[int, ...]
    follows: tuple[int, ...]
    """For a Case or Law (the CRA as a Law): the Cases and Laws that may stand right after it."""
    issue_next: tuple[int, ...]
    """For an Issue: the Cases and Laws (the CRA as a Law) that list it."""
    freedom_after: tuple[int, ...]
    """For a Freedom, and for the CRA as Equality: the Cases whose plus column lists it."""
    strengthened_by: tuple[int, ...]
    """For an Amendment: the Cases that strengthen it."""
    related: tuple[int, ...]
    """Every other non-wild card this one can stand next to or depend on (symmetric); wild: all."""
    issues: int
    freedoms: int
    amendments: int
    cases: int
    body: int
    """Cases and Laws (not the CRA)."""
    cras: int
    wilds: int
    orderings: dict[int, tuple[int, ...] | None] = field(default_factory=dict)
    hands: dict[object, object] = field(default_factory=dict)


def _mask_of(pred: Sequence[bool]) -> int:
    m = 0
    for i, ok in enumerate(pred):
        if ok:
            m |= 1 << i
    return m


def _ids_by_name(cards: Sequence[Card]) -> dict[str, int]:
    return {card.name: i for i, card in enumerate(cards)}


def _follows(cards: Sequence[Card], is_body: Sequence[bool]) -> list[int]:
    """follows[a]: the body cards (Case, Law, CRA) that may follow body card a, as
    `may_follow_in_body` says, found through what each card lists rather than by trying every
    pair, so the work grows with the links, not with the square of the deck."""
    n = len(cards)
    by_name = _ids_by_name(cards)
    listed_by: list[list[int]] = [[] for _ in range(n)]  # the Cases that list each card
    lawlikes: dict[str, list[tuple[int, int]]] = {}  # issue -> (year, id) of its Laws and CRA
    for i, card in enumerate(cards):
        if card.type is CardType.CASE:
            for entry in card.links:
                target = by_name.get(entry)
                if target is not None and target != i:
                    listed_by[target].append(i)
        elif is_body[i]:
            for issue in set(card.issues):
                lawlikes.setdefault(issue, []).append((_year(card), i))
    for entries in lawlikes.values():
        entries.sort()
    follows = [0] * n
    for a, card in enumerate(cards):
        if not is_body[a]:
            continue
        mask = 0
        for b in listed_by[a]:  # a Case that lists `a` may follow it (a Case, Law or CRA)
            mask |= 1 << b
        if card.type is CardType.CASE:
            for entry in card.links:
                listed = by_name.get(entry)
                if listed is not None and listed != a and cards[listed].type is CardType.CASE:
                    mask |= 1 << listed
            year = _year(card)
            for issue in set(card.issues):
                entries = lawlikes.get(issue, [])
                for _, b in entries[bisect_left(entries, (year, -1)) :]:
                    mask |= 1 << b
        follows[a] = mask
    return follows


def _type_links(
    cards: Sequence[Card], kind: Sequence[int], is_body: Sequence[bool]
) -> tuple[list[int], list[int], list[int]]:
    """The links by card type: what may follow each Issue, which Cases each Freedom (or the
    CRA as Equality) may follow, which Cases strengthen each Amendment; indexed by what each
    card lists."""
    n = len(cards)
    listing_issue: dict[str, int] = {}  # issue name -> body cards that list it
    plus_of: dict[str, int] = {}  # name -> Cases whose plus column lists it
    strengthening: dict[int, int] = {}  # amendment number -> Cases that strengthen it
    for j, card in enumerate(cards):
        bit = 1 << j
        if is_body[j]:
            for issue in card.issues:
                listing_issue[issue] = listing_issue.get(issue, 0) | bit
        if kind[j] == CASE:
            for entry in card.plus:
                plus_of[entry] = plus_of.get(entry, 0) | bit
            for number in card.amendments:
                strengthening[number] = strengthening.get(number, 0) | bit
    issue_next = [0] * n
    freedom_after = [0] * n
    strengthened_by = [0] * n
    for i, card in enumerate(cards):
        if kind[i] == ISSUE:
            issue_next[i] = listing_issue.get(card.name, 0)
        elif kind[i] in (FREEDOM, CRA):
            freedom_after[i] = plus_of.get(card.name if kind[i] == FREEDOM else EQUALITY, 0)
        elif kind[i] == AMENDMENT and card.amendments:
            strengthened_by[i] = strengthening.get(card.amendments[0], 0)
    return issue_next, freedom_after, strengthened_by


def reverse(table: Sequence[int]) -> list[int]:
    """The table read the other way: bit j of result[i] is set when bit i of table[j] is."""
    back = [0] * len(table)
    for j, mask in enumerate(table):
        bit = 1 << j
        while mask:
            low = mask & -mask
            back[low.bit_length() - 1] |= bit
            mask ^= low
    return back


def _related(kind: Sequence[int], follows: list[int], *links: list[int]) -> list[int]:
    """related[i]: every card linked to i either way (a Wild: every card)."""
    n = len(kind)
    related = [0] * n
    for i in range(n):
        m = follows[i]
        for table in links:
            m |= table[i]
        related[i] = m
    # Make the relation symmetric: whatever i depends on also depends on i.
    for i, m in enumerate(reverse(related)):
        related[i] |= m
    everything = (1 << n) - 1
    for i in range(n):
        related[i] &= ~(1 << i)
        if kind[i] == WILD:
            related[i] = everything
    return related


def build_tables(deck: Deck) -> LinkTables:
    """Compute the tables for `deck` (use `tables(deck)`, which caches them on the deck)."""
    cards = deck.cards
    kind = tuple(_KIND[c.type] for c in cards)
    is_body = [k in (CASE, LAW, CRA) for k in kind]
    follows = _follows(cards, is_body)
    issue_next, freedom_after, strengthened_by = _type_links(cards, kind, is_body)
    related = _related(kind, follows, issue_next, freedom_after, strengthened_by)
    mask_of = _mask_of
    return LinkTables(
        kind=kind,
        points=tuple(c.points for c in cards),
        follows=tuple(follows),
        issue_next=tuple(issue_next),
        freedom_after=tuple(freedom_after),
        strengthened_by=tuple(strengthened_by),
        related=tuple(related),
        issues=mask_of([k == ISSUE for k in kind]),
        freedoms=mask_of([k == FREEDOM for k in kind]),
        amendments=mask_of([k == AMENDMENT for k in kind]),
        cases=mask_of([k == CASE for k in kind]),
        body=mask_of([k in (CASE, LAW) for k in kind]),
        cras=mask_of([k == CRA for k in kind]),
        wilds=mask_of([k == WILD for k in kind]),
    )


def tables(deck: Deck) -> LinkTables:
    """The link tables of `deck`, built on first use and kept with the deck."""
    result: LinkTables = deck.cached("cards.links", build_tables)
    return result


def ids_of(mask: int) -> list[int]:
    """The card ids in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
