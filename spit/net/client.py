"""A seat at a room on a server: connects, keeps the seat through dropped connections.

:class:`Client` sends a seat's actions and tells a :class:`Listener` what the server says, as
typed facts. A dropped connection is made again with growing waits, and the seat taken back
with its token. When the server is gone for good, :meth:`Client.run` raises
:class:`ServerGone` saying why as a :class:`Gone` (the shells word it).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import itertools
import random
import re
import time
from collections.abc import Callable
from http import HTTPStatus
from typing import Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from spit.engine import Action, Event, PlayerView, Refusal, Variant
from spit.net.address import AddressError, join_address, parse_address
from spit.net.wire import (
    MAX_SERVER_FRAME,
    Act,
    ClientMessage,
    Ended,
    Error,
    JoinRoom,
    Leave,
    NotNow,
    OfferRematch,
    OpenRoom,
    OtherVersion,
    Ping,
    Pong,
    Problem,
    ProtocolError,
    Redirect,
    Refused,
    Rejoin,
    Rematch,
    RoomEnd,
    SetPause,
    Stage,
    Status,
    Table,
    Watchers,
    Welcome,
    client_frame,
    parse_server,
)

GOING_AWAY = 1001
POLICY = 1008
REPLACED = 4001

# Redirects one seat-taking frame follows (a worker of a cluster sends it on to the one
# holding its room: one hop; more would be a loop).
MAX_REDIRECTS = 3


class Gone(enum.Enum):
    """Why a client lost its server (or never reached it), as a stable id."""

    NOT_AN_ADDRESS = "not-an-address"
    REFUSED = "refused"  # nothing listens there
    NO_ANSWER = "no-answer"  # in time
    UNREACHABLE = "unreachable"  # for another reason (detail: the system's words)
    UNREADABLE = "unreadable"  # the server sent a frame this client cannot read
    OTHER_VERSION = "other-version"  # the server is an older or newer spit
    TURNED_AWAY = "turned-away"  # the server would not seat this client (problem says why)
    ALREADY_OVER = "already-over"  # when the seat was taken back
    STOPPED = "stopped"
    REPLACED = "replaced"  # another connection took this seat back with its token
    CLOSED = "closed"  # for breaking the server's rules (detail: its reason)
    LOST = "lost"  # the line went, and it was no time to reconnect
    DROPPED = "dropped"  # what a reconnection says while it has no better reason
    LOST_SEAT = "lost-seat"  # back on the server, the seat was not (cause says why)
    GAVE_UP = "gave-up"  # the server stayed away too long (cause: the last failure)
    # The server ran inside the other player's `spit host`, and nothing listens there any
    # more: that process ended, and the room with it.
    HOST_GONE = "host-gone"
    # A seat kept on this machine the server keeps no longer (the grace time passed, or the
    # server restarted); detail: the room's code.
    NOT_KEPT = "not-kept"


ROOM_GONE = frozenset({Gone.NOT_KEPT, Gone.ALREADY_OVER, Gone.REFUSED, Gone.HOST_GONE})
"""What says a seat's room is gone for good: nothing listens there (a server's rooms die with
its process), or the server keeps the room no longer."""


class ServerGone(Exception):
    """The server cannot be reached or ended the connection for good; :attr:`why` says why."""

    def __init__(
        self,
        why: Gone,
        address: str,
        *,
        detail: str = "",
        problem: Problem | None = None,
        cause: ServerGone | None = None,
    ) -> None:
        super().__init__(why, address, detail)
        self.why = why
        self.address = address
        self.detail = detail  # the system's or the protocol's words, for logs or quoted
        self.problem = problem  # the server's reason, when it turned this client away
        self.cause = cause  # what went wrong before, for LOST_SEAT and GAVE_UP

    def __str__(self) -> str:
        extra = self.problem.value if self.problem else self.detail
        cause = f" <- {self.cause}" if self.cause is not None else ""
        return f"{self.why.value} {self.address}" + (f": {extra}" if extra else "") + cause


class Listener(Protocol):
    """What a :class:`Client` reports, each as a typed fact, on the event loop, in order."""

    def welcomed(self, welcome: Welcome) -> None:
        """The seat is ours (again, after a reconnect)."""

    def table(
        self, view: PlayerView, events: tuple[Event, ...], by: int | None, ack: int | None
    ) -> None:
        """The table changed (or is sent whole, with no events): see :class:`Table`."""

    def refused(self, ack: int, refusal: Refusal | None, not_now: NotNow | None) -> None:
        """Our action ``ack`` was refused: see :class:`Refused`."""

    def status(self, status: Status) -> None:
        """Presence, pauses or round-trip times changed."""

    def line(self, up: bool) -> None:
        """The connection dropped (False; the client is reconnecting) or is back (True)."""

    def ended(self, ended: Ended) -> None:
        """The room is over."""

    def offers(self, said: Rematch) -> None:
        """Who offers a rematch after the match, or why none follows."""

    def error(self, error: Error) -> None:
        """The server refused a frame of ours (a bug or a wrong code)."""


class Hearing:
    """A :class:`Listener` that does nothing: subclass it and override what you need."""

    def welcomed(self, welcome: Welcome) -> None: ...
    def table(
        self, view: PlayerView, events: tuple[Event, ...], by: int | None, ack: int | None
    ) -> None: ...
    def refused(self, ack: int, refusal: Refusal | None, not_now: NotNow | None) -> None: ...
    def status(self, status: Status) -> None: ...
    def line(self, up: bool) -> None: ...
    def ended(self, ended: Ended) -> None: ...
    def offers(self, said: Rematch) -> None: ...
    def error(self, error: Error) -> None: ...


NO_STATUS = Status(
    clock=0.0,
    running=False,
    stage=Stage.WAITING,
    connected=(False, False),
    paused_by=(False, False),
    rtt=(None, None),
    names=("", ""),
    back_within=(None, None),
)
"""What a client knows of the room before the server says."""


def server_url(address: str) -> str:
    return f"ws://{address}/"


def _rematch_may_come(client: Client) -> bool:
    """Whether ``client``'s seat hears on after its match: a person's seat, the match played
    out, and no word yet that no rematch follows."""
    over, said = client.over, client.rematch_said
    played_out = over is not None and over.ended is RoomEnd.MATCH_OVER
    return client.rematches and played_out and (said is None or said.no is None)


async def open_line(address: str, named: str, open_timeout: float) -> ClientConnection:
    """A websocket to the game server at ``address`` (``named``: the address the player gave,
    which a refusal names); a server that cannot be reached is :class:`ServerGone`."""
    try:
        return await connect(
            server_url(address),
            open_timeout=open_timeout,
            max_size=MAX_SERVER_FRAME,
            compression=None,
            proxy=None,  # a game server is reached directly, never through an HTTP proxy
            ping_interval=10,
            ping_timeout=10,
            close_timeout=2,
        )
    except InvalidURI:
        raise ServerGone(Gone.NOT_AN_ADDRESS, named) from None
    except (OSError, InvalidHandshake, TimeoutError) as error:
        raise _unreachable(error, named) from None


class Client:
    """One seat's connection to a server. Call :meth:`open` or :meth:`join`, then :meth:`run`."""

    def __init__(
        self,
        address: str,
        listener: Listener,
        *,
        give_up: float = 65.0,
        first_wait: float = 0.05,
        longest_wait: float = 2.0,
        open_timeout: float = 5.0,
        source: Callable[[], float] = time.monotonic,
    ) -> None:
        self.address = address
        self.listener = listener
        self.welcome: Welcome | None = None  # once the seat is taken
        self.status = NO_STATUS
        self.view: PlayerView | None = None
        self.over: Ended | None = None
        # Whether :meth:`run` hears on after a match played out, for a rematch (a person's
        # seat); else it lets go of the room as the match ends, which declines one.
        self.rematches = False
        self.rematch_said: Rematch | None = None  # since the match ended
        self.up = False  # a connection is open now
        self.seq = 0  # of the last table
        self.status_at = source()  # when the last status arrived: back_within counts from it
        self._present = asyncio.Event()
        self._present.set()
        self._give_up = give_up
        self._first_wait = first_wait
        self._longest_wait = longest_wait
        self._open_timeout = open_timeout
        self._source = source
        self._home: str | None = None  # the room's worker, if not address: see Welcome.home
        self._ws: ClientConnection | None = None
        self._out: asyncio.Queue[str] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self._ids = itertools.count(1)
        self._clock = 0.0
        self._clock_at = source()

    # -- the game clock ----------------------------------------------------------------------

    def now(self) -> float:
        """This client's time source now (what :attr:`status_at` is read on)."""
        return self._source()

    def game_time(self) -> float:
        """The room's game clock as best known here: its last reading, plus the time since
        if it runs. Good enough to time a bot's hand; the server stamps every action itself."""
        if not self.status.running or self.welcome is None:
            return self._clock
        return self._clock + (self._source() - self._clock_at) * self.welcome.pace

    # -- taking a seat -----------------------------------------------------------------------

    async def open(
        self,
        variant: Variant = Variant.STANDARD,
        seed: int | None = None,
        name: str = "",
        watchers: Watchers = Watchers.DELAYED,
    ) -> Welcome:
        """Open a room on the server and take seat 0 (player 1); ``watchers``: who may watch."""
        return await self._take_seat(OpenRoom(variant, seed, name, watchers))

    async def join(self, code: str, name: str = "") -> Welcome:
        """Take the free seat (player 2) of the room ``code``."""
        return await self._take_seat(JoinRoom(code, name))

    async def rejoin(self, code: str, token: str) -> Welcome:
        """Take back a seat this machine kept; :class:`ServerGone` with :attr:`Gone.NOT_KEPT`
        or :attr:`Gone.ALREADY_OVER` (:attr:`over` says how) if it cannot be."""
        try:
            return await self._take_seat(Rejoin(code, token))
        except ServerGone as gone:
            if gone.why is Gone.TURNED_AWAY and gone.problem is Problem.NO_SEAT:
                raise ServerGone(Gone.NOT_KEPT, self.address, detail=code) from None
            raise

    async def _take_seat(
        self, message: ClientMessage, address: str | None = None, *, coming_back: bool = False
    ) -> Welcome:
        """Send ``message`` and read until the welcome, following redirects. ``coming_back``:
        a connection that cannot be made is :class:`_Unreached` (tried again later)."""
        for _hop in range(MAX_REDIRECTS + 1):
            try:
                ws = await self._connect(address)
            except ServerGone as gone:
                if coming_back:
                    raise _Unreached(gone) from None
                raise
            await ws.send(client_frame(message))
            try:
                welcome = await self._await_welcome(ws)
            except _Redirected as redirected:
                address = redirected.address
                continue
            if welcome.home is not None:
                self._home = welcome.home
            elif address is not None:
                self._home = address
            return welcome
        raise ServerGone(Gone.UNREADABLE, self.address, detail="too many redirects")

    async def _connect(self, address: str | None = None) -> ClientConnection:
        self._ws = await open_line(address or self.address, self.address, self._open_timeout)
        return self._ws

    async def _await_welcome(self, ws: ClientConnection) -> Welcome:
        """Read until the welcome: the server's first answer, or an error saying why not."""
        try:
            while True:
                message = parse_server(await ws.recv())
                if type(message) is Welcome:
                    self.welcome = message
                    self._start_writer(ws)
                    self.up = True
                    return message
                if type(message) is Error:
                    await ws.close()
                    if message.problem is Problem.OTHER_VERSION:
                        raise ServerGone(Gone.OTHER_VERSION, self.address, detail=message.detail)
                    raise ServerGone(
                        Gone.TURNED_AWAY,
                        self.address,
                        problem=message.problem,
                        detail=message.detail,
                    )
                if type(message) is Ended:
                    await ws.close()
                    self._ended(message)
                    raise ServerGone(Gone.ALREADY_OVER, self.address)
                if type(message) is Redirect:
                    await ws.close()
                    address = _redirect_address(message.address)
                    if address is None:
                        detail = "a redirect to no server address"
                        raise ServerGone(Gone.UNREADABLE, self.address, detail=detail)
                    raise _Redirected(address)
        except ConnectionClosed as closed:
            raise _closed(closed, self.address) from None
        except OtherVersion as error:
            raise ServerGone(Gone.OTHER_VERSION, self.address, detail=str(error)) from None
        except ProtocolError as error:
            raise ServerGone(Gone.UNREADABLE, self.address, detail=str(error)) from None

    def _start_writer(self, ws: ClientConnection) -> None:
        self._out = asyncio.Queue()  # what was meant for a lost connection is not sent later

        async def write() -> None:
            with contextlib.suppress(ConnectionClosed):
                while True:
                    await ws.send(await self._out.get())

        self._writer = asyncio.get_running_loop().create_task(write())

    # -- playing -----------------------------------------------------------------------------

    def act(self, action: Action) -> int | None:
        """Send ``action``; its id (back as ``ack``), or None when not connected (key lost)."""
        welcome = self.welcome
        if welcome is None or not self.up or self.over is not None:
            return None
        ident = next(self._ids)
        self._send(Act(action, ident))
        return ident

    def pause(self, paused: bool) -> None:
        """Hold (or let go of) a pause; the room stands while either seat holds one."""
        self._send(SetPause(paused))

    def leave(self) -> None:
        """Leave the match for good; after it, decline a rematch."""
        self._send(Leave())

    def offer_rematch(self) -> None:
        """After the match: offer a rematch, or accept the other player's."""
        self._send(OfferRematch())

    def step_away(self) -> None:
        """Let go of the connection but not the seat, trying no reconnection until
        :meth:`come_back` (a browser seat, while no tab shows its page)."""
        if not self._present.is_set():
            return
        self._present.clear()
        ws = self._ws
        if ws is not None and self.up:
            self.up = False
            asyncio.get_running_loop().create_task(ws.close())

    def come_back(self) -> None:
        """Take the seat back after :meth:`step_away` (at once: the first try has no wait)."""
        self._present.set()

    def _send(self, message: ClientMessage) -> None:
        if self.up:
            self._out.put_nowait(client_frame(message))

    async def close(self) -> None:
        """Close the connection (after sending what is queued)."""
        ws = self._ws
        if ws is None:
            return
        for _tick in range(50):  # let the writer send a last leave or pause
            if self._out.empty():
                break
            await asyncio.sleep(0.01)
        self.up = False
        if self._writer is not None:
            self._writer.cancel()
        await ws.close()

    async def run(self) -> Ended:
        """Hear the server until the room ends, reconnecting when the connection drops; how
        it ended, or :class:`ServerGone`."""
        while True:
            ws = self._ws
            assert ws is not None, "open or join first"
            try:
                async for frame in ws:
                    self._hear(frame)
                    if self.over is not None and not _rematch_may_come(self):
                        await ws.close()
                        return self.over
                closed = ws.close_exc
            except ConnectionClosed as error:
                closed = error
            except OtherVersion as error:
                await ws.close()
                raise ServerGone(Gone.OTHER_VERSION, self.address, detail=str(error)) from None
            except ProtocolError as error:
                await ws.close()
                raise ServerGone(Gone.UNREADABLE, self.address, detail=str(error)) from None
            self.up = False
            if self._writer is not None:
                self._writer.cancel()
            if self.over is not None:
                return self.over
            code = closed.rcvd.code if closed.rcvd is not None else None
            if code in (GOING_AWAY, POLICY, REPLACED):
                raise _closed(closed, self.address)
            self.listener.line(False)
            await self._reconnect()
            self.listener.line(True)

    async def _reconnect(self) -> None:
        welcome = self.welcome
        assert welcome is not None
        deadline = self._source() + self._give_up
        wait = self._first_wait
        last = ServerGone(Gone.DROPPED, self.address)
        while True:
            if not self._present.is_set():
                # Stepped away: the seat is kept, and nobody would see it back; try again,
                # at once and for the whole time again, when told to come back.
                await self._present.wait()
                deadline = self._source() + self._give_up
                wait = self._first_wait
            elif self._source() >= deadline:
                break
            else:
                await asyncio.sleep(wait * random.uniform(0.8, 1.2))
                wait = min(wait * 2, self._longest_wait)
                if not self._present.is_set():
                    continue
            try:
                self.welcome = await self._come_back(Rejoin(welcome.room, welcome.token))
            except _Unreached as error:
                last = error.gone  # a host's spit that died may come back, its room with it
                continue
            except ServerGone as error:
                if self.over is not None:
                    return
                if error.why is Gone.TURNED_AWAY and error.problem is Problem.NO_SEAT:
                    # The room was given up and forgotten: said as rejoin says it.
                    raise ServerGone(Gone.NOT_KEPT, self.address, detail=welcome.room) from None
                raise ServerGone(Gone.LOST_SEAT, self.address, cause=error) from None
            self.listener.welcomed(self.welcome)
            return
        if last.why is Gone.REFUSED and welcome.hosted:
            # Nothing listens where the host's own spit served the room: it ended for good.
            raise ServerGone(Gone.HOST_GONE, self.address)
        raise ServerGone(Gone.GAVE_UP, self.address, cause=last)

    async def _come_back(self, rejoin: Rejoin) -> Welcome:
        """Take the seat back: at the room's worker first, if it has one, else at the server;
        :class:`_Unreached` if no connection could be made (a refusal at the door too)."""
        if self._home is not None and self._home != self.address:
            with contextlib.suppress(_Unreached):
                return await self._take_seat(rejoin, self._home, coming_back=True)
        return await self._take_seat(rejoin, coming_back=True)

    # -- what the server says ----------------------------------------------------------------

    def _hear(self, frame: str | bytes) -> None:
        message = parse_server(frame)
        match message:
            case Table():
                self._set_clock(message.clock)
                self.seq = message.seq
                self.view = message.view
                self.listener.table(message.view, message.events, message.by, message.ack)
            case Status():
                self._set_clock(message.clock)
                self.status = message
                self.status_at = self._source()
                self.listener.status(message)
            case Ping():
                self._send(Pong(id=message.id))
            case Refused():
                self.listener.refused(message.id, message.refusal, message.not_now)
            case Ended():
                self._ended(message)
            case Rematch():
                self.rematch_said = message
                self.listener.offers(message)
            case Error():
                self.listener.error(message)
            case Redirect():
                raise ProtocolError("a redirect after the seat was taken")
            case Welcome():  # the seat is taken back, or a rematch dealt (the seats swapped)
                self.over = self.rematch_said = None
                self.welcome = message
                self.listener.welcomed(message)

    def _ended(self, ended: Ended) -> None:
        self.over = ended
        self.listener.ended(ended)

    def _set_clock(self, clock: float) -> None:
        self._clock = clock
        self._clock_at = self._source()


def _redirect_address(text: str) -> str | None:
    """``ADDR:PORT`` as a redirect names it, written back the one way, or None if it is no
    server's address (a host of letters, digits, dots, dashes, or an IPv6 address; a port)."""
    try:
        host, port = parse_address(text)
    except AddressError:
        return None
    if not re.fullmatch(r"[A-Za-z0-9.\-]+|[0-9A-Fa-f:.]+(%[A-Za-z0-9]+)?", host):
        return None
    return join_address(host, port)


class _Redirected(Exception):
    """The server sent us on to ``address``, the process holding the room."""

    def __init__(self, address: str) -> None:
        super().__init__(address)
        self.address = address


class _Unreached(Exception):
    """No server could be reached this time (``gone`` says why): try again later."""

    def __init__(self, gone: ServerGone) -> None:
        super().__init__(gone)
        self.gone = gone


def _unreachable(error: BaseException, address: str) -> ServerGone:
    if (
        isinstance(error, InvalidStatus)
        and error.response.status_code == HTTPStatus.SERVICE_UNAVAILABLE
    ):
        # Turned away at the door (full, or too much from this address): its reason.
        said = error.response.body.decode("utf-8", "replace").strip()[:200]
        return ServerGone(Gone.TURNED_AWAY, address, problem=Problem.SERVER_FULL, detail=said)
    if isinstance(error, ConnectionRefusedError):
        return ServerGone(Gone.REFUSED, address)
    if isinstance(error, TimeoutError):
        return ServerGone(Gone.NO_ANSWER, address)
    text = getattr(error, "strerror", None) or str(error)
    return ServerGone(Gone.UNREACHABLE, address, detail=text or type(error).__name__)


def _closed(closed: ConnectionClosed, address: str) -> ServerGone:
    code = closed.rcvd.code if closed.rcvd is not None else None
    reason = closed.rcvd.reason if closed.rcvd is not None else ""
    if code == GOING_AWAY:
        return ServerGone(Gone.STOPPED, address)
    if code == REPLACED:
        return ServerGone(Gone.REPLACED, address)
    if code == POLICY:
        return ServerGone(Gone.CLOSED, address, detail=reason)
    return ServerGone(Gone.LOST, address)


__all__ = [
    "Client",
    "Ended",
    "Error",
    "Gone",
    "Hearing",
    "Listener",
    "NotNow",
    "Problem",
    "RoomEnd",
    "ServerGone",
    "Status",
    "Welcome",
    "server_url",
]
