"""Bench section `solitaire_par`: how long par takes for one Solitaire deal.

Key: `solitaire_par_ms` ({median, max, deals}): over 100 seeded deals, each timed from cold
caches (the ordering memo is cleared first), as a player meets a new deal. Goal: median <= 1000.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from cards.deck import standard_deck
from cards.games.solitaire.game import deal_cards, par
from cards.links import tables

DEALS = 100
FIRST_SEED = 1


def measure() -> dict[str, Any]:
    deck = standard_deck()
    t = tables(deck)
    samples = []
    for seed in range(FIRST_SEED, FIRST_SEED + DEALS):
        deal = deal_cards(deck, seed)
        t.orderings.clear()
        start = time.perf_counter_ns()
        par(deck, deal)
        samples.append(time.perf_counter_ns() - start)
    return {
        "solitaire_par_ms": {
            "median": round(statistics.median(samples) / 1e6, 3),
            "max": round(max(samples) / 1e6, 3),
            "deals": DEALS,
        }
    }
