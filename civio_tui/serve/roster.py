"""The teacher's view of a served class: each player's latest game and PIN state, read-only."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from cards.deck import Deck
from civio_tui.serve.pins import PinDesk
from civio_tui.serve.players import PlayerFolder, PlayerLock, folder_name, player_folders


@dataclass(frozen=True)
class ClassRow:
    """One player: their latest readable game (None before their first game)."""

    name: str
    games: int
    campaign: str | None
    rank: str | None
    points: int | None
    rounds: int | None
    last_played: datetime | None
    playing_now: bool
    unreadable: int
    has_pin: bool
    wrong_pins: int
    locked_seconds: int

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "campaign": self.campaign,
            "rank": self.rank,
            "points": self.points,
            "rounds": self.rounds,
            "last_played": self.last_played.isoformat() if self.last_played else None,
            "playing_now": self.playing_now,
            "unreadable": self.unreadable,
            "has_pin": self.has_pin,
            "wrong_pins": self.wrong_pins,
            "locked_seconds": self.locked_seconds,
        }


def class_rows(
    root: Path, deck: Deck | None = None, clock: Callable[[], float] = time.time
) -> list[ClassRow]:
    """Every player under the save root, by name; nothing is written. PINs are never read
    out: only whether a name has one, how many wrong PINs were typed for it and how long a
    computer it never signed in from must wait for the next try."""
    pins = PinDesk(root, clock)
    return [_row(player, deck, pins) for player in player_folders(root)]


def _row(player: PlayerFolder, deck: Deck | None, pins: PinDesk) -> ClassRow:
    from civio_tui.campaigns import list_campaigns

    summaries = list_campaigns(player.path, deck)
    readable = [s for s in summaries if s.campaign is not None]
    latest = max(readable, key=lambda s: s.saved_at.timestamp() if s.saved_at else 0, default=None)
    standing = latest.to_json() if latest else {}
    tries = pins.tries.state(folder_name(player.name))
    return ClassRow(
        name=player.name,
        games=len(readable),
        campaign=latest.name if latest else None,
        rank=standing.get("rank"),
        points=standing.get("points"),
        rounds=standing.get("rounds_played"),
        last_played=latest.saved_at if latest else None,
        playing_now=PlayerLock(player.path).is_held_elsewhere(),
        unreadable=len(summaries) - len(readable),
        has_pin=pins.has_pin(player.name),
        wrong_pins=tries.wrong,
        locked_seconds=math.ceil(tries.wait),
    )
