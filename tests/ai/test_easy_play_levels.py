"""Easy Play AI levels: legal answers from the view alone, and the choices each level is for."""

from __future__ import annotations

import random

import pytest

from ai.easy_play.levels import LEVELS, best_pairs
from cards.deck import standard_deck
from cards.games.easy_play.round import DRAW_DISCARD, DRAW_SUPPLY, EasyPhase, EasyPlay, is_pair
from civio_tui.arena import run_arena

DECK = standard_deck()


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_whole_rounds_with_legal_options(level: str) -> None:
    for seats in (2, 3, 4):
        g = EasyPlay(seats, 0, seats * 7)
        players = [LEVELS.player(level, DECK) for _ in range(seats)]
        rng = random.Random(seats)
        while (d := g.decision) is not None:
            action = players[d.seat].choose(g.view(d.seat), d, rng)
            assert action in d.options
            g.apply(action)
        assert g.result is not None


def test_best_pairs_finds_the_most_disjoint_pairs() -> None:
    hand = [DECK.lookup(n) for n in ("Race", "Brown v Board", "14th", "Tinker", "Barnette")]
    pairs = best_pairs(DECK, hand)
    assert len(pairs) == 2
    assert all(is_pair(DECK, a, b) for a, b in pairs)
    assert len({c for p in pairs for c in p}) == 4


def test_medium_takes_the_discard_only_when_it_makes_a_pair() -> None:
    medium = LEVELS.player("medium", DECK)
    rng = random.Random(0)
    for seed in range(30):
        g = EasyPlay(2, 1, seed)
        d = g.decision
        assert d is not None and d.phase is EasyPhase.DRAW
        view = g.view(0)
        pairs_now = len(best_pairs(DECK, view.hand))
        helps = len(best_pairs(DECK, [*view.hand, view.discard_pile[-1]])) > pairs_now
        assert medium.choose(view, d, rng) == (DRAW_DISCARD if helps else DRAW_SUPPLY)


def test_unknown_level_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="random, easy, medium"):
        LEVELS.player("hard", DECK)


def test_the_arena_plays_easy_play_with_the_same_document() -> None:
    doc = run_arena(["medium", "random", "easy"], 6, 3, game="easy-play")
    main = run_arena(["random", "random"], 2, 3)
    assert set(doc) == set(main)
    assert set(doc["seats"][0]) == set(main["seats"][0])
    assert sum(s["wins"] for s in doc["seats"]) + doc["draws"] == 6
    again = run_arena(["medium", "random", "easy"], 6, 3, game="easy-play")
    assert [s["wins"] for s in again["seats"]] == [s["wins"] for s in doc["seats"]]
    with pytest.raises(ValueError, match="unknown game"):
        run_arena(["random", "random"], 1, 0, game="go-fish")
