"""`civio bench tab`: what one seat's tab costs per move at its networked table.

One CIVIO table of 4 people over a fresh save root: Ana's seat is a game process of its own (the
app at the table screen, 110x36 as `civio bench tables` opens its tabs), the bench plays every
seat's moves (a seeded random legal action each, Ana's included) straight into the table's log,
one every `PACE_SECONDS`, from the deal on (the opening and its reveal included). The tab only
watches: it polls the log and draws each move as it would for a person.

It runs twice, with the driver a served tab has (textual-serve's web driver, its output read
and counted here as textual-serve reads it) and headless (Textual's test driver, which lays
out and draws every frame but writes nothing). The figures are the tab's CPU time, read from
the scheduler around each move, which does not depend on how busy the machine is:

- `idle_cpu_ms_per_s`: the tab's CPU while nobody moves (its polls, the "is thinking" line);
- `cpu_ms_per_move`: the tab's CPU from a move until the next, less that idle share, on
  average; `cpu_ms_by_move` the same by what the move is to Ana: `others` (another seat's,
  Ana still watching), `asks_you` (Ana's question appears), `yours` (hers: it goes);
- `bytes_per_move` and `writes_per_move`: what the web driver wrote to the browser per move.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

MOVES = 60
"""The table's first actions played (the opening's four choices and the turns after it)."""
PACE_SECONDS = 0.3
"""Between two moves: a tab keeps up, so each move is drawn on its own."""
IDLE_SECONDS = 2.0
"""How long the tab is watched while nobody moves."""
SETTLE_SECONDS = 1.5
"""After the table screen opens, and after the last move, before the CPU is read."""
ANSWER_SECONDS = 30.0
"""How long Ana's tab may take to answer (far longer than it does)."""
SIZE = (110, 36)
NAMES = ("Ana", "Ben", "Cy", "Dee")
SEATED = "seated"
"""What the tab writes to its stderr once its table screen is up."""

# The tab: the ordinary app over the class's save root, which opens Ana's seat at the table
# once its main menu is up (as Tables does), says so on stderr, and plays Ana's seat.
CHILD = """
import sys
from pathlib import Path
from civio_tui.bench.table_tab import run_tab
run_tab(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), sys.argv[4] == "headless")
"""


def answer_keys(question: Any, rng: random.Random) -> list[str]:
    """A person's keys for `question` (a table screen's): at the opening the first two cards
    marked to keep hidden, then Done; else a random option's digit."""
    from cards.games.civio.actions import DecisionKind

    cards = [o for o in question.options if o.card is not None]
    if question.decision.kind is DecisionKind.FACE_UP:
        return ["1", "2", str(len(cards) + 1)]
    return [str(rng.randint(1, min(9, len(question.options))))]


def run_tab(root: Path, code: str, saves: Path, headless: bool) -> None:
    """The tab's process: Ana's app, seated at table `code` of `root`'s table file, answering
    each of her questions with keys `PACE_SECONDS` after it shows."""
    from civio_tui import app as civio_app_module
    from civio_tui.app import CivioApp
    from civio_tui.screens.civio.remote_table import RemoteTableScreen
    from civio_tui.screens.remote_seat import open_table
    from civio_tui.settings import Settings

    def say(words: str) -> None:
        # Textual takes over sys.stderr while it runs: the process's own stream.
        assert sys.__stderr__ is not None
        sys.__stderr__.write(f"{words}\n")
        sys.__stderr__.flush()

    class Tab(CivioApp):
        # Textual finds CSS_PATH beside the class's module: the game's own sheet.
        CSS_PATH = str(Path(civio_app_module.__file__).with_name("app.tcss"))

        def on_mount(self) -> None:
            self.seated = False
            self.rng = random.Random(2)
            self.asked: tuple[object, float] | None = None
            """The question on screen and when it showed."""
            self.answered: object = None
            self.call_after_refresh(self.sit)

        def sit(self) -> None:
            problem = open_table(self, code)
            if problem is not None:
                say(problem)
                self.exit()
                return
            self.set_interval(0.05, self.look)

        def look(self) -> None:
            screen = self.screen
            if not isinstance(screen, RemoteTableScreen) or not screen.is_mounted:
                return
            if not self.seated:
                self.seated = True
                say(SEATED)
            question = screen.question
            if question is None or question is self.answered:
                return
            if self.asked is None or self.asked[0] is not question:
                self.asked = (question, time.time())
            elif time.time() - self.asked[1] >= PACE_SECONDS:
                self.answered = question
                for key in answer_keys(question, self.rng):
                    self.simulate_key(key)

    settings = Settings.model_validate({"new_game": {"player_name": NAMES[0]}})
    app = Tab(settings=settings, save_dir=str(saves), table_root=root)
    app.run(headless=headless, size=SIZE if headless else None)


def _environment(headless: bool) -> dict[str, str]:
    """A served tab's environment (textual-serve's `AppService`), or headless the same less
    its driver."""
    env = dict(os.environ)
    env["TEXTUAL_FPS"] = "60"
    env["TEXTUAL_COLOR_SYSTEM"] = "truecolor"
    if not headless:
        env["TEXTUAL_DRIVER"] = "textual.drivers.web_driver:WebDriver"
        env["TERM_PROGRAM"] = "textual"
        env["TERM_PROGRAM_VERSION"] = version("textual-serve")
        env["COLUMNS"], env["ROWS"] = (str(n) for n in SIZE)
    return env


class Output:
    """The web driver's packets from the tab's stdout: the screen's bytes and writes counted
    from `start()` on."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.bytes = 0
        self.writes = 0
        self.counting = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def start(self) -> None:
        self.bytes = self.writes = 0
        self.counting = True

    def _read(self) -> None:
        buffer = b""
        while chunk := self.stream.read1(65536):
            buffer += chunk
            if buffer.startswith(b"__GANGLION__\n"):
                buffer = buffer[len(b"__GANGLION__\n") :]
            while len(buffer) >= 5:
                size = int.from_bytes(buffer[1:5], "big")
                if len(buffer) < 5 + size:
                    break
                kind, payload, buffer = buffer[:1], buffer[5 : 5 + size], buffer[5 + size :]
                if kind == b"D" and self.counting:
                    self.bytes += len(payload)
                    self.writes += 1


def _seat_table(root: Path) -> str:
    """A started CIVIO table of four people, Ana's first; its code."""
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    now = time.time()
    with TableStore.in_root(root) as store:
        table = ops.open_table(store, NAMES[0], "civio", 4, {"rounds": 1}, now=now, seed=7)
        for name in NAMES[1:]:
            ops.join(store, table.code, name, now=now)
        ops.start(store, table.code, NAMES[0], now=now)
    return table.code


def _wait_seated(process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    """Until the tab says its table screen is up; its own words if it ends first. Its stderr
    is read on to its end (a full pipe would stop the tab)."""
    said: list[str] = []
    seated = threading.Event()

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            said.append(line.decode(errors="replace").strip())
            if said[-1] == SEATED:
                seated.set()
        seated.set()

    threading.Thread(target=read, daemon=True).start()
    seated.wait(timeout)
    if SEATED not in said:
        process.kill()
        raise RuntimeError(f"the tab did not open its table: {' '.join(said)[-500:]}")


KINDS = ("others", "asks_you", "yours")
"""Another seat's move that leaves Ana watching; a move after which Ana is asked (her
question appears); Ana's own move (her question goes)."""


@dataclass
class Played:
    """The tab's CPU seconds over each move the bench made, by what the move was to Ana."""

    cpu: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    seconds: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    """How long each move's reading took (the idle share is taken off for that long)."""

    @property
    def moves(self) -> int:
        return sum(len(spent) for spent in self.cpu.values())


def _play(root: Path, code: str, moves: int, pace: float, pid: int) -> Played:
    """The table's first `moves` actions (fewer if the game ends): the other seats' each a
    seeded random legal one, one every `pace` seconds; Ana's from her tab. The tab's CPU
    (process `pid`) is read around each."""
    from civio_tui.serve.probe import threads_cpu_seconds
    from civio_tui.tables.live import LiveTable
    from civio_tui.tables.store import TableStore

    rng = random.Random(1)
    played = Played()
    with TableStore.in_root(root) as store:
        live = LiveTable(store, code)
        while played.moves < moves and (pending := live.match.pending) is not None:
            began, before = time.time(), threads_cpu_seconds(pid)
            if pending.seat == 0:
                _wait_for_ana(live, began + ANSWER_SECONDS)
                kind = "yours"
            else:
                name = live.table.seats[pending.seat].name
                assert name is not None  # four people sit at the table
                result = live.submit(rng.choice(pending.options), name=name, now=time.time())
                if not result.applied:
                    raise RuntimeError(f"the bench's move was not taken: {result.message}")
                after = live.match.pending
                kind = "asks_you" if after is not None and after.seat == 0 else "others"
            time.sleep(pace)
            played.cpu[kind].append(threads_cpu_seconds(pid) - before)
            played.seconds[kind].append(time.time() - began)
    return played


def _wait_for_ana(live: Any, deadline: float) -> None:
    """Until Ana's tab has made her move (the table's log is longer)."""
    length = live.log_length
    while live.log_length == length:
        if time.time() > deadline:
            raise RuntimeError("Ana's tab did not answer its question")
        time.sleep(0.02)
        live.refresh()


def measure_tab(headless: bool, moves: int = MOVES, pace: float = PACE_SECONDS) -> dict[str, Any]:
    """One run: a tab at a new table watching `moves` moves (see the module docstring)."""
    from civio_tui.serve.probe import threads_cpu_seconds

    with tempfile.TemporaryDirectory(prefix="civio-bench-tab-") as scratch:
        root = Path(scratch) / "class"
        root.mkdir()
        code = _seat_table(root)
        command = [sys.executable, "-c", CHILD, str(root), code, str(Path(scratch) / "ana")]
        command.append("headless" if headless else "web")
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_environment(headless),
        )
        try:
            assert process.stdout is not None
            output = Output(process.stdout)
            _wait_seated(process)
            if not headless:  # the browser's page has the focus, as a player's has
                assert process.stdin is not None
                focus = json.dumps({"type": "focus"}).encode()
                process.stdin.write(b"M" + len(focus).to_bytes(4, "big") + focus)
                process.stdin.flush()
            time.sleep(SETTLE_SECONDS)
            idle_from, idle_cpu = time.time(), threads_cpu_seconds(process.pid)
            time.sleep(IDLE_SECONDS)
            idle = (threads_cpu_seconds(process.pid) - idle_cpu) / (time.time() - idle_from)
            output.start()
            played = _play(root, code, moves, pace, process.pid)
            written, writes = output.bytes, output.writes
            if process.poll() is not None:
                raise RuntimeError(f"the tab ended during the moves (exit {process.returncode})")
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def ms(kinds: tuple[str, ...]) -> float | None:
        """The mean CPU of these kinds of move less the idle share of their time, in ms."""
        spent = [c for k in kinds for c in played.cpu[k]]
        took = [t for k in kinds for t in played.seconds[k]]
        return (
            round((statistics.fmean(spent) - idle * statistics.fmean(took)) * 1000, 1)
            if spent
            else None
        )

    figures: dict[str, Any] = {
        "moves": played.moves,
        "idle_cpu_ms_per_s": round(idle * 1000, 1),
        "cpu_ms_per_move": ms(KINDS),
        "cpu_ms_by_move": {kind: ms((kind,)) for kind in KINDS},
        "moves_by_kind": {kind: len(spent) for kind, spent in played.cpu.items()},
    }
    if not headless:
        figures["bytes_per_move"] = round(written / played.moves)
        figures["writes_per_move"] = round(writes / played.moves, 1)
    return figures


def measure(moves: int = MOVES) -> dict[str, Any]:
    """`{"table_tab": {"web": …, "headless": …}}` (see the module docstring)."""
    return {
        "table_tab": {
            "size": f"{SIZE[0]}x{SIZE[1]}",
            "pace_s": PACE_SECONDS,
            "web": measure_tab(headless=False, moves=moves),
            "headless": measure_tab(headless=True, moves=moves),
        }
    }
