"""The `random` level and the registry every level goes through."""

from __future__ import annotations

import random

import pytest

import ai
from ai.base import Player
from cards.deck import standard_deck
from cards.games.civio.round import Round
from cards.ruleset import RuleSet


def test_random_is_registered_and_offered() -> None:
    assert "random" in ai.PLAYER_NAMES
    player = ai.get_player("Random")
    assert isinstance(player, Player)
    assert player.name == "random"
    assert ai.get_player("random") is not player  # a new instance each time


def test_unknown_level_lists_the_known_names() -> None:
    with pytest.raises(ai.UnknownPlayerError, match="random"):
        ai.get_player("grandmaster")


def test_unoffered_levels_are_found_but_not_listed() -> None:
    class Probe:
        name = "probe"

        def choose(self, view, decision, rng):  # type: ignore[no-untyped-def]
            return decision.options[0]

    ai.register("probe", Probe, offered=False)
    try:
        assert "probe" not in ai.PLAYER_NAMES
        assert "probe" in ai.player_names(include_unoffered=True)
        assert ai.get_player("probe").name == "probe"
    finally:
        ai.LEVELS.unregister("probe")


def test_random_plays_legal_options_and_repeats_with_the_same_seed() -> None:
    def play(seed: int) -> list[str]:
        deck = standard_deck()
        rnd = Round(RuleSet(max_turns=40), 3, 0, 17, deck)
        players = [ai.get_player("random") for _ in range(3)]
        rngs = [random.Random(seed + s) for s in range(3)]
        while not rnd.is_over:
            d = rnd.decision
            assert d is not None
            action = players[d.seat].choose(rnd.view(d.seat), d, rngs[d.seat])
            assert action in d.options
            rnd.apply(action)
        return [a.to_str(deck) for a in rnd.actions]

    assert play(1) == play(1)
    assert play(1) != play(2)


def test_random_is_uniform_over_the_options() -> None:
    deck = standard_deck()
    rnd = Round(RuleSet(), 2, 0, 3, deck)
    d = rnd.decision
    assert d is not None and len(d.options) == 21
    rng = random.Random(0)
    player = ai.get_player("random")
    counts = {a: 0 for a in d.options}
    for _ in range(4200):
        counts[player.choose(rnd.view(0), d, rng)] += 1
    assert min(counts.values()) > 120 and max(counts.values()) < 290
