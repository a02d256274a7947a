"""AI opponents: one `Player` interface and a registry of named levels.

    from ai import get_player, PLAYER_NAMES
    player = get_player("random")
    action = player.choose(round.view(seat), round.decision, rng)

Each level lives in its own module and registers itself on import; the modules listed in
`LEVEL_MODULES` are imported here (a level module not written yet is skipped).
"""

from __future__ import annotations

import importlib

from ai.base import (
    PLAYER_NAMES,
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

LEVEL_MODULES = ("ai.random_player", "ai.easy", "ai.medium", "ai.hard", "ai.cheater")

for _module in LEVEL_MODULES:
    try:
        importlib.import_module(_module)
    except ModuleNotFoundError as _exc:
        if _exc.name != _module:
            raise

__all__ = [
    "LEVEL_MODULES",
    "PLAYER_NAMES",
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
