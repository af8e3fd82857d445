"""Spit in a browser: spit web's flags, pages and notices."""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from spit.i18n import _, ngettext


def web_port_out_of_range(*, value: int) -> str:
    """The web port flag's complaint: ``value`` is outside 0 to 65535."""
    return _("must be between 0 and 65535, not {value}").format(value=value)


def tables_out_of_range(*, value: int) -> str:
    """The tables flag's complaint: ``value`` is outside 1 to 100."""
    return _("must be between 1 and 100, not {value}").format(value=value)


def web_bind_help(*, default: str) -> str:
    """The help for ``web --bind``: the ``default`` address."""
    return _(
        "the address to listen on (default {default}: this machine only; give this "
        "machine's network address to let others in)"
    ).format(default=default)


def web_port_help_default(*, default: int) -> str:
    """The help for ``web --port``: its ``default``."""
    return _("the port to listen on (default {default}; 0 picks a free one)").format(
        default=default
    )


def web_tables_help(*, default: int) -> str:
    """The help for ``web --tables``: its ``default``."""
    return _("how many browser tabs may play at once (default {default})").format(default=default)


def served_at(*, address: str) -> str:
    """``spit web``'s line: where the game is served."""
    return _("Spit is served at {address} — open it in a browser. Ctrl+C stops.").format(
        address=address
    )


def cannot_serve(*, bind: str, port: int, reason: str) -> str:
    """``spit web`` cannot serve on that address, and why."""
    return _("cannot serve on {bind} port {port}: {reason}").format(
        bind=bind, port=port, reason=reason
    )


def room_title(*, code: str) -> str:
    """The browser seat's page title: the room."""
    return _("Spit — room {code}").format(code=code)


class WebPage(StrEnum):
    """A browser page's line that :func:`web_page` gives."""

    NO_SUCH_SEAT = "no such seat"
    TOO_MANY_WRONG_LINKS = "too many wrong links"
    ROOM_LINK_HINT = "room link hint"
    SEAT_ENDED = "seat ended"
    OPEN_AGAIN = "open again"
    DEALING = "dealing"
    ENDED = "ended"
    PLAY_AGAIN = "play again"
    NEEDS_JAVASCRIPT = "needs javascript"


def web_page(what: WebPage) -> str:
    """The browser pages' words, by a short id."""
    what = WebPage(what)
    match what:
        case WebPage.NO_SUCH_SEAT:
            return _(
                "No seat at this address. Open the whole link the host gave you: "
                "the room code alone opens no seat."
            )
        case WebPage.TOO_MANY_WRONG_LINKS:
            return _("Too many wrong links were opened from your address; try again in a minute.")
        case WebPage.ROOM_LINK_HINT:
            return _("Open the link with the room code that the host gave you.")
        case WebPage.SEAT_ENDED:
            return _("This game has ended, or another tab took the seat over.")
        case WebPage.OPEN_AGAIN:
            return _("Open the seat again")
        case WebPage.DEALING:
            return _("Dealing the cards…")
        case WebPage.ENDED:
            return _("This game has ended.")
        case WebPage.PLAY_AGAIN:
            return _("Play again")
        case WebPage.NEEDS_JAVASCRIPT:
            return _("Spit in the browser needs JavaScript.")
    assert_never(what)


def tables_taken(n: int) -> str:
    """``spit web`` turns a tab away: all ``n`` tables are in use."""
    return ngettext(
        "The only table is taken; try again in a moment.",
        "All {n} tables are taken; try again in a moment.",
        n,
    ).format(n=n)
