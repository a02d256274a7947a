"""The precedent checker (docs/RULES.md, "A precedent"): a pure function over a card sequence.

A precedent is checked card by card against its predecessor, the nearest card before it that is
not Marbury v Madison (which is transparent). The Civil Rights Act is tried as a Law and as the
Freedom "Equality"; the precedent is valid if either role is, and when neither is, the role that
fails later is reported (the Law on a tie).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cards.deck import Deck
from cards.links import (
    AMENDMENT,
    CASE,
    CRA,
    EQUALITY,
    FREEDOM,
    ISSUE,
    LAW,
    WILD,
    LinkTables,
    tables,
)
from cards.models import Card, CardType


@dataclass(frozen=True, slots=True)
class PrecedentCheck:
    """The verdict on one card sequence."""

    valid: bool
    cards: tuple[int, ...]
    failure_position: int | None
    """0-based position of the first card that fails; None when valid."""
    reason: str | None
    """A sentence naming the cards involved; None when valid."""
    cra_role: Literal["law", "freedom"] | None
    """The role the Civil Rights Act plays in a valid precedent (None if absent or invalid)."""
    points: int
    """Sum of card points when valid, 0 when invalid."""


# A failure: (position, code, position of the predecessor or -1).
_Failure = tuple[int, str, int]


def _cases_among(kind: Sequence[int], ids: Sequence[int]) -> int:
    """The Cases among `ids`, as a bit mask (what an Amendment needs to be strengthened by)."""
    cases = 0
    for c in ids:
        if kind[c] == CASE:
            cases |= 1 << c
    return cases


def _scan(t: LinkTables, ids: Sequence[int], equality: int) -> _Failure | None:
    """Check `ids` with the CRA card `equality` (or none, -1) played as Equality."""
    if not ids:
        return (0, "empty", -1)
    kind = t.kind
    cases = _cases_among(kind, ids)
    seen = 0
    prev = -1
    prole = -1
    prev_pos = -1
    body_seen = False
    for pos, c in enumerate(ids):
        bit = 1 << c
        if seen & bit:
            return (pos, "duplicate", prev_pos)
        seen |= bit
        k = kind[c]
        if k == WILD:
            continue
        if k == CRA:
            k = FREEDOM if c == equality else LAW
        if k == ISSUE:
            if prev >= 0:
                return (pos, "issue_not_first", prev_pos)
        elif prev < 0:
            if k == FREEDOM:
                return (pos, "freedom_first", -1)
        elif prole == AMENDMENT:
            if k != AMENDMENT:
                return (pos, "after_amendment", prev_pos)
        elif prole == FREEDOM:
            if k == FREEDOM:
                return (pos, "second_freedom", prev_pos)
            if k != AMENDMENT:
                return (pos, "after_freedom", prev_pos)
        elif prole == ISSUE:
            if k not in (CASE, LAW):
                return (pos, "after_issue", prev_pos)
            if not t.issue_next[prev] >> c & 1:
                return (pos, "issue_not_listed", prev_pos)
        elif k in (CASE, LAW):
            if not t.follows[prev] >> c & 1:
                return (pos, "no_link", prev_pos)
        elif k == FREEDOM:
            if prole != CASE:
                return (pos, "freedom_after_law", prev_pos)
            if not t.freedom_after[c] >> prev & 1:
                return (pos, "freedom_not_in_plus", prev_pos)
        if k == AMENDMENT:
            if not t.strengthened_by[c] & cases:
                return (pos, "amendment_unsupported", prev_pos)
        elif k in (CASE, LAW):
            body_seen = True
        prev = c
        prole = k
        prev_pos = pos
    if prev < 0:
        return (0, "only_wild", -1)
    if not body_seen:
        # Only an Issue (with Marbury around it) gets here: Freedoms and Amendments fail earlier.
        return (prev_pos, "issue_alone", -1)
    return None


def _role_options(t: LinkTables, ids: Sequence[int]) -> list[int]:
    """Which CRA card (if any) plays Equality: -1 (all as Laws) first, so Laws win ties."""
    options = [-1]
    for c in ids:
        if t.kind[c] == CRA and c not in options:
            options.append(c)
    return options


def is_valid(deck: Deck, cards: Sequence[int]) -> bool:
    """True when `cards`, in this order, form a valid precedent (no sentence is built)."""
    t = tables(deck)
    if _scan(t, cards, -1) is None:
        return True
    return any(_scan(t, cards, c) is None for c in cards if t.kind[c] == CRA)


def check_precedent(deck: Deck, cards: Sequence[int]) -> PrecedentCheck:
    """Check one precedent: valid with its points, or the first failing position and why."""
    ids = tuple(cards)
    t = tables(deck)
    for c in ids:
        if not 0 <= c < len(deck.cards):
            raise ValueError(f"card id {c} is not in the deck")
    has_cra = any(t.kind[c] == CRA for c in ids)
    worst: tuple[_Failure, int] | None = None
    for equality in _role_options(t, ids):
        failure = _scan(t, ids, equality)
        if failure is None:
            role: Literal["law", "freedom"] | None = None
            if has_cra:
                role = "law" if equality < 0 else "freedom"
            points = sum(t.points[c] for c in ids)
            return PrecedentCheck(True, ids, None, None, role, points)
        if worst is None or failure[0] > worst[0][0]:
            worst = (failure, equality)
    assert worst is not None
    (position, code, prev_pos), equality = worst
    reason = _reason(deck, ids, position, code, prev_pos, equality)
    return PrecedentCheck(False, ids, position, reason, None, 0)


def _label(card: Card, card_id: int, equality: int) -> str:
    if card.type is CardType.CIVIL_RIGHTS_ACT:
        return f"{card.name} (as {EQUALITY})" if card_id == equality else f"{card.name} (as a Law)"
    return card.name


def amendment_label(card: Card) -> str:
    """ "the 14th Amendment", whether the card is printed "14th Amendment" or "14th"."""
    name = card.name if "amendment" in card.name.lower() else f"{card.name} Amendment"
    return name if name.lower().startswith("the ") else f"the {name}"


_FREEDOM_AFTER_CASE = "a Freedom must come right after a Case whose plus column lists it"

# Why a card cannot follow its predecessor, for the failures whose sentence names no more cards.
CANNOT_FOLLOW = {
    "issue_not_first": "an Issue card may only open a precedent",
    "after_amendment": "only more Amendments may follow an Amendment, closing the precedent",
    "second_freedom": "a precedent holds at most one Freedom",
    "after_freedom": "only Amendments may follow a Freedom",
    "after_issue": "an Issue must be followed by a Case or Law that lists it",
    "freedom_after_law": _FREEDOM_AFTER_CASE,
}


def _reason(
    deck: Deck, ids: tuple[int, ...], pos: int, code: str, prev_pos: int, equality: int
) -> str:
    if code == "empty":
        return "a precedent needs at least one card"
    if code == "only_wild":
        return "a precedent needs at least one card besides Marbury v Madison"
    cur = deck[ids[pos]]
    name = _label(cur, ids[pos], equality)
    if code == "duplicate":
        return f"{cur.name} appears twice; each card can stand in a precedent only once"
    if code == "issue_alone":
        return f"{name} must be followed by a Case or Law that lists it"
    if code == "freedom_first":
        return f"{name} cannot open a precedent: {_FREEDOM_AFTER_CASE}"
    if code == "amendment_unsupported":
        return (
            f"{name} cannot close this precedent: no Case in it strengthens {amendment_label(cur)}"
        )
    prev = deck[ids[prev_pos]]
    prev_name = _label(prev, ids[prev_pos], equality)
    head = f"{name} cannot follow {prev_name}"
    if code in CANNOT_FOLLOW:
        return f"{head}: {CANNOT_FOLLOW[code]}"
    if code == "issue_not_listed":
        return f"{head}: {cur.name} does not list the issue {prev.name}"
    if code == "freedom_not_in_plus":
        freedom = EQUALITY if cur.type is CardType.CIVIL_RIGHTS_ACT else cur.name
        if freedom in prev.minus:
            return (
                f"{head}: {prev.name} weakened {freedom} "
                "(only a plus-column listing lets a Freedom follow)"
            )
        return f"{head}: {prev.name} does not list {freedom} in its plus column"
    if code == "no_link":
        return f"{head}: {_no_link_reason(prev, cur)}"
    raise AssertionError(f"unknown failure code {code}")


def _no_link_reason(prev: Card, cur: Card) -> str:
    prev_is_case = prev.type is CardType.CASE
    cur_is_case = cur.type is CardType.CASE
    if prev_is_case and cur_is_case:
        return "neither case lists the other"
    if prev_is_case:
        shared = set(prev.issues) & set(cur.issues)
        if not shared:
            return f"the law shares no issue with {prev.name}"
        return f"the law ({cur.year}) is older than the case ({prev.year})"
    if cur_is_case:
        return f"{cur.name} does not list {prev.name} in its plus or minus column"
    return "a Law cannot follow another Law"
