"""The web server behind ``spit web``: one ``spit`` process per browser tab, via textual-serve.

textual-serve's model: the page runs xterm.js and talks to this server over a WebSocket; for
each WebSocket the server starts the game command with Textual's WebDriver, passes on the
page's key presses and size, and sends back what the app draws. The game in that process is
the same game as in the terminal — only the driver differs.

On top of textual-serve's ``Server`` this module adds what a game served to others needs: its
own page (our words, nothing fetched from elsewhere), addresses taken from the request rather
than from the bind address (so ``--bind`` on all interfaces still gives pages a working
WebSocket), a cap on simultaneous tables, messages from a page checked before they are
passed on (a bad one is logged and dropped, never a crash), a page's size clamped, and a
clean stop that ends every table's process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
import signal
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from spit import words
from spit.net.address import shown_address

log = logging.getLogger("spit.web")

TEMPLATES: Final = Path(__file__).parent / "templates"
"""Our page template (textual-serve's scripts and styles are served from its own package)."""

MAX_COLUMNS: Final = 500
MAX_ROWS: Final = 200
"""The largest page size passed on to a game: a page claiming a million columns would make
its game draw a screen of that size."""

DEFAULT_FONT_SIZE: Final = 16
"""The page's font size in pixels; ``?fontsize=N`` on the address changes it (8-48)."""


def _clamp(value: object, low: int, high: int, default: int) -> int:
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        return default
    return max(low, min(high, number))


def page_address(host: str, port: int) -> str:
    """The address a browser opens for a server bound to ``host``:``port``.

    An unspecified bind address (every interface) is shown as this machine's name.
    """
    return f"http://{shown_address(host, host, port)}/"


QUIT_GRACE: Final = 5.0
"""Seconds a table's game gets to quit after its page has gone, before it is killed."""


async def _reap(service: AppService) -> None:
    """Wait for a table's game process to end (killing it if it hangs), so none outlives
    its page. textual-serve asks the game to quit but never waits for the process."""
    process = service._process  # textual-serve keeps it private; it has no other handle
    if process is None:
        return
    try:
        await asyncio.wait_for(process.wait(), QUIT_GRACE)
    except TimeoutError:
        log.warning("a table's game did not quit in %g s; killing it", QUIT_GRACE)
        process.kill()
        await process.wait()


class WebServer(Server):
    """Serve ``command`` (the argv of a game) to browsers on ``bind``:``port``."""

    def __init__(
        self,
        command: Sequence[str],
        *,
        bind: str,
        port: int,
        max_sessions: int,
        title: str = "Spit",
    ) -> None:
        # textual-serve runs the command through a shell; exec makes the game the process
        # the server waits for (and kills, if it hangs), not a shell with the game under it.
        super().__init__("exec " + shlex.join(command), host=bind, port=port, title=title)
        self.templates_path = TEMPLATES
        self.max_sessions = max_sessions
        """How many tables (game processes) may run at once; further pages are told to wait."""
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def sessions(self) -> int:
        """Tables being played now."""
        return len(self._sockets)

    # -- the aiohttp application -----------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application()
        # Autoescape: the page repeats the request's Host header in the WebSocket address.
        aiohttp_jinja2.setup(
            app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True
        )
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    def page_context(self, request: web.Request, websocket_path: str) -> dict[str, Any]:
        """What the page template needs, with addresses as the browser reached us."""
        scheme = "wss" if request.secure else "ws"
        return {
            "lang": "en",
            "title": self.title,
            "static_url": "/static/",
            "websocket_url": f"{scheme}://{request.host}{websocket_path}",
            "font_size": _clamp(request.query.get("fontsize"), 8, 48, DEFAULT_FONT_SIZE),
            "loading": words.web.web_page("dealing"),
            "ended": words.web.web_page("ended"),
            "restart": words.web.web_page("play again"),
            "no_script": words.web.web_page("needs javascript"),
        }

    async def handle_index(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        """The page: the game's terminal, or a short note when every table is taken."""
        if self.sessions >= self.max_sessions:
            return self._busy()
        return aiohttp_jinja2.render_template(
            "spit.html", request, self.page_context(request, "/ws")
        )

    def _busy(self) -> web.Response:
        return web.Response(
            status=503,
            text=words.web.tables_taken(self.max_sessions),
        )

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """One table: start the game for this page and pass messages both ways until it ends."""
        return await self.run_session(request, self.command)

    async def run_session(self, request: web.Request, command: str) -> web.StreamResponse:
        """Run ``command`` (a shell command line, ``exec ...``) for the page behind
        ``request``'s WebSocket."""
        if self.sessions >= self.max_sessions:
            return self._busy()
        websocket = web.WebSocketResponse(heartbeat=15)
        width = _clamp(request.query.get("width"), 1, MAX_COLUMNS, 80)
        height = _clamp(request.query.get("height"), 1, MAX_ROWS, 24)
        await websocket.prepare(request)
        self._sockets.add(websocket)
        service = AppService(
            command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            log.exception("a table ended with an error")
        finally:
            self._sockets.discard(websocket)
            await service.stop()
            await _reap(service)
        return websocket

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """Pass the page's messages on; anything malformed is logged and dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                log.warning("dropped a message from a page that is not JSON")
                continue
            if not (isinstance(envelope, list) and envelope and isinstance(envelope[0], str)):
                log.warning("dropped a message from a page that is not [type, data]")
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                # Lone surrogates from a page cannot be encoded; replace rather than fail.
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(
                    _clamp(data.get("width"), 1, MAX_COLUMNS, 80),
                    _clamp(data.get("height"), 1, MAX_ROWS, 24),
                )
            elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
            else:
                log.warning("dropped a message from a page of unknown type %.20r", kind)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every page's WebSocket, which ends its game process."""
        for websocket in list(self._sockets):
            await websocket.close(code=WSCloseCode.GOING_AWAY)

    # -- running ---------------------------------------------------------------------

    def run(self, ready: Callable[[str], None]) -> None:
        """Serve until SIGINT or SIGTERM; ``ready(address)`` once the port is open.

        Raises OSError when the address cannot be bound.
        """
        logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
        asyncio.run(self._serve(ready))

    async def _serve(self, ready: Callable[[str], None]) -> None:
        runner = web.AppRunner(await self._make_app(), access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
            host, port = runner.addresses[0][:2]
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
            ready(page_address(self.host if self.host else host, port))
            await stop.wait()
        finally:
            await runner.cleanup()
