"""PlayerView helpers, determinisation from a view, and event sentences."""

from __future__ import annotations

import random

import pytest
from engine_helpers import play, stacked

from ai.civio.determinise import sample_world
from cards.deck import Deck
from cards.games.civio.actions import Action, DecisionKind
from cards.games.civio.round import Round
from cards.games.civio.world import UnseenCards
from cards.ruleset import RuleSet


def mid_round(deck: Deck, seed: int = 8, steps: int = 60) -> Round:
    rnd = Round(RuleSet(), 3, 1, seed, deck)
    rng = random.Random(seed)
    for _ in range(steps):
        rnd.apply(rng.choice(rnd.legal_actions()))
    return rnd


def test_unseen_cards_are_the_supply_and_the_unknown_hidden_cards(standard: Deck) -> None:
    rnd = mid_round(standard)
    for seat in range(3):
        view = rnd.view(seat)
        unseen = view.unseen_cards(standard)
        assert unseen == view.unseen_cards()
        assert not set(unseen) & view.known_cards()
        expected = view.supply_count + sum(view.unknown_hidden_counts().values())
        assert len(unseen) == expected
        truth = set(rnd.supply)
        for s in range(3):
            if s != seat:
                truth |= set(rnd.hidden[s]) - set(view.players[s].known_hidden)
        assert set(unseen) == truth


def test_determinised_worlds_agree_with_the_view_and_differ_in_the_unknown(
    standard: Deck,
) -> None:
    rnd = mid_round(standard)
    d = rnd.decision
    assert d is not None
    view = rnd.view(d.seat)
    worlds = [
        Round.from_view(view, standard, sample_world(view, standard, random.Random(k)))
        for k in range(4)
    ]
    for world in worlds:
        assert world.view(d.seat) == view
        assert world.decision is not None and world.decision.options == d.options
        for s in range(3):
            assert world.face_up[s] == rnd.face_up[s]
            assert set(view.players[s].known_hidden) <= set(world.hidden[s])
    others = [tuple(sorted(w.supply)) for w in worlds]
    assert len(set(others)) > 1 or not view.unseen_cards()
    # Playing on in a world never touches the real round.
    before = rnd.actions
    world = worlds[0]
    while not world.is_over:
        world.apply_unchecked(world.legal_actions()[0])
    assert rnd.actions == before


def test_determinising_the_opening_keeps_own_choice(pack: Deck) -> None:
    rnd = Round(RuleSet(), 3, 0, 4, pack)
    rnd.apply(rnd.legal_actions()[3])
    rnd.apply(rnd.legal_actions()[0])
    view = rnd.view(2)
    world = Round.from_view(view, pack, sample_world(view, pack, random.Random(1)))
    assert world.decision is not None and world.decision.kind is DecisionKind.FACE_UP
    assert world.decision.seat == 2 and world.view(2) == view
    world.apply(world.legal_actions()[0])
    assert all(len(world.face_up[s]) == 5 for s in range(3))


def test_from_view_rebuilds_exactly_the_world_it_is_given(standard: Deck) -> None:
    """The engine samples nothing: the placing of the unseen cards is an argument."""
    rnd = mid_round(standard)
    d = rnd.decision
    assert d is not None
    truth = UnseenCards(
        hidden=tuple(
            ()
            if s == d.seat
            else tuple(
                c for c in rnd.hidden[s] if c not in rnd.view(d.seat).players[s].known_hidden
            )
            for s in range(3)
        ),
        supply=tuple(rnd.supply),
        face_up_choices=(None, None, None),
        seed=5,
    )
    world = Round.from_view(rnd.view(d.seat), standard, truth)
    assert [sorted(h) for h in world.hidden] == [sorted(h) for h in rnd.hidden]
    assert world.supply == rnd.supply
    assert world.decision == d and world.seed == 5
    wrong = UnseenCards(truth.hidden, truth.supply[1:], truth.face_up_choices, 5)
    with pytest.raises(ValueError, match="do not add up"):
        Round.from_view(rnd.view(d.seat), standard, wrong)


def test_face_up_choice_may_name_the_cards_in_any_order(pack: Deck) -> None:
    rnd = Round(RuleSet(), 2, 0, 6, pack)
    mine = sorted(rnd.hidden[0])[:5]
    rnd.apply(Action(kind="face_up", cards=tuple(reversed(mine))))
    assert rnd.choices[0] == tuple(mine)


def test_attack_sentences(pack: Deck) -> None:
    hands = [
        ["Case 01", "Case 02", "Case 03", "Case 04", "Case 05", "Jim Crow", "Case 06"],
        ["Case 07", "Case 08", "Case 09", "Case 10", "Case 11", "Case 12", "Case 24"],
    ]
    rnd = stacked(pack, hands, "Case 19", ["Case 20"], rules=RuleSet.named("summary"))
    play(rnd, "draw supply", "discard Jim Crow")
    twin = rnd.clone()
    play(rnd, "target 1", "accept")
    assert [e.describe(pack, 1) for e in rnd.events[-2:]] == [
        "Seat 0 attacked Seat 1 with Jim Crow (Lose Turn).",
        "Seat 1 accepted the attack. Seat 1 will lose a turn. Seat 1 loses this turn.",
    ]
    play(twin, "decline")
    assert twin.events[-1].describe(pack, 1) == "Seat 0 declined to attack with Jim Crow."
    names = ["Ada", "Bo"]
    assert rnd.events[-2].describe(pack, 0, names) == "Ada attacked Bo with Jim Crow (Lose Turn)."
    assert rnd.events[0].lines(pack, None) == [
        "Seat 0 chose to lay face up: Case 01, Case 02, Case 03, Case 04, Case 05."
    ]
    # Seat 0's own log names the cards once, when everyone's are laid face up together.
    assert rnd.events[0].lines(pack, 0) == ["Seat 0 chose which cards to lay face up."]
