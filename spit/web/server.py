"""The web server behind ``spit web``: one ``spit`` process per browser tab, via textual-serve.

Over textual-serve's ``Server`` it adds what a game served to others needs: its own page,
addresses taken from the request (so ``--bind`` on all interfaces still gives working
WebSockets), a cap on tables, page messages checked (a bad one dropped, never a crash), page
sizes clamped, and a clean stop that ends every table's process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shlex
import shutil
import signal
import tempfile
import time
from collections.abc import Callable, Collection, Coroutine, Sequence
from pathlib import Path
from typing import Any, Final

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from spit import words
from spit.net.address import shown_address
from spit.records.paths import BROWSER_ID, DATA_DIR_VARIABLE, browser_data_dir, browsers_dir
from spit.settings.config import ENVIRONMENT_VARIABLE as CONFIG_VARIABLE

log = logging.getLogger("spit.web")

TEMPLATES: Final = Path(__file__).parent / "templates"  # textual-serve serves its own scripts

MAX_COLUMNS: Final = 500
MAX_ROWS: Final = 200
"""The largest page size passed on to a game: a page claiming a million columns would make
its game draw a screen of that size."""

DEFAULT_FONT_SIZE: Final = 16  # in pixels; ?fontsize=N (8-48)


CONFIG_FILE: Final = "config.toml"  # A browser's own config file, in its data directory

BROWSERS_KEPT: Final = 1000
"""The most browsers' data directories kept: a new browser's removes the least recently used."""

BROWSER_DAYS: Final = 90
"""A browser's data directory unused for this many days is removed when ``spit web`` starts."""


def prune_browsers(
    directory: Path, *, kept: int, days: float = BROWSER_DAYS, busy: Collection[Path] = ()
) -> None:
    """Remove the browsers' data directories in ``directory`` last used (their modification
    time) more than ``days`` ago, and the least recently used past ``kept``; never one in
    ``busy`` (a table's game is writing there)."""
    try:
        used = sorted(
            (
                (entry.stat(follow_symlinks=False).st_mtime, Path(entry.path))
                for entry in os.scandir(directory)
                if BROWSER_ID.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False)
            ),
            reverse=True,
        )
    except OSError:  # none yet, or one removed meanwhile: pruned next time
        return
    oldest = time.time() - days * 86400
    for rank, (when, path) in enumerate(used):
        if (rank >= kept or when < oldest) and path not in busy:
            shutil.rmtree(path, ignore_errors=True)


def _own_data(directory: Path) -> dict[str, str]:
    """The environment that keeps a table's game (records, history, config) to ``directory``,
    so a browser's choices are its own, apart from this machine's player's."""
    config = directory / CONFIG_FILE
    if not config.exists():
        config.touch(mode=0o600)
    return {DATA_DIR_VARIABLE: str(directory), CONFIG_VARIABLE: str(config)}


def _clamp(value: object, low: int, high: int, default: int) -> int:
    try:  # a query's text or a page's JSON: what int() refuses gives the default
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        return default
    return max(low, min(high, number))


def page_size(given: Any) -> tuple[int, int]:
    """The columns and rows a page asks for (a query or a resize message), clamped."""
    width = _clamp(given.get("width"), 1, MAX_COLUMNS, 80)
    return width, _clamp(given.get("height"), 1, MAX_ROWS, 24)


def page_address(host: str, port: int) -> str:
    """The address a browser opens for a server bound to ``host``:``port`` (this machine's
    name for every interface)."""
    return f"http://{shown_address(host, host, port)}/"


QUIT_GRACE: Final = 5.0  # seconds, after its page has gone

CLOSE_TIMEOUT: Final = 1.0  # seconds a page gets to answer the close

MAX_MESSAGE: Final = 16 * 1024
"""The largest message a page may send, in bytes. A key press is a few bytes, a size a few
dozen; a bigger message closes the page (close code 1009, message too big)."""


MAX_PENDING: Final = 64 * 1024
"""Bytes of a page's input that may wait for its game to read them (besides what the pipe
holds). A page that sends faster than its game reads is closed (close code 1008): a game
reads key presses far faster than a person types them."""


class Flooded(Exception):
    """A page sent more input than its game has read (:data:`MAX_PENDING`)."""


class Table(AppService):
    """One table's game process, as textual-serve runs it, made safe to serve to strangers:
    input is written without waiting for the game (a page is heard however slowly its game
    reads; past :data:`MAX_PENDING` unread, :class:`Flooded`), output for a gone page is
    dropped, and :meth:`end` ends it within :data:`QUIT_GRACE` whatever the game does.
    """

    def __init__(
        self, command: str, *, environment: dict[str, str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(command, **kwargs)
        self.environment = environment or {}  # added to the game's environment

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(width, height), **self.environment}

    async def send_bytes(self, data: bytes) -> bool:
        return self._send(self.encode_packet(b"D", data))

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        return self._send(self.encode_packet(b"M", json.dumps(data).encode("utf-8")))

    def _send(self, packet: bytes) -> bool:
        stdin = self._stdin
        if stdin is None or stdin.is_closing():
            return False
        try:
            stdin.write(packet)
        except (RuntimeError, ConnectionError):
            return False
        if stdin.transport.get_write_buffer_size() > MAX_PENDING:
            raise Flooded
        return True

    async def on_data(self, payload: bytes) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await super().on_data(payload)

    async def on_meta(self, data: bytes) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await super().on_meta(data)

    def kill(self) -> None:
        """End the game's process now (SIGKILL), if it runs."""
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()

    async def end(self) -> None:
        """Ask the game to quit, kill it after :data:`QUIT_GRACE`, and wait for it
        (textual-serve's ``stop()`` waited minutes for a game starting or flooded)."""
        process, task = self._process, self._task
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(Flooded):
                await self.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
            except TimeoutError:
                log.warning("a table's game did not quit in %g s; killing it", QUIT_GRACE)
                self.kill()
                await process.wait()
            except asyncio.CancelledError:
                self.kill()  # stopped while it quits: it goes at once
                raise
        if self._stdin is not None:
            self._stdin.close()  # else the pipe is closed only when collected, maybe too late
            await asyncio.sleep(0)
        if task is not None and not task.done():
            # Its output is read to the end; a process that left a child holding the pipe
            # open is not waited for.
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(task, 1.0)
        self._task = None


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
        self.max_sessions = max_sessions  # game processes at once
        self._tables: set[object] = set()  # from a page let in until its game ended
        self._games: set[Table] = set()  # started and not yet ended
        self._sockets: set[web.WebSocketResponse] = set()
        self._ending: set[asyncio.Task[None]] = set()  # pages gone, games quitting
        self._idle = asyncio.Event()  # set while no table is taken
        self._idle.set()
        self._runner: web.AppRunner | None = None
        self.address = ""  # the server's address for a browser, once started (http://host:port/)

    @property
    def sessions(self) -> int:
        """Tables taken now: a game process starting, playing or ending counts until it has
        ended, not only while its page is open."""
        return len(self._tables)

    def _take_table(self) -> object | None:
        """Take a table for a page, or None when every one is taken. Taken before anything
        is awaited, so pages arriving together cannot all pass the count."""
        if len(self._tables) >= self.max_sessions:
            return None
        table = object()
        self._tables.add(table)
        self._idle.clear()
        return table

    def _free_table(self, table: object) -> None:
        self._tables.discard(table)
        if not self._tables:
            self._idle.set()

    def websocket(self) -> web.WebSocketResponse:
        """A page's WebSocket: messages above :data:`MAX_MESSAGE` refused, the goodbye
        waited for :data:`CLOSE_TIMEOUT` at most, a silent page found by its heartbeat."""
        return web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE, timeout=CLOSE_TIMEOUT)

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
                web.get("/ws/{browser}", self.handle_browser_websocket),
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
            "remember_browser": False,
        }

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page: the game's terminal, or a short note when every table is taken."""
        if self.sessions >= self.max_sessions:
            return self._busy()
        context = self.page_context(request, "/ws")
        context["remember_browser"] = True
        return aiohttp_jinja2.render_template("spit.html", request, context)

    def _busy(self) -> web.Response:
        return web.Response(
            status=503,
            text=words.web.tables_taken(self.max_sessions),
        )

    # aiohttp takes any response here; a busy server answers with a plain 503, not a socket.
    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        """One table for a page that names no browser: its game keeps what it writes in a
        directory of its own, removed when it ends, so nobody can resume its match."""
        return await self.run_session(
            request, self.command, lambda: Path(tempfile.mkdtemp(prefix="spit-page-")), scratch=True
        )

    async def handle_browser_websocket(self, request: web.Request) -> web.StreamResponse:
        """One table for the browser ``/ws/ID`` names (the id in its localStorage): its game
        keeps its records in that browser's own data directory, so that browser alone is
        offered its unfinished match."""
        try:
            directory = browser_data_dir(request.match_info["browser"])
        except ValueError:
            raise web.HTTPNotFound() from None
        return await self.run_session(request, self.command, lambda: self._browser_data(directory))

    def _browser_data(self, directory: Path) -> Path:
        """A browser's data ``directory``, made if new (past :data:`BROWSERS_KEPT`, the least
        recently used goes) and marked used now."""
        if not directory.is_dir():
            busy = {Path(game.environment[DATA_DIR_VARIABLE]) for game in self._games}
            prune_browsers(directory.parent, kept=BROWSERS_KEPT - 1, busy=busy)
            directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.utime(directory)
        return directory

    async def run_session(
        self,
        request: web.Request,
        command: str,
        data: Callable[[], Path],
        *,
        scratch: bool = False,
    ) -> web.StreamResponse:
        """Run ``command`` (a shell command line, ``exec ...``) for the page behind
        ``request``'s WebSocket, its game keeping what it writes in the directory ``data()``
        gives (made only once the page holds a table; removed when the game has ended if
        ``scratch``). A request that is no WebSocket gets a plain 400 and nothing is made."""
        websocket = self.websocket()
        if not websocket.can_prepare(request).ok:
            raise web.HTTPBadRequest(text="This address takes a WebSocket.")
        table = self._take_table()
        if table is None:
            return self._busy()
        service: Table | None = None
        directory: Path | None = None
        try:
            width, height = page_size(request.query)
            await websocket.prepare(request)
            try:
                directory = data()
                environment = _own_data(directory)
            except OSError as error:
                log.warning("cannot make a table's data directory: %s", error)
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER)
                return websocket
            service = Table(
                command,
                environment=environment,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self._sockets.add(websocket)
            self._games.add(service)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a table ended with an error")
        finally:
            self._sockets.discard(websocket)
            gone = directory if scratch else None
            await self.after_table(self._end_table(table, websocket, service, gone))
        return websocket

    async def after_table(self, ending: Coroutine[Any, Any, None]) -> None:
        """Run ``ending`` to its end even if the page's handler is cancelled meanwhile (aiohttp
        cancels it when the server stops, or the page's connection is lost): the game is
        ended, and its table freed, either way."""
        task = asyncio.get_running_loop().create_task(ending)
        self._ending.add(task)
        task.add_done_callback(self._ending.discard)
        await asyncio.shield(task)

    async def _end_table(
        self,
        table: object,
        websocket: web.WebSocketResponse,
        service: Table | None,
        scratch: Path | None,
    ) -> None:
        try:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await websocket.close()
            if service is not None:
                await service.end()
        finally:
            if service is not None:
                self._games.discard(service)
            if scratch is not None:
                shutil.rmtree(scratch, ignore_errors=True)
            self._free_table(table)

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """Pass the page's messages on; anything malformed is logged and dropped, and a page
        that sends faster than its game reads is closed."""
        try:
            await self._pass_messages(websocket, app_service)
        except Flooded:
            log.warning("closed a page that sent more than its game could read")
            await websocket.close(
                code=WSCloseCode.POLICY_VIOLATION, message=b"more input than the game reads"
            )

    async def _pass_messages(self, websocket: web.WebSocketResponse, app_service: Any) -> None:
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
                await app_service.set_terminal_size(*page_size(data))
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
        await self.end_tables()

    async def end_tables(self) -> None:
        """Say goodbye to every page at once and end every table's game: within
        :data:`CLOSE_TIMEOUT` and :data:`QUIT_GRACE`, killed after that."""
        await asyncio.gather(
            *(websocket.close(code=WSCloseCode.GOING_AWAY) for websocket in list(self._sockets)),
            return_exceptions=True,
        )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), QUIT_GRACE + CLOSE_TIMEOUT + 1.0)
        for game in list(self._games):
            game.kill()

    # -- running ---------------------------------------------------------------------

    def run(self, ready: Callable[[str], None]) -> None:
        """Serve until SIGINT or SIGTERM; ``ready(address)`` once the port is open."""
        logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
        prune_browsers(browsers_dir(), kept=BROWSERS_KEPT)
        asyncio.run(self._serve(ready))

    async def start(self) -> str:
        """Listen; the address a browser opens (OSError if it cannot)."""
        self._runner = web.AppRunner(await self._make_app(), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self.host, self.port).start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        host, port = self._runner.addresses[0][:2]
        self.address = page_address(self.host or host, port)
        return self.address

    async def _serve(self, ready: Callable[[str], None]) -> None:
        address = await self.start()
        assert self._runner is not None
        try:
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
            ready(address)
            await stop.wait()
            await self.end_tables()
        finally:
            await self._runner.cleanup()
