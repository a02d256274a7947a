"""The one crash-safe writer and the one lock: a failed write leaves the previous file whole and
nothing behind, every file a game keeps is private to the player, and a lock excludes others."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from cards.deck import standard_deck
from civio_tui.campaigns.catalogue import new_campaign
from civio_tui.campaigns.export import write_markdown
from civio_tui.card_games_save import ConcentrationSaves, SolitaireSaves
from civio_tui.easy_play_save import new_easy_game
from civio_tui.lessons.progress import LessonProgress, ProgressFile
from civio_tui.records import RecordsFile
from civio_tui.safe_files import FileLock, file_id, flocked_files, write_safely
from civio_tui.seating import HUMAN, Seat
from civio_tui.serve.pins import PinDesk
from civio_tui.serve.players import PlayerFolder
from civio_tui.settings import Settings

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples" / "games"


@pytest.fixture
def umask() -> Iterator[None]:
    """The usual umask (group and others may read), restored afterwards."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_failed_write_leaves_the_previous_file_whole_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_safely(tmp_path, "game.json", b"old")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        write_safely(tmp_path, "game.json", b"new")
    assert (tmp_path / "game.json").read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_write_without_sync_replaces_the_file_whole_and_waits_for_no_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_safely(tmp_path, "cache.json", b"old")
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    write_safely(tmp_path, "cache.json", b"new", sync=False)
    assert synced == []
    assert (tmp_path / "cache.json").read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["cache.json"]
    write_safely(tmp_path, "cache.json", b"newer")
    assert len(synced) == 2  # the file, then the folder's entry


@pytest.mark.usefixtures("umask")
def test_the_writer_makes_private_files_and_folders(tmp_path: Path) -> None:
    folder = tmp_path / "player" / "saves"
    write_safely(folder, "game.json", b"{}")
    assert _mode(folder / "game.json") == 0o600
    assert _mode(folder) == _mode(folder.parent) == 0o700


@pytest.mark.usefixtures("umask")
def test_every_file_a_game_keeps_is_private(tmp_path: Path) -> None:
    deck = standard_deck()
    folder = tmp_path / "saves"
    campaign = new_campaign("Spring", ["random"], save_dir=folder, seed=1)
    campaign.next_round()
    write_markdown(campaign.campaign, deck, folder)
    new_easy_game(
        "Summer", [Seat("Ana", HUMAN), Seat("Easy", "easy")], save_dir=folder, deck=deck, seed=2
    )
    for name in ("solitaire.json", "concentration.json"):
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    solitaire, concentration = SolitaireSaves(folder, deck), ConcentrationSaves(folder, deck)
    assert solitaire.saved is not None and solitaire.write(solitaire.saved) is None
    assert concentration.saved is not None and concentration.write(concentration.saved) is None
    records = RecordsFile(folder)
    records.records.record_concentration(12)
    assert records.save() is None
    assert ProgressFile(folder).save(LessonProgress()) is None
    assert Settings().save(folder) is not None
    root = tmp_path / "served"
    PlayerFolder(root, "Ana").create()
    PinDesk(root).check("Ana", "1234", "1234")
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p.name != ".lock"]
    assert {p.name for p in written} >= {
        "Spring.civio.json",
        "Spring.md",
        "Summer.easy-play.json",
        "solitaire.json",
        "concentration.json",
        "games-records.json",
        "lessons.json",
        "settings.json",
        "player.json",
        "pin.json",
    }
    assert {p.name: _mode(p) for p in written} == {p.name: 0o600 for p in written}
    assert _mode(root / "ana") == 0o700


def test_a_file_lock_keeps_a_second_holder_out_until_released(tmp_path: Path) -> None:
    first, second = FileLock(tmp_path / ".lock"), FileLock(tmp_path / ".lock")
    assert first.acquire()
    assert not second.acquire() and second.is_held_elsewhere()
    first.release()
    with second:
        assert second.held and not first.acquire()
    assert first.acquire()


def test_the_kernels_table_of_locks_is_read_for_flocks_only(tmp_path: Path) -> None:
    table = tmp_path / "locks"
    table.write_text(
        "1: FLOCK  ADVISORY  WRITE 22392 fe:00:2230515 0 EOF\n"
        "1: -> FLOCK  ADVISORY  WRITE 22400 fe:00:2230515 0 EOF\n"
        "2: POSIX  ADVISORY  WRITE 21848 fe:00:2203984 0 EOF\n"
        "3: FLOCK  ADVISORY  WRITE 1 08:1f:77 0 EOF\n"
        "4: FLOCK  garbled\n"
    )
    assert flocked_files(table) == {(0xFE, 0, 2230515), (8, 0x1F, 77)}
    assert flocked_files(tmp_path / "no such table") is None


@pytest.mark.skipif(flocked_files() is None, reason="no table of locks on this system")
def test_a_held_file_lock_is_in_the_kernels_table_until_released(tmp_path: Path) -> None:
    lock = FileLock(tmp_path / ".lock")
    assert lock.acquire()
    assert file_id(lock.path) in (flocked_files() or set())
    lock.release()
    assert file_id(lock.path) not in (flocked_files() or set())
