"""Bench section `go_out`: the go-out finder's speed against brute force, and the go-out rate.

Keys: `go_out_check_us` ({median, brute_force_median, ratio, ...}) and `go_out_rate_random_hands`.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from cards.deck import Deck, standard_deck
from cards.go_out import HAND_SIZE, best_non_winner, goes_out, goes_out_brute_force
from cards.links import tables

SEED = 20240601
TIMED_HANDS = 5_000
BRUTE_FORCE_HANDS = 60
RATE_HANDS = 10_000


def random_hands(deck: Deck, count: int, seed: int) -> list[list[int]]:
    """`count` seeded random 7-card hands from `deck`."""
    rng = random.Random(seed)
    ids = list(deck.ids)
    return [rng.sample(ids, HAND_SIZE) for _ in range(count)]


def _median_us(samples_ns: list[int]) -> float:
    return round(statistics.median(samples_ns) / 1000, 3)


def _time_each(call: Any, deck: Deck, hands: list[list[int]]) -> list[int]:
    clock = time.perf_counter_ns
    out = []
    for hand in hands:
        start = clock()
        call(deck, hand)
        out.append(clock() - start)
    return out


def measure() -> dict[str, Any]:
    deck = standard_deck()
    t = tables(deck)  # built once per deck, outside the timings
    t.orderings.clear()
    t.hands.clear()
    hands = random_hands(deck, TIMED_HANDS, SEED)
    fast = _time_each(goes_out, deck, hands)
    brute = _time_each(goes_out_brute_force, deck, hands[:BRUTE_FORCE_HANDS])
    rate_hands = random_hands(deck, RATE_HANDS, SEED + 1)
    going = [h for h in rate_hands if goes_out(deck, h)]
    t.orderings.clear()
    t.hands.clear()
    going_times = _time_each(goes_out, deck, going) if going else []
    t.hands.clear()
    non_winner = _time_each(best_non_winner, deck, hands[:1000])
    median = _median_us(fast)
    brute_median = _median_us(brute)
    return {
        "go_out_check_us": {
            "median": median,
            "brute_force_median": brute_median,
            "ratio": round(brute_median / median, 1) if median else None,
            "samples": len(fast),
            "brute_force_samples": len(brute),
            "going_out_hands_median": _median_us(going_times) if going_times else None,
            "best_non_winner_median": _median_us(non_winner),
        },
        "go_out_rate_random_hands": len(going) / RATE_HANDS,
    }
