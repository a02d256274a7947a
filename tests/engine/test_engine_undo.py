"""Taking back a move (cards/games/civio/undo.py): the round as it was at a seat's last real
choice."""

from __future__ import annotations

import random

import pytest
from engine_helpers import snapshot

from cards.deck import standard_deck
from cards.games.civio.round import Round
from cards.games.civio.undo import take_back
from cards.ruleset import RuleSet


def played(seed: int, seats: int, steps: int) -> Round:
    """A round of random play, `steps` actions in (or over, if it ends first)."""
    rnd = Round(RuleSet(), seats, seed % seats, seed, standard_deck(), scores=[3] * seats)
    rng = random.Random(seed)
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.apply(rng.choice(rnd.legal_actions()))
    return rnd


def test_nothing_to_take_back_before_the_seat_has_chosen() -> None:
    rnd = Round(RuleSet(), 2, 0, 5, standard_deck())
    assert take_back(rnd, 0) is None


@pytest.mark.parametrize("seed", range(12))
def test_take_back_returns_to_the_latest_real_choice_and_replays_the_same(seed: int) -> None:
    seats = 2 + seed % 3
    rnd = played(seed, seats, steps=10 + 7 * seed)
    for seat in range(seats):
        before = snapshot(rnd)
        earlier = take_back(rnd, seat)
        assert snapshot(rnd) == before, "the round taken back from is left alone"
        # Walk the actions again by hand: the latest decision of `seat` with a choice.
        walk = Round(rnd.rules, seats, rnd.dealer, rnd.seed, rnd.deck, scores=rnd.scores_before)
        points = []
        for index, action in enumerate(rnd.actions):
            d = walk.decision
            if d is not None and d.seat == seat and len(d.options) > 1:
                points.append(index)
            walk.apply(action)
        if not points:
            assert earlier is None
            continue
        assert earlier is not None
        point = points[-1]
        assert earlier.actions == rnd.actions[:point]
        decision = earlier.decision
        assert decision is not None and decision.seat == seat and len(decision.options) > 1
        assert earlier.scores_before == rnd.scores_before
        # Making the same choice again leads back to exactly the same round.
        for action in rnd.actions[point:]:
            earlier.apply(action)
        assert snapshot(earlier) == snapshot(rnd)
        assert earlier.events == rnd.events


def test_decisions_with_one_option_are_passed_over() -> None:
    """Random play until some seat faces a one-option decision after a real one: taking back
    skips the forced one and lands on the real choice before it."""
    for seed in range(200):
        rnd = Round(RuleSet(), 2, 0, seed, standard_deck())
        rng = random.Random(seed)
        real: int | None = None
        while not rnd.is_over:
            decision = rnd.decision
            assert decision is not None
            if decision.seat == 0 and len(decision.options) > 1:
                real = len(rnd.actions)
            elif decision.seat == 0 and real is not None:
                rnd.apply(decision.options[0])
                earlier = take_back(rnd, 0)
                assert earlier is not None
                assert len(earlier.actions) == real
                return
            rnd.apply(rng.choice(rnd.legal_actions()))
    pytest.fail("no one-option decision in 200 random rounds")
