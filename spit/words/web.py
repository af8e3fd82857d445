"""Spit in a browser: spit web's flags, pages and notices."""

from __future__ import annotations

from typing import Final

from spit.i18n import N_, _, ngettext, translated


def web_port_out_of_range(*, value: int) -> str:
    return _("must be between 0 and 65535, not {value}").format(value=value)


def tables_out_of_range(*, value: int) -> str:
    return _("must be between 1 and 100, not {value}").format(value=value)


def web_bind_help(*, default: str) -> str:
    return _(
        "the address to listen on (default {default}: this machine only; give this "
        "machine's network address to let others in)"
    ).format(default=default)


def web_port_help_default(*, default: int) -> str:
    return _("the port to listen on (default {default}; 0 picks a free one)").format(
        default=default
    )


def web_tables_help(*, default: int) -> str:
    return _("how many browser tabs may play at once (default {default})").format(default=default)


def served_at(*, address: str) -> str:
    """``spit web``'s line: where the game is served."""
    return _("Spit is served at {address} — open it in a browser. Ctrl+C stops.").format(
        address=address
    )


def cannot_serve(*, bind: str, port: int, reason: str) -> str:
    return _("cannot serve on {bind} port {port}: {reason}").format(
        bind=bind, port=port, reason=reason
    )


def room_title(*, code: str) -> str:
    return _("Spit — room {code}").format(code=code)


WEB_PAGE: Final = {
    "no such seat": N_(
        "No seat at this address. Open the whole link the host gave you: "
        "the room code alone opens no seat."
    ),
    "too many wrong links": N_(
        "Too many wrong links were opened from your address; try again in a minute."
    ),
    "room link hint": N_("Open the link with the room code that the host gave you."),
    "seat ended": N_("This game has ended, or another tab took the seat over."),
    "open again": N_("Open the seat again"),
    "dealing": N_("Dealing the cards…"),
    "ended": N_("This game has ended."),
    "play again": N_("Play again"),
    "needs javascript": N_("Spit in the browser needs JavaScript."),
}


def web_page(what: str) -> str:
    """The browser pages' words, by a short id."""
    return translated(WEB_PAGE[what])


def tables_taken(n: int) -> str:
    """``spit web`` turns a tab away: all ``n`` tables are in use."""
    return ngettext(
        "The only table is taken; try again in a moment.",
        "All {n} tables are taken; try again in a moment.",
        n,
    ).format(n=n)
