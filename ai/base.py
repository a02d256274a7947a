"""The one interface every AI opponent implements, and the registry of named levels.

A player sees only its `PlayerView` and the pending `Decision` (docs/ARCHITECTURE.md, AI opponents)
and returns one of `decision.options`. Randomness comes only from the `rng` it is handed, so the
same view, decision and rng state give the same choice.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from cards.games.civio.actions import Action, Decision
    from cards.games.civio.round import Round
    from cards.games.civio.view import PlayerView


@runtime_checkable
class Player(Protocol):
    """An AI opponent. `choose` must return one of `decision.options`."""

    name: str

    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action: ...


class Instrument(ABC):
    """A measuring instrument (`cheater`, `cheater-hands`), never an opponent: it is handed the
    live round, every hidden card included, when each round starts (`attach_round`), to measure
    what the players' hidden information costs them. Only an `Instrument` ever gets the round,
    and `register` refuses to offer one."""

    name: str

    @abstractmethod
    def attach_round(self, rnd: Round, seat: int) -> None:
        """The live round that starts, and the seat this instrument plays in it."""

    @abstractmethod
    def choose(self, view: PlayerView, decision: Decision, rng: random.Random) -> Action: ...


PlayerFactory = Callable[[], Player]


@dataclass(frozen=True)
class PendingChoice:
    """One decision put to an AI player, with the view and RNG it gets, all taken at once: then
    `choose()` may run later (in a worker thread) without reading the live round."""

    player: Player
    view: PlayerView
    decision: Decision
    rng: random.Random

    def choose(self) -> Action:
        return self.player.choose(self.view, self.decision, self.rng)


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    factory: PlayerFactory
    offered: bool
    description: str


class UnknownPlayerError(ValueError):
    """A player name that no level is registered under; the message lists the known names."""


_REGISTRY: dict[str, PlayerInfo] = {}
PLAYER_NAMES: list[str] = []
"""Names of the levels the game offers, in registration order (kept up to date by `register`)."""


def register(
    name: str, factory: PlayerFactory, offered: bool = True, description: str = ""
) -> None:
    """Register a level under `name` (lower case). `offered=False` keeps it out of
    PLAYER_NAMES (menus, help) while `get_player(name)` still finds it."""
    key = name.strip().lower()
    if not key or any(ch in key for ch in ", "):
        raise ValueError(f"bad player name {name!r}")
    if offered and isinstance(factory, type) and issubclass(factory, Instrument):
        raise ValueError(f"{name!r} is a measuring instrument: it cannot be offered")
    _REGISTRY[key] = PlayerInfo(key, factory, offered, description)
    if offered and key not in PLAYER_NAMES:
        PLAYER_NAMES.append(key)
    if not offered and key in PLAYER_NAMES:
        PLAYER_NAMES.remove(key)


def player_names(include_unoffered: bool = False) -> list[str]:
    if include_unoffered:
        return list(_REGISTRY)
    return list(PLAYER_NAMES)


def player_info(name: str) -> PlayerInfo:
    key = name.strip().lower()
    try:
        return _REGISTRY[key]
    except KeyError:
        known = ", ".join(PLAYER_NAMES) or "(none registered)"
        raise UnknownPlayerError(f"unknown player {name!r}: choose from {known}") from None


def get_player(name: str) -> Player:
    """A new player of the level `name` (case-insensitive)."""
    return player_info(name).factory()


def attach_round(player: Player, rnd: Round, seat: int) -> None:
    """Hand the live round to `player` if it is an `Instrument`; a player is never given it."""
    if isinstance(player, Instrument):
        player.attach_round(rnd, seat)
