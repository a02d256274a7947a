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

MAX_GAME_ROUNDS = 1000
"""The most rounds a game may be set to last: a campaign's or a served class's `--rounds`, or
a table's."""


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
    about: str = ""
    """One line for the More games menu: how many play and what they do."""
    screen: str | None = None
    """`module:Class` of the screen that opens the game from More games (None: the main menu
    starts it); a path, so that commands and this module never load Textual."""
    cannot_play: Callable[[Deck], str | None] | None = None
    """Why a card pack cannot play the game (None when it can)."""
    ranked: bool = True
    """Its points climb the ranks (docs/RULES.md, Ranks) and it has rule versions: a table may
    play it until a rank; a game that is not (pairs found) plays a number of rounds."""
    table_screen: str | None = None
    """`module:function` opening the game's screen for one seat at a networked table
    (`function(app, tab)`, a path as `screen`); None: it is played at tables from a terminal."""

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


def _concentration_cannot_play(deck: Deck) -> str | None:
    from cards.deck import UnknownCardError
    from cards.games.concentration.game import pairs

    try:
        pairs(deck)
    except UnknownCardError as exc:
        return f"This card pack lacks a card of the publisher's pairs: {exc}."
    return None


def _solitaire_cannot_play(deck: Deck) -> str | None:
    size = _get("cards.games.solitaire.game:DEAL_SIZE")
    if len(deck) < size:
        return f"Solitaire needs {size} cards; this card pack has {len(deck)}."
    return None


def open_screen(info: GameInfo, *args: Any, **kwargs: Any) -> Any:
    """A new instance of the game's More games screen (Textual is loaded here, on demand)."""
    if info.screen is None:
        raise UnknownGameError(f"{info.title} is not opened from More games")
    return _get(info.screen)(*args, **kwargs)


def open_table_screen(info: GameInfo, *args: Any) -> Any:
    """Open the game's screen for one seat at a networked table (Textual loaded on demand)."""
    if info.table_screen is None:
        raise UnknownGameError(f"{info.title} is played at tables from a terminal")
    return _get(info.table_screen)(*args)


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
    about="2-4 players: build precedents, call CIVIO, climb the ranks",
    table_screen="civio_tui.screens.civio.remote_table:open_remote_table",
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
    about="2-4 players: draw, lay down matching pairs, empty your hand",
    screen="civio_tui.screens.easy_play.screen:EasyPlayMenuScreen",
    table_screen="civio_tui.screens.easy_play.remote:open_remote_easy_play",
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
    about="1 player: turn up 21 cards; call CIVIO as early as you can",
    screen="civio_tui.screens.solitaire.screen:SolitaireScreen",
    cannot_play=_solitaire_cannot_play,
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
    about="1-4 players: find the publisher's 10 pairs",
    screen="civio_tui.screens.concentration.screen:ConcentrationMenuScreen",
    cannot_play=_concentration_cannot_play,
    ranked=False,
    table_screen="civio_tui.screens.concentration.remote:open_remote_concentration",
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
