"""Easy Play rounds for the arena (`civio arena --game easy-play`): one round played by AI
levels of `ai.easy_play.levels`, measured the way `civio_tui.arena.play_round` measures a CIVIO
round (the same seeds per round and per seat, the same `RoundOutcome`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.easy_play.levels import EasyPlayer
from cards.deck import Deck
from cards.game import round_seed
from cards.games.easy_play.round import EasyPlay
from cards.ruleset import RuleSet


def play_easy_round(seats: Sequence[Any], k: int, seed: int, rules: RuleSet, deck: Deck) -> Any:
    """Round `k` of an Easy Play arena seeded `seed`, one AI per seat."""
    from civio_tui.arena import RoundOutcome, ai_seed, drive

    players: Sequence[EasyPlayer] = seats
    n = len(players)
    g = EasyPlay(n, k % n, round_seed(seed, k), deck, rules)
    rngs = [random.Random(ai_seed(seed, k, s)) for s in range(n)]
    latencies, actions = drive(g, players, rngs)
    result = g.result
    assert result is not None
    return RoundOutcome(
        winner=result.winner,
        flush=False,
        scores=tuple(result.scores),
        turns=result.turns,
        actions=actions,
        latencies_ns=tuple(tuple(x) for x in latencies),
    )
