"""`civio campaign ...`: JSON shapes, exit codes, errors on stderr, asking before deleting."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from civio_tui.campaigns.store import SAVE_DIR_ENV
from civio_tui.cli import main
from tests.cli.conftest import run, run_json

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv(SAVE_DIR_ENV, str(folder))
    return folder


def _quick_level() -> str:
    """An AI level whose rounds end fast (random ones mostly run to the 300-turn limit)."""
    import ai

    return "medium" if "medium" in ai.PLAYER_NAMES else "random"


def test_new_show_list(save_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shown = run_json(
        capsys, "campaign", "new", "Spring", "--opponents", "random,random", "--seed", "4",
        "--rules", "summary", "--target", "judge",
    )  # fmt: skip
    assert shown == {
        "name": "Spring",
        "rules": "summary",
        "target": "Judge",
        "max_rounds": None,
        "finished": False,
        "winner": None,
        "rounds_played": 0,
        "in_round": False,
        "players": [
            {"name": "You", "level": "human", "points": 0, "rank": "Intern"},
            {"name": "Random 1", "level": "random", "points": 0, "rank": "Intern"},
            {"name": "Random 2", "level": "random", "points": 0, "rank": "Intern"},
        ],
        "history": [],
    }
    assert (save_dir / "Spring.civio.json").is_file()
    assert run_json(capsys, "campaign", "show", "spring") == shown
    assert run_json(capsys, "campaign", "list") == [
        {
            "name": "Spring",
            "rank": "Intern",
            "points": 0,
            "rounds_played": 0,
            "in_round": False,
            "readable": True,
            "problem": None,
            "game": "civio",
        }
    ]
    code, out, _ = run(capsys, "campaign", "list")
    assert code == 0 and "Spring" in out and "between rounds" in out


def test_autoplay_then_show(save_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_json(capsys, "campaign", "new", "Auto", "--opponents", "random", "--seed", "2")
    done = run_json(capsys, "campaign", "autoplay", "Auto", "--rounds", "2", "--as", "random")
    assert done["rounds_autoplayed"] == 2 and done["rounds_played"] == 2
    shown = run_json(capsys, "campaign", "show", "Auto")
    assert [h["round"] for h in shown["history"]] == [1, 2]
    for entry in shown["history"]:
        assert set(entry) == {"round", "winner", "points", "flush"}
        assert set(entry["points"]) == {"You", "Random"}
    totals = {p["name"]: p["points"] for p in shown["players"]}
    assert totals == {n: sum(h["points"][n] for h in shown["history"]) for n in ("You", "Random")}
    code, out, _ = run(capsys, "campaign", "show", "Auto")
    assert code == 0 and "ROUND" in out and "WINS" in out


def test_autoplay_stops_when_the_campaign_ends(
    save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = _quick_level()
    run_json(
        capsys, "campaign", "new", "Short", "--opponents", level, "--seed", "7",
        "--target", "Law Clerk",
    )  # fmt: skip
    done = run_json(capsys, "campaign", "autoplay", "Short", "--rounds", "500", "--as", level)
    assert done["finished"] and done["winner"] and done["rounds_autoplayed"] < 500
    code, _, err = run(capsys, "campaign", "autoplay", "Short", "--rounds", "1", "--as", "random")
    assert code == 2 and "is finished" in err


def test_autoplay_a_custom_pack_campaign_against_an_ai(
    save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = str(SAMPLES / "teacher-pack.toml")
    run_json(capsys, "campaign", "new", "Class", "--opponents", "medium", "--cards", pack)
    done = run_json(
        capsys, "campaign", "autoplay", "Class", "--rounds", "1", "--as", "easy", "--cards", pack
    )
    assert done["rounds_autoplayed"] == 1 and done["rounds_played"] == 1


def test_new_refuses_a_pack_too_small_for_the_table(
    save_dir: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "tiny.toml"
    pack.write_text(
        'name = "tiny"\ncustom = true\n[[cards]]\nname = "Race"\ntype = "issue"\n', "utf-8"
    )
    code, _, err = run(
        capsys, "campaign", "new", "Tiny", "--opponents", "random", "--cards", str(pack)
    )
    assert code == 2 and "1 cards are too few to deal 2 hands of 7" in err
    assert not save_dir.exists() or list(save_dir.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "../x", "--opponents", "random"], "path separator"),
        (["new", "/abs", "--opponents", "random"], "path separator"),
        (["new", "a\x01b", "--opponents", "random"], "control character"),
        (["new", "x", "--opponents", "wizard"], "unknown opponent level 'wizard'"),
        (["new", "x", "--opponents", "random,"], "empty level"),
        (["new", "x", "--opponents", "random", "--target", "king"], "unknown rank"),
        (["show", "nobody"], "no campaign named 'nobody'"),
        (["show", "../../etc/passwd"], "path separator"),
        (["delete", "nobody", "--yes"], "no campaign named"),
        (["autoplay", "nobody", "--rounds", "1", "--as", "random"], "no campaign"),
        (["autoplay", "x", "--rounds", "0", "--as", "random"], "--rounds must be at least 1"),
        (["autoplay", "x", "--rounds", "1", "--as", "wizard"], "unknown level 'wizard'"),
        (["autoplay", "x", "--rounds", "1", "--as", "cheater"], "choose from random, easy, medium"),
        (["new", "x", "--opponents", "random", "--target", ""], "unknown rank"),
        (["new", "x", "--opponents", "random", "--cards", ""], "no file name"),
        ([], "choose an action"),
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr(
    save_dir: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "campaign", *argv)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert err.count("\n") == 1, err
    assert out == ""
    assert not save_dir.exists() or list(save_dir.iterdir()) == []


def test_a_save_folder_that_cannot_be_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for argv in (["new", "x", "--opponents", "random"], ["list"]):
        code, _, err = run(capsys, "campaign", *argv, "--save-dir", str(blocker / "saves"))
        assert code == 2 and "save folder" in err and "Traceback" not in err
    assert blocker.read_text() == "not a folder"


def test_new_never_replaces_a_campaign(save_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_json(capsys, "campaign", "new", "Mine", "--opponents", "random")
    before = (save_dir / "Mine.civio.json").read_bytes()
    for name in ("Mine", "MINE", "mine "):
        code, _, err = run(capsys, "campaign", "new", name, "--opponents", "random,random")
        assert code == 2 and "'Mine' already exists" in err
    assert (save_dir / "Mine.civio.json").read_bytes() == before


def test_bad_files_are_listed_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "samples"
    shutil.copytree(SAMPLES, folder)
    listed = run_json(capsys, "--save-dir", str(folder), "campaign", "list")
    by_name = {e["name"]: e for e in listed}
    assert by_name["Corrupt"] == {
        "name": "Corrupt",
        "rank": None,
        "points": None,
        "rounds_played": None,
        "in_round": False,
        "readable": False,
        "problem": by_name["Corrupt"]["problem"],
        "game": "civio",
    }
    assert by_name["Mid round"]["in_round"] and by_name["Mid round"]["readable"]
    assert by_name["Mid round"]["rounds_played"] == 2
    code, _, err = run(capsys, "campaign", "show", "Newer version", "--save-dir", str(folder))
    assert code == 2 and "newer civio-tui" in err
    pack = str(folder / "teacher-pack.toml")
    other = run_json(
        capsys, "campaign", "show", "Other deck", "--save-dir", str(folder), "--cards", pack
    )
    assert other["in_round"]


def test_delete_asks_and_refuses_without_a_terminal(
    save_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run_json(capsys, "campaign", "new", "Gone", "--opponents", "random")
    path = save_dir / "Gone.civio.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    code, _, err = run(capsys, "campaign", "delete", "Gone")
    assert code == 2 and "--yes" in err and path.exists()
    monkeypatch.setattr("sys.stdin", None)  # `civio campaign delete Gone <&-`
    code, _, err = run(capsys, "campaign", "delete", "Gone")
    assert code == 2 and "--yes" in err and path.exists()

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Tty("n\n"))
    monkeypatch.setattr("sys.stderr", Tty())
    assert main(["campaign", "delete", "gone"]) == 0
    assert path.exists()
    monkeypatch.setattr("sys.stdin", Tty("y\n"))
    assert main(["campaign", "delete", "gone"]) == 0
    assert not path.exists()
    assert capsys.readouterr().out.endswith("Deleted campaign 'Gone' (1 file).\n")
    monkeypatch.undo()


def test_delete_yes_removes_an_unreadable_campaign_too(
    save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save_dir.mkdir()
    (save_dir / "Broken.civio.json").write_text("{")
    result = run_json(capsys, "campaign", "delete", "Broken", "--yes")
    assert result["deleted"] and not (save_dir / "Broken.civio.json").exists()


def test_recover_copies_the_backup(save_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_json(capsys, "campaign", "new", "Fix", "--opponents", "random", "--seed", "1")
    run_json(capsys, "campaign", "autoplay", "Fix", "--rounds", "1", "--as", "random")
    (save_dir / "Fix.civio.json").write_text("garbage")
    entry = run_json(capsys, "campaign", "list")[0]
    assert not entry["readable"] and "recover" in entry["problem"]
    recovered = run_json(capsys, "campaign", "recover", "Fix")
    assert recovered["name"] == "Fix recovered"
    assert (save_dir / "Fix.civio.json").read_text() == "garbage"


def test_autoplay_as_medium_reaches_chief_justice(
    save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_json(capsys, "campaign", "new", "Medium", "--opponents", "medium,medium", "--seed", "3")
    done = run_json(capsys, "campaign", "autoplay", "Medium", "--rounds", "200", "--as", "medium")
    assert done["finished"] and done["rounds_autoplayed"] == done["rounds_played"] < 200
    best = max(p["points"] for p in done["players"])
    winners = [p for p in done["players"] if p["points"] == best]
    assert best >= 81 and done["winner"] == " & ".join(p["name"] for p in winners)
    assert all(p["rank"] == "Chief Justice of the Supreme Court" for p in winners)


class _ClosedPipe(io.StringIO):
    """Standard output whose reader has gone (`civio campaign show X | head -1`)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_is_no_error(
    save_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    code = main(["campaign", "new", "Piped", "--opponents", "random", "--seed", "1"])
    assert code == 0
    assert capsys.readouterr().err == ""
    assert (save_dir / "Piped.civio.json").exists()


def test_a_practice_campaign_from_the_command_line(
    save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "campaign", "new", "Drill", "--opponents", "random", "--practice")
    assert code == 0 and "a practice game." in out
    code, out, _ = run(capsys, "campaign", "show", "Drill")
    assert code == 0 and "practice game (moves can be taken back)" in out
