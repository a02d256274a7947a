"""Seeded random rounds checked after every step (OpenSpiel's basic conformance test in spirit):
determinism, replay, clone, determinisation, card accounting and what views reveal."""

from __future__ import annotations

import random

import pytest
from engine_helpers import (
    KnowledgeTracker,
    check_accounting,
    check_turn_boundary,
    check_views,
    engine_pack,
    snapshot,
)

from ai.civio.determinise import sample_world
from cards.deck import Deck, standard_deck
from cards.games.civio.actions import DecisionKind
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.go_out import goes_out
from cards.ruleset import RuleSet


def random_round(
    seed: int, seats: int = 3, rules: RuleSet | None = None, deck: Deck | None = None
) -> Round:
    rnd = Round(rules or RuleSet(), seats, seed % seats, seed, deck or standard_deck())
    rng = random.Random(seed)
    while not rnd.is_over:
        rnd.apply(rng.choice(rnd.legal_actions()))
    return rnd


def test_same_seed_and_actions_give_the_same_round_and_event_log() -> None:
    a = random_round(12)
    b = random_round(12)
    assert a.events == b.events
    replayed = Round.replay(a.rules, a.seats, a.dealer, a.seed, a.actions, a.deck)
    assert replayed.events == a.events
    assert snapshot(replayed) == snapshot(a)
    assert replayed.result == a.result
    assert random_round(13).events != a.events


def test_round_can_be_replayed_from_the_text_form_of_its_actions() -> None:
    a = random_round(4, seats=4, rules=RuleSet.named("summary"))
    texts = [x.to_str(a.deck) for x in a.actions]
    b = Round(a.rules, 4, a.dealer, a.seed, a.deck)
    for text in texts:
        b.apply(b.parse(text))
    assert b.events == a.events


def test_clone_then_apply_equals_apply_and_leaves_the_original_alone() -> None:
    rnd = Round(RuleSet(max_turns=60), 3, 0, 99, standard_deck())
    rng = random.Random(1)
    while not rnd.is_over:
        action = rng.choice(rnd.legal_actions())
        before = snapshot(rnd)
        twin = rnd.clone()
        twin.apply(action)
        assert snapshot(rnd) == before
        rnd.apply(action)
        assert snapshot(twin) == snapshot(rnd)


def test_apply_unchecked_matches_apply() -> None:
    a = random_round(21, seats=2)
    b = Round(a.rules, 2, a.dealer, a.seed, a.deck)
    for action in a.actions:
        b.apply_unchecked(action)
    assert b.events == a.events and b.result == a.result


CONFIGS = [
    (seats, rules, deck_name, seed)
    for seed, (seats, rules, deck_name) in enumerate(
        [
            (2, "booklet", "standard"),
            (3, "summary", "standard"),
            (4, "booklet", "standard"),
            (2, "summary", "pack"),
            (3, "booklet", "pack"),
            (4, "summary", "pack"),
        ]
    )
]


@pytest.mark.parametrize(("seats", "rules_name", "deck_name", "seed"), CONFIGS)
def test_random_rounds_keep_every_invariant(
    seats: int, rules_name: str, deck_name: str, seed: int
) -> None:
    deck = standard_deck() if deck_name == "standard" else engine_pack()
    rules = RuleSet.named(rules_name, max_turns=120)
    for k in range(3):
        rnd = Round(rules, seats, k % seats, 1000 * seed + k, deck)
        tracker = KnowledgeTracker(rnd)
        rng = random.Random(seed * 7 + k)
        world_rng = random.Random(k)
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None and d.options, "no legal action in a live round"
            if d.kind is DecisionKind.CIVIO:
                assert goes_out(deck, rnd.hand(d.seat))
            view = rnd.view(d.seat)
            assert PlayerView.model_validate_json(view.model_dump_json()) == view
            # A determinised world looks the same to the viewer.
            world = Round.from_view(view, deck, sample_world(view, deck, world_rng))
            assert world.view(d.seat) == view
            assert world.decision is not None and world.decision.kind is d.kind
            action = rng.choice(d.options)
            seat_before, turns_before = rnd.current, rnd.turns_played
            state = tracker.before(rnd)
            rnd.apply(action)
            tracker.after(rnd, state, action)
            check_accounting(rnd)
            check_turn_boundary(rnd)
            check_views(rnd, tracker)
            if (
                rnd.turns_played > turns_before
                and d.kind is not DecisionKind.CIVIO
                and rnd.phase_name != "civio"
            ):
                assert not goes_out(deck, rnd.hand(seat_before)), "CIVIO not offered"
        result = rnd.result
        assert result is not None
        assert result.turns == rnd.turns_played <= rules.max_turns
        assert (result.winner is None) == (result.reason != "civio")
        assert Round.replay(rules, seats, rnd.dealer, rnd.seed, rnd.actions, deck).events == (
            rnd.events
        )


@pytest.mark.slow
def test_one_hundred_thousand_random_rounds_run_without_error() -> None:
    deck = standard_deck()
    rulesets = [RuleSet.named("booklet"), RuleSet.named("summary")]
    rng = random.Random(2024)
    for k in range(100_000):
        seats = 2 + k % 3
        rnd = Round(rulesets[k % 2], seats, k % seats, k, deck)
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        result = rnd.result
        assert result is not None and len(result.scores) == seats
