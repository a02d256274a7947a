"""Hypothesis plays Easy Play with random legal and illegal moves: the deck's cards are
conserved, illegal moves change nothing, and no view shows what its seat cannot know."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cards.deck import standard_deck
from cards.engine import IllegalActionError
from cards.games.easy_play.round import (
    ACTION_KINDS,
    DRAW,
    LAY,
    EasyAction,
    EasyPlay,
)
from cards.ruleset import RuleSet

DECK = standard_deck()


def snapshot(g: EasyPlay) -> tuple[object, ...]:
    return (
        [list(h) for h in g.hands],
        [list(p) for p in g.laid],
        list(g.discard_pile),
        list(g.supply),
        g.phase,
        g.current,
        len(g.events),
        g.rng.getstate(),
    )


class EasyPlayMachine(RuleBasedStateMachine):
    game: EasyPlay

    @initialize(seats=st.integers(2, 4), seed=st.integers(0, 2**32), max_turns=st.integers(1, 300))
    def deal(self, seats: int, seed: int, max_turns: int) -> None:
        self.game = EasyPlay(seats, seed % seats, seed, rules=RuleSet(max_turns=max_turns))
        self.public: list[set[int]] = [set() for _ in range(seats)]

    @rule(pick=st.integers(0, 10**6))
    def legal(self, pick: int) -> None:
        g = self.game
        d = g.decision
        if d is None:
            return
        action = d.options[pick % len(d.options)]
        top = g.discard_pile[-1] if g.discard_pile else None
        g.apply(action)
        # An independent record of what everyone saw go into each hand.
        seen = self.public[d.seat]
        if action.kind == DRAW and action.source == "discard" and top is not None:
            seen.add(top)
        seen -= {action.card, *action.cards}

    @rule(
        kind=st.sampled_from(ACTION_KINDS),
        card=st.integers(-2, len(DECK) + 2),
        other=st.integers(0, len(DECK) - 1),
        source=st.sampled_from(["supply", "discard", "bin"]),
    )
    def anything(self, kind: str, card: int, other: int, source: str) -> None:
        g = self.game
        action = EasyAction(
            kind,
            card=card if kind == "discard" else None,
            cards=(card, other) if kind == LAY else (),
            source=source if kind == DRAW else None,
        )
        legal = g.decision is not None and action in g.decision.options
        if legal:
            return
        before = snapshot(g)
        try:
            g.apply(action)
        except IllegalActionError as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{action} was applied though not among the options")
        assert snapshot(g) == before

    @invariant()
    def cards_are_conserved(self) -> None:
        g = self.game
        every = [c for h in g.hands for c in h] + g.discard_pile + g.supply
        every += [c for pairs in g.laid for p in pairs for c in p]
        assert sorted(every) == list(DECK.ids)

    @invariant()
    def views_show_nothing_unknowable(self) -> None:
        g = self.game
        for s in range(g.seats):
            v = g.view(s)
            assert v.hand == g.hands[s]
            assert v.supply_count == len(g.supply) and v.discard_pile == g.discard_pile
            for o in range(g.seats):
                if o != s:
                    assert set(v.known_in_hand[o]) == self.public[o] & set(g.hands[o])
            if v.drawn is not None and g.source == "supply":
                assert g.current == s
            if not v.is_over:
                hidden = set(g.supply) | {
                    c for o in range(g.seats) if o != s for c in g.hands[o]
                } - set().union(*self.public)
                assert hidden <= set(v.unseen_cards(len(DECK)))


TestEasyPlayMachine = EasyPlayMachine.TestCase
TestEasyPlayMachine.settings = settings(
    max_examples=40,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
