"""`civio class`: the teacher's list (read-only) and `civio class reset-pin NAME`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
    assert [(r["name"], r["has_pin"], r["rounds"], r["wrong_pins"]) for r in rows] == [
        ("Ana", True, None, NAME_LIMIT.tries),
        ("Ben", False, None, 0),
    ]
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


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["class", "reset-pin"], "needs the player's NAME"),
        (["class", "reset-pin", "Zed"], "no player named 'Zed'"),
        (["class", "reset-pin", "../Ana"], "path separator"),
        (["class", "Ana"], "invalid choice: 'Ana'"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    save_root: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main([*argv, "--save-root", str(save_root)]) == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1
