"""A game in progress kept in one file of the save folder (Solitaire, Concentration), so it can
be continued.

The file is a model of the one save format (`save_format.GameFileEnvelope`: its kind, schema
version and deck edition); it does not end in `.civio.json`, so the campaign list never sees it.
Written after every move, crash-safely (`safe_files.write_safely`). A file that cannot be read
(corrupt, foreign, another deck, a newer version, a move that does not replay) is never
overwritten: `problem` says why ("unreadable: kept as it was") and the game in progress is not
saved. A subclass says how its game becomes the model and back.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from cards.deck import Deck
from civio_tui.campaigns.store import resolve_save_dir
from civio_tui.records import MAX_BYTES
from civio_tui.safe_files import write_safely
from civio_tui.save_format import (
    GameFileEnvelope,
    UnreadableSave,
    check_edition,
    unreadable_message,
)

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

T = TypeVar("T")
M = TypeVar("M", bound=GameFileEnvelope)


class GameFile(Generic[T, M]):
    """The save folder's file of one game: `saved` (None when there is none or it is
    unreadable, then `problem` says why), `write(...)` after each move."""

    FILE: ClassVar[str]
    MODEL: type[M]

    def __init__(self, save_dir: str | os.PathLike[str] | None, deck: Deck) -> None:
        self.folder = resolve_save_dir(save_dir)
        self.path = self.folder / self.FILE
        self.deck = deck
        self.problem: str | None = None
        self.saved: T | None = self._read()

    @property
    def what(self) -> str:
        """The game in words, for messages: "Solitaire deal"."""
        return self.MODEL.WHAT

    # What a subclass says.
    def build(self, doc: M) -> T:
        """The saved game from the validated file (UnreadableSave when it does not replay)."""
        raise NotImplementedError

    def document(self, saved: T) -> M:
        """The game as the file's model."""
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
            doc = self.MODEL.parse(data, MAX_BYTES)
            check_edition(doc, self.deck)
            return self.build(doc)
        except UnreadableSave as exc:
            self.problem = unreadable_message(
                str(self.path), str(exc), f"this {self.what} is not saved"
            )
            return None

    def write(self, saved: T) -> str | None:
        """Write the game crash-safely; the reason when nothing was written."""
        if self.problem is not None:
            return self.problem
        try:
            write_safely(self.folder, self.FILE, self.document(saved).to_bytes())
        except OSError as exc:
            return f"could not save the {self.what} to {self.path}: {exc.strerror or exc}"
        self.saved = saved
        return None

    def saved_at(self) -> datetime:
        """When the file was last written (OSError when it is gone)."""
        return datetime.fromtimestamp(self.path.stat().st_mtime, UTC)


def open_saved(
    app: App[Any],
    saves: GameFile[T, Any],
    playable: Callable[[T], bool],
    screen: Callable[[T], Screen[Any]],
) -> None:
    """Open the saved game on `screen` (the main menu's Continue) when it can be played on;
    otherwise say why (no game, or the file's problem)."""
    saved = saves.saved
    if saved is None or not playable(saved):
        app.notify(saves.problem or f"There is no {saves.what} to continue.", severity="warning")
        return
    app.push_screen(screen(saved))
