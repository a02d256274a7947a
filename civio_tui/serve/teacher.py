"""The teacher's page of `civio serve`: the class's progress at a glance, and the teacher's
actions, served by the same server as the students' tabs (routes under `/teacher`).

Who may see it:
- `civio serve` makes a secret key when it starts (`secrets.token_urlsafe`) and prints the
  teacher's address with it (`/teacher?key=...`); a teacher password set with `civio class
  set-password` (scrypt with a salt, in the save root's `teacher.json`) opens the page too, and
  then the key is not printed, so a projected terminal shows no way in.
- Opening the address (or typing the password) sets a cookie holding the key (HttpOnly,
  SameSite=Strict, only for `/teacher`) and leads to `/teacher` without the key, so the address
  bar shows none. Every route checks the cookie (or an `X-Teacher-Key` header), comparing in
  constant time; without it the answer is 403 and says nothing of the class.
- Wrong passwords are limited per client (a growing wait after a few), and each costs scrypt's
  work, run off the server's loop.
- An action is a POST from a page of this server (the Origin check of the websockets), and
  changes only what its name says: the existing PIN desk, player folder and table functions do
  the work.

The figures come from `civio_tui.classroom.class_progress`, computed in a thread (one at a time:
pages polling at once share one computation).
"""

from __future__ import annotations

import asyncio
import hmac
import html
import json
import secrets
import tempfile
import time
import unicodedata
import zipfile
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

from cards.deck import Deck
from civio_tui.safe_files import write_safely
from civio_tui.serve.players import TEACHER_FILE
from civio_tui.serve.server import QUIT_SECONDS, TERMINATE_SECONDS, same_origin

if TYPE_CHECKING:
    from civio_tui.classroom import StudentProgress

TEACHER_PATH = "/teacher"
COOKIE = "civio_teacher"
KEY_HEADER = "X-Teacher-Key"
PASSWORD_FILE = TEACHER_FILE
MIN_PASSWORD = 8
MAX_PASSWORD = 200
FREE_WRONG_PASSWORDS = 5
"""Wrong passwords a client may type before each next try must wait (1 s, 2 s, 4 s, ...)."""
LONGEST_WAIT = 300.0
REMOVE_WAIT_SECONDS = QUIT_SECONDS + TERMINATE_SECONDS + 5.0
"""How long a remove waits for the player's game to end: the server asks it to quit (and save),
then terminates it, then kills it."""
PAGE = Path(__file__).with_name("templates") / "teacher.html"
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    # Not "no-referrer": with it a browser sends `Origin: null` on the page's own POSTs, which
    # the same-origin check refuses. Other sites are told nothing either way.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # The page is one file: its own style and script, and requests to this server only.
    "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; "
    "style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
}


# -- the teacher's password ----------------------------------------------------------------


def password_problem(password: str) -> str | None:
    """Why `password` cannot be the teacher's password, or None."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return f"A teacher password has {MIN_PASSWORD} to {MAX_PASSWORD} characters."
    if any(unicodedata.category(char).startswith("C") for char in password):
        return "A teacher password cannot hold control characters."
    return None


def _password_bytes(password: str) -> bytes:
    return unicodedata.normalize("NFC", password).encode("utf-8")


def set_password(root: Path, password: str) -> None:
    """Store the teacher's password under the save root as scrypt with a new salt (written
    crash-safely, private to this account); ValueError when it cannot be one."""
    from civio_tui.serve.pins import SCRYPT, scrypt_hash

    problem = password_problem(password)
    if problem:
        raise ValueError(problem)
    salt = secrets.token_bytes(16)
    document = {
        "algorithm": "scrypt",
        **SCRYPT,
        "salt": salt.hex(),
        "hash": scrypt_hash(_password_bytes(password), salt, SCRYPT).hex(),
    }
    write_safely(root, PASSWORD_FILE, (json.dumps(document) + "\n").encode())


def _stored_password(root: Path) -> tuple[bytes, bytes, dict[str, int]] | None:
    """The stored password's salt, hash and scrypt parameters; None when none is set;
    ValueError saying why when the file cannot be read as one."""
    path = root / PASSWORD_FILE
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        params = {key: int(document[key]) for key in ("n", "r", "p")}
        return bytes.fromhex(document["salt"]), bytes.fromhex(document["hash"]), params
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(f"{path}: {exc.strerror or exc}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: not a password file ({exc})") from None


def password_file_problem(root: Path) -> str | None:
    """Why the teacher's password file cannot be used (it is then left as it is, and the page
    opens with the printed key instead), or None."""
    try:
        _stored_password(root)
    except ValueError as exc:
        return str(exc)
    return None


def has_password(root: Path) -> bool:
    """Whether a usable password is set: a damaged file is none, so the key is printed and
    the teacher is never locked out of the page."""
    try:
        return _stored_password(root) is not None
    except ValueError:
        return False


def password_matches(root: Path, password: str) -> bool:
    """Whether `password` is the teacher's (False when none is set or the file is damaged)."""
    from civio_tui.serve.pins import scrypt_hash

    try:
        stored = _stored_password(root)
    except ValueError:
        return False
    if stored is None or len(password) > MAX_PASSWORD:
        return False
    salt, digest, params = stored
    return hmac.compare_digest(scrypt_hash(_password_bytes(password), salt, params), digest)


class PasswordTries:
    """Wrong passwords per client: after `FREE_WRONG_PASSWORDS`, each next try waits twice as
    long as the one before (at most `LONGEST_WAIT`); a right one clears the count."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.wrong: dict[str, tuple[int, float]] = {}

    def wait(self, client: str) -> float:
        count, at = self.wrong.get(client, (0, 0.0))
        if count < FREE_WRONG_PASSWORDS:
            return 0.0
        pause = min(LONGEST_WAIT, 2.0 ** (count - FREE_WRONG_PASSWORDS))
        return max(0.0, at + pause - self.clock())

    def failed(self, client: str) -> None:
        count, _ = self.wrong.get(client, (0, 0.0))
        self.wrong[client] = (count + 1, self.clock())

    def passed(self, client: str) -> None:
        self.wrong.pop(client, None)


# -- every player's games in one zip -------------------------------------------------------


def exports_zip(root: Path, deck: Deck | None) -> tempfile.SpooledTemporaryFile[bytes]:
    """Every player's games as readable records (the Export key's Markdown), one folder per
    player, in one zip (in memory up to 8 MB, then a temporary file); the names are the
    checked player and game names, never a path of the server."""
    from cards.deck import standard_deck
    from civio_tui.campaigns import list_campaigns
    from civio_tui.campaigns.export import markdown
    from civio_tui.campaigns.store import SaveError
    from civio_tui.serve.players import player_folders

    deck = deck or standard_deck()
    spool = tempfile.SpooledTemporaryFile(max_size=8 * 2**20)  # noqa: SIM115 (the caller's)
    with zipfile.ZipFile(spool, "w", zipfile.ZIP_DEFLATED) as archive:
        for player in player_folders(root):
            for summary in list_campaigns(player.path, deck):
                if summary.campaign is None or not _plain(player.name, summary.name):
                    continue
                try:
                    text = markdown(summary.campaign, deck)
                except SaveError as exc:
                    text = f"# {summary.name}\n\nCannot export: {exc}\n"
                archive.writestr(f"{player.name}/{summary.name}.md", text)
    spool.seek(0)
    return spool


def _plain(*parts: str) -> bool:
    """Each part is one plain name (no folder, no dot first): safe as a name in the zip."""
    return all(part and "/" not in part and "\\" not in part and part[0] != "." for part in parts)


# -- the routes ----------------------------------------------------------------------------


class Server(Protocol):
    """What the teacher's page needs of the classroom server."""

    loopback_only: bool

    async def end_player(self, folder: str) -> int: ...


class TeacherDesk:
    """The teacher's page and actions for one save root (see the module's docstring)."""

    def __init__(
        self,
        root: Path,
        *,
        key: str | None = None,
        deck: Deck | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.root = root
        self.key = key or secrets.token_urlsafe(24)
        self.deck = deck
        self.tries = PasswordTries(clock)
        self._computing: asyncio.Future[list[StudentProgress]] | None = None
        self.server: Server | None = None

    @property
    def password_set(self) -> bool:
        return has_password(self.root)

    def address(self, base_url: str) -> str:
        """The teacher's address: with the key, or plain when a password opens the page."""
        page = base_url.rstrip("/") + TEACHER_PATH
        return page if self.password_set else f"{page}?key={self.key}"

    def routes(self, server: Server) -> list[web.RouteDef]:
        self.server = server
        return [
            web.get(TEACHER_PATH, self.handle_page),
            web.post(f"{TEACHER_PATH}/sign-in", self.handle_sign_in),
            web.post(f"{TEACHER_PATH}/sign-out", self._guarded(self.handle_sign_out)),
            web.get(f"{TEACHER_PATH}/class.json", self._guarded(self.handle_json)),
            web.get(f"{TEACHER_PATH}/class.csv", self._guarded(self.handle_csv)),
            web.get(f"{TEACHER_PATH}/exports.zip", self._guarded(self.handle_zip)),
            web.post(f"{TEACHER_PATH}/reset-pin", self._guarded(self.handle_reset_pin)),
            web.post(f"{TEACHER_PATH}/lock", self._guarded(self.handle_lock)),
            web.post(f"{TEACHER_PATH}/unlock", self._guarded(self.handle_unlock)),
            web.post(f"{TEACHER_PATH}/remove", self._guarded(self.handle_remove)),
            web.post(f"{TEACHER_PATH}/close-table", self._guarded(self.handle_close_table)),
        ]

    # -- who may ----------------------------------------------------------------------------

    def is_key(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(
            given.encode("utf-8", "replace"), self.key.encode()
        )

    def authorised(self, request: web.Request) -> bool:
        return self.is_key(request.cookies.get(COOKIE)) or self.is_key(
            request.headers.get(KEY_HEADER)
        )

    def _same_origin(self, request: web.Request) -> bool:
        loopback = self.server.loopback_only if self.server is not None else True
        return same_origin(request.headers.get("Origin"), request.host, loopback)

    def _guarded(
        self, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def guarded(request: web.Request) -> web.StreamResponse:
            if not self.authorised(request):
                return self.forbidden()
            if request.method == "POST" and not self._same_origin(request):
                return _json({"ok": False, "message": "Only the teacher's page can do this."}, 403)
            return await handler(request)

        return guarded

    def forbidden(self, problem: str = "") -> web.Response:
        """The answer without the key: what the page is, how to open it, nothing of the
        class (a password box when a password is set)."""
        form = ""
        if self.password_set:
            form = (
                f"<form method='post' action='{TEACHER_PATH}/sign-in'>"
                "<label>Teacher password <input type='password' name='password' "
                "autocomplete='current-password' autofocus required></label> "
                "<button>Open</button></form>"
            )
            how = "Type the teacher password, or open the teacher's address again."
        else:
            how = "Open the teacher's address that <code>civio serve</code> printed."
        said = f"<p class='problem'>{html.escape(problem)}</p>" if problem else ""
        body = (
            "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<title>CIVIO: teacher's page</title><style>body{font:1.2rem/1.5 system-ui,"
            "sans-serif;max-width:36em;margin:3em auto;padding:0 1em}input,button{font:inherit}"
            ".problem{color:#b00020}</style></head><body><h1>Teacher's page</h1>"
            f"<p>This page is for the teacher. {how}</p>{said}{form}</body></html>"
        )
        return web.Response(
            status=403, text=body, content_type="text/html", headers=SECURITY_HEADERS
        )

    def _signed_in(self) -> web.HTTPException:
        """The way to the page, with the cookie that opens it from now on."""
        response = web.HTTPSeeOther(TEACHER_PATH, headers=SECURITY_HEADERS)
        response.set_cookie(COOKIE, self.key, path=TEACHER_PATH, httponly=True, samesite="Strict")
        return response

    async def handle_page(self, request: web.Request) -> web.StreamResponse:
        if "key" in request.query:
            if self.is_key(request.query["key"]):
                raise self._signed_in()  # the same page, the key out of the address bar
            return self.forbidden("That key is not this server's: open the address again.")
        if not self.authorised(request):
            return self.forbidden()
        return web.Response(
            text=PAGE.read_text(encoding="utf-8"),
            content_type="text/html",
            headers=SECURITY_HEADERS,
        )

    async def handle_sign_in(self, request: web.Request) -> web.StreamResponse:
        if not self._same_origin(request):
            return self.forbidden()
        client = request.remote or "unknown"
        wait = self.tries.wait(client)
        if wait > 0:
            return self.forbidden(f"Too many wrong passwords: wait {int(wait) + 1} s.")
        form = await request.post()
        password = str(form.get("password", ""))
        if await asyncio.to_thread(password_matches, self.root, password):
            self.tries.passed(client)
            raise self._signed_in()
        self.tries.failed(client)
        return self.forbidden("That is not the teacher password.")

    async def handle_sign_out(self, request: web.Request) -> web.StreamResponse:
        response = web.HTTPSeeOther(TEACHER_PATH, headers=SECURITY_HEADERS)
        response.del_cookie(COOKIE, path=TEACHER_PATH)
        raise response

    # -- what the page reads ---------------------------------------------------------------

    async def students(self) -> list[StudentProgress]:
        """The class's figures, computed in a thread; callers at once share one computation."""
        if self._computing is None or self._computing.done():
            self._computing = asyncio.ensure_future(asyncio.to_thread(self._compute))
        return await asyncio.shield(self._computing)

    async def _readable_students(self) -> list[StudentProgress]:
        """The figures, or an answer saying the save root cannot be read (503)."""
        from civio_tui.classroom import SaveRootError

        try:
            return await self.students()
        except SaveRootError as exc:
            raise web.HTTPServiceUnavailable(
                text=json.dumps({"ok": False, "message": f"The class cannot be read: {exc}"}),
                content_type="application/json",
                headers=SECURITY_HEADERS,
            ) from None

    def _compute(self) -> list[StudentProgress]:
        from civio_tui.classroom import class_progress

        return class_progress(self.root, self.deck)

    async def _tables(self) -> tuple[list[dict[str, Any]], str | None]:
        from civio_tui.classroom import open_tables

        tables, problem = await asyncio.to_thread(open_tables, self.root)
        return [table.to_json() for table in tables], problem

    async def handle_json(self, request: web.Request) -> web.StreamResponse:
        from civio_tui.classroom import COLUMNS
        from civio_tui.serve.tries import TriesStore

        students = await self._readable_students()
        tables, problem = await self._tables()
        pins_problem = await asyncio.to_thread(TriesStore(self.root).problem)
        return _json(
            {
                "updated": datetime.now(UTC).isoformat(),
                "columns": list(COLUMNS),
                "students": [student.model_dump(mode="json") for student in students],
                "tables": tables,
                "tables_problem": problem,
                "pins_problem": pins_problem,
            }
        )

    async def handle_csv(self, request: web.Request) -> web.StreamResponse:
        from civio_tui.classroom import progress_csv

        students = await self._readable_students()
        day = datetime.now().strftime("%Y-%m-%d")
        return web.Response(
            text=progress_csv(students),
            content_type="text/csv",
            charset="utf-8",
            headers={
                **SECURITY_HEADERS,
                "Content-Disposition": f'attachment; filename="civio-class-{day}.csv"',
            },
        )

    async def handle_zip(self, request: web.Request) -> web.StreamResponse:
        spool = await asyncio.to_thread(exports_zip, self.root, self.deck)
        day = datetime.now().strftime("%Y-%m-%d")
        response = web.StreamResponse(
            headers={
                **SECURITY_HEADERS,
                "Content-Type": "application/zip",
                "Content-Disposition": f'attachment; filename="civio-class-games-{day}.zip"',
            }
        )
        await response.prepare(request)
        with spool:
            for chunk in _chunks(spool):
                await response.write(chunk)
        await response.write_eof()
        return response

    # -- the actions -----------------------------------------------------------------------

    async def _player(self, request: web.Request) -> Any:
        """The player the action names (`{"name": ...}`), or an HTTP error saying why not."""
        from civio_tui.serve.players import PlayerFolder, PlayerNameError, check_player_name

        name = (await _body(request)).get("name")
        try:
            player = PlayerFolder(self.root, check_player_name(str(name or "")))
        except PlayerNameError as exc:
            raise _refusal(str(exc), 400) from None
        if not player.exists:
            raise _refusal(f"No player named {player.name!r} in this class.", 404)
        return PlayerFolder(self.root, player.display_name())

    async def handle_reset_pin(self, request: web.Request) -> web.StreamResponse:
        from civio_tui.serve.pins import PinDesk
        from civio_tui.serve.tries import TriesUnreadable

        player = await self._player(request)
        try:
            had = await asyncio.to_thread(PinDesk(self.root).reset, player.name)
        except TriesUnreadable as exc:
            raise _refusal(f"{player.name}'s PIN was not removed: {exc}.", 500) from None
        said = "PIN removed" if had else "had no PIN"
        return _done(f"{player.name}: {said}; their next visit chooses a new one.")

    async def handle_lock(self, request: web.Request) -> web.StreamResponse:
        player = await self._player(request)
        await asyncio.to_thread(player.lock)
        ended = await self._end(player)
        note = " Their game was ended and saved." if ended else ""
        return _done(f"{player.name} is locked: the name cannot sign in.{note}")

    async def handle_unlock(self, request: web.Request) -> web.StreamResponse:
        player = await self._player(request)
        await asyncio.to_thread(player.unlock)
        return _done(f"{player.name} is unlocked: the name can sign in again.")

    async def handle_remove(self, request: web.Request) -> web.StreamResponse:
        """Lock the player (no new sign-in), end their game, then move their folder, whole,
        into `removed/` while holding their lock; their wrong-PIN count is forgotten."""
        from civio_tui.serve.pins import PinDesk
        from civio_tui.serve.players import REMOVED_FOLDER, PlayerLock
        from civio_tui.serve.tries import TriesUnreadable

        player = await self._player(request)
        key = player.path.name
        await asyncio.to_thread(player.lock)
        await self._end(player)
        lock = PlayerLock(player.path)
        deadline = time.monotonic() + REMOVE_WAIT_SECONDS
        while not lock.acquire():
            if time.monotonic() > deadline:
                raise _refusal(
                    f"{player.name} is still playing: try again in a moment (they are locked).",
                    409,
                )
            await asyncio.sleep(0.2)
        try:
            moved = await asyncio.to_thread(player.move_to_removed)
        except OSError as exc:
            why = exc.strerror or str(exc)
            raise _refusal(f"Cannot move {player.name}'s folder: {why}", 500) from None
        finally:
            lock.release()
        try:
            await asyncio.to_thread(PinDesk(self.root).tries.forget, key)
        except TriesUnreadable as exc:
            note = f" Their count of wrong PINs was not cleared: {exc}."
        else:
            note = ""
        return _done(
            f"{player.name} is removed: their games are kept in the save root's "
            f"{REMOVED_FOLDER}/{moved.name}, and the name is free again.{note}"
        )

    async def _end(self, player: Any) -> int:
        if self.server is None:
            return 0
        return await self.server.end_player(player.path.name)

    async def handle_close_table(self, request: web.Request) -> web.StreamResponse:
        from civio_tui.tables import ops
        from civio_tui.tables.store import FILE_NAME, StoreUnavailable, TableStore

        code = str((await _body(request)).get("code") or "")
        if not (self.root / FILE_NAME).exists():  # no table was ever opened: make no file
            raise _refusal(f"No table {code!r} in this class.", 404)

        def close() -> Any:
            with TableStore.in_root(self.root) as store:
                return ops.close(store, code, now=time.time())

        try:
            table = await asyncio.to_thread(close)
        except (ops.TableRefused, StoreUnavailable) as exc:
            raise _refusal(str(exc), 409) from None
        return _done(f"Table {table.code} is closed; its game is recorded as abandoned.")


def _chunks(handle: Any, size: int = 64 * 1024) -> Iterator[bytes]:
    while chunk := handle.read(size):
        yield chunk


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise _refusal("The request is not JSON.", 400) from None
    if not isinstance(body, dict):
        raise _refusal("The request is not a JSON object.", 400)
    return body


def _json(document: dict[str, Any], status: int = 200) -> web.Response:
    return web.json_response(document, status=status, headers=SECURITY_HEADERS)


def _done(message: str) -> web.Response:
    return _json({"ok": True, "message": message})


_REFUSALS: dict[int, type[web.HTTPException]] = {
    400: web.HTTPBadRequest,
    404: web.HTTPNotFound,
    409: web.HTTPConflict,
    500: web.HTTPInternalServerError,
}


def _refusal(message: str, status: int) -> web.HTTPException:
    """An answer saying why an action was not done, for the page to show."""
    return _REFUSALS[status](
        text=json.dumps({"ok": False, "message": message}),
        content_type="application/json",
        headers=SECURITY_HEADERS,
    )
