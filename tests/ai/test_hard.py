"""hard's discards and the danger of feeding the next player: the chance to win a discard is worth,
a planted position where hard sees which discard would hand the round over, and how often it
discards a card that lets the next player go out, next to medium at the same positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import ai
from ai.civio.hard import (
    INFERRED_FEED_WEIGHT,
    HardPlayer,
    ViewKnowledge,
    chance_to_win_after_discard,
)
from ai.civio.heuristics import from_view
from cards.deck import Deck
from cards.games.civio.actions import Decision, DecisionKind
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.go_out import goes_out
from cards.ruleset import RuleSet

RULES = RuleSet()


def _feeds(deck: Deck, hand: list[int], card: int) -> bool:
    """With the hand known: taking `card` lets `hand` go out (giving up one of its cards)."""
    return any(goes_out(deck, [c for c in hand if c != drop] + [card]) for drop in hand)


def feeding_positions(deck: Deck, seeds: range) -> Iterator[tuple[Round, Decision, set[int]]]:
    """Seat 0's discards in two-player rounds of medium players where one option lets seat 1
    (not about to lose its turn) take it and go out at once and another does not: the live
    round there (use it before the next one is asked for), the decision and the feeding cards."""
    medium = ai.get_player("medium")
    for seed in seeds:
        rnd = Round(RULES, 2, 1, seed, deck)
        rng = random.Random(seed)
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None
            if d.seat == 0 and d.kind is DecisionKind.DISCARD and rnd.skips[1] == 0:
                other = rnd.face_up[1] + rnd.hidden[1]
                cards = [a.card for a in d.options if a.card is not None]
                feeding = {c for c in cards if _feeds(deck, other, c)}
                if feeding and len(feeding) < len(d.options):
                    yield rnd, d, feeding
            rnd.apply(medium.choose(rnd.view(d.seat), d, rng))


class DangerBlind(ViewKnowledge):
    """hard's knowledge with every discard taken to be safe: the search as if it ignored danger."""

    def feed_risk(self, card: int, seat: int) -> float:
        return 0.0


class KnownFeeds(ViewKnowledge):
    """hard's worlds with the next player's feeding cards known for certain."""

    def __init__(self, view: PlayerView, feeding: set[int], weight: float) -> None:
        super().__init__(view, from_view(view), 7)
        self.feeding = feeding
        self.feed_weight = weight

    def feed_risk(self, card: int, seat: int) -> float:
        return 1.0 if card in self.feeding else 0.0


def test_a_discard_is_charged_its_knowledge_s_share_of_the_feed_risk(standard: Deck) -> None:
    """A certain feed charged in full (as the cheaters know it) leaves the discard worth
    nothing; charged at hard's weight for an inferred risk, it keeps the rest of its worth."""
    rnd, decision, feeding = next(iter(feeding_positions(standard, range(3, 4))))
    view = rnd.view(0)
    sit = from_view(view)
    search = HardPlayer().search

    def worth(knowledge: ViewKnowledge) -> dict[int | None, float]:
        found = search.values(sit, decision, random.Random(0), knowledge)
        assert found is not None
        return {a.card: k[0] for a, k in found.keys.items()}

    blind = worth(DangerBlind(view, sit, 7))
    full = worth(KnownFeeds(view, feeding, 1.0))
    charged = worth(KnownFeeds(view, feeding, INFERRED_FEED_WEIGHT))
    assert ViewKnowledge.feed_weight == INFERRED_FEED_WEIGHT < 1.0
    for card, value in blind.items():
        if card in feeding:
            assert full[card] == 0.0
            assert charged[card] == pytest.approx((1.0 - INFERRED_FEED_WEIGHT) * value)
        else:
            assert full[card] == charged[card] == pytest.approx(value)


def showing_hidden_cards(view: PlayerView, seat: int, cards: list[int]) -> PlayerView:
    """`view` with `seat`'s hidden cards known to the viewer (as if it had seen them taken
    from the discard pile)."""
    players = [
        p if p.seat != seat else p.model_copy(update={"known_hidden": list(cards)})
        for p in view.players
    ]
    return view.model_copy(update={"players": players})


def test_a_feed_costs_the_round_so_a_safe_discard_beats_a_risky_stronger_one() -> None:
    assert chance_to_win_after_discard(0.4, 0.0, 0.25) == pytest.approx(0.65)
    assert chance_to_win_after_discard(0.9, 1.0, 0.25) == 0.0
    assert chance_to_win_after_discard(0.4, 0.5, 0.25) < chance_to_win_after_discard(0.4, 0.2, 0.25)
    # A hand scoring 0.5 that feeds 40% of the time against one scoring 0.3 that never feeds:
    # level on the search's score alone; the chance to win beyond the score makes the safe
    # discard worth more.
    assert chance_to_win_after_discard(0.5, 0.4, 0.0) == pytest.approx(
        chance_to_win_after_discard(0.3, 0.0, 0.0)
    )
    assert chance_to_win_after_discard(0.3, 0.0, 0.25) > chance_to_win_after_discard(0.5, 0.4, 0.25)


def test_hard_keeps_the_card_it_knows_would_let_the_next_player_go_out(standard: Deck) -> None:
    """Seed 3, the 35th action: seat 0 may discard a card with which seat 1 goes out. Shown
    seat 1's hidden cards, hard discards another; the same search blind to danger would have
    discarded the feeding card."""
    rnd, decision, feeding = next(
        (r, d, f) for r, d, f in feeding_positions(standard, range(3, 4)) if len(r.actions) == 35
    )
    view = showing_hidden_cards(rnd.view(0), 1, list(rnd.hidden[1]))
    hard = HardPlayer()
    sit = from_view(view)
    blind = hard.search.decide(sit, decision, random.Random(0), DangerBlind(view, sit, 7))
    assert blind.card in feeding
    chosen = hard.choose(view, decision, random.Random(0))
    assert chosen in decision.options and chosen.card not in feeding


def test_hard_feeds_the_next_player_less_often_than_medium(standard: Deck) -> None:
    """At every position of 40 rounds where one of seat 0's discards lets seat 1 go out and
    another does not, each level decides from its own view: hard (which infers seat 1's hidden
    cards, and charges half of that risk to keep its pace) picks a feeding card at most 0.7
    times as often as medium (which looks only at the cards it can see). Over whole rounds hard
    hands medium the round far less often still (docs/AI.md: 41 rounds against medium's 111 in
    500)."""
    medium = ai.get_player("medium")
    hard = HardPlayer()
    positions = hard_feeds = medium_feeds = 0
    for rnd, decision, feeding in feeding_positions(standard, range(40)):
        view = rnd.view(0)
        positions += 1
        hard_feeds += hard.choose(view, decision, random.Random(1)).card in feeding
        medium_feeds += medium.choose(view, decision, random.Random(1)).card in feeding
    assert positions >= 80 and medium_feeds >= 12
    assert hard_feeds <= 0.7 * medium_feeds
