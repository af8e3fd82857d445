"""The game server's sockets: websockets connections accepted, read, written and closed.

:class:`Transport` is the one place that knows the websocket library; the rooms' side
(spit/net/server.py) sees a :class:`Connection` only.

Two shortcuts past websockets' asyncio API, both kept here: a seated connection's frames are
taken as websockets parses them off the socket (see :class:`_ReadAtOnce`), not through its
queue and a wake of the connection's task (a turn of the loop and some 20 µs a frame); and a
turn's frames are framed by the connection's Sans-I/O protocol and written in one
``writelines`` (see :meth:`Connection.flush`), where ``send`` would write each on its own.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Protocol

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame as WsFrame
from websockets.frames import Opcode
from websockets.http11 import Request, Response
from websockets.protocol import Event, State

from spit.net.limits import Admission, address_key
from spit.net.wire import MAX_CLIENT_FRAME

log = logging.getLogger("spit.net.server")

POLICY = 1008  # close code: the client broke the protocol's rules (a flood, guessing codes)
MESSAGE_TOO_BIG = 1009  # close code: a frame over the size cap (websockets closes by itself)
INTERNAL_ERROR = 1011  # close code: a bug of ours

FRAME_BYTES = 1024  # a frame's size as counted in the backlog (a table is some 700 bytes)

# Log lines one connection may cost; past them, what it does is no longer written (one
# attacker sending bad frames or pausing and letting go all day must not fill the disk).
MAX_LINES = 100


class Reader(Protocol):
    """The rooms' side of one connection, as the transport calls it."""

    def frame(self, text: str | bytes) -> Awaitable[None] | None:
        """One frame (bytes: a binary one); an awaitable if the next must wait for it."""

    def gone(self) -> None:
        """The connection is closed."""


class Connection:
    """One client's websocket as the rooms see it: frames out, gathered per turn, and a close."""

    def __init__(self, ws: ServerConnection, outbox: Outbox) -> None:
        self._ws = ws
        self._outbox = outbox
        self.reader: Reader | None = None
        self.pending: list[str] = []  # frames encoded this turn, written together at its end
        self.closing = False
        self.lines = 0  # log lines written about it so far
        self.address = ws.remote_address  # (host, port), or None (a Unix socket)
        address = self.address
        self.name = f"{address[0]}:{address[1]}" if address else "?"

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

    def at_once(self, reader: Reader | None) -> None:
        """Hand ``reader`` each frame as it is parsed, without waking the connection's task
        (a seated player: its frames need no await); None: through the task again."""
        if isinstance(self._ws, _ReadAtOnce):
            self._ws.reader = reader

    def flush(self, backlog: int) -> None:
        """Write the frames this turn gave it, in one write; a reader leaving more than
        ``backlog`` frames unread is closed."""
        texts, self.pending = self.pending, []
        ws = self._ws
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
        self._outbox.flush_connection(self)
        self.closing = True
        asyncio.get_running_loop().create_task(self._ws.close(code, reason))

    async def last_word(self, text: str, code: int, reason: str) -> None:
        """Send ``text`` alone, then close: nothing else is read or sent on it."""
        self.closing = True
        await self._ws.send(text)
        await self._ws.close(code, reason)

    def sent_too_big(self) -> bool:
        """Whether websockets closed it for a frame over :data:`MAX_CLIENT_FRAME`."""
        sent = self._ws.protocol.close_sent
        return sent is not None and sent.code == MESSAGE_TOO_BIG


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
            connection.flush(self.backlog)

    def flush(self) -> None:
        self._soon = False
        self.before()
        connections, self.connections = self.connections, []
        for connection in connections:
            try:
                connection.flush(self.backlog)
            except Exception:  # a bug of ours, or of the transport: the others' frames still go
                log.exception("%s: its frames could not be written; closing", connection.name)
                connection.pending.clear()
                if not connection.closing:
                    connection.close(INTERNAL_ERROR, "internal error")


class _ReadAtOnce(ServerConnection):
    """A connection whose text frames, once its player is seated, go to :attr:`reader` as
    websockets parses them off the socket, in that same turn of the loop. A frame goes the
    usual way while frames wait in the queue of messages (so they keep their order), and
    when it is fragmented, binary or not UTF-8 (websockets judges those as ever)."""

    reader: Reader | None = None

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
                text = str(event.data, "utf-8")
            except UnicodeDecodeError:
                pass
            else:
                reader.frame(text)
                return
        super().process_event(event)


def _counted(admission: Admission) -> type[ServerConnection]:
    """A connection that tells ``admission`` when it comes and goes, is dropped at once,
    unanswered, when the files are all but gone, and reads as :class:`_ReadAtOnce` does."""

    class Counted(_ReadAtOnce):
        admission_key: str | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            key = self.admission_key = address_key(transport.get_extra_info("peername"))
            admission.arrived(key)
            if admission.open > admission.budget + admission.quotas.file_reserve // 2:
                admission.refuse("no files left", "")
                transport.abort()  # type: ignore[attr-defined]
            elif admission.shed(key):
                admission.refuse("dropped unread", key or "")
                transport.abort()  # type: ignore[attr-defined]

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            admission.left(self.admission_key)

    return Counted


class Transport:
    """Listens, and gives each connection's frames to the :class:`Reader` ``arrived`` made."""

    def __init__(
        self, admission: Admission, arrived: Callable[[Connection], Reader], outbox: Outbox
    ) -> None:
        self.admission = admission
        self._arrived = arrived
        self.outbox = outbox
        self._servers: list[WsServer] = []

    async def listen(self, bind: str, port: int, *, reuse_port: bool) -> tuple[str, int]:
        """Listen on ``bind``:``port`` too; the address (with the port chosen, for 0)."""
        ws = await serve(
            self._handle,
            bind,
            port,
            process_request=self._process_request,
            create_connection=_counted(self.admission),
            max_size=MAX_CLIENT_FRAME,
            compression=None,  # frames are small; inflating them would only cost and risk
            max_queue=64,
            ping_interval=10,
            ping_timeout=10,
            close_timeout=2,
            reuse_port=reuse_port,
        )
        self._servers.append(ws)
        host, port = ws.sockets[0].getsockname()[:2]
        return (host, port)

    async def stop(self) -> None:
        for ws in self._servers:
            ws.close()
            await ws.wait_closed()
        self._servers = []

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Refuse the websocket (HTTP 503, closed) past the file budget or the address's
        quotas; None lets it open."""
        key = getattr(connection, "admission_key", None)
        why = self.admission.refusal(key)
        if why is None:
            return None
        self.admission.refuse(why, key or "")
        return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, f"{why}; try again later\n")

    async def _handle(self, ws: ServerConnection) -> None:
        connection = Connection(ws, self.outbox)
        reader = connection.reader = self._arrived(connection)
        try:
            async for frame in ws:
                if connection.closing:
                    # Closed for what it did (wrong codes, bad frames, a flood): the frames it
                    # sent before the close are read off the socket, never acted on.
                    continue
                done = reader.frame(frame)
                if done is not None:
                    await done
        except ConnectionClosed:
            pass
        finally:
            connection.at_once(None)
            if connection.sent_too_big():
                log.warning("%s: frame over %d bytes; closed", connection.name, MAX_CLIENT_FRAME)
            reader.gone()
