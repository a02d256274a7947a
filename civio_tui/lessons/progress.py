"""Lesson progress, kept per player in the save folder as `lessons.json`.

Written like the saves (`safe_files.write_safely`), so a crash leaves either the old progress or
the new. A file that cannot be read is
never written over: it is kept beside it as `lessons.bad.json` and the player is told.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

# Read by the main menu before its first frame, without pydantic (lessons/started.py).
from civio_tui.lessons.started import PROGRESS_FILE as PROGRESS_FILE
from civio_tui.lessons.started import any_lesson_done as any_lesson_done
from civio_tui.safe_files import write_safely
from civio_tui.save_format import Envelope, Migration, UnreadableSave

BAD_FILE = "lessons.bad.json"
MAX_STARS = 3
GAMES_FOLDER = "lesson-games"
"""The coached round's saved games: a folder of their own inside the save folder, so a lesson's
round is neither the main menu's Continue nor a game of Campaigns and Statistics."""


class LessonRecord(BaseModel):
    """One lesson: done or not, the best stars, and where an unfinished attempt stands."""

    model_config = ConfigDict(extra="ignore")

    done: bool = False
    stars: int = Field(default=0, ge=0, le=MAX_STARS)
    step: int = Field(default=0, ge=0)
    """The step to resume at (0 when not started or finished)."""
    placed: list[str] = Field(default_factory=list)
    """The moves made in the unfinished step, kept for the resume: the names of the cards
    placed (a Build step) or the player's moves at the table (a TableTurn step)."""
    hints: int = Field(default=0, ge=0)
    """Hints taken so far in the current attempt (each costs a star)."""
    game: str | None = None
    """The saved game of a coached round not yet played to the end of a round."""


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept its version as `version` (and named no kind: see `earlier_shape`)."""
    return {**{k: v for k, v in doc.items() if k != "version"}, "schema_version": 2}


class LessonProgress(Envelope):
    """Every lesson's record, by lesson id (`lessons.json`, in the one save format)."""

    model_config = ConfigDict(extra="ignore")

    KIND: ClassVar[str] = "civio-tui lessons"
    VERSION: ClassVar[int] = 2
    WHAT: ClassVar[str] = "lesson progress"
    MIGRATIONS: ClassVar[dict[int, Migration]] = {1: _v1_to_v2}
    OLD_VERSION_KEY: ClassVar[str | None] = "version"

    format: Literal["civio-tui lessons"] = "civio-tui lessons"
    schema_version: Literal[2] = 2
    lessons: dict[str, LessonRecord] = Field(default_factory=dict)
    last: str | None = None
    """The lesson whose progress was saved last: the one the player left most recently."""

    @classmethod
    def earlier_shape(cls, doc: Any) -> Any:
        # Version 1 named no kind: an object without `format` is taken for one.
        if isinstance(doc, dict) and "format" not in doc:
            return {"version": 1, **doc, "format": cls.KIND}
        return doc

    def record(self, lesson_id: str) -> LessonRecord:
        return self.lessons.setdefault(lesson_id, LessonRecord())

    def any_done(self) -> bool:
        return any(record.done for record in self.lessons.values())

    def left_midway(self) -> list[str]:
        """The lessons left before their end (a step to resume at, or a coached round still
        going), the most recently left first."""
        ids = [i for i, r in self.lessons.items() if r.step or r.game]
        return sorted(ids, key=lambda i: i != self.last)


def stars_for(hints: int) -> int:
    """Three stars without hints; each hint taken costs one (never below one)."""
    return max(1, MAX_STARS - hints)


class ProgressFile:
    """The progress file of one save folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / PROGRESS_FILE
        self.unreadable = False
        """The file on disk could not be read: the next save keeps it aside first."""

    def load(self) -> tuple[LessonProgress, str | None]:
        """The progress, and a sentence for the player when the file could not be used."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return LessonProgress(), None
        except OSError as exc:
            self.unreadable = True
            return LessonProgress(), f"{self.path}: cannot be read ({exc}); {self._fresh()}"
        try:
            return LessonProgress.parse(data), None
        except UnreadableSave as exc:
            self.unreadable = True
            return LessonProgress(), f"{self.path}: not lesson progress ({exc}); {self._fresh()}"

    def _fresh(self) -> str:
        return f"your lessons start afresh and the file will be kept as {BAD_FILE}."

    def save(self, progress: LessonProgress) -> str | None:
        """Write the progress; a sentence for the player when it could not be written."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if self.unreadable and self.path.exists():
                os.replace(self.path, _free_name(self.folder / BAD_FILE))
            self.unreadable = False
            write_safely(self.folder, PROGRESS_FILE, progress.to_bytes())
        except OSError as exc:
            return f"Lesson progress not saved: {exc.strerror or exc}"
        return None


def _free_name(path: Path) -> Path:
    """`path`, or `path` with a number added when a file already has that name."""
    candidate = path
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name.removesuffix('.json')}.{number}.json")
    return candidate


def progress_file(save_dir: str | None) -> ProgressFile:
    """The progress file for the app's save folder (`--save-dir`, `$CIVIO_SAVE_DIR`, default)."""
    from civio_tui.campaigns.store import resolve_save_dir

    return ProgressFile(resolve_save_dir(save_dir))


def lesson_games_dir(save_dir: str | None) -> str:
    """The folder where the coached round is saved (kept apart from the player's games)."""
    from civio_tui.campaigns.store import resolve_save_dir

    return str(resolve_save_dir(save_dir) / GAMES_FOLDER)
