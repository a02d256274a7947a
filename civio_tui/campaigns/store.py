"""The save folder: where campaign files live, their names, and writing them without loss.

Files in the folder:
- `NAME.civio.json`: a campaign (the name is the campaign's name, see `check_name`);
- `NAME.civio.bak.json`: the save before the latest one, kept by every autosave;
- `.NAME.civio.json.PID.XXXX.tmp`: a write in progress (a crash can leave one behind);
- `NAME.easy-play.json`: an Easy Play game (civio_tui/easy_play_save.py). Campaigns and Easy
  Play games share one name space (ignoring case), so a name always means one game: `taken_by`
  tells what has a name, and `create` refuses a name either kind has.

A file this module did not write last is never overwritten, moved or deleted: `replace` only
writes over bytes it is shown (`expected`), and `create` never writes over anything.
"""

from __future__ import annotations

import errno
import hashlib
import os
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from civio_tui.safe_files import (
    TEMP_SUFFIX,
    fsync_dir,
    private_folder,
    temp_name,
    unlink_quietly,
    write_temp,
)

SAVE_DIR_ENV = "CIVIO_SAVE_DIR"
SAVE_SUFFIX = ".civio.json"
BACKUP_SUFFIX = ".civio.bak.json"
EASY_PLAY_SUFFIX = ".easy-play.json"
NAME_MAX = 40
# Save files are small; anything far larger is not ours and is not read into memory.
MAX_SAVE_BYTES = 32 * 1024 * 1024

_NAME_PUNCTUATION = frozenset(" -_.")
# Names Windows reserves for devices, also with any extension ("con.civio.json").
_RESERVED = frozenset(
    {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {f"lpt{i}" for i in range(10)}
)


class SaveError(Exception):
    """A save-folder operation that cannot be done; the message says why, for the player."""


class CampaignNameError(SaveError, ValueError):
    """A campaign name that is not allowed (it could escape the folder or clash)."""


class CampaignExistsError(SaveError):
    """Creating a campaign whose name (ignoring case) is already taken by a file."""


class NoSuchCampaignError(SaveError, LookupError):
    """No save file for that name."""


class SaveConflictError(SaveError):
    """The file on disk is not the one this program last wrote or read: it will not write."""


def default_save_dir() -> Path:
    """The per-user data folder (platformdirs) where campaigns go unless told otherwise."""
    return Path(platformdirs.user_data_dir("civio-tui", appauthor=False)) / "campaigns"


def resolve_save_dir(option: str | os.PathLike[str] | None = None) -> Path:
    """The save folder: `--save-dir`, else `$CIVIO_SAVE_DIR`, else `default_save_dir()`."""
    if option:
        return Path(option).expanduser()
    env = os.environ.get(SAVE_DIR_ENV)
    if env:
        return Path(env).expanduser()
    return default_save_dir()


def check_name(name: str) -> str:
    """The campaign name as stored (NFC, outer spaces trimmed), or CampaignNameError.

    Allowed: letters, digits, spaces, `-`, `_` and `.`, 1 to NAME_MAX characters, starting with a
    letter or digit and not ending in a space or dot; not a device name Windows reserves. So a
    name is always one plain file name inside the save folder, never a path.
    """
    if not isinstance(name, str):
        raise CampaignNameError("a campaign name must be text")
    text = unicodedata.normalize("NFC", name).strip(" ")
    if not text:
        raise CampaignNameError("a campaign name cannot be empty")
    if len(text) > NAME_MAX:
        raise CampaignNameError(f"a campaign name has at most {NAME_MAX} characters")
    for char in text:
        if not (char.isalnum() or char in _NAME_PUNCTUATION):
            raise CampaignNameError(
                f"campaign name {name!r}: {_describe(char)} is not allowed "
                "(use letters, digits, spaces, '-', '_' and '.')"
            )
    if not text[0].isalnum():
        raise CampaignNameError(f"campaign name {name!r} must start with a letter or digit")
    if text.endswith("."):
        raise CampaignNameError(f"campaign name {name!r} cannot end with '.'")
    if text.split(".")[0].strip().lower() in _RESERVED:
        raise CampaignNameError(f"campaign name {name!r} is reserved by Windows for a device")
    return text


def _describe(char: str) -> str:
    if char in "/\\":
        return "a path separator"
    category = unicodedata.category(char)
    if category == "Cs":  # a byte that is not valid text, as the shell passed it on
        return f"the invalid character U+{ord(char):04X} (not valid text)"
    if category.startswith("C"):
        return f"the control character U+{ord(char):04X}"
    return f"the character {char!r}"


def name_key(name: str) -> str:
    """What two names must differ in to be two campaigns: case and Unicode form ignored."""
    return unicodedata.normalize("NFC", name).casefold()


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class SaveSlot:
    """One campaign's files in a save folder (they may or may not exist)."""

    folder: Path
    name: str

    @property
    def path(self) -> Path:
        return self.folder / f"{self.name}{SAVE_SUFFIX}"

    @property
    def backup(self) -> Path:
        return self.folder / f"{self.name}{BACKUP_SUFFIX}"


@dataclass(frozen=True)
class FolderEntry:
    """A campaign-looking file found by `SaveFolder.scan`.

    `name` is taken from the file name; `name_ok` says whether that is a valid campaign name.
    `has_main` is False when only the backup exists.
    """

    name: str
    slot: SaveSlot
    name_ok: bool
    has_main: bool
    has_backup: bool


class SaveFolder:
    """A folder of campaign files, with the only code that writes into it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def __repr__(self) -> str:
        return f"SaveFolder({str(self.path)!r})"

    def slot(self, name: str) -> SaveSlot:
        """The files for campaign `name` (validated: never a path outside the folder)."""
        return SaveSlot(self.path, check_name(name))

    def scan(self) -> list[FolderEntry]:
        """Every campaign file and orphan backup in the folder, sorted by name (case-blind)."""
        mains: dict[str, bool] = {}
        backups: set[str] = set()
        for filename in self._files():
            if filename.startswith("."):
                continue
            if filename.endswith(BACKUP_SUFFIX):
                backups.add(filename[: -len(BACKUP_SUFFIX)])
            elif filename.endswith(SAVE_SUFFIX):
                mains[filename[: -len(SAVE_SUFFIX)]] = True
        entries = []
        for name in sorted(set(mains) | backups, key=lambda n: (name_key(n), n)):
            try:
                name_ok = check_name(name) == name
            except CampaignNameError:
                name_ok = False
            entries.append(
                FolderEntry(
                    name=name,
                    slot=SaveSlot(self.path, name),
                    name_ok=name_ok,
                    has_main=name in mains,
                    has_backup=name in backups,
                )
            )
        return entries

    def find(self, name: str) -> FolderEntry | None:
        """The entry whose name matches `name` ignoring case, preferring an exact match."""
        wanted = check_name(name)
        matches = [e for e in self.scan() if name_key(e.name) == name_key(wanted)]
        exact = [e for e in matches if e.name == wanted]
        found = exact or matches
        return found[0] if found else None

    def easy_play_names(self) -> list[str]:
        """The names of the Easy Play games in the folder (their files, readable or not)."""
        return [
            f[: -len(EASY_PLAY_SUFFIX)]
            for f in self._files()
            if f.endswith(EASY_PLAY_SUFFIX) and not f.startswith(".")
        ]

    def _files(self) -> list[str]:
        """The folder's file names (none while it does not exist)."""
        try:
            return os.listdir(self.path)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise SaveError(f"cannot read the save folder {self.path}: {_why(exc)}") from None

    def taken_by(self, name: str) -> str | None:
        """What already has `name` (ignoring case), in words: "a campaign named 'Spring'" or
        "an Easy Play game named 'Spring'"; None when the name is free for either kind."""
        entry = self.find(name)
        if entry is not None:
            return f"a campaign named {entry.name!r}"
        key = name_key(check_name(name))
        for other in self.easy_play_names():
            if name_key(other) == key:
                return f"an Easy Play game named {other!r}"
        return None

    def read(self, path: Path) -> bytes:
        """A save file's bytes (OSError for a missing or unreadable file)."""
        with open(path, "rb") as handle:
            data = handle.read(MAX_SAVE_BYTES + 1)
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError(f"{path.name} is larger than {MAX_SAVE_BYTES // 2**20} MiB")
        return data

    def create(self, name: str, data: bytes) -> SaveSlot:
        """Write a new campaign file; CampaignExistsError if any file already has that name.

        Names that differ only in case count as taken, and so does a name with only a backup,
        so no campaign is ever replaced by a new one.
        """
        slot = self.slot(name)
        self._ensure_folder()
        taken = self.taken_by(slot.name)
        if taken is not None:
            raise CampaignExistsError(f"{taken} already exists: choose another name")
        temp = write_temp(self.path, slot.path.name, data)
        try:
            _link_or_fail(temp, slot.path)
        finally:
            unlink_quietly(temp)
        fsync_dir(self.path)
        return slot

    def replace(self, slot: SaveSlot, data: bytes, expected: str) -> None:
        """Save `data` over the campaign file, whose current bytes must hash to `expected`.

        The current file (the previous good save) becomes the backup first. The new file is
        written to a temporary file in the same folder, flushed and fsynced, then moved over the
        old one with `os.replace`, so at every instant the file on disk is a complete save.
        If the file is missing or holds anything but `expected`, SaveConflictError, nothing
        written.
        """
        try:
            current = self.read(slot.path)
        except FileNotFoundError:
            raise SaveConflictError(
                f"the save file {slot.path.name} has disappeared; not saving over nothing"
            ) from None
        except OSError as exc:
            raise SaveConflictError(f"cannot read {slot.path.name}: {_why(exc)}") from None
        if sha256_bytes(current) != expected:
            raise SaveConflictError(
                f"{slot.path.name} was changed by something else since it was loaded; "
                "it is left as it is and this game is not saved over it"
            )
        temp = write_temp(self.path, slot.path.name, data)
        try:
            self._keep_backup(slot)
            os.replace(temp, slot.path)
        except BaseException:
            unlink_quietly(temp)
            raise
        fsync_dir(self.path)

    def delete(self, slot: SaveSlot) -> list[Path]:
        """Remove a campaign's file, its backup and its stale temporary files (the player
        asked for it); returns the paths removed."""
        removed = []
        for path in (slot.path, slot.backup, *self.stale_temps(slot)):
            try:
                os.unlink(path)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise SaveError(f"cannot delete {path.name}: {_why(exc)}") from None
            removed.append(path)
        fsync_dir(self.path)
        return removed

    def stale_temps(self, slot: SaveSlot) -> Iterator[Path]:
        """Temporary files of `slot` left by a process that is no longer running."""
        prefixes = (f".{slot.path.name}.", f".{slot.backup.name}.")
        try:
            names = os.listdir(self.path)
        except OSError:
            return
        for filename in names:
            prefix = next((p for p in prefixes if filename.startswith(p)), None)
            if prefix is None or not filename.endswith(TEMP_SUFFIX):
                continue
            pid_text = filename[len(prefix) :].split(".")[0]
            if pid_text.isdigit() and not _pid_alive(int(pid_text)):
                yield self.path / filename

    def clean_stale_temps(self, slot: SaveSlot) -> None:
        """Remove the temporary files an interrupted save of `slot` left behind."""
        for path in list(self.stale_temps(slot)):
            unlink_quietly(path)

    def _ensure_folder(self) -> None:
        try:
            private_folder(self.path)
        except OSError as exc:
            raise SaveError(f"cannot create the save folder {self.path}: {_why(exc)}") from None

    def _keep_backup(self, slot: SaveSlot) -> None:
        """Make the backup a copy of the current (verified) save, atomically."""
        temp = temp_name(self.path, slot.backup.name)
        try:
            os.link(slot.path, temp)
        except OSError:
            # No hard links here (some network and FAT file systems): copy the bytes instead.
            temp = write_temp(self.path, slot.backup.name, self.read(slot.path))
        try:
            os.replace(temp, slot.backup)
        except BaseException:
            unlink_quietly(temp)
            raise


def _link_or_fail(source: Path, target: Path) -> None:
    """Give `source` the name `target` only if nothing has that name (atomic where possible)."""
    try:
        os.link(source, target)
        return
    except FileExistsError:
        raise CampaignExistsError(f"a campaign file {target.name!r} already exists") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
    # No hard links: a check-then-rename, safe unless two programs create the same name at once.
    if os.path.lexists(target):
        raise CampaignExistsError(f"a campaign file {target.name!r} already exists")
    os.replace(source, target)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # cannot tell cheaply: keep the file
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)
