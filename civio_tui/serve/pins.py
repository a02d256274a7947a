"""PINs for served player names: so a classmate cannot open, spoil or delete someone's games.

- A PIN is 4 to 8 digits, chosen the first time a name is used (typed twice). It is stored only
  as `hashlib.scrypt` of the PIN with a random per-player salt, in `pin.json` in the player's
  folder: never the PIN itself, never in a log or on screen.
- Five wrong tries for a name lock it for one minute. The count and the lock live in a file
  under the save root (`.attempts/NAME.json`), so a reload or a new tab does not reset them, and
  they are kept the same way for names that have no player: every answer to a wrong try is the
  same sentence whether the name exists or not.
- The teacher's `civio class reset-pin NAME` removes the PIN (and the lock); the next visit
  chooses a new one.

`PinDesk.check` is the whole decision; the clock is injected so tests never sleep.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import math
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from civio_tui.safe_files import write_safely
from civio_tui.serve.players import PlayerFolder, folder_name

PIN_FILE = "pin.json"
ATTEMPTS_DIR = ".attempts"
MAX_TRIES = 5
LOCK_SECONDS = 60.0
PIN_MIN, PIN_MAX = 4, 8
# scrypt's cost: about 16 MB and some tens of milliseconds a try, slow for a guesser.
SCRYPT = {"n": 2**14, "r": 8, "p": 1}

NO_MATCH = (
    "That name and PIN do not match. First time here, or was your PIN reset? "
    "Choose a PIN and type it in both PIN boxes."
)
DIFFERENT = "The two PIN boxes are not the same: type the same PIN in both."


def bad_format(pin: str) -> str | None:
    """Why `pin` cannot be a PIN (the same rule for every name), or None."""
    if not (pin.isascii() and pin.isdigit() and PIN_MIN <= len(pin) <= PIN_MAX):
        return f"A PIN is {PIN_MIN} to {PIN_MAX} digits (0-9)."
    return None


def locked_message(seconds: float) -> str:
    wait = max(1, math.ceil(seconds))
    unit = "second" if wait == 1 else "seconds"
    return f"Too many wrong PINs for this name. Wait {wait} {unit}, then try again."


def _hash(pin: str, salt: bytes, params: dict[str, int]) -> bytes:
    return hashlib.scrypt(
        pin.encode("ascii"), salt=salt, n=params["n"], r=params["r"], p=params["p"], dklen=32
    )


def _write_json(path: Path, document: dict[str, Any]) -> None:
    """Replace `path` crash-safely, readable by the server's account only (a hash is no PIN,
    but nobody else needs it)."""
    write_safely(path.parent, path.name, json.dumps(document).encode())


@dataclass(frozen=True)
class Verdict:
    """The answer to a sign-in: `ok` (and whether a PIN was just chosen), or what to say."""

    ok: bool
    message: str | None = None
    created: bool = False


class PinDesk:
    """PINs and wrong-try locks for the players under one save root."""

    def __init__(
        self,
        root: Path,
        clock: Callable[[], float] = time.time,
        cost: dict[str, int] | None = None,
    ) -> None:
        self.root = root
        self.clock = clock
        self.cost = cost or SCRYPT  # tests pass a cheaper one; each file records its own

    # -- files ----------------------------------------------------------------------------

    def pin_path(self, name: str) -> Path:
        return PlayerFolder(self.root, name).path / PIN_FILE

    def attempts_path(self, name: str) -> Path:
        return self.root / ATTEMPTS_DIR / f"{folder_name(name)}.json"

    def has_pin(self, name: str) -> bool:
        return self.pin_path(name).is_file()

    def _attempts(self, name: str) -> dict[str, float]:
        try:
            document = json.loads(self.attempts_path(name).read_text(encoding="utf-8"))
            return {
                "failures": float(document.get("failures", 0)),
                "locked_until": float(document.get("locked_until", 0)),
            }
        except (OSError, ValueError, TypeError, AttributeError):
            return {"failures": 0.0, "locked_until": 0.0}

    def locked_for(self, name: str) -> float:
        """Seconds this name must still wait (0: not locked)."""
        return max(0.0, self._attempts(name)["locked_until"] - self.clock())

    def _failed(self, name: str) -> Verdict:
        attempts = self._attempts(name)
        failures = attempts["failures"] + 1
        if failures >= MAX_TRIES:
            until = self.clock() + LOCK_SECONDS
            _write_json(self.attempts_path(name), {"failures": 0, "locked_until": until})
            return Verdict(False, locked_message(LOCK_SECONDS))
        _write_json(self.attempts_path(name), {"failures": failures, "locked_until": 0})
        return Verdict(False, NO_MATCH)

    def _clear_attempts(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.attempts_path(name))

    # -- the decision ---------------------------------------------------------------------

    def check(self, name: str, pin: str, again: str = "") -> Verdict:
        """Sign `name` in with `pin`; `again` is the second PIN box (first use: the same PIN).

        Every answer that depends on the name (whether it exists, has a PIN, is locked)
        is the same for a name that has no player, so the answers tell nobody who plays."""
        for text in (pin, again) if again else (pin,):
            problem = bad_format(text)
            if problem:
                return Verdict(False, problem)
        if again and again != pin:
            return Verdict(False, DIFFERENT)
        wait = self.locked_for(name)
        if wait > 0:
            return Verdict(False, locked_message(wait))
        stored = self._stored(name)
        if stored is None:
            if not again:
                return self._failed(name)
            self.set_pin(name, pin)
            self._clear_attempts(name)
            return Verdict(True, created=True)
        salt, digest, params = stored
        if hmac.compare_digest(_hash(pin, salt, params), digest):
            self._clear_attempts(name)
            return Verdict(True)
        return self._failed(name)

    def _stored(self, name: str) -> tuple[bytes, bytes, dict[str, int]] | None:
        try:
            document = json.loads(self.pin_path(name).read_text(encoding="utf-8"))
            params = {key: int(document[key]) for key in ("n", "r", "p")}
            return bytes.fromhex(document["salt"]), bytes.fromhex(document["hash"]), params
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError):
            # A damaged PIN file must not open the name to anyone: no PIN matches it, and the
            # teacher's reset-pin clears it.
            return b"", b"", dict(SCRYPT)

    def set_pin(self, name: str, pin: str) -> None:
        if bad_format(pin):
            raise ValueError("a PIN is 4 to 8 digits")
        salt = secrets.token_bytes(16)
        document = {
            "algorithm": "scrypt",
            **self.cost,
            "salt": salt.hex(),
            "hash": _hash(pin, salt, self.cost).hex(),
        }
        folder = PlayerFolder(self.root, name).path
        folder.mkdir(parents=True, exist_ok=True)
        _write_json(folder / PIN_FILE, document)

    def reset(self, name: str) -> bool:
        """Remove the name's PIN and any lock; False when it had neither."""
        removed = False
        for path in (self.pin_path(name), self.attempts_path(name)):
            try:
                os.unlink(path)
                removed = True
            except FileNotFoundError:
                pass
        return removed
