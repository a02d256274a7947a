"""Hostile and careless input to the commands: every refusal is one stderr line and exit 2, and
no input makes a command wait forever, fill memory or run without end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cards.deck import MAX_DECK_CARDS, STANDARD_SIZE
from cards.user_files import MAX_FILE_BYTES
from civio_tui.cli import main
from tests.cli.conftest import one_line_error, run, run_json

ROOT = Path(__file__).resolve().parents[2]


def never(*_: Any, **__: Any) -> Any:
    raise AssertionError("the command went ahead with input it should have refused")


def civio_process(*argv: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """`civio ARGV...` in a process of its own, for input that could block the caller."""
    return subprocess.run(
        [sys.executable, "-m", "civio_tui.cli", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        check=False,
    )


def test_an_empty_or_too_small_cards_option_never_starts_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("civio_tui.app.CivioApp.run", never)
    monkeypatch.setattr("civio_tui.serve.server.run", never)
    assert "--cards: no file name given" in one_line_error(capsys, "--cards", "")
    assert "no file name given" in one_line_error(capsys, "play", "--cards", " ")
    assert "no file name given" in one_line_error(capsys, "--save-dir", "")
    tiny = tmp_path / "tiny.toml"  # 14 cards: not two hands of 7 and a supply
    tiny.write_text(
        'name = "tiny"\ncustom = true\n[[cards]]\nname = "Race"\ntype = "issue"\n'
        + "".join(
            f'[[cards]]\nname = "Case {i} v State"\ntype = "case"\nyear = {1900 + i}\n'
            'issues = ["Race"]\n'
            for i in range(13)
        ),
        "utf-8",
    )
    too_few = f"{tiny}: 14 cards are too few to deal 2 hands of 7 (a round of 2 players needs 15)"
    assert one_line_error(capsys, "--cards", str(tiny)) == f"civio: error: {too_few}"
    serve = ["serve", "--save-root", str(tmp_path), "--cards", str(tiny)]
    assert one_line_error(capsys, *serve) == f"civio serve: error: {too_few}"
    new = ["campaign", "new", "x", "--save-dir", str(tmp_path), "--cards", str(tiny)]
    assert one_line_error(capsys, *new, "--opponents", "easy") == (
        f"civio campaign new: error: {too_few}"
    )
    assert one_line_error(capsys, *new, "--opponents", "easy,hard") == (
        f"civio campaign new: error: {tiny}: 14 cards are too few to deal 3 hands of 7 "
        "(a round of 3 players needs 22)"
    )
    # A pack too small for a Solitaire deal or a puzzle is named as the table's commands name it.
    monkeypatch.setattr("civio_tui.commands.solitaire_cmd.deal_cards", never)
    assert one_line_error(capsys, "solitaire", "par", "--seed", "1", "--cards", str(tiny)) == (
        f"civio solitaire par: error: {tiny}: Solitaire needs 21 cards; this card pack has 14"
    )
    assert one_line_error(capsys, "puzzle", "--seed", "1", "--cards", str(tiny)) == (
        f"civio puzzle: error: {tiny}: this deck's 14 cards make no complete puzzle"
    )


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--target", ""], "--target: unknown rank ''"),
        (["--save-root", ""], "--save-root: no file name given"),
        (["--cards", ""], "--cards: no file name given"),
        (["--rounds", "1000001"], "give 1 to 1,000 rounds"),
        (["--max-sessions", "100000"], "--max-sessions 100000"),
        (["--idle-minutes", "inf"], "--idle-minutes inf"),
    ],
)
def test_serve_refuses_bad_settings_before_serving(
    argv: list[str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr("civio_tui.serve.server.run", never)
    root = [] if "--save-root" in argv else ["--save-root", str(tmp_path)]
    assert expected in one_line_error(capsys, "serve", *root, *argv)


def test_serve_takes_other_accounts_bits_off_the_save_root_and_its_table_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import stat

    root = tmp_path / "class"
    root.mkdir(mode=0o755)
    root.chmod(0o2775)  # a class shared through a group: the group keeps its bits
    (root / "tables.sqlite3").touch(mode=0o664)
    (root / "tables.sqlite3").chmod(0o664)
    monkeypatch.setattr("civio_tui.serve.server.run", lambda *_: 0)
    code, out, _ = run(capsys, "serve", "--save-root", str(root), "--port", "0")
    assert code == 0 and out.endswith("Stopped: 0 games saved.\n")
    assert stat.S_IMODE(root.stat().st_mode) == 0o2770
    assert stat.S_IMODE((root / "tables.sqlite3").stat().st_mode) == 0o660


def test_serve_on_a_port_in_use_says_which_port_to_try(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import errno

    def port_taken(*_: Any) -> Any:
        raise OSError(errno.EADDRINUSE, "error while attempting to bind: address already in use")

    monkeypatch.setattr("civio_tui.serve.server.run", port_taken)
    line = one_line_error(capsys, "serve", "--save-root", str(tmp_path), "--port", "8000")
    assert "cannot listen on 127.0.0.1:8000" in line and "try --port 8001" in line


def test_a_deeply_nested_pack_is_a_clean_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "deep.toml"
    pack.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    line = one_line_error(capsys, "cards", "--cards", str(pack))
    assert str(pack) in line and "nested too deeply" in line


def test_a_pack_over_the_size_limit_is_refused_unread(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_pack_path: Path
) -> None:
    pack = tmp_path / "padded.toml"
    padding = "# " + "x" * 98 + "\n"
    pack.write_text(
        mini_pack_path.read_text(encoding="utf-8") + padding * (MAX_FILE_BYTES // 100),
        encoding="utf-8",
    )
    line = one_line_error(capsys, "cards", "--cards", str(pack))
    assert str(pack) in line and f"{MAX_FILE_BYTES:,} bytes" in line


def test_a_pack_may_hold_up_to_the_card_limit(
    capsys: pytest.CaptureFixture[str], extended_pack: Any
) -> None:
    fits = extended_pack(MAX_DECK_CARDS - STANDARD_SIZE)
    code, out, _ = run(capsys, "cards", "--cards", str(fits))
    assert code == 0 and out.rstrip().endswith(f"{MAX_DECK_CARDS} cards")
    too_many = extended_pack(MAX_DECK_CARDS - STANDARD_SIZE + 1)
    line = one_line_error(capsys, "links", "Tinker", "--cards", str(too_many))
    assert str(too_many) in line
    assert f"{MAX_DECK_CARDS + 1} cards" in line and f"at most {MAX_DECK_CARDS}" in line


@pytest.mark.parametrize("command", [["cards", "--cards"], ["hint"]])
def test_devices_and_fifos_are_refused_without_reading(command: list[str], tmp_path: Path) -> None:
    fifo = tmp_path / "pack.fifo"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        done = civio_process(*command, path)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1, done.stderr
        assert path in done.stderr and "not a file that can be read" in done.stderr


def test_hint_reads_a_bounded_standard_input() -> None:
    with open("/dev/zero", "rb") as zeros:
        done = subprocess.run(
            [sys.executable, "-m", "civio_tui.cli", "hint", "-"],
            cwd=ROOT,
            stdin=zeros,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2 and "standard input: larger than the limit" in done.stderr


def test_save_folders_that_are_files_or_too_long(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "passwd"
    a_file.write_text("root:x:0:0\n", encoding="utf-8")
    line = one_line_error(capsys, "stats", "--save-dir", str(a_file))
    assert "the save folder" in line and str(a_file) in line and "is a file" in line
    line = one_line_error(capsys, "class", "--save-root", str(a_file))
    assert str(a_file) in line and "is a file" in line
    line = one_line_error(capsys, "class", "--save-root", str(a_file / "inside"))
    assert "part of the path is a file" in line
    long_path = "a/" * 50_000
    line = one_line_error(capsys, "stats", "--save-dir", long_path)
    assert "100,000 characters" in line and len(line) < 500


def test_a_save_folder_from_the_environment_that_is_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = tmp_path / "saves"
    a_file.write_text("", encoding="utf-8")
    monkeypatch.setenv("CIVIO_SAVE_DIR", str(a_file))
    line = one_line_error(capsys, "stats")
    assert f"$CIVIO_SAVE_DIR: the save folder {a_file} is a file, not a folder" in line


def test_campaign_new_checks_the_player_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    new = ["campaign", "new", "X", "--opponents", "easy", "--save-dir", str(tmp_path)]
    line = one_line_error(capsys, *new, "--player", "p" * 41)
    assert "41 characters" in line and "limit is 40" in line
    line = one_line_error(capsys, *new, "--player", "Ana\udcff")  # a byte that is no text
    assert "the player's name 'Ana\\udcff' is not valid text" in line
    # A control character would act on every terminal that lists the name: it is dropped.
    doc = run_json(capsys, *new, "--player", "Ana\x1b]0;x\x07 Lee")
    assert doc["players"][0]["name"] == "Ana]0;x Lee"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["arena", "--players", "random,random", "--rounds", "99999999999999999"], "100,000"),
        (["arena", "--players", "random,random", "--jobs", "1000"], "--jobs"),
        (["arena", "--players", "random,random", "--max-turns", "10000000"], "--max-turns"),
    ],
)
def test_arena_work_has_a_stated_bound(
    argv: list[str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("civio_tui.arena.run_arena", never)
    assert expected in one_line_error(capsys, *argv)


def test_campaign_lengths_have_a_stated_bound(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    new = ["campaign", "new", "X", "--opponents", "easy", "--save-dir", str(tmp_path)]
    assert "give 1 to 1,000 rounds" in one_line_error(capsys, *new, "--rounds", "1000000000")
    assert not any(tmp_path.iterdir())
    auto = ["campaign", "autoplay", "X", "--as", "easy", "--save-dir", str(tmp_path)]
    assert "at most 10,000" in one_line_error(capsys, *auto, "--rounds", "99999999999")


@pytest.mark.parametrize(
    "argv",
    [
        ["links", "x" * 100_000],
        ["arena", "--players", "random,random", "--seed", "9" * 5000],
        ["hint", "a\x1b[31mb.json"],
        ["cards", "--cards", "pack\x07.toml"],
        ["stats", "--nonsense", "\x1b]0;title\x07"],
    ],
)
def test_error_lines_quote_input_safely(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_line_error(capsys, *argv)
    assert len(line) < 400
    assert not any(ch in line for ch in "\x1b\x07")
    assert "(see civio" in line or "error:" in line


def test_serve_refuses_an_empty_host(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("civio_tui.serve.server.run", never)
    line = one_line_error(capsys, "serve", "--save-root", str(tmp_path), "--host", "")
    assert "--host: no address given" in line


def test_a_full_disk_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import io

    class FullDisk(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert main(["precedent", "School", "Barnette"]) == 1
    assert capsys.readouterr().err == "civio precedent: error: No space left on device\n"
