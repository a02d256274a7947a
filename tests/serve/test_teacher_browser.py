"""The teacher's page of `civio serve` in a real browser (Debian's Chromium, headless, through
Playwright), beside two students playing in their own browser contexts: the teacher opens the
address `civio serve` printed and types the teacher password (a wrong one first), sees both
students signed in, sees each one's puzzle counted as they solve it, resets a PIN and downloads
the CSV. Screenshots of the page (wide, printed, a phone) are kept in `test-artifacts/`.

Marked `browser`: run with `pytest -m browser` (skipped without Chromium)."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path
from typing import Any

import pytest
from serve_helpers import teacher_address
from test_browser import ARTIFACTS, CAPTURE, PageScreen, menu_key, sign_in

from civio_tui.serve.pins import PinDesk
from civio_tui.serve.probe import ServedProcess
from civio_tui.serve.teacher import set_password

pytestmark = pytest.mark.browser


def open_student(browser: Any, url: str, name: str) -> PageScreen:
    """A student's own browser (context) on the class's address, signed in for the first time."""
    page = browser.new_context(viewport={"width": 1100, "height": 700}).new_page()
    page.add_init_script(CAPTURE)
    page.goto(url)
    screen = PageScreen(page)
    sign_in(screen, name, "4821", "4821")
    return screen


def solve_a_complete_puzzle(screen: PageScreen) -> None:
    """More games and puzzles, Puzzles, Complete; then the options A, B, C, D in turn until
    one is right (the first answer, right or wrong, is what the records count)."""
    page = screen.page
    page.keyboard.press(menu_key(screen.text(), "More games and puzzles"))
    screen.wait_for("More games with the same cards")
    page.keyboard.press("ArrowDown")  # Puzzles
    page.keyboard.press("Enter")
    screen.wait_for("Puzzle of the day")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # Complete
    page.keyboard.press("Enter")
    screen.wait_for("Which one makes them go out?")
    for letter in "abcd":
        page.keyboard.press(letter)  # once it is solved, the letters after it do nothing
        deadline = time.monotonic() + (3 if letter != "d" else 20)
        while time.monotonic() < deadline:
            if "Solved!" in screen.text():
                return
            page.wait_for_timeout(150)
    raise AssertionError("no option solved the puzzle:\n" + screen.text())


def cell(page: Any, name: str, key: str) -> str:
    return str(page.locator(f"tr[data-name='{name}'] td[data-key='{key}']").inner_text())


def wait_for_cell(page: Any, name: str, key: str, check: Any, timeout: float = 30.0) -> str:
    """The cell once `check(text)` holds (the page reads the class every few seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        if page.locator(f"tr[data-name='{name}']").count():
            text = cell(page, name, key)
            if check(text):
                return text
        if time.monotonic() > deadline:
            raise AssertionError(f"{name}'s {key} never passed; the page shows:\n{page.content()}")
        page.wait_for_timeout(200)


def puzzles(page: Any, name: str) -> int:
    return int(cell(page, name, "puzzles_first_try")) + int(cell(page, name, "puzzles_later"))


def test_the_teacher_watches_two_students_resets_a_pin_and_downloads_the_csv(
    tmp_path: Path, browser: Any
) -> None:
    root = tmp_path / "class"
    root.mkdir()
    set_password(root, "chalk and board")
    with ServedProcess(root) as server:
        teacher = browser.new_context(
            viewport={"width": 1280, "height": 720}, accept_downloads=True
        ).new_page()
        requests: list[str] = []
        teacher.on("request", lambda request: requests.append(request.url))
        teacher.goto(teacher_address(server))  # with a password: no key in it
        for password in ("chalk and bored", "chalk and board"):
            teacher.fill("input[name=password]", password)
            teacher.locator("form button").click()
            if password != "chalk and board":
                teacher.wait_for_selector("text=That is not the teacher password.")
        teacher.wait_for_selector("text=No student has signed in yet")
        assert teacher.url == server.url + "teacher"

        students = {name: open_student(browser, server.url, name) for name in ("Ana", "Ben")}
        for name in students:
            wait_for_cell(teacher, name, "playing_now", lambda text: "playing" in text)
            assert cell(teacher, name, "puzzles_first_try") == "0"
            assert cell(teacher, name, "pin_set") == "set"

        for name, screen in students.items():
            solve_a_complete_puzzle(screen)
            wait_for_cell(teacher, name, "last_played", lambda text: text != "–")
            deadline = time.monotonic() + 30
            while puzzles(teacher, name) != 1:
                assert time.monotonic() < deadline, teacher.content()
                teacher.wait_for_timeout(200)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / "teacher-page.png"), full_page=True)

        teacher.on("dialog", lambda dialog: dialog.accept())  # "Remove Ben's PIN?": yes
        teacher.locator("tr[data-name='Ben'] button[data-action='reset-pin']").click()
        teacher.wait_for_selector("text=Ben: PIN removed")
        wait_for_cell(teacher, "Ben", "pin_set", lambda text: text == "none")
        assert not PinDesk(root).has_pin("Ben") and PinDesk(root).has_pin("Ana")

        with teacher.expect_download() as download:
            teacher.locator("#csv").click()
        rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
        assert [row["name"] for row in rows] == ["Ana", "Ben"]
        assert all(int(r["puzzles_first_try"]) + int(r["puzzles_later"]) == 1 for r in rows)
        assert [row["pin_set"] for row in rows] == ["yes", "no"]

        (root / ".tries.sqlite3").write_bytes(b"not a database, " * 64)
        teacher.wait_for_selector("#pins:has-text('Nobody can sign in: the count of wrong PINs')")
        teacher.route(
            "**/teacher/class.json",
            lambda route: route.fulfill(
                status=503,
                content_type="application/json",
                body='{"ok": false, "message": "The class cannot be read: no such folder"}',
            ),
        )
        teacher.wait_for_selector("#updated:has-text('The class cannot be read: no such folder')")
        teacher.unroute("**/teacher/class.json")
        (root / ".tries.sqlite3").unlink()  # moved away: the count starts again
        teacher.wait_for_selector("#pins:empty", state="attached")

        teacher.emulate_media(media="print")
        assert not teacher.locator("button[data-action='reset-pin']").first.is_visible()
        teacher.screenshot(path=str(ARTIFACTS / "teacher-page-print.png"), full_page=True)
        teacher.emulate_media(media="screen")
        teacher.set_viewport_size({"width": 390, "height": 844})  # a phone
        teacher.screenshot(path=str(ARTIFACTS / "teacher-page-phone.png"), full_page=True)
    outside = [url for url in requests if not url.startswith(server.url)]
    assert outside == [], outside
