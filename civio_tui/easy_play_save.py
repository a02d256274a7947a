"""The Easy Play game in progress, kept in the save folder so it can be continued.

One file, `easy-play.json` (it does not end in `.civio.json`, so the campaign list never sees
it): the players' names, the computer level and the game (`EasyPlayGame.to_json`: settings and
every round's actions; loading replays them with checks). Written after every move, crash-safely
(`records.write_safely`). A file that cannot be read (corrupt, foreign, another deck, a newer
version) is never overwritten: `problem` says why and the game in progress is not saved.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from cards.deck import Deck
from cards.easy_play_game import EasyPlayGame
from civio_tui.campaigns.store import resolve_save_dir
from civio_tui.records import MAX_BYTES, write_safely

EASY_PLAY_FILE = "easy-play.json"
FORMAT = "civio-tui easy play"
VERSION = 1


@dataclass
class SavedEasyPlay:
    game: EasyPlayGame
    names: list[str]
    level: str


class EasyPlaySaves:
    """The save folder's Easy Play file: `saved` (None when there is none or it is unreadable,
    then `problem` says why), `save(...)` after each move."""

    def __init__(self, save_dir: str | os.PathLike[str] | None, deck: Deck) -> None:
        self.folder = resolve_save_dir(save_dir)
        self.path = self.folder / EASY_PLAY_FILE
        self.deck = deck
        self.problem: str | None = None
        self.saved = self._read()

    def _read(self) -> SavedEasyPlay | None:
        try:
            with open(self.path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return None
        except OSError as exc:
            self.problem = f"cannot read {self.path}: {exc.strerror or exc}"
            return None
        try:
            if len(data) > MAX_BYTES:
                raise ValueError("the file is too large")
            raw = json.loads(data)
            if not isinstance(raw, dict) or raw.get("format") != FORMAT:
                raise ValueError("it is not an Easy Play save")
            if raw.get("version") != VERSION:
                raise ValueError(f"it is version {raw.get('version')!r}, this game reads {VERSION}")
            game = EasyPlayGame.load(raw["game"], self.deck)
            names = [str(n) for n in raw["names"]]
            if len(names) != game.seats:
                raise ValueError("its names do not match its seats")
            return SavedEasyPlay(game, names, str(raw["level"]))
        except (ValueError, KeyError, TypeError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.problem = (
                f"{self.path} is unreadable ({first}); it is left as it is and this Easy Play "
                "game is not saved"
            )
            return None

    def save(self, game: EasyPlayGame, names: list[str], level: str) -> str | None:
        """Write the game crash-safely; the reason when nothing was written."""
        if self.problem is not None:
            return self.problem
        doc = {
            "format": FORMAT,
            "version": VERSION,
            "names": names,
            "level": level,
            "game": game.to_json(),
        }
        try:
            write_safely(self.folder, EASY_PLAY_FILE, json.dumps(doc).encode())
        except OSError as exc:
            return f"could not save the Easy Play game to {self.path}: {exc.strerror or exc}"
        self.saved = SavedEasyPlay(game, names, level)
        return None
