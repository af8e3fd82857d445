"""A spectator's line to a server: the live matches, and one match watched, frame by frame.

A spectator takes no seat and sends no action: it asks for the list or names a room, follows
a cluster's redirect to the worker holding it, and reads what the server sends until the room
ends. Errors are the seat client's :class:`~spit.net.client.ServerGone`, worded by the shells.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Final

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from spit.net.client import (
    MAX_REDIRECTS,
    Gone,
    ServerGone,
    _closed,
    _redirect_address,
    open_line,
)
from spit.net.wire import (
    Ended,
    Error,
    LiveMatch,
    Matches,
    OtherVersion,
    Problem,
    ProtocolError,
    Redirect,
    ServerMessage,
    Status,
    Table,
    Watch,
    Watching,
    client_frame,
    parse_server,
)

Seen = Table | Status | Ended
"""What a spectator is sent of the room it watches."""

TV_WAIT: Final = 2.0  # seconds the TV waits to ask again when no match is being played


class Spectator:
    """Watches matches on the server at ``address``: :meth:`matches`, :meth:`watch`, then
    :meth:`frames` until the room ends."""

    def __init__(self, address: str, *, open_timeout: float = 5.0) -> None:
        self.address = address
        self.watching: Watching | None = None  # the room watched now
        self._open_timeout = open_timeout
        self._ws: ClientConnection | None = None
        self._at = address  # where the line goes

    async def matches(self) -> tuple[LiveMatch, ...]:
        """The server's live matches, best first."""
        answer = await self._ask(Watch(), self.address)
        if not isinstance(answer, Matches):
            raise ServerGone(Gone.UNREADABLE, self.address, detail="no list of matches")
        return answer.matches

    async def watch(self, code: str) -> Watching:
        """Watch room ``code`` (on whichever worker holds it); what the server says of it."""
        address = self.address
        for _hop in range(MAX_REDIRECTS + 1):
            answer = await self._ask(Watch(code), address)
            if isinstance(answer, Watching):
                self.watching = answer
                return answer
            if not isinstance(answer, Redirect):
                raise ServerGone(Gone.UNREADABLE, self.address, detail="no answer to a watch")
            next_address = _redirect_address(answer.address)
            if next_address is None:
                raise ServerGone(Gone.UNREADABLE, self.address, detail="a redirect to no server")
            address = next_address
        raise ServerGone(Gone.UNREADABLE, self.address, detail="too many redirects")

    async def frames(self) -> AsyncIterator[Seen]:
        """The watched room's frames as they come, up to and with its ``ended``."""
        ws = self._ws
        assert ws is not None and self.watching is not None
        try:
            while True:
                message = parse_server(await ws.recv())
                if isinstance(message, Table | Status | Ended):
                    yield message
                    if isinstance(message, Ended):
                        return
                elif isinstance(message, Error):
                    raise _turned_away(message, self.address)
        except ConnectionClosed as closed:
            raise _closed(closed, self.address) from None
        except ProtocolError as error:
            raise ServerGone(Gone.UNREADABLE, self.address, detail=str(error)) from None

    async def one(self, code: str) -> AsyncIterator[Watching | Seen]:
        """Room ``code`` watched, frame by frame, to its end."""
        yield await self.watch(code)
        async for frame in self.frames():
            yield frame

    async def tv(self) -> AsyncIterator[Watching | Seen]:
        """The best live match, frame by frame, then the next best once it ends: for ever."""
        while True:
            matches = await self.matches()
            if not matches:
                await asyncio.sleep(TV_WAIT)
                continue
            try:
                yield await self.watch(matches[0].room)
            except ServerGone as gone:
                if gone.problem is Problem.NO_MATCH:
                    continue  # it ended as it was chosen
                raise
            async for frame in self.frames():
                yield frame

    async def close(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
            self._ws = None

    async def _ask(self, message: Watch, address: str) -> ServerMessage:
        """Send ``message`` on a line to ``address`` (a new one, if the last went elsewhere)
        and read its answer."""
        if self._ws is not None and address != self._at:
            await self.close()
        if self._ws is None:
            self._ws, self._at = await self._connect(address), address
        ws = self._ws
        try:
            await ws.send(client_frame(message))
            while True:
                answer = parse_server(await ws.recv())
                if isinstance(answer, Error):
                    raise _turned_away(answer, self.address)
                if not isinstance(answer, Table | Status | Ended):  # of a room watched before
                    return answer
        except ConnectionClosed as closed:
            raise _closed(closed, self.address) from None
        except OtherVersion as error:
            raise ServerGone(Gone.OTHER_VERSION, self.address, detail=str(error)) from None
        except ProtocolError as error:
            raise ServerGone(Gone.UNREADABLE, self.address, detail=str(error)) from None

    async def _connect(self, address: str) -> ClientConnection:
        return await open_line(address, self.address, self._open_timeout)


def _turned_away(error: Error, address: str) -> ServerGone:
    return ServerGone(Gone.TURNED_AWAY, address, problem=error.problem, detail=error.detail)
