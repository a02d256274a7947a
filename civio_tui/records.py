"""Best scores and puzzle streaks of the other games, kept with the saves.

One small JSON file, `games-records.json`, in the save folder (it does not end in `.civio.json`,
so the campaign list never sees it). Writes are crash-safe (`safe_files.write_safely`), so a
failed write leaves the previous records whole. A
file that cannot be read (corrupt, foreign, from a newer version) is never overwritten: the
records then stay in memory for this session and `problem` says why.
"""

from __future__ import annotations

import os

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from civio_tui.campaigns.store import resolve_save_dir
from civio_tui.safe_files import write_safely
from civio_tui.save_format import UnreadableSave, first_error, read_document, unreadable_message

RECORDS_FILE = "games-records.json"
VERSION = 1
MAX_BYTES = 1024 * 1024
MAX_DEALS_KEPT = 500
MAX_ANSWERS_KEPT = 2000
"""The puzzle rating is over at most this many latest first answers (the file stays small)."""


class SolitaireRecords(BaseModel):
    model_config = ConfigDict(extra="forbid")

    games: int = 0
    best: dict[str, int] = Field(default_factory=dict)
    """Best score per deal seed (as text, JSON's keys are strings)."""


class PuzzleAnswer(BaseModel):
    """A first answer to a puzzle, in the order given: what the puzzle rating is computed from
    (`civio_tui.ratings.puzzle_history`)."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    difficulty: str
    first_try: bool
    """Solved at this first answer."""


class PuzzleStats(BaseModel):
    """A player's puzzles: `tried` counts each puzzle once (at its first answer), `solved` each
    one solved at all (a second try counts), `first_try` those solved at the first answer; the
    streak counts puzzles solved at the first answer in a row."""

    model_config = ConfigDict(extra="forbid")

    solved: int = 0
    tried: int = 0
    first_try: int = 0
    streak: int = 0
    best_streak: int = 0
    by_kind: dict[str, int] = Field(default_factory=dict)
    """Puzzles solved per kind."""
    answers: list[PuzzleAnswer] = Field(default_factory=list)
    """Each puzzle's first answer with its kind and difficulty (files written before the
    puzzle rating have none: their puzzles are counted above but not rated)."""

    @model_validator(mode="before")
    @classmethod
    def _older_file(cls, data: object) -> object:
        # Files written before `first_try` counted a puzzle solved only at the first answer.
        if isinstance(data, dict) and "first_try" not in data and "solved" in data:
            return {**data, "first_try": data["solved"]}
        return data


class TableResult(BaseModel):
    """A game played at a networked table: who sat where, what each seat won (pairs), and
    the turns played, over the deals finished so far."""

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    scores: list[int]
    turns: int
    deals: int


class ConcentrationRecords(BaseModel):
    model_config = ConfigDict(extra="forbid")

    games: int = 0
    fewest_turns: int | None = None
    tables: dict[str, TableResult] = Field(default_factory=dict)
    """The games played at networked tables, by table code."""


class GameRecords(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = VERSION
    solitaire: SolitaireRecords = Field(default_factory=SolitaireRecords)
    puzzles: dict[str, PuzzleStats] = Field(default_factory=dict)
    """Per player name."""
    concentration: ConcentrationRecords = Field(default_factory=ConcentrationRecords)

    def puzzle_stats(self, player: str) -> PuzzleStats:
        return self.puzzles.setdefault(player, PuzzleStats())

    def record_solitaire(self, seed: int, score: int) -> bool:
        """Count a finished Solitaire game; True when it is a new best on this deal."""
        self.solitaire.games += 1
        key = str(seed)
        previous = self.solitaire.best.get(key)
        if previous is not None and previous >= score:
            return False
        self.solitaire.best[key] = score
        if len(self.solitaire.best) > MAX_DEALS_KEPT:
            # Keep the file small: forget the lowest best scores first.
            ranked = sorted(self.solitaire.best, key=lambda k: self.solitaire.best[k])
            for old in ranked[: len(ranked) - MAX_DEALS_KEPT]:
                del self.solitaire.best[old]
        return True

    def record_puzzle(
        self,
        player: str,
        kind: str,
        solved: bool,
        *,
        first: bool = True,
        difficulty: str | None = None,
    ) -> PuzzleStats:
        """Count an answer to a puzzle: its `first` answer (right or wrong), or the later one
        that solves it (a later wrong answer is not counted: call this once per puzzle for the
        first answer, and once more if a later one solves it). A first answer with its
        `difficulty` is kept for the puzzle rating."""
        stats = self.puzzle_stats(player)
        if first:
            stats.tried += 1
            if difficulty is not None:
                stats.answers.append(
                    PuzzleAnswer(kind=kind, difficulty=difficulty, first_try=solved)
                )
                del stats.answers[:-MAX_ANSWERS_KEPT]
            if solved:
                stats.first_try += 1
                stats.streak += 1
                stats.best_streak = max(stats.best_streak, stats.streak)
            else:
                stats.streak = 0
        if solved:
            stats.solved += 1
            stats.by_kind[kind] = stats.by_kind.get(kind, 0) + 1
        return stats

    def record_concentration(self, turns: int) -> bool:
        """Count a finished one-player game; True when it is the fewest turns yet."""
        c = self.concentration
        c.games += 1
        if c.fewest_turns is None or turns < c.fewest_turns:
            c.fewest_turns = turns
            return True
        return False

    def record_concentration_table(self, code: str, result: TableResult) -> bool:
        """Keep a table's game as it stands after its finished deals; False when the record
        already holds those deals."""
        tables = self.concentration.tables
        if code in tables and tables[code].deals >= result.deals:
            return False
        tables[code] = result
        if len(tables) > MAX_DEALS_KEPT:  # the oldest tables go first
            del tables[next(iter(tables))]
        return True


class RecordsFile:
    """The records of one save folder: read once, written after each finished game."""

    def __init__(self, save_dir: str | os.PathLike[str] | None = None) -> None:
        self.folder = resolve_save_dir(save_dir)
        self.path = self.folder / RECORDS_FILE
        self.problem: str | None = None
        self.records = self._read()

    def _read(self) -> GameRecords:
        try:
            with open(self.path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return GameRecords()
        except OSError as exc:
            self.problem = f"cannot read {self.path}: {exc.strerror or exc}"
            return GameRecords()
        try:
            raw = read_document(data, MAX_BYTES)
            if not isinstance(raw, dict) or raw.get("version") != VERSION:
                raise UnreadableSave("it is not a version 1 records file")
            return GameRecords.model_validate(raw)
        except ValidationError as exc:
            reason = f"wrong schema: {first_error(exc)}"
        except RecursionError:
            reason = "nested too deeply"
        except UnreadableSave as exc:
            reason = str(exc)
        self.problem = unreadable_message(str(self.path), reason, "new best scores are not saved")
        return GameRecords()

    def save(self) -> str | None:
        """Write the records crash-safely; the reason when nothing was written."""
        if self.problem is not None:
            return self.problem
        data = self.records.model_dump_json(indent=2).encode()
        try:
            write_safely(self.folder, RECORDS_FILE, data)
        except OSError as exc:
            return f"could not save the best scores to {self.path}: {exc.strerror or exc}"
        return None
