"""The authoritative game server: any number of rooms in one asyncio process, over websockets.

Each connection is read by its own task until its player is seated, then as websockets
parses its frames off the socket (see :class:`_ReadAtOnce`); every frame is parsed strictly,
and a valid one is applied to its room synchronously — no ``await`` between the check and the
change — so two players' actions are settled in the order they arrive, each stamped with its
room's clock.
Frames out are encoded once and gathered per connection while the event loop's turn goes on;
at its end one callback writes every record line those frames tell of, then each connection's
frames in one write to its socket (websockets' Sans-I/O protocol frames them), so a slow
reader delays nobody else and is cut off once too much waits for it.

Bad input never reaches a room: a frame too large closes the connection (websockets'
``max_size``), a malformed or out-of-place one gets an ``error`` frame, and a client sending
faster than any player can is cut off. Each of these is logged, and everything else carries on.
Before a connection's websocket opens, :mod:`spit.net.limits` decides whether to take it at
all (its address's quotas, the files the process may open).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame as WsFrame
from websockets.frames import Opcode
from websockets.protocol import Event, State

from spit.engine import Settings
from spit.net.bucket import Bucket
from spit.net.cluster import Cluster, DirectoryDown
from spit.net.limits import Admission, Quotas, address_key, raise_file_limit
from spit.net.room import PAUSE_ALLOWANCE, Room, Send, new_room_code
from spit.net.wire import (
    DEFAULT_PORT,
    MAX_CLIENT_FRAME,
    Act,
    Frame,
    JoinRoom,
    Leave,
    OpenRoom,
    OtherVersion,
    Ping,
    Pong,
    Problem,
    ProtocolError,
    Redirect,
    Rejoin,
    RoomEnd,
    SetPause,
    Stage,
    encode,
    error_frame,
    parse_client,
)

log = logging.getLogger("spit.net.server")
"""One line per room event and per bad input."""

GOING_AWAY = 1001
"""Close code: the server is stopping."""
POLICY = 1008
"""Close code: the client broke the protocol's rules (a flood, guessing codes)."""
MESSAGE_TOO_BIG = 1009
"""Close code: a frame over the size cap (websockets closes with it by itself)."""
INTERNAL_ERROR = 1011
"""Close code: the server could not go on with the connection (a bug of ours)."""
REPLACED = 4001
"""Close code: the seat was taken back by a newer connection with its token."""


MAX_LINES = 100
"""Log lines one connection may cost; past them, what it does is no longer written (one
attacker sending bad frames or pausing and letting go all day must not fill the disk)."""

FRAME_BYTES = 1024
"""What a frame is counted as in the backlog (a table frame is some 700 bytes)."""

RTT_STEP = 0.005
"""A round-trip time is told again once it moved by this many seconds or by
:data:`RTT_SHARE` of itself, whichever is more: a change a player could notice, not the
jitter of a busy machine (each telling is a ``status`` frame to both seats)."""

RTT_SHARE = 0.2
"""The share of a round-trip time it must move by to be told again (see :data:`RTT_STEP`)."""

PING_SLOTS = 20
"""The parts of the ping interval: each connection is pinged in one of them, taken in turn
as connections come, by one task for the whole server. Connections opened together (a
restart, a tournament's start) are pinged spread over the interval, not in one burst of
hundreds of frames that every action of that turn would wait behind, and no connection
keeps a task and a timer of its own for it."""

RTT_KEPT = 3
"""A seat's round-trip time is the least of its last this many measurements: a frame that
waited behind others on a busy server or line is not the line's time (a line that really got
slower shows once this many pings say so)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What the server allows one connection, and how long it keeps a dropped seat."""

    grace: float = 60.0
    """Seconds a dropped seat is kept before its match is abandoned."""
    rate: float = 40.0
    """Frames a second a client may send on average (a fast player presses some 15 keys)."""
    burst: float = 80.0
    """Frames a client may send at once before the rate applies."""
    max_errors: int = 20
    """Bad frames a connection may send before it is closed."""
    max_wrong_codes: int = 3
    """Wrong room codes or tokens a connection may try before it is closed."""
    max_rooms: int = 20_000
    """Rooms one process holds at most; opening more is refused."""
    backlog: int = 1000
    """Frames waiting for a slow reader (past what its socket holds) before its connection
    is closed, counted as :data:`FRAME_BYTES` each."""
    ping_every: float = 2.0
    """Seconds between round-trip measurements (each a frame out and one in, per seat)."""
    seat_timeout: float = 30.0
    """Seconds a connection may stay without taking a seat before it is closed."""
    pause: float = PAUSE_ALLOWANCE
    """Seconds each player may hold pauses for in one match, in all; then play goes on."""
    quotas: Quotas = field(default_factory=Quotas)
    """What one client address may hold, and the files kept free (spit/net/limits.py)."""


class _Peer:
    """One connection: its frames waiting for the loop's turn to end and, once seated, its
    room and seat."""

    def __init__(
        self, ws: ServerConnection, limits: Limits, pace: float, now: float, outbox: _Outbox
    ) -> None:
        self.ws = ws
        self.room: Room | None = None
        self.seat = 0
        self.pending: list[str] = []
        """Frames encoded this turn of the loop, written together at its end."""
        self._outbox = outbox
        # A faster game clock lets players act faster: the allowance grows with the pace.
        self.bucket = Bucket(limits.rate * pace, limits.burst * pace, now)
        self.errors = 0
        self.wrong_codes = 0
        self.pings: dict[int, float] = {}
        self.opened = now
        """When it connected (the server's time source)."""
        self.rtts: deque[float] = deque(maxlen=RTT_KEPT)
        """The last round-trip times measured (see :data:`RTT_KEPT`)."""
        self.closing = False
        self.lines = 0
        """Log lines written about this connection so far (at most :data:`MAX_LINES`)."""
        address = ws.remote_address
        self.name = f"{address[0]}:{address[1]}" if address else "?"

    def send(self, body: Frame, backlog: int, text: str | None = None) -> None:
        """Queue ``body`` for this connection; ``text``: its encoding, if made already (one
        frame sent to both seats is encoded once)."""
        if self.closing:
            return
        if len(self.pending) >= backlog:
            self.too_slow()
            return
        if not self.pending:
            self._outbox.peers.append(self)
            self._outbox.soon()
        self.pending.append(encode(body) if text is None else text)

    def flush(self, backlog: int) -> None:
        """Write the frames this turn gave it: each framed by the connection's protocol, all
        in one write to the socket. A reader that leaves more than ``backlog`` frames unread
        is closed."""
        texts, self.pending = self.pending, []
        ws = self.ws
        protocol = ws.protocol
        if not texts or protocol.state is not State.OPEN or ws.transport.is_closing():
            return  # closing or gone: its frames are dropped, as a send would raise
        for text in texts:
            protocol.send_text(text.encode())
        chunks = protocol.data_to_send()
        if all(chunks):
            ws.transport.writelines(chunks)
        else:  # the protocol asks to half-close: let websockets do it as it does
            ws.send_data()
        if ws.transport.get_write_buffer_size() > backlog * FRAME_BYTES and not self.closing:
            self.too_slow()

    def too_slow(self) -> None:
        log.warning("%s: not reading its frames; closing", self.name)
        self.pending.clear()
        self.close(POLICY, "not reading")

    def note(self, level: int, message: str, *args: object) -> None:
        """Log one line about this connection, within its :data:`MAX_LINES`."""
        self.lines += 1
        if self.lines < MAX_LINES:
            log.log(level, message, *args)
        elif self.lines == MAX_LINES:
            log.warning("%s: %d lines logged; no more about this connection", self.name, MAX_LINES)

    def close(self, code: int, reason: str) -> None:
        """Close the connection, after the frames it was given before (an error frame says
        why before the close does)."""
        self._outbox.flush_peer(self)
        self.closing = True
        asyncio.get_running_loop().create_task(self.ws.close(code, reason))


class _Outbox:
    """What the server wrote this turn of the event loop, written out once at its end: first
    the record lines of every room that acted (so a frame never tells a player of an action
    its record does not hold), then each connection's frames (see :meth:`_Peer.flush`)."""

    def __init__(self, backlog: int) -> None:
        self.backlog = backlog
        self.peers: list[_Peer] = []
        """Connections with frames waiting, in the order they got their first."""
        self.records: list[Room] = []
        """Rooms whose record has lines waiting."""
        self._soon = False

    def soon(self) -> None:
        """Flush at the end of this turn of the loop (once, however many ask)."""
        if not self._soon:
            self._soon = True
            asyncio.get_running_loop().call_soon(self.flush)

    def record(self, room: Room) -> None:
        """``room``'s record has lines to write before its frames go."""
        if room.recorder is not None:
            self.records.append(room)
            self.soon()

    def flush_peer(self, peer: _Peer) -> None:
        """Write ``peer``'s frames now (it is closing), the records they tell of first."""
        if peer.pending:
            self.flush_records()
            peer.flush(self.backlog)

    def flush_records(self) -> None:
        rooms, self.records = self.records, []
        for room in rooms:
            room.flush_record()

    def flush(self) -> None:
        self._soon = False
        self.flush_records()
        peers, self.peers = self.peers, []
        for peer in peers:
            try:
                peer.flush(self.backlog)
            except Exception:  # a bug of ours, or of the transport: the others' frames still go
                log.exception("%s: its frames could not be written; closing", peer.name)
                peer.pending.clear()
                if not peer.closing:
                    peer.close(INTERNAL_ERROR, "internal error")


class _ReadAtOnce(ServerConnection):
    """A connection whose text frames, once its player is seated, go to :attr:`reader` as
    websockets parses them off the socket, in that same turn of the loop — not through its
    queue of messages and a wake of the connection's task, which cost a turn of the loop and
    some 20 µs a frame. A frame goes the usual way while frames wait in that queue (so they
    keep their order), and when it is fragmented, binary or not UTF-8 (websockets judges
    those as ever)."""

    reader: Callable[[str], None] | None = None
    """Takes each frame's text (set once a seat is taken)."""

    def process_event(self, event: Event) -> None:
        reader = self.reader
        if (
            reader is not None
            and type(event) is WsFrame
            and event.opcode is Opcode.TEXT
            and event.fin
            and not len(self.recv_messages.frames)
            and not self.recv_messages.closed
        ):
            try:
                text = event.data.decode()
            except UnicodeDecodeError:
                pass
            else:
                reader(text)
                return
        super().process_event(event)


def _reading_at_once(base: type[ServerConnection]) -> type[ServerConnection]:
    """``base`` (the doorkeeper's connection) reading as :class:`_ReadAtOnce` does."""
    return type("Connection", (_ReadAtOnce, base), {})


class _Refused(Exception):
    """A well-formed frame the server will not do: an error frame with its problem."""

    def __init__(self, problem: Problem, why: str, *, wrong_code: bool = False) -> None:
        super().__init__(why)
        self.problem = problem
        """The error frame's stable id."""
        self.why = why
        """The log line's words."""
        self.wrong_code = wrong_code
        """Whether it counts as a guessed room code or token."""


class GameServer:
    """Rooms, seats and connections. Start it with :meth:`start`, stop it with :meth:`stop`."""

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
    ) -> None:
        self.limits = limits or Limits()
        self.hosted = hosted
        """Whether this server runs inside a player's ``spit host`` (and dies with it)."""
        self.cluster = cluster
        """This process's part in a cluster of workers sharing a directory of rooms
        (spit/net/cluster.py), or None: a server on its own."""
        self.record = record
        """Whether each match is recorded, in this machine's data directory (see
        docs/records.md): the server holds the match, so its record is written here."""
        """What a connection may do."""
        self.settings = settings
        """Timing rules for every room's match (the engine's defaults if None)."""
        self.pace = pace
        """Game seconds per wall second in every room (above 1 only for tests and bots)."""
        self.rooms: dict[str, Room] = {}
        """Every room, by code, until a while after it ends."""
        self._source = source
        self._seats: dict[tuple[str, int], _Peer] = {}
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._pauses: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._ws: WsServer | None = None
        self.admission: Admission | None = None
        """The doorkeeper, once started: connections and waiting rooms per address."""
        self._more: list[WsServer] = []
        self._ping_ids = itertools.count(1)
        self._ping_slots: list[set[_Peer]] = [set() for _ in range(PING_SLOTS)]
        self._next_slot = 0
        self._pinger: asyncio.Task[None] | None = None
        self._outbox = _Outbox(self.limits.backlog)
        self.address: tuple[str, int] = ("", 0)
        """Where it listens, once started (the port the system chose, for port 0)."""

    # -- running ---------------------------------------------------------------------------

    async def start(
        self, bind: str = "127.0.0.1", port: int = DEFAULT_PORT, *, reuse_port: bool = False
    ) -> tuple[str, int]:
        """Listen on ``bind``:``port``; returns the address (with the port chosen, for 0).
        Called again, it listens on one more address too (a worker's shared and own ones);
        ``reuse_port``: share the port with other processes (SO_REUSEPORT)."""
        admission = self.admission = self.admission or self._admit()
        if self._pinger is None:
            self._pinger = asyncio.get_running_loop().create_task(self._ping())
        ws = await serve(
            self._handle,
            bind,
            port,
            process_request=admission.process_request,
            create_connection=_reading_at_once(admission.connection_class()),
            max_size=MAX_CLIENT_FRAME,
            compression=None,  # frames are small; inflating them would only cost and risk
            max_queue=64,
            ping_interval=10,
            ping_timeout=10,
            close_timeout=2,
            reuse_port=reuse_port,
        )
        host, port = ws.sockets[0].getsockname()[:2]
        if self._ws is not None:
            self._more.append(ws)
            log.info("listening on %s too%s", _join_address(host, port), _shared(reuse_port))
            return (host, port)
        self._ws = ws
        self.address = (host, port)
        log.info(
            "listening on %s%s (up to %d connections: %d open files)",
            _join_address(host, port),
            _shared(reuse_port),
            admission.budget,
            admission.files,
        )
        return self.address

    def _admit(self) -> Admission:
        """The doorkeeper, for as many connections as the files this process may open
        (raised as far as the system lets)."""
        return Admission(self.limits.quotas, files=raise_file_limit(), source=self._source)

    async def stop(self) -> None:
        """Close every connection (as "going away") and stop listening."""
        for timer in [*self._timers.values(), *self._pauses.values()]:
            timer.cancel()
        if self._pinger is not None:
            self._pinger.cancel()
            self._pinger = None
        self._timers.clear()
        self._pauses.clear()
        for ws in [self._ws, *self._more] if self._ws is not None else []:
            ws.close()
            await ws.wait_closed()
        self._ws = None
        self._more = []
        for room in self.rooms.values():
            # A match cut off by the server stopping cannot go on (once no action can arrive):
            # its record says so, and gives its sealed seed, so it can still be replayed.
            if room.recorder is not None:
                room.recorder.abandon()
                room.recorder = None
        log.info("stopped; rooms open: %d", len(self.rooms))
        if self.cluster is not None:
            await self.cluster.stop(list(self.rooms))

    # -- one connection --------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        peer = _Peer(ws, self.limits, self.pace, self._source(), self._outbox)
        pinged = self._ping_slots[self._next_slot]
        self._next_slot = (self._next_slot + 1) % PING_SLOTS
        pinged.add(peer)
        try:
            async for frame in ws:
                if peer.closing:
                    # Closed for what it did (wrong codes, bad frames, a flood): the frames it
                    # sent before the close are read off the socket, never acted on — a right
                    # code after the wrong ones in the same burst takes no seat.
                    continue
                if not self._within_rate(peer):
                    await ws.close(POLICY, "too many frames")
                    break
                try:
                    message = parse_client(frame, peer.seat)
                    if self.cluster is None or not await self._clustered(peer, message):
                        self._dispatch(peer, message)
                except Exception as error:
                    self._failed(peer, error)
        except ConnectionClosed:
            pass
        finally:
            pinged.discard(peer)
            if isinstance(ws, _ReadAtOnce):
                ws.reader = None
            sent = ws.protocol.close_sent
            if sent is not None and sent.code == MESSAGE_TOO_BIG:
                log.warning("%s: frame over %d bytes; closed", peer.name, MAX_CLIENT_FRAME)
            self._gone(peer)

    def _read(self, peer: _Peer, frame: str) -> None:
        """A seated connection's frame, read as it arrives (see :class:`_ReadAtOnce`): the
        same checks and answers as :meth:`_handle` gives, without waking its task."""
        if peer.closing:
            return
        if not self._within_rate(peer):
            asyncio.get_running_loop().create_task(peer.ws.close(POLICY, "too many frames"))
            return
        try:
            # A seated connection's frames never go to the cluster's directory.
            self._dispatch(peer, parse_client(frame, peer.seat))
        except Exception as error:
            self._failed(peer, error)

    def _within_rate(self, peer: _Peer) -> bool:
        """Whether ``peer`` keeps within its rate; if not, it is closing (a flood)."""
        if peer.bucket.take(self._source()):
            return True
        log.warning("%s: flooding (over %g frames/s); closed", peer.name, peer.bucket.rate)
        peer.closing = True
        return False

    def _failed(self, peer: _Peer, error: Exception) -> None:
        """Answer a frame that could not be done (called in its ``except`` block)."""
        if isinstance(error, _Refused):
            self._bad(peer, error.problem, error.why, wrong_code=error.wrong_code)
        elif isinstance(error, OtherVersion):
            self._bad(peer, Problem.OTHER_VERSION, str(error))
        elif isinstance(error, ProtocolError):
            self._bad(peer, Problem.BAD_FRAME, str(error))
        else:  # a bug of ours: say so, and keep every room going
            log.exception("%s: internal error on a frame; the room carries on", peer.name)
            peer.send(error_frame(Problem.INTERNAL), self.limits.backlog)

    async def _ping(self) -> None:
        """Ping every connection once an interval, one slot of them at a time (see
        :data:`PING_SLOTS`)."""
        every = self.limits.ping_every
        slot = 0
        while True:
            await asyncio.sleep(every / PING_SLOTS)
            for peer in list(self._ping_slots[slot]):
                try:
                    self._ping_peer(peer)
                except Exception:  # a bug of ours: the other connections are still pinged
                    log.exception("%s: could not be pinged", peer.name)
            slot = (slot + 1) % PING_SLOTS

    def _ping_peer(self, peer: _Peer) -> None:
        if peer.closing:
            return
        if peer.room is None:
            # A connection that never takes a seat holds a socket for nothing.
            if self._source() - peer.opened >= self.limits.seat_timeout:
                log.warning("%s: took no seat in %g s; closed", peer.name, self.limits.seat_timeout)
                peer.close(POLICY, "no seat taken")
            return
        ping = next(self._ping_ids)
        if len(peer.pings) > 10:  # unanswered ones are forgotten
            peer.pings.clear()
        peer.pings[ping] = self._source()
        peer.send(Ping(id=ping), self.limits.backlog)

    def _bad(self, peer: _Peer, problem: Problem, why: str, *, wrong_code: bool = False) -> None:
        """One bad frame: one log line, an error frame, and it counts toward the caps."""
        if peer.closing:
            # Closed for its bad frames already: those read before the close are not
            # answered, nor logged once each.
            return
        peer.note(logging.WARNING, "%s: %s", peer.name, why)
        detail = why if problem in (Problem.BAD_FRAME, Problem.OTHER_VERSION) else ""
        peer.send(error_frame(problem, detail), self.limits.backlog)
        peer.errors += 1
        peer.wrong_codes += wrong_code
        if wrong_code and self.cluster is not None:
            self.cluster.wrong_code(self._counted(peer))
        if peer.errors > self.limits.max_errors:
            log.warning("%s: too many bad frames; closed", peer.name)
            peer.close(POLICY, "too many bad frames")
        elif peer.wrong_codes >= self.limits.max_wrong_codes:
            log.warning("%s: too many wrong room codes; closed", peer.name)
            peer.close(POLICY, "too many wrong codes")

    # -- what a frame does -----------------------------------------------------------------

    def _dispatch(self, peer: _Peer, message: object) -> None:
        if isinstance(message, Act):
            self._act(peer, message)
        elif isinstance(message, Pong):
            sent = peer.pings.pop(message.id, None)
            if sent is not None and peer.room is not None:
                room = peer.room
                peer.rtts.append(self._source() - sent)
                rtt, shown = min(peer.rtts), room.rtt[peer.seat]
                # Both tables show it; tell them only of a change a player could notice,
                # not of every measurement (that was most of an idle room's frames).
                if shown is None or abs(rtt - shown) >= max(RTT_STEP, RTT_SHARE * shown):
                    room.rtt[peer.seat] = rtt
                    self._deliver(room, room.status())
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
                self._deliver(room, room.status())
        elif isinstance(message, OpenRoom):
            self._open(peer, message)
        elif isinstance(message, JoinRoom):
            self._join(peer, message)
        elif isinstance(message, Rejoin):
            self._rejoin(peer, message)
        elif isinstance(message, Leave):
            room = self._room_of(peer)
            if room.stage is not Stage.OVER:
                log.info("room %s: player %d left; match over", room.code, peer.seat + 1)
                self._end(room, RoomEnd.LEFT)

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
        self._room_quota(peer)
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
            hosted=self.hosted,
        )
        self.rooms[code] = room
        if self.admission is not None:
            self.admission.room_opened(code, peer.ws.remote_address)
        self._seat(peer, room, 0)
        log.info(
            "room %s: opened by %s (%s%s)",
            code,
            peer.name,
            room.variant.value,
            ", seeded" if room.seeded else "",
        )

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
        if self.record:
            self._record(room)
            if self.cluster is not None and room.recorder is not None:
                self.cluster.recording(room.code, room.recorder.path, room.match.seed)
        self._seat(peer, room, 1)
        log.info("room %s: player 2 joined from %s; play", room.code, peer.name)

    def _record(self, room: Room) -> None:
        from spit.records.recorder import MatchRecorder, players

        seated = players("network", (room.names[0] or None, room.names[1] or None), None)
        room.record(
            MatchRecorder(
                "network",
                seated,
                notice=lambda why: log.warning("room %s: %s", room.code, why),
                holds=True,
            )
        )

    def _rejoin(self, peer: _Peer, message: Rejoin) -> None:
        if peer.room is not None:
            raise _Refused(Problem.ALREADY_IN_ROOM, "already in a room")
        room = self.rooms.get(message.room)
        seat = None
        if room is not None:
            seat = next(
                (s for s in (0, 1) if room.taken[s] and room.token_fits(s, message.token)), None
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
        timer = self._timers.pop((room.code, seat), None)
        if timer is not None:
            timer.cancel()
        self._seat(peer, room, seat)
        log.info("room %s: player %d back from %s", room.code, seat + 1, peer.name)

    def _seat(self, peer: _Peer, room: Room, seat: int) -> None:
        peer.room, peer.seat = room, seat
        if isinstance(peer.ws, _ReadAtOnce):
            # Seated: its frames are read as they arrive. Those queued already are read by
            # its task first (see _ReadAtOnce), so none overtakes another.
            peer.ws.reader = functools.partial(self._read, peer)
        self._seats[(room.code, seat)] = peer
        room.set_connected(seat, True)
        welcome = room.welcome(seat)
        if self.cluster is not None:  # a dropped line comes back to this worker itself
            welcome.home = self.cluster.address
        peer.send(welcome, self.limits.backlog)
        # The newcomer gets the whole table; the other seat, if there, its table anew too
        # (a second player just sat down) — without events, so nothing is drawn twice.
        self._deliver(room, room.tables(()))
        self._deliver(room, room.status())

    def _act(self, peer: _Peer, message: Act) -> None:
        # The action was read for this connection's seat: it names no other room or seat.
        room = self._room_of(peer)
        sends, _ = room.act(peer.seat, message.action, message.id)
        self._outbox.record(room)  # its record's lines are written before its frames
        self._deliver(room, sends)
        if room.ended is RoomEnd.MATCH_OVER and (room.code, -1) not in self._timers:
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
            return
        log.info("room %s: player %d dropped; seat kept %g s", room.code, peer.seat + 1, grace)
        self._deliver(room, room.status())
        loop = asyncio.get_running_loop()
        self._timers[(room.code, peer.seat)] = loop.call_later(
            grace, self._abandon, room, peer.seat
        )

    def _time_pause(self, room: Room, seat: int) -> None:
        """Run out ``seat``'s pause when its pausing is spent (or stop the count: let go)."""
        key = (room.code, seat)
        timer = self._pauses.pop(key, None)
        if timer is not None:
            timer.cancel()
        if room.paused_by[seat]:
            loop = asyncio.get_running_loop()
            self._pauses[key] = loop.call_later(room.pause_left(seat), self._pause_over, room, seat)

    def _pause_over(self, room: Room, seat: int) -> None:
        self._pauses.pop((room.code, seat), None)
        if room.stage is Stage.OVER or not room.paused_by[seat]:
            return
        room.set_paused(seat, False)
        log.info("room %s: player %d's pause ran out; play goes on", room.code, seat + 1)
        self._deliver(room, room.status())

    def _abandon(self, room: Room, seat: int) -> None:
        self._timers.pop((room.code, seat), None)
        if room.connected[seat] or room.stage is Stage.OVER:
            return
        log.info("room %s: player %d did not come back; match abandoned", room.code, seat + 1)
        self._end(room, RoomEnd.ABANDONED)

    def _end(self, room: Room, why: RoomEnd) -> None:
        room.end(why)
        self._deliver(room, room.ended_frames())
        for seat in (0, 1):
            for timers in (self._timers, self._pauses):
                timer = timers.pop((room.code, seat), None)
                if timer is not None:
                    timer.cancel()
        # Keep the finished room a while, so a player whose connection dropped at the end
        # still learns how it ended on coming back; then forget it.
        loop = asyncio.get_running_loop()
        self._timers[(room.code, -1)] = loop.call_later(self._grace(room), self._forget, room)

    def _forget(self, room: Room) -> None:
        self._timers.pop((room.code, -1), None)
        self.rooms.pop(room.code, None)
        for seat in (0, 1):
            self._seats.pop((room.code, seat), None)
        if self.admission is not None:
            self.admission.room_gone(room.code)
        if self.cluster is not None:
            self.cluster.release(room.code)

    # -- admission (spit/net/limits.py) ----------------------------------------------------

    def _room_quota(self, peer: _Peer) -> None:
        """Refuse a room to an address that holds as many waiting ones as it may."""
        why = (
            None if self.admission is None else self.admission.room_refusal(peer.ws.remote_address)
        )
        if why is not None:
            raise _Refused(Problem.SERVER_FULL, why)

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

    # -- a worker of a cluster (spit/net/cluster.py) ----------------------------------------

    async def _clustered(self, peer: _Peer, message: object) -> bool:
        """A frame taking a seat, where the directory has a say: an ``open`` under a code
        claimed in the whole cluster, a ``join`` or ``rejoin`` of a room another worker
        holds sent on there. True if it was done here; False: dispatch it as ever."""
        assert self.cluster is not None
        cluster, who = self.cluster, self._counted(peer)
        if peer.room is not None or not isinstance(message, OpenRoom | JoinRoom | Rejoin):
            return False
        try:
            if isinstance(message, OpenRoom):
                if len(self.rooms) >= self.limits.max_rooms:
                    return False  # refused as ever
                waiting = await cluster.waiting_rooms(who)
                if waiting >= self.limits.quotas.waiting_rooms:
                    why = f"{waiting} rooms from this address wait for a player already"
                    raise _Refused(Problem.SERVER_FULL, why)
                if await cluster.over_tally("rooms", who, cluster.tallies.rooms):
                    raise _Refused(Problem.SERVER_FULL, f"{who} opened too many rooms")
                code = await cluster.claim_code(self.rooms)
                if code is None:
                    raise _Refused(Problem.SERVER_FULL, "no free room code found")
                if peer.closing:
                    cluster.release(code)
                    return True
                try:
                    self._open(peer, message, code)
                except _Refused:
                    cluster.release(code)  # refused after all (this address's quota)
                    raise
                cluster.opened(code, who)
                return True
            if message.room in self.rooms:
                return False  # held here: no need to ask
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
        peer.closing = True
        await peer.ws.send(encode(Redirect(address=holder.address)))
        await peer.ws.close(1000, "sent on")
        return True

    def _counted(self, peer: _Peer) -> str | None:
        """Who ``peer`` is for the counts kept across a cluster (None: spared them, as a
        client on this machine is spared the per-address quotas)."""
        address = peer.ws.remote_address
        return address_key(address) if self.admission is None else self.admission.counted(address)


def _shared(reuse_port: bool) -> str:
    return " (shared with the other workers)" if reuse_port else ""


def _join_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
