"""`civio class`: the teacher's list (read-only) and `civio class reset-pin NAME`."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest

from civio_tui.classroom import COLUMNS
from civio_tui.cli import main
from civio_tui.serve.pins import PinDesk
from civio_tui.serve.players import PlayerFolder
from civio_tui.serve.tries import NAME_LIMIT

CHEAP = {"n": 2**8, "r": 8, "p": 1}


def class_json(root: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["class", "--save-root", str(root), "--json"]) == 0
    players: list[dict[str, object]] = json.loads(capsys.readouterr().out)["players"]
    return players


def guess_from_many_computers(root: Path, name: str) -> None:
    for n in range(NAME_LIMIT.tries):
        PinDesk(root, cost=CHEAP, client=f"10.0.0.{n}").check(name, "0000")


def test_the_list_shows_pins_and_wrong_tries_and_changes_nothing(
    save_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = PinDesk(save_root, cost=CHEAP)
    for name in ("Ben", "Ana"):
        PlayerFolder(save_root, name).create()
    assert desk.check("Ana", "4821", "4821").ok
    guess_from_many_computers(save_root, "Ana")
    before = sorted((p, p.stat().st_mtime_ns) for p in save_root.rglob("*"))
    rows = class_json(save_root, capsys)
    assert [(r["name"], r["pin_set"], r["rounds_played"], r["wrong_pins"]) for r in rows] == [
        ("Ana", True, 0, NAME_LIMIT.tries),
        ("Ben", False, 0, 0),
    ]
    assert rows[0]["locked"] is True and rows[1]["locked"] is False
    assert 0 < int(str(rows[0]["locked_seconds"])) <= 360 and rows[1]["locked_seconds"] == 0
    assert main(["class", "--save-root", str(save_root)]) == 0
    text = capsys.readouterr().out
    assert "10 wrong PINs, new computers wait" in text and "4821" not in text
    assert sorted((p, p.stat().st_mtime_ns) for p in save_root.rglob("*")) == before


def test_reset_pin_removes_the_pin_and_the_lock(
    save_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = PinDesk(save_root, cost=CHEAP)
    PlayerFolder(save_root, "Ana").create()
    assert desk.check("Ana", "4821", "4821").ok
    guess_from_many_computers(save_root, "Ana")
    assert main(["class", "reset-pin", "ana", "--save-root", str(save_root)]) == 0
    assert "Ana's PIN is removed" in capsys.readouterr().out
    assert not desk.has_pin("Ana") and desk.locked_for("Ana") == 0
    assert desk.wrong_tries("Ana") == 0


def test_json_and_csv_give_one_row_per_player_with_the_models_columns(
    save_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("Ben", "Ana"):
        PlayerFolder(save_root, name).create()
    PinDesk(save_root, cost=CHEAP).set_pin("Ben", "4821")
    rows = class_json(save_root, capsys)
    assert [list(row) for row in rows] == [list(COLUMNS)] * 2
    assert main(["class", "--save-root", str(save_root), "--csv"]) == 0
    table = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert table[0] == list(COLUMNS)
    assert [row[0] for row in table[1:]] == ["Ana", "Ben"]
    by_column = [dict(zip(COLUMNS, row, strict=True)) for row in table[1:]]
    assert [(r["pin_set"], r["rounds_won"], r["latest_rank"]) for r in by_column] == [
        ("no", "0", ""),
        ("yes", "0", ""),
    ]
    assert main(["class", "--save-root", str(save_root)]) == 0
    header = capsys.readouterr().out.splitlines()[0].split()
    assert header[:3] == ["player", "lessons", "stars"] and "rating" in header


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["class", "reset-pin"], "needs the player's NAME"),
        (["class", "reset-pin", "Zed"], "no player named 'Zed'"),
        (["class", "reset-pin", "../Ana"], "path separator"),
        (["class", "Ana"], "invalid choice: 'Ana'"),
        (["class", "--json", "--csv"], "--json and --csv: choose one"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    save_root: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main([*argv, "--save-root", str(save_root)]) == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1


def test_a_save_root_that_does_not_exist_is_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["class", "--save-root", str(tmp_path / "no-such-class")]) == 2
    error = capsys.readouterr().err
    assert "no-such-class: no such folder" in error and error.count("\n") == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder")
def test_a_save_root_that_cannot_be_read_is_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unreadable = tmp_path / "locked-up"
    unreadable.mkdir(mode=0o000)
    try:
        assert main(["class", "--save-root", str(unreadable)]) == 2
    finally:
        unreadable.chmod(0o700)
    error = capsys.readouterr().err
    assert "locked-up" in error and error.count("\n") == 1


def test_set_password_stores_only_a_salted_hash(
    save_root: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from civio_tui.serve.teacher import PASSWORD_FILE, password_matches

    monkeypatch.setattr("sys.stdin", io.StringIO("correct horse\n"))
    assert main(["class", "set-password", "--save-root", str(save_root)]) == 0
    said = capsys.readouterr().out
    assert "opens with this password" in said and str(save_root / PASSWORD_FILE) in said
    stored = (save_root / PASSWORD_FILE).read_text()
    assert "correct horse" not in stored and json.loads(stored)["algorithm"] == "scrypt"
    assert password_matches(save_root, "correct horse")
    assert not password_matches(save_root, "correct horsE")
    first_salt = json.loads(stored)["salt"]
    monkeypatch.setattr("sys.stdin", io.StringIO("correct horse\n"))
    assert main(["class", "set-password", "--save-root", str(save_root)]) == 0
    assert json.loads((save_root / PASSWORD_FILE).read_text())["salt"] != first_salt
    (save_root / PASSWORD_FILE).unlink()
    (save_root / PASSWORD_FILE).mkdir()  # the error names the file, not the save root
    monkeypatch.setattr("sys.stdin", io.StringIO("correct horse\n"))
    assert main(["class", "set-password", "--save-root", str(save_root)]) == 2
    assert f"cannot write {save_root / PASSWORD_FILE}: " in capsys.readouterr().err


def test_set_password_refuses_a_short_one_and_keeps_the_old(
    save_root: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from civio_tui.serve.teacher import password_matches, set_password

    set_password(save_root, "correct horse")
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert main(["class", "set-password", "--save-root", str(save_root)]) == 2
    error = capsys.readouterr().err
    assert "8 to 200 characters" in error and error.count("\n") == 1
    assert password_matches(save_root, "correct horse")


def test_a_damaged_password_file_is_kept_and_the_page_opens_with_the_key(save_root: Path) -> None:
    from civio_tui.serve.teacher import (
        PASSWORD_FILE,
        TeacherDesk,
        password_file_problem,
        password_matches,
    )

    (save_root / PASSWORD_FILE).write_text('{"algorithm": "scr')
    desk = TeacherDesk(save_root, key="the-key")
    assert not desk.password_set
    assert desk.address("http://127.0.0.1:8000/") == "http://127.0.0.1:8000/teacher?key=the-key"
    assert str(save_root / PASSWORD_FILE) in str(password_file_problem(save_root))
    assert not password_matches(save_root, '{"algorithm": "scr')
    assert (save_root / PASSWORD_FILE).read_text() == '{"algorithm": "scr'


def test_a_damaged_count_of_wrong_pins_is_reported_kept_and_refuses_every_pin(
    save_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from civio_tui.serve.child import TRIES_DAMAGED, ServedApp
    from civio_tui.serve.tries import DB_FILE

    PlayerFolder(save_root, "Ana").create()
    PinDesk(save_root, cost=CHEAP).set_pin("Ana", "4821")
    damaged = b"not a database, " * 64
    (save_root / DB_FILE).write_bytes(damaged)
    assert main(["class", "--save-root", str(save_root), "--json"]) == 0
    problem = json.loads(capsys.readouterr().out)["pins_problem"]
    assert str(save_root / DB_FILE) in problem and "left as it is" in problem
    for argv in (["class", "reset-pin", "Ana"], ["serve", "--port", "0"]):
        assert main([*argv, "--save-root", str(save_root)]) == 2
        error = capsys.readouterr().err
        assert "count of wrong PINs" in error and error.count("\n") == 1
    assert PinDesk(save_root).has_pin("Ana")
    assert ServedApp(save_root).sign_in("Ana", "4821") == TRIES_DAMAGED
    assert (save_root / DB_FILE).read_bytes() == damaged
    (save_root / DB_FILE).unlink()
    (save_root / DB_FILE).mkdir()  # a folder in its place is no count either
    assert main(["serve", "--port", "0", "--save-root", str(save_root)]) == 2
    assert "is damaged (not a file)" in capsys.readouterr().err


def test_the_save_root_and_card_pack_may_come_before_or_after_class(
    save_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = str(Path(__file__).parents[2] / "saves" / "samples" / "teacher-pack.toml")
    PlayerFolder(save_root, "Ana").create()
    folder = str(save_root / "ana")
    assert main(["--cards", pack, "campaign", "new", "Pack", "--opponents", "easy",
                 "--save-dir", folder]) == 0  # fmt: skip
    capsys.readouterr()
    games = []
    for argv in (
        ["class", "--save-root", str(save_root), "--cards", pack, "--json"],
        ["--save-root", str(save_root), "--cards", pack, "class", "--json"],
        ["--save-root", str(save_root), "class", "--json"],
    ):
        assert main(argv) == 0
        (ana,) = json.loads(capsys.readouterr().out)["players"]
        games.append((ana["games"], ana["unreadable_games"]))
    assert games == [(1, 0), (1, 0), (0, 1)]  # the pack's game needs the pack to be read
    assert main(["class", "--save-root", str(save_root)]) == 0
    said = capsys.readouterr().out
    assert "(1 unreadable save)" in said and "read with `civio class --cards FILE`" in said


def test_stats_of_a_student_read_their_folder_under_the_save_root(
    save_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    samples = Path(__file__).parents[2] / "saves" / "samples"
    PlayerFolder(save_root, "İlker").create()  # his folder's name is not what a teacher types
    shutil.copy(samples / "Rounds won.civio.json", PlayerFolder(save_root, "İlker").path)
    assert main(["stats", "--student", "İLKER", "--save-root", str(save_root)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "İlker's statistics:" and "Rounds: 3, won: 2 (67%)" in lines
    assert main(["stats", "--save-dir", str(save_root)]) == 0  # the class's folder, not his
    assert "`civio stats --student NAME --save-root" in capsys.readouterr().out
    for argv, words in (
        (["--student", "Nobody"], "no player named 'Nobody'"),
        (["--student", " "], "--student: a name cannot be empty"),
        (["--student", "İlker", "--save-dir", str(save_root)], "--student and --save-dir"),
    ):
        assert main(["stats", *argv, "--save-root", str(save_root)]) == 2
        error = capsys.readouterr().err
        assert words in error and error.count("\n") == 1


def test_lock_and_unlock_from_the_terminal_say_whether_a_game_is_open(
    save_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from civio_tui.serve.child import LOCKED, ServedApp
    from civio_tui.serve.players import PlayerLock

    players = [PlayerFolder(save_root, name) for name in ("Ana", "Ben")]
    for player in players:
        player.create()
        PinDesk(save_root, cost=CHEAP).set_pin(player.name, "4821")
    bens_tab = PlayerLock(players[1].path)
    assert bens_tab.acquire()  # Ben is playing
    try:
        said = []
        for name in ("ana", "Ben"):
            assert main(["class", "lock", name, "--save-root", str(save_root)]) == 0
            said.append(capsys.readouterr().out)
    finally:
        bens_tab.release()
    assert said[0] == "Ana is locked: the name cannot sign in.\n"
    assert "Ben is locked" in said[1] and "goes on until it ends" in said[1]
    assert ServedApp(save_root, pins=PinDesk(save_root, cost=CHEAP)).sign_in("Ana", "4821") == (
        LOCKED
    )
    assert main(["class", "unlock", "Ana", "--save-root", str(save_root)]) == 0
    assert "Ana is unlocked" in capsys.readouterr().out
    assert [(r["name"], r["teacher_locked"]) for r in class_json(save_root, capsys)] == [
        ("Ana", False),
        ("Ben", True),
    ]
    assert main(["class", "lock", "Zed", "--save-root", str(save_root)]) == 2
    assert "no player named 'Zed'" in capsys.readouterr().err


def test_the_list_fits_the_terminal_and_names_the_columns_left_out(
    save_root: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("Ana", "Benedetta Castellano"):
        PlayerFolder(save_root, name).create()
    assert main(["class", "--save-root", str(save_root)]) == 0  # to a pipe: every column
    whole = capsys.readouterr().out.splitlines()
    assert "puzzle rating" in whole[0] and "PIN" in whole[0] and len(whole) == 3
    assert max(map(len, whole)) > 80
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["class", "--save-root", str(save_root)]) == 0
    fitted = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 for line in fitted)
    assert fitted[0].split()[:2] == ["player", "lessons"] and "rating" in fitted[0]
    assert "Benedetta Castellano" in fitted[2]
    note = " ".join(fitted[3:])
    assert note.startswith("Not shown at 80 columns: stars, ")
    assert "PIN" not in fitted[0] and "PIN" in note
