"""A scripted browser tab without a browser: what the load test and `civio bench serve` use.

A `Tab` speaks textual-serve's websocket protocol as textual.js does (["stdin", keys] out,
the terminal's bytes in). With `pyte` installed (a test dependency) and `screen=True` it keeps
the screen as a terminal would show it, so a script can wait for words on the screen now;
otherwise it looks in everything drawn so far (enough to time the first frame).

`ServedProcess` runs `civio serve` as a child on a free 127.0.0.1 port.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import aiohttp

# Escape sequences (CSI, OSC, two-byte), so the rest reads as the text drawn.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def plain_text(data: bytes | bytearray) -> str:
    return _ESCAPES.sub("", bytes(data).decode("utf-8", "replace"))


class Tab:
    """One browser tab's connection to the game."""

    def __init__(
        self,
        session: aiohttp.ClientSession,
        url: str,
        width: int,
        height: int,
        *,
        screen: bool = True,
    ) -> None:
        self.session = session
        self.url = url
        self.width = width
        self.height = height
        self.received = bytearray()
        self.messages: list[Any] = []
        """The server's JSON messages besides the screen (a file to download, a link)."""
        self.closed = asyncio.Event()
        self.opened_at = 0.0
        self.first_frame_at: float | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._screen: Any = None
        self._stream: Any = None
        if screen:
            try:
                import pyte
            except ImportError:
                pass
            else:
                self._screen = pyte.Screen(width, height)
                self._stream = pyte.ByteStream(self._screen)
        self._reader: asyncio.Task[None] | None = None
        self._new_data = asyncio.Event()

    async def open(self) -> None:
        self.opened_at = time.perf_counter()
        ws_url = self.url.replace("http://", "ws://").rstrip("/")
        self._ws = await self.session.ws_connect(
            f"{ws_url}/ws?width={self.width}&height={self.height}"
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self._ws is not None
        async for message in self._ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.received.extend(message.data)
                if self._stream is not None:
                    self._stream.feed(message.data)
                if self.first_frame_at is None and len(message.data) > 10:
                    self.first_frame_at = time.perf_counter()
                self._new_data.set()
            elif message.type == aiohttp.WSMsgType.TEXT:
                with contextlib.suppress(ValueError):
                    self.messages.append(message.json())
        self.closed.set()
        self._new_data.set()

    @property
    def text(self) -> str:
        """What is on the screen now (with pyte), else everything drawn so far."""
        if self._screen is not None:
            return "\n".join(self._screen.display)
        return plain_text(bytes(self.received))

    def mark(self) -> int:
        """A place in what was received: `wait_for(..., since=mark)` looks only after it."""
        return len(self.received)

    async def wait_for(self, words: str, timeout: float = 30.0, since: int = 0) -> None:
        """Wait until `words` are on the screen (with pyte; without it: drawn after `since`);
        TimeoutError if they never are."""
        deadline = time.perf_counter() + timeout
        while True:
            self._new_data.clear()  # before looking, so data arriving meanwhile is not missed
            shown = self.text if self._screen is not None else plain_text(self.received[since:])
            if words in shown:
                return
            if self.closed.is_set():
                raise ConnectionError(f"the tab closed before showing {words!r}")
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"{words!r} not shown within {timeout} s")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new_data.wait(), remaining)

    async def send(self, keys: str) -> None:
        assert self._ws is not None
        await self._ws.send_json(["stdin", keys])

    def menu_key(self, label: str, since: int = 0) -> str:
        """The digit of a main-menu entry as drawn ("2  New game" -> "2")."""
        shown = self.text if self._screen is not None else plain_text(self.received[since:])
        found = re.findall(rf"(\d)  {re.escape(label)}", shown)
        if not found:
            raise LookupError(f"no menu entry {label!r} on screen")
        return str(found[-1])

    async def sign_in(self, name: str, pin: str, again: str = "", timeout: float = 60) -> None:
        """Fill the sign-in screen as a person does, each box once the screen shows it has the
        keys (keys sent in one burst can arrive before a focus change takes effect)."""
        mark = self.mark()
        await self.send(name + "\r")
        await self.wait_for("Now your PIN", timeout, since=mark)
        if again:
            await self.send(pin)
            mark = self.mark()
            await self.send("\t")
            await self.wait_for("Type the same PIN again", timeout, since=mark)
            await self.send(again + "\r")
        else:
            await self.send(pin + "\r")

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, 30)


class ServedProcess:
    """`civio serve` on a free 127.0.0.1 port, as a child process (a context manager)."""

    def __init__(
        self,
        save_root: Path,
        extra: Sequence[str] = (),
        cwd: Path | None = None,
        open_files: int | None = None,
    ) -> None:
        self.save_root = save_root
        self.cwd = cwd
        self.extra = list(extra)
        self.open_files = open_files
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: list[str] = []
        self._reader_thread: threading.Thread | None = None
        """Everything the server printed (read all along, so it never waits on a full pipe)."""

    def _limit_open_files(self) -> None:
        """In the child before it runs: a machine whose open-file limit is `open_files`."""
        import resource

        assert self.open_files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def __enter__(self) -> ServedProcess:
        command = [sys.executable, "-m", "civio_tui.cli", "serve", "--port", "0"]
        command += ["--save-root", str(self.save_root), *self.extra]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            cwd=self.cwd,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            preexec_fn=self._limit_open_files if self.open_files else None,
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.output.append(line)
            found = re.search(r"http://[\d.]+:\d+/", line)
            if found:
                self.url = found.group(0)
                self._reader_thread = threading.Thread(target=self._read_output, daemon=True)
                self._reader_thread.start()
                return self
        self.stop()
        raise RuntimeError("civio serve did not start: " + "".join(self.output))

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    def _read_output(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self._reader_thread is not None:
            self._reader_thread.join(10)  # everything it printed up to its end is in `output`

    def game_pids(self) -> list[int]:
        """The game processes (one per open tab) the server runs now: its children, or, when
        tabs are forked, the forking process's children (a tab's stub holds no game)."""
        assert self.process is not None
        games = []
        for pid in children_of(self.process.pid):
            command = command_line(pid)
            if "civio_tui.serve.zygote" in command:
                games += children_of(pid)
            elif "tab_stub" not in command:
                games.append(pid)
        return games


def command_line(pid: int) -> str:
    """A process's command line, its words joined by spaces ("" when it is gone)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def children_of(pid: int) -> list[int]:
    """Direct child processes of `pid` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of a process in MB; PSS shares the pages it shares with others fairly."""
    rss = pss = 0.0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1]) / 1024
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1]) / 1024
    except OSError:
        pass
    return rss, pss
