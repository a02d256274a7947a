"""Helpers for the `civio serve` tests (imported by name: tests/serve is on pytest's path)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from civio_tui.serve.probe import ServedProcess


async def type_line(pilot: Pilot[Any], text: str) -> None:
    """Type `text` into the focused input and press Enter."""
    for char in text:
        await pilot.press("space" if char == " " else char)
    await pilot.press("enter")
    await pilot.pause()


async def sign_in(pilot: Pilot[Any], name: str, pin: str, again: str = "") -> None:
    """Fill the sign-in screen (name, Enter, PIN, and the second PIN box when given), Enter."""
    await type_line(pilot, name)
    for char in pin:
        await pilot.press(char)
    if again:
        await pilot.press("tab")
        for char in again:
            await pilot.press(char)
    await pilot.press("enter")
    await pilot.pause()


def menu_key(app: Any, key: str) -> str:
    """The digit of a main-menu entry."""
    from civio_tui.screens.main_menu import MainMenuScreen

    assert isinstance(app.screen, MainMenuScreen)
    return str([k for k, _ in app.screen.entries()].index(key) + 1)


def menu_ready(app: Any) -> bool:
    """The main menu is up and has looked for saved games."""
    from civio_tui.screens.main_menu import MainMenuScreen

    return isinstance(app.screen, MainMenuScreen) and app.screen.scanned


def teacher_address(server: ServedProcess, timeout: float = 30.0) -> str:
    """The teacher's address `civio serve` printed (the line comes just after the students'
    address, which is all `ServedProcess` waits for)."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        found = [line for line in server.output if line.startswith("Teacher's page: ")]
        if found:
            assert len(found) == 1, server.output
            return found[0].split()[2]
        assert time.monotonic() < deadline, server.output
        time.sleep(0.05)
