"""Player names, folders and the lock that keeps two tabs off one folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from civio_tui.serve.players import (
    PlayerFolder,
    PlayerLock,
    PlayerNameError,
    check_player_name,
    folder_name,
    player_folders,
)

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
