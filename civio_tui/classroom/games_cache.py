"""Each player's figures for the class's progress, cached in the player's folder.

The class list needs a few figures of every campaign a student saved (rounds played and won,
rank, points, when it was saved) and their ratings; reading and rating every file again at each
look would cost the teacher's page more with every game a class plays (rating 10 games takes
tens of milliseconds a student). So they are kept in `.progress-cache.json` in the player's
folder:
- each campaign file's figures, under the file's name and its signature: size, modification
  time (ns) and inode. A save is written to a temporary file and renamed over the old one
  (`campaigns.store`), so every new save has a new inode; a file whose signature differs from
  the cached one is read again;
- the rating and the puzzle rating, each under a key made of what it is computed from: the
  signatures of the folder's campaign files (and of the campaign files of each classmate who
  played in one of them, since their rating counts), or of the puzzle records, and the rating
  code itself (`ratings.py` and the openskill version), so a changed rule recomputes them.

The cache is never trusted over a file: one that cannot be read, does not validate, or was made
for another player name, another deck or another version of these figures is ignored and
rebuilt. It is written (`safe_files.write_safely`, renamed into place but not synced to the
disk: a cache lost in a crash is rebuilt) only when its content changed, and a failed write is
ignored: the figures were computed anyway.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from civio_tui.campaigns.store import (
    BACKUP_SUFFIX,
    SAVE_SUFFIX,
    CampaignNameError,
    SaveError,
    SaveFolder,
    check_name,
)
from civio_tui.safe_files import write_safely

if TYPE_CHECKING:
    from cards.deck import Deck
    from civio_tui.campaigns.model import Campaign, Player
    from civio_tui.ratings import Rating

CACHE_FILE = ".progress-cache.json"


class Signature(BaseModel):
    """What identifies one version of a file on disk."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    size: int = Field(ge=0)
    mtime_ns: int
    inode: int = Field(ge=0)

    @classmethod
    def of(cls, stat: os.stat_result) -> Signature:
        return cls(size=stat.st_size, mtime_ns=stat.st_mtime_ns, inode=stat.st_ino)


class GameFacts(BaseModel):
    """One campaign file's figures, from the student's own seat (None/0 when unreadable)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    signature: Signature
    readable: bool
    saved_at: datetime | None = None
    finished: bool = False
    rounds: int = Field(default=0, ge=0)
    won: int = Field(default=0, ge=0)
    rank: str | None = None
    points: int | None = None
    people: list[str] = Field(default_factory=list)
    """The other people at the table (classmates: their rating counts in the student's)."""


class RatingFigures(BaseModel):
    """A rating as `civio_tui.ratings.Rating` gives it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: int
    uncertainty: int = Field(ge=0)
    games: int = Field(ge=0)


class CachedRating(BaseModel):
    """A rating (None: no rated round yet) and the key of what it was computed from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    rating: RatingFigures | None


class ProgressCache(BaseModel):
    """The cache file: the figures of every campaign file, by file name, and the ratings."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["civio-tui progress cache"] = "civio-tui progress cache"
    version: Literal[3] = 3
    """Raised whenever `GameFacts` or the way they are computed changes: older caches are
    then rebuilt."""
    player: str
    deck: str
    files: dict[str, GameFacts] = Field(default_factory=dict)
    rating: CachedRating | None = None
    puzzle_rating: CachedRating | None = None


@dataclass(frozen=True)
class GameFile:
    """A campaign file found in the folder: its campaign name and signature."""

    name: str
    path: Path
    signature: Signature


def campaign_files(folder: Path) -> list[GameFile]:
    """The campaign files of a player's folder (not backups, not hidden files), by name."""
    found = []
    with os.scandir(folder) as entries:
        for entry in entries:
            filename = entry.name
            if filename.startswith(".") or filename.endswith(BACKUP_SUFFIX):
                continue
            if not filename.endswith(SAVE_SUFFIX) or not entry.is_file(follow_symlinks=False):
                continue
            signature = Signature.of(entry.stat(follow_symlinks=False))
            found.append(GameFile(filename[: -len(SAVE_SUFFIX)], Path(entry.path), signature))
    return sorted(found, key=lambda f: f.name)


def student_seat(campaign: Campaign, player: str) -> Player:
    """The student's seat: the human of their name (a table's record seats several people),
    else the campaign's first human, else the first seat."""
    wanted = player.casefold()
    named = (p for p in campaign.humans if p.name.casefold() == wanted)
    return next(named, campaign.human or campaign.players[0])


def read_facts(folder: SaveFolder, game: GameFile, player: str, deck: Deck) -> GameFacts:
    """The figures of one campaign file, read and checked as the campaign list does (its name,
    schema and deck; the round in progress is not replayed: only finished rounds count)."""
    # Imported here: a look that finds every figure in the cache reads no campaign.
    from civio_tui.campaigns.model import SaveFormatError
    from civio_tui.campaigns.replay import parse_checked

    try:
        if check_name(game.name) != game.name:
            raise CampaignNameError(game.name)
        save = parse_checked(folder.read(game.path), deck, game.name)
    except (OSError, SaveError, SaveFormatError):
        return GameFacts(signature=game.signature, readable=False)
    campaign = save.campaign
    you = student_seat(campaign, player).name
    standing = campaign.standing(you)
    return GameFacts(
        signature=game.signature,
        readable=True,
        saved_at=save.saved_at,
        finished=campaign.finished,
        rounds=campaign.rounds_played,
        won=sum(1 for record in campaign.history if record.winner == you),
        rank=standing.rank,
        points=standing.points,
        people=[p.name for p in campaign.humans if p.name != you],
    )


def _load(path: Path, player: str, deck: str) -> ProgressCache | None:
    """The cache, or None when it is missing, unreadable or not for this player, deck and
    version."""
    try:
        cache = ProgressCache.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, ValueError, RecursionError):
        return None
    if cache.player != player or cache.deck != deck:
        return None
    return cache


@dataclass(frozen=True)
class DeckSource:
    """The deck campaigns are read with, loaded only when a file must be read: `key` stands
    for it in the cache."""

    key: str
    load: Callable[[], Deck]

    @classmethod
    def of(cls, deck: Deck) -> DeckSource:
        return cls(deck.sha256, lambda: deck)

    @classmethod
    def standard(cls) -> DeckSource:
        """The standard deck (and its earlier editions, which its campaigns may be on), keyed
        by its packaged files: loading it would cost a look from the cache more than the rest."""
        from importlib import resources

        data = resources.files("cards").joinpath("data")
        files = [data.joinpath("standard.toml"), *data.joinpath("editions").iterdir()]
        contents = sorted((f.name, f.read_bytes()) for f in files if f.name.endswith(".toml"))
        return cls(signature_key("standard deck", *contents), _standard_deck)


def _standard_deck() -> Deck:
    from cards.deck import standard_deck

    return standard_deck()


def signature_key(*parts: object) -> str:
    """A short key for what a figure is computed from (each part written out by `repr`)."""
    text = "\n".join(repr(part) for part in parts)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class FolderCache:
    """The figures of one player's folder: from the cache where they still hold, computed where
    they do not; `save()` writes the cache when it changed. OSError when the folder cannot be
    listed."""

    def __init__(self, folder: Path, player: str, deck: DeckSource) -> None:
        self.folder = folder
        self.player = player
        self.deck = deck
        self.games = campaign_files(folder)
        self._loaded = _load(folder / CACHE_FILE, player, deck.key)
        self.document = ProgressCache(player=player, deck=deck.key)

    def campaigns(self) -> dict[str, GameFacts]:
        """The figures of every campaign file, by campaign name."""
        cached = self._loaded.files if self._loaded else {}
        saves = SaveFolder(self.folder)
        facts = {}
        for game in self.games:
            known = cached.get(game.name)
            if known is None or known.signature != game.signature:
                known = read_facts(saves, game, self.player, self.deck.load())
            facts[game.name] = known
        self.document.files = facts
        return facts

    def rating(self, key: str, compute: Callable[[], Rating | None]) -> RatingFigures | None:
        """The rating computed from what `key` stands for."""
        cached = self._loaded.rating if self._loaded else None
        self.document.rating = _rating(cached, key, compute)
        return self.document.rating.rating

    def puzzle_rating(self, key: str, compute: Callable[[], Rating | None]) -> RatingFigures | None:
        """The puzzle rating computed from what `key` stands for."""
        cached = self._loaded.puzzle_rating if self._loaded else None
        self.document.puzzle_rating = _rating(cached, key, compute)
        return self.document.puzzle_rating.rating

    def save(self) -> None:
        """Write the cache when it changed (a folder without campaigns or ratings gets none)."""
        document = self.document
        if document == self._loaded:
            return
        if self._loaded is None and not document.files:
            return
        # A folder that cannot be written: the figures are right, only the next look is slower.
        with contextlib.suppress(OSError):
            data = document.model_dump_json().encode()
            write_safely(self.folder, CACHE_FILE, data, sync=False)


def _rating(
    cached: CachedRating | None, key: str, compute: Callable[[], Rating | None]
) -> CachedRating:
    if cached and cached.key == key:
        return cached
    found = compute()
    figures = (
        None
        if found is None
        else RatingFigures(value=found.value, uncertainty=found.uncertainty, games=found.games)
    )
    return CachedRating(key=key, rating=figures)
