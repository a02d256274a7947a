"""Player names, folders and the lock that keeps two tabs off one folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from civio_tui.serve.pins import LOOKALIKE, PinDesk
from civio_tui.serve.players import (
    PlayerFolder,
    PlayerLock,
    PlayerNameError,
    check_player_name,
    folder_name,
    lookalike_of,
    player_folders,
    skeleton,
)

CHEAP = {"n": 2**8, "r": 8, "p": 1}

HOSTILE = ["../x", "..", "a/b", "a\\b", "x; touch pwned", "$(touch pwned)", "`id`", "a\x00b", "\t"]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_name_that_could_leave_the_folder_or_reach_a_shell_is_refused(name: str) -> None:
    with pytest.raises(PlayerNameError):
        check_player_name(name)


def test_names_are_trimmed_and_case_blind() -> None:
    assert check_player_name("  Ana María ") == "Ana María"
    assert folder_name("ANA") == folder_name("ana") == "ana"
    with pytest.raises(PlayerNameError, match="at most 20"):
        check_player_name("x" * 21)


def test_a_player_folder_is_always_one_folder_inside_the_root(save_root: Path) -> None:
    player = PlayerFolder(save_root, "Ana")
    player.create()
    assert player.path.parent == save_root
    assert player.exists
    PlayerFolder(save_root, "ana").create()  # the same player: nothing new
    assert [p.name for p in player_folders(save_root)] == ["Ana"]


@pytest.mark.parametrize(
    ("name", "folder"),
    [
        ("İlker", "i\u0307lker"),
        ("José", "josé"),
        ("Zoë", "zoë"),
        ("Анна", "анна"),
        ("山田はな", "山田はな"),
    ],
)
def test_accented_and_other_alphabets_names_have_their_own_folder(
    save_root: Path, name: str, folder: str
) -> None:
    assert folder_name(name) == folder
    PlayerFolder(save_root, name).create()
    assert [p.name for p in player_folders(save_root)] == [name]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ＡＮＡ", "wide or styled letters: type it in plain ones ('ANA')"),
        ("Аna", "mixes letters of different alphabets (Cyrillic and Latin)"),
        ("Ana\x1b[2J", "the control character U+001B is not allowed"),
        ("Ana\x07", "the control character U+0007 is not allowed"),
        ("Removed", "kept for the teacher's use"),  # the folder removed players are kept in
        ("Tables.sqlite3", "the name of a class file"),  # a folder there stops every table
        ("teacher.JSON", "the name of a class file"),  # ...or the teacher's password
    ],
)
def test_look_alike_and_control_characters_are_refused_in_plain_words(
    name: str, words: str
) -> None:
    with pytest.raises(PlayerNameError) as refused:
        check_player_name(name)
    assert words in str(refused.value)
    assert "\x1b" not in str(refused.value) and "\x07" not in str(refused.value)


def test_a_new_name_that_looks_like_a_player_here_is_refused(save_root: Path) -> None:
    desk = PinDesk(save_root, cost=CHEAP)
    for name in ("Bob", "Cop", "Ana Bo"):  # their first visits, as the sign-in makes them
        assert desk.check(name, "4821", "4821").created
        PlayerFolder(save_root, name).create()
    assert skeleton("B0b") == skeleton("Bob") and skeleton("Сор") == skeleton("Cop")  # Cyrillic
    for name, other in (("B0b", "Bob"), ("Сор", "Cop"), ("Ana  Bo", "Ana Bo")):
        verdict = desk.check(name, "1234", "1234")
        assert not verdict.ok and verdict.message == LOOKALIKE.format(name=name, other=other)
        assert not PlayerFolder(save_root, name).path.exists()
    assert lookalike_of(save_root, "BOB") is None  # the same player, not a look-alike
    assert desk.check("Bobby", "1234", "1234").created


def test_a_player_folder_and_its_files_are_private(save_root: Path) -> None:
    old = save_root / "ana"
    old.mkdir(mode=0o755)
    old.chmod(0o755)  # as an older version left it
    PlayerFolder(save_root, "Ana").create()
    PlayerFolder(save_root, "Ben").create()
    for folder in ("ana", "ben"):
        assert (save_root / folder).stat().st_mode & 0o777 == 0o700
    lock = PlayerLock(save_root / "ben")
    assert lock.acquire()
    assert (save_root / "ben" / ".lock").stat().st_mode & 0o077 == 0
    lock.release()


def test_folders_not_made_by_serve_are_not_players(save_root: Path) -> None:
    (save_root / "notes").mkdir()
    (save_root / "Mixed Case").mkdir()
    (save_root / "Mixed Case" / "player.json").write_text('{"name": "Mixed Case"}')
    assert player_folders(save_root) == []


def test_the_lock_is_held_by_one_process_and_freed_when_it_is_killed(
    save_root: Path, lock_holder
) -> None:
    folder = save_root / "ana"
    holder = lock_holder(folder)
    assert not PlayerLock(folder).acquire()
    assert PlayerLock(folder).is_held_elsewhere()
    holder.kill()  # no clean-up runs: the kernel frees the lock
    holder.wait()
    lock = PlayerLock(folder)
    assert lock.acquire()
    lock.release()


def test_the_lock_is_not_inherited_by_children(save_root: Path) -> None:
    lock = PlayerLock(save_root)
    assert lock.acquire()
    assert lock._fd is not None and not os.get_inheritable(lock._fd)
    lock.release()
    assert not lock.is_held_elsewhere()
