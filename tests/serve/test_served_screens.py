"""What a served player meets past the sign-in: the name they signed in with stays theirs."""

from __future__ import annotations

import json
from pathlib import Path

from serve_helpers import menu_key, menu_ready, sign_in, wait_until
from textual import events
from textual.widgets import Input, Static

from civio_tui.screens.settings import SettingsScreen
from civio_tui.serve.child import ServedApp
from civio_tui.serve.sign_in import SignInScreen
from civio_tui.settings import MAX_NAME
from civio_tui.widgets.choice_form import ChoiceForm


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
