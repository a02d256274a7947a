"""Hand evaluation (ai/civio/heuristics.py) checked against the rules functions it is built on."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from ai.civio.heuristics import (
    HandEval,
    distance,
    feed_probability,
    from_view,
    go_out_completions,
    mask_of,
    plan_tables,
)
from cards.deck import Deck
from cards.games.civio.round import Round
from cards.go_out import goes_out, ordering
from cards.links import ids_of
from cards.ruleset import RuleSet
from tests.ai.round_situations import from_round


def test_plan_tables_hold_exactly_the_valid_three_card_sets(standard: Deck) -> None:
    pt = plan_tables(standard)
    brute = {
        mask_of(combo)
        for combo in combinations(range(len(standard)), 3)
        if ordering(standard, combo) is not None
    }
    assert pt.valid3 == brute


def test_plan_tables_agree_with_the_rules_on_four_card_sets(standard: Deck) -> None:
    pt = plan_tables(standard)
    rng = random.Random(4)
    for m in rng.sample(sorted(pt.valid4), 300):
        assert ordering(standard, ids_of(m)) is not None
    # Random 4-card sets, and random ones grown from a valid 3-card set (valid far more often).
    threes = sorted(pt.valid3)
    for _ in range(4000):
        combo = rng.sample(range(len(standard)), 4)
        assert (mask_of(combo) in pt.valid4) == (ordering(standard, combo) is not None)
        base = ids_of(rng.choice(threes))
        extra = rng.choice([c for c in range(len(standard)) if c not in base])
        combo = [*base, extra]
        assert (mask_of(combo) in pt.valid4) == (ordering(standard, combo) is not None)


def test_extension_tables_match_the_valid_sets(standard: Deck) -> None:
    pt = plan_tables(standard)
    for pair, ext in list(pt.ext3.items())[:200]:
        for c in ids_of(ext):
            assert pair | (1 << c) in pt.valid3
    for triple, ext in list(pt.ext4.items())[:200]:
        for c in ids_of(ext):
            assert triple | (1 << c) in pt.valid4


def _three_four(standard: Deck, hand: list[int]) -> bool:
    pt = plan_tables(standard)
    m = mask_of(hand)
    return any(
        mask_of(t) in pt.valid3 and m & ~mask_of(t) in pt.valid4 for t in combinations(hand, 3)
    )


def test_distance_is_zero_exactly_for_hands_that_go_out_as_three_and_four(standard: Deck) -> None:
    rng = random.Random(7)
    pt = plan_tables(standard)
    fours = sorted(pt.valid4)
    checked = 0
    for _ in range(150):
        # A 3 + 4 hand, then the same hand with one card swapped out.
        four = rng.choice(fours)
        threes = [t for t in pt.valid3 if not t & four]
        hand = ids_of(rng.choice(threes) | four)
        assert goes_out(standard, hand)
        assert distance(standard, hand) == 0
        out = rng.choice(hand)
        swap = rng.choice([c for c in range(len(standard)) if c not in hand])
        other = [c for c in hand if c != out] + [swap]
        d = distance(standard, other)
        assert d <= 1
        assert (d == 0) == _three_four(standard, other)
        checked += 1
    for _ in range(150):
        hand = rng.sample(range(len(standard)), 7)
        assert (distance(standard, hand) == 0) == _three_four(standard, hand)
    assert checked == 150


def test_hand_value_is_the_weighted_count_of_live_plans(
    standard: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Leaving out the far plans it only estimates (a whole precedent, or three cards of the
    4-card one, still to come), the value is the sum over every pair of disjoint plan parts of
    q ** (cards still needed), counting each live way to complete them."""
    import ai.civio.heuristics as heuristics

    monkeypatch.setattr(heuristics, "FAR", 0.0)
    pt = plan_tables(standard)
    rng = random.Random(3)
    q = 0.2
    everything = (1 << len(standard)) - 1
    fours = sorted(pt.valid4)
    for trial in range(12):
        # Hands near some plan, so the sum is not empty.
        hand = ids_of(rng.choice(fours))
        hand += rng.sample([c for c in range(len(standard)) if c not in hand], 3)
        h = mask_of(hand)
        live = everything & ~h & ~mask_of(rng.sample(range(len(standard)), 10))
        parts3: dict[int, float] = {}
        parts4: dict[int, float] = {}
        for a in pt.valid3:
            inside, need = a & h, a & ~h
            if inside and not need & ~live:
                parts3[inside] = parts3.get(inside, 0.0) + q ** need.bit_count()
        for b in pt.valid4:
            inside, need = b & h, b & ~h
            if inside.bit_count() >= 2 and not need & ~live:
                parts4[inside] = parts4.get(inside, 0.0) + q ** need.bit_count()
        want = sum(w3 * w4 for s3, w3 in parts3.items() for s4, w4 in parts4.items() if not s3 & s4)
        ev = HandEval(pt, hand, live, q)
        assert ev.value(ev.full()) == pytest.approx(want, rel=1e-9), trial


def _brute_feed(standard: Deck, known: list[int], card: int, live: list[int]) -> float:
    """The chance over every pair of hidden cards that known + hidden + card has 7 that go out
    as 3 + 4 with `card` among them."""
    hits = 0
    total = 0
    for pair in combinations(live, 2):
        total += 1
        cards = [*known, *pair, card]
        for drop in [*known, *pair]:
            hand = [c for c in cards if c != drop]
            if _three_four(standard, hand):
                hits += 1
                break
    return hits / total


def test_feed_probability_sums_exactly_over_the_hidden_cards(standard: Deck) -> None:
    rng = random.Random(11)
    pt = plan_tables(standard)
    checked = 0
    for seed in range(400):
        rnd = Round(RuleSet(), 2, 0, seed, standard)
        while rnd.decision is not None and rnd.decision.kind.value == "face_up":
            d = rnd.decision
            rnd.apply(d.options[0])
        sit = from_round(rnd, 0)
        opp = 1
        known = sit.opp_known[opp]
        # Positions where the opponent is close: some card would complete it with a hidden one.
        live = ids_of(sit.live)
        candidates = [c for c in live if go_out_completions(pt, [*known, c], sit.live & ~(1 << c))]
        if not candidates:
            continue
        card = rng.choice(candidates)
        sit.live &= ~(1 << card)
        got = feed_probability(sit, card, opp)
        want = _brute_feed(standard, known, card, ids_of(sit.live))
        assert got == pytest.approx(want, abs=1e-12)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_view_and_round_give_the_same_situation(standard: Deck) -> None:
    rnd = Round(RuleSet(), 3, 1, 5, standard)
    rng = random.Random(5)
    steps = 0
    while not rnd.is_over and steps < 120:
        d = rnd.decision
        assert d is not None
        if d.kind.value != "face_up":
            for seat in range(3):
                a = from_view(rnd.view(seat), standard)
                b = from_round(rnd, seat)
                assert (a.live, a.hand, a.opp_known, a.discard_top) == (
                    b.live,
                    b.hand,
                    b.opp_known,
                    b.discard_top,
                )
                assert (a.exposed, a.opp_hidden_unknown, a.skips) == (
                    b.exposed,
                    b.opp_hidden_unknown,
                    b.skips,
                )
        rnd.apply(rng.choice(d.options))
        steps += 1
