"""Every CIVIO that a handful of face-up cards holds, and checking a player's CIVIO call.

Solitaire and the puzzles ask the same two questions of a set of cards the main game asks of a
hand: which groups of them are valid precedents, and does a chosen 3 + 4 (or 7) go out. The
answers come from the go-out finder's `ordering` and the precedent checker, never from a second
copy of a rule. To list the precedents among many cards without trying every subset, it grows
the subsets whose non-wild cards are connected by `related` (a precedent's cards always are; see
`cards.go_out`) and asks `ordering` about each.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from cards.deck import Deck
from cards.go_out import ordering
from cards.links import ids_of, tables
from cards.precedent import check_precedent

CIVIO_SIZES = ((3, 4), (7,))
"""What a CIVIO is made of: a 3-card and a 4-card precedent, or one 7-card precedent."""


@dataclass(frozen=True, slots=True)
class FoundPrecedent:
    """A valid precedent among the cards: its cards in a valid order and its card points."""

    order: tuple[int, ...]
    mask: int
    points: int


def connected_sets(deck: Deck, cards: Sequence[int], max_size: int) -> Iterator[int]:
    """Each set (as a bitmask) of up to `max_size` non-wild `cards` connected by `related`,
    exactly once (the classic grow-with-an-exclusion-set enumeration)."""
    t = tables(deck)
    pool = 0
    for c in cards:
        if not t.wilds >> c & 1:
            pool |= 1 << c
    related = t.related

    def grow(chosen: int, frontier: int, banned: int, size: int) -> Iterator[int]:
        yield chosen
        if size == max_size:
            return
        rest = frontier
        while rest:
            low = rest & -rest
            rest ^= low
            grown = chosen | low
            nxt = (rest | related[low.bit_length() - 1] & pool) & ~grown & ~banned
            yield from grow(grown, nxt, banned, size + 1)
            banned |= low

    banned = 0
    for c in ids_of(pool):
        low = 1 << c
        yield from grow(low, related[c] & pool & ~banned & ~low, banned | low, 1)
        banned |= low


def precedents_among(
    deck: Deck, cards: Sequence[int], sizes: Sequence[int] = (3, 4, 7)
) -> dict[int, list[FoundPrecedent]]:
    """Every valid precedent of the given sizes that the cards hold, by size."""
    t = tables(deck)
    wanted = set(sizes)
    wilds = [c for c in dict.fromkeys(cards) if t.wilds >> c & 1]
    found: dict[int, list[FoundPrecedent]] = {size: [] for size in sizes}
    for nonwild in connected_sets(deck, cards, max(sizes)):
        n = nonwild.bit_count()
        if not any(n <= size <= n + len(wilds) for size in wanted):
            continue
        order = ordering(deck, ids_of(nonwild))
        if order is None:
            continue
        points = sum(t.points[c] for c in order)
        for extra in range(len(wilds) + 1):
            if n + extra not in wanted:
                continue
            for chosen in combinations(wilds, extra):
                mask = nonwild
                for w in chosen:
                    mask |= 1 << w
                full = (*order, *chosen)
                found[n + extra].append(
                    FoundPrecedent(full, mask, points + sum(t.points[w] for w in chosen))
                )
    return found


@dataclass(frozen=True, slots=True)
class CallCheck:
    """The verdict on a CIVIO call: valid with its precedents in a valid order, or why not."""

    valid: bool
    precedents: tuple[tuple[int, ...], ...]
    """In a valid order, the 3-card precedent first; empty when the call is wrong."""
    points: int
    reason: str | None


def check_call(deck: Deck, available: Sequence[int], groups: Sequence[Sequence[int]]) -> CallCheck:
    """Does the player's choice of precedents, from the `available` cards, make a CIVIO?

    Each group may be given in any order: the game finds a valid order (the player chooses the
    cards, as they would lay them down). A wrong call is explained with the rules' own sentence,
    taken from the order of that group's cards that gets furthest before failing.
    """
    sizes = tuple(sorted(len(g) for g in groups))
    if sizes not in ((3, 4), (7,)):
        chosen = " and ".join(str(len(g)) for g in groups) or "no"
        noun = "card" if chosen == "1" else "cards"
        return _wrong(
            "a CIVIO is a 3-card and a 4-card precedent, or one 7-card precedent "
            f"(you chose {chosen} {noun})"
        )
    on_table = set(available)
    seen: set[int] = set()
    for group in groups:
        for c in group:
            if c not in on_table:
                return _wrong(f"{deck[c].name} is not among the cards turned up")
            if c in seen:
                return _wrong(
                    f"{deck[c].name} is chosen twice; each card can stand in a precedent only once"
                )
            seen.add(c)
    ordered: list[tuple[int, ...]] = []
    for group in sorted(groups, key=len):
        order = ordering(deck, list(group))
        if order is None:
            return _wrong(explain_no_order(deck, group))
        ordered.append(order)
    points = sum(deck[c].points for group in ordered for c in group)
    return CallCheck(True, tuple(ordered), points, None)


def explain_no_order(deck: Deck, group: Sequence[int]) -> str:
    """Why these cards make no precedent in any order: the rules' sentence for the order that
    gets furthest (ties: the order given)."""
    best = check_precedent(deck, list(group))
    if best.valid:  # pragma: no cover - callers only ask about groups with no valid order
        return "these cards do make a precedent"
    for perm in permutations(group):
        verdict = check_precedent(deck, perm)
        assert not verdict.valid
        assert verdict.failure_position is not None and best.failure_position is not None
        if verdict.failure_position > best.failure_position:
            best = verdict
    names = ", ".join(deck[c].name for c in group)
    return f"{names} make no precedent in any order: {best.reason}"


def _wrong(reason: str) -> CallCheck:
    return CallCheck(False, (), 0, reason)
