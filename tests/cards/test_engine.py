"""The engine protocol (cards/engine.py), checked on all four engines the way OpenSpiel checks
its games: many seeded random games, and after every step clone-then-apply equals apply, a save
(to_json, through JSON text, from_json) gives the same game and continues identically, options
are never empty before the end, an illegal action raises IllegalActionError and changes nothing,
and the result at the end agrees with the seats."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cards.deck import standard_deck
from cards.engine import Decision, Engine, IllegalActionError, Result
from cards.games.civio.round import Round
from cards.games.concentration.game import Concentration
from cards.games.easy_play.round import EasyPlay
from cards.games.solitaire.game import Solitaire
from cards.ruleset import RuleSet

DECK = standard_deck()
SHORT = RuleSet(max_turns=24)
"""Random play rarely goes out: a round ends at the turn limit, which keeps each game short."""

GAMES: dict[str, Callable[[int], Engine[Any]]] = {
    "civio": lambda seed: Round(SHORT, 2 + seed % 3, seed % 2, seed, DECK),
    "easy-play": lambda seed: EasyPlay(2 + seed % 3, seed % 2, seed, DECK, SHORT),
    "solitaire": lambda seed: Solitaire(seed, DECK),
    "concentration": lambda seed: Concentration(seed, 1 + seed % 4, DECK),
}


def state(engine: Engine[Any]) -> tuple[Any, ...]:
    """Everything the outside world can read of an engine, in comparable form."""
    views = [engine.view(s).model_dump(mode="json") for s in range(engine.seats)]
    decision = engine.decision
    return (
        json.dumps(engine.to_json(), sort_keys=True),
        json.dumps(views, sort_keys=True),
        list(engine.events),
        engine.actions,
        engine.legal_actions(),
        None if decision is None else (decision.seat, decision.kind, tuple(decision.options)),
        engine.result,
    )


def reloaded(engine: Engine[Any]) -> Engine[Any]:
    return type(engine).from_json(json.loads(json.dumps(engine.to_json())), DECK)


def play_and_check(game: str, seed: int, max_steps: int = 400) -> Engine[Any]:
    rng = random.Random(seed)
    engine = GAMES[game](seed)
    assert isinstance(engine, Engine)
    seen: list[Any] = []
    for step in range(max_steps):
        decision = engine.decision
        if decision is None:
            break
        assert isinstance(decision, Decision)
        assert not engine.is_over and engine.result is None
        assert 0 <= decision.seat < engine.seats
        legal = engine.legal_actions()
        assert decision.options and legal, "a pending decision always has options"
        seen.extend(a for a in legal if a not in seen)

        illegal = [a for a in seen if a not in legal]
        if illegal:
            before = state(engine)
            with pytest.raises(IllegalActionError):
                engine.apply(rng.choice(illegal))
            assert state(engine) == before, "a refused action changed the game"

        action = rng.choice(legal)
        copy = engine.clone()
        # A reload replays every action: checked at a sample of steps to keep the run fast.
        saved = reloaded(engine) if step % 7 == 0 else None
        if saved is not None:
            assert state(saved) == state(engine)
        engine.apply(action)
        copy.apply(action)
        assert state(copy) == state(engine), "clone then apply differs from apply"
        if saved is not None:
            saved.apply(action)
            assert state(saved) == state(engine), "a reloaded game continues differently"
    return engine


def check_result(engine: Engine[Any]) -> None:
    result = engine.result
    assert isinstance(result, Result)
    assert engine.decision is None and engine.legal_actions() == ()
    assert len(result.scores) == engine.seats
    assert set(result.winners) <= set(range(engine.seats))
    with pytest.raises(IllegalActionError):
        engine.apply(engine.actions[-1])


@pytest.mark.parametrize("game", GAMES)
def test_random_games_keep_the_engine_protocol(game: str) -> None:
    for seed in range(6):
        engine = play_and_check(game, seed)
        check_result(engine)
        assert engine.is_over


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_many_random_games_keep_the_engine_protocol(game: str) -> None:
    for seed in range(100, 200):
        engine = play_and_check(game, seed, max_steps=2000)
        assert engine.is_over
        check_result(engine)


def test_the_winners_are_the_best_scores_where_the_game_counts_pairs() -> None:
    engine = play_and_check("concentration", 3, max_steps=2000)
    result = engine.result
    assert result is not None
    best = max(result.scores)
    assert result.winners == tuple(s for s, n in enumerate(result.scores) if n == best)


def test_fed_by_names_the_seat_whose_discard_the_winner_took() -> None:
    from types import SimpleNamespace as Ns

    from cards.table import DISCARD_PILE, SUPPLY, fed_by

    def ev(seat: int, kind: str, source: str | None = None) -> Ns:
        return Ns(seat=seat, action=Ns(kind=kind, source=source))

    took = [ev(1, "draw", SUPPLY), ev(1, "discard"), ev(0, "draw", DISCARD_PILE), ev(0, "civio")]
    assert fed_by(took, 0, "draw", "discard") == 1
    assert fed_by(took, None, "draw", "discard") is None
    drew = [ev(1, "draw", SUPPLY), ev(1, "discard"), ev(0, "draw", SUPPLY), ev(0, "civio")]
    assert fed_by(drew, 0, "draw", "discard") is None
    other = [*took, ev(1, "draw", DISCARD_PILE)]
    assert fed_by(other, 0, "draw", "discard") is None, "the winner's draw must be the last"
