"""How `civio serve` starts each tab's game: forked from a process that has the game loaded
(`fork`, the default), or a new Python process per tab (`new`, textual-serve's own way, kept to
compare them: `civio bench serve` measures both in one run).

With `fork` the server starts the zygote (`civio_tui.serve.zygote`) beside itself, in a private
folder of the temporary directory, and textual-serve runs the small stub
(`civio_tui.serve.tab_stub`) per tab instead of the game. If the zygote cannot start, or dies,
every stub becomes the ordinary tab process: tabs are slower to open, never refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from civio_tui.serve.tab_stub import SOCKET_ENV

log = logging.getLogger("civio.serve")

READY_SECONDS = 60.0
"""How long the zygote may take to import the game (seconds of a busy machine)."""


def new_process_command() -> str:
    """The shell command of a tab's game in a new process.

    `exec` makes the shell become the game, so the process textual-serve waits on (and a
    teacher sees in `ps`) is the game itself, and ending it ends the game."""
    return f"exec {shlex.quote(sys.executable)} -m civio_tui.serve"


def stub_command() -> str:
    """The shell command of a tab whose game is forked (the stub stands for it). The stub needs
    only the standard library: run as a file, in isolated mode without `site` (`-I -S`), it
    starts in about half the time (its fallback, the ordinary game, runs as usual)."""
    stub = Path(__file__).with_name("tab_stub.py")
    return f"exec {shlex.quote(sys.executable)} -I -S {shlex.quote(str(stub))}"


class Forker:
    """The zygote's life beside the server: `start` (with a tab's environment), `stop`."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.process: asyncio.subprocess.Process | None = None

    @property
    def socket_path(self) -> Path | None:
        return self.folder / "zygote.sock" if self.folder is not None else None

    async def start(self, environment: dict[str, str]) -> dict[str, str]:
        """Start the zygote; the environment variables a tab's stub needs to find it (none when
        it did not start: the stubs then start their games the ordinary way)."""
        self.folder = Path(tempfile.mkdtemp(prefix="civio-forks-"))  # 0700: the server's only
        path = self.socket_path
        assert path is not None
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "civio_tui.serve.zygote",
                str(path),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                env=environment,
            )
            assert self.process.stdout is not None
            line = await asyncio.wait_for(self.process.stdout.readline(), READY_SECONDS)
        except (OSError, TimeoutError) as error:
            log.warning("tabs start as new processes: the forking process failed (%s)", error)
            await self.stop()
            return {}
        if line != b"ready\n":
            log.warning("tabs start as new processes: the forking process did not start")
            await self.stop()
            return {}
        return {SOCKET_ENV: str(path)}

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    async def stop(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
