"""The hidden-hand model (`ai.civio.inference`): its counts agree with brute force, its risks are
the weighted sum over every deal of the hidden cards, and it predicts medium's feeds far better
than a uniform deal of the unseen cards does."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from itertools import combinations

import pytest

from ai import get_player
from ai.civio.heuristics import PlanTables, Situation, feed_probability, plan_tables
from ai.civio.inference import HiddenHandModel, outs_of_seven, outs_weight, pair_outs
from cards.deck import Deck
from cards.games.civio.actions import DecisionKind
from cards.games.civio.round import Round
from cards.go_out import goes_out
from cards.links import ids_of
from cards.ruleset import RuleSet
from tests.ai.round_situations import from_round


def _three_four(pt: PlanTables, cards: list[int]) -> bool:
    for three in combinations(cards, 3):
        a = sum(1 << c for c in three)
        if a in pt.valid3:
            rest = [c for c in cards if c not in three]
            if any(sum(1 << c for c in four) in pt.valid4 for four in combinations(rest, 4)):
                return True
    return False


def _brute_outs(pt: PlanTables, seven: list[int], avail: int) -> int:
    found = 0
    for x in ids_of(avail):
        if any(_three_four(pt, [c for c in seven if c != k] + [x]) for k in seven):
            found |= 1 << x
    return found


@dataclass
class Position:
    """A main discard, seen by the discarding seat, and the next seat's true hand."""

    sit: Situation
    seat: int
    hand: list[int]


def _positions(deck: Deck, rounds: int) -> list[Position]:
    """Every main discard of medium-against-medium rounds where the next seat holds 5 cards
    the discarder can name and 2 it cannot."""
    players = [get_player("medium"), get_player("medium")]
    found = []
    for seed in range(rounds):
        rnd = Round(RuleSet(), 2, seed % 2, 500 + seed, deck)
        rng = random.Random(seed)
        while (d := rnd.decision) is not None:
            if d.kind is DecisionKind.DISCARD and d.stage == "main":
                sit = from_round(rnd, d.seat)
                nxt = sit.next_seat()
                if sit.opp_hidden_unknown[nxt] == 2 and not sit.skips[nxt]:
                    found.append(Position(sit, nxt, rnd.hand(nxt)))
            rnd.apply(players[d.seat].choose(rnd.view(d.seat), d, rng))
    return found


@pytest.fixture(scope="module")
def positions(standard: Deck) -> list[Position]:
    return _positions(standard, 40)


def _avail(sit: Situation) -> int:
    hand = 0
    for c in sit.hand:
        hand |= 1 << c
    return sit.live | hand


def test_outs_of_seven_agree_with_the_rules(positions: list[Position], standard: Deck) -> None:
    pt = plan_tables(standard)
    some = 0
    for p in positions[::10]:
        avail = _avail(p.sit) & ~sum(1 << c for c in p.hand)
        got = outs_of_seven(pt, p.hand, avail)
        assert got == _brute_outs(pt, p.hand, avail), p.hand
        some += got != 0
    assert some >= 3  # hands that do have outs, so the comparison means something


def _close(positions: list[Position], standard: Deck, n: int) -> list[Position]:
    """Positions whose next seat is one card from going out: the model has work to do there."""
    pt = plan_tables(standard)
    return [
        p
        for p in positions
        if outs_of_seven(pt, p.hand, _avail(p.sit) & ~sum(1 << c for c in p.hand))
    ][:n]


def test_pair_outs_agree_with_every_pair_tried(positions: list[Position], standard: Deck) -> None:
    pt = plan_tables(standard)
    for p in _close(positions, standard, 4):
        known = p.sit.opp_known[p.seat]
        live = p.sit.live
        avail = _avail(p.sit)
        outs, done = pair_outs(pt, known, live, avail)
        for pair in combinations(ids_of(live), 2):
            mask = (1 << pair[0]) | (1 << pair[1])
            if _three_four(pt, [*known, *pair]):
                assert mask in done, pair
                continue
            assert mask not in done, pair
            assert outs.get(mask, 0) == outs_of_seven(pt, [*known, *pair], avail & ~mask), pair


def test_risk_is_the_weighted_sum_over_every_deal(
    positions: list[Position], standard: Deck
) -> None:
    pt = plan_tables(standard)
    for p in _close(positions, standard, 3):
        known = p.sit.opp_known[p.seat]
        avail = _avail(p.sit)
        total = 0.0
        hits = dict.fromkeys(p.sit.hand, 0.0)
        for pair in combinations(ids_of(p.sit.live), 2):
            cards = [*known, *pair]
            if goes_out(standard, cards):
                continue
            mask = (1 << pair[0]) | (1 << pair[1])
            outs = outs_of_seven(pt, cards, avail & ~mask)
            w = outs_weight(outs.bit_count())
            total += w
            for x in hits:
                if outs >> x & 1:
                    hits[x] += w
        model = HiddenHandModel(p.sit, p.seat)
        assert model.ok
        for x, h in hits.items():
            assert model.risk(x) == pytest.approx(h / total, abs=1e-9)
        assert any(h for h in hits.values()) or p.sit.hand


def test_model_predicts_feeds_far_better_than_a_uniform_deal(
    positions: list[Position], standard: Deck
) -> None:
    """Over every option of every position: the model's risks add up to about the number of
    options that really let the next seat go out; a uniform deal's fall far short."""
    true = model_sum = uniform_sum = 0.0
    model_loss = uniform_loss = 0.0
    for p in positions:
        model = HiddenHandModel(p.sit, p.seat)
        for x in p.sit.hand:
            feeds = any(goes_out(standard, [c for c in [*p.hand, x] if c != k]) for k in p.hand)
            m = model.risk(x)
            u = feed_probability(p.sit, x, p.seat)
            true += feeds
            model_sum += m
            uniform_sum += u
            for risk, which in ((m, "model"), (u, "uniform")):
                q = min(max(risk, 1e-6), 1 - 1e-6)
                loss = -math.log(q if feeds else 1 - q)
                if which == "model":
                    model_loss += loss
                else:
                    uniform_loss += loss
    assert true > 30
    assert 0.6 * true < model_sum < 1.4 * true
    assert uniform_sum < 0.4 * true
    assert model_loss < 0.8 * uniform_loss
