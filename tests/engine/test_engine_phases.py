"""The phase table: every phase has its one handler, and each handler's rule is the one the
round follows (decision kind and stage from the phase, the right seat deciding)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import play, stacked

from cards.deck import Deck
from cards.engine import IllegalActionError
from cards.games.civio.actions import DRAW, Action
from cards.games.civio.phase import Phase
from cards.games.civio.round import Round
from cards.games.civio.round_phases import HANDLERS
from cards.ruleset import RuleSet


def test_every_phase_has_exactly_one_handler_naming_it() -> None:
    assert set(HANDLERS) == set(Phase)
    for phase, handler in HANDLERS.items():
        assert handler.phase is phase
    assert len({id(h) for h in HANDLERS.values()}) == len(Phase)


def test_phase_names_are_distinct_and_found_by_name() -> None:
    names = [p.label for p in Phase]
    assert len(set(names)) == len(names)
    for phase in Phase:
        assert Phase.named(phase.label) is phase
    with pytest.raises(ValueError, match="not a phase"):
        Phase.named("lunch")


def test_the_decision_of_every_phase_reached_carries_the_phases_kind_and_stage(
    standard: Deck,
) -> None:
    seen: set[Phase] = set()
    for seed in range(12):
        rnd = Round(RuleSet(attacks="optional") if seed % 2 else RuleSet(), 3, 0, seed, standard)
        rng = random.Random(seed)
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None
            seen.add(rnd.phase)
            assert d.kind is rnd.phase.kind
            assert d.stage == rnd.phase.stage
            assert d.seat == HANDLERS[rnd.phase].decider(rnd)
            rnd.apply(rng.choice(d.options))
        seen.add(rnd.phase)
    # Random play over a dozen rounds reaches every phase but the rare replacement reveal.
    assert set(Phase) - seen <= {Phase.TARGET_REVEAL}


def test_drawing_from_a_source_that_does_not_exist_says_so(pack: Deck) -> None:
    rnd = stacked(
        pack,
        [
            ["Case 01", "Case 02", "Case 03", "Case 04", "Case 05", "Case 06", "Case 07"],
            ["Case 08", "Case 09", "Case 10", "Case 11", "Case 12", "Case 13", "Case 14"],
        ],
        "Case 15",
    )
    assert rnd.phase is Phase.DRAW and len(rnd.supply) > 0
    with pytest.raises(IllegalActionError) as refused:
        rnd.apply(Action(DRAW, source="nowhere"))
    message = str(refused.value)
    assert "'nowhere' is not a place to draw from" in message
    assert "supply is empty" not in message
    play(rnd, "draw supply")  # the round is unchanged and goes on
    assert rnd.phase is Phase.DISCARD
