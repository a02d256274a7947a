"""Two classmates at one CIVIO table in a real browser each (two Chromium contexts, headless,
driven by Playwright's keyboard): Ana opens a table of 3 seats from Tables and reads out its
code, Ben joins by code, Ana starts it (a computer takes the third seat), and they play a whole
round, each answering their own decisions with the game's hint (table_play.py). Ben reloads
the page in the middle, signs in again and goes back to his seat from Tables. Both see the game
end, and both campaign records hold the round. Screenshots of both tables are kept in
`test-artifacts/`.

Marked `browser`: run with `pytest -m browser` (Chromium: see test_browser.py).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from table_play import MAX_PERSON_MOVES, TABLE_OVER, answered_or_gone, asked_on
from test_browser import ARTIFACTS, CAPTURE, PageScreen, sign_in

from civio_tui.campaigns.catalogue import open_campaign
from civio_tui.campaigns.table_record import record_name
from civio_tui.serve.probe import ServedProcess
from civio_tui.serve.table_tabs import question_rows
from civio_tui.tables import ops
from civio_tui.tables.live import LiveTable
from civio_tui.tables.store import TableStore

pytestmark = pytest.mark.browser

PIN = "4821"
STEP = 60.0
"""Seconds any one thing on a page may take on a busy 2-core machine."""


def until(screen: PageScreen, check: Callable[[str], bool], what: str) -> str:
    """Wait until `check(screen text)` holds; the text then."""
    deadline = time.monotonic() + STEP
    while True:
        text = screen.text()
        if check(text):
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {STEP} s; the screen shows:\n{text}")
        screen.page.wait_for_timeout(100)


def student(browser: Any, url: str, name: str) -> PageScreen:
    """A new browser context (its own cookies) signed in as `name` for the first time."""
    page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
    page.add_init_script(CAPTURE)
    page.goto(url)
    screen = PageScreen(page)
    sign_in(screen, name, PIN, PIN)
    return screen


def to_tables(screen: PageScreen) -> None:
    """Main menu → Tables (the last entry but Quit: End, then up one)."""
    for key in ("G", "k", "Enter"):
        screen.page.keyboard.press(key)
    screen.wait_for("Join by code", STEP)


def answer(screen: PageScreen) -> None:
    """Answer the player's question on screen as the hint says (table_play.py)."""
    keyboard = screen.page.keyboard
    until(screen, lambda t: question_rows(t) is not None, "the question on screen")
    keyboard.press("H")
    text = until(screen, lambda t: asked_on(t).shown, "the hint")
    if not asked_on(text).answers:  # the idea to look at first; H again gives the move
        keyboard.press("H")
        text = until(screen, lambda t: asked_on(t).answers, "the hinted move")
    for key in asked_on(text).keys:
        keyboard.press("Enter" if key == "\r" else key)


def logged_past(live: LiveTable, length: int) -> bool:
    live.refresh()
    return live.log_length > length


def wait_logged(live: LiveTable, length: int, screen: PageScreen) -> None:
    deadline = time.monotonic() + STEP
    while not logged_past(live, length):
        assert time.monotonic() < deadline, f"move {length + 1} never reached the table's log"
        screen.page.wait_for_timeout(50)


def test_two_classmates_in_two_browsers_play_a_round_one_reloading(
    tmp_path: Path, browser: Any
) -> None:
    root = tmp_path / "class"
    began = time.monotonic()
    with ServedProcess(root) as server:
        ana, ben = (student(browser, server.url, name) for name in ("Ana", "Ben"))
        for screen in (ana, ben):
            to_tables(screen)
        ana.page.keyboard.press("Enter")  # Open a table
        ana.wait_for("Open the table", STEP)
        for key in ("ArrowDown", "ArrowRight"):  # Seats: 3
            ana.page.keyboard.press(key)
        ana.wait_for("‹ 3 seats ›", STEP)
        ana.page.keyboard.press("Enter")
        told = ana.wait_for("aloud", STEP)
        found = re.search(r"Table ([A-Z0-9]{4}) is open: read the code \1 aloud", told)
        assert found is not None, told
        code = found.group(1)
        for key in ("j", "Enter"):  # Join by code
            ben.page.keyboard.press(key)
        ben.wait_for("Join the table", STEP)
        ben.page.keyboard.type(code)
        ben.page.keyboard.press("Enter")
        ben.wait_for(f"You sat down at table {code}", STEP)
        ana.wait_for("2/3 seats", STEP)
        for key in ("g", "Enter"):  # her own table, first in the list: Enter starts it
            ana.page.keyboard.press(key)
        ana.wait_for("Ana's cards", STEP)
        ben.wait_for("Ben's cards", STEP)  # his table opens by itself when she starts

        live = LiveTable(TableStore.in_root(root), code)
        people = {0: ana, 1: ben}
        moves, reloaded = 0, False
        while (pending := live.match.pending) is not None:
            if pending.seat not in people:  # the computer's move: its tab plays it
                wait_logged(live, live.log_length, ana)
                continue
            screen = people[pending.seat]
            done = live.log_length
            answer(screen)
            wait_logged(live, done, screen)
            until(screen, answered_or_gone, "the answered question gone")
            moves += 1
            assert moves < MAX_PERSON_MOVES, "the round did not end"
            if moves == 2:  # both have laid out their cards: the round is under way
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                for name, page in (("ana", ana.page), ("ben", ben.page)):
                    page.screenshot(path=str(ARTIFACTS / f"table-{name}.png"))
                ben.page.reload()  # Ben's game ends; he signs in again and sits back down
                ben.reset()
                sign_in(ben, "ben", PIN)
                ben.wait_for(f"Your seat at table {code} (CIVIO) is waiting", STEP)
                ben.page.keyboard.press("Enter")  # the menu has Tables highlighted
                ben.wait_for("your seat 2: back to the table", STEP)
                ben.page.keyboard.press("Enter")  # his table is first and highlighted
                ben.wait_for("Ben's cards", STEP)
                reloaded = True
        assert reloaded and live.table.state == ops.ENDED
        with live.store.read() as tx:
            logged = tx.actions(code)
        assert [a.by_computer for a in logged] == [a.seat == 2 for a in logged]
        for screen in (ana, ben):
            screen.wait_for(TABLE_OVER, STEP)
        ana.page.screenshot(path=str(ARTIFACTS / "table-over-ana.png"))
        live.store.close()
    for name in ("ana", "ben"):
        session = open_campaign(record_name(code), save_dir=root / name)
        (record,) = session.campaign.history
        assert record.replayable and session.campaign.finished
        assert [p.name for p in session.campaign.players][:2] == ["Ana", "Ben"]
    print(f"a round of {len(logged)} moves in two browsers in {time.monotonic() - began:.0f} s")
