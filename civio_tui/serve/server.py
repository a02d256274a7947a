"""The classroom server: textual-serve's `Server`, with the classroom's limits and our page.

textual-serve starts one process of a shell command per browser tab. Our command is fixed text
(this Python and a module of ours, quoted: the tab's game, or the stub of a game forked from
one that has it loaded, `civio_tui/serve/forker.py`); the teacher's settings travel in the
environment and a student's input only ever reaches the game process as keystrokes, so nothing a
student types is run by a shell.

What we add to textual-serve's server, each because a class of thirty can be hostile:
- a new tab opens while fewer than `max_sessions` games (signed-in tabs) are played and fewer
  than `max_signing_in` tabs are at the sign-in screen; those end after `sign_in_idle_seconds`
  without a key (and after `SIGN_IN_SECONDS` in any case), and count apart from the games, so
  tabs left at the sign-in screen never take a player's place. A tab over a limit is told so
  in its terminal and closed, and the page says so;
- a game with no keystroke for `idle_seconds` is ended the way closing its tab ends it (the game
  is asked to quit, which keeps the table; every move is saved already);
- every tab's process ends when its tab ends: asked to quit, then terminated, then killed, its
  output read to the end meanwhile so it never blocks on a pipe; its memory is bounded
  (`child.confine`);
- what a browser sends is bounded: a websocket message is at most `MAX_MESSAGE_BYTES`, typed
  input at most `INPUT_BYTES_PER_SECOND`, and the terminal's size is clamped to `MIN_SIZE` ..
  `MAX_SIZE` (in the URL and in resize messages);
- `/ws` only answers pages this server served (the Origin header) and, on a "this computer
  only" server, only a loopback Host (a web page elsewhere cannot drive a game);
- connections are capped below the process's open-file limit; one that sends no request within
  `REQUEST_SECONDS` is closed, and over the cap the oldest idle connection makes room, so
  half-open connections cannot lock the class out; the log says at most `LOG_LINES_PER_MINUTE`
  lines a minute;
- our own page template (the system's monospace font, nothing from another host), `/static/`
  without folder listings, and a `Server:` header that names no software.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import resource
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from civio_tui.serve.env import CLIENT_ENV, FORK, SIGNED_IN_META
from civio_tui.serve.forker import Forker, new_process_command, stub_command

if TYPE_CHECKING:
    from civio_tui.serve.teacher import TeacherDesk

log = logging.getLogger("civio.serve")

TEMPLATES = Path(__file__).with_name("templates")
IDLE_CHECK_SECONDS = 5.0
HEARTBEAT_SECONDS = 15.0
"""A tab's connection is pinged this often; one that answers no ping within half of it is
dropped as dead (and its game ended, as when the tab is closed)."""
SIGN_IN_SECONDS = 5 * 60.0
"""The longest a tab may stay at the sign-in screen, typing or not."""
MAX_MESSAGE_BYTES = 16 * 1024
INPUT_BYTES_PER_SECOND = 4 * 1024
"""Typed input a tab may send, on average (a burst of `MAX_MESSAGE_BYTES` is allowed)."""
INPUT_SECONDS = 10.0
"""A game that takes no input for this long while input waits is ended."""
MIN_SIZE = (20, 6)
MAX_SIZE = (400, 150)
MAX_PACKET_BYTES = 16 * 2**20
"""The largest packet a game may send the server (a frame of the largest screen is far less)."""
QUIT_SECONDS = 20.0
"""How long a game asked to quit may take to save and end before it is terminated."""
TERMINATE_SECONDS = 3.0
ERROR_OUTPUT_BYTES = 16 * 1024
"""What the log keeps of a game's error output (a crash report), at most."""
REQUEST_SECONDS = 15.0
"""A connection must send a whole request this soon after opening or after the last one."""
MAX_CONNECTIONS = 512
FILES_PER_GAME = 8
"""Open files the server needs per game (its pipes) and a margin: kept free below the cap."""
FILES_RESERVED = 64
LOG_LINES_PER_MINUTE = 30
SERVER_HEADER = "CIVIO"

FULL_MESSAGE = (
    "The class is full: {n} games are being played on this server right now. "
    "Try again in a few minutes, or ask your teacher."
)
BUSY_MESSAGE = "Many people are signing in right now. This page tries again by itself in a moment."
INPUT_FLOOD = "This tab sent more than anyone types, so its game has ended."


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


WILDCARD_HOSTS = ("0.0.0.0", "::")
"""Hosts that mean "every address of this computer": not an address a student can type."""


def this_computers_address() -> str:
    """The address other computers on the network reach this one at: the one its traffic would
    leave from (a UDP socket's `connect` sends nothing), else its host name."""
    import socket

    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        address: str = probe.getsockname()[0]
        if not address.startswith("0."):
            return address
    return socket.gethostname()


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size a browser asked for, as a number within `MIN_SIZE` .. `MAX_SIZE`
    (anything that is no number: 80 x 24)."""
    asked = (to_int(str(width), 80), to_int(str(height), 24))
    return (
        max(MIN_SIZE[0], min(MAX_SIZE[0], asked[0])),
        max(MIN_SIZE[1], min(MAX_SIZE[1], asked[1])),
    )


def same_origin(origin: str | None, host: str, loopback_only: bool) -> bool:
    """Whether a websocket may open: no Origin (not a browser, so no web page drives it) or
    the Origin of a page this server served (`http://` + its Host); a "this computer only"
    server also wants a loopback Host, so a name that points at 127.0.0.1 (DNS rebinding)
    does not pass as this server."""
    if loopback_only and not is_loopback(urlsplit(f"//{host}").hostname or ""):
        return False
    if origin is None:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


class TabService(AppService):
    """textual-serve's process of one tab, which always ends, and whose output never grows
    the server without bound (see the module's docstring)."""

    def __init__(
        self, *args: Any, on_signed_in: Callable[[str | None], None], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.on_signed_in = on_signed_in
        self.connected = True

    async def on_data(self, payload: bytes) -> None:
        # After the tab closed the frames are read and dropped, so the game never blocks.
        if self.connected:
            try:
                await self.remote_write_bytes(payload)
            except (ConnectionError, RuntimeError):
                self.connected = False

    async def on_meta(self, data: bytes) -> None:
        import json

        try:
            message = json.loads(data)
            kind = message.get("type")
        except (ValueError, AttributeError):
            return
        if kind == SIGNED_IN_META:
            player = message.get("player")
            self.on_signed_in(player if isinstance(player, str) else None)
        elif kind == "exit" and self.connected:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.remote_close()
        elif kind in ("open_url", "deliver_file_start") and self.connected:
            await super().on_meta(data)  # a link, or a file for the browser (an export)

    async def run(self) -> None:
        """Read the game's packets until its output ends (as textual-serve's `run`), keeping
        at most `ERROR_OUTPUT_BYTES` of its error output for the log."""
        process = self._process
        assert process is not None and process.stdout is not None and process.stderr is not None
        stdout, stderr = process.stdout, process.stderr
        errors = bytearray()

        async def read_errors() -> None:
            while data := await stderr.read(4096):
                errors.extend(data[: max(0, ERROR_OUTPUT_BYTES - len(errors))])

        error_reader = asyncio.create_task(read_errors())
        handlers = {b"D": self.on_data, b"M": self.on_meta, b"P": self.on_packed}
        try:
            for _ in range(10):  # the prelude: a line that says a Textual app runs
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                if size > MAX_PACKET_BYTES:
                    log.warning("a game sent a packet of %d bytes: it is ended", size)
                    process.kill()
                    break
                payload = await stdout.readexactly(size)
                handler = handlers.get(kind)
                if handler is not None:
                    with contextlib.suppress(ConnectionError, RuntimeError):  # the tab closed
                        await handler(payload)
        except (asyncio.IncompleteReadError, ConnectionResetError, ValueError):
            pass
        finally:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(error_reader), 1.0)
            error_reader.cancel()
        if errors:
            log.warning("a game's error output:\n%s", errors.decode("utf-8", "replace"))

    async def end(self) -> None:
        """End the game: ask it to quit (it keeps the table), else terminate it, else kill
        it. Its output is read all the while, so it can always get on to ending."""
        self.connected = False
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_SECONDS)
            for stop, seconds in ((None, QUIT_SECONDS), (process.terminate, TERMINATE_SECONDS)):
                if stop is not None:
                    with contextlib.suppress(ProcessLookupError):
                        stop()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), seconds)
                    break
            else:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        if self._task is not None:
            await self._task
            self._task = None


@dataclass(eq=False)
class Session:
    """One open tab: its game process, whether its player signed in, its last key."""

    service: TabService
    websocket: web.WebSocketResponse
    last_input: float
    started: float
    signed_in: bool = False
    player: str | None = None
    """The signed-in player's folder name (the teacher's lock and remove end their tab)."""
    ended_idle: bool = False
    input_budget: float = float(MAX_MESSAGE_BYTES)
    input_at: float = field(default=0.0)

    def sign_in(self, player: str | None) -> None:
        self.signed_in = True
        self.player = player


class ConnectionGuard:
    """At most `cap` connections; past it, the connection idle the longest (no request being
    answered, oldest first) is closed to make room, or else the new one."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: dict[Any, None] = {}  # transports, least recently used first
        self.busy: dict[Any, int] = {}
        self.closed_for_room = 0

    def attach(self, server: web.Server) -> None:
        """Watch the connections of aiohttp's low-level server."""
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler: Any, transport: Any) -> None:
            made(handler, transport)
            self.opened(transport)

        def connection_lost(handler: Any, exc: BaseException | None = None) -> None:
            transport = handler.transport
            lost(handler, exc)
            if transport is not None:
                self.open.pop(transport, None)
                self.busy.pop(transport, None)

        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]

    def opened(self, transport: Any) -> None:
        self.open[transport] = None
        if len(self.open) <= self.cap:
            return
        victim = next((t for t in self.open if not self.busy.get(t)), transport)
        self.open.pop(victim, None)
        self.closed_for_room += 1
        victim.abort()

    @web.middleware
    async def middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        transport = request.transport
        if transport is None:
            return await handler(request)
        self.busy[transport] = self.busy.get(transport, 0) + 1
        try:
            return await handler(request)
        finally:
            if transport in self.open:  # still open: most recently used, the last to go
                self.busy[transport] -= 1
                del self.open[transport]
                self.open[transport] = None


def open_file_limit() -> int:
    """Raise this process's soft open-file limit to the hard one (as far as 65536) and return
    it: every connection and every game's pipe is an open file."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return int(soft) if soft != resource.RLIM_INFINITY else 65536


class ClassroomServer(Server):
    """textual-serve's server with the classroom's limits (see the module's docstring)."""

    def __init__(
        self,
        *,
        environment: dict[str, str],
        host: str = "127.0.0.1",
        port: int = 8000,
        max_sessions: int = 30,
        idle_seconds: float = 30 * 60,
        max_signing_in: int = 10,
        sign_in_idle_seconds: float = 2 * 60,
        clock: Callable[[], float] = time.monotonic,
        command: str | None = None,
        tab_start: str = FORK,
        teacher: TeacherDesk | None = None,
    ) -> None:
        super().__init__(
            command or (stub_command() if tab_start == FORK else new_process_command()),
            host=host,
            port=port,
            title="CIVIO",
            templates_path=TEMPLATES,
        )
        self.environment = environment
        self.forker = Forker() if command is None and tab_start == FORK else None
        """The forking process of the tabs' games (None: each tab starts a new process)."""
        self.teacher = teacher
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self.max_signing_in = max_signing_in
        self.sign_in_idle_seconds = sign_in_idle_seconds
        self.clock = clock
        self.sessions: set[Session] = set()
        self.bound_port: int | None = None
        self.idle_ended = 0
        self.refused = 0
        self.loopback_only = is_loopback(host)
        reserve = FILES_RESERVED + FILES_PER_GAME * (max_sessions + max_signing_in)
        self.guard = ConnectionGuard(max(16, min(MAX_CONNECTIONS, open_file_limit() - reserve)))

    # -- pages ----------------------------------------------------------------------------

    @property
    def playing(self) -> int:
        return sum(1 for session in self.sessions if session.signed_in)

    @property
    def signing_in(self) -> int:
        return len(self.sessions) - self.playing

    def refusal(self) -> str | None:
        """Why a new tab cannot open now (the games, or the sign-in screens, are full)."""
        if self.playing >= self.max_sessions:
            return FULL_MESSAGE.format(n=self.max_sessions)
        if self.signing_in >= self.max_signing_in:
            return BUSY_MESSAGE
        return None

    async def handle_index(self, request: web.Request) -> web.Response:
        refusal = self.refusal()
        if refusal is not None:
            self.refused += 1
            return web.Response(
                status=503,
                content_type="text/html",
                text=_full_page(refusal, retry=refusal == BUSY_MESSAGE),
            )
        scheme = "wss" if request.secure else "ws"
        context = {
            "font_size": max(6, min(48, to_int(request.query.get("fontsize", "16"), 16))),
            "app_websocket_url": f"{scheme}://{request.host}/ws",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    # -- the game processes ---------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not same_origin(request.headers.get("Origin"), request.host, self.loopback_only):
            self.refused += 1
            raise web.HTTPForbidden(text="This game only answers its own page.")
        websocket = web.WebSocketResponse(
            heartbeat=HEARTBEAT_SECONDS, max_msg_size=MAX_MESSAGE_BYTES
        )
        await websocket.prepare(request)
        refusal = self.refusal()
        if refusal is not None:
            self.refused += 1
            await websocket.send_bytes(f"\r\n  {refusal}\r\n".encode())
            await websocket.close()
            return websocket
        width, height = clamp_size(request.query.get("width", 80), request.query.get("height", 24))
        now = self.clock()
        session: Session
        service = TabService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
            on_signed_in=lambda player: session.sign_in(player),
        )
        service._build_environment = self._environment_for(  # type: ignore[method-assign]
            service, request.remote or "unknown"
        )
        session = Session(service, websocket, last_input=now, started=now, input_at=now)
        self.sessions.add(session)
        watchdog: asyncio.Task[None] | None = None
        try:
            await service.start(width, height)
            watchdog = asyncio.create_task(self._end_when_idle(session))
            await self._pump(session)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # a broken connection: the game is still ended below
            log.warning("a session ended with an error: %s", type(error).__name__)
        finally:
            if isinstance(websocket.exception(), TimeoutError):
                # The browser did not answer the heartbeat: the connection is dropped as dead
                # (a tab whose machine or browser is stalled); say so, or the tab's end is silent.
                log.warning("a tab's connection was dropped: %s", websocket.exception())
            if watchdog is not None and not session.ended_idle:
                watchdog.cancel()
            with contextlib.suppress(Exception):
                await websocket.close()
            await service.end()
            self.sessions.discard(session)
        return websocket

    def _environment_for(self, service: AppService, client: str) -> Callable[..., dict[str, str]]:
        base = service._build_environment

        def build(width: int = 80, height: int = 24) -> dict[str, str]:
            return {**base(width=width, height=height), **self.environment, CLIENT_ENV: client}

        return build

    async def _pump(self, session: Session) -> None:
        """Pass the browser's messages to the game; keystrokes count as activity."""
        service = session.service
        async for message in session.websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, *rest = message.json()
            except (ValueError, TypeError):
                continue
            if kind == "stdin" and rest and isinstance(rest[0], str):
                data = rest[0].encode("utf-8")
                if not self._take_input(session, len(data)):
                    await self._say(session, INPUT_FLOOD)
                    return
                session.last_input = self.clock()
                if not await self._within(service.send_bytes(data)):
                    return
            elif kind == "resize" and rest and isinstance(rest[0], dict):
                width, height = clamp_size(rest[0].get("width"), rest[0].get("height"))
                if not await self._within(service.set_terminal_size(width, height)):
                    return
            elif kind == "ping" and rest:
                await session.websocket.send_json(["pong", rest[0]])
            elif kind == "blur":
                await self._within(service.blur())
            elif kind == "focus":
                await self._within(service.focus())

    def _take_input(self, session: Session, size: int) -> bool:
        """Spend `size` bytes of the tab's input allowance (see INPUT_BYTES_PER_SECOND)."""
        now = self.clock()
        refill = (now - session.input_at) * INPUT_BYTES_PER_SECOND
        session.input_budget = min(float(MAX_MESSAGE_BYTES), session.input_budget + refill)
        session.input_at = now
        if size > session.input_budget:
            return False
        session.input_budget -= size
        return True

    @staticmethod
    async def _within(sending: Awaitable[object]) -> bool:
        """Whether the game took the message in time (a game that takes no input is ended)."""
        try:
            await asyncio.wait_for(sending, INPUT_SECONDS)
        except TimeoutError:
            return False
        return True

    @staticmethod
    async def _say(session: Session, text: str) -> None:
        with contextlib.suppress(Exception):
            await session.websocket.send_bytes(f"\r\n\r\n  {text}\r\n".encode())

    def _deadline(self, session: Session) -> float:
        """When the tab ends if nobody presses a key (and at the latest, while signing in)."""
        if session.signed_in:
            return session.last_input + self.idle_seconds
        return min(
            session.last_input + self.sign_in_idle_seconds, session.started + SIGN_IN_SECONDS
        )

    async def _end_when_idle(self, session: Session) -> None:
        while True:
            left = self._deadline(session) - self.clock()
            if left <= 0:
                break
            await asyncio.sleep(min(IDLE_CHECK_SECONDS, left))
        session.ended_idle = True
        self.idle_ended += 1
        # As if the tab were closed: the page says the game has ended, and `handle_websocket`
        # asks the game to quit, which keeps the table as it was.
        await session.websocket.close()

    async def end_player(self, folder: str) -> int:
        """End the tabs playing the player whose folder is `folder`, as closing them would
        (each game asked to quit, so saved); how many there were."""
        ending = [s for s in self.sessions if s.player == folder]
        for session in ending:
            with contextlib.suppress(Exception):
                await session.websocket.close()
        return len(ending)

    # -- running --------------------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard.middleware])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        if self.teacher is not None:
            app.add_routes(self.teacher.routes(self))
        app.on_response_prepare.append(_name_no_software)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        """A file a game delivers to its tab (an export), by the one-use key the game made:
        textual-serve's download, with the file's name quoted for any letters and spaces."""
        from urllib.parse import quote

        key = request.match_info["key"]
        try:
            meta = await self.download_manager.get_download_metadata(key)
        except KeyError:
            raise web.HTTPNotFound(text="This download has ended.") from None
        response = web.StreamResponse()
        charset = f"; charset={meta.encoding}" if meta.encoding else ""
        response.headers["Content-Type"] = (meta.mime_type or "application/octet-stream") + charset
        plain = meta.file_name.encode("ascii", "replace").decode().replace('"', "'")
        response.headers["Content-Disposition"] = (
            f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(meta.file_name)}"
        )
        await response.prepare(request)
        async for chunk in self.download_manager.download(key):
            await response.write(chunk)
        await response.write_eof()
        return response

    async def on_shutdown(self, app: web.Application) -> None:
        for session in list(self.sessions):
            with contextlib.suppress(Exception):
                await session.websocket.close()
        await asyncio.gather(
            *(session.service.end() for session in list(self.sessions)), return_exceptions=True
        )
        if self.forker is not None:
            await self.forker.stop()

    async def start(self) -> web.AppRunner:
        """Start serving (in the running loop); `bound_port` is the port really used."""
        if self.forker is not None:
            # The forking process gets a tab's environment: Textual reads its settings once,
            # at import, and every forked game keeps them.
            tab = AppService._build_environment(cast(AppService, SimpleNamespace(debug=self.debug)))
            self.environment.update(await self.forker.start({**tab, **self.environment}))
        try:
            runner = web.AppRunner(
                await self._make_app(),
                handle_signals=False,
                access_log=None,
                keepalive_timeout=REQUEST_SECONDS,
            )
            await runner.setup()
            assert runner.server is not None
            self.guard.attach(runner.server)
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            # Not serving (the port is taken, say): the forking process must not outlive us.
            if self.forker is not None:
                await self.forker.stop()
            raise
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.bound_port = sockets[0].getsockname()[1] if sockets else self.port
        return runner

    def url(self) -> str:
        """The address to give the class: on every address of this computer (`0.0.0.0`), the
        one the network reaches it at, since a browser cannot open 0.0.0.0."""
        host = this_computers_address() if self.host in WILDCARD_HOSTS else self.host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.bound_port or self.port}/"


async def _name_no_software(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = SERVER_HEADER


class LogThrottle(logging.Filter):
    """At most `LOG_LINES_PER_MINUTE` log records a minute (then one line saying how many were
    left out), and no traceback from asyncio's own logger: a flood of failing connections
    cannot fill the disk."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.window = clock()
        self.shown = 0
        self.left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        if now - self.window >= 60:
            if self.left_out:
                record.msg = f"({self.left_out} log lines left out) {record.getMessage()}"
                record.args = None
            self.window, self.shown, self.left_out = now, 0, 0
        if self.shown >= LOG_LINES_PER_MINUTE:
            self.left_out += 1
            return False
        self.shown += 1
        if record.name == "asyncio":
            record.exc_info = None
            record.exc_text = None
        return True


def run(server: ClassroomServer, announce: Callable[[str], None]) -> int:
    """Serve until Ctrl+C or SIGTERM; every game still open is asked to quit (and so saved).
    The number of games that were open (signed in) and ended so."""

    async def main() -> int:
        import signal

        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        runner = await server.start()
        announce(server.url())
        try:
            await stop.wait()
            playing = server.playing
        finally:
            await runner.cleanup()  # waits for every game to end
        return playing

    logging.basicConfig(level=logging.WARNING, format="civio serve: %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(LogThrottle())
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    os.umask(0o077)  # the save root, the tries and every player's files: this account's only
    return asyncio.run(main())


def _full_page(message: str, *, retry: bool = False) -> str:
    """The page of a tab that cannot open now: the class is full, or (`retry`: the page tries
    again by itself) only the sign-in screens are, which the heading must not call full."""
    refresh = "<meta http-equiv='refresh' content='10'>" if retry else ""
    heading = "Just a moment" if retry else "The class is full"
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'>{refresh}<title>CIVIO: "
        f"{heading.lower()}</title><style>body{{background:#14181f;color:#e6e6e6;font-family:"
        "ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;display:flex;align-items:"
        "center;justify-content:center;height:90vh}main{max-width:40em;border:2px solid "
        f"#3d7ebf;padding:2em}}</style></head><body><main><h1>{heading}</h1>"
        f"<p>{message}</p><p><a href='/' style='color:#e8b04b'>Try again</a></p></main>"
        "</body></html>"
    )
