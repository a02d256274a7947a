"""A served tab: the sign-in screen, then the ordinary game from the player's own folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from serve_helpers import menu_key, menu_ready, sign_in, type_line
from textual.widgets import Static

from civio_tui.serve.child import IN_USE, ServedApp
from civio_tui.serve.pins import NO_MATCH
from civio_tui.serve.players import player_folders
from civio_tui.serve.sign_in import SignInScreen
from tests.tui.conftest import wait_until


def problem(app: ServedApp) -> str:
    return str(app.screen.query_one("#sign-in-problem", Static).render())


async def test_a_name_opens_the_game_in_that_players_own_folder(save_root: Path) -> None:
    app = ServedApp(save_root, rules="summary", target="Law Clerk", rounds=4)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, SignInScreen)
        await sign_in(pilot, "Ana", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
        assert app.save_dir == str(save_root / "ana")
        assert app.settings.new_game.player_name == "Ana"
        assert app.settings.new_game.rules == "summary"  # the teacher's rule set
        assert app.settings.new_game.target == "Law Clerk"  # and a short game
        assert app.settings.new_game.max_rounds == 4  # of at most 4 rounds
        await pilot.press(menu_key(app, "new"), "enter")  # New game, start: as in the terminal
        await wait_until(pilot, lambda: any((save_root / "ana").glob("*.civio.json")))
    settings = json.loads((save_root / "ana" / "settings.json").read_text())
    assert settings["new_game"]["player_name"] == "Ana"
    (save,) = (save_root / "ana").glob("*.civio.json")
    assert json.loads(save.read_text())["campaign"]["max_rounds"] == 4


def test_the_teachers_settings_reach_every_tab_by_environment(save_root: Path) -> None:
    from civio_tui.serve.child import (
        ROOT_ENV,
        ROUNDS_ENV,
        RULES_ENV,
        TARGET_ENV,
        app_from_environment,
    )

    app = app_from_environment(
        {ROOT_ENV: str(save_root), RULES_ENV: "summary", TARGET_ENV: "Judge", ROUNDS_ENV: "5"}
    )
    assert (app.root, app.rules, app.target, app.rounds) == (save_root, "summary", "Judge", 5)
    plain = app_from_environment({ROOT_ENV: str(save_root), ROUNDS_ENV: "0"})
    assert (plain.rules, plain.target, plain.rounds) == (None, None, None)


async def test_a_name_with_a_turkish_dotted_capital_i_signs_in(save_root: Path) -> None:
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "İlker", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
        assert app.settings.new_game.player_name == "İlker"
    assert [p.name for p in player_folders(save_root)] == ["İlker"]


async def test_a_look_alike_of_a_player_here_is_told_so(save_root: Path) -> None:
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "Bob", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "B0b", "1234", "1234")
        assert isinstance(app.screen, SignInScreen)
        assert "looks like the name of another player here ('Bob')" in problem(app)
    assert [p.name for p in player_folders(save_root)] == ["Bob"]


async def test_a_bad_name_is_explained_and_nothing_is_made(save_root: Path) -> None:
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "../Ana")
        assert isinstance(app.screen, SignInScreen)
        assert "path separator" in problem(app)
    assert list(save_root.iterdir()) == []


async def test_a_name_in_play_in_another_tab_is_refused(save_root: Path, lock_holder) -> None:
    lock_holder(save_root / "ana")
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "ANA", "4821", "4821")
        assert isinstance(app.screen, SignInScreen)
        assert problem(app) == IN_USE
        assert app.save_dir is None


async def test_continue_finds_the_game_again_in_a_new_tab(save_root: Path) -> None:
    from civio_tui.screens.civio.table import TableScreen

    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "Ana", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
        await pilot.press(menu_key(app, "new"), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        hand = sorted(app.screen.controller.view().hand)
    app = ServedApp(save_root)  # the first tab's process has ended: its lock is free
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "ana", "1111")  # another PIN: not in
        assert isinstance(app.screen, SignInScreen)
        assert problem(app) == NO_MATCH
        await sign_in(pilot, "", "4821")  # the name is still there; the PIN box was emptied
        await wait_until(pilot, lambda: menu_ready(app) and app.screen.latest is not None)
        await pilot.press(menu_key(app, "continue"))
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert sorted(app.screen.controller.view().hand) == hand


async def test_the_pin_never_shows_and_is_emptied_after_a_wrong_try(save_root: Path) -> None:
    from textual.widgets import Input

    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "Ana", "4821", "4812")
        assert "not the same" in problem(app)
        boxes = [app.screen.query_one(f"#sign-in-{box}", Input) for box in ("pin", "again")]
        assert all(box.password and box.value == "" for box in boxes)
        assert "4821" not in app.export_screenshot()


def test_a_crash_report_never_shows_a_pin(save_root: Path) -> None:
    app = ServedApp(save_root)
    app._close_messages_no_wait = lambda: None  # type: ignore[method-assign]
    app.bell = lambda: None  # type: ignore[method-assign]

    def sign_in_crashing(pin: str) -> None:
        raise RuntimeError("boom")

    secret = str(730000 + 9184)  # not written out here: the traceback quotes source lines
    try:
        sign_in_crashing(secret)
    except RuntimeError:
        app._fatal_error()  # what Textual calls on an unhandled error
    report = "".join(seg.text for r in app._exit_renderables for seg in r.segments)
    assert "boom" in report  # the report is there...
    assert secret not in report  # ...without the PIN the crashed code held


def test_civio_serve_hands_rounds_and_target_to_the_tabs(
    save_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from civio_tui.cli import main
    from civio_tui.serve import server
    from civio_tui.serve.child import ROUNDS_ENV, TARGET_ENV

    served: list[dict[str, str]] = []
    monkeypatch.setattr(server, "run", lambda srv, announce: served.append(srv.environment))
    args = ["serve", "--save-root", str(save_root), "--target", "judge", "--rounds", "3"]
    assert main(args) == 0
    assert served[0][ROUNDS_ENV] == "3" and served[0][TARGET_ENV] == "Judge"
    assert main(["serve", "--save-root", str(save_root), "--rounds", "0"]) == 2
    assert len(served) == 1


async def test_a_signed_in_student_sits_at_tables_under_the_name_they_signed_in_with(
    save_root: Path,
) -> None:
    from civio_tui.screens.tables import TablesScreen
    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "Ana", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
        app.settings.new_game.player_name = "Somebody"  # a name typed in Settings later
        assert app.table_root == save_root
        entries = [k for k, _ in app.screen.entries()]  # type: ignore[attr-defined]
        assert entries[-2:] == ["tables", "quit"]
        menu = app.screen.query_one("#menu-list")
        menu.highlighted = entries.index("tables")  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TablesScreen))
        await pilot.press("enter")  # Open a table
        await pilot.pause()
        await pilot.press("end", "enter")  # Open the table, as the form stands
        await wait_until(pilot, lambda: isinstance(app.screen, TablesScreen))
    (table,) = ops.list_tables(TableStore.in_root(save_root))
    assert table.row.host == "Ana"
