"""What a seat can infer about the next seat's hidden cards from the cards it can see.

Players keep the cards their plans lean on, so an opponent's hidden cards are not a uniform deal
of the unseen cards: a hand one card from going out is far more common than such a deal makes
it (against `medium`, 40% of its hands in the round's turns 5 to 8, where a uniform deal of the
same unseen cards gives 9%; docs/AI.md). `HiddenHandModel` weighs every possible set of the next
seat's unknown hidden cards by how many cards would then let it go out (its *outs*), with the
weights of `OUTS_LOG_WEIGHTS`, and from that gives `risk(card)`: the chance that this seat,
taking `card` from the discard pile, goes out at once (a feed), summed exactly over every
possible hidden hand, not sampled.

The sets with outs are found from the plan tables, not by trying every pair of unseen cards:
the 3 + 4 hand such a pair makes with one more card holds all 5 known cards and one hidden card
(the hidden card's completions of the 6 known-and-hidden cards), or 4 known cards and both
hidden ones (the 3-card completions of those 4). Thurgood Flushes are not looked for.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import combinations

from ai.civio.heuristics import PlanTables, Situation, mask_of, plan_tables
from cards.go_out import goes_out

OUTS_LOG_WEIGHTS = (2.0, 2.5, 2.6, 2.6, 3.0, 3.0, 3.0, 3.8)
"""Log-weight of a hidden hand with 1, 2, ..., 8 or more outs, against 1 for a hand with none.

Fitted by maximum likelihood (a conditional logit over the number of outs) to the true hidden
cards of `medium` at 2,462 of hard's discards (400 rounds, seed 201): the real hidden cards
fall in hands with outs 7 to 45 times as often as a uniform deal of the unseen cards would put
them there. With them the predicted feeds of those discards sum to 1,325 against 1,496 true
ones; a uniform deal predicts 236."""


def outs_weight(n: int) -> float:
    """The weight of a hidden hand that `n` cards would complete."""
    if n <= 0:
        return 1.0
    return math.exp(OUTS_LOG_WEIGHTS[min(n, len(OUTS_LOG_WEIGHTS)) - 1])


def _ids(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# Splits of 6 positions into a 2-card part and a 4-card part, and into two 3-card parts.
_SPLIT_2_4 = tuple(
    ((i, j), tuple(x for x in range(6) if x not in (i, j))) for i, j in combinations(range(6), 2)
)
_SPLIT_3_3 = tuple((a, tuple(x for x in range(6) if x not in a)) for a in combinations(range(6), 3))


def _outs_of_six(pt: PlanTables, six: Sequence[int]) -> int:
    """The cards that go out with six cards (given as bits) as a 3-card and a 4-card precedent."""
    v3, v4, e3, e4 = pt.valid3, pt.valid4, pt.ext3, pt.ext4
    found = 0
    for (i, j), (p, q, r, s) in _SPLIT_2_4:
        if six[p] | six[q] | six[r] | six[s] in v4:
            found |= e3.get(six[i] | six[j], 0)
    for (i, j, h), (p, q, r) in _SPLIT_3_3:
        if six[i] | six[j] | six[h] in v3:
            found |= e4.get(six[p] | six[q] | six[r], 0)
    return found


def outs_of_six(pt: PlanTables, cards: Sequence[int], avail: int) -> int:
    """The cards of `avail` that go out with these 6 cards as 3 + 4 (a mask)."""
    return _outs_of_six(pt, [1 << c for c in cards]) & avail


def outs_of_seven(pt: PlanTables, cards: Sequence[int], avail: int) -> int:
    """The cards of `avail` that, taken by a player holding these 7 cards, let it go out as a
    3-card and a 4-card precedent (dropping one of the 7)."""
    bits = [1 << c for c in cards]
    found = 0
    for k in range(len(bits)):
        found |= _outs_of_six(pt, bits[:k] + bits[k + 1 :])
    return found & avail


def three_completions(pt: PlanTables, four: Sequence[int], avail: int) -> set[int]:
    """The sets of 3 cards of `avail` (as masks) that make a 3-card and a 4-card precedent
    with these 4 cards."""
    bits = [1 << c for c in four]
    found: set[int] = set()
    for split in range(16):
        n3 = split.bit_count()
        if n3 > 3:
            continue
        m3 = m4 = 0
        for i in range(4):
            if split >> i & 1:
                m3 |= bits[i]
            else:
                m4 |= bits[i]
        if n3 == 0:  # the 4 are a precedent; any 3-card precedent of avail cards goes with them
            if m4 in pt.valid4:
                found.update(t for t in pt.valid3 if not t & ~avail)
        elif n3 == 1:  # 2 cards complete the 3-card part, 1 the 4-card part
            e = pt.ext4.get(m4, 0) & avail
            if e:
                for p in pt.pairs3[m3.bit_length() - 1]:
                    if not p & ~avail:
                        found.update(p | (1 << x) for x in _ids(e & ~p))
        elif n3 == 2:  # 1 card completes the 3-card part, 2 the 4-card part
            e = pt.ext3.get(m3, 0) & avail
            if e:
                for p in pt.pairs4.get(m4, ()):
                    if not p & ~avail:
                        found.update(p | (1 << x) for x in _ids(e & ~p))
        elif m3 in pt.valid3:  # the 3 are a precedent; 3 cards complete the fourth one's
            found.update(r for r in pt.rest4[m4.bit_length() - 1] if not r & ~avail)
    return found


def pair_outs(
    pt: PlanTables, known: Sequence[int], live: int, avail: int
) -> tuple[dict[int, int], set[int]]:
    """For a seat with 5 known cards and 2 hidden ones dealt from `live`: every pair of hidden
    cards (as a mask) that gives it outs, with those outs (cards of `avail` outside the pair),
    and the pairs with which its 7 cards already go out."""
    known = list(known)
    singles: dict[int, int] = {}
    done: set[int] = set()
    for h in _ids(live):
        outs = outs_of_six(pt, [*known, h], avail & ~(1 << h))
        if outs:
            singles[h] = outs
            done.update((1 << h) | (1 << x) for x in _ids(outs & live))
    both: dict[int, int] = {}
    for k in range(len(known)):
        for trio in three_completions(pt, known[:k] + known[k + 1 :], avail):
            for x in _ids(trio):
                pair = trio ^ (1 << x)
                if not pair & ~live:
                    both[pair] = both.get(pair, 0) | (1 << x)
    found: dict[int, int] = {}
    others = list(_ids(live))
    for h, outs in singles.items():
        for h2 in others:
            if h2 != h:
                pair = (1 << h) | (1 << h2)
                found[pair] = found.get(pair, 0) | outs
    for pair, outs in both.items():
        found[pair] = found.get(pair, 0) | outs
    result = {}
    for pair, outs in found.items():
        outs &= avail & ~pair
        if outs:
            result[pair] = outs
    return result, done


class HiddenHandModel:
    """The next seat's unknown hidden cards, each possible set weighted by `outs_weight` of the
    number of its outs (module docstring). `ok` is False when the seat's cards are not in a
    shape the model covers (5 known and 2 unknown, 6 and 1, or 7 and none)."""

    def __init__(self, sit: Situation, seat: int) -> None:
        deck = sit.deck
        pt = plan_tables(deck)
        known = list(sit.opp_known.get(seat, []))
        unknown = sit.opp_hidden_unknown.get(seat, 0)
        live = sit.live
        avail = live | mask_of(sit.hand)
        self.entries: list[tuple[int, int, float]] = []
        """(hidden cards, their outs, weight) for every hidden set with outs."""
        live_cards = list(_ids(live))
        total = 0.0
        if unknown == 2 and len(known) == 5:
            outs, done = pair_outs(pt, known, live, avail)
            n = len(live_cards)
            total = n * (n - 1) / 2 - len(done | set(outs))
            for pair, o in outs.items():
                if pair not in done:
                    w = outs_weight(o.bit_count())
                    self.entries.append((pair, o, w))
                    total += w
        elif unknown == 1 and len(known) == 6:
            for h in live_cards:
                single = 1 << h
                if goes_out(deck, [*known, h]):
                    continue
                o = outs_of_seven(pt, [*known, h], avail & ~single)
                if o:
                    w = outs_weight(o.bit_count())
                    self.entries.append((single, o, w))
                    total += w
                else:
                    total += 1.0
        elif unknown == 0 and len(known) == 7:
            o = outs_of_seven(pt, known, avail)
            self.entries.append((0, o, 1.0))
            total = 1.0
        self.total = total
        self.ok = total > 0

    def risk(self, card: int) -> float:
        """The chance the seat goes out by taking `card` (0 when the model does not apply)."""
        if not self.ok:
            return 0.0
        return sum(w for _, o, w in self.entries if o >> card & 1) / self.total
