"""What one browser tab runs: the ordinary game, after a sign-in screen.

`civio serve` starts `python -m civio_tui.serve` (this `main`) once per tab, textual-serve's
model. The teacher's settings come in the environment, never a student's input: the name is
typed into this process, so it never reaches a shell or a command line. After sign-in the game
is the ordinary `CivioApp` playing from the player's folder, exactly as `civio --save-dir
FOLDER` would. The game knows two things more (`CivioApp.served`, `signed_in_as`): served, no
screen names a folder of the server and an export is a download; signed in, the name is fixed.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from civio_tui import app as civio_app_module
from civio_tui.app import CivioApp, _main_menu
from civio_tui.serve.env import (
    CARDS_ENV,
    CLIENT_ENV,
    ROOT_ENV,
    ROUNDS_ENV,
    RULES_ENV,
    SIGNED_IN_META,
    TARGET_ENV,
)
from civio_tui.serve.pins import PinDesk
from civio_tui.serve.players import (
    PlayerFolder,
    PlayerLock,
    PlayerNameError,
    check_player_name,
    default_save_root,
)
from civio_tui.serve.tries import LOCAL, TriesUnreadable
from civio_tui.settings import Settings

MEMORY_LIMIT_BYTES = 2**30
"""A tab's address space: far above a game's needs, far below what one tab could take from a
class (a flood of input or a huge screen ends that tab with a MemoryError, not the machine)."""

IN_USE = (
    "This name is playing in another tab or on another computer. Close the game there "
    "(or wait for it to end), then press Enter again."
)

LOCKED = "Your teacher has locked this name for now: ask your teacher."
TRIES_DAMAGED = (
    "PINs cannot be checked now (the server's count of wrong PINs is damaged): tell your teacher."
)


def _sign_in_screen() -> Any:
    from civio_tui.serve.sign_in import SignInScreen

    return SignInScreen()


class ServedApp(CivioApp):
    """The game with a sign-in screen (name and PIN) in front; the folder and settings follow
    the name."""

    MODES: ClassVar[dict[str, Any]] = {"_default": _sign_in_screen, "play": _main_menu}
    # Textual finds CSS_PATH beside the class's module: point it at the game's own sheet.
    CSS_PATH = str(Path(civio_app_module.__file__).with_name("app.tcss"))

    def __init__(
        self,
        root: Path,
        *,
        rules: str | None = None,
        target: str | None = None,
        rounds: int | None = None,
        pins: PinDesk | None = None,
        client: str = LOCAL,
        **kwargs: Any,
    ) -> None:
        # Settings are the player's, read at sign-in; until then the defaults, saved nowhere.
        super().__init__(
            settings=Settings(), config_dir=root / ".unsigned", table_root=root, **kwargs
        )
        self.root = root
        self.pins = pins or PinDesk(root, client=client)
        self.rules = rules
        self.target = target
        self.rounds = rounds
        self.player: PlayerFolder | None = None
        self._lock: PlayerLock | None = None

    def sign_in(self, typed: str, pin: str, again: str = "") -> str | None:
        """Open the game for this name and PIN (`again`: the second PIN box, for a first
        visit); otherwise the sentence that says why not. The PIN is checked before anything
        else about the name is said, so the answers do not tell which names exist."""
        try:
            name = check_player_name(typed)
        except PlayerNameError as exc:
            return str(exc)
        try:
            verdict = self.pins.check(name, pin, again)
        except OSError as exc:
            return f"Cannot check the PIN: {exc.strerror or exc}"
        except TriesUnreadable:  # the message names a server path: the teacher's, not theirs
            return TRIES_DAMAGED
        except sqlite3.Error as exc:  # the count of tries cannot be read: nobody gets in
            return f"Cannot check the PIN: {exc}"
        if not verdict.ok:
            return verdict.message
        player = PlayerFolder(self.root, name)
        try:
            player.path.mkdir(parents=True, exist_ok=True)
            lock = PlayerLock(player.path)
            if not lock.acquire():
                return IN_USE
            if player.locked:  # looked at under the lock: the teacher's remove takes it too
                lock.release()
                return LOCKED
            player.create()
        except OSError as exc:
            return f"Cannot open this player's folder: {exc.strerror or exc}"
        self._lock = lock
        self.player = player
        self._open_game(player)
        self._tell_server(SIGNED_IN_META, player=player.path.name)
        return None

    served = True

    @property
    def signed_in_as(self) -> str | None:
        return self.player.name if self.player is not None else None

    @property
    def table_name(self) -> str:
        """At a table a student sits under the name they signed in with."""
        return self.player.name if self.player is not None else super().table_name

    def _tell_server(self, kind: str, **fields: str) -> None:
        from textual.drivers.web_driver import WebDriver

        if isinstance(self._driver, WebDriver):
            self._driver.write_meta({"type": kind, **fields})

    def _open_game(self, player: PlayerFolder) -> None:
        self.save_dir = str(player.path)
        self.config_dir = player.path
        settings, self.settings_problem = Settings.read(player.path)
        # A served player plays under the name they signed in with, whatever the file says.
        settings.new_game.player_name = player.name
        # The teacher's classroom settings: what every New game form starts from.
        if self.rules:
            settings.new_game.rules = self.rules  # type: ignore[assignment]
        if self.target:
            settings.new_game.target = self.target
        if self.rounds:
            settings.new_game.max_rounds = self.rounds
        self.apply_settings(settings)
        self.switch_mode("play")

    async def _on_exit_app(self) -> None:
        # The server ends an idle or closed tab this way: keep the table's look with the save,
        # as quitting from the keyboard does (every move is saved already).
        if self.game_in_progress:
            from civio_tui.screens.civio.table import TableScreen

            for screen in self.screen_stack:
                if isinstance(screen, TableScreen):
                    screen.keep_table_state()
        await super()._on_exit_app()

    def on_unmount(self) -> None:
        # The process ends soon after and the kernel would free the lock; free it now anyway
        # (in tests several apps run, one after another, in one process).
        if self._lock is not None:
            self._lock.release()


def app_from_environment(environ: Mapping[str, str]) -> ServedApp:
    """The tab's game with the teacher's settings, as `civio serve` put them in the
    environment (a round limit that is no positive number is ignored)."""
    root = Path(environ.get(ROOT_ENV) or default_save_root())
    cards_path = environ.get(CARDS_ENV) or None
    deck = None
    if cards_path:
        from cards.deck import load_deck

        deck = load_deck(cards_path)
    rounds = environ.get(ROUNDS_ENV) or ""
    return ServedApp(
        root,
        rules=environ.get(RULES_ENV) or None,
        target=environ.get(TARGET_ENV) or None,
        rounds=int(rounds) if rounds.isdigit() and int(rounds) > 0 else None,
        client=environ.get(CLIENT_ENV) or LOCAL,
        deck=deck,
        cards_path=cards_path,
    )


def confine() -> None:
    """What this tab's process may do to the machine: every file it makes is private to the
    server's account (saves 0600, folders 0700), and its memory is bounded."""
    import resource

    os.umask(0o077)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_LIMIT_BYTES if hard == resource.RLIM_INFINITY else min(hard, MEMORY_LIMIT_BYTES)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def main() -> int:
    confine()
    return int(app_from_environment(os.environ).run() or 0)
