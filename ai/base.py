"""The one interface every AI opponent of every game implements, and the registries of levels.

A player sees only its seat's view and the pending decision (docs/ARCHITECTURE.md, AI opponents)
and returns an action for one of `decision.options`. Randomness comes only from the `rng` it is
handed, so the same view, decision and rng state give the same choice.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from cards.deck import Deck
    from cards.games.civio.actions import Action, Decision
    from cards.games.civio.round import Round
    from cards.games.civio.view import PlayerView


@runtime_checkable
class Player(Protocol):
    """An AI opponent of any game: `choose` gets the seat's view and the pending decision of
    that game's engine (`cards.engine`) and returns an action for one of `decision.options`."""

    name: str

    def choose(self, view: Any, decision: Any, rng: random.Random) -> Any: ...


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
    `choose()` may run later (in a worker thread) without reading the live game. Any game's
    player, view and decision (the main game's `PlayerView` and `Decision`, Easy Play's,
    Concentration's)."""

    player: Player
    view: Any
    decision: Any
    rng: random.Random

    def choose(self) -> Any:
        return self.player.choose(self.view, self.decision, self.rng)


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    factory: Callable[[Deck | None], Player]
    """Makes a new player for a game played with that deck (None: the standard deck)."""
    offered: bool
    description: str


class UnknownPlayerError(ValueError):
    """A player name that no level is registered under; the message lists the known names."""


class Levels:
    """The AI levels of one game, by name: every game has one (`ai.base.LEVELS` for the main
    game, `ai.easy_play.levels.LEVELS`, `ai.concentration.levels.LEVELS`), and every level is a
    `Player`: `choose(view, decision, rng) -> action`, one of `decision`'s options.

    Iterating gives the offered names, weakest first; `name in levels` asks about them."""

    def __init__(self, what: str = "player", weakest_first: Sequence[str] = ()) -> None:
        self.what = what
        """How an unknown name is called in the error ("player", "Easy Play level")."""
        self.weakest_first = tuple(weakest_first)
        """The levels' order by strength; modules register in import order, which is not it
        (easy imports medium). Levels not named here follow, in registration order."""
        self._infos: dict[str, PlayerInfo] = {}
        self.offered: list[str] = []

    def register(
        self,
        name: str,
        factory: Callable[[Deck | None], Player],
        offered: bool = True,
        description: str = "",
    ) -> None:
        """Register a level under `name` (lower case); `factory(deck)` makes a new player.
        `offered=False` keeps it out of the offered names (menus, help) while `player(name)`
        still finds it."""
        key = name.strip().lower()
        if not key or any(ch in key for ch in ", "):
            raise ValueError(f"bad player name {name!r}")
        self._infos[key] = PlayerInfo(key, factory, offered, description)
        if offered and key not in self.offered:
            self.offered.append(key)
            order = self.weakest_first
            self.offered.sort(key=lambda k: order.index(k) if k in order else len(order))
        if not offered and key in self.offered:
            self.offered.remove(key)

    def unregister(self, name: str) -> None:
        """Forget a level (a test's probe)."""
        key = name.strip().lower()
        self._infos.pop(key, None)
        if key in self.offered:
            self.offered.remove(key)

    def names(self, include_unoffered: bool = False) -> list[str]:
        return list(self._infos) if include_unoffered else list(self.offered)

    def info(self, name: str) -> PlayerInfo:
        key = name.strip().lower()
        try:
            return self._infos[key]
        except KeyError:
            known = ", ".join(self.offered) or "(none registered)"
            raise UnknownPlayerError(f"unknown {self.what} {name!r}: choose from {known}") from None

    def player(self, name: str, deck: Deck | None = None) -> Player:
        """A new player of the level `name` (case-insensitive) for games with `deck` (None: the
        standard deck)."""
        return self.info(name).factory(deck)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.offered))

    def __contains__(self, name: object) -> bool:
        return name in self.offered

    def __len__(self) -> int:
        return len(self.offered)


LEVELS = Levels(weakest_first=("random", "easy", "medium", "hard"))
"""The main game's levels (registered by the modules of `ai.civio`, imported by `ai`)."""
PLAYER_NAMES: list[str] = LEVELS.offered
"""Names of the main game's levels the game offers, weakest first."""


def register(
    name: str, factory: PlayerFactory, offered: bool = True, description: str = ""
) -> None:
    """Register a main-game level under `name` (lower case). `offered=False` keeps it out of
    PLAYER_NAMES (menus, help) while `get_player(name)` still finds it."""
    if offered and isinstance(factory, type) and issubclass(factory, Instrument):
        raise ValueError(f"{name!r} is a measuring instrument: it cannot be offered")
    LEVELS.register(name, lambda deck: factory(), offered, description)


def player_names(include_unoffered: bool = False) -> list[str]:
    return LEVELS.names(include_unoffered)


def player_info(name: str) -> PlayerInfo:
    return LEVELS.info(name)


def get_player(name: str) -> Player:
    """A new main-game player of the level `name` (case-insensitive); they read the deck from
    the view."""
    return LEVELS.player(name)


def attach_round(player: Player, rnd: Round, seat: int) -> None:
    """Hand the live round to `player` if it is an `Instrument`; a player is never given it."""
    if isinstance(player, Instrument):
        player.attach_round(rnd, seat)
