"""Each campaign file's figures for the class's progress, cached per file in the player's folder.

The class list needs a few figures of every campaign a student saved (rounds played and won,
rank, points, when it was saved); parsing and checking every file again at each look would cost
the teacher's page more with every game a class plays. So the figures of each file are kept in
`.progress-cache.json` in the player's folder, under the file's name and its signature: size,
modification time (ns) and inode. A save is written to a temporary file and renamed over the old
one (`campaigns.store`), so every new save has a new inode, and a file whose signature differs
from the cached one is read again.

The cache is never trusted over a file: one that cannot be read, does not validate, or was made
for another player name, another deck or another version of these figures is ignored and
rebuilt. It is written (`safe_files.write_safely`) only when its content changed, and a failed
write is ignored: the figures were computed anyway.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cards.deck import Deck
from civio_tui.campaigns.model import Campaign, Player, SaveFormatError
from civio_tui.campaigns.replay import parse_checked
from civio_tui.campaigns.store import (
    BACKUP_SUFFIX,
    SAVE_SUFFIX,
    CampaignNameError,
    SaveError,
    SaveFolder,
    check_name,
)
from civio_tui.safe_files import write_safely

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


class ProgressCache(BaseModel):
    """The cache file: the figures of every campaign file, by file name."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["civio-tui progress cache"] = "civio-tui progress cache"
    version: Literal[1] = 1
    """Raised whenever `GameFacts` or the way they are computed changes: older caches are
    then rebuilt."""
    player: str
    deck: str
    files: dict[str, GameFacts] = Field(default_factory=dict)


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
    )


def _load(path: Path, player: str, deck: Deck) -> dict[str, GameFacts]:
    """The cached figures, or none when the cache is missing, unreadable or not for this
    player, deck and version."""
    try:
        cache = ProgressCache.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, ValueError, RecursionError):
        return {}
    if cache.player != player or cache.deck != deck.sha256:
        return {}
    return cache.files


def campaign_facts(folder: Path, player: str, deck: Deck) -> dict[str, GameFacts]:
    """The figures of every campaign file in a player's folder, by campaign name: from the
    cache where a file's signature matches, read again where it does not (and then cached).

    OSError when the folder cannot be listed."""
    games = campaign_files(folder)
    cache_path = folder / CACHE_FILE
    cached = _load(cache_path, player, deck)
    saves = SaveFolder(folder)
    facts = {}
    for game in games:
        known = cached.get(game.name)
        if known is None or known.signature != game.signature:
            known = read_facts(saves, game, player, deck)
        facts[game.name] = known
    if facts != cached:
        document = ProgressCache(player=player, deck=deck.sha256, files=facts)
        # A folder that cannot be written: the figures are right, only the next look is slower.
        with contextlib.suppress(OSError):
            write_safely(folder, CACHE_FILE, document.model_dump_json().encode())
    return facts
