"""Scripted tabs at networked tables (`Tab`, civio_tui/serve/probe.py): a classmate's steps from
signing in to sitting at a started table, done on the screens as a person does them, and the
screen's parts a script reads to play (the question box, the log). Used by `civio bench tables`
and the served table tests.
"""

from __future__ import annotations

import re

import aiohttp

from civio_tui.serve.probe import PIN, SIGN_IN, Tab

WIDTH, HEIGHT = 110, 36
"""Tall enough that the question box shows the hint beside every option."""
STEP = 60.0
"""Seconds any one thing on a screen may take on a busy 2-core machine."""
DOWN, RIGHT = "\x1b[B", "\x1b[C"
QUESTION_TOP = "╭─ Your move"


async def signed_in(
    http: aiohttp.ClientSession,
    url: str,
    name: str,
    first: bool,
    timeout: float = STEP,
    cells: bool = False,
) -> Tab:
    """A new tab, signed in as `name` (a first visit types the PIN twice), at the main menu;
    `cells`: its screen kept by `CellScreen` rather than pyte."""
    tab = Tab(http, url, WIDTH, HEIGHT, cells=cells)
    await tab.open()
    await tab.wait_for(SIGN_IN, timeout)
    await tab.sign_in(name, PIN, PIN if first else "", timeout=timeout)
    await tab.wait_for("  Tables", timeout)
    return tab


async def to_tables(tab: Tab) -> None:
    """Main menu → Tables (its key, t)."""
    await tab.send("t")
    await tab.wait_for("Join by code", STEP)


async def open_a_table(host: Tab, seats: int) -> str:
    """Tables → Open a table with `seats` seats (CIVIO, 1 round); the code the host is told to
    read aloud."""
    await host.send("\r")  # "Open a table" is highlighted when the host has no table yet
    await host.wait_for("Open the table", STEP)
    await host.send(DOWN)
    await host.wait_for("▶ Seats", STEP)
    if seats > 2:
        await host.send(RIGHT * (seats - 2))
    await host.wait_for(f"‹ {seats} seats ›", STEP)
    await host.send("\r")
    await host.wait_for("aloud", STEP)
    found = re.search(r"Table ([A-Z0-9]{4}) is open: read the code \1 aloud", host.text)
    assert found is not None, host.text
    return found.group(1)


async def join_by_code(tab: Tab, code: str) -> None:
    """Tables → Join by code → the table's code: the tab has a seat there."""
    await tab.send("j")  # from "Open a table" down to "Join by code"
    await tab.send("\r")
    await tab.wait_for("Join the table", STEP)
    await tab.send(code + "\r")
    await tab.wait_for(f"You sat down at table {code}", STEP)


async def start_own_table(host: Tab) -> None:
    """The host's own table is first in Tables' list: Enter on it starts it."""
    await host.send("g")
    await host.send("\r")


def question_rows(text: str) -> list[str] | None:
    """The rows inside the player's question box, each cut to the box's columns and stripped;
    None when the screen asks the player nothing."""
    lines = text.splitlines()
    tops = [(n, line.find(QUESTION_TOP)) for n, line in enumerate(lines) if QUESTION_TOP in line]
    if not tops:
        return None
    top, left = tops[0]
    right = lines[top].find("╮", left)
    rows = []
    for line in lines[top + 1 :]:
        if line[left : left + 1] == "╰":
            break
        rows.append(line[left + 1 : right].strip())
    return rows
