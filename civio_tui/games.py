"""The one registry of games: each game's id, title, seats, AI levels, how to deal a new one
and how to load one saved. Adding a game is its packages (`cards/games/<game>/`,
`ai/<game>/`, `civio_tui/screens/<game>/`) and one entry here; nothing else names a game by
its id.

Engines and AI levels are imported when asked for, never by this module: `civio games` and the
other commands list the games without loading an engine, and nothing here loads Textual (a
game's screen factory is filled in by the app).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ai.base import Levels
    from cards.deck import Deck
    from cards.engine import Engine
    from cards.ruleset import RuleSet

Deal = Callable[[int, int, int, "RuleSet", "Deck"], "Engine[Any]"]
"""(seats, dealer, seed, rules, deck) -> a new game (a round, for the games played in rounds)."""


@dataclass(frozen=True)
class GameInfo:
    id: str
    """The game's one name in commands, saves and menus (`civio arena --game ID`)."""
    title: str
    seats: tuple[int, int]
    """The fewest and the most seats."""
    levels: Callable[[], Levels]
    """The game's AI levels (ai/<game>/), each a Player: choose(view, decision, rng)."""
    deal: Deal
    load: Callable[[dict[str, Any], Deck], Engine[Any]]
    """The engine its `to_json` wrote, replayed with checks."""
    fed_by: Callable[[Engine[Any]], int | None] | None = None
    """In a game with a discard pile: the seat whose discard the winner took to go out."""
    screen: Callable[..., Any] | None = None
    """The game's screen factory, filled in by the app (so commands never load Textual)."""

    def level_names(self) -> list[str]:
        return list(self.levels())

    def to_json(self) -> dict[str, Any]:
        """The game as `civio games --json` lists it."""
        return {
            "id": self.id,
            "title": self.title,
            "seats": list(self.seats),
            "levels": self.level_names(),
        }


def _get(path: str) -> Any:
    """The attribute `module:name`, its module imported now (the registry imports no game)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def _loader(engine_class: str) -> Callable[[dict[str, Any], Deck], Engine[Any]]:
    return lambda data, deck: _get(engine_class).from_json(data, deck)


def _fed_by(actions_module: str) -> Callable[[Engine[Any]], int | None]:
    """`cards.table.fed_by` with the game's draw and discard action kinds."""

    def fed(engine: Engine[Any]) -> int | None:
        from cards.table import fed_by

        result = engine.result
        winner = result.winners[0] if result is not None and len(result.winners) == 1 else None
        kinds = _get(f"{actions_module}:DRAW"), _get(f"{actions_module}:DISCARD")
        return fed_by(engine.events, winner, *kinds)

    return fed


def _no_levels() -> Levels:
    from ai.base import Levels

    return Levels("Solitaire level")


CIVIO = GameInfo(
    "civio",
    "CIVIO",
    (2, 4),
    levels=lambda: _get("ai:LEVELS"),
    deal=lambda seats, dealer, seed, rules, deck: _get("cards.games.civio.round:Round")(
        rules, seats, dealer, seed, deck
    ),
    load=_loader("cards.games.civio.round:Round"),
    fed_by=_fed_by("cards.games.civio.actions"),
)
EASY_PLAY = GameInfo(
    "easy-play",
    "Easy Play",
    (2, 4),
    levels=lambda: _get("ai.easy_play.levels:LEVELS"),
    deal=lambda seats, dealer, seed, rules, deck: _get("cards.games.easy_play.round:EasyPlay")(
        seats, dealer, seed, deck, rules
    ),
    load=_loader("cards.games.easy_play.round:EasyPlay"),
    fed_by=_fed_by("cards.games.easy_play.round"),
)
SOLITAIRE = GameInfo(
    "solitaire",
    "Solitaire",
    (1, 1),
    levels=_no_levels,
    deal=lambda seats, dealer, seed, rules, deck: _get("cards.games.solitaire.game:Solitaire")(
        seed, deck
    ),
    load=_loader("cards.games.solitaire.game:Solitaire"),
)
CONCENTRATION = GameInfo(
    "concentration",
    "Concentration",
    (1, 4),
    levels=lambda: _get("ai.concentration.levels:LEVELS"),
    # The game has no dealer: seat 0 turns first.
    deal=lambda seats, dealer, seed, rules, deck: _get(
        "cards.games.concentration.game:Concentration"
    )(seed, seats, deck),
    load=_loader("cards.games.concentration.game:Concentration"),
)

GAMES: tuple[GameInfo, ...] = (CIVIO, EASY_PLAY, SOLITAIRE, CONCENTRATION)
"""Every game, the main game first."""


class UnknownGameError(ValueError):
    """A game id no entry has; the message lists the ids."""


def game(game_id: str) -> GameInfo:
    """The game registered as `game_id`."""
    for info in GAMES:
        if info.id == game_id:
            return info
    known = ", ".join(g.id for g in GAMES)
    raise UnknownGameError(f"unknown game {game_id!r}: choose from {known}")


def game_ids(min_seats: int = 1) -> list[str]:
    """The ids of the games that seat at least `min_seats` players."""
    return [g.id for g in GAMES if g.seats[1] >= min_seats]
