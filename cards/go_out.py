"""The go-out finder (docs/RULES.md, "A round" step 4, and "Scoring"): can 7 cards go out, and how.

A set of cards can be ordered into a valid precedent exactly when, leaving Marbury aside, it is
[Issue] Body [Freedom] Amendment*, where the body is a non-empty path of Cases and Laws (the Civil
Rights Act as a Law) in which each card may follow the one before, the Issue is listed by the first
body card, the Freedom (or the Civil Rights Act as Equality) is in the plus column of the last body
card, which is a Case, and every Amendment is strengthened by some Case of the set. The finder
searches that shape over bitmasks (`cards.links`) instead of trying every permutation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Literal

from cards.deck import Deck
from cards.links import HAND_CACHE_LIMIT, ORDERING_CACHE_LIMIT, LinkTables, ids_of, tables
from cards.precedent import is_valid
from cards.ruleset import RuleSet
from cards.table import HAND_SIZE

# The 35 ways to pick the 3-card precedent out of 7 positions.
_TRIPLES: tuple[tuple[int, int, int], ...] = tuple(combinations(range(HAND_SIZE), 3))


@dataclass(frozen=True, slots=True)
class Arrangement:
    """How a hand goes out: one 7-card precedent (a Thurgood Flush), or a 3-card and a 4-card."""

    kind: Literal["flush", "three_four"]
    precedents: tuple[tuple[int, ...], ...]
    """Each precedent in a valid order; for three_four the 3-card precedent comes first."""
    points: int
    """Card points in the precedents."""


def _dfs(follows: tuple[int, ...], cur: int, rest: int, end: int) -> tuple[int, ...] | None:
    """A path from `cur` through every card of `rest` that stops on a card of `end`."""
    if not rest:
        return () if end >> cur & 1 else None
    nxt = follows[cur] & rest
    while nxt:
        low = nxt & -nxt
        card = low.bit_length() - 1
        tail = _dfs(follows, card, rest ^ low, end)
        if tail is not None:
            return (card, *tail)
        nxt ^= low
    return None


def _body_path(t: LinkTables, body: int, start: int, end: int) -> tuple[int, ...] | None:
    """An order of all of `body` starting in `start` and ending in `end` (-1: anything)."""
    firsts = body & start
    if not firsts or not body & end:
        return None
    if not body & (body - 1):
        return (body.bit_length() - 1,) if firsts & end else None
    while firsts:
        low = firsts & -firsts
        card = low.bit_length() - 1
        tail = _dfs(t.follows, card, body ^ low, end)
        if tail is not None:
            return (card, *tail)
        firsts ^= low
    return None


def _find_ordering(t: LinkTables, m: int) -> tuple[int, ...] | None:
    if not m:
        return None
    issues = m & t.issues
    if issues & (issues - 1):
        return None
    freedoms = m & t.freedoms
    if freedoms & (freedoms - 1):
        return None
    if m & (m - 1):
        # Every card of a precedent of two or more cards stands next to, or leans on, another.
        related = t.related
        rest = m
        while rest:
            low = rest & -rest
            if not related[low.bit_length() - 1] & m:
                return None
            rest ^= low
    cases = m & t.cases
    amendments = ids_of(m & t.amendments)
    for a in amendments:
        if not t.strengthened_by[a] & cases:
            return None
    head: tuple[int, ...] = ()
    start = -1
    if issues:
        issue = issues.bit_length() - 1
        head = (issue,)
        start = t.issue_next[issue]
    body = m & t.body
    cras = m & t.cras
    closing = tuple(amendments)
    if freedoms:
        freedom = freedoms.bit_length() - 1
        path = _body_path(t, body | cras, start, t.freedom_after[freedom])
        return None if path is None else (*head, *path, freedom, *closing)
    path = _body_path(t, body | cras, start, -1)
    if path is not None:
        return (*head, *path, *closing)
    for cra in ids_of(cras):
        path = _body_path(t, body | (cras ^ (1 << cra)), start, t.freedom_after[cra])
        if path is not None:
            return (*head, *path, cra, *closing)
    return None


_MISSING = object()


def ordering(deck: Deck, cards: Sequence[int]) -> tuple[int, ...] | None:
    """A valid order of `cards` as one precedent (Marbury placed last), or None if there is none."""
    t = tables(deck)
    mask = 0
    for c in cards:
        mask |= 1 << c
    found = _ordering(t, mask & ~t.wilds)
    if found is None:
        return None
    return (*found, *ids_of(mask & t.wilds))


def _ordering(t: LinkTables, nonwild: int) -> tuple[int, ...] | None:
    cache = t.orderings
    found = cache.get(nonwild, _MISSING)
    if found is _MISSING:
        if len(cache) >= ORDERING_CACHE_LIMIT:
            cache.clear()
        found = cache[nonwild] = _find_ordering(t, nonwild)
    return found  # type: ignore[return-value]


def _hand_mask(hand: Sequence[int]) -> int:
    mask = 0
    for c in hand:
        mask |= 1 << c
    if len(hand) != HAND_SIZE or mask.bit_count() != HAND_SIZE:
        raise ValueError(f"a hand is {HAND_SIZE} distinct cards, not {list(hand)}")
    return mask


def _cannot_go_out_fast(t: LinkTables, hand: Sequence[int], mask: int) -> bool:
    """Cheap proofs that a hand cannot go out: a card with no partner, too many Issues/Freedoms."""
    # Every precedent has at least 3 cards and at most one Marbury, so each non-wild card needs a
    # related card in the hand (decks with several wild cards skip this proof).
    if (mask & t.wilds) & ((mask & t.wilds) - 1) == 0:
        related = t.related
        for c in hand:
            if not related[c] & mask:
                return True
    return (mask & t.issues).bit_count() > 2 or (mask & t.freedoms).bit_count() > 2


def _components(t: LinkTables, nonwild: int, limit: int = 3) -> list[int]:
    """The related-card components of `nonwild` (stops counting after `limit`)."""
    related = t.related
    comps: list[int] = []
    rest = nonwild
    while rest and len(comps) < limit:
        comp = frontier = rest & -rest
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = related[low.bit_length() - 1] & rest & ~comp
            comp |= new
            frontier |= new
        comps.append(comp)
        rest &= ~comp
    return comps


def _splits(t: LinkTables, hand: Sequence[int], mask: int) -> list[tuple[int, int]]:
    """The 3-card masks worth trying, with their 4-card complements."""
    nonwild = mask & ~t.wilds
    comps = _components(t, nonwild)
    if len(comps) > 2:
        return []
    bits = [1 << c for c in hand]
    out = []
    for i, j, k in _TRIPLES:
        three = bits[i] | bits[j] | bits[k]
        # Each precedent is connected, so with two components each side is exactly one.
        if len(comps) == 2 and three & nonwild not in comps:
            continue
        out.append((three, mask ^ three))
    return out


def _find_split(t: LinkTables, hand: Sequence[int], mask: int) -> tuple[int, int] | None:
    wilds = t.wilds
    for three, four in _splits(t, hand, mask):
        if _ordering(t, three & ~wilds) is not None and _ordering(t, four & ~wilds) is not None:
            return three, four
    return None


def goes_out(deck: Deck, hand: Sequence[int]) -> bool:
    """True when the 7 cards form a 3-card and a 4-card precedent, or one 7-card precedent."""
    t = tables(deck)
    mask = _hand_mask(hand)
    if _cannot_go_out_fast(t, hand, mask):
        return False
    if _ordering(t, mask & ~t.wilds) is not None:
        return True
    return _find_split(t, hand, mask) is not None


def best_go_out(deck: Deck, hand: Sequence[int], rules: RuleSet) -> Arrangement | None:
    """The arrangement with the best winner score, or None when the hand cannot go out.

    Both precedents hold all 7 cards, so every arrangement has the same card points; a flush
    scores (p + 2) x 3 or p x 3 + 2 against p + 2 for 3 + 4, never less, so a flush is chosen
    whenever one exists (which also prefers it on a tie), under either flush reading.
    """
    del rules  # the choice is the same under every rule set (see above)
    t = tables(deck)
    mask = _hand_mask(hand)
    key = ("go", mask)
    cached = t.hands.get(key, _MISSING)
    if cached is not _MISSING:
        return cached  # type: ignore[return-value]
    result = _best_go_out(t, hand, mask)
    if len(t.hands) >= HAND_CACHE_LIMIT:
        t.hands.clear()
    t.hands[key] = result
    return result


def _best_go_out(t: LinkTables, hand: Sequence[int], mask: int) -> Arrangement | None:
    if _cannot_go_out_fast(t, hand, mask):
        return None
    wilds = t.wilds
    points = sum(t.points[c] for c in hand)
    flush = _ordering(t, mask & ~wilds)
    if flush is not None:
        return Arrangement("flush", ((*flush, *ids_of(mask & wilds)),), points)
    split = _find_split(t, hand, mask)
    if split is None:
        return None
    precedents = []
    for part in split:
        order = _ordering(t, part & ~wilds)
        assert order is not None
        precedents.append((*order, *ids_of(part & wilds)))
    return Arrangement("three_four", tuple(precedents), points)


def best_non_winner(deck: Deck, hand: Sequence[int]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The points and the best set of disjoint valid 3- or 4-card precedents among the cards.

    Ties go to fewer precedents, then fewer cards; precedents worth nothing are left out, so a
    hand where nothing scores gives (0, ()). The 3-card precedent comes first.
    """
    t = tables(deck)
    ids = sorted(set(hand))
    mask = 0
    for c in ids:
        mask |= 1 << c
    key = ("nw", mask)
    cached = t.hands.get(key, _MISSING)
    if cached is not _MISSING:
        return cached  # type: ignore[return-value]
    result = _best_non_winner(t, ids)
    if len(t.hands) >= HAND_CACHE_LIMIT:
        t.hands.clear()
    t.hands[key] = result
    return result


def _best_non_winner(t: LinkTables, ids: list[int]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    points = t.points
    scoring = [c for c in ids if points[c]]
    if not scoring:
        return (0, ())
    wilds = t.wilds
    mask = 0
    for c in ids:
        mask |= 1 << c
    wild_ids = ids_of(mask & wilds)
    candidates: list[tuple[int, int, tuple[int, ...]]] = []  # (points, mask, order)
    # A precedent's non-wild cards are connected by `related`, so each lies in one component.
    for comp in _components(t, mask & ~wilds, limit=len(ids)):
        pool = ids_of(comp) + wild_ids
        if len(pool) < 3 or not any(points[c] for c in pool):
            continue
        for size in (3, 4):
            for combo in combinations(pool, size):
                p = 0
                m = 0
                for c in combo:
                    p += points[c]
                    m |= 1 << c
                if not p:
                    continue
                order = _ordering(t, m & ~wilds)
                if order is not None:
                    candidates.append((p, m, (*order, *ids_of(m & wilds))))
    best_key = (0, 0, 0)
    best: tuple[tuple[int, ...], ...] = ()

    def pack(start: int, used: int, chosen: list[tuple[int, int, tuple[int, ...]]]) -> None:
        nonlocal best_key, best
        if chosen:
            total = sum(c[0] for c in chosen)
            key = (total, -len(chosen), -sum(len(c[2]) for c in chosen))
            if key > best_key:
                best_key = key
                best = tuple(c[2] for c in sorted(chosen, key=lambda c: len(c[2])))
        for i in range(start, len(candidates)):
            cand = candidates[i]
            if not cand[1] & used:
                chosen.append(cand)
                pack(i + 1, used | cand[1], chosen)
                chosen.pop()

    pack(0, 0, [])
    return (best_key[0], best)


def goes_out_brute_force(deck: Deck, hand: Sequence[int]) -> bool:
    """The reference answer: every order of the 7 cards, and of every 3 + 4 split, through the
    precedent checker. Thousands of times slower than `goes_out`; for tests and `civio bench`."""
    cards = tuple(hand)
    _hand_mask(cards)
    if any(is_valid(deck, p) for p in permutations(cards)):
        return True
    for three in combinations(range(HAND_SIZE), 3):
        first = [cards[i] for i in three]
        second = [c for i, c in enumerate(cards) if i not in three]
        if any(is_valid(deck, p) for p in permutations(first)) and any(
            is_valid(deck, p) for p in permutations(second)
        ):
            return True
    return False
