"""The teacher's page of `civio serve` (routes under /teacher), served in this test's loop on a
free 127.0.0.1 port and asked as a browser and as an outsider would: who may see it, what it
gives (JSON, CSV, a zip of every game), and what each action does. Marked `serve`."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import zipfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from serve_helpers import teacher_address

from civio_tui.campaigns import new_campaign
from civio_tui.classroom import COLUMNS
from civio_tui.lessons.progress import PROGRESS_FILE, LessonProgress, LessonRecord
from civio_tui.records import RECORDS_FILE, GameRecords, PuzzleStats
from civio_tui.safe_files import write_safely
from civio_tui.serve.child import LOCKED, ServedApp
from civio_tui.serve.env import ROOT_ENV
from civio_tui.serve.pins import PinDesk
from civio_tui.serve.players import PlayerFolder, PlayerLock, player_folders
from civio_tui.serve.probe import ServedProcess, Tab
from civio_tui.serve.server import ClassroomServer
from civio_tui.serve.teacher import COOKIE, KEY_HEADER, TeacherDesk, set_password

pytestmark = pytest.mark.serve

KEY = "k3y-for-the-test-0123456789abcdef"
CHEAP = {"n": 2**8, "r": 8, "p": 1}


def class_of(root: Path, *names: str) -> None:
    for name in names:
        PlayerFolder(root, name).create()
        PinDesk(root, cost=CHEAP).set_pin(name, "4821")


@asynccontextmanager
async def teacher_page(root: Path) -> AsyncIterator[tuple[str, aiohttp.ClientSession]]:
    """The server's address and an HTTP client with no key yet (it keeps cookies, as a
    browser does, for 127.0.0.1 too)."""
    desk = TeacherDesk(root, key=KEY)
    server = ClassroomServer(environment={ROOT_ENV: str(root)}, port=0, teacher=desk)
    runner = await server.start()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            yield server.url().rstrip("/"), http
    finally:
        await runner.cleanup()


async def get(http: aiohttp.ClientSession, url: str, **kwargs: Any) -> tuple[int, str]:
    async with http.get(url, allow_redirects=False, **kwargs) as answer:
        return answer.status, await answer.text()


async def post(
    http: aiohttp.ClientSession, url: str, body: dict[str, str], **kwargs: Any
) -> tuple[int, dict[str, Any]]:
    async with http.post(url, json=body, allow_redirects=False, **kwargs) as answer:
        text = await answer.text()
        return answer.status, json.loads(text) if text.startswith("{") else {"text": text}


ASKED = {KEY_HEADER: KEY}


async def test_without_the_key_every_route_answers_403_and_names_nobody(save_root: Path) -> None:
    class_of(save_root, "Ana", "Ben")
    async with teacher_page(save_root) as (url, http):
        for path in ("/teacher", "/teacher?key=wrong", "/teacher/class.json", "/teacher/class.csv"):
            for headers in ({}, {KEY_HEADER: "wrong"}, {"Cookie": f"{COOKIE}=wrong"}):
                status, text = await get(http, url + path, headers=headers)
                assert status == 403, (path, headers)
                assert "Ana" not in text and "Ben" not in text
        status, zipped = await get(http, url + "/teacher/exports.zip")
        assert status == 403 and "Ana" not in zipped


async def test_the_key_opens_the_page_and_leaves_the_address_bar(save_root: Path) -> None:
    class_of(save_root, "Ana")
    async with teacher_page(save_root) as (url, http):
        async with http.get(f"{url}/teacher?key={KEY}", allow_redirects=False) as answer:
            assert answer.status == 303 and answer.headers["Location"] == "/teacher"
            cookie = answer.cookies[COOKIE]
            assert cookie.value == KEY and cookie["httponly"] and cookie["samesite"] == "Strict"
        status, page = await get(http, url + "/teacher")  # the cookie is the key from now on
        assert status == 200 and "CIVIO: the class" in page
        assert "http://" not in page.replace("http://www.w3.org", "")  # nothing from elsewhere
        status, data = await get(http, url + "/teacher/class.json")
        assert status == 200 and [s["name"] for s in json.loads(data)["students"]] == ["Ana"]
        async with http.post(url + "/teacher/sign-out", allow_redirects=False) as answer:
            assert answer.status == 303
        status, _ = await get(http, url + "/teacher/class.json")  # the cookie is gone
        assert status == 403


async def test_json_and_csv_give_the_same_figures_per_student(save_root: Path) -> None:
    class_of(save_root, "Ben", "Ana")
    lessons = LessonProgress(lessons={"precedent": LessonRecord(done=True, stars=3)})
    write_safely(save_root / "ana", PROGRESS_FILE, lessons.to_bytes())
    puzzles = GameRecords(puzzles={"Ben": PuzzleStats(solved=3, tried=4, first_try=2, streak=1)})
    write_safely(save_root / "ben", RECORDS_FILE, puzzles.model_dump_json().encode())
    async with teacher_page(save_root) as (url, http):
        status, text = await get(http, url + "/teacher/class.json", headers=ASKED)
        data = json.loads(text)
        assert status == 200 and data["columns"] == list(COLUMNS)
        assert [
            (s["name"], s["lessons_done"], s["lesson_stars"], s["puzzles_later"], s["pin_set"])
            for s in data["students"]
        ] == [("Ana", 1, 3, 0, True), ("Ben", 0, 0, 1, True)]
        async with http.get(url + "/teacher/class.csv", headers=ASKED) as answer:
            assert answer.status == 200 and answer.content_type == "text/csv"
            assert "attachment" in answer.headers["Content-Disposition"]
            rows = list(csv.DictReader(io.StringIO(await answer.text())))
        assert list(rows[0]) == data["columns"]
        assert [
            (r["name"], r["lessons_done"], r["puzzles_first_try"], r["pin_set"]) for r in rows
        ] == [
            ("Ana", "1", "0", "yes"),
            ("Ben", "0", "2", "yes"),
        ]


async def test_reset_pin_removes_it_and_refuses_without_the_key(save_root: Path) -> None:
    class_of(save_root, "Ana")
    pins = PinDesk(save_root)
    async with teacher_page(save_root) as (url, http):
        status, _ = await post(http, url + "/teacher/reset-pin", {"name": "Ana"})
        assert status == 403 and pins.has_pin("Ana")
        status, said = await post(
            http,
            url + "/teacher/reset-pin",
            {"name": "Ana"},
            headers={**ASKED, "Origin": "http://elsewhere.example"},
        )
        assert status == 403 and pins.has_pin("Ana")  # another site's page cannot do it
        status, said = await post(http, url + "/teacher/reset-pin", {"name": "ana"}, headers=ASKED)
        assert status == 200 and "Ana: PIN removed" in said["message"]
        assert not pins.has_pin("Ana")
        status, said = await post(http, url + "/teacher/reset-pin", {"name": "Zed"}, headers=ASKED)
        assert status == 404 and "No player named 'Zed'" in said["message"]


async def test_a_damaged_count_of_wrong_pins_is_shown_and_refused_in_one_sentence(
    save_root: Path,
) -> None:
    class_of(save_root, "Ana", "Ben")
    (save_root / ".tries.sqlite3").write_bytes(b"not a database, " * 64)
    async with teacher_page(save_root) as (url, http):
        status, text = await get(http, url + "/teacher/class.json", headers=ASKED)
        assert status == 200 and "is damaged" in json.loads(text)["pins_problem"]
        status, said = await post(http, url + "/teacher/reset-pin", {"name": "Ana"}, headers=ASKED)
        assert status == 500 and "Ana's PIN was not removed" in said["message"]
        assert PinDesk(save_root).has_pin("Ana")
        status, said = await post(http, url + "/teacher/remove", {"name": "Ben"}, headers=ASKED)
        assert status == 200 and "count of wrong PINs was not cleared" in said["message"]


async def test_a_locked_name_cannot_sign_in_until_unlocked(save_root: Path) -> None:
    class_of(save_root, "Ana")
    ana = PlayerFolder(save_root, "Ana")
    async with teacher_page(save_root) as (url, http):
        status, _ = await post(http, url + "/teacher/lock", {"name": "Ana"})
        assert status == 403 and not ana.locked
        status, said = await post(http, url + "/teacher/lock", {"name": "Ana"}, headers=ASKED)
        assert "Ana is locked" in said["message"]
        assert status == 200 and ana.locked
        app = ServedApp(save_root, pins=PinDesk(save_root, cost=CHEAP))
        assert app.sign_in("Ana", "4821") == LOCKED
        assert not PlayerLock(ana.path).is_held_elsewhere()  # the refused sign-in holds nothing
        status, text = await get(http, url + "/teacher/class.json", headers=ASKED)
        assert json.loads(text)["students"][0]["teacher_locked"] is True
        status, _ = await post(http, url + "/teacher/unlock", {"name": "Ana"}, headers=ASKED)
        assert status == 200 and not ana.locked


async def test_remove_moves_the_folder_whole_into_removed(
    save_root: Path, lock_holder: Any
) -> None:
    class_of(save_root, "Ana", "Ben")
    new_campaign("Game 1", ["easy"], save_dir=save_root / "ana", player_name="Ana", seed=3)
    before = sorted(p.relative_to(save_root / "ana") for p in (save_root / "ana").rglob("*"))
    async with teacher_page(save_root) as (url, http):
        status, _ = await post(http, url + "/teacher/remove", {"name": "Ana"})
        assert status == 403 and (save_root / "ana").is_dir()
        status, said = await post(http, url + "/teacher/remove", {"name": "Ana"}, headers=ASKED)
        assert status == 200 and "removed/ana" in said["message"], said
    kept = save_root / "removed" / "ana"
    assert not (save_root / "ana").exists()
    assert sorted(p.relative_to(kept) for p in kept.rglob("*")) == sorted(
        [*before, Path("locked.json"), Path(".lock")]
    )
    assert [p.name for p in player_folders(save_root)] == ["Ben"]


async def test_remove_waits_for_a_game_that_will_not_end(
    save_root: Path, lock_holder: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from civio_tui.serve import teacher

    monkeypatch.setattr(teacher, "REMOVE_WAIT_SECONDS", 0.5)
    class_of(save_root, "Ana")
    lock_holder(save_root / "ana")  # a game the server did not start holds the folder
    async with teacher_page(save_root) as (url, http):
        status, said = await post(http, url + "/teacher/remove", {"name": "Ana"}, headers=ASKED)
    assert status == 409 and "still playing" in said["message"]
    assert (save_root / "ana" / "player.json").is_file() and PlayerFolder(save_root, "Ana").locked


async def test_close_table_ends_it_as_the_command_does(save_root: Path) -> None:
    import time

    from civio_tui.tables import ops
    from civio_tui.tables.store import TableStore

    class_of(save_root, "Ana")
    with TableStore.in_root(save_root) as store:
        code = ops.open_table(store, "Ana", "civio", 2, now=time.time()).code
    async with teacher_page(save_root) as (url, http):
        status, _ = await post(http, url + "/teacher/close-table", {"code": code})
        assert status == 403
        status, text = await get(http, url + "/teacher/class.json", headers=ASKED)
        assert [t["code"] for t in json.loads(text)["tables"]] == [code]
        status, said = await post(http, url + "/teacher/close-table", {"code": code}, headers=ASKED)
        assert status == 200 and f"Table {code} is closed" in said["message"]
        status, text = await get(http, url + "/teacher/class.json", headers=ASKED)
        assert json.loads(text)["tables"] == []
        status, said = await post(http, url + "/teacher/close-table", {"code": code}, headers=ASKED)
        assert status == 409 and "already abandoned" in said["message"]
    with TableStore.in_root(save_root) as store:
        assert ops.read_table(store, code).state == ops.ABANDONED


async def test_the_zip_holds_every_students_games_as_records(save_root: Path) -> None:
    class_of(save_root, "Ana", "Ben")
    new_campaign("Game 1", ["easy"], save_dir=save_root / "ana", player_name="Ana", seed=3)
    new_campaign("Autumn", ["easy"], save_dir=save_root / "ben", player_name="Ben", seed=4)
    async with (
        teacher_page(save_root) as (url, http),
        http.get(url + "/teacher/exports.zip", headers=ASKED) as answer,
    ):
        assert answer.status == 200 and answer.content_type == "application/zip"
        archive = zipfile.ZipFile(io.BytesIO(await answer.read()))
    assert sorted(archive.namelist()) == ["Ana/Game 1.md", "Ben/Autumn.md"]
    assert "Ana" in archive.read("Ana/Game 1.md").decode()
    assert str(save_root) not in archive.read("Ana/Game 1.md").decode()


async def test_the_teacher_password_opens_the_page_and_wrong_ones_wait(save_root: Path) -> None:
    class_of(save_root, "Ana")
    set_password(save_root, "correct horse")
    async with teacher_page(save_root) as (url, http):
        status, page = await get(http, url + "/teacher")
        assert status == 403 and "Teacher password" in page and "Ana" not in page
        for _ in range(5):
            async with http.post(
                url + "/teacher/sign-in", data={"password": "wrong one"}, allow_redirects=False
            ) as answer:
                assert answer.status == 403
                assert "not the teacher password" in await answer.text()
        async with http.post(
            url + "/teacher/sign-in", data={"password": "correct horse"}, allow_redirects=False
        ) as answer:
            assert answer.status == 403 and "wait" in await answer.text()  # even the right one
        http.cookie_jar.clear()
    async with teacher_page(save_root) as (url, http):  # a new server: the count starts again
        async with http.post(
            url + "/teacher/sign-in", data={"password": "correct horse"}, allow_redirects=False
        ) as answer:
            assert answer.status == 303
        status, text = await get(http, url + "/teacher/class.json")
        assert status == 200 and json.loads(text)["students"][0]["name"] == "Ana"


async def test_serve_prints_the_key_address_and_lock_or_remove_end_that_players_tab(
    save_root: Path,
) -> None:
    with ServedProcess(save_root) as server:
        address = teacher_address(server)
        assert address.startswith(f"{server.url}teacher?key=") and len(address) > 60
        key = address.split("key=")[1]
        async with aiohttp.ClientSession() as http:
            ana, ben = Tab(http, server.url, 80, 24), Tab(http, server.url, 80, 24)
            for tab, name in ((ana, "Ana"), (ben, "Ben")):
                await tab.open()
                await tab.wait_for("Who is playing")
                await tab.sign_in(name, "4821", "4821")
                await tab.wait_for("New game")
            status, said = await post(
                http, server.url + "teacher/lock", {"name": "Ana"}, headers={KEY_HEADER: key}
            )
            assert status == 200 and "Their game was ended and saved" in said["message"]
            await asyncio.wait_for(ana.closed.wait(), 30)
            assert not ben.closed.is_set()  # the others play on
            again = Tab(http, server.url, 80, 24)
            await again.open()
            await again.wait_for("Who is playing")
            await again.sign_in("Ana", "4821")
            await again.wait_for("locked this name")
            await again.close()
            status, said = await post(  # Ben is playing: his game ends, then his folder moves
                http, server.url + "teacher/remove", {"name": "Ben"}, headers={KEY_HEADER: key}
            )
            assert status == 200 and "removed/ben" in said["message"], said
            await asyncio.wait_for(ben.closed.wait(), 30)
    assert (save_root / "removed" / "ben" / "player.json").is_file()
    assert [p.name for p in player_folders(save_root)] == ["Ana"]


async def test_with_a_damaged_password_file_serve_says_so_and_prints_the_key(
    save_root: Path,
) -> None:
    (save_root / "teacher.json").write_text("{")
    with ServedProcess(save_root) as server:
        assert teacher_address(server).startswith(f"{server.url}teacher?key=")
        said = "".join(server.output)
        assert "The teacher password cannot be read" in said and "left as it is" in said


async def test_with_a_password_serve_prints_no_key(save_root: Path) -> None:
    set_password(save_root, "correct horse")
    with ServedProcess(save_root) as server:
        address = teacher_address(server)
        assert address == f"{server.url}teacher"
        assert "key=" not in "".join(server.output)
