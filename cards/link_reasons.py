"""Which rule links two cards, in words: the sentences behind `civio links`, the explain screen,
the lessons and the `linked` puzzle.

"B may follow A" means: some valid precedent holds B right after A (docs/RULES.md, "A precedent").
For most pairs the two cards alone show it ([A, B] is a valid precedent, or A's own rule fails
first); an Amendment also needs a Case somewhere before it that strengthens it, so whether it may
follow a card that does not strengthen it is answered by a search, and the sentence shows the
shortest precedent that proves it. Every positive answer comes with such a witness precedent,
which `check_precedent` accepts; every negative sentence is `check_precedent`'s own reason for the
pair, except the one an Amendment gets when no precedent can support it (said in those words).

Pure functions over a deck. A pair's link is found when first asked for and remembered on the
deck; the searches read tables built once per deck (each Case's possible predecessors, and how
far each card stands from the Cases that strengthen an Amendment), so listing one card's links
takes time in proportion to the deck, not to its square.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

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
    ids_of,
    reverse,
    tables,
)
from cards.models import Card, CardType
from cards.precedent import CANNOT_FOLLOW, amendment_label, check_precedent


@dataclass(frozen=True, slots=True)
class Link:
    """Why `card` may stand right after `prev`, and a valid precedent that shows it."""

    prev: int
    card: int
    why: str
    witness: tuple[int, ...]

    @property
    def direct(self) -> bool:
        """True when the two cards alone make the link (no third card, no Marbury needed)."""
        return self.witness == (self.prev, self.card)


def link(deck: Deck, a: int, b: int) -> Link | None:
    """The link that lets card `b` stand right after card `a`, or None when no precedent can."""
    found: dict[tuple[int, int], Link | None] = deck.cached("cards.link_reasons", _new_memo)
    key = (a, b)
    if key not in found:
        why = _find(deck, tables(deck), a, b) if a != b else None
        found[key] = Link(a, b, why[0], why[1]) if why is not None else None
    return found[key]


def _new_memo(deck: Deck) -> dict[tuple[int, int], Link | None]:
    return {}


def link_reason(deck: Deck, a: int, b: int) -> str | None:
    """The rule's sentence for why `b` may stand right after `a` ("Tinker v Des Moines School
    District lists Board of Education v Barnette in its plus column"), or None."""
    found = link(deck, a, b)
    return found.why if found is not None else None


def why_not(deck: Deck, a: int, b: int) -> str:
    """Why `b` can never stand right after `a`, as a whole sentence ("Korematsu v US cannot follow
    Engel v Vitale: neither case lists the other"). Raises ValueError when `b` may follow `a`."""
    if link(deck, a, b) is not None:
        raise ValueError(f"{deck[b].name} may follow {deck[a].name}")
    t = tables(deck)
    head = f"{deck[b].name} cannot follow {deck[a].name}"
    if a == b:
        return f"{head}: each card can stand in a precedent only once"
    if t.kind[b] == AMENDMENT and t.kind[a] in (CASE, LAW, CRA, FREEDOM, AMENDMENT):
        # The order is allowed; what is missing is a Case that strengthens the Amendment.
        need = f"{amendment_label(deck[b])} needs a Case before it that strengthens it"
        supporters = _some_names(deck, t.strengthened_by[b])
        if not supporters:
            return f"{head}: {need}, and no Case of this deck does"
        if t.kind[a] == AMENDMENT:
            return (
                f"{head}: {need} ({supporters}), and no chain of links joins one of them to a "
                f"Case that strengthens {amendment_label(deck[a])}"
            )
        return (
            f"{head}: {need} ({supporters}), and no chain of links leads from one of them "
            f"to {deck[a].name}"
        )
    prefix = _shortest_ending(deck, t, a, avoid=b)
    if prefix is None and t.kind[a] in (FREEDOM, AMENDMENT):
        # Only `b` itself could stand before `a`; the rule on what follows `a` still answers.
        rule = "after_freedom" if t.kind[a] == FREEDOM else "after_amendment"
        return f"{head}: {CANNOT_FOLLOW[rule]}"
    if prefix is None:
        return f"{head}: {deck[a].name} cannot stand in any precedent of this deck"
    check = check_precedent(deck, (*prefix, b))
    assert not check.valid and check.reason is not None
    return check.reason


def pair_sentence(deck: Deck, a: int, b: int) -> str:
    """One sentence either way: "B can follow A: why" or "B cannot follow A: why"."""
    why = link_reason(deck, a, b)
    if why is None:
        return why_not(deck, a, b)
    return f"{deck[b].name} can follow {deck[a].name}: {why}"


def can_follow(deck: Deck, card: int) -> list[Link]:
    """Every card `card` may stand right after (its possible predecessors), in deck order."""
    return [x for a in deck.ids if (x := link(deck, a, card)) is not None]


def can_precede(deck: Deck, card: int) -> list[Link]:
    """Every card that may stand right after `card`, in deck order."""
    return [x for b in deck.ids if (x := link(deck, card, b)) is not None]


def _some_names(deck: Deck, mask: int, most: int = 3) -> str:
    """ "A, B or C" for the cards in `mask`; "A, B, C or others" past `most`."""
    names = deck.names(ids_of(mask))
    if len(names) > most:
        return ", ".join(names[:most]) + " or others"
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


# ------------------------------------------------------------------------------ the search


def _lowest(mask: int) -> int:
    """The lowest card id in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def _find(deck: Deck, t: LinkTables, a: int, b: int) -> tuple[str, tuple[int, ...]] | None:
    ka, kb = t.kind[a], t.kind[b]
    if ka == WILD or kb == WILD:
        return _wild_link(deck, t, a, b)
    if kb == ISSUE:
        return None
    if ka == ISSUE:
        if t.issue_next[a] >> b & 1:
            return f"{_as_law(deck[b])} lists the issue {deck[a].name}", (a, b)
        return None
    if kb in (CASE, LAW, CRA) and ka in (CASE, LAW, CRA) and t.follows[a] >> b & 1:
        return _body_reason(deck[a], deck[b]), (a, b)
    if kb in (FREEDOM, CRA) and ka == CASE and t.freedom_after[b] >> a & 1:
        freedom = deck[b].name if kb == FREEDOM else EQUALITY
        why = f"{deck[a].name} lists {freedom} in its plus column"
        if kb == CRA:
            why += f" ({deck[b].name} plays {EQUALITY})"
        return why, (a, b)
    if kb == AMENDMENT:
        return _amendment_link(deck, t, a, b)
    return None


def _as_law(card: Card) -> str:
    return f"{card.name} (as a Law)" if card.type is CardType.CIVIL_RIGHTS_ACT else card.name


def _column(card: Card, name: str) -> str:
    return "plus" if name in card.plus else "minus"


def _body_reason(prev: Card, card: Card) -> str:
    """The sentence for a link the `follows` table holds (docs/RULES.md: Case and Law lines)."""
    if card.type is CardType.CASE:
        if prev.name in card.links:
            return f"{card.name} lists {_as_law(prev)} in its {_column(card, prev.name)} column"
        return f"{prev.name} lists {card.name} in its {_column(prev, card.name)} column"
    shared = sorted(set(prev.issues) & set(card.issues))
    issue = "the issue " + shared[0] if len(shared) == 1 else "the issues " + ", ".join(shared)
    when = "the same year" if card.year == prev.year else "later"
    role = ", as a Law" if card.type is CardType.CIVIL_RIGHTS_ACT else ""
    return (
        f"{card.name} ({card.year}{role}) shares {issue} with {prev.name} ({prev.year}) "
        f"and came {when}"
    )


def _wild_link(deck: Deck, t: LinkTables, a: int, b: int) -> tuple[str, tuple[int, ...]] | None:
    """Marbury v Madison stands anywhere: next to any card that can be in some precedent."""
    wild, other = (a, b) if t.kind[a] == WILD else (b, a)
    if t.kind[other] == WILD:
        return None
    base = _shortest_holding(deck, t, other)
    if base is None:
        return None
    at = base.index(other) + (0 if wild == a else 1)
    witness = (*base[:at], wild, *base[at:])
    return f"{deck[wild].name} may stand anywhere in a precedent", witness


def _shortest_holding(deck: Deck, t: LinkTables, card: int) -> tuple[int, ...] | None:
    """The shortest valid precedent that holds `card`."""
    if t.kind[card] == ISSUE:
        nxt = t.issue_next[card]
        return (card, _lowest(nxt)) if nxt else None
    return _shortest_ending(deck, t, card)


def _shortest_ending(
    deck: Deck, t: LinkTables, card: int, avoid: int = -1
) -> tuple[int, ...] | None:
    """The shortest sequence ending in `card` in which `card` passes its own rule: the card alone
    for an Issue, Case or Law; a listing Case first for a Freedom; a strengthening Case first
    for an Amendment (never the card `avoid`)."""
    k = t.kind[card]
    if k in (ISSUE, CASE, LAW, CRA):
        return (card,)
    if k in (FREEDOM, AMENDMENT):
        mask = t.freedom_after[card] if k == FREEDOM else t.strengthened_by[card]
        if avoid >= 0:
            mask &= ~(1 << avoid)
        return (_lowest(mask), card) if mask else None
    return None


def _amendment_link(
    deck: Deck, t: LinkTables, a: int, b: int
) -> tuple[str, tuple[int, ...]] | None:
    """An Amendment closes a precedent after a Case, Law, Freedom or Amendment, when some Case
    in the precedent strengthens it (and the earlier Amendment too)."""
    label = amendment_label(deck[b])
    if t.kind[a] == CASE and t.strengthened_by[b] >> a & 1:
        return f"{deck[a].name} strengthens {label}", (a, b)
    ends: list[tuple[int, ...]] = []
    if t.kind[a] in (CASE, LAW, CRA):
        path = _path_back(deck, [a], t.strengthened_by[b])
        if path is not None:
            ends.append(path)
    if t.kind[a] in (FREEDOM, CRA):
        listing = ids_of(t.freedom_after[a])
        path = _path_back(deck, listing, t.strengthened_by[b])
        if path is not None:
            ends.append((*path, a))
    if t.kind[a] == AMENDMENT:
        path = _path_through(deck, t.strengthened_by[a], t.strengthened_by[b])
        if path is not None:
            ends.append((*path, a))
    if not ends:
        return None
    witness = (*min(ends, key=len), b)
    chain = " → ".join(deck[c].name for c in witness)
    if t.kind[a] == AMENDMENT:
        why = (
            f"Amendments close a precedent together when Cases in it strengthen each of them, "
            f"as in {chain}"
        )
    else:
        why = (
            f"an Amendment may close a precedent when a Case before it strengthens {label}, "
            f"as in {chain}"
        )
    return why, witness


def _predecessors(deck: Deck) -> list[int]:
    """For each Case or Law: the Cases and Laws it may follow (the `follows` table reversed)."""
    back: list[int] = deck.cached("cards.link_reasons.back", lambda d: reverse(tables(d).follows))
    return back


def _distances(deck: Deck, goal: int) -> dict[int, int]:
    """For each Case or Law a chain of links leads to from a card of `goal`: the fewest links
    in such a chain (0 for the cards of `goal`). One search forward from `goal`, kept per deck
    and goal, answers every question about chains ending anywhere."""
    memo: dict[int, dict[int, int]] = deck.cached("cards.link_reasons.distances", _new_dict)
    found = memo.get(goal)
    if found is None:
        follows = tables(deck).follows
        found = dict.fromkeys(ids_of(goal), 0)
        queue = deque(found)
        while queue:
            node = queue.popleft()
            for nxt in ids_of(follows[node]):
                if nxt not in found:
                    found[nxt] = found[node] + 1
                    queue.append(nxt)
        memo[goal] = found
    return found


def _new_dict(deck: Deck) -> dict[int, dict[int, int]]:
    return {}


def _path_back(deck: Deck, ends: Iterable[int], goal: int) -> tuple[int, ...] | None:
    """The shortest chain of linked Cases and Laws from a card in `goal` (a Case that
    strengthens the Amendment) to one of `ends`: a search backwards from the ends, in id order,
    that stops at the first card of `goal` it meets. It visits only cards on shortest chains
    (their distance from `goal` falls by one a step), which leaves the order of the search, and
    so the chain it finds, as a search of every card would."""
    distance = _distances(deck, goal)
    ends = list(dict.fromkeys(ends))
    reach = [distance[e] for e in ends if e in distance]
    if not reach:
        return None
    steps = min(reach)
    back = _predecessors(deck)
    parent: dict[int, int] = {}
    queue: deque[int] = deque()
    for e in ends:
        if distance.get(e) == steps:
            parent[e] = -1
            queue.append(e)
    while queue:
        node = queue.popleft()
        if goal >> node & 1:
            path = [node]
            while parent[path[-1]] >= 0:
                path.append(parent[path[-1]])
            return tuple(path)
        for p in ids_of(back[node]):
            if p not in parent and distance.get(p) == distance[node] - 1:
                parent[p] = node
                queue.append(p)
    raise AssertionError("a card at a finite distance from the goal has a chain to it")


def _path_through(deck: Deck, first: int, second: int) -> tuple[int, ...] | None:
    """The shortest chain of linked Cases and Laws that holds a card of `first` and a card of
    `second` (either order): one Amendment's supporter and the other's. Of equally short
    chains, the first found starting from `first`'s cards in id order, then `second`'s."""
    both = first & second
    if both:
        return (_lowest(both),)
    best: tuple[int, int, int] | None = None  # (links, start card, goal)
    for start, goal in ((first, second), (second, first)):
        distance = _distances(deck, goal)
        for s in ids_of(start):
            d = distance.get(s)
            if d is not None and (best is None or d < best[0]):
                best = (d, s, goal)
    if best is None:
        return None
    return _path_back(deck, [best[1]], best[2])
