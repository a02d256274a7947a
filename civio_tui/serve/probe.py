"""A scripted browser tab without a browser: what the load test and `civio bench serve` use.

A `Tab` speaks textual-serve's websocket protocol as textual.js does (["stdin", keys] out,
the terminal's bytes in). With `pyte` installed (a test dependency) and `screen=True` it keeps
the screen as a terminal would show it, so a script can wait for words on the screen now;
with `cells=True` it keeps it with `CellScreen` (enough for what Textual draws, at a small part
of pyte's cost); otherwise it looks in everything drawn so far (enough to time the first
frame).

`ServedProcess` runs `civio serve` as a child on a free 127.0.0.1 port.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import aiohttp

# Escape sequences (CSI, OSC, two-byte), so the rest reads as the text drawn.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def plain_text(data: bytes | bytearray) -> str:
    return _ESCAPES.sub("", bytes(data).decode("utf-8", "replace"))


SIGN_IN = "Who is playing"
"""Words of the sign-in screen: a tab's first frame once they are drawn."""
PIN = "4821"
"""The PIN scripted players choose on a first visit and sign in with after."""


class PyteScreen:
    """The terminal as pyte keeps it (ImportError without pyte, a test dependency)."""

    def __init__(self, width: int, height: int) -> None:
        import pyte

        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)

    def lines(self) -> list[str]:
        return list(self.screen.display)

    def cells(self, row: int, start: int, end: int) -> str:
        """The characters of `row` from column `start` up to `end`."""
        line = self.screen.buffer[row]
        return "".join(str(line[c].data) for c in range(start, end))


_COLOURS = re.compile(r"\x1b\[[0-9;:]*m")
"""Colours and styles (SGR): most of what Textual sends, and nothing a cell's text needs."""
_SEQUENCE = re.compile(
    r"\x1b\[([0-?]*)[ -/]*([@-~])"  # CSI: parameters, final byte
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC, to BEL or ST
    r"|\x1b[()*+][0-~]"  # a character set
    r"|\x1b[0-Z\\^-~]"  # any other two-byte escape
    r"|[\x00-\x1a\x1c-\x1f\x7f]"  # a control character (an escape alone is cut off)
)


class CellScreen:
    """A terminal's cells, enough to read what Textual draws: text placed by cursor moves
    (`CSI row;col H`, relative moves, carriage return, line feed, backspace) and erased by
    `CSI J` and `CSI K`; colours, modes and everything else are read past. Each character is
    one cell. Text is handled a run at a time, not a character at a time, so it costs a small
    part of what pyte does: what a client driving many tabs at once needs."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.rows = [[" "] * width for _ in range(height)]
        self.row = self.column = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""
        """An escape sequence cut off at the end of the last data, kept for the next."""

    def feed(self, data: bytes) -> None:
        text = _COLOURS.sub("", self._pending + self._decoder.decode(data))
        self._pending = ""
        at = 0
        for found in _SEQUENCE.finditer(text):
            if found.start() > at:
                self._draw(text[at : found.start()])
            at = found.end()
            self._control(found)
        tail = text[at:]
        escape = tail.find("\x1b")
        if escape >= 0:  # a sequence the next data completes
            tail, self._pending = tail[:escape], tail[escape:]
        if tail:
            self._draw(tail)

    def _draw(self, text: str) -> None:
        if self.row >= self.height or self.column >= self.width:
            return
        n = min(len(text), self.width - self.column)
        self.rows[self.row][self.column : self.column + n] = text[:n]
        self.column += n

    def _control(self, found: re.Match[str]) -> None:
        code = found.group(0)
        final = found.group(2)
        if final is None:
            if code == "\r":
                self.column = 0
            elif code == "\n":
                self._line_feed()
            elif code == "\b":
                self.column = max(0, self.column - 1)
            return
        numbers = [int(p) if p.isdigit() else 0 for p in found.group(1).split(";")]
        first = numbers[0] or 1
        if final in "Hf":
            row = numbers[0] if numbers[0] else 1
            column = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.row = min(self.height, row) - 1
            self.column = min(self.width, column) - 1
        elif final == "A":
            self.row = max(0, self.row - first)
        elif final in "Be":
            self.row = min(self.height - 1, self.row + first)
        elif final in "Ca":
            self.column = min(self.width - 1, self.column + first)
        elif final == "D":
            self.column = max(0, self.column - first)
        elif final in "G`":
            self.column = min(self.width, first) - 1
        elif final == "d":
            self.row = min(self.height, first) - 1
        elif final == "K":
            self._erase_line(numbers[0])
        elif final == "J":
            self._erase_screen(numbers[0])

    def _line_feed(self) -> None:
        if self.row < self.height - 1:
            self.row += 1
        else:
            del self.rows[0]
            self.rows.append([" "] * self.width)

    def _erase_line(self, how: int) -> None:
        line = self.rows[self.row]
        start, end = {0: (self.column, self.width), 1: (0, self.column + 1)}.get(
            how, (0, self.width)
        )
        line[start:end] = [" "] * (end - start)

    def _erase_screen(self, how: int) -> None:
        if how == 0:
            self._erase_line(0)
            rows = range(self.row + 1, self.height)
        elif how == 1:
            self._erase_line(1)
            rows = range(self.row)
        else:
            rows = range(self.height)
        for row in rows:
            self.rows[row] = [" "] * self.width

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.rows]

    def cells(self, row: int, start: int, end: int) -> str:
        """The characters of `row` from column `start` up to `end`."""
        return "".join(self.rows[row][start:end])


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
        cells: bool = False,
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
        self._screen: CellScreen | PyteScreen | None = None
        if cells:
            self._screen = CellScreen(width, height)
        elif screen:
            with contextlib.suppress(ImportError):
                self._screen = PyteScreen(width, height)
        self._reader: asyncio.Task[None] | None = None
        self._new_data = asyncio.Event()
        self.on_data: Callable[[float], None] | None = None
        """Called with the arrival time (`time.time()`) of each part of the screen, once the
        screen has taken it in (a bench's clock, comparable with other processes' times)."""

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
                arrived = time.time()
                self.received.extend(message.data)
                if self._screen is not None:
                    self._screen.feed(message.data)
                if self.first_frame_at is None and len(message.data) > 10:
                    self.first_frame_at = time.perf_counter()
                if self.on_data is not None:
                    self.on_data(arrived)
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
            return "\n".join(self._screen.lines())
        return plain_text(bytes(self.received))

    def mark(self) -> int:
        """A place in what was received: `wait_for(..., since=mark)` looks only after it."""
        return len(self.received)

    async def wait_for(self, words: str, timeout: float = 30.0, since: int = 0) -> None:
        """Wait until `words` are on the screen (with pyte; without it: drawn after `since`);
        TimeoutError if they never are."""
        await self.wait_until(lambda shown: words in shown, timeout, since, f"{words!r}")

    async def wait_until(
        self, check: Callable[[str], bool], timeout: float = 30.0, since: int = 0, what: str = ""
    ) -> str:
        """Wait until `check` holds for the screen's text (`text`; without pyte: what was drawn
        after `since`) and return that text; TimeoutError if it never does. `what` names the
        awaited thing in the errors."""
        what = what or "what was awaited"
        deadline = time.perf_counter() + timeout
        while True:
            self._new_data.clear()  # before looking, so data arriving meanwhile is not missed
            shown = self.text if self._screen is not None else plain_text(self.received[since:])
            if check(shown):
                return shown
            if self.closed.is_set():
                raise ConnectionError(f"the tab closed before showing {what}")
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"{what} not shown within {timeout} s")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new_data.wait(), remaining)

    async def changed(self, timeout: float) -> None:
        """Wait until more of the screen arrives, the tab closes or `timeout` seconds pass
        (what arrived before the call does not count: look at the screen first)."""
        self._new_data.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._new_data.wait(), timeout)

    def left_box(self, title: str) -> list[str] | None:
        """The rows inside the box drawn at the screen's left edge whose top border is titled
        `title` (`╭─ Log ─…╮`), read from the terminal's cells alone (far cheaper than
        `text`); None without pyte or when no such box is on screen."""
        screen = self._screen
        if screen is None:
            return None
        head = "╭─ " + title + " "
        top = next(
            (row for row in range(self.height) if screen.cells(row, 0, len(head)) == head), None
        )
        if top is None:
            return None
        right = screen.cells(top, 0, self.width).find("╮")
        right = self.width if right < 0 else right
        rows = []
        for row in range(top + 1, self.height):
            line = screen.cells(row, 0, right)
            if line.startswith("╰"):
                break
            rows.append(line[1:])
        return rows

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


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def threads_cpu_seconds(pid: int) -> float:
    """The CPU time of a process's running threads to the nanosecond, as the scheduler counts
    it (`cpu_seconds` counts in clock ticks, 10 ms, too coarse for one move's work; a thread
    that has ended is no longer counted here)."""
    total = 0
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for thread in threads:
        try:
            with open(f"/proc/{pid}/task/{thread}/schedstat") as handle:
                total += int(handle.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9


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
