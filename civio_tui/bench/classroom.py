"""`civio bench class`: how long the class's progress takes for a class that has played a while.

A class of `students` served players is made in a fresh save root, each with `games` finished
CIVIO campaigns against the computer (real games: a few played to the end by the medium level
with fixed seeds, each student's copies named for them, so each file is read and rated as the
student's own), lesson progress, puzzle records with their answers and a PIN. Measured:

- `class_progress_s`: `civio_tui.classroom.class_progress` in this process, `cold` (no cache
  in any folder: every file read and every rating computed), `warm` (the median of
  `WARM_RUNS` looks with the caches written by the cold one) and `one_new_game` (a look after
  one student saved one more game: what the teacher's page meets during a lesson);
- `civio_class_s`: the command `civio class --json` from its start to its end (a new Python
  process: start-up and imports included), cold and warm likewise.
Each as wall time and as processor time (`cpu`), since a busy machine stretches the first,
with the load average at the end.

The games are played in a temporary folder in memory (/dev/shm) where there is one, since a
game saves (and syncs to disk) after every move; the class itself is on the ordinary disk.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from civio_tui.classroom.games_cache import CACHE_FILE

POOL_GAMES = 3
"""Distinct games played; each student's games are copies of these, named for them."""
POOL_PLAYER = "Pool player"
WARM_RUNS = 5
PUZZLE_KINDS = ("go-out", "complete", "broken", "best", "linked")
CHEAP_PIN = {"n": 2**8, "r": 8, "p": 1}
"""scrypt's cost for the bench's PINs: only whether a PIN is set is read."""


def play_pool(folder: Path) -> list[bytes]:
    """`POOL_GAMES` campaigns played to their end, as their save files' bytes."""
    from civio_tui.campaigns import new_campaign
    from civio_tui.campaigns.autoplay import autoplay

    saves = []
    for n in range(POOL_GAMES):
        session = new_campaign(
            f"Pool game {n}", ["medium"], save_dir=folder, seed=1000 + n, player_name=POOL_PLAYER
        )
        autoplay(session, 200, "medium")
        saves.append(session.slot.path.read_bytes())
    return saves


def _scratch() -> str | None:
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() else None


def make_class(root: Path, students: int, games: int, pool: list[bytes]) -> int:
    """The class under `root`; returns the number of finished rounds in it."""
    from civio_tui.lessons.progress import LessonProgress, LessonRecord
    from civio_tui.records import GameRecords, PuzzleAnswer, PuzzleStats
    from civio_tui.serve.pins import PinDesk
    from civio_tui.serve.players import PlayerFolder

    desk = PinDesk(root, cost=CHEAP_PIN)
    lesson_ids = ["precedent", "case-to-case", "more-cards", "turn", "attacks"]
    pool_rounds = [len(json.loads(data)["campaign"]["history"]) for data in pool]
    rounds = 0
    for s in range(students):
        name = f"Student {s + 1:02d}"
        player = PlayerFolder(root, name)
        player.create()
        desk.set_pin(name, "2468")
        for g in range(games):
            n = (s + g) % len(pool)
            data = pool[n].replace(f'"Pool game {n}"'.encode(), f'"Game {g + 1}"'.encode())
            data = data.replace(f'"{POOL_PLAYER}"'.encode(), f'"{name}"'.encode())
            (player.path / f"Game {g + 1}.civio.json").write_bytes(data)
            rounds += pool_rounds[n]
        done = lesson_ids[: s % (len(lesson_ids) + 1)]
        progress = LessonProgress(lessons={i: LessonRecord(done=True, stars=3) for i in done})
        (player.path / "lessons.json").write_bytes(progress.to_bytes())
        answers = [
            PuzzleAnswer(kind=PUZZLE_KINDS[k % 5], difficulty="medium", first_try=(k + s) % 3 > 0)
            for k in range(20 + s)
        ]
        first = sum(a.first_try for a in answers)
        stats = PuzzleStats(solved=first + 2, tried=len(answers), first_try=first, answers=answers)
        records = GameRecords(puzzles={name: stats})
        (player.path / "games-records.json").write_text(records.model_dump_json(indent=2))
    return rounds


def _timed(action: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, processor seconds of this process) of `action`."""
    started, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - started, time.process_time() - cpu


def _forget_caches(root: Path) -> None:
    for cache in root.glob(f"*/{CACHE_FILE}"):
        cache.unlink()


def _command(root: Path) -> tuple[float, float]:
    """(wall seconds, processor seconds) of `civio class --json` in a new process."""
    argv = [sys.executable, "-m", "civio_tui.cli", "class", "--json", "--save-root", str(root)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def _figures(**runs: list[tuple[float, float]]) -> dict[str, dict[str, float]]:
    """Each run's median wall time and processor time, in seconds."""
    return {
        "wall": {name: round(statistics.median(r[0] for r in t), 3) for name, t in runs.items()},
        "cpu": {name: round(statistics.median(r[1] for r in t), 3) for name, t in runs.items()},
    }


def run_class_bench(students: int = 30, games: int = 10) -> dict[str, Any]:
    import civio_tui.lessons.catalogue
    import civio_tui.ratings  # noqa: F401  (imported before the timing, as they are by then)
    from civio_tui.classroom import class_progress

    with (
        tempfile.TemporaryDirectory(prefix="civio-bench-pool-", dir=_scratch()) as pool_dir,
        tempfile.TemporaryDirectory(prefix="civio-bench-class-") as class_dir,
    ):
        pool = play_pool(Path(pool_dir))
        root = Path(class_dir)
        rounds = make_class(root, students, games, pool)
        cold = _timed(lambda: class_progress(root))
        warm = [_timed(lambda: class_progress(root)) for _ in range(WARM_RUNS)]
        one_student = root / "student 01"
        data = (one_student / "Game 1.civio.json").read_bytes()
        (one_student / "Extra.civio.json").write_bytes(data.replace(b'"Game 1"', b'"Extra"'))
        one_new = _timed(lambda: class_progress(root))
        _forget_caches(root)
        command_cold = _command(root)
        command_warm = [_command(root) for _ in range(WARM_RUNS)]
        save_bytes = sum(p.stat().st_size for p in root.glob("*/*.civio.json"))
    return {
        "class": {
            "students": students,
            "games_each": games,
            "rounds": rounds,
            "save_mb": round(save_bytes / 1e6, 1),
            "class_progress_s": _figures(cold=[cold], warm=warm, one_new_game=[one_new]),
            "civio_class_s": _figures(cold=[command_cold], warm=command_warm),
            "load_average": round(os.getloadavg()[0], 1),
        }
    }
