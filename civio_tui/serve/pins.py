"""PINs for served player names: so a classmate cannot open, spoil or delete someone's games.

- A PIN is 4 to 8 digits, chosen the first time a name is used (typed twice). It is stored only
  as `hashlib.scrypt` of the PIN with a random per-player salt, in `pin.json` in the player's
  folder: never the PIN itself, never in a log or on screen.
- Wrong tries are counted for every tab in one place, per client and per name
  (`civio_tui.serve.tries`): a try is counted before its PIN is checked, and past the limits the
  answer is how long to wait. Names that have no player are counted and answered the same way,
  and a wrong PIN for them costs the same scrypt work, so neither the words nor the time of an
  answer tell which names exist.
- The teacher's `civio class reset-pin NAME` removes the PIN (and the count of wrong tries);
  the next visit chooses a new one.

`PinDesk.check` is the whole decision; the clock is injected so tests never sleep.
"""

from __future__ import annotations

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

from civio_tui.plurals import counted
from civio_tui.safe_files import write_safely
from civio_tui.serve.players import PlayerFolder, folder_name, lookalike_of
from civio_tui.serve.tries import LOCAL, TriesStore

PIN_FILE = "pin.json"
PIN_MIN, PIN_MAX = 4, 8
# scrypt's cost: about 16 MB and some tens of milliseconds a try, slow for a guesser.
SCRYPT = {"n": 2**14, "r": 8, "p": 1}

NO_MATCH = (
    "That name and PIN do not match. First time here, or was your PIN reset? "
    "Choose a PIN and type it in both PIN boxes."
)
DIFFERENT = "The two PIN boxes are not the same: type the same PIN in both."
LOOKALIKE = (
    "Name {name!r} looks like the name of another player here ({other!r}). "
    "If that is you, type your name as you did before; otherwise add to it (an initial)."
)
NEW_NAMES_WAIT = "Many new names came from this computer. Wait {seconds} seconds, then try again."
# What a wrong PIN for a name without a PIN is checked against: the same scrypt work as a name
# that has one, so the time of the answer does not tell them apart.
_NOBODY_SALT = bytes(16)


def bad_format(pin: str) -> str | None:
    """Why `pin` cannot be a PIN (the same rule for every name), or None."""
    if not (pin.isascii() and pin.isdigit() and PIN_MIN <= len(pin) <= PIN_MAX):
        return f"A PIN is {PIN_MIN} to {PIN_MAX} digits (0-9)."
    return None


def locked_message(seconds: float, for_name: bool = True) -> str:
    """The wait in words a student reads at once: seconds up to two minutes, then minutes
    (rounded up); a name's wait also says who can lift it (the same words for every name,
    so they tell nobody whether it exists)."""
    wait = max(1, math.ceil(seconds))
    amount = counted(wait, "second") if wait < 120 else counted(math.ceil(wait / 60), "minute")
    if not for_name:
        return f"Too many wrong PINs from this computer. Wait {amount}, then try again."
    return (
        f"Too many wrong PINs for this name. Wait {amount}, then try again, "
        "or ask your teacher to reset its PIN."
    )


def scrypt_hash(secret: bytes, salt: bytes, params: dict[str, int]) -> bytes:
    """scrypt of a secret (a PIN, the teacher's password) with its salt and cost."""
    return hashlib.scrypt(secret, salt=salt, n=params["n"], r=params["r"], p=params["p"], dklen=32)


def _hash(pin: str, salt: bytes, params: dict[str, int]) -> bytes:
    return scrypt_hash(pin.encode("ascii"), salt, params)


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
    """PINs and wrong-try limits for the players under one save root; `client` is the
    computer the tabs connect from (`civio serve` tells each tab)."""

    def __init__(
        self,
        root: Path,
        clock: Callable[[], float] = time.time,
        cost: dict[str, int] | None = None,
        client: str = LOCAL,
    ) -> None:
        self.root = root
        self.clock = clock
        self.cost = cost or SCRYPT  # tests pass a cheaper one; each file records its own
        self.client = client
        self.tries = TriesStore(root, clock)

    # -- files ----------------------------------------------------------------------------

    def pin_path(self, name: str) -> Path:
        return PlayerFolder(self.root, name).path / PIN_FILE

    def has_pin(self, name: str) -> bool:
        return self.pin_path(name).is_file()

    def locked_for(self, name: str) -> float:
        """Seconds a computer this name never signed in from must wait (0: it may try)."""
        return self.tries.state(folder_name(name)).wait

    def wrong_tries(self, name: str) -> int:
        """Wrong PINs typed for this name since its PIN was last reset."""
        return self.tries.state(folder_name(name)).wrong

    # -- the decision ---------------------------------------------------------------------

    def check(self, name: str, pin: str, again: str = "") -> Verdict:
        """Sign `name` in with `pin`; `again` is the second PIN box (first use: the same PIN).

        Every answer that depends on the name (whether it exists, has a PIN, must wait) is the
        same for a name that has no player, so the answers tell nobody who plays."""
        for text in (pin, again) if again else (pin,):
            problem = bad_format(text)
            if problem:
                return Verdict(False, problem)
        if again and again != pin:
            return Verdict(False, DIFFERENT)
        key = folder_name(name)
        stored = self._stored(name)
        if stored is None and again:
            wait = self.tries.new_name(key, self.client)
            if wait > 0:
                return Verdict(False, NEW_NAMES_WAIT.format(seconds=max(1, math.ceil(wait))))
            other = lookalike_of(self.root, name)
            if other is not None:
                return Verdict(False, LOOKALIKE.format(name=name, other=other))
            self.set_pin(name, pin)
            return Verdict(True, created=True)
        reservation = self.tries.reserve(key, self.client)
        if reservation.wait > 0:
            return Verdict(False, locked_message(reservation.wait, reservation.for_name))
        salt, digest, params = stored or (_NOBODY_SALT, b"", self.cost)
        matches = hmac.compare_digest(_hash(pin, salt, params), digest)  # hashed either way
        if matches and stored is not None:
            self.tries.signed_in(key, self.client, reservation)
            return Verdict(True)
        self.tries.wrong(key, reservation)
        return Verdict(False, NO_MATCH)

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
            return _NOBODY_SALT, b"", dict(SCRYPT)

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
        _write_json(PlayerFolder(self.root, name).path / PIN_FILE, document)

    def reset(self, name: str) -> bool:
        """Remove the name's PIN and its count of wrong tries; False when it had neither."""
        removed = self.tries.forget(folder_name(name))
        try:
            os.unlink(self.pin_path(name))
            removed = True
        except FileNotFoundError:
            pass
        return removed
