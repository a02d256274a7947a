"""A crash of the game ends `civio` with exit code 1 and one line saying so (Textual alone
would exit 0 after an exception raised once the first frame is drawn)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from civio_tui import app as app_module
from civio_tui.cli import main
from civio_tui.screens.main_menu import MainMenuScreen


class ScreenBug(Exception):
    """What a bug in a screen raises, for the test."""


def test_a_crash_after_the_first_frame_exits_1_with_a_short_message(
    isolated: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run_headless(self: App[Any], **_: object) -> Any:
        return App.run(self, headless=True, size=(80, 24))

    def crash_after_the_first_frame(self: MainMenuScreen) -> None:
        def crash() -> None:
            raise ScreenBug("a bug in a screen")

        self.call_after_refresh(crash)

    monkeypatch.setattr(app_module.CivioApp, "run", run_headless)
    monkeypatch.setattr(MainMenuScreen, "on_mount", crash_after_the_first_frame)
    assert main([]) == 1
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == app_module.CRASHED
    assert "ScreenBug" in err  # the report names what went wrong


def test_quitting_the_game_exits_0(
    isolated: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run_and_quit(self: App[Any], **_: object) -> Any:
        async def quit_at_once(pilot: Any) -> None:
            await pilot.pause()
            pilot.app.exit(0)

        return App.run(self, headless=True, size=(80, 24), auto_pilot=quit_at_once)

    monkeypatch.setattr(app_module.CivioApp, "run", run_and_quit)
    assert main([]) == 0
    assert app_module.CRASHED not in capsys.readouterr().err
