"""A served class's progress (civio_tui.classroom): the figures read from the players' folders,
and the per-file cache of campaign figures (reread when a file changes, ignored when corrupt)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cards.deck import standard_deck
from cards.ranks import DEFAULT_TARGET, rank_for
from cards.ruleset import RuleSet
from civio_tui import ratings
from civio_tui.campaigns.model import (
    HUMAN,
    Campaign,
    DeckIdentity,
    Player,
    RoundRecord,
    SaveFile,
    standings,
)
from civio_tui.classroom import class_progress, games_cache, progress
from civio_tui.classroom.games_cache import CACHE_FILE
from civio_tui.lessons.progress import LessonProgress, LessonRecord
from civio_tui.records import GameRecords, PuzzleAnswer, PuzzleStats
from civio_tui.safe_files import FileLock, flocked_files, write_safely
from civio_tui.serve.pins import PinDesk
from civio_tui.serve.players import PlayerFolder, PlayerLock
from civio_tui.tables import ops
from civio_tui.tables.store import FILE_NAME, TableStore

CHEAP = {"n": 2**8, "r": 8, "p": 1}
START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
OPPONENT = "Medium"


def game_file(name: str, you: str, winners: list[str | None], saved_at: datetime) -> bytes:
    """A campaign save of `you` against one computer whose rounds were won by `winners` in
    turn (None: no winner); finished when it has three rounds or more."""
    deck = standard_deck()
    players = [Player(name=you, level=HUMAN), Player(name=OPPONENT, level="medium")]
    history = [
        RoundRecord(
            round=n,
            dealer=(n - 1) % 2,
            seed=n,
            winner=winner,
            points={p.name: 12 if p.name == winner else 3 for p in players},
            flush=False,
            turns=9,
        )
        for n, winner in enumerate(winners, 1)
    ]
    finished = len(winners) >= 3
    campaign = Campaign(
        name=name,
        created_at=START,
        rules=RuleSet.named("booklet"),
        target=DEFAULT_TARGET,
        seed=7,
        deck=DeckIdentity(name=deck.name, sha256=deck.sha256),
        players=players,
        history=history,
        standings=standings(players, history),
        finished=finished,
        winners=[you] if finished else [],
    )
    return SaveFile(saved_by="test", saved_at=saved_at, campaign=campaign).to_bytes()


def save_game(folder: Path, name: str, you: str, winners: list[str | None], hour: int) -> None:
    data = game_file(name, you, winners, START + timedelta(hours=hour))
    write_safely(folder, f"{name}.civio.json", data)


def student(root: Path, name: str) -> Path:
    player = PlayerFolder(root, name)
    player.create()
    return player.path


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A class of two: Ana has done lessons, puzzles and three games (one unreadable file);
    Ben has only signed in."""
    root = tmp_path / "class"
    ana = student(root, "Ana")
    student(root, "Ben")
    progress = LessonProgress(
        lessons={
            "precedent": LessonRecord(done=True, stars=3),
            "turn": LessonRecord(done=True, stars=1),
            "attacks": LessonRecord(step=2),  # started, not done
            "retired-lesson": LessonRecord(done=True, stars=3),  # no longer in the catalogue
        }
    )
    write_safely(ana, "lessons.json", progress.to_bytes())
    answers = [
        PuzzleAnswer(kind="go-out", difficulty="easy", first_try=n % 3 > 0) for n in range(9)
    ]
    records = GameRecords(
        puzzles={
            "Ana": PuzzleStats(
                solved=7, tried=9, first_try=5, streak=2, best_streak=4, answers=answers
            )
        }
    )
    write_safely(ana, "games-records.json", records.model_dump_json().encode())
    save_game(ana, "Spring", "Ana", ["Ana", OPPONENT, "Ana", None], hour=1)
    save_game(ana, "Summer", "Ana", [OPPONENT, "Ana"], hour=3)
    save_game(ana, "Autumn", "Ana", [OPPONENT, OPPONENT, OPPONENT], hour=2)
    write_safely(ana, "Broken.civio.json", b"{not json")
    return root


def test_each_student_gets_lessons_puzzles_and_rounds_from_their_folder(root: Path) -> None:
    ana, ben = class_progress(root)
    assert (ana.name, ben.name) == ("Ana", "Ben")
    assert (ana.lessons_done, ana.lesson_stars, ana.lessons_total) == (2, 4, 8)
    assert (ana.puzzles_first_try, ana.puzzles_later, ana.puzzle_streak) == (5, 2, 2)
    assert ana.puzzles_solved == 7
    assert (ana.rounds_played, ana.rounds_won, ana.games, ana.unreadable_games) == (9, 3, 3, 1)
    # The latest game is the one saved last (Summer: 3 + 12 points), not the last by name.
    assert (ana.latest_rank, ana.latest_points) == (rank_for(15), 15)
    assert ana.last_played is not None and ana.last_played >= START + timedelta(hours=3)
    assert ben.model_dump(include={"lessons_done", "puzzles_first_try", "rounds_played"}) == {
        "lessons_done": 0,
        "puzzles_first_try": 0,
        "rounds_played": 0,
    }
    assert (ben.latest_rank, ben.last_played, ben.games) == (None, None, 0)


def test_a_table_record_counts_the_rounds_won_from_the_students_own_seat(root: Path) -> None:
    folder = root / "ben"
    data = game_file("Table ABCD", "Ana", ["Ana", "Ana"], START)
    record = json.loads(data)
    record["campaign"]["players"][1] = {"name": "Ben", "level": HUMAN}
    for rnd in record["campaign"]["history"]:
        rnd["points"]["Ben"] = rnd["points"].pop(OPPONENT)
    record["campaign"]["standings"][1]["name"] = "Ben"
    write_safely(folder, "Table ABCD.civio.json", json.dumps(record).encode())
    ben = class_progress(root)[1]
    assert (ben.rounds_played, ben.rounds_won, ben.latest_points) == (2, 0, 6)


def test_pins_locks_a_signed_in_tab_and_a_table_seat_are_shown(root: Path) -> None:
    now = 1_800_000_000.0
    desk = PinDesk(root, clock=lambda: now, cost=CHEAP)
    assert desk.check("Ana", "4821", "4821").ok
    for n in range(10):
        PinDesk(root, clock=lambda: now, cost=CHEAP, client=f"10.0.0.{n}").check("Ben", "0000")
    with TableStore.in_root(root) as store:
        table = ops.open_table(store, "Ana", "civio", 2, now=now)
    tab = PlayerLock(root / "ana")
    assert tab.acquire()  # a tab signed in as Ana
    try:
        ana, ben = class_progress(root, clock=lambda: now)
    finally:
        tab.release()
    assert (ana.pin_set, ana.locked, ana.playing_now, ana.table) == (True, False, True, table.code)
    assert (ben.pin_set, ben.locked, ben.wrong_pins, ben.playing_now, ben.table) == (
        False,
        True,
        10,
        False,
        None,
    )
    assert ben.locked_seconds > 0
    assert not class_progress(root, clock=lambda: now)[0].playing_now  # the tab has closed


@pytest.mark.skipif(flocked_files() is None, reason="no table of locks on this system")
def test_a_look_never_takes_a_players_lock(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tab signing in while the teacher's page looks must not find the lock taken."""
    tab = PlayerLock(root / "ben")
    assert tab.acquire()

    def taken(self: FileLock, wait: bool = False) -> bool:
        raise AssertionError(f"the look took {self.path}")

    monkeypatch.setattr(FileLock, "acquire", taken)
    assert [s.playing_now for s in class_progress(root)] == [False, True]
    tab.release()


def count_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    real = games_cache.read_facts

    def counted(*args: object) -> games_cache.GameFacts:
        reads.append(args[1].name)  # type: ignore[attr-defined]
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(games_cache, "read_facts", counted)
    return reads


def test_the_cache_rereads_only_a_file_that_changed(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class_progress(root)
    reads = count_reads(monkeypatch)
    assert class_progress(root)[0].rounds_won == 3
    assert reads == []  # every figure came from the cache
    folder = root / "ana"
    summer = folder / "Summer.civio.json"
    before = summer.stat()
    # Summer's first round now won by Ana, in a file of the same size and time: a save is
    # renamed into place, so only its inode tells the files apart.
    old = summer.read_bytes()
    new = old.replace(b'"winner": "Medium"', b'"winner": "Ana"   ', 1)
    assert new != old and len(new) == len(old)
    write_safely(folder, summer.name, new)
    os.utime(summer, ns=(before.st_atime_ns, before.st_mtime_ns))
    ana = class_progress(root)[0]
    assert reads == ["Summer"]
    assert (ana.rounds_played, ana.rounds_won) == (9, 4)
    (folder / "Autumn.civio.json").unlink()
    assert class_progress(root)[0].rounds_played == 6


@pytest.mark.parametrize(
    "cache",
    [
        b"\x00garbage",
        b'{"format": "civio-tui progress cache", "version": 1}',
        b"[" * 100_000,
    ],
    ids=["not json", "wrong schema", "nested too deeply"],
)
def test_a_corrupt_cache_is_ignored_and_rebuilt(root: Path, cache: bytes) -> None:
    expected = class_progress(root)
    write_safely(root / "ana", CACHE_FILE, cache)
    assert class_progress(root) == expected
    document = json.loads((root / "ana" / CACHE_FILE).read_bytes())
    assert sorted(document["files"]) == ["Autumn", "Broken", "Spring", "Summer"]


def test_a_cache_made_for_another_name_is_not_trusted(root: Path) -> None:
    class_progress(root)
    path = root / "ana" / CACHE_FILE
    document = json.loads(path.read_bytes())
    for facts in document["files"].values():
        facts["won"] = 0  # figures that match every file's signature, but not Ana's
    document["player"] = "Someone else"
    write_safely(path.parent, path.name, json.dumps(document).encode())
    assert class_progress(root)[0].rounds_won == 3


def test_a_folder_without_campaigns_gets_no_cache(root: Path) -> None:
    class_progress(root)
    assert not (root / "ben" / CACHE_FILE).exists()


def count_ratings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record each rating computed (the folder's name), as `civio_tui.ratings` computes it."""
    computed: list[str] = []
    real = ratings.current_rating

    def counted(player_dir: Path, player: str | None = None) -> ratings.Rating | None:
        computed.append(player_dir.name)
        return real(player_dir, player)

    monkeypatch.setattr(ratings, "current_rating", counted)
    return computed


def test_ratings_are_computed_by_the_rating_rules_and_again_only_when_a_game_changes(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    computed = count_ratings(monkeypatch)
    ana, ben = class_progress(root)
    rating = ratings.current_rating(root / "ana")
    puzzles = ratings.current_puzzle_rating(root / "ana")
    assert rating is not None and puzzles is not None
    assert (ana.rating, ana.rating_uncertainty, ana.rated_rounds) == (
        rating.value,
        rating.uncertainty,
        rating.games,
    )
    assert (ana.puzzle_rating, ana.puzzle_rating_uncertainty) == (
        puzzles.value,
        puzzles.uncertainty,
    )
    assert (ben.rating, ben.puzzle_rating, ben.rated_rounds) == (None, None, 0)
    computed.clear()
    assert class_progress(root)[0].rating == rating.value
    assert computed == []  # from the cache
    save_game(root / "ana", "Winter", "Ana", ["Ana"] * 3, hour=4)
    ana = class_progress(root)[0]
    assert computed == ["ana"]
    assert ana.rating is not None and ana.rating > rating.value


def test_a_classmates_new_game_rates_again_a_student_who_played_with_them(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads(game_file("Table ABCD", "Ben", ["Ben", OPPONENT, "Ben"], START))
    data["campaign"]["players"][1] = {"name": "Ana", "level": HUMAN}
    for rnd in data["campaign"]["history"]:
        rnd["points"]["Ana"] = rnd["points"].pop(OPPONENT)
        rnd["winner"] = "Ana" if rnd["winner"] == OPPONENT else rnd["winner"]
    data["campaign"]["standings"][1]["name"] = "Ana"
    data["campaign"]["winners"] = ["Ben"]
    write_safely(root / "ben", "Table ABCD.civio.json", json.dumps(data).encode())
    save_game(student(root, "Cy"), "Solo", "Cy", ["Cy"], hour=1)
    class_progress(root)
    computed = count_ratings(monkeypatch)
    save_game(root / "ana", "Winter", "Ana", ["Ana"] * 3, hour=4)
    ben = class_progress(root)[1]
    # Ana's rating at the table counts in Ben's: both are rated again; Cy played alone.
    assert computed == ["ana", "ben"]
    assert ben.rating == getattr(ratings.current_rating(root / "ben"), "value", None)


def test_the_tables_file_looked_for_is_the_table_stores() -> None:
    assert progress.TABLES_FILE == FILE_NAME


LOOK = """
import contextlib, io, sys
from civio_tui.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    assert main(["class", "--json", "--save-root", sys.argv[1]]) == 0
print(" ".join(sorted({m.split(".")[0] for m in sys.modules} & {"textual", "openskill"})))
"""


def test_civio_class_loads_neither_textual_nor_the_rating_code_once_the_cache_is_written(
    root: Path,
) -> None:
    """What keeps `civio class` quick: a look from the cache imports no screen code and
    computes no rating (a fresh interpreter, so the tests' own imports do not count)."""

    def imported() -> str:
        run = subprocess.run(
            [sys.executable, "-c", LOOK, str(root)], capture_output=True, text=True, check=True
        )
        return run.stdout.strip()

    assert imported() == "openskill"  # the first look rates every student
    assert imported() == ""
