"""Deals of the unseen cards (`ai.civio.determinise.sample_deals`): consistent with the view, and
the cards a search reads dealt uniformly."""

from __future__ import annotations

import random
from collections import Counter

from ai import get_player
from ai.civio.determinise import future_draws, sample_deals
from cards.deck import Deck
from cards.games.civio.round import Round
from cards.games.civio.view import PlayerView
from cards.ruleset import RuleSet


def _views(deck: Deck) -> list[PlayerView]:
    """Views of a 3-seat round between medium players, at each main discard."""
    players = [get_player("medium") for _ in range(3)]
    rnd = Round(RuleSet(), 3, 0, 77, deck)
    rng = random.Random(77)
    views = []
    while (d := rnd.decision) is not None and len(views) < 12:
        if d.kind.value == "discard":
            views.append(rnd.view(d.seat))
        rnd.apply(players[d.seat].choose(rnd.view(d.seat), d, rng))
    return views


def test_deals_agree_with_the_view(standard: Deck) -> None:
    rng = random.Random(1)
    for view in _views(standard):
        unseen = set(view.unseen_cards(standard))
        for deal in sample_deals(view, standard, rng, 20, 7):
            assert deal.seats == view.seats
            assert deal.skips == [p.skips for p in view.players]
            assert deal.hidden[view.seat] == view.hidden
            dealt = list(deal.supply)
            for p in view.opponents():
                hidden = deal.hidden[p.seat]
                assert len(hidden) == p.hidden_count
                assert hidden[: len(p.known_hidden)] == p.known_hidden
                dealt += hidden[len(p.known_hidden) :]
            assert sorted(dealt) == sorted(unseen)  # every unseen card once, nothing else
            assert len(deal.supply) == view.supply_count


def test_the_cards_a_search_reads_are_dealt_uniformly(standard: Deck) -> None:
    view = _views(standard)[4]
    rng = random.Random(2)
    n = 6000
    tops: Counter[int] = Counter()
    draws: Counter[int] = Counter()
    for deal in sample_deals(view, standard, rng, n, 7):
        tops[deal.supply[-1]] += 1
        draws.update(future_draws(deal, view.seat, 7, drawn=True))
    unseen = view.unseen_cards(standard)
    # Each unseen card is equally likely on top, and among the 7 cards this seat draws next.
    for counts, per_deal in ((tops, 1), (draws, 7)):
        expected = n * per_deal / len(unseen)
        assert set(counts) == set(unseen)
        assert max(abs(counts[c] - expected) for c in unseen) < 5 * expected**0.5
