"""The game server's sockets: websockets accepted, read, written, pinged and closed.

:class:`Transport` is the one place that knows the websocket library; the rooms' side
(spit/net/server.py) sees a :class:`Connection` only. Each connection is an asyncio protocol
of ours driving websockets' Sans-I/O :class:`~websockets.server.ServerProtocol` (its
documented API only): bytes in, frames out to the rooms in the same turn of the loop, and a
turn's frames written in one ``writelines``. No task, queue or wake per frame.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Protocol, cast

from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

from spit.net.limits import Admission, address_key
from spit.net.wire import MAX_CLIENT_FRAME

log = logging.getLogger("spit.net.server")

GOING_AWAY = 1001  # close code: the server is stopping
POLICY = 1008  # close code: the client broke the protocol's rules (a flood, guessing codes)
MESSAGE_TOO_BIG = 1009  # close code: a frame over the size cap (websockets closes by itself)
INTERNAL_ERROR = 1011  # close code: a bug of ours, or no answer to a ping

# A frame's size as counted in the backlog (a table is some 700 bytes). Past backlog ×
# FRAME_BYTES bytes unsent to a connection (frames, pongs, a close: whatever it made the
# server say), it is cut at once: a polite close would wait behind them for ever.
FRAME_BYTES = 1024

# Log lines one connection may cost; past them, what it does is no longer written (one
# attacker sending bad frames or pausing and letting go all day must not fill the disk).
MAX_LINES = 100

OPEN_TIMEOUT = 10.0  # seconds a socket may take to open its websocket
# A connection silent this many seconds is pinged; one silent for as long again is closed. A
# seated player answers the rooms' own pings every 5 s, so a live one is never pinged here.
PING_EVERY = 10.0
CLOSE_TIMEOUT = 2.0  # seconds the other end has to finish a close before the socket is cut


class Reader(Protocol):
    """The rooms' side of one connection, as the transport calls it."""

    def frame(self, text: str | bytes) -> Awaitable[None] | None:
        """One frame (bytes: a binary one); an awaitable if the next must wait for it."""

    def gone(self) -> None:
        """The connection is closed."""


class Connection(asyncio.Protocol):
    """One client's socket, from its accept to its loss: the websocket's frames in, handed to
    its :class:`Reader` as they are parsed, and frames out, gathered per turn of the loop."""

    def __init__(self, door: Transport) -> None:
        self._door = door
        self._outbox = door.outbox
        self._ws = ServerProtocol(max_size=MAX_CLIENT_FRAME)  # no extensions: no compression
        self._socket: asyncio.Transport | None = None
        self._key: str | None = None  # who it is for admission
        self._timer: asyncio.TimerHandle | None = None  # open, ping or close timeout
        self._pong_due = False  # pinged: closed unless something is read before the next turn
        self._heard = False  # something was read since the last ping turn
        self._closing_timed = False  # the close timeout runs
        self._parts: list[bytes] = []  # the message's frames so far (more than one: fragmented)
        self._text = False  # the message being read is text
        self._waiting: deque[str | bytes] | None = None  # frames read while one is awaited
        self._full = False  # its socket holds more unsent than asyncio's high-water mark
        self.reader: Reader | None = None  # once its websocket is open
        self.pending: list[str] = []  # frames encoded this turn, written together at its end
        self.closing = False
        self.lines = 0  # log lines written about it so far
        self.address: tuple[str, int] | None = None  # (host, port); None: a Unix socket
        self.name = "?"

    # -- the socket's side (asyncio calls these) --------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Counted from its accept; dropped at once, unanswered, when the files are all but
        gone or its address is shed (spit/net/limits.py)."""
        self._socket = transport = cast(asyncio.Transport, transport)  # uvloop's: no subclass
        peer = transport.get_extra_info("peername")
        if isinstance(peer, tuple):
            self.address = (peer[0], peer[1])
            self.name = f"{peer[0]}:{peer[1]}"
        admission = self._door.admission
        key = self._key = address_key(peer)
        admission.arrived(key)
        self._door.connections.add(self)
        if admission.open > admission.budget + admission.quotas.file_reserve // 2:
            admission.refuse("no files left", "")
            transport.abort()
        elif admission.shed(key):
            admission.refuse("dropped unread", key or "")
            transport.abort()
        else:
            self._later(OPEN_TIMEOUT, transport.abort)

    def data_received(self, data: bytes) -> None:
        self._heard = True
        ws = self._ws
        ws.receive_data(data)
        for event in ws.events_received():
            if isinstance(event, Frame):
                self._frame(event)
            elif isinstance(event, Request):
                self._opening(event)
        self._write_out()

    def pause_writing(self) -> None:
        """Its socket holds more than asyncio's high-water mark unsent: read nothing more from
        it (every ping it sends is a pong to write) until that is written."""
        self._full = True
        if self._socket is not None:
            self._socket.pause_reading()

    def resume_writing(self) -> None:
        self._full = False
        self._read_again()

    def eof_received(self) -> None:
        self._ws.receive_eof()
        self._write_out()

    def connection_lost(self, exc: Exception | None) -> None:
        self._ws.receive_eof()  # idempotent: the protocol is CLOSED now
        if self._timer is not None:
            self._timer.cancel()
        self._door.connections.discard(self)
        self._door.admission.left(self._key)
        self.closing = True
        if self.reader is not None:
            sent = self._ws.close_sent
            if sent is not None and sent.code == MESSAGE_TOO_BIG:
                log.warning("%s: frame over %d bytes; closed", self.name, MAX_CLIENT_FRAME)
            self.reader.gone()

    # -- reading ------------------------------------------------------------------------------

    def _opening(self, request: Request) -> None:
        """Open the websocket, or refuse it (HTTP 503, closed) past the file budget or the
        address's quotas."""
        admission, ws = self._door.admission, self._ws
        why = admission.refusal(self._key)
        if why is not None:
            admission.refuse(why, self._key or "")
            ws.send_response(ws.reject(HTTPStatus.SERVICE_UNAVAILABLE, f"{why}; try again later\n"))
            return
        ws.send_response(ws.accept(request))
        if ws.state is State.OPEN:
            self._heard = False  # its handshake is not an answer
            self._later(PING_EVERY, self._ping)
            self.reader = self._door.arrived(self)

    def _frame(self, frame: Frame) -> None:
        opcode = frame.opcode
        if opcode not in (Opcode.TEXT, Opcode.BINARY, Opcode.CONT):
            return  # a pong (heard), a ping (websockets answers it) or a close (it replies)
        if opcode is not Opcode.CONT:  # (websockets refuses a continuation without a start)
            self._parts, self._text = [], opcode is Opcode.TEXT
        self._parts.append(bytes(frame.data))  # the same object: it is bytes already
        if not frame.fin:
            return
        data = self._parts[0] if len(self._parts) == 1 else b"".join(self._parts)
        self._parts = []
        if not self._text:
            self._deliver(data)
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:
            self._ws.fail(1007, "invalid UTF-8")  # as websockets' own server does
            return
        self._deliver(text)

    def _deliver(self, message: str | bytes) -> None:
        if self._waiting is not None:
            self._waiting.append(message)
            return
        if self.closing or self.reader is None:
            # Closed for what it did (wrong codes, bad frames, a flood): the frames it
            # sent before the close are read off the socket, never acted on.
            return
        done = self.reader.frame(message)
        if done is not None:  # the next frames wait for it, in order; the socket is not read
            self._waiting = deque()
            if self._socket is not None:
                self._socket.pause_reading()
            asyncio.get_running_loop().create_task(self._after(done))

    async def _after(self, done: Awaitable[None]) -> None:
        await done
        waiting = self._waiting
        assert waiting is not None and self.reader is not None
        while waiting:
            message = waiting.popleft()
            if not self.closing:
                later = self.reader.frame(message)
                if later is not None:
                    await later
        self._waiting = None
        self._read_again()

    def _read_again(self) -> None:
        """Read the socket again, unless a frame is awaited or its writes wait."""
        socket = self._socket
        if self._waiting is None and not self._full and socket and not socket.is_closing():
            socket.resume_reading()

    # -- writing ------------------------------------------------------------------------------

    def send_text(self, text: str, backlog: int) -> None:
        """Queue ``text``; a connection with ``backlog`` frames waiting already is too slow."""
        if self.closing:
            return
        if len(self.pending) >= backlog:
            self.too_slow()
            return
        if not self.pending:
            self._outbox.connections.append(self)
            self._outbox.soon()
        self.pending.append(text)

    def unsent(self) -> int:
        """Bytes given it and not yet written out: its socket's, and this turn's frames
        counted as :data:`FRAME_BYTES` each."""
        socket = self._socket
        buffered = socket.get_write_buffer_size() if socket is not None else 0
        return buffered + len(self.pending) * FRAME_BYTES

    def flush(self) -> None:
        """Write the frames this turn gave it, in one write."""
        texts, self.pending = self.pending, []
        ws, socket = self._ws, self._socket
        if not texts or ws.state is not State.OPEN or socket is None or socket.is_closing():
            return  # closing or gone: its frames are dropped, as a send would raise
        for text in texts:
            ws.send_text(text.encode())
        self._write_out()

    def _write_out(self) -> None:
        """Write what the protocol has to send; an empty chunk asks to end the connection."""
        ws, socket = self._ws, self._socket
        assert socket is not None
        chunks = ws.data_to_send()
        if not chunks:  # most frames read make nothing to send (their answers go per turn)
            return
        if all(chunks):
            socket.writelines(chunks)
        else:  # the server ends the TCP connection first (once written: asyncio flushes)
            socket.writelines(chunk for chunk in chunks if chunk)
            socket.close()
        if socket.get_write_buffer_size() > self._outbox.backlog * FRAME_BYTES:
            self._cut()
            return
        if ws.state is not State.OPEN and not self._closing_timed and ws.close_expected():
            self._closing_timed = True
            self._later(CLOSE_TIMEOUT, socket.abort)

    def _ping(self) -> None:
        """Ping a websocket silent since the last turn; one pinged then is closed. (A ping
        and its pong were 0.1 of a write and a read an action at 400 rooms, all needless.)"""
        if self._ws.state is not State.OPEN:
            return
        if self._pong_due and not self._heard:
            self.note(logging.INFO, "%s: no answer to a ping; closed", self.name)
            self.close(INTERNAL_ERROR, "keepalive ping timeout")
            return
        self._pong_due = not self._heard
        if self._pong_due:
            self._ws.send_ping(b"")
            self._write_out()
        self._heard = False
        self._later(PING_EVERY, self._ping)

    def _later(self, delay: float, then: Callable[[], object]) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(delay, then)

    def too_slow(self) -> None:
        log.warning("%s: not reading its frames; closing", self.name)
        self.pending.clear()
        self.close(POLICY, "not reading")

    def _cut(self) -> None:
        """Drop the connection at once, and what it has not read with it."""
        log.warning("%s: not reading what it is sent; cut off", self.name)
        self.closing = True
        self.pending.clear()
        assert self._socket is not None
        self._socket.abort()

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
        self._outbox.flush_connection(self)
        self.closing = True
        if self._ws.state is State.OPEN:
            self._ws.send_close(code, reason)
            self._write_out()
        elif self._ws.state is State.CONNECTING and self._socket is not None:
            self._socket.abort()  # the server is stopping before its websocket opened

    def last_word(self, text: str, code: int, reason: str) -> None:
        """Send ``text`` alone, then close: nothing else is read or sent on it."""
        self.pending = [text]
        self.flush()
        self.close(code, reason)


class Outbox:
    """What the server wrote this turn of the event loop, written out once at its end: first
    :attr:`before` (record lines: a frame never tells of an action its record does not hold)."""

    def __init__(self, backlog: int, before: Callable[[], None] = lambda: None) -> None:
        self.backlog = backlog
        self.before = before
        self.connections: list[Connection] = []  # with frames waiting, in order of the first
        self._soon = False

    def soon(self) -> None:
        """Flush at the end of this turn of the loop (once, however many ask)."""
        if not self._soon:
            self._soon = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush_connection(self, connection: Connection) -> None:
        """Write ``connection``'s frames now (it is closing), what :attr:`before` writes first."""
        if connection.pending:
            self.before()
            connection.flush()

    def flush(self) -> None:
        self._soon = False
        self.before()
        connections, self.connections = self.connections, []
        for connection in connections:
            try:
                connection.flush()
            except Exception:  # a bug of ours, or of the transport: the others' frames still go
                log.exception("%s: its frames could not be written; closing", connection.name)
                connection.pending.clear()
                if not connection.closing:
                    connection.close(INTERNAL_ERROR, "internal error")


class Transport:
    """Listens, and gives each connection's frames to the :class:`Reader` ``arrived`` made."""

    def __init__(
        self, admission: Admission, arrived: Callable[[Connection], Reader], outbox: Outbox
    ) -> None:
        self.admission = admission
        self.arrived = arrived
        self.outbox = outbox
        self.connections: set[Connection] = set()
        self._servers: list[asyncio.Server] = []

    async def listen(self, bind: str, port: int, *, reuse_port: bool) -> tuple[str, int]:
        """Listen on ``bind``:``port`` too; the address (with the port chosen, for 0)."""
        loop = asyncio.get_running_loop()
        server = await loop.create_server(
            lambda: Connection(self), bind, port, reuse_port=reuse_port or None
        )
        self._servers.append(server)
        host, port = server.sockets[0].getsockname()[:2]
        return (host, port)

    async def stop(self) -> None:
        """Stop listening, close every connection (going away), and wait for them to go."""
        for server in self._servers:
            server.close()
        self._servers = []
        for connection in list(self.connections):
            connection.close(GOING_AWAY, "")
        for _ in range(int(CLOSE_TIMEOUT * 100) + 100):  # each is cut off by its close timeout
            if not self.connections:
                break
            await asyncio.sleep(0.01)
