"""`civio table list|open|join|start|leave` and `civio class close-table CODE`: a class's
tables from a terminal; bad input is one line and exit code 2, changing nothing."""

from __future__ import annotations

import io
import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

from civio_tui.cli import main
from civio_tui.tables.store import FILE_NAME, commit_mark


def civio(capsys: pytest.CaptureFixture[str], root: Path, *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "--save-root", str(root)])
    out, err = capsys.readouterr()
    return code, out, err


def table_json(capsys: pytest.CaptureFixture[str], root: Path, *argv: str) -> dict[str, object]:
    code, out, err = civio(capsys, root, *argv, "--json")
    assert (code, err) == (0, "")
    document: dict[str, object] = json.loads(out)
    return document


def test_a_class_opens_joins_starts_and_closes_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = civio(capsys, tmp_path, "table", "list")
    assert (code, out) == (0, "No table is open: `civio table open GAME` opens one.\n")
    opened = table_json(
        capsys, tmp_path, "table", "open", "easy-play", "--seats", "3", "--rounds", "2",
        "--name", "Ana",
    )  # fmt: skip
    table = str(opened["code"])
    assert opened["seats"] == ["Ana", "empty", "empty"]
    code, out, _ = civio(capsys, tmp_path, "table", "join", table.lower(), "--name", "Ben")
    assert code == 0
    assert out.splitlines()[0] == f"Ben sits at seat 2 of table {table}."
    started = table_json(capsys, tmp_path, "table", "start", table, "--name", "Ana")
    assert started["state"] == "playing"
    assert started["seats"] == ["Ana", "Ben", "Computer (medium)"]
    back = table_json(capsys, tmp_path, "table", "join", table, "--name", "Ben")
    assert back["seats"] == started["seats"]
    listed = table_json(capsys, tmp_path, "table", "list")
    assert [t["code"] for t in listed] == [table]  # type: ignore[index,union-attr]
    left = table_json(capsys, tmp_path, "table", "leave", table, "--name", "Ben")
    assert left["seats"] == ["Ana", "Ben (computer: medium, left)", "Computer (medium)"]
    code, out, _ = civio(capsys, tmp_path, "class", "close-table", table)
    assert (code, out) == (0, f"Table {table} is closed; its game is recorded as abandoned.\n")
    assert table_json(capsys, tmp_path, "table", "list") == []


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["table", "join", "QQQQ", "--name", "Cy"], "no table has the code QQQQ"),
        (["table", "join", "KQ0M", "--name", "Cy"], "'KQ0M' is not a table code"),
        (["table", "join", "--name", "Cy"], "`civio table join` needs the CODE"),
        (["table", "list", "KQ7M"], "`civio table list` takes no 'KQ7M'"),
        (["table", "open", "chess", "--name", "Cy"], "no table game 'chess'"),
        (["table", "open", "civio", "--seats", "6", "--name", "Cy"], "--seats: CIVIO is played by"),
        (["table", "open", "concentration", "--rules", "summary"], "--rules is not for it"),
        (["table", "open", "civio", "--rules", "house"], "--rules: unknown rule version"),
        (["table", "open", "civio", "--rounds", "0", "--name", "Cy"], "--rounds: a table plays 1"),
        (["table", "open", "civio", "--target", "mayor"], "--target: unknown rank 'mayor'"),
        (["table", "open", "concentration", "--target", "Judge"], "--target: Concentration is"),
        (["table", "open", "civio", "--computer", "genius"], "--computer: CIVIO has no"),
        (["table", "open", "civio", "--name", ""], "--name: a player's name is 1 to 40"),
        (["table", "join", "QQQQ", "--seats", "3"], "--seats sets up a new table: it is for"),
        (["table", "open", "civio", "--name", "\x1b]0;Cy\x07"], "--name: a player's name cannot"),
        (["class", "close-table", "QQQQ"], "no table has the code QQQQ"),
        (["class", "close-table"], "close-table needs the table's CODE"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, out, err = civio(capsys, tmp_path, *argv)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and words in err


def test_a_missing_save_root_or_table_file_is_reported_and_never_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = civio(capsys, tmp_path / "typo", "table", "list")
    assert code == 2 and err.count("\n") == 1 and "typo: no such folder" in err
    assert not (tmp_path / "typo").exists()
    code, _, err = civio(capsys, tmp_path, "class", "close-table", "kq7m")
    assert code == 2 and err.count("\n") == 1 and "no table has the code KQ7M" in err
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_table_file_is_reported_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"not a database" * 10)
    code, _, err = civio(capsys, tmp_path, "table", "list")
    assert code == 2
    assert "is not an SQLite database" in err and str(path) in err
    assert path.read_bytes() == b"not a database" * 10


def started(root: Path, game: str, options: dict[str, object]) -> str:
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    with TableStore.in_root(root) as store:
        code = ops.open_table(store, "Ana", game, 2, options, now=0, seed=3).code
        ops.start(store, code, "Ana", now=0)
    return code


def play_lines(root: Path, code: str, lines: str) -> str:
    from civio_tui.commands.table_play import play
    from civio_tui.session.remote import TableTab
    from civio_tui.tables.store import TableStore

    out = io.StringIO()
    with TableStore.in_root(root) as store:
        tab = TableTab(store, code, "Ana")
        assert play(tab, io.StringIO(lines), out, save_dir=root / "ana") == 0
    return out.getvalue()


def test_the_host_starts_the_table_from_their_seat_in_the_terminal(tmp_path: Path) -> None:
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    with TableStore.in_root(tmp_path) as store:
        code = ops.open_table(store, "Ana", "civio", 2, now=time.time(), seed=3).code
    text = play_lines(tmp_path, code, "1\ns\nq\n")
    lines = text.splitlines()
    assert lines[1] == (
        f"You opened this table. Classmates join with the code {code}. Type s to start the "
        "game (a computer takes each empty seat)."
    )
    assert lines[2] == "The game has not started yet. Type s to start it, or q."
    assert "· Ana started the game" in lines
    assert "Computer (medium): face up none; 7 hidden" in lines  # the seat it filled, named
    assert lines[-1] == (
        f"You left the table: a computer plays your seat until you come back (civio table play "
        f"{code})."
    )


def test_a_guest_who_leaves_before_the_start_frees_the_seat(tmp_path: Path) -> None:
    from civio_tui.commands.table_play import play
    from civio_tui.session.remote import TableTab
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    out = io.StringIO()
    with TableStore.in_root(tmp_path) as store:
        code = ops.open_table(store, "Ana", "civio", 2, now=0, seed=3).code
        ops.join(store, code, "Ben", now=0)
        ben = TableTab(store, code, "Ben")
        assert play(ben, io.StringIO("1\nq\n"), out, save_dir=tmp_path / "ben") == 0
        assert ops.read_table(store, code).seats[1].is_empty
    assert out.getvalue().splitlines()[1:] == [
        "Waiting for Ana to start the game.",
        "The game has not started yet.",
        "You left the table.",
    ]


def test_a_terminal_player_plays_concentration_to_the_end(tmp_path: Path) -> None:
    code = started(tmp_path, "concentration", {})
    text = play_lines(tmp_path, code, "A1\nzz\n" + "1\n" * 200)
    assert text.startswith(f"Table {code}, seat 1 (Ana). Type q to leave the table.\n")
    assert "Ana turned up" in text and "Computer (easy) turned up" in text
    assert "Type a number from 1 to 19, or q." in text  # "zz" after A1: a second card is due
    last = text.rstrip().splitlines()
    assert last[-1] == "The game is over."
    assert "· the game is over" not in text  # said once, after the last moves
    assert last[-2] == f"Kept in your games in {tmp_path / 'ana'}."
    assert code in (tmp_path / "ana" / "games-records.json").read_text()
    assert last[-3].startswith("Round 1 is over. Totals: Ana ")
    pairs = [int(part.split()[-1]) for part in last[-3].removesuffix(".").split(", ")]
    assert sum(pairs) == 10  # every one of the 10 pairs was captured by someone
    assert not commit_mark(tmp_path / FILE_NAME, code).exists()  # the table is over for good


def test_a_terminal_player_sees_only_their_cards_and_can_leave(tmp_path: Path) -> None:
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    code = started(tmp_path, "civio", {"rounds": 1})
    text = play_lines(tmp_path, code, "1\n1\n1\nq\n")
    assert "Your hidden cards:" in text and "Computer (medium): face up" in text
    assert "Your turn:" in text and "  21. keep hidden " in text and "  22." not in text
    assert "  1. Draw the top card of the supply (" in text  # the app's own words
    assert "\nAna lays face up: " in text and "\nComputer (medium) lays face up: " in text
    assert text.rstrip().endswith(
        f"a computer plays your seat until you come back (civio table play {code})."
    )
    with TableStore.in_root(tmp_path) as store:
        assert ops.read_table(store, code).label(0) == "Ana (computer: medium, left)"


def test_the_class_list_shows_the_tables_and_survives_a_damaged_table_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert table_json(capsys, tmp_path, "class")["tables"] == []
    assert not (tmp_path / FILE_NAME).exists()  # listing creates no table file
    code = started(tmp_path, "easy-play", {"rounds": 1})
    document = table_json(capsys, tmp_path, "class")
    assert document["tables"] == [
        {"code": code, "game": "easy-play", "state": "playing", "host": "Ana",
         "seats": ["Ana", "Computer (medium)"], "actions": 0}
    ]  # fmt: skip
    _, out, _ = civio(capsys, tmp_path, "class")
    assert f"Table {code}  Easy Play      playing   Ana, Computer (medium)" in out
    (tmp_path / FILE_NAME).write_bytes(b"junk" * 100)
    document = table_json(capsys, tmp_path, "class")
    assert document["tables"] == []
    assert "is not an SQLite database" in str(document["tables_problem"])


def test_a_students_statistics_count_their_own_seat_at_a_classmates_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from civio_tui.tables import ops
    from civio_tui.tables.live import LiveTable
    from civio_tui.tables.store import TableStore

    monkeypatch.delenv("CIVIO_SAVE_DIR", raising=False)
    with TableStore.in_root(tmp_path) as store:
        code = ops.open_table(store, "Ana", "civio", 2, {"rounds": 1}, now=0, seed=3).code
        ops.join(store, code, "Ben", now=0)
        ops.start(store, code, "Ana", now=0)
        for name in ("Ana", "Ben"):
            ops.leave(store, code, name, now=1)
        live = LiveTable(store, code)
        live.drive("test", now=2)
        ana, ben = live.match.engines[0].result.scores
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert civio(capsys, tmp_path, "table", "play", code, "--name", "Ben")[0] == 0
    shown, out, err = civio(capsys, tmp_path, "stats", "--student", "Ben")
    assert (shown, err) == (0, "")
    assert out.startswith("Ben's statistics:")
    assert f"Points per round: {float(ben)}\n" in out
    assert "first person's seat" not in out
    assert f"Table {code}: 1 round, 1 won (Ana {ana}, Ben {ben})" in out


def test_a_terminal_players_civio_round_is_kept_in_their_served_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from civio_tui.ratings import rating_history
    from civio_tui.serve.players import PlayerFolder

    monkeypatch.delenv("CIVIO_SAVE_DIR", raising=False)
    code = started(tmp_path, "civio", {"rounds": 1})
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    played, out, err = civio(capsys, tmp_path, "table", "play", code, "--name", "Ana")
    assert (played, err) == (0, "")
    folder = PlayerFolder(tmp_path, "Ana")
    assert folder.exists  # the folder `civio serve` signs Ana in to
    replay = f"civio campaign replay 'Table {code}' --round 1 --save-dir {folder.path}"
    lines = out.splitlines()
    kept = lines.index(f"Kept in your games in {folder.path}: `{replay}`.")
    assert lines[kept - 1].startswith("Round 1 is over. Totals: Ana ")
    history = rating_history(folder.path)
    assert len(history.games) == 1  # the round is rated, as any round against the computer
    # A first round's rating is provisional ("1532?"), and the line says what "?" means.
    assert lines[kept + 1] == (
        f"Ana's rating: {history.change_text()} this round (? means the number is still unsure)"
    )
    assert lines[-1] == "The game is over."

    where = ["--save-dir", str(folder.path)]
    assert main(["campaign", "replay", f"Table {code}", "--round", "1", *where]) == 0
    shown, err = capsys.readouterr()
    assert err == "" and "Ana" in shown
    assert main(["campaign", "export", f"Table {code}", "--format", "json", *where]) == 0
    exported = json.loads(capsys.readouterr().out)
    totals = lines[kept - 1].removeprefix("Round 1 is over. Totals: ").removesuffix(".")
    points = [int(part.rsplit(" ", 1)[1]) for part in totals.split(", ")]
    assert [p["points"] for p in exported["players"]] == points
    assert [p["name"] for p in exported["players"]] == ["Ana", "Computer 2"]
    assert exported["finished"] and [r["round"] for r in exported["rounds"]] == [1]


def test_a_terminal_player_chooses_the_opening_before_their_turn_and_the_choice_is_kept(
    tmp_path: Path,
) -> None:
    from civio_tui.commands.table_play import play
    from civio_tui.session.remote import TableTab
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    with TableStore.in_root(tmp_path) as store:
        code = ops.open_table(store, "Ana", "civio", 2, {"rounds": 1}, now=0, seed=3).code
        ops.join(store, code, "Ben", now=0)
        ops.start(store, code, "Ana", now=0)
        ben = TableTab(store, code, "Ben", clock=lambda: 1.0)  # Ana is here too, not away
        out = io.StringIO()
        assert play(ben, io.StringIO("1\n"), out, save_dir=tmp_path / "ben") == 0
        assert ops.read_table(store, code).log_length == 0  # Ana chooses first
    text = out.getvalue()
    assert "Your turn:" in text  # asked while the table waits for Ana
    assert text.rstrip().endswith("Chosen: your cards go face up when everyone has chosen.")
    assert ben.early is not None


class _Heard(io.StringIO):
    """What a terminal player is shown, written by the player's thread and awaited here."""

    def __init__(self) -> None:
        super().__init__()
        self.changed = threading.Condition()

    def write(self, text: str) -> int:
        with self.changed:
            n = super().write(text)
            self.changed.notify_all()
            return n

    def until(self, text: str, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: text in self.getvalue(), timeout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
def test_a_terminal_player_is_woken_by_another_seats_move_not_by_a_timer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cards.games.concentration.game import TurnCard
    from civio_tui.commands import table_play
    from civio_tui.session.remote import TableTab
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    # Read on a timer alone, Ben's seat would see nothing for a minute.
    monkeypatch.setattr(table_play, "POLL_SECONDS", 60.0)
    monkeypatch.setattr(table_play, "WOKEN_POLL_SECONDS", 60.0)
    with TableStore.in_root(tmp_path) as store:
        code = ops.open_table(store, "Ana", "concentration", 2, now=time.time(), seed=3).code
        ops.join(store, code, "Ben", now=time.time())
        ops.start(store, code, "Ana", now=time.time())
    read, write = os.pipe()
    heard = _Heard()
    with open(read) as typed, open(write, "w") as keys, TableStore.in_root(tmp_path) as store:
        ben = TableTab(store, code, "Ben")
        player = threading.Thread(
            target=table_play.play, args=(ben, typed, heard), kwargs={"save_dir": tmp_path / "b"}
        )
        player.start()
        try:
            with TableStore.in_root(tmp_path) as other:
                ana = TableTab(other, code, "Ana")
                ana.session.apply(TurnCard(ana.session.decision.options[0]))
            assert heard.until("Ana turned up", 10.0)
        finally:
            keys.write("q\n")
            keys.flush()
            player.join(70.0)
    assert (
        heard.getvalue()
        .rstrip()
        .endswith(f"a computer plays your seat until you come back (civio table play {code}).")
    )
