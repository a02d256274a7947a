"""The Solitaire deal and the Concentration game in progress, each kept in its own file of the
save folder (a `game_file.GameFile`, in the one save format) after every move, so they can
be continued.

- `solitaire.json`: the deal's seed and every action (`Solitaire.to_json`), and the cards the
  player has put in precedent 1 and 2 so far;
- `concentration.json`: the game (`Concentration.to_json`: seed, seats, every place turned) and
  who sits at each seat (a name, and "human" or the computer's level).
Loading replays the game with the rules' checks; a file that fails is never overwritten.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from cards.games.concentration.game import Concentration
from cards.games.solitaire.game import DEAL_SIZE, Solitaire, seed_of_day
from civio_tui.game_file import GameFile
from civio_tui.save_format import (
    ConcentrationFile,
    ConcentrationGameDoc,
    SeatDoc,
    SolitaireFile,
    SolitaireGameDoc,
    UnreadableSave,
    edition_of,
    rebuild,
)
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


class SolitaireSaves(GameFile[SavedSolitaire, SolitaireFile]):
    FILE = SOLITAIRE_FILE
    MODEL = SolitaireFile

    def build(self, doc: SolitaireFile) -> SavedSolitaire:
        game = rebuild(lambda: Solitaire.from_json(doc.game.model_dump(mode="json"), self.deck))
        if any(c not in game.turned for g in doc.picked for c in g):
            raise UnreadableSave("its precedents hold cards that are not turned up")
        return SavedSolitaire(game, [list(g) for g in doc.picked])

    def document(self, saved: SavedSolitaire) -> SolitaireFile:
        return SolitaireFile(
            saved_at=datetime.now(UTC),
            deck=edition_of(self.deck),
            game=SolitaireGameDoc.model_validate(saved.game.to_json()),
            picked=saved.picked,
        )


class ConcentrationSaves(GameFile[SavedConcentration, ConcentrationFile]):
    FILE = CONCENTRATION_FILE
    MODEL = ConcentrationFile

    def build(self, doc: ConcentrationFile) -> SavedConcentration:
        game = rebuild(lambda: Concentration.from_json(doc.game.model_dump(mode="json"), self.deck))
        seats = [Seat(s.name, s.level) for s in doc.seats]
        if len(seats) != game.players:
            raise UnreadableSave("its players do not match its seats")
        if any(s.level not in SEAT_LEVELS for s in seats):
            raise UnreadableSave("a seat is neither a person nor a computer level")
        return SavedConcentration(game, seats)

    def document(self, saved: SavedConcentration) -> ConcentrationFile:
        return ConcentrationFile(
            saved_at=datetime.now(UTC),
            deck=edition_of(self.deck),
            game=ConcentrationGameDoc.model_validate(saved.game.to_json()),
            seats=[SeatDoc(name=s.name, level=s.level) for s in saved.seats],
        )
