"""The Solitaire deal and the Concentration game in progress, each kept in its own file of the
save folder (a `game_file.GameFile`) after every move, so they can be continued.

- `solitaire.json`: the deal's seed and every action (`Solitaire.to_json`), and the cards the
  player has put in precedent 1 and 2 so far;
- `concentration.json`: the game (`Concentration.to_json`: seed, seats, every place turned) and
  who sits at each seat (a name, and "human" or the computer's level).
Loading replays the game with the rules' checks; a file that fails is never overwritten.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from cards.concentration import Concentration
from cards.solitaire import DEAL_SIZE, Solitaire, seed_of_day
from civio_tui.game_file import GameFile
from civio_tui.seating import HUMAN, Seat

SOLITAIRE_FILE = "solitaire.json"
CONCENTRATION_FILE = "concentration.json"
SEAT_LEVELS = (HUMAN, "easy", "hard")
"""Who sits at a Concentration seat: a person, or the computer at a level."""


@dataclass
class SavedSolitaire:
    game: Solitaire
    picked: list[list[int]]
    """The cards in precedent 1 and precedent 2, in the order they were put there."""


@dataclass
class SavedConcentration:
    game: Concentration
    seats: list[Seat]


def in_progress(saved: SavedSolitaire) -> bool:
    """A deal worth continuing: begun and not over."""
    return bool(saved.game.turned) and not saved.game.is_over


def solitaire_label(saved: SavedSolitaire, today: date | None = None) -> str:
    """ "today's deal, seed 20261125, 8 of 21 cards up" (today's: the deal of the day)."""
    game = saved.game
    day = "today's deal, " if game.seed == seed_of_day(today or date.today()) else ""
    return f"{day}seed {game.seed}, {len(game.turned)} of {DEAL_SIZE} cards up"


class SolitaireSaves(GameFile[SavedSolitaire]):
    FILE = SOLITAIRE_FILE
    FORMAT = "civio-tui solitaire"
    WHAT = "Solitaire deal"

    def parse(self, raw: dict[str, Any]) -> SavedSolitaire:
        game = Solitaire.from_json(raw["game"], self.deck)
        picked = [[int(c) for c in group] for group in raw.get("picked", [[], []])]
        if len(picked) != 2 or any(c not in game.turned for g in picked for c in g):
            raise ValueError("its precedents hold cards that are not turned up")
        return SavedSolitaire(game, picked)

    def document(self, saved: SavedSolitaire) -> dict[str, Any]:
        return {"game": saved.game.to_json(), "picked": saved.picked}


class ConcentrationSaves(GameFile[SavedConcentration]):
    FILE = CONCENTRATION_FILE
    FORMAT = "civio-tui concentration"
    WHAT = "Concentration game"

    def parse(self, raw: dict[str, Any]) -> SavedConcentration:
        game = Concentration.from_json(raw["game"], self.deck)
        seats = [Seat(str(s["name"]), str(s["level"])) for s in raw["seats"]]
        if len(seats) != game.players:
            raise ValueError("its players do not match its seats")
        if any(s.level not in SEAT_LEVELS for s in seats):
            raise ValueError("a seat is neither a person nor a computer level")
        return SavedConcentration(game, seats)

    def document(self, saved: SavedConcentration) -> dict[str, Any]:
        seats = [{"name": s.name, "level": s.level} for s in saved.seats]
        return {"game": saved.game.to_json(), "seats": seats}
