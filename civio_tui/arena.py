"""AI-against-AI rounds with statistics (the library behind `civio arena`; no UI here).

Contracts (docs/ARCHITECTURE.md, "arena"): `win_rate` = wins / (rounds - draws) (0 when no round was
decided); `ci95` is the Wilson interval of that rate; `mean_points` averages over every round;
round k is dealt by seat `k % seats` (the dealer rotates as in `Game`) with seed
`round_seed(seed, k)`; a turn is one seat's turn (a skipped turn counts); latency counts every
call to an AI. The same arguments give the same document apart from `*_per_sec` and `latency_ms`.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ai import attach_round, get_player
from ai.base import Player
from cards.deck import Deck, standard_deck
from cards.game import round_seed
from cards.games.civio.round import MAX_SEATS, MIN_SEATS, Round
from cards.ruleset import RuleSet

Z95 = 1.959963984540054


def ai_seed(seed: int, k: int, seat: int) -> int:
    """The seed of seat `seat`'s AI rng in round `k` of an arena seeded `seed`."""
    digest = hashlib.sha256(f"civio-arena-ai:{seed}:{k}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of `wins` successes in `n` trials ([0, 1] when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_ms: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of an ascending list (0 for an empty one)."""
    if not sorted_ms:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_ms)))
    return sorted_ms[min(rank, len(sorted_ms)) - 1]


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """What one arena round contributes to the statistics."""

    winner: int | None
    flush: bool
    scores: tuple[int, ...]
    turns: int
    actions: int
    latencies_ns: tuple[tuple[int, ...], ...]


def drive(game: Any, seats: Sequence[Any], rngs: Sequence[random.Random]) -> tuple[Any, int]:
    """Play `game` (a `Round` or any engine of its shape: `decision`, `view(seat)`, `apply`) to
    its end with one AI per seat, each call timed on its own: (latencies per seat in ns, actions
    applied)."""
    latencies: list[list[int]] = [[] for _ in seats]
    actions = 0
    clock = time.perf_counter_ns
    while (decision := game.decision) is not None:
        s = decision.seat
        view = game.view(s)
        t0 = clock()
        action = seats[s].choose(view, decision, rngs[s])
        latencies[s].append(clock() - t0)
        game.apply(action)
        actions += 1
    return latencies, actions


def play_round(
    seats: Sequence[Player], k: int, seed: int, rules: RuleSet, deck: Deck
) -> RoundOutcome:
    """Round `k` of an arena seeded `seed`, one AI per seat; the same on any process."""
    n = len(seats)
    rnd = Round(rules, n, k % n, round_seed(seed, k), deck)
    rngs = [random.Random(ai_seed(seed, k, s)) for s in range(n)]
    for s, player in enumerate(seats):
        attach_round(player, rnd, s)
    latencies, actions = drive(rnd, seats, rngs)
    result = rnd.result
    assert result is not None
    return RoundOutcome(
        winner=result.winner,
        flush=result.kind == "flush",
        scores=tuple(result.scores),
        turns=result.turns,
        actions=actions,
        latencies_ns=tuple(tuple(x) for x in latencies),
    )


GAMES = ("civio", "easy-play")
"""The games the arena plays (`--game`): the main game and Easy Play."""


def make_players(game: str, players: Sequence[str], deck: Deck) -> list[Any]:
    """One new AI player per seat: the main game's levels, or Easy Play's
    (`ai.easy_play.levels`)."""
    if game == "easy-play":
        from ai.easy_play.levels import get_easy_player

        return [get_easy_player(name, deck) for name in players]
    return [get_player(name) for name in players]


def _play(
    game: str, seats: Sequence[Any], k: int, seed: int, rules: RuleSet, deck: Deck
) -> RoundOutcome:
    if game == "easy-play":
        from civio_tui.easy_play_arena import play_easy_round

        outcome: RoundOutcome = play_easy_round(seats, k, seed, rules, deck)
        return outcome
    return play_round(seats, k, seed, rules, deck)


# Each worker process builds its own players once; set by `_start_worker`.
_worker: tuple[list[Any], int, RuleSet, Deck, str] | None = None


def _start_worker(
    players: Sequence[str], seed: int, rules: RuleSet, deck: Deck, game: str = "civio"
) -> None:
    global _worker
    _worker = (make_players(game, players, deck), seed, rules, deck, game)


def _worker_rounds(ks: range) -> list[RoundOutcome]:
    assert _worker is not None
    seats, seed, rules, deck, game = _worker
    return [_play(game, seats, k, seed, rules, deck) for k in ks]


def _outcomes(
    players: Sequence[str],
    seats: Sequence[Player],
    rounds: int,
    seed: int,
    rules: RuleSet,
    deck: Deck,
    jobs: int,
    progress: Callable[[int, int], None] | None,
    game: str = "civio",
) -> Iterator[RoundOutcome]:
    """Every round's outcome in order, played here or, with `jobs` > 1, on that many worker
    processes (each round has its own seeds, so the outcomes are the same either way). Here the
    rounds are played by `seats`; each worker builds its own players from their names."""
    if jobs <= 1 or rounds < 2:
        for k in range(rounds):
            yield _play(game, seats, k, seed, rules, deck)
            if progress is not None:
                progress(k + 1, rounds)
        return
    size = max(1, min(25, rounds // (jobs * 4)))
    chunks = [range(k, min(k + size, rounds)) for k in range(0, rounds, size)]
    # fork: the workers inherit the deck and the registry (custom packs, test-only players).
    context = multiprocessing.get_context("fork")
    done = 0
    with ProcessPoolExecutor(
        jobs,
        mp_context=context,
        initializer=_start_worker,
        initargs=(players, seed, rules, deck, game),
    ) as pool:
        for batch in pool.map(_worker_rounds, chunks):
            yield from batch
            done += len(batch)
            if progress is not None:
                progress(done, rounds)


def run_arena(
    players: Sequence[str],
    rounds: int,
    seed: int,
    rules: RuleSet | None = None,
    deck: Deck | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    game: str = "civio",
) -> dict[str, Any]:
    """Play `rounds` rounds among the named AI levels (one per seat) and return the statistics
    document of `civio arena --json`. `progress(done, total)` is called as rounds finish;
    `jobs` > 1 plays them on that many processes (the same document, faster). `game`:
    "civio" (the main game) or "easy-play" (its levels from `ai.easy_play.levels`; `flushes` is
    0)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose {' or '.join(GAMES)}")
    n = len(players)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(f"an arena needs {MIN_SEATS}-{MAX_SEATS} players, not {n}")
    if rounds < 1:
        raise ValueError("an arena needs at least one round")
    rules = rules if rules is not None else RuleSet()
    deck = deck if deck is not None else standard_deck()
    seats = make_players(game, players, deck)

    wins = [0] * n
    flushes = [0] * n
    points = [0] * n
    latencies: list[list[int]] = [[] for _ in range(n)]
    draws = 0
    turns = 0
    actions = 0
    started = time.perf_counter_ns()
    for out in _outcomes(players, seats, rounds, seed, rules, deck, jobs, progress, game):
        turns += out.turns
        actions += out.actions
        for s in range(n):
            points[s] += out.scores[s]
            latencies[s].extend(out.latencies_ns[s])
        if out.winner is None:
            draws += 1
        else:
            wins[out.winner] += 1
            if out.flush:
                flushes[out.winner] += 1
    elapsed = max((time.perf_counter_ns() - started) / 1e9, 1e-9)

    decided = rounds - draws
    seat_docs = []
    for s in range(n):
        lo, hi = wilson(wins[s], decided)
        ms = sorted(x / 1e6 for x in latencies[s])
        seat_docs.append(
            {
                "player": seats[s].name,
                "wins": wins[s],
                "win_rate": round(wins[s] / decided, 4) if decided else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "mean_points": round(points[s] / rounds, 4),
                "flushes": flushes[s],
                "latency_ms": {
                    "p50": round(percentile(ms, 0.50), 4),
                    "p95": round(percentile(ms, 0.95), 4),
                    "max": round(ms[-1], 4) if ms else 0.0,
                },
            }
        )
    return {
        "rounds": rounds,
        "draws": draws,
        "mean_turns": round(turns / rounds, 2),
        "rounds_per_sec": round(rounds / elapsed, 2),
        "actions_per_sec": round(actions / elapsed, 1),
        "seats": seat_docs,
        "seed": seed,
        "rules": rules.name,
        "max_turns": rules.max_turns,
        "deck_sha256": deck.sha256,
    }
