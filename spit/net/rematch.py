"""A rematch on the server: after a room's match either seat offers one; when both have, the
same room deals a fresh match (a new seed) with the seats swapped. Synchronous, as the room
is: the frames come back, :mod:`spit.net.server` sends them (docs/network.md, "Rematch").
"""

from __future__ import annotations

import logging
from typing import Protocol, TypeVar

from spit.engine import PLAYERS
from spit.net.room import Room, Send
from spit.net.wire import NoRematch, ProtocolError, Rematch, RoomEnd, Stage

log = logging.getLogger("spit.net.server")  # the server's log: a line per room event

LEFT, CLOSED = NoRematch.LEFT, NoRematch.CLOSED


class Seated(Protocol):
    """A connection at a seat (the server's peer)."""

    seat: int


S = TypeVar("S", bound=Seated)


def answer(room: Room, seat: int, offers: bool, seated: dict[tuple[str, int], S]) -> list[Send]:
    """``seat`` offers a rematch (``offers``) or declines one by leaving, after the match: the
    frames to send (see :func:`offer`). Dealt anew, ``seated`` (the connections by room code
    and seat) has each at its new seat."""
    if not offers:
        return none_follows(room, NoRematch.DECLINED, seat)
    sends = offer(room, seat)
    if room.stage is Stage.PLAYING:
        first, second = (seated.pop((room.code, s)) for s in PLAYERS)
        first.seat, second.seat = 1, 0
        seated[(room.code, 1)], seated[(room.code, 0)] = first, second
        log.info("room %s: rematch, the seats swapped", room.code)
    return sends


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


__all__ = ["CLOSED", "LEFT", "answer", "none_follows", "offer"]
