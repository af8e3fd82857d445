"""The client's side of playing online: seek a match (the seat is then taken with
:class:`~spit.net.client.Client`'s ``rejoin``), and ask for the leaderboard."""

from __future__ import annotations

from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from spit.engine import Variant
from spit.net.client import Gone, ServerGone, server_url
from spit.net.identity import Held, Identity
from spit.net.wire import (
    MAX_SERVER_FRAME,
    AskPlayers,
    Error,
    Paired,
    Ping,
    Players,
    Pong,
    ProtocolError,
    Seek,
    Seeking,
    client_frame,
    parse_server,
)


async def _connect(address: str) -> ClientConnection:
    try:
        return await connect(
            server_url(address), open_timeout=5, max_size=MAX_SERVER_FRAME, proxy=None
        )
    except ConnectionRefusedError:
        raise ServerGone(Gone.REFUSED, address) from None
    except (OSError, InvalidHandshake, TimeoutError) as error:
        raise ServerGone(Gone.UNREACHABLE, address, detail=str(error)) from None


async def _next(ws: ClientConnection, address: str) -> Seeking | Paired | Players:
    """The next frame of these kinds (pings answered); ServerGone for an error or a close."""
    try:
        while True:
            message = parse_server(await ws.recv())
            if isinstance(message, Ping):
                await ws.send(client_frame(Pong(id=message.id)))
            elif isinstance(message, Error):
                raise ServerGone(
                    Gone.TURNED_AWAY, address, problem=message.problem, detail=message.detail
                )
            elif isinstance(message, Seeking | Paired | Players):
                return message
    except ConnectionClosed:
        raise ServerGone(Gone.LOST, address) from None
    except ProtocolError as error:
        raise ServerGone(Gone.UNREADABLE, address, detail=str(error)) from None


async def seek(
    address: str,
    held: Held,
    variant: Variant,
    name: str,
    *,
    bot: bool = True,
    heard: Callable[[Seeking], None] | None = None,
) -> Paired:
    """Wait in the pool of the server at ``address`` as ``held``'s player (made and kept
    there on a first visit) until paired; ``heard`` is told each ``seeking`` frame."""
    known = held.identity
    ws = await _connect(address)
    try:
        await ws.send(
            client_frame(
                Seek(
                    variant=variant,
                    name=name or (known.name if known else ""),
                    player=known.player if known else None,
                    secret=known.secret if known else None,
                    bot=bot,
                )
            )
        )
        while True:
            message = await _next(ws, address)
            if isinstance(message, Paired):
                return message
            if isinstance(message, Seeking):
                if message.secret is not None:
                    held.keep(Identity(message.player, message.secret, name))
                if heard is not None:
                    heard(message)
    finally:
        await ws.close()


async def players(address: str, variant: Variant, player: str | None = None) -> Players:
    """The leaderboard of ``variant`` on the server at ``address`` (or ``player``'s line)."""
    ws = await _connect(address)
    try:
        await ws.send(client_frame(AskPlayers(variant=variant, player=player)))
        while True:
            message = await _next(ws, address)
            if isinstance(message, Players):
                return message
    finally:
        await ws.close()


__all__ = ["players", "seek"]
