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

from ai import attach_round
from ai.base import Player
from cards.deck import Deck, standard_deck
from cards.engine import Engine
from cards.game import round_seed
from cards.ruleset import RuleSet
from civio_tui import games as registry
from civio_tui.games import CIVIO, GameInfo

Z95 = 1.959963984540054


def arena_games() -> list[str]:
    """The games an arena plays: those with 2 or more seats."""
    return registry.game_ids(min_seats=2)


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
    fed_by: int | None = None
    """In a game with a discard pile: the seat whose discard the winner took to go out."""


def drive(
    engine: Engine[Any], seats: Sequence[Any], rngs: Sequence[random.Random]
) -> tuple[Any, int]:
    """Play `engine` (any game of `cards.engine`) to its end with one AI per seat, each call
    timed on its own: (latencies per seat in ns, actions applied)."""
    latencies: list[list[int]] = [[] for _ in seats]
    actions = 0
    clock = time.perf_counter_ns
    while (decision := engine.decision) is not None:
        s = decision.seat
        view = engine.view(s)
        t0 = clock()
        action = seats[s].choose(view, decision, rngs[s])
        latencies[s].append(clock() - t0)
        engine.apply(action)
        actions += 1
    return latencies, actions


def play_round(
    info: GameInfo, seats: Sequence[Player], k: int, seed: int, rules: RuleSet, deck: Deck
) -> RoundOutcome:
    """Round `k` of an arena of `info`'s game seeded `seed`, one AI per seat; the same on any
    process. A round shared by several seats (a tie) counts as a draw."""
    n = len(seats)
    engine = info.deal(n, k % n, round_seed(seed, k), rules, deck)
    rngs = [random.Random(ai_seed(seed, k, s)) for s in range(n)]
    for s, player in enumerate(seats):
        attach_round(player, engine, s)  # type: ignore[arg-type]
    latencies, actions = drive(engine, seats, rngs)
    result: Any = engine.result
    assert result is not None
    winners = result.winners
    return RoundOutcome(
        winner=winners[0] if len(winners) == 1 else None,
        flush=getattr(result, "kind", None) == "flush",
        scores=tuple(result.scores),
        turns=result.turns,
        actions=actions,
        latencies_ns=tuple(tuple(x) for x in latencies),
        fed_by=info.fed_by(engine) if info.fed_by is not None else None,
    )


def make_players(info: GameInfo, players: Sequence[str], deck: Deck) -> list[Any]:
    """One new AI player per seat, of the game's own levels."""
    levels = info.levels()
    return [levels.player(name, deck) for name in players]


# Each worker process builds its own players once; set by `_start_worker`.
_worker: tuple[list[Any], int, RuleSet, Deck, GameInfo] | None = None


def _start_worker(
    players: Sequence[str], seed: int, rules: RuleSet, deck: Deck, game_id: str
) -> None:
    global _worker
    info = registry.game(game_id)
    _worker = (make_players(info, players, deck), seed, rules, deck, info)


def _worker_rounds(ks: range) -> list[RoundOutcome]:
    assert _worker is not None
    seats, seed, rules, deck, info = _worker
    return [play_round(info, seats, k, seed, rules, deck) for k in ks]


def _outcomes(
    players: Sequence[str],
    seats: Sequence[Player],
    rounds: int,
    seed: int,
    rules: RuleSet,
    deck: Deck,
    jobs: int,
    progress: Callable[[int, int], None] | None,
    info: GameInfo,
) -> Iterator[RoundOutcome]:
    """Every round's outcome in order, played here or, with `jobs` > 1, on that many worker
    processes (each round has its own seeds, so the outcomes are the same either way). Here the
    rounds are played by `seats`; each worker builds its own players from their names."""
    if jobs <= 1 or rounds < 2:
        for k in range(rounds):
            yield play_round(info, seats, k, seed, rules, deck)
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
        initargs=(players, seed, rules, deck, info.id),
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
    game: str = CIVIO.id,
) -> dict[str, Any]:
    """Play `rounds` rounds of the game `game` (an id; any game of `civio_tui.games` with 2 or more
    seats) among its named AI levels (one per seat) and return the statistics document of
    `civio arena --json`. `progress(done, total)` is called as rounds finish; `jobs` > 1 plays
    them on that many processes (the same document, faster). `flushes` is 0 in a game without
    a Thurgood Flush; a game with a discard pile also counts, per seat, the rounds won by taking
    the previous player's discard (`won_from_discard`) and the rounds lost by feeding the winner
    that discard (`lost_by_feeding`)."""
    if game not in arena_games():
        raise ValueError(f"unknown game {game!r}: choose from {', '.join(arena_games())}")
    info = registry.game(game)
    low, high = max(2, info.seats[0]), info.seats[1]
    n = len(players)
    if not low <= n <= high:
        raise ValueError(f"an arena needs {low}-{high} players, not {n}")
    if rounds < 1:
        raise ValueError("an arena needs at least one round")
    rules = rules if rules is not None else RuleSet()
    deck = deck if deck is not None else standard_deck()
    seats = make_players(info, players, deck)

    wins = [0] * n
    flushes = [0] * n
    from_discard = [0] * n
    feeding = [0] * n
    points = [0] * n
    latencies: list[list[int]] = [[] for _ in range(n)]
    draws = 0
    turns = 0
    actions = 0
    started = time.perf_counter_ns()
    for out in _outcomes(players, seats, rounds, seed, rules, deck, jobs, progress, info):
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
            if out.fed_by is not None:
                from_discard[out.winner] += 1
                feeding[out.fed_by] += 1
    elapsed = max((time.perf_counter_ns() - started) / 1e9, 1e-9)

    decided = rounds - draws
    seat_docs = []
    for s in range(n):
        lo, hi = wilson(wins[s], decided)
        ms = sorted(x / 1e6 for x in latencies[s])
        doc: dict[str, Any] = {
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
        if info.fed_by is not None:
            doc["won_from_discard"] = from_discard[s]
            doc["lost_by_feeding"] = feeding[s]
        seat_docs.append(doc)
    return {
        "rounds": rounds,
        "draws": draws,
        "mean_turns": round(turns / rounds, 2),
        "rounds_per_sec": round(rounds / elapsed, 2),
        "actions_per_sec": round(actions / elapsed, 1),
        "seats": seat_docs,
        "seed": seed,
        # A game without rule versions (Concentration) reads neither.
        "rules": rules.name if info.ranked else None,
        "max_turns": rules.max_turns if info.ranked else None,
        "deck_sha256": deck.sha256,
    }
