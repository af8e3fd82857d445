"""A room's second seat in a browser: the web side of ``spit host --web`` (``docs/web.md``).

``/room/CODE/SECRET`` starts ``spit join ADDR CODE`` for the page, so the browser player is a
client like any other, with only their own view on the wire. A tab is not a seat: the join
outlives a dropped tab (the server treats it as any dropped seat) and the link opened again
takes the seat back. The link is the seat: its SECRET (96 random bits) is the friend's alone;
a wrong link is a 404, and :data:`WRONG_LINKS` of them within :data:`WRONG_WINDOW` seconds a
429, so a guesser gets a few tries a minute. The seat reads no config (``--no-config``): the
friend plays the browser language's default keys, not the host's.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import logging
import secrets
import shlex
import shutil
import sys
import tempfile
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from pathlib import Path
from typing import Final

import aiohttp_jinja2
from aiohttp import WSCloseCode, web

from spit import words
from spit.i18n import SOURCE_LANGUAGE, language_code
from spit.net.wire import ProtocolError, room_code
from spit.records.paths import DATA_DIR_VARIABLE
from spit.web.driver import PAGE
from spit.web.server import MAX_COLUMNS, Flooded, Table, WebServer, page_size

log = logging.getLogger("spit.web")

DRIVER: Final = "spit.web.driver:SeatDriver"  # the web driver, hearing the page

TAKEN_OVER: Final = 4001  # close code for a tab whose seat another tab took over

SECRET_BYTES: Final = 12
"""Random bytes in a seat's secret: 96 bits, 16 characters in the link (short enough that
the link fits on one line of the host's waiting notice; at 10 guesses a minute, a guesser
would need some 10²² years)."""

WRONG_LINKS: Final = 10
"""Wrong links (a room code or seat secret that is not one) an address may open in
:data:`WRONG_WINDOW`; past that, every seat link from it is refused unread until the window
has passed: 10 a minute, where a guesser took 10,874 a second."""

WRONG_WINDOW: Final = 60.0  # seconds over which WRONG_LINKS are counted

ADDRESSES_KEPT: Final = 10_000  # the stalest forgotten first


def client_of(address: str) -> str:
    """Whom wrong links are counted against: the client's IPv4 address, or the /64 network
    of an IPv6 one (a single machine may hold a whole /64 and draw a new address per try)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if ip.version == 6 else str(ip)


class WrongLinks:
    """Counts the wrong seat links each client address opens, and says when one has opened
    too many: :data:`WRONG_LINKS` in :data:`WRONG_WINDOW` seconds."""

    def __init__(
        self,
        limit: int = WRONG_LINKS,
        window: float = WRONG_WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._wrong: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, address: str) -> deque[float] | None:
        times = self._wrong.get(address)
        if times is None:
            return None
        since = self._clock() - self.window
        while times and times[0] <= since:
            times.popleft()
        if not times:
            del self._wrong[address]
            return None
        return times

    def barred(self, address: str) -> bool:
        """Whether ``address`` has opened its fill of wrong links: its links are not read."""
        times = self._recent(address)
        return times is not None and len(times) >= self.limit

    def wrong(self, address: str) -> None:
        """``address`` opened a wrong link."""
        times = self._recent(address)
        if times is None:
            times = self._wrong[address] = deque()
            while len(self._wrong) > ADDRESSES_KEPT:
                self._wrong.popitem(last=False)
        self._wrong.move_to_end(address)
        times.append(self._clock())


class _BrowserSeat:
    """Seat 2 of one room, played in whichever tab has the link open now."""

    def __init__(self, server: RoomWebServer, code: str, lang: str) -> None:
        self.code = code
        self.websocket: web.WebSocketResponse | None = None  # the tab playing now
        self.over = False  # it quit, or no tab came back in time
        self._server = server
        self.service = _SeatProcess(
            "exec " + server.join_command(code, lang),
            environment={DATA_DIR_VARIABLE: str(server.seat_directory(code))},
            write_bytes=self._write,
            write_str=self._write,
            close=self._close_page,
            download_manager=server.download_manager,
        )

    async def start(self, websocket: web.WebSocketResponse, size: tuple[int, int]) -> None:
        self.websocket = websocket
        await self.service.start(*size)
        task = self.service._task  # textual-serve's reader of the game's output
        assert task is not None
        task.add_done_callback(lambda _task: self._game_ended())

    async def attach(self, websocket: web.WebSocketResponse, size: tuple[int, int]) -> None:
        """A tab opened the link again: it plays from now on, redrawn in full."""
        previous, self.websocket = self.websocket, websocket
        if previous is not None and not previous.closed:
            await previous.close(code=TAKEN_OVER, message=b"taken over by another tab")
        elif previous is None:
            await self.service.send_meta({"type": PAGE, "here": True})
        # A change of size makes the game draw every line again for the new page.
        width, height = size
        await self.service.set_terminal_size(min(width + 1, MAX_COLUMNS + 1), height)
        await self.service.set_terminal_size(width, height)

    async def detach(self, websocket: web.WebSocketResponse) -> None:
        """The tab went: the seat's game lets go of the room until a tab is back. Whether the
        match waits, and how long, is the game server's to say."""
        if self.websocket is not websocket or self.over:
            return
        self.websocket = None
        await self.service.send_meta({"type": PAGE, "here": False})

    async def stop(self) -> None:
        """End the seat's game (it leaves the room) and wait for its process."""
        await self.service.end()

    def _game_ended(self) -> None:
        self.over = True
        self._server.seat_ended(self)

    async def _write(self, data: bytes | str) -> None:
        """The game's output, to the tab playing now (none while no tab is open)."""
        websocket = self.websocket
        if websocket is not None and not websocket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                if isinstance(data, bytes):
                    await websocket.send_bytes(data)
                else:
                    await websocket.send_str(data)

    async def _close_page(self) -> None:
        """The game quit: its page says the game has ended."""
        websocket = self.websocket
        if websocket is not None and not websocket.closed:
            await websocket.close()


class RoomWebServer(WebServer):
    """Serves the browser seat of the rooms this host opens, on a running loop: ``start()``,
    ``open_room(code)`` per room, ``stop()``."""

    def __init__(self, game_address: str, *, bind: str, port: int) -> None:
        """``game_address``: where a ``spit join`` on this machine reaches the game server."""
        super().__init__([], bind=bind, port=port, max_sessions=4)
        self.game_address = game_address
        self._rooms: dict[str, str] = {}  # each room this host opened, and its seat's secret
        self.wrong_links = WrongLinks()
        self._seats: dict[str, _BrowserSeat] = {}
        self._seat_directories: dict[str, Path] = {}

    def join_command(self, code: str, lang: str) -> str:
        """The shell command a room's browser seat runs: ``spit join`` in the browser's
        language, reading none of the host's config (keys, name, look)."""
        spit = [sys.executable, "-m", "spit", "--lang", lang, "--no-config"]
        return shlex.join([*spit, "join", self.game_address, code])

    def seat_directory(self, code: str) -> Path:
        """The browser seat of ``code``'s own data directory (the friend's, never this
        machine's player's), removed when hosting stops."""
        directory = self._seat_directories.get(code)
        if directory is None:
            directory = Path(tempfile.mkdtemp(prefix="spit-seat-"))
            self._seat_directories[code] = directory
        return directory

    def open_room(self, code: str) -> str:
        """Let a browser take seat 2 of ``code``; the link that does it, which carries a
        secret of its own: the code alone (which ``spit join`` needs) opens no seat."""
        secret = self._rooms.setdefault(code, secrets.token_urlsafe(SECRET_BYTES))
        return f"{self.address}room/{code}/{secret}"

    def watch_link(self, code: str) -> str:
        """A link that shows room ``code`` from a spectator's seat (``spit watch``): it can
        take no seat, so it carries no secret; only a room this host opened is shown."""
        return f"{self.address}watch/{code}"

    async def stop(self) -> None:
        for seat in list(self._seats.values()):
            await seat.stop()
        await asyncio.gather(*self._ending, return_exceptions=True)
        for directory in self._seat_directories.values():
            shutil.rmtree(directory, ignore_errors=True)
        self._seat_directories.clear()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def seat_ended(self, seat: _BrowserSeat) -> None:
        if self._seats.get(seat.code) is seat:
            del self._seats[seat.code]
        ending = asyncio.get_running_loop().create_task(seat.service.end())
        self._ending.add(ending)
        ending.add_done_callback(self._ending.discard)

    # -- the pages ---------------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        for page in ("/room/{code}", "/room/{code}/{secret}"):
            app.router.add_get(page, self.handle_room_page)
            app.router.add_get("/ws" + page, self.handle_room_websocket)
        app.router.add_get("/watch/{code}", self.handle_watch_page)
        app.router.add_get("/ws/watch/{code}", self.handle_watch_websocket)
        return app

    def _watched(self, request: web.Request) -> str:
        code = request.match_info["code"]
        if code not in self._rooms:
            raise web.HTTPNotFound(text=words.web.web_page("no such seat"))
        return code

    async def handle_watch_page(self, request: web.Request) -> web.StreamResponse:
        code = self._watched(request)
        context = self.page_context(request, f"/ws/watch/{code}")
        context["title"] = words.web.room_title(code=code)
        return aiohttp_jinja2.render_template("spit.html", request, context)

    async def handle_watch_websocket(self, request: web.Request) -> web.StreamResponse:
        """One spectator's table a tab: ``spit watch`` in the browser's language."""
        code = self._watched(request)
        lang = browser_language(request.headers.get("Accept-Language", ""))
        spit = [sys.executable, "-m", "spit", "--lang", lang, "--no-config"]
        command = "exec " + shlex.join([*spit, "watch", self.game_address, code])
        return await self.run_session(
            request, command, lambda: Path(tempfile.mkdtemp(prefix="spit-watch-")), scratch=True
        )

    def _room(self, request: web.Request) -> str:
        """The room whose seat the request's link opens; 404 for any wrong link alike, 429 for
        an address that has opened too many lately."""
        address = client_of(request.remote or "")
        if self.wrong_links.barred(address):
            raise web.HTTPTooManyRequests(text=words.web.web_page("too many wrong links"))
        try:
            code = room_code(request.match_info["code"])
        except ProtocolError:
            code = ""
        expected = self._rooms.get(code, "")
        given = request.match_info.get("secret", "")
        # Compared in constant time, whatever the guess, so its timing tells nothing.
        right = hmac.compare_digest(given.encode(), expected.encode()) and bool(expected)
        if not right:
            self.wrong_links.wrong(address)
            log.warning("refused a wrong seat link from %s", address or "an unknown address")
            raise web.HTTPNotFound(text=words.web.web_page("no such seat"))
        return code

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """No game at the top: the host's link names the room."""
        return web.Response(status=404, text=words.web.web_page("room link hint"))

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        raise web.HTTPNotFound()

    async def handle_room_page(self, request: web.Request) -> web.StreamResponse:
        code = self._room(request)
        context = self.page_context(request, f"/ws/room/{code}/{self._rooms[code]}")
        context["title"] = words.web.room_title(code=code)
        context["ended"] = words.web.web_page("seat ended")
        context["restart"] = words.web.web_page("open again")
        return aiohttp_jinja2.render_template("spit.html", request, context)

    async def handle_room_websocket(self, request: web.Request) -> web.StreamResponse:
        code = self._room(request)
        size = page_size(request.query)
        websocket = self.websocket()
        await websocket.prepare(request)
        self._sockets.add(websocket)
        seat = self._seats.get(code)
        try:
            if seat is None or seat.over:
                lang = browser_language(request.headers.get("Accept-Language", ""))
                seat = self._seats[code] = _BrowserSeat(self, code, lang)
                await seat.start(websocket, size)
            else:
                await seat.attach(websocket, size)
            await self._process_messages(websocket, seat.service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            log.exception("room %s: the browser seat failed", code)
        finally:
            self._sockets.discard(websocket)
            if seat is not None:
                with contextlib.suppress(ConnectionError, RuntimeError, Flooded):
                    await seat.detach(websocket)
        return websocket

    async def on_shutdown(self, app: web.Application) -> None:
        for websocket in list(self._sockets):
            await websocket.close(code=WSCloseCode.GOING_AWAY)


class _SeatProcess(Table):
    """A table's game process, run with :data:`DRIVER` so it hears the page come and go."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["TEXTUAL_DRIVER"] = DRIVER
        return environment


def browser_language(accept: str) -> str:
    """The language spit speaks that an ``Accept-Language`` header prefers most (``de-AT,
    de;q=0.9, en;q=0.5`` is German); English if it names none of them."""
    ranked = []
    for position, part in enumerate(accept.split(",")[:32]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = language_code(tag) if tag and tag != "*" else None
        if code is not None and weight > 0:
            ranked.append((-weight, position, code))
    return min(ranked)[2] if ranked else SOURCE_LANGUAGE
