"""Game: rounds in a row, the dealer moving left, cumulative points, the end and ties."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

import cards.go_out
from cards.game import MAX_TIEBREAK_ROUNDS, Game, game_winners, round_seed
from cards.ranks import rank_for
from cards.ruleset import RuleSet

QUICK = RuleSet(max_turns=1)  # each round ends after one turn


def play_round(game: Game, seed: int = 0) -> None:
    rnd = game.start_round()
    rng = random.Random(seed)
    while not rnd.is_over:
        options = rnd.legal_actions()
        # Never call CIVIO here, so the fake non-winner points below decide the totals.
        rnd.apply(next((a for a in options if a.choice == "play_on"), rng.choice(options)))


@pytest.fixture
def fake_points(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make every non-winner score `points[0]` plus (lowest card id % 4) when points[1] is 1."""
    setting = [1, 0]

    def best_non_winner(deck: object, hand: Sequence[int]) -> tuple[int, tuple[()]]:
        return setting[0] + (min(hand) % 4 if setting[1] else 0), ()

    monkeypatch.setattr(cards.go_out, "best_non_winner", best_non_winner)
    return setting


def test_dealer_moves_left_and_rounds_get_derived_seeds(fake_points: list[int]) -> None:
    game = Game(3, QUICK, seed=5, max_rounds=4, first_dealer=1)
    for k in range(4):
        play_round(game, k)
    assert [r.dealer for r in game.rounds] == [1, 2, 0, 1]
    assert [r.seed for r in game.rounds] == [round_seed(5, k) for k in range(4)]
    assert len(set(r.seed for r in game.rounds)) == 4
    assert round_seed(5, 0) == Game(3, QUICK, seed=5, max_rounds=1).seed_for(0)


def test_points_accumulate_and_views_carry_the_totals(fake_points: list[int]) -> None:
    fake_points[1] = 1
    game = Game(2, QUICK, seed=1, max_rounds=3)
    expected = [0, 0]
    for k in range(3):
        rnd = game.start_round()
        assert rnd.view(0).scores == expected
        rng = random.Random(k)
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        assert rnd.result is not None
        expected = [t + p for t, p in zip(expected, rnd.result.scores, strict=True)]
        assert game.totals == expected
        assert game.ranks() == [rank_for(t) for t in expected]
    assert game.is_over
    assert [h["round"] for h in game.history()] == [1, 2, 3]


def test_game_ends_when_a_seat_reaches_the_target_rank(fake_points: list[int]) -> None:
    fake_points[0] = 2  # 2 points a round each: Law Clerk (6) after the third round
    game = Game(3, QUICK, seed=2, target="law clerk")
    assert game.target == "Law Clerk"
    for _ in range(2):
        play_round(game)
        assert not game.is_over
    play_round(game)
    assert game.is_over and game.totals == [6, 6, 6]
    with pytest.raises(ValueError, match="over"):
        game.start_round()


def test_higher_total_wins(fake_points: list[int]) -> None:
    fake_points[1] = 1
    game = Game(3, QUICK, seed=9, max_rounds=4)
    for k in range(4):
        play_round(game, k)
    totals = game.totals
    top = max(totals)
    assert game.winners == [s for s, t in enumerate(totals) if t == top]


def test_a_tie_is_shared_by_default(fake_points: list[int]) -> None:
    game = Game(3, QUICK, seed=3, max_rounds=2)
    play_round(game)
    assert not game.is_over and game.winners == []
    play_round(game)
    assert game.is_over and game.winners == [0, 1, 2]


def test_tiebreaker_rounds_are_played_until_one_leads(fake_points: list[int]) -> None:
    game = Game(2, QUICK, seed=4, max_rounds=1, tiebreak="tiebreaker")
    play_round(game)
    assert not game.is_over  # tied: a tiebreaker round follows
    fake_points[1] = 1
    rounds = 1
    while not game.is_over:
        play_round(game, rounds)
        rounds += 1
    assert rounds <= 1 + MAX_TIEBREAK_ROUNDS
    t0, t1 = game.totals
    assert len(game.winners) == 1 or (t0 == t1 and rounds == 1 + MAX_TIEBREAK_ROUNDS)


def test_game_rebuilds_from_settings_and_action_history(fake_points: list[int]) -> None:
    fake_points[1] = 1
    game = Game(4, RuleSet.named("summary", max_turns=3), seed=8, max_rounds=3)
    for k in range(3):
        play_round(game, k)
    saved = json.loads(json.dumps(game.to_json()))
    again = Game.from_json(saved, game.deck)
    assert again.totals == game.totals and again.is_over
    assert [r.events for r in again.rounds] == [r.events for r in game.rounds]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        Game(5)
    with pytest.raises(ValueError):
        Game(2, target=None)
    with pytest.raises(ValueError):
        Game(2, target="emperor")


def test_one_rule_decides_the_end_and_the_winners() -> None:
    chief = "Chief Justice of the Supreme Court"
    assert game_winners([], chief) == []
    assert game_winners([[40, 12], [80, 30]], chief) == []  # nobody holds the target yet
    assert game_winners([[40, 12], [81, 30]], chief) == [0]
    assert game_winners([[40, 12], [81, 90]], chief) == [1]  # the higher total wins
    assert game_winners([[85, 85]], chief) == [0, 1]  # shared
    assert game_winners([[3, 1]], None, max_rounds=1) == [0]
    tied = [[85, 85]]
    assert game_winners(tied, chief, tiebreak="tiebreaker") == []
    assert game_winners([*tied, [86, 85]], chief, tiebreak="tiebreaker") == [0]
    level = [*tied] * (MAX_TIEBREAK_ROUNDS + 1)
    assert game_winners(level, chief, tiebreak="tiebreaker") == [0, 1]  # then shared
