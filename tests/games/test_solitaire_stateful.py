"""Hypothesis plays Solitaire with random legal and illegal moves: the 21 cards are conserved,
illegal moves change nothing, and the view never names a face-down card."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cards.civio_sets import precedents_among
from cards.engine import IllegalActionError
from cards.games.solitaire.game import (
    CALL,
    DEAL_SIZE,
    END_ACTION,
    TURN_ACTION,
    Solitaire,
    SolitaireAction,
)


class SolitaireMachine(RuleBasedStateMachine):
    game: Solitaire

    @initialize(seed=st.integers(0, 2**32))
    def deal(self, seed: int) -> None:
        self.game = Solitaire(seed)

    def _refused(self, action: SolitaireAction) -> bool:
        before = (self.game.turned, self.game.result, len(self.game.events), self.game.view())
        try:
            self.game.apply(action)
        except IllegalActionError:
            after = (self.game.turned, self.game.result, len(self.game.events), self.game.view())
            assert after == before
            return True
        return False

    @rule()
    def turn(self) -> None:
        legal = self.game.decision is not None and "turn" in self.game.decision.options
        assert self._refused(TURN_ACTION) is not legal

    @rule()
    def end(self) -> None:
        legal = self.game.decision is not None and "end" in self.game.decision.options
        assert self._refused(END_ACTION) is not legal

    @rule(picks=st.lists(st.integers(0, DEAL_SIZE - 1), min_size=0, max_size=8), cut=st.integers())
    def call_anything(self, picks: list[int], cut: int) -> None:
        cards = [self.game.deal[i] for i in picks]
        if cards:
            at = cut % (len(cards) + 1)
            groups = [cards[:at], cards[at:]] if 0 < at < len(cards) else [cards]
        else:
            groups = []
        self._refused(SolitaireAction.call(*groups))

    @precondition(lambda self: self.game.decision is not None and CALL in self.game.decision)
    @rule()
    def call_a_real_civio(self) -> None:
        # A 7-card precedent among the turned cards is always accepted.
        found = precedents_among(self.game.deck, self.game.turned, (7,))
        if found[7]:
            assert not self._refused(SolitaireAction.call(found[7][0].order))

    @invariant()
    def cards_are_conserved(self) -> None:
        g = self.game
        assert len(g.deal) == DEAL_SIZE == len(set(g.deal))
        assert len(g.turned) + g.face_down == DEAL_SIZE
        assert g.turned == g.deal[: len(g.turned)]

    @invariant()
    def the_view_shows_nothing_face_down(self) -> None:
        g = self.game
        view = g.view()
        assert view.turned == list(g.turned)
        assert not set(view.turned) & set(g.deal[len(g.turned) :])
        for precedent in view.precedents:
            assert set(precedent) <= set(view.turned)

    @invariant()
    def a_finished_game_has_a_score(self) -> None:
        g = self.game
        if g.result is not None:
            assert g.decision is None and g.view().score == g.result.score
            assert g.result.score == (
                0 if not g.result.precedents else g.result.points + DEAL_SIZE - g.result.turned
            )


SolitaireMachine.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSolitaireMachine = SolitaireMachine.TestCase
