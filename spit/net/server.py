"""The authoritative game server's rooms' side: any number of rooms in one asyncio process.

Each connection's frames come to its :class:`_Peer` one call at a time: checked against its
rate, parsed strictly, and applied to its room synchronously (no ``await`` between the check
and the change), so two players' actions are settled in the order they arrive. Bad input
gets an ``error`` frame and a log line, never reaches a room. The sockets are
:mod:`spit.net.transport`'s; docs/network.md describes the whole.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import uvloop

from spit.engine import Settings
from spit.net import rematch
from spit.net.bucket import Bucket
from spit.net.cluster import Cluster, DirectoryDown
from spit.net.limits import Admission, Quotas, address_key, raise_file_limit
from spit.net.room import GO_ON_AFTER, PAUSE_ALLOWANCE, Room, Send, new_room_code
from spit.net.transport import POLICY, Connection, Outbox, Transport
from spit.net.watchers import WATCH_DELAY, NotWatched, Spectators
from spit.net.wire import (
    DEFAULT_PORT,
    Act,
    AskPlayers,
    Frame,
    JoinRoom,
    Leave,
    OfferRematch,
    OpenRoom,
    OtherVersion,
    Ping,
    Pong,
    Problem,
    ProtocolError,
    Redirect,
    Rejoin,
    RoomEnd,
    Seek,
    SetPause,
    Stage,
    Unseek,
    Watch,
    encode,
    error_frame,
    parse_client,
)
from spit.records.problems import NoLongerRecorded
from spit.records.recorder import MatchRecorder, NotRecorded, RecorderNotice, players

if TYPE_CHECKING:
    from spit.net.online import Online

log = logging.getLogger("spit.net.server")  # a line per room event and per bad input

T = TypeVar("T")

REPLACED = 4001  # close code: a newer connection took the seat back with its token

# A round-trip time is told again once it moved by RTT_STEP seconds or by RTT_SHARE of
# itself, whichever is more: a change a player could notice, not the jitter of a busy
# machine (each telling is a ``status`` frame to both seats).
RTT_STEP = 0.005
RTT_SHARE = 0.2

PING_SLOTS = 20
"""The parts of the ping interval: each connection is pinged in one of them, taken in turn
as connections come, by one task for the whole server. Connections opened together (a
restart, a tournament's start) are pinged spread over the interval, not in one burst of
hundreds of frames that every action of that turn would wait behind, and no connection
keeps a task and a timer of its own for it."""

BUG_LOG_EVERY = 60.0  # seconds between two tracebacks of errors of ours on frames

RTT_KEPT = 3
"""A seat's round-trip time is the least of its last this many measurements: a frame that
waited behind others on a busy server or line is not the line's time (a line that really got
slower shows once this many pings say so)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What the server allows one connection, and how long it keeps a dropped seat."""

    grace: float = 60.0  # seconds a dropped seat is kept before its match is abandoned
    rate: float = 40.0  # frames a second on average (a fast player presses some 15 keys)
    burst: float = 80.0  # frames at once before the rate applies
    max_errors: int = 20  # bad frames a connection may send: the last one closes it
    max_wrong_codes: int = 3  # wrong room codes or tokens before the connection is closed
    max_rooms: int = 20_000  # in one process
    # Frames waiting for a slow reader (past what its socket holds) before its connection is
    # closed, counted as transport.FRAME_BYTES each.
    backlog: int = 1000
    # Seconds between round-trip measurements: what the header shows moves by seconds, and a
    # dead line is the transport's websocket ping's to find (10 s). Every 2 s they were a
    # fifth of a busy server's frames (docs/performance.md, issue 28's step 3).
    ping_every: float = 5.0
    seat_timeout: float = 30.0  # seconds a connection may stay without taking a seat
    pause: float = PAUSE_ALLOWANCE  # seconds each player may hold pauses for in a match
    go_on_after: float = GO_ON_AFTER  # seconds counted down before play goes on after a stop
    quotas: Quotas = field(default_factory=Quotas)
    watch_delay: float = WATCH_DELAY  # seconds a delayed room's spectators see it late


_SEATING = (OpenRoom, JoinRoom, Rejoin, Watch)  # in a cluster, the directory has a say in them
_ONLINE = (Seek, Unseek, AskPlayers)  # spit/net/online.py's


class _Refused(Exception):
    """A well-formed frame the server will not do: an error frame with its problem."""

    def __init__(self, problem: Problem, why: str, *, wrong_code: bool = False) -> None:
        super().__init__(why)
        self.problem = problem
        self.why = why  # the log line's words
        self.wrong_code = wrong_code  # it counts as a guessed room code or token


class _Peer:
    """One connection as the rooms see it: its seat, its rate, its bad frames and wrong codes."""

    def __init__(self, conn: Connection, server: GameServer, now: float) -> None:
        self.conn = conn
        self.server = server
        self.room: Room | None = None
        self.seat = 0
        limits = server.limits
        # A faster game clock lets players act faster: the allowance grows with the pace.
        self.bucket = Bucket(limits.rate * server.pace, limits.burst * server.pace, now)
        self.errors = 0
        self.wrong_codes = 0
        self.pings: dict[int, float] = {}
        self.opened = now
        self.rtts: deque[float] = deque(maxlen=RTT_KEPT)
        self.pinged: set[_Peer] = set()  # its ping slot
        self.name = conn.name

    @property
    def closing(self) -> bool:
        return self.conn.closing

    def send(self, body: Frame, backlog: int, text: str | None = None) -> None:
        """Queue ``body``; ``text``: its encoding, if made already (a frame to both seats)."""
        self.conn.send_text(encode(body) if text is None else text, backlog)

    def close(self, code: int, reason: str) -> None:
        self.conn.close(code, reason)

    def note(self, level: int, message: str, *args: object) -> None:
        self.conn.note(level, message, *args)

    def frame(self, text: str | bytes) -> Awaitable[None] | None:
        """Every frame the connection sends, seated or not: checked, parsed, done. A frame
        taking a seat in a cluster asks the directory first: that is awaited."""
        if self.conn.closing:
            return None
        server = self.server
        if not self.bucket.take(server._source()):
            log.warning("%s: flooding (over %g frames/s); closed", self.name, self.bucket.rate)
            self.close(POLICY, "too many frames")
            return None
        try:
            message = parse_client(text, self.seat)
            if isinstance(message, _ONLINE):
                if server.online is None:
                    raise _Refused(Problem.BAD_FRAME, "this server keeps no players")
                return server.online.frame(self, message)
            if self.room is None and server.cluster is not None and isinstance(message, _SEATING):
                return self._routed(message)
            server.spectators.frame(self, message)
        except Exception as error:
            self.failed(error)
        return None

    async def _routed(self, message: object) -> None:
        try:
            assert self.server._routing is not None
            if not await self.server._routing.seat(self, message):
                self.server.spectators.frame(self, message)
        except Exception as error:
            self.failed(error)

    def gone(self) -> None:
        self.pinged.discard(self)
        self.server.spectators.leave(self.conn)
        if self.server.online is not None:
            self.server.online.gone(self)
        self.server._gone(self)

    def failed(self, error: Exception) -> None:
        """Answer a frame that could not be done (in its ``except`` block)."""
        if isinstance(error, _Refused | NotWatched):
            self.bad(error.problem, error.why, wrong_code=error.wrong_code)
        elif isinstance(error, OtherVersion):
            self.bad(Problem.OTHER_VERSION, str(error))
        elif isinstance(error, ProtocolError):
            self.bad(Problem.BAD_FRAME, str(error))
        else:  # a bug of ours: keep every room going, and count it as a bad frame
            self.server._bugs.happened(self.name)
            self.bad(Problem.INTERNAL, "", logged=False)

    def bad(
        self, problem: Problem, why: str, *, wrong_code: bool = False, logged: bool = True
    ) -> None:
        """One bad frame: one log line (unless ``logged`` is false), an error frame, and it
        counts toward the caps."""
        if self.closing:
            # Closed for its bad frames already: those read before the close are not
            # answered, nor logged once each.
            return
        limits, routing = self.server.limits, self.server._routing
        if logged:
            self.note(logging.WARNING, "%s: %s", self.name, why)
        detail = why if problem in (Problem.BAD_FRAME, Problem.OTHER_VERSION) else ""
        self.send(error_frame(problem, detail), limits.backlog)
        self.errors += 1
        self.wrong_codes += wrong_code
        if wrong_code and routing is not None:
            routing.cluster.wrong_code(routing.counted(self))
        if self.errors >= limits.max_errors:
            log.warning("%s: too many bad frames; closed", self.name)
            self.close(POLICY, "too many bad frames")
        elif self.wrong_codes >= limits.max_wrong_codes:
            log.warning("%s: too many wrong room codes; closed", self.name)
            self.close(POLICY, "too many wrong codes")


class _Bugs:
    """Errors of ours on a stranger's frame: the first one's traceback is logged, then one line
    per :data:`BUG_LOG_EVERY` seconds counts those since (a frame sent again and again must
    not write a traceback each time)."""

    def __init__(self, source: Callable[[], float]) -> None:
        self._source = source
        self._logged_at = -BUG_LOG_EVERY
        self._since = 0

    def happened(self, name: str) -> None:
        """Note the error being handled (call it in its ``except`` block)."""
        now = self._source()
        if now - self._logged_at < BUG_LOG_EVERY:
            self._since += 1
            return
        more = f" ({self._since} more since the last)" if self._since else ""
        log.exception("%s: internal error on a frame%s; the room carries on", name, more)
        self._logged_at, self._since = now, 0


class _Timers:
    """The server's timers, by room code, seat (-1: the room itself) and what they time."""

    def __init__(self) -> None:
        self._handles: dict[tuple[str, int, str], asyncio.TimerHandle] = {}

    def start(self, key: tuple[str, int, str], delay: float, then: Callable[[], None]) -> None:
        self.cancel(key)

        def run() -> None:
            del self._handles[key]
            then()

        self._handles[key] = asyncio.get_running_loop().call_later(delay, run)

    def cancel(self, key: tuple[str, int, str]) -> None:
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle.cancel()

    def __contains__(self, key: tuple[str, int, str]) -> bool:
        return key in self._handles

    def clear(self) -> None:
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()


class _Pinger:
    """Pings every connection (see :data:`PING_SLOTS`); closes those that took no seat in time."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self._ids = itertools.count(1)
        self._slots: list[set[_Peer]] = [set() for _ in range(PING_SLOTS)]
        self._next_slot = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    def answered(self, peer: _Peer, ping: int) -> None:
        """A pong: the round trip is measured, and both tables told if it moved enough."""
        server = self.server
        sent = peer.pings.pop(ping, None)
        if sent is not None:
            peer.rtts.append(server._source() - sent)  # a seeker's weighs in its pairing
        if sent is not None and peer.room is not None:
            room = peer.room
            rtt, shown = min(peer.rtts), room.rtt[peer.seat]
            # Both tables show it; tell them only of a change a player could notice,
            # not of every measurement (that was most of an idle room's frames).
            if shown is None or abs(rtt - shown) >= max(RTT_STEP, RTT_SHARE * shown):
                room.rtt[peer.seat] = rtt
                server._deliver(room, room.status())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def add(self, peer: _Peer) -> None:
        peer.pinged = self._slots[self._next_slot]
        self._next_slot = (self._next_slot + 1) % PING_SLOTS
        peer.pinged.add(peer)

    async def _run(self) -> None:
        every = self.server.limits.ping_every
        slot = 0
        while True:
            await asyncio.sleep(every / PING_SLOTS)
            self._ping_slot(self._slots[slot])
            slot = (slot + 1) % PING_SLOTS

    def _ping_slot(self, peers: set[_Peer]) -> None:
        # (Not in _run's loop: a connection gone would be held by its variable till the next.)
        for peer in list(peers):
            try:
                self._ping(peer)
            except Exception:  # a bug of ours: the other connections are still pinged
                log.exception("%s: could not be pinged", peer.name)

    def _ping(self, peer: _Peer) -> None:
        if peer.closing:
            return
        limits = self.server.limits
        if peer.room is None and not (self.server.online and self.server.online.seeking(peer)):
            # A connection that never takes a seat (nor watches) holds a socket for nothing.
            idle = not self.server.spectators.watching(peer.conn)
            if idle and self.server._source() - peer.opened >= limits.seat_timeout:
                log.warning("%s: took no seat in %g s; closed", peer.name, limits.seat_timeout)
                peer.close(POLICY, "no seat taken")
            return
        ping = next(self._ids)
        if len(peer.pings) > 10:  # unanswered ones are forgotten
            peer.pings.clear()
        peer.pings[ping] = self.server._source()
        peer.send(Ping(id=ping), limits.backlog)


class _Routing:
    """A cluster worker's frames taking a seat, where the directory has a say."""

    def __init__(self, server: GameServer, cluster: Cluster) -> None:
        self.server = server
        self.cluster = cluster

    async def seat(self, peer: _Peer, message: object) -> bool:
        """A frame taking a seat, where the directory has a say: an ``open`` under a code
        claimed in the whole cluster, a ``join`` or ``rejoin`` of a room another worker
        holds sent on there. True if it was done here; False: dispatch it as ever."""
        server, cluster, who = self.server, self.cluster, self.counted(peer)
        if peer.room is not None or not isinstance(message, OpenRoom | JoinRoom | Rejoin | Watch):
            return False
        try:
            if isinstance(message, OpenRoom):
                if len(server.rooms) >= server.limits.max_rooms:
                    return False  # refused as ever
                waiting = await cluster.waiting_rooms(who)
                if waiting >= server.limits.quotas.waiting_rooms:
                    why = f"{waiting} rooms from this address wait for a player already"
                    raise _Refused(Problem.SERVER_FULL, why)
                if await cluster.over_tally("rooms", who, cluster.tallies.rooms):
                    raise _Refused(Problem.SERVER_FULL, f"{who} opened too many rooms")
                code = await cluster.claim_code(server.rooms)
                if code is None:
                    raise _Refused(Problem.SERVER_FULL, "no free room code found")
                if peer.closing:
                    cluster.release(code)
                    return True
                try:
                    server._open(peer, message, code)
                except _Refused:
                    cluster.release(code)  # refused after all (this address's quota)
                    raise
                cluster.opened(code, who)
                return True
            if message.room is None or message.room in server.rooms:
                return False  # held here (or a watch of this worker's live matches)
            if await cluster.wrong_codes_spent(who):
                log.warning("%s: too many wrong room codes from %s; closed", peer.name, who)
                peer.close(POLICY, "too many wrong codes")
                return True
            holder = await cluster.find(message.room)
        except DirectoryDown as error:
            what = "no room opened" if isinstance(message, OpenRoom) else "no seat taken"
            raise _Refused(Problem.ROOMS_UNAVAILABLE, f"{what}: directory away ({error})") from None
        if holder is None:
            return False  # no such room anywhere: refused as ever, a wrong code
        if not holder.alive or holder.address == cluster.address:
            # Its worker stopped (one at this very address would be this one, and would
            # hold it): the room went with it, and is never made again.
            raise _Refused(
                Problem.ROOM_LOST, f"room {message.room}: its worker {holder.address} is gone"
            )
        peer.note(
            logging.INFO, "room %s: %s sent on to %s", message.room, peer.name, holder.address
        )
        # The redirect is all this connection is sent; then it is closed (its frames were
        # read one at a time, so none came after the one sent on).
        peer.conn.last_word(encode(Redirect(address=holder.address)), 1000, "sent on")
        return True

    def counted(self, peer: _Peer) -> str | None:
        """Who ``peer`` is for the counts kept across a cluster (None: spared them, as a
        client on this machine is spared the per-address quotas)."""
        address, admission = peer.conn.address, self.server.admission
        return address_key(address) if admission is None else admission.counted(address)


class GameServer:
    """Rooms, seats and what their players' frames do: :meth:`start`, then :meth:`stop`."""

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        settings: Settings | None = None,
        pace: float = 1.0,
        source: Callable[[], float] = time.monotonic,
        record: bool = True,
        hosted: bool = False,
        cluster: Cluster | None = None,
        online: Online | None = None,
    ) -> None:
        self.online = online  # players, the pool and ratings (None: rooms by code only)
        self.limits = limits or Limits()
        self.hosted = hosted  # inside a player's `spit host` (and dies with it)
        self.cluster = cluster  # None: a server on its own
        # The server holds the match, so its record is written here (docs/records.md).
        self.record = record
        self.settings = settings  # None: the engine's defaults
        self.pace = pace  # game seconds per wall second (above 1 only for tests and bots)
        self.rooms: dict[str, Room] = {}  # until a while after each ends
        self._source = source
        self._seats: dict[tuple[str, int], _Peer] = {}
        self._timers = _Timers()
        self.admission: Admission | None = None  # once started
        self._transport: Transport | None = None
        self._pinger = _Pinger(self)
        self._bugs = _Bugs(source)
        self._routing = None if cluster is None else _Routing(self, cluster)
        self._records: list[Room] = []  # record lines to write before this turn's frames go
        self.joined: Callable[[Room], None] | None = None  # told of each room that fills up
        self._outbox = Outbox(self.limits.backlog, before=self._flush_records)
        self.spectators = Spectators(self.rooms, self._dispatch, self._deliver, self.limits)
        self.address: tuple[str, int] = ("", 0)  # once started (the port chosen, for port 0)

    # -- running ---------------------------------------------------------------------------

    async def start(
        self, bind: str = "127.0.0.1", port: int = DEFAULT_PORT, *, reuse_port: bool = False
    ) -> tuple[str, int]:
        """Listen on ``bind``:``port``; returns the address (with the port chosen, for 0).
        Called again, it listens on one more address too (a worker's shared and own ones);
        ``reuse_port``: share the port with other processes (SO_REUSEPORT)."""
        admission = self.admission = self.admission or Admission(
            self.limits.quotas, files=raise_file_limit(), source=self._source
        )
        self._pinger.start()
        first = self._transport is None
        if self._transport is None:
            self._transport = Transport(admission, self._arrived, self._outbox)
        host, port = await self._transport.listen(bind, port, reuse_port=reuse_port)
        shared = " (shared with the other workers)" if reuse_port else ""
        if not first:
            log.info("listening on %s too%s", _join_address(host, port), shared)
            return (host, port)
        self.address = (host, port)
        if self.online is not None:
            self.online.start(self)
        log.info(
            "listening on %s%s (up to %d connections: %d open files)",
            _join_address(host, port),
            shared,
            admission.budget,
            admission.files,
        )
        return self.address

    async def stop(self) -> None:
        self._timers.clear()
        self._pinger.stop()
        if self.online is not None:
            await self.online.stop()
        if self._transport is not None:
            await self._transport.stop()
            self._transport = None
        for room in self.rooms.values():
            # A match cut off by the server stopping cannot go on (once no action can arrive):
            # its record says so, and gives its sealed seed, so it can still be replayed.
            if room.recorder is not None:
                room.recorder.abandon()
                room.recorder = None
        log.info("stopped; rooms open: %d", len(self.rooms))
        if self.cluster is not None:
            await self.cluster.stop(list(self.rooms))

    def _arrived(self, conn: Connection) -> _Peer:
        peer = _Peer(conn, self, self._source())
        self._pinger.add(peer)
        return peer

    def _flush_records(self) -> None:
        rooms, self._records = self._records, []
        for room in rooms:
            room.flush_record()

    # -- what a frame does -----------------------------------------------------------------

    def _dispatch(self, peer: _Peer, message: object) -> None:
        if isinstance(message, Act):
            self._act(peer, message)
        elif isinstance(message, Pong):
            self._pinger.answered(peer, message.id)
        elif isinstance(message, SetPause):
            room = self._room_of(peer)
            if room.stage is not Stage.OVER and room.paused_by[peer.seat] != message.paused:
                if not room.set_paused(peer.seat, message.paused):
                    # No pausing left: the room plays on, and the player whose screen
                    # thought it paused is told (no bad frame: a person pressed Esc).
                    peer.send(error_frame(Problem.NO_PAUSE_LEFT), self.limits.backlog)
                    return
                what = "paused" if message.paused else "let go of the pause"
                peer.note(logging.INFO, "room %s: player %d %s", room.code, peer.seat + 1, what)
                self._time_pause(room, peer.seat)
                self._told(room)
        elif isinstance(message, OpenRoom):
            self._open(peer, message)
        elif isinstance(message, JoinRoom):
            self._join(peer, message)
        elif isinstance(message, Rejoin):
            self._rejoin(peer, message)
        elif isinstance(message, Leave | OfferRematch):
            room = self._room_of(peer)
            if isinstance(message, Leave) and room.stage is not Stage.OVER:
                log.info("room %s: player %d left; match over", room.code, peer.seat + 1)
                self._end(room, RoomEnd.LEFT, peer.seat)
            else:  # after the match: a rematch offered, or declined by leaving
                sends = rematch.answer(room, peer.seat, type(message) is OfferRematch, self._seats)
                if room.stage is Stage.PLAYING:  # dealt anew: a record of its own
                    self._timers.cancel((room.code, -1, "forget"))
                    self._record(room)
                self._deliver(room, sends)

    def _room_of(self, peer: _Peer) -> Room:
        if peer.room is None:
            raise _Refused(Problem.NOT_IN_ROOM, "not in a room: open or join one first")
        return peer.room

    def _open(self, peer: _Peer, message: OpenRoom, code: str | None = None) -> None:
        """Open a room for ``peer``: under ``code``, claimed for it in a cluster, or a new one."""
        if peer.room is not None:
            raise _Refused(Problem.ALREADY_IN_ROOM, "already in a room")
        if len(self.rooms) >= self.limits.max_rooms:
            raise _Refused(Problem.SERVER_FULL, "the server is full")
        why = None if self.admission is None else self.admission.room_refusal(peer.conn.address)
        if why is not None:
            raise _Refused(Problem.SERVER_FULL, why)
        while code is None or code in self.rooms:
            code = new_room_code()
        room = Room(
            code,
            variant=message.variant,
            seed=message.seed,
            host=message.name,
            settings=self.settings,
            pace=self.pace,
            source=self._source,
            pause_allowance=self.limits.pause,
            go_on_after=self.limits.go_on_after,
            hosted=self.hosted,
            watchers=message.watchers,
        )
        self.rooms[code] = room
        if self.admission is not None:
            self.admission.room_opened(code, peer.conn.address)
        self._seat(peer, room, 0)
        seeded = ", seeded" if room.seeded else ""
        log.info("room %s: opened by %s (%s%s)", code, peer.name, room.variant.value, seeded)

    def _join(self, peer: _Peer, message: JoinRoom) -> None:
        if peer.room is not None:
            raise _Refused(Problem.ALREADY_IN_ROOM, "already in a room")
        room = self.rooms.get(message.room)
        if room is None or room.stage is not Stage.WAITING:
            why = f"no room {message.room} is waiting for a player"
            raise _Refused(Problem.NO_ROOM, why, wrong_code=True)
        room.join(message.name)
        if self.admission is not None:
            self.admission.room_joined(room.code)
        if self.cluster is not None:
            self.cluster.joined(room.code)
        self._record(room)
        self._seat(peer, room, 1)
        if self.joined is not None:  # spit host keeps what opens the room again
            self.joined(room)
        log.info("room %s: player 2 joined from %s; play", room.code, peer.name)

    def _record(self, room: Room) -> None:
        """Keep ``room``'s match's record, if this server records."""
        if not self.record:
            return
        seated = players("network", (room.names[0] or None, room.names[1] or None), None)
        room.record(
            MatchRecorder(
                "network",
                seated,
                notice=lambda notice: log.warning("room %s: %s", room.code, _said(notice)),
                holds=True,
            )
        )
        if self.cluster is not None and room.recorder is not None:
            self.cluster.recording(room.code, room.recorder.path, room.match.seed)

    def _rejoin(self, peer: _Peer, message: Rejoin) -> None:
        if peer.room is not None:
            raise _Refused(Problem.ALREADY_IN_ROOM, "already in a room")
        room = self.rooms.get(message.room)
        seat = None
        if room is not None:
            # A token is ASCII (token_urlsafe): another can fit no seat, and cannot be
            # compared in constant time (compare_digest raises on a str that is not ASCII).
            token = message.token if message.token.isascii() else None
            seat = next(
                (s for s in (0, 1) if room.taken[s] and token and room.token_fits(s, token)),
                None,
            )
        if room is None or seat is None:
            why = f"no seat in room {message.room} has that token"
            raise _Refused(Problem.NO_SEAT, why, wrong_code=True)
        if room.stage is Stage.OVER:
            peer.send(room.result(), self.limits.backlog)
            return
        old = self._seats.get((room.code, seat))
        if old is not None:  # the old connection is dead but not yet noticed
            old.room = None
            old.close(REPLACED, "the seat was taken back by a new connection")
        self._timers.cancel((room.code, seat, "grace"))
        self._seat(peer, room, seat)
        log.info("room %s: player %d back from %s", room.code, seat + 1, peer.name)

    def _seat(self, peer: _Peer, room: Room, seat: int) -> None:
        peer.room, peer.seat = room, seat
        self._seats[(room.code, seat)] = peer
        room.set_connected(seat, True)
        welcome = room.welcome(seat)
        if self.cluster is not None:  # a dropped line comes back to this worker itself
            welcome.home = self.cluster.address
        peer.send(welcome, self.limits.backlog)
        # The newcomer gets the whole table; the other seat, if there, its table anew too
        # (a second player just sat down) — without events, so nothing is drawn twice.
        self._deliver(room, room.tables(()))
        self._told(room)

    def _act(self, peer: _Peer, message: Act) -> None:
        # The action was read for this connection's seat: it names no other room or seat.
        room = self._room_of(peer)
        sends, _ = room.act(peer.seat, message.action, message.id)
        if room.recorder is not None:  # its record's lines are written before its frames
            self._records.append(room)
            self._outbox.soon()
        self._deliver(room, sends)
        if room.ended is RoomEnd.MATCH_OVER and (room.code, -1, "forget") not in self._timers:
            outcome = room.match.outcome
            assert outcome is not None
            who = "a draw" if outcome.winner is None else f"player {outcome.winner + 1} wins"
            log.info(
                "room %s: match over after %d rounds, %s", room.code, len(room.match.history), who
            )
            self._end(room, RoomEnd.MATCH_OVER)

    # -- comings and goings ----------------------------------------------------------------

    def _gone(self, peer: _Peer) -> None:
        room = peer.room
        if room is None or self._seats.get((room.code, peer.seat)) is not peer:
            return
        del self._seats[(room.code, peer.seat)]
        grace = self._grace(room)
        room.set_connected(peer.seat, False, grace=grace)
        if room.stage is Stage.OVER:
            self._deliver(room, rematch.none_follows(room, rematch.LEFT, peer.seat))
            return
        log.info("room %s: player %d dropped; seat kept %g s", room.code, peer.seat + 1, grace)
        self._deliver(room, room.status())
        seat = peer.seat
        self._timers.start((room.code, seat, "grace"), grace, lambda: self._abandon(room, seat))

    def _time_pause(self, room: Room, seat: int) -> None:
        """Run out ``seat``'s pause when its pausing is spent (or stop the count: let go)."""
        key = (room.code, seat, "pause")
        self._timers.cancel(key)
        if room.paused_by[seat]:
            self._timers.start(key, room.pause_left(seat), lambda: self._pause_over(room, seat))

    def _pause_over(self, room: Room, seat: int) -> None:
        if room.stage is Stage.OVER or not room.paused_by[seat]:
            return
        room.set_paused(seat, False)
        log.info("room %s: player %d's pause ran out; play goes on", room.code, seat + 1)
        self._told(room)

    def _told(self, room: Room) -> None:
        """Tell both seats how the room stands (after a count, play goes on when it ends)."""
        self._deliver(room, room.status())
        if room.goes_on_at is not None:
            go_on, key = lambda: self._deliver(room, room.go_on()), (room.code, -1, "go on")
            self._timers.start(key, room.goes_on_at - self._source(), go_on)

    def _abandon(self, room: Room, seat: int) -> None:
        if room.connected[seat] or room.stage is Stage.OVER:
            return
        log.info("room %s: player %d did not come back; match abandoned", room.code, seat + 1)
        self._end(room, RoomEnd.ABANDONED, seat)

    def _end(self, room: Room, why: RoomEnd, loser: int | None = None) -> None:
        room.end(why)
        sends = room.ended_frames()
        if self.online is not None:  # a paired match's frames carry the ratings
            sends = self.online.ended(room, sends, loser)
        self._deliver(room, sends)
        for seat in (0, 1):
            for what in ("grace", "pause"):
                self._timers.cancel((room.code, seat, what))
        # Keep the finished room a while, so a player whose connection dropped at the end
        # still learns how it ended on coming back; then forget it.
        self._timers.start((room.code, -1, "forget"), self._grace(room), lambda: self._forget(room))

    def _forget(self, room: Room) -> None:
        self._deliver(room, rematch.none_follows(room, rematch.CLOSED))
        self.rooms.pop(room.code, None)
        self.spectators.forget(room)
        for seat in (0, 1):
            self._seats.pop((room.code, seat), None)
        if self.admission is not None:
            self.admission.room_gone(room.code)
        if self.cluster is not None:
            self.cluster.release(room.code)

    # -- admission (spit/net/limits.py) ----------------------------------------------------

    def _grace(self, room: Room) -> float:
        """How long a dropped seat, then the ended room, is kept: a room that never had a
        second player only a short while (nobody else is waiting to learn how it ended)."""
        if self.admission is not None and self.admission.waiting(room.code):
            return min(self.limits.grace, self.limits.quotas.waiting_grace)
        return self.limits.grace

    def _deliver(self, room: Room, sends: list[Send]) -> None:
        last: tuple[Frame, str] | None = None
        for send in sends:
            peer = self._seats.get((room.code, send.seat))
            if peer is not None:
                # A frame both seats get (status, ended) is encoded once.
                if last is None or last[0] is not send.body:
                    last = (send.body, encode(send.body))
                peer.send(send.body, self.limits.backlog, last[1])
        self.spectators.told(room, sends)


def _said(notice: RecorderNotice) -> str:
    """A recorder's notice in the log's words (a server's recorder makes and writes only)."""
    if isinstance(notice, NotRecorded):
        return f"the match is not recorded: {notice.error}"
    if isinstance(notice, NoLongerRecorded):
        return f"the match is no longer recorded: {notice.error}"
    return f"its record: {notice}"


def _join_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run a server process's ``main`` on uvloop, libuv's event loop in C: 10–20 % less CPU
    per action than asyncio's own (docs/performance.md, "The server re-cut")."""
    return uvloop.run(main)
