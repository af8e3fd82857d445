"""Spit in a browser: the pages and notices spit web serves."""

from __future__ import annotations

from typing import Final

from spit.i18n import N_, _, ngettext, translated


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
