"""A game in progress kept in one JSON file of the save folder (Easy Play, Solitaire,
Concentration), so it can be continued.

Each file names its `format` and `version`; it does not end in `.civio.json`, so the campaign list
never sees it. Written after every move, crash-safely (`records.write_safely`). A file that cannot
be read (corrupt, foreign, another deck, a newer version) is never overwritten: `problem` says why
and the game in progress is not saved. A subclass says how its game becomes JSON and back.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from cards.deck import Deck
from civio_tui.campaigns.store import resolve_save_dir
from civio_tui.records import MAX_BYTES, write_safely

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

T = TypeVar("T")


class GameFile(Generic[T]):
    """The save folder's file of one game: `saved` (None when there is none or it is
    unreadable, then `problem` says why), `write(...)` after each move."""

    FILE: ClassVar[str]
    FORMAT: ClassVar[str]
    VERSION: ClassVar[int] = 1
    WHAT: ClassVar[str]
    """The game in words, for messages: "Easy Play game"."""

    def __init__(self, save_dir: str | os.PathLike[str] | None, deck: Deck) -> None:
        self.folder = resolve_save_dir(save_dir)
        self.path = self.folder / self.FILE
        self.deck = deck
        self.problem: str | None = None
        self.saved: T | None = self._read()

    # What a subclass says.
    def parse(self, raw: dict[str, Any]) -> T:
        """The saved game from the file's JSON (ValueError, KeyError or TypeError when wrong)."""
        raise NotImplementedError

    def document(self, saved: T) -> dict[str, Any]:
        """The game as JSON (without format and version)."""
        raise NotImplementedError

    # Reading and writing.
    def _read(self) -> T | None:
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
            if not isinstance(raw, dict) or raw.get("format") != self.FORMAT:
                raise ValueError(f"it is not a saved {self.WHAT}")
            if raw.get("version") != self.VERSION:
                raise ValueError(
                    f"it is version {raw.get('version')!r}, this game reads {self.VERSION}"
                )
            return self.parse(raw)
        except (ValueError, KeyError, TypeError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.problem = (
                f"{self.path} is unreadable ({first}); it is left as it is and this "
                f"{self.WHAT} is not saved"
            )
            return None

    def write(self, saved: T) -> str | None:
        """Write the game crash-safely; the reason when nothing was written."""
        if self.problem is not None:
            return self.problem
        doc = {"format": self.FORMAT, "version": self.VERSION, **self.document(saved)}
        try:
            write_safely(self.folder, self.FILE, json.dumps(doc).encode())
        except OSError as exc:
            return f"could not save the {self.WHAT} to {self.path}: {exc.strerror or exc}"
        self.saved = saved
        return None

    def saved_at(self) -> datetime:
        """When the file was last written (OSError when it is gone)."""
        return datetime.fromtimestamp(self.path.stat().st_mtime, UTC)


def open_saved(
    app: App[Any],
    saves: GameFile[T],
    playable: Callable[[T], bool],
    screen: Callable[[T], Screen[Any]],
) -> None:
    """Open the saved game on `screen` (the main menu's Continue) when it can be played on;
    otherwise say why (no game, or the file's problem)."""
    saved = saves.saved
    if saved is None or not playable(saved):
        app.notify(saves.problem or f"There is no {saves.WHAT} to continue.", severity="warning")
        return
    app.push_screen(screen(saved))
