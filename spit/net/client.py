"""A seat at a room on a server: connects, keeps the seat through dropped connections.

:class:`Client` sends a seat's actions and tells a :class:`Listener` everything the server
says: the table (this seat's view and the events it may know), refusals of its own actions,
who is there and who paused, round-trip times, and how the match ended. When the connection
drops it reconnects by itself, with growing waits, and takes the same seat back with its
token; the server sends the table as it is, so nothing is lost. When the server is gone
for good, :meth:`Client.run` raises :class:`ServerGone` with a sentence for the player.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from spit import words
from spit.engine import Action, Event, PlayerView, Refusal, Variant
from spit.net.wire import (
    MAX_SERVER_FRAME,
    Act,
    ClientMessage,
    JoinRoom,
    Leave,
    OpenRoom,
    Pong,
    ProtocolError,
    Rejoin,
    SetPause,
    action_json,
    client_frame,
    load_frame,
    parse_event,
    parse_refusal,
    parse_view,
)

GOING_AWAY = 1001
POLICY = 1008
REPLACED = 4001


class ServerGone(Exception):
    """The server cannot be reached or ended the connection for good; ``str()`` says why."""


@dataclass(frozen=True, slots=True)
class Status:
    """Who is at the table and how play stands, as the server last said."""

    running: bool = False
    """Whether the room's clock runs (both here, nobody paused, not over)."""
    stage: str = "waiting"
    """``waiting`` for the second player, ``playing`` or ``over``."""
    connected: tuple[bool, bool] = (False, False)
    """Which seats have a live connection."""
    paused_by: tuple[bool, bool] = (False, False)
    """Which seats hold a pause."""
    rtt: tuple[float | None, float | None] = (None, None)
    """Each seat's round-trip time to the server, in milliseconds."""
    names: tuple[str, str] = ("", "")
    """What each player calls themselves."""
    back_within: tuple[float | None, float | None] = (None, None)
    """For a seat whose connection went: the seconds it had left to come back, when the
    server sent this, before its match is abandoned."""


@dataclass(frozen=True, slots=True)
class Welcome:
    """What the server told this seat on taking it."""

    room: str
    seat: int
    token: str
    variant: Variant
    seeded: bool
    pace: float
    lockout: float


@dataclass(frozen=True, slots=True)
class Ended:
    """How the room ended, the same for both seats."""

    why: str
    """``match over``, ``abandoned`` (a player did not come back) or ``left``."""
    result: dict[str, Any] = field(default_factory=dict)
    """Winner (player 1 or 2, or None), rounds, cards held and actions per player."""


class Listener:
    """What a :class:`Client` reports. Every method is called on the event loop, in order."""

    def welcomed(self, welcome: Welcome) -> None:
        """The seat is ours (again, after a reconnect)."""

    def table(self, view: PlayerView, events: tuple[Event, ...], ack: int | None) -> None:
        """The table changed (or is sent whole, with no events). ``ack`` is the id of our own
        action that caused it, if one did."""

    def refused(self, ack: int, refusal: Refusal | None, why: str | None) -> None:
        """Our action ``ack`` was refused: by the table (``refusal``), or because the room does
        not play now (``why``: paused, over)."""

    def status(self, status: Status) -> None:
        """Presence, pauses or round-trip times changed."""

    def connection(self, up: bool) -> None:
        """The connection dropped (False; the client is reconnecting) or is back (True)."""

    def ended(self, ended: Ended) -> None:
        """The room is over."""

    def error(self, message: str) -> None:
        """The server refused a frame of ours (a bug or a wrong code)."""


def server_url(address: str) -> str:
    """The websocket URL for ``ADDR:PORT``."""
    return f"ws://{address}/"


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
        """``host:port`` of the server."""
        self.listener = listener
        """Who hears what the server says."""
        self.welcome: Welcome | None = None
        """The seat, once taken."""
        self.status = Status()
        """Presence and pauses as last reported."""
        self.view: PlayerView | None = None
        """The table as last sent."""
        self.over: Ended | None = None
        """How the room ended, once it has."""
        self.up = False
        """Whether a connection is open now."""
        self.seq = 0
        """The number of the last table the server sent (it counts up per room)."""
        self.status_at = source()
        """When (``source``'s reading) the last status arrived: ``back_within`` counts from it."""
        self._present = asyncio.Event()
        self._present.set()
        self._give_up = give_up
        self._first_wait = first_wait
        self._longest_wait = longest_wait
        self._open_timeout = open_timeout
        self._source = source
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
        self, variant: Variant = Variant.STANDARD, seed: int | None = None, name: str = ""
    ) -> Welcome:
        """Open a room on the server and take seat 0 (player 1)."""
        return await self._take_seat(OpenRoom(variant, seed, name))

    async def join(self, code: str, name: str = "") -> Welcome:
        """Take the free seat (player 2) of the room ``code``."""
        return await self._take_seat(JoinRoom(code, name))

    async def _take_seat(self, message: ClientMessage) -> Welcome:
        ws = await self._connect()
        await ws.send(client_frame(message))
        return await self._await_welcome(ws)

    async def _connect(self) -> ClientConnection:
        try:
            ws = await connect(
                server_url(self.address),
                open_timeout=self._open_timeout,
                max_size=MAX_SERVER_FRAME,
                compression=None,
                proxy=None,  # a game server is reached directly, never through an HTTP proxy
                ping_interval=10,
                ping_timeout=10,
                close_timeout=2,
            )
        except InvalidURI:
            raise ServerGone(words.network.not_an_address_at(address=self.address)) from None
        except (OSError, InvalidHandshake, TimeoutError) as error:
            raise ServerGone(
                words.network.cannot_reach(address=self.address, why=_why(error))
            ) from None
        self._ws = ws
        return ws

    async def _await_welcome(self, ws: ClientConnection) -> Welcome:
        """Read until the welcome: the server's first answer, or an error saying why not."""
        try:
            while True:
                obj = load_frame(await ws.recv(), MAX_SERVER_FRAME)
                if obj["type"] == "welcome":
                    welcome = _parse_welcome(obj)
                    self.welcome = welcome
                    self._start_writer(ws)
                    self.up = True
                    return welcome
                if obj["type"] == "error":
                    await ws.close()
                    raise ServerGone(str(obj.get("message")))
                if obj["type"] == "ended":
                    await ws.close()
                    self._ended(obj)
                    raise ServerGone(words.network.network_problem("already over"))
        except ConnectionClosed as closed:
            raise ServerGone(_closed_why(closed, self.address)) from None
        except ProtocolError as error:
            raise ServerGone(words.network.unreadable_from_server(why=error)) from None

    def _start_writer(self, ws: ClientConnection) -> None:
        self._out = asyncio.Queue()  # what was meant for a lost connection is not sent later

        async def write() -> None:
            with contextlib.suppress(ConnectionClosed):
                while True:
                    await ws.send(await self._out.get())

        self._writer = asyncio.get_running_loop().create_task(write())

    # -- playing -----------------------------------------------------------------------------

    def act(self, action: Action) -> int | None:
        """Send ``action`` for our seat; its id (which comes back as ``ack``), or None when not
        connected (the key is lost, as on a table nobody can see)."""
        welcome = self.welcome
        if welcome is None or not self.up or self.over is not None:
            return None
        ident = next(self._ids)
        self._send(Act(welcome.room, welcome.seat, action_json(action), ident))
        return ident

    def pause(self, paused: bool) -> None:
        """Hold (or let go of) a pause; the room stands while either seat holds one."""
        self._send(SetPause(paused))

    def leave(self) -> None:
        """Leave the match for good; the other player is told."""
        self._send(Leave())

    def step_away(self) -> None:
        """Let go of the connection but not the seat, until :meth:`come_back`: the server
        keeps the seat as for any dropped line (the room stands, the other player is told)
        and this client tries no reconnection meanwhile. A browser seat does this while
        no tab shows its page."""
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
        """Hear the server until the room ends; reconnect by itself when the connection drops.

        Returns how the room ended; raises :class:`ServerGone` if the server went away.
        """
        while True:
            ws = self._ws
            assert ws is not None, "open or join first"
            try:
                async for frame in ws:
                    self._hear(frame)
                    if self.over is not None:
                        await ws.close()
                        return self.over
                closed = ws.close_exc
            except ConnectionClosed as error:
                closed = error
            except ProtocolError as error:
                await ws.close()
                raise ServerGone(words.network.unreadable_from_server(why=error)) from None
            self.up = False
            if self._writer is not None:
                self._writer.cancel()
            if self.over is not None:
                return self.over
            code = closed.rcvd.code if closed.rcvd is not None else None
            if code in (GOING_AWAY, POLICY, REPLACED):
                raise ServerGone(_closed_why(closed, self.address))
            self.listener.connection(False)
            await self._reconnect()
            self.listener.connection(True)

    async def _reconnect(self) -> None:
        welcome = self.welcome
        assert welcome is not None
        deadline = self._source() + self._give_up
        wait = self._first_wait
        last = words.network.network_problem("dropped")
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
                ws = await self._connect()
            except ServerGone as error:
                last = str(error)
                continue
            await ws.send(client_frame(Rejoin(welcome.room, welcome.token)))
            try:
                self.welcome = await self._await_welcome(ws)
            except ServerGone as error:
                if self.over is not None:
                    return
                raise ServerGone(words.network.lost_the_seat(why=error)) from None
            self.listener.welcomed(self.welcome)
            return
        raise ServerGone(words.network.lost_the_server_because(address=self.address, why=last))

    # -- what the server says ----------------------------------------------------------------

    def _hear(self, frame: str | bytes) -> None:
        obj = load_frame(frame, MAX_SERVER_FRAME)
        kind = obj["type"]
        if kind == "table":
            self._set_clock(obj.get("clock"))
            view = parse_view(obj.get("view"))
            events = tuple(parse_event(e) for e in _list(obj.get("events")))
            ack = obj.get("ack")
            seq = obj.get("seq")
            self.seq = seq if isinstance(seq, int) else self.seq
            self.view = view
            self.listener.table(view, events, ack if isinstance(ack, int) else None)
        elif kind == "status":
            self._set_clock(obj.get("clock"))
            self.status = _parse_status(obj)
            self.status_at = self._source()
            self.listener.status(self.status)
        elif kind == "ping":
            ident = obj.get("id")
            if isinstance(ident, int):
                self._send(Pong(ident))
        elif kind == "refused":
            ack = obj.get("id")
            why = obj.get("why")
            refusal = None
            if obj.get("reason") is not None and self.welcome is not None:
                refusal = parse_refusal(obj, self.welcome.seat)
            self.listener.refused(
                ack if isinstance(ack, int) else 0, refusal, why if isinstance(why, str) else None
            )
        elif kind == "ended":
            self._ended(obj)
        elif kind == "error":
            self.listener.error(str(obj.get("message")))
        elif kind == "welcome":
            self.welcome = _parse_welcome(obj)
            self.listener.welcomed(self.welcome)
        else:
            raise ProtocolError(f"unknown message type {kind!r}")

    def _ended(self, obj: dict[str, Any]) -> None:
        result = {k: v for k, v in obj.items() if k not in ("v", "type")}
        self.over = Ended(str(obj.get("ended")), result)
        self.listener.ended(self.over)

    def _set_clock(self, clock: object) -> None:
        if isinstance(clock, int | float) and not isinstance(clock, bool):
            self._clock = float(clock)
            self._clock_at = self._source()


def _parse_welcome(obj: dict[str, Any]) -> Welcome:
    try:
        return Welcome(
            room=str(obj["room"]),
            seat=int(obj["seat"]),
            token=str(obj["token"]),
            variant=Variant(obj["variant"]),
            seeded=bool(obj["seeded"]),
            pace=float(obj["pace"]),
            lockout=float(obj["lockout"]),
        )
    except (KeyError, ValueError, TypeError):
        raise ProtocolError("a welcome without its fields") from None


def _parse_status(obj: dict[str, Any]) -> Status:
    try:
        connected = obj["connected"]
        paused = obj["paused_by"]
        rtt = obj["rtt"]
        names = obj["names"]
        back = obj.get("back_within", [None, None])  # not sent by an older server
        return Status(
            running=bool(obj["running"]),
            stage=str(obj["stage"]),
            connected=(bool(connected[0]), bool(connected[1])),
            paused_by=(bool(paused[0]), bool(paused[1])),
            rtt=(_ms(rtt[0]), _ms(rtt[1])),
            names=(str(names[0]), str(names[1])),
            back_within=(_ms(back[0]), _ms(back[1])),
        )
    except (KeyError, IndexError, TypeError):
        raise ProtocolError("a status without its fields") from None


def _ms(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise ProtocolError("expected a list")
    return value


def _why(error: BaseException) -> str:
    if isinstance(error, ConnectionRefusedError):
        return words.network.network_problem("refused")
    if isinstance(error, TimeoutError):
        return words.network.network_problem("no answer")
    text = getattr(error, "strerror", None) or str(error)
    return text or type(error).__name__


def _closed_why(closed: ConnectionClosed, address: str) -> str:
    code = closed.rcvd.code if closed.rcvd is not None else None
    reason = closed.rcvd.reason if closed.rcvd is not None else ""
    if code == GOING_AWAY:
        return words.network.server_stopped(address=address)
    if code == REPLACED:
        return words.network.network_problem("replaced")
    if code == POLICY:
        return words.network.server_closed(why=reason)
    return words.network.lost_the_server(address=address)
