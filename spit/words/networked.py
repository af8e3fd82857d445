"""Networked play's words: waiting, presence, lost lines, servers, the network commands."""

from __future__ import annotations

import math
from typing import Final

from spit.game.seat import Lost
from spit.i18n import N_, _, ngettext, translated
from spit.net.client import Gone, ServerGone
from spit.net.wire import Ended, Problem

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


def port_out_of_range(*, text: str) -> str:
    return _("a port is from 0 to 65535, not {text}").format(text=text)


def not_an_address_flag(*, text: str) -> str:
    return _("not an address: {text!r} (write it as ADDR:PORT)").format(text=text)


def pace_out_of_range(*, text: str) -> str:
    return _("the pace is from 1 to 100, not {text}").format(text=text)


def workers_out_of_range(*, text: str) -> str:
    return _("the number of workers is from 1 to 64, not {text}").format(text=text)


def not_a_redis_url(*, text: str) -> str:
    return _("not a Redis URL: {text!r} (write it as redis://HOST:PORT)").format(text=text)


def grace_out_of_range(*, text: str) -> str:
    return _("must be between 0.1 and 3600 seconds, not {text}").format(text=text)


def web_port_help(*, port: int) -> str:
    return _("the port of the browser seat's page (default {port}; 0 picks a free one)").format(
        port=port
    )


def bind_help(*, loopback: str) -> str:
    return _(
        "the address to listen on (default {loopback}: this machine only; give one the "
        "other machine can reach to play across a network)"
    ).format(loopback=loopback)


def port_help(*, port: int) -> str:
    return _("the port to listen on (default {port}; 0 picks a free one)").format(port=port)


def seat_bot_help(*, levels: str) -> str:
    return _("let the bot play this seat, without a screen: {levels}").format(levels=levels)


def network_name_too_long(*, n: int) -> str:
    return _("a name is up to {n} printable characters").format(n=n)


def not_a_room_code_flag(*, code: str) -> str:
    return _("not a room code: {code!r} (8 letters and digits, e.g. ABCD-EFGH)").format(code=code)


def command_interrupted(*, command: str) -> str:
    return _("{command}: interrupted").format(command=command)


def cannot_listen(*, command: str, why: str) -> str:
    return _("{command}: cannot listen there: {why}").format(command=command, why=why)


def cannot_serve_browser_seat(*, command: str, why: str) -> str:
    return _("{command}: cannot serve the browser seat there: {why}").format(
        command=command, why=why
    )


def room_and_command(*, code: str, address: str) -> str:
    """The host's line: the room and the command that joins it."""
    return _("Room {code}. Your friend types: spit join {address} {code}").format(
        code=code, address=address
    )


def room_link(*, link: str) -> str:
    """The host's line: the link that opens the room's second seat in a browser."""
    return _("Or opens in a browser: {link}").format(link=link)


def draw_after(n: int) -> str:
    """A headless seat's result: a draw after ``n`` rounds."""
    return ngettext("A draw after {n} round.", "A draw after {n} rounds.", n).format(n=n)


def won_after(winner: int, n: int, one: int, two: int) -> str:
    """A headless seat's result: who won after ``n`` rounds, and the cards each held."""
    return ngettext(
        "Player {winner} wins after {n} round (cards held: {one}–{two}).",
        "Player {winner} wins after {n} rounds (cards held: {one}–{two}).",
        n,
    ).format(winner=winner, n=n, one=one, two=two)


def server_cannot_listen(*, why: str) -> str:
    return _("spit server: cannot listen there: {why}").format(why=why)


NETWORK_PROBLEM: Final = {
    "server port zero": N_("a server's port is from 1 to 65535"),
    "json needs bot": N_("--json needs --bot: a game on the screen prints no JSON"),
    "web port needs web": N_("--web-port needs --web"),
    "server or bind": N_(
        "--bind, --port and --pace start a server here; --server uses a running one"
    ),
    "abandoned": N_("The match was abandoned: a player did not come back."),
    "left": N_("The match ended: a player left."),
    "workers need redis": N_(
        "--workers above 1 needs --redis URL: the processes find rooms through it"
    ),
    "advertise": N_(
        "--redis with --bind 0.0.0.0 or :: needs --advertise ADDR: "
        "the address players are sent on to"
    ),
}


def network_problem(what: str) -> str:
    """What is wrong with a network command's flags, or how its match ended, by a short id."""
    return translated(NETWORK_PROBLEM[what])


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
    if problem is Problem.ROOM_LOST:
        return _("The server process holding this room stopped; the match is lost.")
    if problem is Problem.ROOMS_UNAVAILABLE:
        return _("The server cannot open or find rooms just now; try again in a moment.")
    # The other reasons have no words of their own yet: the protocol's id, and its detail.
    return detail or (problem.value if problem is not None else "")


def lost_detail(lost: ServerGone | Ended | None) -> str | None:
    """The detail under a lost networked game: why the server went. A room that ended early
    has none: :func:`lost` says how (the other player left, or did not come back)."""
    if isinstance(lost, ServerGone):
        return server_gone(lost)
    return None
