"""A rematch on the server: after a room's match either seat offers one; when both have, the
same room deals a fresh match (a new seed) with the seats swapped. Synchronous, as the room
is: the frames come back, :mod:`spit.net.server` sends them (docs/network.md, "Rematch").
"""

from __future__ import annotations

from spit.engine import PLAYERS
from spit.net.room import Room, Send
from spit.net.wire import NoRematch, ProtocolError, Rematch, RoomEnd, Stage


def offer(room: Room, seat: int) -> list[Send]:
    """``seat`` offers a rematch, or accepts the other's: the frames telling both seats so;
    when both have offered, the room is dealt anew and the frames are its welcomes (each
    player's new seat), tables and status."""
    if room.stage is not Stage.OVER:
        raise ProtocolError("no rematch before the match is over")
    other = 1 - seat
    if room.ended is not RoomEnd.MATCH_OVER or not room.connected[other]:
        # Nobody is there to play it: answered plainly, to this seat only.
        return [Send(seat, Rematch(offers=(False, False), no=NoRematch.LEFT, by=other))]
    room.offers[seat] = True
    if not all(room.offers):
        body = Rematch(offers=(room.offers[0], room.offers[1]))
        return [Send(s, body) for s in PLAYERS]
    room.deal_again()
    return [Send(s, room.welcome(s)) for s in PLAYERS] + room.tables(()) + room.status()


def none_follows(room: Room, why: NoRematch, by: int | None = None) -> list[Send]:
    """No rematch follows the room's match (``by`` declined or left, or the room closed): the
    frame for every seat still here."""
    room.offers = [False, False]
    body = Rematch(offers=(False, False), no=why, by=by)
    return [Send(s, body) for s in PLAYERS if room.taken[s] and room.connected[s]]


__all__ = ["none_follows", "offer"]
