"""Networked play's words: waiting, presence, lost lines, servers, the network commands."""

from __future__ import annotations

import math
from typing import Final

from spit.game.seat import Lost
from spit.i18n import N_, _, ngettext, translated
from spit.net.client import Gone, ServerGone
from spit.net.wire import Ended, NoRematch, Problem, Rematch

LOST: Final = {
    Lost.SERVER_GONE: N_("The server went away; the match cannot go on."),
    Lost.ABANDONED: N_("The match was abandoned: the other player did not come back."),
    Lost.LEFT: N_("Your friend left: the match is over."),
    Lost.REFUSED: N_("The server would not seat you in that room."),
}


def lost(why: Lost) -> str:
    """Why a game ended before its match did."""
    return translated(LOST[why])


def reconnecting() -> str:
    """Over the table while this player's line to the server is down."""
    return _("The connection to the server dropped — getting it back…")


def gone_away(name: str, seconds: float | None = None) -> str:
    """Over the table while the other player is not connected (a line down, a browser tab
    closed): how long the server still keeps their seat, counting down, if it said."""
    if seconds is None:
        return _(
            "{name} lost the connection — waiting for them to come back (up to a minute)."
        ).format(name=name)
    n = math.ceil(seconds)
    return ngettext(
        "Waiting for {name} to come back ({n} s).\n\nThe match is paused until then.",
        "Waiting for {name} to come back ({n} s).\n\nThe match is paused until then.",
        n,
    ).format(name=name, n=n)


def paused_by(name: str, seconds: float | None = None) -> str:
    """Over the table while the other player holds a pause: how long it may still last,
    counting down, if the server said."""
    if seconds is None:
        return _("{name} paused the game.").format(name=name)
    n = math.ceil(seconds)
    return ngettext(
        "{name} paused the game.\n\nThe pause runs out in {n} s; then play goes on.",
        "{name} paused the game.\n\nThe pause runs out in {n} s; then play goes on.",
        n,
    ).format(name=name, n=n)


def going_on(seconds: float) -> str:
    """Over the table after a standstill (a player back, a pause over), counting down the
    seconds before play goes on."""
    n = math.ceil(seconds)
    return ngettext(
        "Both players are here.\n\nPlay goes on in {n} s.",
        "Both players are here.\n\nPlay goes on in {n} s.",
        n,
    ).format(n=n)


def rematch(said: Rematch, seat: int, name: str) -> str:
    """What the match-over box says of a rematch to ``seat``'s player (``name``: the other)."""
    if said.no is NoRematch.CLOSED:
        return _("The room has closed: no rematch.")
    if said.no is NoRematch.DECLINED and said.by != seat:
        return _("{name} declines a rematch.").format(name=name)
    if said.no is not None:
        return _("{name} has left: no rematch.").format(name=name)
    if said.offers[1 - seat]:
        return _("{name} offers a rematch. Ctrl+R: accept · Esc: decline").format(name=name)
    return _("Rematch offered: waiting for {name} to answer.").format(name=name)


def connecting(address: str | None, code: str | None) -> str:
    """While the seat is being taken."""
    if code is None and address is None:
        return _("Opening a room…")
    if code is None:
        return _("Opening a room on {address}…").format(address=address)
    return _("Joining room {code} on {address}…").format(code=code, address=address)


def no_seat(why: str) -> str:
    """The seat could not be taken (or kept): the line's own words on why."""
    return _("No networked game: {why}").format(why=why)


def not_a_port(*, text: str) -> str:
    return _("not a port number: {text!r}").format(text=text)


def command_interrupted(*, command: str) -> str:
    return _("{command}: interrupted").format(command=command)


GONE: Final = {
    Gone.NOT_AN_ADDRESS: N_("{address} is not an address"),
    Gone.UNREACHABLE: N_("cannot reach a spit server at {address} ({why})"),
    Gone.UNREADABLE: N_("the server sent something this client cannot read: {why}"),
    Gone.ALREADY_OVER: N_("the match is already over"),
    Gone.STOPPED: N_("the server at {address} stopped"),
    Gone.REPLACED: N_("this seat was taken back by another connection"),
    Gone.CLOSED: N_("the server closed the connection: {why}"),
    Gone.LOST: N_("lost the server at {address}"),
    Gone.DROPPED: N_("the connection dropped"),
    Gone.LOST_SEAT: N_("lost the seat: {why}"),
    Gone.GAVE_UP: N_("lost the server at {address}: {why}"),
    Gone.NOT_KEPT: N_(
        "your seat in room {room} cannot be taken back: the match was given up when you did "
        "not come back in time, or its server stopped"
    ),
    Gone.HOST_GONE: N_("the host's spit stopped, and the room with it"),
}
"""Why the client lost its server, by the net's reason: ``{why}`` is the reason's detail, or
its cause in words."""

UNANSWERED: Final = {Gone.REFUSED: N_("connection refused"), Gone.NO_ANSWER: N_("no answer")}
"""Why no server answered at an address: the ``{why}`` of :data:`GONE`'s unreachable."""


ONLINE: Final = {
    Problem.UNKNOWN_PLAYER: N_("the server knows no such player"),
    Problem.WRONG_SECRET: N_(
        "the server does not know this machine's secret for that player: nothing was changed"
    ),
    Problem.ALREADY_SEEKING: N_("this player is looking for a match already"),
    Problem.TOO_MANY_SEEKS: N_("too many searches for a match: wait a minute"),
    Problem.BAD_NAME: N_("a name may not hold the characters < > [ ]"),
}
"""The server's reasons of playing online (docs/online.md)."""


def server_gone(gone: ServerGone) -> str:
    """Why the client lost its server, or never reached it (the net's typed reason)."""
    why, detail = gone.why, gone.detail
    if why is Gone.TURNED_AWAY:
        return server_problem(gone.problem, detail)
    if why in UNANSWERED:
        why, detail = Gone.UNREACHABLE, translated(UNANSWERED[why])
    elif why is Gone.OTHER_VERSION:
        why = Gone.UNREADABLE
    elif why is Gone.LOST_SEAT:
        detail = server_gone(gone.cause) if gone.cause else ""
    elif why is Gone.GAVE_UP:
        detail = server_gone(gone.cause) if gone.cause else translated(GONE[Gone.DROPPED])
    return translated(GONE[why]).format(address=gone.address, why=detail, room=gone.detail)


def server_problem(problem: Problem | None, detail: str = "") -> str:
    """Why the server would not seat this client (its typed reason)."""
    if problem is Problem.NO_ROOM:
        return _(
            "no room with that code waits for a player: the code is mistyped, the match is "
            "over, or both seats are taken (a seat is taken back only on the machine that "
            "took it, by the same command)"
        )
    if problem is Problem.NO_SEAT:
        return lost(Lost.REFUSED)
    if problem is Problem.NO_MATCH:
        return _(
            "no match with that code may be watched: the code is mistyped, the match is "
            "over, or its host closed it to spectators"
        )
    if problem is Problem.ROOM_LOST:
        return _("The server process holding this room stopped; the match is lost.")
    if problem is Problem.ROOMS_UNAVAILABLE:
        return _("The server cannot open or find rooms just now; try again in a moment.")
    if problem in ONLINE:
        return translated(ONLINE[problem])
    # The other reasons have no words of their own yet: the protocol's id, and its detail.
    return detail or (problem.value if problem is not None else "")


def lost_detail(lost: ServerGone | Ended | None) -> str | None:
    """The detail under a lost networked game: why the server went. A room that ended early
    has none: :func:`lost` says how (the other player left, or did not come back)."""
    if isinstance(lost, ServerGone):
        return server_gone(lost)
    return None
