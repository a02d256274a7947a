"""Easy Play campaigns: named Easy Play games kept in the save folder, to continue later.

One file per game, `NAME.easy-play.json` (it does not end in `.civio.json`, so the main game's
campaign code never sees it; the Campaigns screen lists both kinds). It holds the game's name,
its players (`seating.Seat`: a name, and "human" or a computer level), when it was saved, and
the game (`EasyPlayGame.to_json`: target rank, round limit, seed and every round's actions;
loading replays them with checks).

Names follow the campaigns' rules (`store.check_name`) and are unique across both kinds, ignoring
case, so "Continue NAME" always means one game. Writes are crash-safe (`safe_files.write_safely`).
A file that cannot be read (corrupt, foreign, another deck, a newer version) is never
overwritten: `problem` says why and the game in play is not saved; nor is a file changed behind
the game's back (another window playing the same game): its bytes are checked before each write.

A computer player's randomness is a function of where the game is (`computer_choice`), not of
an RNG carried along in memory: a continued game plays exactly as the uninterrupted one would,
with nothing more to save.

The single `easy-play.json` of earlier versions is migrated when the folder is listed: it becomes
the named game "Easy Play" (or "Easy Play 2", ...), and is removed once that file is written.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cards.deck import Deck
from cards.games.easy_play.game import EasyPlayGame
from civio_tui.campaigns.session import decision_rng
from civio_tui.campaigns.store import (
    EASY_PLAY_SUFFIX,
    CampaignExistsError,
    CampaignNameError,
    NoSuchCampaignError,
    SaveError,
    SaveFolder,
    check_name,
    name_key,
    resolve_save_dir,
    sha256_bytes,
)
from civio_tui.games import EASY_PLAY
from civio_tui.records import MAX_BYTES
from civio_tui.safe_files import write_safely
from civio_tui.save_format import (
    EasyGameDoc,
    EasyPlayFile,
    SeatDoc,
    UnreadableSave,
    check_edition,
    edition_of,
    first_line,
    rebuild,
    unreadable_message,
)
from civio_tui.seating import HUMAN, Seat, SeatingError, check_seating

if TYPE_CHECKING:
    from ai.easy_play.levels import EasyPlayer
    from cards.games.easy_play.round import EasyAction

EASY_SUFFIX = EASY_PLAY_SUFFIX
LEGACY_FILE = "easy-play.json"
"""The one Easy Play save of earlier versions (migrated to a named game)."""
EASY_PLAY_FILE = LEGACY_FILE
FORMAT = EasyPlayFile.KIND
MIGRATED_NAME = "Easy Play"


@dataclass
class SavedEasyPlay:
    """A readable Easy Play game: its name, players and the game itself."""

    name: str
    game: EasyPlayGame
    players: list[Seat]
    saved_at: datetime | None = None

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def humans(self) -> list[int]:
        """The seats played at the keyboard."""
        return [s for s, p in enumerate(self.players) if p.is_human]

    @property
    def finished(self) -> bool:
        return self.game.is_over

    def standing(self, seat: int) -> tuple[int, str]:
        """Points so far and the rank they hold."""
        from cards.ranks import rank_for

        points = self.game.totals[seat]
        return points, rank_for(points)

    def to_bytes(self, saved_at: datetime) -> bytes:
        return EasyPlayFile(
            name=self.name,
            saved_at=saved_at,
            deck=edition_of(self.game.deck),
            players=[SeatDoc(name=p.name, level=p.level) for p in self.players],
            game=EasyGameDoc.model_validate(self.game.to_json()),
        ).to_bytes()


def computer_choice(game: EasyPlayGame, player: EasyPlayer) -> EasyAction:
    """`player`'s choice for the decision pending in the game's round, from its seat's view.
    Its RNG is made from the game's seed, the round, the number of moves made in it and the
    seat (as a campaign's AI), so the same position always gets the same move: before and
    after the game is saved and continued."""
    rnd = game.current_round
    decision = rnd.decision if rnd is not None else None
    if rnd is None or decision is None:
        raise ValueError("no decision is pending")
    rng = decision_rng(game.seed, len(game.rounds), len(rnd.events), decision.seat)
    return player.choose(rnd.view(decision.seat), decision, rng)


@dataclass(frozen=True)
class EasySummary:
    """One Easy Play file in the folder: readable (`saved`) or not (`problem` says why)."""

    name: str
    path: Path
    saved: SavedEasyPlay | None
    problem: str | None = None
    saved_at: datetime | None = None

    @property
    def readable(self) -> bool:
        return self.saved is not None

    def to_json(self) -> dict[str, Any]:
        """Its `civio campaign list --json` entry, with the campaigns' keys (rank and points
        are the first player's at the keyboard) and `game`: "easy-play"."""
        saved = self.saved
        standing = saved.standing(saved.humans[0]) if saved is not None else None
        game = saved.game if saved is not None else None
        return {
            "name": self.name,
            "rank": standing[1] if standing else None,
            "points": standing[0] if standing else None,
            "rounds_played": len(game.finished_rounds) if game else None,
            "in_round": game is not None and game.current is not None,
            "readable": self.readable,
            "problem": self.problem,
            "game": EASY_PLAY.id,
        }


def easy_path(folder: Path, name: str) -> Path:
    return folder / f"{check_name(name)}{EASY_SUFFIX}"


def parse_easy_play(data: bytes, deck: Deck, name: str) -> SavedEasyPlay:
    """The game in a file's bytes (`name`: the file's, for a version 1 file that had none);
    UnreadableSave (a ValueError) with the reason when it cannot be played."""
    from ai.easy_play.levels import LEVELS

    doc = EasyPlayFile.parse(data, MAX_BYTES)
    check_edition(doc, deck)
    game = rebuild(lambda: EasyPlayGame.load(doc.game.model_dump(mode="json"), deck))
    players = [Seat(p.name, p.level) for p in doc.players]
    unknown = [p.level for p in players if p.level != HUMAN and p.level not in LEVELS]
    if unknown:
        raise UnreadableSave(f"unknown computer level {unknown[0]!r}")
    if len(players) != game.seats:
        raise UnreadableSave("its players do not match its seats")
    try:
        check_seating(players)
    except SeatingError as exc:
        raise UnreadableSave(str(exc)) from None
    return SavedEasyPlay(doc.name or name, game, players, doc.saved_at)


@dataclass
class EasyPlayStore:
    """One named game's file: `saved` (None while unreadable, then `problem` says why),
    `save(game)` after each move."""

    folder: Path
    name: str
    deck: Deck
    saved: SavedEasyPlay | None = None
    problem: str | None = None
    _expected: str | None = field(default=None, repr=False)
    """The sha256 of the bytes last read or written (None: no file yet)."""

    @property
    def path(self) -> Path:
        return self.folder / f"{self.name}{EASY_SUFFIX}"

    def read(self) -> SavedEasyPlay | None:
        """Read the file again; on failure `problem` says why and it will not be written."""
        self.problem = None
        try:
            with open(self.path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except FileNotFoundError:
            self.problem = f"{self.path} has disappeared"
            return None
        except OSError as exc:
            self.problem = f"cannot read {self.path}: {exc.strerror or exc}"
            return None
        try:
            self.saved = parse_easy_play(data, self.deck, self.name)
        except UnreadableSave as exc:
            self.saved = None
            self.problem = unreadable_message(
                self.path.name, str(exc), f"this {EasyPlayFile.WHAT} is not saved"
            )
            return None
        self.saved.name = self.name
        if self.saved.saved_at is None:
            self.saved.saved_at = _mtime(self.path)
        self._expected = sha256_bytes(data)
        return self.saved

    def save(self, game: EasyPlayGame, players: Sequence[Seat]) -> str | None:
        """Write the game crash-safely; the reason when nothing was written."""
        if self.problem is not None:
            return self.problem
        changed = self._changed_behind_us()
        if changed is not None:
            self.problem = changed
            return changed
        when = datetime.now(UTC)
        saved = SavedEasyPlay(self.name, game, list(players), when)
        data = saved.to_bytes(when)
        try:
            write_safely(self.folder, self.path.name, data)
        except OSError as exc:
            return f"could not save the Easy Play game to {self.path}: {exc.strerror or exc}"
        self.saved, self._expected = saved, sha256_bytes(data)
        return None

    def _changed_behind_us(self) -> str | None:
        try:
            with open(self.path, "rb") as handle:
                current: str | None = sha256_bytes(handle.read(MAX_BYTES + 1))
        except FileNotFoundError:
            current = None
        except OSError as exc:
            return f"cannot check {self.path} before saving: {exc.strerror or exc}"
        if current != self._expected:
            return (
                f"{self.path.name} was changed by another program or window; it is left as it "
                "is and this game is no longer saved"
            )
        return None


def _mtime(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except OSError:
        return None


# --- the folder ------------------------------------------------------------------------------


def list_easy_games(save_dir: str | os.PathLike[str] | None, deck: Deck) -> list[EasySummary]:
    """Every Easy Play game in the folder, readable or not (with the reason), sorted by name;
    the old single `easy-play.json` is migrated first (or listed as it is when unreadable)."""
    folder = resolve_save_dir(save_dir)
    legacy = migrate_legacy(folder, deck)
    out = [legacy] if legacy is not None else []
    for name in _easy_names(folder):
        store = EasyPlayStore(folder, name, deck)
        try:
            check_name(name)
        except CampaignNameError:
            out.append(
                EasySummary(name, store.path, None, "the file name is not a valid game name")
            )
            continue
        saved = store.read()
        when = saved.saved_at if saved is not None else _mtime(store.path)
        out.append(EasySummary(name, store.path, saved, store.problem, when))
    return sorted(out, key=lambda s: (name_key(s.name), s.name))


def _easy_names(folder: Path) -> list[str]:
    return SaveFolder(folder).easy_play_names()


def name_taken(folder: Path, name: str) -> str | None:
    """The game or campaign that has `name` (ignoring case), in words, if any."""
    return SaveFolder(folder).taken_by(name)


def free_name(folder: Path, base: str) -> str:
    """`base`, or `base 2`, `base 3`, ... : the first name no game or campaign has."""
    for n in range(1, 1000):
        candidate = base if n == 1 else f"{base} {n}"
        if name_taken(folder, candidate) is None:
            return check_name(candidate)
    raise CampaignNameError(f"no free name like {base!r}: give one")


def new_easy_game(
    name: str,
    players: Sequence[Seat],
    *,
    save_dir: str | os.PathLike[str] | None,
    deck: Deck,
    seed: int,
    target: str | None = None,
    max_rounds: int | None = None,
) -> EasyPlayStore:
    """Create and save a new named game (its first round dealt); CampaignNameError for a bad
    name, CampaignExistsError when a game or campaign has it, ValueError for bad settings."""
    from cards.ranks import DEFAULT_TARGET

    folder = resolve_save_dir(save_dir)
    name = check_name(name)
    from ai.easy_play.levels import LEVELS

    check_seating(players, ai_levels=set(LEVELS))
    taken = name_taken(folder, name)
    if taken is not None:
        raise CampaignExistsError(f"{taken} already exists: choose another name")
    # The last seat deals the first round, so the first player plays first.
    game = EasyPlayGame(
        seats=len(players),
        seed=seed,
        target=target if target is not None or max_rounds is not None else DEFAULT_TARGET,
        max_rounds=max_rounds,
        deck=deck,
        first_dealer=len(players) - 1,
    )
    game.start_round()
    store = EasyPlayStore(folder, name, deck)
    problem = store.save(game, players)
    if problem is not None:
        raise SaveError(problem)
    return store


def open_easy_game(
    name: str, *, save_dir: str | os.PathLike[str] | None, deck: Deck
) -> EasyPlayStore:
    """The named game (name matched ignoring case); NoSuchCampaignError when there is none,
    SaveError with the reason when it cannot be read."""
    folder = resolve_save_dir(save_dir)
    key = name_key(check_name(name))
    found = [n for n in _easy_names(folder) if name_key(n) == key]
    if not found:
        raise NoSuchCampaignError(f"no Easy Play game named {check_name(name)!r}")
    store = EasyPlayStore(folder, name if name in found else found[0], deck)
    if store.read() is None:
        raise SaveError(store.problem or f"{store.path.name} cannot be read")
    return store


def delete_easy_game(path: Path) -> None:
    """Remove one Easy Play file (as listed: a named game or the old `easy-play.json`)."""
    if path.name != LEGACY_FILE and not path.name.endswith(EASY_SUFFIX):
        raise SaveError(f"{path.name} is not an Easy Play save")
    path.unlink()


def migrate_legacy(folder: Path, deck: Deck) -> EasySummary | None:
    """Turn the old single `easy-play.json` into a named game, then remove it. Returns a
    summary of it only when it cannot be migrated (unreadable: left exactly as it is)."""
    legacy = folder / LEGACY_FILE
    try:
        with open(legacy, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return EasySummary(LEGACY_FILE, legacy, None, f"cannot read it: {exc.strerror or exc}")
    try:
        saved = parse_easy_play(data, deck, MIGRATED_NAME)
    except UnreadableSave as exc:
        problem = f"the old Easy Play save is unreadable ({exc}): kept as it was"
        return EasySummary(LEGACY_FILE, legacy, None, problem, _mtime(legacy))
    try:
        saved.name = free_name(folder, MIGRATED_NAME)
        when = saved.saved_at or _mtime(legacy) or datetime.now(UTC)
        write_safely(folder, f"{saved.name}{EASY_SUFFIX}", saved.to_bytes(when))
    except (OSError, SaveError) as exc:
        problem = f"the old Easy Play save could not be converted: {first_line(exc)}"
        return EasySummary(LEGACY_FILE, legacy, None, problem, _mtime(legacy))
    with contextlib.suppress(OSError):  # the named copy is written: the old file may go
        legacy.unlink()
    return None
