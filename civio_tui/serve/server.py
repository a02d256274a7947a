"""The classroom server: textual-serve's `Server`, with a session limit, idle time-out and our page.

textual-serve starts one process of a shell command per browser tab. Our command is fixed text
(this Python and `-m civio_tui.serve`, quoted); the teacher's settings travel in the environment
and a student's input only ever reaches the game process as keystrokes, so nothing a student
types is run by a shell.

What we add to textual-serve's server:
- at most `max_sessions` games at once: the page says the class is full, and a tab that connects
  anyway is told so in its terminal and closed;
- a tab with no keystroke for `idle_seconds` is ended the way closing it ends it (the game is
  asked to quit, which keeps the table as it was; every move is saved already);
- our own page template: the system's monospace font, nothing loaded from another host, and
  URLs taken from the request (so a tab on another computer connects back to the right host).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

log = logging.getLogger("civio.serve")

TEMPLATES = Path(__file__).with_name("templates")
IDLE_CHECK_SECONDS = 5.0
FULL_MESSAGE = (
    "The class is full: {n} games are being played on this server right now. "
    "Try again in a few minutes, or ask your teacher."
)


def child_command() -> str:
    """The shell command textual-serve runs per tab: this Python running one tab's game.

    `exec` makes the shell become the game, so the process textual-serve waits on (and a
    teacher sees in `ps`) is the game itself, and ending it ends the game."""
    return f"exec {shlex.quote(sys.executable)} -m civio_tui.serve"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(eq=False)
class Session:
    """One open tab: its game process and when its player last pressed a key."""

    service: AppService
    websocket: web.WebSocketResponse
    last_input: float
    ended_idle: bool = False
    started: float = field(default_factory=time.monotonic)


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
        clock: Callable[[], float] = time.monotonic,
        command: str | None = None,
    ) -> None:
        super().__init__(
            command or child_command(),
            host=host,
            port=port,
            title="CIVIO",
            templates_path=TEMPLATES,
        )
        self.environment = environment
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.sessions: set[Session] = set()
        self.bound_port: int | None = None
        self.idle_ended = 0
        self.refused = 0

    # -- pages ----------------------------------------------------------------------------

    @property
    def full(self) -> bool:
        return len(self.sessions) >= self.max_sessions

    async def handle_index(self, request: web.Request) -> web.Response:
        if self.full:
            self.refused += 1
            return web.Response(
                status=503,
                content_type="text/html",
                text=_full_page(FULL_MESSAGE.format(n=self.max_sessions)),
            )
        scheme = "wss" if request.secure else "ws"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{scheme}://{request.host}/ws",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    # -- the game processes ---------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if self.full:
            self.refused += 1
            text = FULL_MESSAGE.format(n=self.max_sessions)
            await websocket.send_bytes(f"\r\n  {text}\r\n".encode())
            await websocket.close()
            return websocket
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service = AppService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,  # type: ignore[arg-type]
            download_manager=self.download_manager,
            debug=self.debug,
        )
        service._build_environment = self._environment_for(service)  # type: ignore[method-assign]
        session = Session(service, websocket, last_input=self.clock())
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
            if watchdog is not None and not session.ended_idle:
                watchdog.cancel()
            await service.stop()
            self.sessions.discard(session)
            await websocket.close()
        return websocket

    def _environment_for(self, service: AppService) -> Callable[..., dict[str, str]]:
        base = service._build_environment

        def build(width: int = 80, height: int = 24) -> dict[str, str]:
            return {**base(width=width, height=height), **self.environment}

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
                session.last_input = self.clock()
                await service.send_bytes(rest[0].encode("utf-8"))
            elif kind == "resize" and rest and isinstance(rest[0], dict):
                size = rest[0]
                await service.set_terminal_size(
                    to_int(str(size.get("width")), 80), to_int(str(size.get("height")), 24)
                )
            elif kind == "ping" and rest:
                await session.websocket.send_json(["pong", rest[0]])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _end_when_idle(self, session: Session) -> None:
        while True:
            idle = self.clock() - session.last_input
            if idle >= self.idle_seconds:
                break
            await asyncio.sleep(min(IDLE_CHECK_SECONDS, self.idle_seconds - idle))
        session.ended_idle = True
        self.idle_ended += 1
        # As if the tab were closed: the page says the game has ended, and `handle_websocket`
        # asks the game to quit, which keeps the table as it was.
        await session.websocket.close()

    # -- running --------------------------------------------------------------------------

    async def on_startup(self, app: web.Application) -> None:
        """textual-serve prints its logo here; `civio serve` prints the address itself."""

    async def on_shutdown(self, app: web.Application) -> None:
        for session in list(self.sessions):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(session.service.stop(), 10)
            with contextlib.suppress(Exception):
                await session.websocket.close()

    async def start(self) -> web.AppRunner:
        """Start serving (in the running loop); `bound_port` is the port really used."""
        runner = web.AppRunner(await self._make_app(), handle_signals=False, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.bound_port = sockets[0].getsockname()[1] if sockets else self.port
        return runner

    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.bound_port or self.port}/"


def run(server: ClassroomServer, announce: Callable[[str], None]) -> None:
    """Serve until Ctrl+C or SIGTERM; every game still open is asked to quit (and so saved)."""

    async def main() -> None:
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
        finally:
            await runner.cleanup()

    logging.basicConfig(level=logging.WARNING, format="civio serve: %(message)s")
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    asyncio.run(main())


def _full_page(message: str) -> str:
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>CIVIO: the class is full"
        "</title><style>body{background:#14181f;color:#e6e6e6;font-family:ui-monospace,"
        "'DejaVu Sans Mono',Menlo,Consolas,monospace;display:flex;align-items:center;"
        "justify-content:center;height:90vh}main{max-width:40em;border:2px solid #3d7ebf;"
        "padding:2em}</style></head><body><main><h1>The class is full</h1>"
        f"<p>{message}</p><p><a href='/' style='color:#e8b04b'>Try again</a></p></main>"
        "</body></html>"
    )
