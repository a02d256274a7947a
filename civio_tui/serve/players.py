"""The classroom's players: one folder per player name under the save root, and its lock.

A served player's folder holds their campaigns (it is the game's ordinary `--save-dir`), their
settings, `player.json` (the name as typed, for the teacher's list) and `.lock`, which the
process playing that name holds (`safe_files.FileLock`) for as long as it runs. The kernel releases
the lock when the process ends however it ends (quit, closed tab, crash, kill -9), so a name
is never locked out by a dead tab, and two tabs never play the same folder at once.

Names are checked exactly as campaign names are (`check_name`: letters, digits, spaces, `-`,
`_`, `.`; no separators, no `..`, no control characters), so a folder is always one plain
name inside the save root. The folder is named by the name's case-blind key, so "Ana" and
"ana" are one player.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from civio_tui.campaigns.store import CampaignNameError, check_name, name_key
from civio_tui.safe_files import PRIVATE_FOLDER, FileLock, private_folder, write_safely
from civio_tui.settings import MAX_NAME

PLAYER_FILE = "player.json"
LOCK_FILE = ".lock"


class PlayerNameError(ValueError):
    """A player name that cannot be used; the message says why, for the player."""


def default_save_root() -> Path:
    """Where `civio serve` keeps its players' folders unless told otherwise."""
    return Path(platformdirs.user_data_dir("civio-tui", appauthor=False)) / "served"


def check_player_name(text: str) -> str:
    """The name as it will be shown (trimmed, NFC), or PlayerNameError saying what is wrong."""
    if "\x00" in text:
        raise PlayerNameError("a name cannot hold control characters")
    try:
        name = check_name(text)
    except CampaignNameError as exc:
        message = str(exc).replace("campaign name", "name").replace("a name", "A name")
        raise PlayerNameError(message[0].upper() + message[1:]) from None
    if len(name) > MAX_NAME:
        raise PlayerNameError(f"A name has at most {MAX_NAME} characters")
    return name


def folder_name(name: str) -> str:
    """The folder of a (checked) player name: its case-blind key, itself a valid name."""
    return check_name(name_key(check_player_name(name)))


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
        try:
            document = json.loads((self.path / PLAYER_FILE).read_text(encoding="utf-8"))
            return check_player_name(str(document["name"]))
        except (OSError, ValueError, KeyError, TypeError):
            return self.path.name


class PlayerLock(FileLock):
    """The lock a process holds while it plays a player's folder (released when it ends)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder / LOCK_FILE)


def player_folders(root: Path) -> list[PlayerFolder]:
    """Every player folder under the save root, by name (case-blind)."""
    try:
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except FileNotFoundError:
        return []
    players = []
    for entry in entries:
        if not entry.is_dir(follow_symlinks=False) or entry.name.startswith("."):
            continue
        if not (Path(entry.path) / PLAYER_FILE).is_file():
            continue
        try:
            key = folder_name(entry.name)
        except ValueError:
            continue  # not a folder `civio serve` made
        if key != entry.name:
            continue
        name = PlayerFolder(root, key).display_name()
        players.append(PlayerFolder(root, name if folder_name(name) == key else key))
    return sorted(players, key=lambda p: name_key(p.name))
