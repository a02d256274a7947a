"""What a served player meets past the sign-in: the name they signed in with stays theirs."""

from __future__ import annotations

import json
from pathlib import Path

from serve_helpers import menu_key, menu_ready, sign_in
from textual import events
from textual.widgets import Input, Static

from civio_tui.screens.main_menu import MainMenuScreen
from civio_tui.screens.settings import SettingsScreen
from civio_tui.serve.child import ServedApp
from civio_tui.serve.sign_in import SignInScreen
from civio_tui.settings import MAX_NAME
from civio_tui.widgets.choice_form import ChoiceForm
from tests.tui.conftest import wait_until


async def test_a_pasted_name_over_the_limit_is_refused_with_the_limit(save_root: Path) -> None:
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one("#sign-in-name", Input).post_message(events.Paste("x" * 500))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SignInScreen)
        shown = str(app.screen.query_one("#sign-in-problem", Static).render())
        assert f"at most {MAX_NAME} characters" in shown
        assert app.screen.query_one("#sign-in-name", Input).has_focus
    assert list(save_root.iterdir()) == []


async def test_settings_never_rename_a_served_player(save_root: Path) -> None:
    folder = save_root / "ana"
    folder.mkdir()
    # A settings file naming someone else (written by hand, or by an older game) does not count.
    (folder / "settings.json").write_text(json.dumps({"new_game": {"player_name": "Bob"}}))
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await sign_in(pilot, "Ana", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
        assert app.settings.new_game.player_name == "Ana"
        await pilot.press(menu_key(app, "settings"))
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        form = app.screen.query_one(ChoiceForm)
        assert "player_name" not in [row.key for row in form.visible_rows]
        shown = str(app.screen.query_one("#settings-paths", Static).render())
        assert "Your name: Ana" in shown
        await pilot.press("B", "o", "b", "right", "enter")  # typing, a change, Done
        await pilot.pause()
        assert app.settings.new_game.player_name == "Ana"
    saved = json.loads((folder / "settings.json").read_text())
    assert saved["new_game"]["player_name"] == "Ana"


async def test_question_mark_on_the_sign_in_screen_opens_help(save_root: Path) -> None:
    from civio_tui.screens.help import HelpScreen

    app = ServedApp(save_root)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("A", "question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, SignInScreen))
        assert app.screen.query_one("#sign-in-name", Input).value == "A"


def shown_text(app: ServedApp) -> str:
    """Every line the screen shows in its text widgets and lists, and the notices."""
    from textual.widgets import OptionList

    parts = [str(note.message) for note in app._notifications]
    for widget in app.screen.query("*"):
        if isinstance(widget, Static):
            parts.append(str(widget.render()))
        elif isinstance(widget, OptionList):
            parts += [str(option.prompt) for option in widget.options]
    return "\n".join(parts)


async def test_no_screen_of_a_served_game_shows_a_path_of_the_server(
    save_root: Path, isolated: Path
) -> None:
    from civio_tui.campaigns.catalogue import new_campaign
    from civio_tui.screens.main_menu import ENTRIES

    new_campaign("Game 1", ["easy"], save_dir=save_root / "ana", player_name="Ana", seed=3)
    app = ServedApp(save_root)
    secrets = [str(isolated), str(Path.home()), "saves/", ".config"]
    async with app.run_test(size=(120, 40)) as pilot:
        await sign_in(pilot, "Ana", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
        menu = app.screen
        assert isinstance(menu, MainMenuScreen)
        seen: dict[str, str] = {"menu": shown_text(app)}
        for key, _ in ENTRIES:
            if key in ("quit", "continue"):
                continue
            menu._choose(key)
            await wait_until(pilot, lambda: app.screen is not menu)
            for _ in range(10):
                await pilot.pause()
            if key == "campaigns":
                await wait_until(pilot, lambda: "1 saved game" in shown_text(app))
                await pilot.press("x")  # Export
                await wait_until(pilot, lambda: "downloading" in shown_text(app))
            seen[key] = shown_text(app)
            while app.screen is not menu:
                app.pop_screen()
                await pilot.pause()
    assert "1 saved game." in seen["campaigns"] and "x: download its record" in seen["campaigns"]
    assert "Your name: Ana" in seen["settings"]
    for key, text in seen.items():
        for secret in secrets:
            assert secret not in text, (key, secret, text)


async def test_the_served_menu_says_who_plays_and_o_signs_out(save_root: Path) -> None:
    app = ServedApp(save_root)
    async with app.run_test(size=(80, 30)) as pilot:
        await sign_in(pilot, "Ana", "4821", "4821")
        await wait_until(pilot, lambda: menu_ready(app))
        line = str(app.screen.query_one("#menu-player", Static).render())
        assert line == "Playing as Ana · not you? Sign out (o)"
        await pilot.press("o")
        await wait_until(pilot, lambda: app._exit)
    assert app.return_code == 0


async def test_the_terminal_menu_has_no_sign_out(tmp_path: Path) -> None:
    from civio_tui.app import CivioApp

    app = CivioApp(save_dir=str(tmp_path / "saves"))
    async with app.run_test(size=(80, 30)) as pilot:
        await wait_until(pilot, lambda: menu_ready(app))
        assert not app.screen.query("#menu-player")
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen) and not app._exit
