"""Bench section `replay`: how long one step of a replay takes (`replay_step_ms`).

A step is what the replay screen does on ← or →: the round at the new position (a clone of the
checkpoint before it plus the actions since), the player's view of it, and the event's lines.
Measured over every position of a seeded 300-turn round between random players (the longest
rounds there are), forward and then backward; the goal is at most 20 ms a step.
"""

from __future__ import annotations

import tempfile
import time
from typing import Any

from civio_tui.campaigns.autoplay import autoplay
from civio_tui.campaigns.catalogue import new_campaign
from civio_tui.campaigns.playback import Playback

SEED = 20240601


def measure() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        session = new_campaign("Bench", ["random"], save_dir=folder, seed=SEED)
        autoplay(session, rounds=1, as_level="random")
        campaign = session.campaign
        deck = session.deck
    playback = Playback.of(campaign, 1, deck)
    names = playback.seat_names
    positions = list(range(playback.length + 1))
    ms: list[float] = []
    for position in positions + positions[::-1]:
        started = time.perf_counter()
        rnd = playback.round_at(position)
        rnd.view(0)
        if position:
            playback.events[position - 1].lines(deck, 0, names, you=0)
        ms.append((time.perf_counter() - started) * 1000)
    return {
        "replay_step_ms": round(sum(ms) / len(ms), 3),
        "replay": {
            "actions": playback.length,
            "turns": playback.final.turns_played,
            "steps": len(ms),
            "max_step_ms": round(max(ms), 3),
            "seed": SEED,
        },
    }
