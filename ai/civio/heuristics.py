"""Hand evaluation for the AI levels: how close a hand is to going out, and what each card is worth.

A hand goes out as a valid 3-card precedent plus a disjoint valid 4-card one (docs/RULES.md,
"CIVIO"). Every such pair of precedents that shares cards with the hand is a *plan*; the cards of
the plan the hand lacks are its *needs*. A plan is only worth anything if each card it needs is
still *live*: a card the player cannot locate (the supply or an opponent's unknown hidden card), so
it may yet be drawn. The hand's value is the sum, over its plans, of `q ** needs` times the number
of live ways to fill the gaps: a geometric weight that reads like the chance of finishing the plan
soon, so one plan that needs one card outweighs a few that need three, and many plans beat one
(flexibility).

The valid 3- and 4-card precedents of a deck are few (about 1,400 and 4,100 in the standard
deck), so they are listed once per deck (`plan_tables`, kept with `Deck.cached`) as bit masks
over card ids, found with the rules' own `cards.go_out.ordering`. Everything here is a pure
function of its arguments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from cards.deck import Deck, deck_by_sha256
from cards.go_out import goes_out, ordering
from cards.links import ids_of, tables

if TYPE_CHECKING:
    from cards.games.civio.view import PlayerView

DEFAULT_Q = 0.2
FAR = 1.0
"""The weight of one needed card: roughly the chance of drawing a given live card soon."""


@dataclass(frozen=True, slots=True)
class PlanTables:
    """The valid 3- and 4-card precedents of one deck, and how partial ones extend."""

    valid3: frozenset[int]
    valid4: frozenset[int]
    ext3: dict[int, int]
    """For a 2-card mask: the cards that complete it to a valid 3-card precedent."""
    ext4: dict[int, int]
    """For a 3-card mask: the cards that complete it to a valid 4-card precedent."""
    pairs3: tuple[tuple[int, ...], ...]
    """For a card: the 2-card masks that complete it to a valid 3-card precedent."""
    pairs4: dict[int, tuple[int, ...]]
    """For a 2-card mask: the 2-card masks that complete it to a valid 4-card precedent."""
    pairs3_by_low: tuple[tuple[tuple[int, int], ...], ...]
    """`pairs3` grouped by the pair's lower card: (that card's bit, the higher cards)."""
    rest4: tuple[tuple[int, ...], ...]
    """For a card: the 3-card masks that complete it to a valid 4-card precedent."""
    partners: tuple[int, ...]
    """For a card: every card that shares some valid 3- or 4-card precedent with it."""


def _build_plan_tables(deck: Deck) -> PlanTables:
    t = tables(deck)
    related = t.related
    # A wild card stands anywhere, though other cards' `related` masks do not list it.
    wilds = t.wilds
    n = len(deck)

    def valid(mask: int) -> bool:
        return ordering(deck, ids_of(mask)) is not None

    # The cards of a precedent are connected through `related` (each card stands next to or leans
    # on another; a wild card goes with any), so a valid 3-card set is a connected one. Dropping
    # the last card of a valid 4-card precedent leaves a valid 3-card one (no card looks ahead),
    # so every valid 4-card set grows from a valid 3-card set by a related card.
    connected3: set[int] = set()
    for a in range(n):
        for b in ids_of(related[a] & ~((2 << a) - 1)):
            pair = (1 << a) | (1 << b)
            for c in ids_of((related[a] | related[b] | wilds) & ~pair):
                connected3.add(pair | (1 << c))
    valid3 = frozenset(m for m in connected3 if valid(m))
    grown: set[int] = set()
    for m in valid3:
        near = wilds
        for c in ids_of(m):
            near |= related[c]
        for x in ids_of(near & ~m):
            grown.add(m | (1 << x))
    valid4 = frozenset(m for m in grown if valid(m))

    ext3: dict[int, int] = {}
    ext4: dict[int, int] = {}
    pairs3: list[list[int]] = [[] for _ in range(n)]
    pairs4: dict[int, list[int]] = {}
    rest4: list[list[int]] = [[] for _ in range(n)]
    partners = [0] * n
    for m in valid3:
        for c in ids_of(m):
            rest = m ^ (1 << c)
            ext3[rest] = ext3.get(rest, 0) | (1 << c)
            pairs3[c].append(rest)
            partners[c] |= rest
    for m in valid4:
        ids = ids_of(m)
        for c in ids:
            rest = m ^ (1 << c)
            ext4[rest] = ext4.get(rest, 0) | (1 << c)
            rest4[c].append(rest)
            partners[c] |= rest
        for a, b in combinations(ids, 2):
            pair = (1 << a) | (1 << b)
            pairs4.setdefault(pair, []).append(m ^ pair)
    return PlanTables(
        valid3=valid3,
        valid4=valid4,
        ext3=ext3,
        ext4=ext4,
        pairs3=tuple(tuple(p) for p in pairs3),
        pairs4={k: tuple(v) for k, v in pairs4.items()},
        pairs3_by_low=tuple(_by_low(p) for p in pairs3),
        rest4=tuple(tuple(r) for r in rest4),
        partners=tuple(partners),
    )


def _by_low(pairs: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """2-card masks grouped by their lower card: (its bit, the mask of the cards above it)."""
    grouped: dict[int, int] = {}
    for pair in pairs:
        low = pair & -pair
        grouped[low] = grouped.get(low, 0) | pair ^ low
    return tuple(grouped.items())


def plan_tables(deck: Deck) -> PlanTables:
    """The plan tables of `deck`, built on first use (a fraction of a second) and kept with it."""
    result: PlanTables = deck.cached("ai.plan_tables", _build_plan_tables)
    return result


def mask_of(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# Subsets of positions 0..k-1 with 1-4 members, by size: (index mask, positions).
_SUBSETS: dict[int, tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]] = {}


def _subsets(k: int) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    found = _SUBSETS.get(k)
    if found is None:
        by_size = []
        for size in range(5):
            row = []
            for combo in combinations(range(k), size):
                im = 0
                for i in combo:
                    im |= 1 << i
                row.append((im, combo))
            by_size.append(tuple(row))
        found = _SUBSETS[k] = tuple(by_size)
    return found


# For k positions: the zeta transform's steps, level by level (bit 1, 2, 4, ...): every mask m
# with the level's bit, and m without it.
_ZETA: dict[int, tuple[tuple[int, int], ...]] = {}


def _zeta_pairs(k: int) -> tuple[tuple[int, int], ...]:
    found = _ZETA.get(k)
    if found is None:
        size = 1 << k
        found = _ZETA[k] = tuple(
            (m, m ^ (1 << b)) for b in range(k) for m in range(size) if m >> b & 1
        )
    return found


class HandEval:
    """The plans among a few cards (7 to 9), ready to value any 7 or fewer of them.

    `cards` are the cards in hand (for a discard choice: the 7 plus the card drawn); `live` is the
    bit mask of cards that may still be drawn. `value(keep)` values the sub-hand given as a mask
    of positions in `cards`.
    """

    __slots__ = ("_g4", "_parts4", "a3", "cards", "f4", "k", "live", "q")

    def __init__(
        self,
        pt: PlanTables,
        cards: Sequence[int],
        live: int,
        q: float = DEFAULT_Q,
        live_fraction: float | None = None,
    ) -> None:
        self.cards = list(cards)
        self.live = live
        self.q = q
        k = self.k = len(self.cards)
        bits = [1 << c for c in self.cards]
        subsets = _subsets(k)
        size = 1 << k
        a3: list[tuple[int, float]] = []
        f4 = [0.0] * size
        q2 = q * q
        q3 = q2 * q
        valid3 = pt.valid3
        valid4 = pt.valid4
        ext3 = pt.ext3
        ext4 = pt.ext4
        pairs4 = pt.pairs4
        pairs3 = pt.pairs3_by_low
        if live_fraction is None:
            live_fraction = live.bit_count() / max(1, len(pt.rest4) - k)
        # Plans needing a whole precedent, or three cards of the 4-card one: counted, not listed.
        lf3 = live_fraction**3 * FAR
        a3.append((0, len(valid3) * lf3 * q3))
        f4[0] = len(valid4) * lf3 * live_fraction * q3 * q
        for im, (i,) in subsets[1]:
            c = self.cards[i]
            n = 0  # the live pairs of pairs3[c]
            for low, high in pairs3[c]:
                if low & live:
                    n += (high & live).bit_count()
            if n:
                a3.append((im, n * q2))
            f4[im] = len(pt.rest4[c]) * lf3 * q3
        for im, (i, j) in subsets[2]:
            m = bits[i] | bits[j]
            e = ext3.get(m)
            if e is not None:
                n = (e & live).bit_count()
                if n:
                    a3.append((im, n * q))
            comps = pairs4.get(m)
            if comps is not None:
                n = 0
                for pm in comps:
                    if not pm & ~live:
                        n += 1
                f4[im] = n * q2
        for im, (i, j, k3) in subsets[3]:
            m = bits[i] | bits[j] | bits[k3]
            if m in valid3:
                a3.append((im, 1.0))
            e = ext4.get(m)
            if e is not None:
                f4[im] = (e & live).bit_count() * q
        for im, (i, j, k3, k4) in subsets[4]:
            if bits[i] | bits[j] | bits[k3] | bits[k4] in valid4:
                f4[im] = 1.0
        # g4[m]: the most cards of m a 4-card plan part can use (-9: none), worked out when
        # `distance` first needs it.
        self._g4: list[int] | None = None
        self._parts4 = [m for m in range(size) if f4[m] > 0.0]
        # Zeta transform: f4[m] becomes the total weight of the 4-card plan parts inside m.
        for m, lower in _zeta_pairs(k):
            f4[m] += f4[lower]
        self.a3 = a3
        self.f4 = f4

    @property
    def g4(self) -> list[int]:
        """For each mask m of positions: the most cards of m one 4-card plan part uses (-9:
        none), by the same zeta transform as `f4`, with max for sum."""
        g4 = self._g4
        if g4 is None:
            g4 = [-9] * len(self.f4)
            for m in self._parts4:
                g4[m] = m.bit_count()
            for m, lower in _zeta_pairs(self.k):
                if g4[lower] > g4[m]:
                    g4[m] = g4[lower]
            self._g4 = g4
        return g4

    def value(self, keep: int) -> float:
        """The value of the sub-hand of the positions in `keep` (a mask over `cards`)."""
        f4 = self.f4
        total = 0.0
        for im, w in self.a3:
            if not im & ~keep:
                total += w * f4[keep & ~im]
        return total

    def distance(self, keep: int) -> int:
        """How many cards the 7 cards in `keep` must swap for live ones to go out as 3 + 4."""
        g4 = self.g4
        best = -9
        for im, _ in self.a3:
            if not im & ~keep:
                used = im.bit_count() + g4[keep & ~im]
                if used > best:
                    best = used
        return 7 - best if best >= 0 else 8

    def full(self) -> int:
        return (1 << self.k) - 1


def distance(deck: Deck, hand: Sequence[int], live: int | None = None) -> int:
    """How many cards the hand must swap to go out with a 3-card and a 4-card precedent, using
    only `live` cards (every card not in the hand when None); 8 when no plan is possible."""
    pt = plan_tables(deck)
    h = mask_of(hand)
    if live is None:
        live = ((1 << len(deck)) - 1) & ~h
    parts3 = {a & h for a in pt.valid3 if not a & ~h & ~live}
    parts4 = {b & h for b in pt.valid4 if not b & ~h & ~live}
    best = -1
    for a in parts3:
        for b in parts4:
            if not a & b:
                best = max(best, (a | b).bit_count())
    return 8 if best < 0 else 7 - best


# ---------------------------------------------------------------- what a seat knows


def deck_for(view: PlayerView) -> Deck:
    """The deck a view belongs to (views name it only by its SHA-256): the standard deck or a
    card pack this process has loaded."""
    deck = deck_by_sha256(view.deck_sha256)
    if deck is None:
        raise LookupError(
            "the view belongs to a card deck this process has not loaded "
            "(load the card pack first: civio --cards FILE)"
        )
    return deck


@dataclass(slots=True)
class Situation:
    """One seat's knowledge at a decision.

    `live`: cards the seat cannot locate (the supply and opponents' unknown hidden cards), which
    may still be drawn. `opp_known[s]`: the cards of seat s the seat can name (face-up and known
    hidden); `opp_hidden_unknown[s]`: how many of s's hidden cards it cannot name.
    """

    deck: Deck
    seat: int
    seats: int
    face_up: list[int]
    hidden: list[int]
    exposed: int
    """Mask of own hidden cards that some opponent knows (taken from the pile, say)."""
    live: int
    discard_top: int | None
    taken: int | None
    """The card this seat took from the discard pile this turn (it may not discard it)."""
    discard_count: int
    supply_count: int
    opp_known: dict[int, list[int]]
    opp_face_up: dict[int, list[int]]
    opp_hidden_unknown: dict[int, int]
    skips: list[int]
    current: int
    turns_played: int
    max_turns: int
    attacks_optional: bool

    @property
    def hand(self) -> list[int]:
        return self.face_up + self.hidden

    def next_seat(self, seat: int | None = None) -> int:
        return ((self.seat if seat is None else seat) + 1) % self.seats

    def opponents(self) -> list[int]:
        return [s for s in range(self.seats) if s != self.seat]


def from_view(view: PlayerView, deck: Deck | None = None) -> Situation:
    """The situation of `view.seat` as its view shows it."""
    deck = deck if deck is not None else deck_for(view)
    live = 0
    for c in view.unseen_cards(deck):
        live |= 1 << c
    opp_known: dict[int, list[int]] = {}
    opp_face_up: dict[int, list[int]] = {}
    unknown: dict[int, int] = {}
    for p in view.players:
        if p.seat == view.seat:
            continue
        opp_known[p.seat] = list(p.face_up) + list(p.known_hidden)
        opp_face_up[p.seat] = list(p.face_up)
        unknown[p.seat] = p.hidden_count - len(p.known_hidden)
    pile = view.discard_pile
    return Situation(
        deck=deck,
        seat=view.seat,
        seats=view.seats,
        face_up=list(view.face_up),
        hidden=list(view.hidden),
        exposed=mask_of(list(view.known_by)),
        live=live,
        discard_top=pile[-1] if pile else None,
        taken=view.taken_from_discard if view.current_seat == view.seat else None,
        discard_count=len(pile),
        supply_count=view.supply_count,
        opp_known=opp_known,
        opp_face_up=opp_face_up,
        opp_hidden_unknown=unknown,
        skips=[p.skips for p in view.players],
        current=view.current_seat,
        turns_played=view.turns_played,
        max_turns=view.rules.max_turns,
        attacks_optional=view.rules.attacks == "optional",
    )


# For 5 to 7 positions: the splits (a mask of the positions in the 3-card part, the rest in the
# 4-card part) that leave at most 3 cards in one part and 4 in the other.
_GO_OUT_SPLITS = {
    k: tuple(s for s in range(1 << k) if s.bit_count() <= 3 and k - s.bit_count() <= 4)
    for k in range(5, 8)
}


def go_out_completions(pt: PlanTables, cards: Sequence[int], live: int) -> set[int]:
    """The sets of live cards (as masks) that complete `cards` (5 to 7 of them) to a hand that
    goes out with a 3-card and a 4-card precedent. A 7-card flush is not looked for."""
    k = len(cards)
    if not 5 <= k <= 7:
        raise ValueError("go_out_completions takes 5 to 7 cards")
    # The cards of each set of positions, as a mask.
    masks = [0] * (1 << k)
    for s in range(1, 1 << k):
        low = s & -s
        masks[s] = masks[s ^ low] | 1 << cards[low.bit_length() - 1]
    every = (1 << k) - 1
    valid3, valid4 = pt.valid3, pt.valid4
    found: set[int] = set()
    for split in _GO_OUT_SPLITS[k]:
        a = split.bit_count()
        comps3 = _completions(masks[split], 3 - a, valid3, pt.ext3, pt.pairs3, None, live)
        if not comps3:
            continue
        comps4 = _completions(
            masks[every ^ split], a + 4 - k, valid4, pt.ext4, None, pt.pairs4, live
        )
        for x in comps3:
            for y in comps4:
                if not x & y:
                    found.add(x | y)
    return found


def _completions(
    m: int,
    need: int,
    valid: frozenset[int],
    ext: dict[int, int],
    by_card: tuple[tuple[int, ...], ...] | None,
    by_pair: dict[int, tuple[int, ...]] | None,
    live: int,
) -> list[int]:
    """Masks of `need` live cards that complete `m` to a valid set of the table's size."""
    if need == 0:
        return [0] if m in valid else []
    if need == 1:
        e = ext.get(m, 0) & live
        out = []
        while e:
            low = e & -e
            out.append(low)
            e ^= low
        return out
    if need == 2:
        if by_card is not None and m.bit_count() == 1:
            return [p for p in by_card[m.bit_length() - 1] if not p & ~live]
        if by_pair is not None:
            return [p for p in by_pair.get(m, ()) if not p & ~live]
    return []


def feed_probability(sit: Situation, card: int, opp: int) -> float:
    """The chance that `opp`, taking `card` from the discard pile next, goes out at once.

    The hidden cards of `opp` this seat cannot name are taken as dealt uniformly from the live
    cards (the determinisation prior), and the chance is summed exactly over every such deal:
    the 3 + 4 hands `opp` could make from its known cards, `card` and its hidden ones. (A 7-card
    flush that no 3 + 4 split matches is not looked for.)
    """
    deck = sit.deck
    pt = plan_tables(deck)
    known = list(sit.opp_known.get(opp, []))
    unknown = sit.opp_hidden_unknown.get(opp, 0)
    if card in known or len(known) + unknown != 7:
        return 0.0
    live = sit.live & ~(1 << card)
    n_live = live.bit_count()
    base = [*known, card]
    if unknown == 0:
        return 1.0 if any(goes_out(deck, [x for x in base if x != k]) for k in known) else 0.0
    if n_live == 0:
        return 0.0
    if unknown == 1:
        if goes_out(deck, base):
            return 1.0
        singles = 0
        for k in known:
            for m in go_out_completions(pt, [x for x in base if x != k], live):
                singles |= m
        return singles.bit_count() / n_live
    if unknown != 2 or n_live < 2:
        return 0.0
    # Going out keeps one hidden card (dropping the other) or both (dropping a known card).
    either = 0
    for m in go_out_completions(pt, base, live):
        either |= m
    n1 = either.bit_count()
    pairs: set[int] = set()
    for k in known:
        for p in go_out_completions(pt, [x for x in base if x != k], live):
            if not p & either:
                pairs.add(p)
    total = n_live * (n_live - 1) // 2
    # Deals holding a card that goes out with one hidden card, and deals that need both.
    hits = total - (n_live - n1) * (n_live - n1 - 1) // 2 + len(pairs)
    return hits / total
