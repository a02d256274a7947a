"""Helpers for the `civio serve` tests (imported by name: tests/serve is on pytest's path)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot


def async_test(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async test in its own event loop (the project has no asyncio pytest plugin)."""

    @functools.wraps(test)
    def run(*args: object, **kwargs: object) -> None:
        asyncio.run(test(*args, **kwargs))  # type: ignore[arg-type]

    return run


async def wait_until(pilot: Pilot[Any], check: Callable[[], bool], limit: int = 200) -> None:
    for _ in range(limit):
        await pilot.pause()
        if check():
            return
    raise AssertionError("the app never got there")


async def type_line(pilot: Pilot[Any], text: str) -> None:
    """Type `text` into the focused input and press Enter."""
    for char in text:
        await pilot.press("space" if char == " " else char)
    await pilot.press("enter")
    await pilot.pause()
