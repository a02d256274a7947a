"""Hypothesis drives rounds with random legal (and illegal) actions and checks the invariants
after every step: every card in exactly one place, 5 face-up / 2 hidden at each turn's start,
illegal actions refused without change, and no view naming a card its seat may not know."""

from __future__ import annotations

import pytest
from engine_helpers import (
    KnowledgeTracker,
    check_accounting,
    check_turn_boundary,
    check_views,
    engine_pack,
    snapshot,
)
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cards.deck import standard_deck
from cards.engine import IllegalActionError
from cards.games.civio.actions import ACCEPT_ACTION, CIVIO_CALL, DECLINE_ACTION, Action
from cards.games.civio.round import Round
from cards.ruleset import RuleSet


class RoundMachine(RuleBasedStateMachine):
    rnd: Round
    tracker: KnowledgeTracker

    @initialize(
        seed=st.integers(0, 2**32),
        seats=st.integers(2, 4),
        rules_name=st.sampled_from(["booklet", "summary"]),
        max_turns=st.integers(1, 40),
        use_pack=st.booleans(),
    )
    def deal(self, seed: int, seats: int, rules_name: str, max_turns: int, use_pack: bool) -> None:
        deck = engine_pack() if use_pack else standard_deck()
        rules = RuleSet.named(rules_name, max_turns=max_turns)
        self.rnd = Round(rules, seats, seed % seats, seed, deck)
        self.tracker = KnowledgeTracker(self.rnd)

    @precondition(lambda self: not self.rnd.is_over)
    @rule(pick=st.integers(0, 10_000))
    def legal(self, pick: int) -> None:
        options = self.rnd.legal_actions()
        action = options[pick % len(options)]
        state = self.tracker.before(self.rnd)
        self.rnd.apply(action)
        self.tracker.after(self.rnd, state, action)

    @rule(
        kind=st.sampled_from(["discard", "reveal", "overrule", "confiscate", "target", "fixed"]),
        number=st.integers(-2, 90),
        fixed=st.sampled_from(
            [
                Action.draw("supply"),
                Action.draw("discard"),
                DECLINE_ACTION,
                ACCEPT_ACTION,
                CIVIO_CALL,
                Action(kind="confiscate", slot=2),
                Action(kind="face_up", cards=(0, 1, 2)),
                Action(kind="jump"),
            ]
        ),
    )
    def illegal(self, kind: str, number: int, fixed: Action) -> None:
        if kind == "fixed":
            action = fixed
        elif kind == "target":
            action = Action(kind="target", seat=number % 6)
        else:
            action = Action(kind=kind, card=number)
        if self.rnd.is_legal(action):
            return
        before = snapshot(self.rnd)
        with pytest.raises(IllegalActionError):
            self.rnd.apply(action)
        assert snapshot(self.rnd) == before

    @invariant()
    def cards_accounted_for(self) -> None:
        check_accounting(self.rnd)

    @invariant()
    def five_up_two_hidden_at_turn_start(self) -> None:
        check_turn_boundary(self.rnd)

    @invariant()
    def live_round_has_options(self) -> None:
        assert self.rnd.is_over or self.rnd.legal_actions()

    @invariant()
    def views_reveal_only_what_the_rules_allow(self) -> None:
        check_views(self.rnd, self.tracker)


RoundMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestRoundMachine = RoundMachine.TestCase
