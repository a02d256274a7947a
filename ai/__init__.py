"""AI opponents: one `Player` interface and a registry of named levels.

    from ai import get_player, PLAYER_NAMES
    player = get_player("random")
    action = player.choose(round.view(seat), round.decision, rng)

Each level lives in its own module and registers itself on import; the modules listed in
`LEVEL_MODULES` are imported here. The measuring instruments (`Instrument`: `cheater`,
`cheater-hands`) are registered too, never offered.
"""

from __future__ import annotations

import importlib

from ai.base import (
    LEVELS,
    PLAYER_NAMES,
    Instrument,
    PendingChoice,
    Player,
    PlayerInfo,
    UnknownPlayerError,
    attach_round,
    get_player,
    player_info,
    player_names,
    register,
)

LEVEL_MODULES = (
    "ai.civio.random_player",
    "ai.civio.easy",
    "ai.civio.medium",
    "ai.civio.hard",
    "ai.civio.cheater",
)

for _module in LEVEL_MODULES:
    importlib.import_module(_module)

__all__ = [
    "LEVELS",
    "LEVEL_MODULES",
    "PLAYER_NAMES",
    "Instrument",
    "PendingChoice",
    "Player",
    "PlayerInfo",
    "UnknownPlayerError",
    "attach_round",
    "get_player",
    "player_info",
    "player_names",
    "register",
]
