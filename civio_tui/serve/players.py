"""The classroom's players: one folder per player name under the save root, and its lock.

A served player's folder holds their campaigns (it is the game's ordinary `--save-dir`), their
settings, `player.json` (the name as typed, for the teacher's list) and `.lock`, which the
process playing that name holds (`safe_files.FileLock`) for as long as it runs. The kernel releases
the lock when the process ends however it ends (quit, closed tab, crash, kill -9), so a name
is never locked out by a dead tab, and two tabs never play the same folder at once.

Names are checked as campaign names are (`check_name`: letters, digits, spaces, `-`, `_`, `.`;
no separators, no `..`, no control characters), so a folder is always one plain name inside the
save root. A name must also be written as it reads: wide or styled letters ("ＡＮＡ", which
NFKC makes "ANA") and letters of two alphabets in one name ("Ana" with a Cyrillic A, U+0410) are
refused, and a new name that looks like a player's name already here (the same Unicode
confusable skeleton, UTS #39, from the `confusable-homoglyphs` data) is refused by the sign-in.
The folder is named by the name's case-blind key, so "Ana" and "ana" are one player; the key
keeps what case-folding adds ("İlker" folds to "i" and a combining dot above, U+0307).

Folders are made private to the server's account (0700): other accounts on the machine cannot
read a student's games.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from civio_tui.campaigns.store import CampaignNameError, check_name, name_key
from civio_tui.safe_files import PRIVATE_FOLDER, FileLock, private_folder, write_safely
from civio_tui.settings import MAX_NAME
from civio_tui.tables.store import FILE_NAME as TABLES_FILE

PLAYER_FILE = "player.json"
LOCK_FILE = ".lock"
LOCKED_FILE = "locked.json"
"""Present while the teacher has locked the player: their name cannot sign in."""
REMOVED_FOLDER = "removed"
"""Where the teacher's "remove" moves a player's folder (never deleted); no player's name."""
TEACHER_FILE = "teacher.json"
"""The teacher's password (`civio_tui.serve.teacher`), in the save root."""
ROOT_FILES = frozenset(
    {TEACHER_FILE, *(TABLES_FILE + end for end in ("", "-wal", "-shm", "-journal"))}
)
"""The save root's own files, whose names no player's folder may take: a folder there would
stop every table of the class, or the teacher's password, from being written."""


class PlayerNameError(ValueError):
    """A player name that cannot be used; the message says why, for the player."""


def default_save_root() -> Path:
    """Where `civio serve` keeps its players' folders unless told otherwise."""
    return Path(platformdirs.user_data_dir("civio-tui", appauthor=False)) / "served"


def check_player_name(text: str) -> str:
    """The name as it will be shown (trimmed, NFC), or PlayerNameError saying what is wrong."""
    if "\x00" in text:
        raise PlayerNameError("a name cannot hold control characters")
    if len(unicodedata.normalize("NFC", text).strip(" ")) > MAX_NAME:
        raise PlayerNameError(f"A name has at most {MAX_NAME} characters: type a shorter one")
    try:
        name = check_name(text)
    except CampaignNameError as exc:
        message = str(exc).replace("campaign name", "name").replace("a name", "A name")
        raise PlayerNameError(message[0].upper() + message[1:]) from None
    if name_key(name) == REMOVED_FOLDER:
        raise PlayerNameError(f"The name {name!r} is kept for the teacher's use: add to it")
    if name_key(name) in ROOT_FILES:
        raise PlayerNameError(f"The name {name!r} is the name of a class file: choose another")
    plain = unicodedata.normalize("NFKC", name)
    if plain != name:
        raise PlayerNameError(
            f"Name {name!r} uses wide or styled letters: type it in plain ones ({plain!r})"
        )
    alphabets = _alphabets(name)
    if len(alphabets) > 1:
        raise PlayerNameError(
            f"Name {name!r} mixes letters of different alphabets "
            f"({' and '.join(sorted(a.title() for a in alphabets))}): type it in one"
        )
    return name


# Scripts that are written together in one name (Japanese mixes kanji and kana, Korean may mix
# hanja and hangul): they count as one alphabet. Common and inherited characters (digits,
# spaces, combining marks) belong to every alphabet.
_WRITTEN_TOGETHER = ({"HAN", "HIRAGANA", "KATAKANA"}, {"HAN", "HANGUL"})
_ANY_ALPHABET = {"COMMON", "INHERITED"}


def _alphabets(name: str) -> set[str]:
    from confusable_homoglyphs.categories import unique_aliases

    scripts = set(unique_aliases(name)) - _ANY_ALPHABET
    if any(scripts <= together for together in _WRITTEN_TOGETHER):
        return {"CJK"} if scripts else set()
    return scripts


def folder_name(name: str) -> str:
    """The folder of a (checked) player name: its case-blind key.

    Case-folding a checked name gives letters, digits, the allowed punctuation and combining
    marks (never first), so the key is one plain folder name too."""
    return name_key(check_player_name(name))


def skeleton(name: str) -> str:
    """What a name looks like, for telling look-alikes apart: case and compatibility forms
    folded, then every character replaced by the prototype of its confusable set (UTS #39's
    skeleton; "Ana", "ANA", "ＡＮＡ" and "Ana" with a Cyrillic A share one), and a run of
    spaces read as one (a web page shows "Ana  Bo" as "Ana Bo")."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    prototypes = _prototypes()
    shown = "".join(prototypes.get(char, char) for char in text)
    words = unicodedata.normalize("NFD", shown).casefold().split(" ")
    return " ".join(word for word in words if word)


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from the Unicode confusables table as the
    `confusable-homoglyphs` package ships it. The table links every character to its prototype
    both ways, so a character with one link is mapped to the other end, unless that end has
    only this link too (a pair: the smaller one stands for both)."""
    from confusable_homoglyphs.confusables import confusables_data

    def plain(text: str) -> str:
        return text.replace("\u200e", "")  # the table wraps right-to-left letters in marks

    links: dict[str, set[str]] = {}
    for char, entries in confusables_data.items():
        links.setdefault(plain(char), set()).update(plain(entry["c"]) for entry in entries)
    prototypes = {}
    for char, others in links.items():
        if len(char) != 1 or len(others) != 1:
            continue
        (other,) = others
        if len(links.get(other, ())) > 1 or other < char:
            prototypes[char] = other
    return prototypes


def lookalike_of(root: Path, name: str) -> str | None:
    """The player already under `root` (any folder a sign-in made, with or without its
    `player.json` yet) whose name looks like `name` (the same skeleton) but who is another
    player, or None."""
    key, shape = folder_name(name), skeleton(name)
    for entry in _folders(root):
        if entry.name != key and skeleton(entry.name) == shape:
            return _recorded_name(Path(entry.path)) or entry.name
    return None


def _folders(root: Path) -> list[os.DirEntry[str]]:
    try:
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except FileNotFoundError:
        return []
    return [e for e in entries if e.is_dir(follow_symlinks=False) and not e.name.startswith(".")]


def _recorded_name(folder: Path) -> str | None:
    """The name as first typed, from the folder's `player.json` (None when unreadable)."""
    try:
        document = json.loads((folder / PLAYER_FILE).read_text(encoding="utf-8"))
        return check_player_name(str(document["name"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


@dataclass(frozen=True)
class PlayerFolder:
    """One player's folder under the save root (it may not exist yet)."""

    root: Path
    name: str

    @property
    def path(self) -> Path:
        return self.root / folder_name(self.name)

    @property
    def exists(self) -> bool:
        return (self.path / PLAYER_FILE).is_file()

    def create(self) -> None:
        """Make the folder and record the name as typed (first sign-in only)."""
        private_folder(self.path)
        os.chmod(self.path, PRIVATE_FOLDER)  # the player's games are theirs alone
        if not self.exists:
            document = {"name": self.name, "created_at": datetime.now(UTC).isoformat()}
            write_safely(self.path, PLAYER_FILE, (json.dumps(document) + "\n").encode())

    def display_name(self) -> str:
        """The name as first typed (the folder's key when player.json is unreadable)."""
        return _recorded_name(self.path) or self.path.name

    @property
    def locked(self) -> bool:
        """Whether the teacher has locked this player (their name cannot sign in)."""
        return (self.path / LOCKED_FILE).is_file()

    def lock(self) -> None:
        document = {"locked_at": datetime.now(UTC).isoformat()}
        write_safely(self.path, LOCKED_FILE, (json.dumps(document) + "\n").encode())

    def unlock(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path / LOCKED_FILE)

    def move_to_removed(self) -> Path:
        """Move the folder, whole, into the save root's `removed/` (under its key, and the
        time when that is taken) and return where it is now. The caller holds the player's
        lock, so no game plays from it meanwhile."""
        removed = self.root / REMOVED_FOLDER
        private_folder(removed)
        target = removed / self.path.name
        if target.exists():
            stamp = datetime.now(UTC).strftime("%Y-%m-%d %H%M%S")
            target = removed / f"{self.path.name} {stamp}"
        os.rename(self.path, target)
        return target


class PlayerLock(FileLock):
    """The lock a process holds while it plays a player's folder (released when it ends)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder / LOCK_FILE)


def player_folders(root: Path) -> list[PlayerFolder]:
    """Every player folder under the save root, by name (case-blind): a folder with a
    `player.json` whose name is its folder's key (or, unreadable, a key itself)."""
    players = []
    for entry in _folders(root):
        if not (Path(entry.path) / PLAYER_FILE).is_file():
            continue
        name = _recorded_name(Path(entry.path))
        if name is None or folder_name(name) != entry.name:
            try:
                name = check_player_name(entry.name)
            except PlayerNameError:
                continue  # not a folder `civio serve` made
        if folder_name(name) == entry.name:
            players.append(PlayerFolder(root, name))
    return sorted(players, key=lambda p: name_key(p.name))
