"""An Easy Play game: points carry over and ranks climb as in the main game; saved and loaded."""

from __future__ import annotations

import random

import pytest

from ai.easy_play.levels import LEVELS
from cards.deck import standard_deck
from cards.game import game_winners
from cards.games.easy_play.game import EasyPlayGame
from cards.games.easy_play.round import EasyPlay
from cards.ranks import points_for_rank, rank_for

DECK = standard_deck()


def play_round(rnd: EasyPlay, seed: int) -> None:
    players = [LEVELS.player("medium", DECK) for _ in range(rnd.seats)]
    rng = random.Random(seed)
    while (d := rnd.decision) is not None:
        rnd.apply(players[d.seat].choose(rnd.view(d.seat), d, rng))


def test_points_carry_over_until_a_seat_reaches_the_target_rank() -> None:
    game = EasyPlayGame(seats=3, seed=4, target="Law Clerk", deck=DECK)
    totals_after: list[list[int]] = []
    while not game.is_over:
        rnd = game.start_round()
        assert rnd.view(0).scores == game.totals  # the views carry the totals so far
        assert rnd.dealer == (len(game.rounds) - 1) % 3
        play_round(rnd, len(game.rounds))
        assert rnd.result is not None
        before = totals_after[-1] if totals_after else [0, 0, 0]
        totals_after.append([t + p for t, p in zip(before, rnd.result.scores, strict=True)])
        assert game.totals == totals_after[-1]
    assert max(game.totals) >= points_for_rank("Law Clerk")
    assert game.winners == game_winners(totals_after, "Law Clerk")
    assert game.ranks() == [rank_for(t) for t in game.totals]
    with pytest.raises(ValueError, match="over"):
        game.start_round()


def test_a_game_saved_mid_round_loads_to_the_same_state() -> None:
    game = EasyPlayGame(seats=2, seed=9, deck=DECK)
    play_round(game.start_round(), 1)
    rnd = game.start_round()
    for _ in range(5):
        d = rnd.decision
        assert d is not None
        rnd.apply(d.options[0])
    loaded = EasyPlayGame.load(game.to_json(), DECK)
    assert loaded.totals == game.totals
    current = loaded.current_round
    assert current is not None and current.hands == rnd.hands and current.phase is rnd.phase
    bad = game.to_json()
    bad["rounds"][-1].append({"kind": "fly"})
    with pytest.raises(ValueError):
        EasyPlayGame.load(bad, DECK)
