"""What each student of a served class has done: the figures of `civio class` and the teacher's
page, read from the players' folders under the save root (`civio_tui.serve.players`).

Per student, from their own folder:
- lessons: `lessons.json` (`civio_tui.lessons.progress`): lessons of the catalogue done, and the
  stars of those (a file that cannot be read counts as no lesson);
- puzzles: `games-records.json` (`civio_tui.records`), the student's own entry (a served
  player's puzzles are recorded under their name): solved at the first answer, solved at a
  later one, and the current streak of first-answer solutions;
- rounds: every CIVIO campaign in the folder (games against the computer and the records of
  networked tables), finished rounds only, won from the student's own seat; "latest" is the
  readable campaign saved last (its rank and points). Figures per file are cached
  (`games_cache`);
- last played: the latest of a campaign's save time and the times `lessons.json`,
  `games-records.json` and an Easy Play game were written;
- PIN: whether one is set; `locked`: a computer the name never signed in from must wait after
  too many wrong PINs (`locked_seconds`, `wrong_pins`); `teacher_locked`: the teacher locked the
  name on the teacher's page (`PlayerFolder.locked`), so it cannot sign in;
- playing now: a tab is signed in as the student at this moment. The process of a signed-in tab
  holds the lock of the player's folder (`PlayerLock`) for as long as it runs and the kernel
  drops it when the process ends, so this is true exactly while a tab is open on the game
  (not a guess from a recent save). It is read from the kernel's table of locks, never by
  taking the lock: a look must not make a student's sign-in fail;
- table: the code of an open or playing networked table where the student has a seat and has
  not left.

Nothing here writes a game, a PIN or a progress file; only the cache of figures is written.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import math
import os
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from civio_tui.campaigns.store import EASY_PLAY_SUFFIX
from civio_tui.classroom.games_cache import (
    DeckSource,
    FolderCache,
    Signature,
    campaign_files,
    signature_key,
)
from civio_tui.lessons.progress import PROGRESS_FILE, LessonProgress
from civio_tui.records import RECORDS_FILE, RecordsFile
from civio_tui.safe_files import file_id, flocked_files
from civio_tui.save_format import UnreadableSave
from civio_tui.serve.pins import PinDesk
from civio_tui.serve.players import (
    PlayerFolder,
    PlayerLock,
    PlayerNameError,
    folder_name,
    player_folders,
)

if TYPE_CHECKING:
    from cards.deck import Deck
    from civio_tui.ratings import Rating

TABLES_FILE = "tables.sqlite3"
"""The class's table store (`civio_tui.tables.store.FILE_NAME`), looked for before the table
code is imported: most looks find no table."""


class StudentProgress(BaseModel):
    """One student's figures (a row of `civio class --json/--csv` and of the teacher's page)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    lessons_done: int
    lessons_total: int
    lesson_stars: int
    puzzles_first_try: int
    puzzles_later: int
    puzzle_streak: int
    puzzle_rating: int | None
    puzzle_rating_uncertainty: int | None
    rounds_played: int
    rounds_won: int
    games: int
    """Readable campaigns in the student's folder."""
    unreadable_games: int
    """Campaign files that cannot be read (they count for nothing above)."""
    latest_rank: str | None
    latest_points: int | None
    rating: int | None
    """The rating over every rated round (`civio_tui.ratings`: None before the first)."""
    rating_uncertainty: int | None
    rated_rounds: int
    last_played: datetime | None
    pin_set: bool
    locked: bool
    wrong_pins: int
    """Wrong PINs typed for the name since its PIN was last reset."""
    locked_seconds: int
    """How long a computer the name never signed in from must wait for its next try."""
    teacher_locked: bool
    """The teacher has locked the name (the teacher's page): it cannot sign in."""
    playing_now: bool
    table: str | None
    puzzles_solved: int
    """Puzzles solved at the first answer or later (the two columns above, summed); last, so
    that the columns before it keep their places."""


COLUMNS: tuple[str, ...] = tuple(StudentProgress.model_fields)
"""The columns of `--csv` and the teacher's CSV download, in order."""


class SaveRootError(Exception):
    """The save root cannot be read as a class; the message names it and says why, `reason`
    says only why."""

    def __init__(self, root: Path, reason: str) -> None:
        super().__init__(f"{root}: {reason}")
        self.reason = reason


def class_progress(
    save_root: Path, deck: Deck | None = None, clock: Callable[[], float] = time.time
) -> list[StudentProgress]:
    """Every student under the save root, sorted by name (none when the root does not exist
    yet). `deck`: the card pack campaigns are read with (default: the standard deck).
    SaveRootError when the root is not a folder that can be read."""
    try:
        players = player_folders(save_root)
    except OSError as exc:
        raise SaveRootError(save_root, exc.strerror or str(exc)) from None
    if not players:
        return []
    source = DeckSource.of(deck) if deck is not None else DeckSource.standard()
    pins = PinDesk(save_root, clock)
    seated = seated_tables(save_root)
    held = flocked_files()

    return [_progress(player, source, pins, seated, held) for player in players]


def _progress(
    player: PlayerFolder,
    deck: DeckSource,
    pins: PinDesk,
    seated: dict[str, str],
    held: set[tuple[int, int, int]] | None,
) -> StudentProgress:
    folder = player.path
    try:
        cache: FolderCache | None = FolderCache(folder, player.name, deck)
    except OSError:
        cache = None
    facts = list(cache.campaigns().values()) if cache else []
    readable = [f for f in facts if f.readable]
    latest = max(
        readable, key=lambda f: f.saved_at or datetime.min.replace(tzinfo=UTC), default=None
    )
    rating = puzzle_rating = None
    if cache is not None:
        classmates = sorted({name for f in facts for name in f.people})
        key = signature_key(
            rating_code(),
            [(g.name, g.signature) for g in cache.games],
            [(name, _classmate_signatures(player.root, name)) for name in classmates],
        )
        rating = cache.rating(key, lambda: _rating(folder) if cache.games else None)
        records = _signature(folder / RECORDS_FILE)
        puzzle_rating = cache.puzzle_rating(
            signature_key(rating_code(), records),
            lambda: _puzzle_rating(folder) if records else None,
        )
        cache.save()
    lessons_done, stars = _lessons(folder)
    first_try, later, streak = _puzzles(folder, player.name)
    tries = pins.tries.state(folder_name(player.name))
    played = [f.saved_at for f in readable if f.saved_at is not None] + _written_at(folder)
    return StudentProgress(
        name=player.name,
        lessons_done=lessons_done,
        lessons_total=len(lesson_ids()),
        lesson_stars=stars,
        puzzles_first_try=first_try,
        puzzles_later=later,
        puzzle_streak=streak,
        puzzle_rating=puzzle_rating.value if puzzle_rating else None,
        puzzle_rating_uncertainty=puzzle_rating.uncertainty if puzzle_rating else None,
        rounds_played=sum(f.rounds for f in readable),
        rounds_won=sum(f.won for f in readable),
        games=len(readable),
        unreadable_games=len(facts) - len(readable),
        latest_rank=latest.rank if latest else None,
        latest_points=latest.points if latest else None,
        rating=rating.value if rating else None,
        rating_uncertainty=rating.uncertainty if rating else None,
        rated_rounds=rating.games if rating else 0,
        last_played=max(played, default=None),
        pin_set=pins.has_pin(player.name),
        locked=tries.wait > 0,
        wrong_pins=tries.wrong,
        locked_seconds=math.ceil(tries.wait),
        teacher_locked=player.locked,
        playing_now=_playing_now(folder, held),
        table=seated.get(player.name.casefold()),
        puzzles_solved=first_try + later,
    )


@functools.cache
def rating_code() -> str:
    """The key of the code ratings are computed with (`civio_tui/ratings.py` and openskill's
    version): a cached rating made by other code is computed again."""
    from importlib import metadata
    from importlib.util import find_spec

    spec = find_spec("civio_tui.ratings")
    assert spec is not None and spec.origin is not None
    source = Path(spec.origin).read_bytes()
    return signature_key(hashlib.sha256(source).hexdigest(), metadata.version("openskill"))


def playing_now(folder: Path) -> bool:
    """Whether a tab is signed in as the player of `folder` now."""
    return _playing_now(folder, flocked_files())


def _playing_now(folder: Path, held: set[tuple[int, int, int]] | None) -> bool:
    """Whether a process holds the player's lock (a tab is signed in as them): looked up in the
    kernel's table of locks, so a tab signing in at this moment never finds the lock taken by
    the look; where there is no such table, by trying the lock."""
    lock = PlayerLock(folder)
    if held is None:
        return lock.is_held_elsewhere()
    return file_id(lock.path) in held


# The rating code is imported only when a rating must be computed again.
def _rating(folder: Path) -> Rating | None:
    from civio_tui import ratings

    return ratings.current_rating(folder)


def _puzzle_rating(folder: Path) -> Rating | None:
    from civio_tui import ratings

    return ratings.current_puzzle_rating(folder)


def _signature(path: Path) -> Signature | None:
    try:
        return Signature.of(os.stat(path))
    except OSError:
        return None


def _classmate_signatures(root: Path, name: str) -> list[tuple[str, Signature]]:
    """The signatures of the campaign files of the classmate `name` (none: no such folder)."""
    try:
        folder = PlayerFolder(root, name).path
        return [(g.name, g.signature) for g in campaign_files(folder)]
    except (OSError, PlayerNameError):
        return []


@functools.cache
def lesson_ids() -> frozenset[str]:
    """The lessons of the catalogue (progress kept for a lesson no longer offered counts not)."""
    from civio_tui.lessons.catalogue import LESSONS

    return frozenset(lesson.id for lesson in LESSONS)


def _lessons(folder: Path) -> tuple[int, int]:
    """(lessons done, their stars); a missing or unreadable file counts as none."""
    try:
        progress = LessonProgress.parse((folder / PROGRESS_FILE).read_bytes())
    except (OSError, UnreadableSave):
        return 0, 0
    done = [r for key, r in progress.lessons.items() if r.done and key in lesson_ids()]
    return len(done), sum(r.stars for r in done)


def _puzzles(folder: Path, name: str) -> tuple[int, int, int]:
    """(solved at the first answer, solved later, current streak) of the student's own entry,
    or of the file's only entry (a folder played before the name was recorded: "You")."""
    records = RecordsFile(folder)
    if records.problem is not None:
        return 0, 0, 0
    entries = records.records.puzzles
    own = [s for who, s in entries.items() if who.casefold() == name.casefold()]
    if not own and len(entries) == 1:
        own = list(entries.values())
    if not own:
        return 0, 0, 0
    stats = own[0]
    return stats.first_try, stats.solved - stats.first_try, stats.streak


def _written_at(folder: Path) -> list[datetime]:
    """When the lesson progress, the other games' records and any Easy Play game were last
    written."""
    names = [PROGRESS_FILE, RECORDS_FILE]
    with contextlib.suppress(OSError):
        names += [f for f in os.listdir(folder) if f.endswith(EASY_PLAY_SUFFIX)]
    times = []
    for filename in names:
        try:
            times.append(datetime.fromtimestamp(os.stat(folder / filename).st_mtime, UTC))
        except OSError:
            continue
    return times


def seated_tables(root: Path) -> dict[str, str]:
    """The code of the open or playing table each person (by case-folded name) sits at and
    has not left; the table changed last when there are several."""
    tables, _problem = open_tables(root)
    seated: dict[str, str] = {}
    for table in sorted(tables, key=lambda t: t.row.updated):
        for seat in table.seats:
            if seat.name is not None and not seat.left_on_purpose:
                seated[seat.name.casefold()] = table.code
    return seated


def open_tables(root: Path) -> tuple[list[Any], str | None]:
    """The class's open and playing tables, and why they cannot be read (None when they can);
    a class with no table file yet has none, and none is created."""
    if not (root / TABLES_FILE).exists():
        return [], None
    from civio_tui.tables import ops
    from civio_tui.tables.store import StoreUnavailable, TableStore

    try:
        with TableStore.in_root(root) as store:
            return ops.list_tables(store), None
    except StoreUnavailable as exc:
        return [], str(exc)


def csv_cell(value: object) -> str:
    """A value as the CSV shows it: empty for none, yes/no, times in ISO 8601 (UTC)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat(timespec="seconds")
    return str(value)


def progress_csv(rows: Iterable[StudentProgress]) -> str:
    """The class as CSV: a header of `COLUMNS`, then one row per student."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([csv_cell(getattr(row, column)) for column in COLUMNS])
    return out.getvalue()
