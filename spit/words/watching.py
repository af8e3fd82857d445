"""Watching's words: the spectator's bar, the list of live matches, and the players' count."""

from __future__ import annotations

from spit.i18n import _, ngettext
from spit.words.labels import Names
from spit.words.numbers import Number


def connecting(address: str, code: str | None) -> str:
    """While the spectator's line is being made."""
    if code is None:
        return _("Asking {address} for its matches…").format(address=address)
    return _("Watching room {code} on {address}…").format(code=code, address=address)


def watchers(count: int, *, ascii: bool) -> str:
    """How many watch a match, beside the round on a player's table (and the spectator's)."""
    if ascii:
        return ngettext("{n} watching", "{n} watching", count).format(n=count)
    return f"👁 {count}"


Ratings = tuple[str | None, str | None]  # each player's, as shown (1500?); None: unrated


def rated(name: str, rating: str | None) -> str:
    """A player's name with its rating where the server knows it: ``Ann (1500?)``."""
    return name if rating is None else f"{name} ({rating})"


def bar(
    room: str,
    names: Names,
    delay: float,
    count: int,
    ratings: Ratings,
    *,
    over: bool,
    ascii: bool,
) -> list[str]:
    """The spectator's bar: what is watched (with the ratings of a rated match), how late,
    and how many watch."""
    first = _("Watching {first} v {second} · room {room} · {watchers}").format(
        first=rated(names[0], ratings[0]),
        second=rated(names[1], ratings[1]),
        room=room,
        watchers=watchers(count, ascii=ascii),
    )
    if over:
        second = _("The match is over.")
    elif delay > 0:
        second = _("{seconds:g} s behind the players, so that nobody can coach them.").format(
            seconds=Number(delay)
        )
    else:
        second = _("Live: as the players see it.")
    return [first, second]


def matches_title(count: int) -> str:
    """Over the list of live matches."""
    if not count:
        return _("No match is being played. Esc: back")
    return _("Matches being played · Enter: watch · Esc: back")


def live_match(
    names: tuple[str, str],
    round_: int,
    cards: tuple[int, int],
    count: int,
    ratings: Ratings,
    *,
    ascii: bool,
) -> str:
    """One live match in the list, with its players' ratings if it is rated."""
    return _("{first} v {second} · round {round} · cards left {left} · {watchers}").format(
        first=rated(names[0] or "?", ratings[0]),
        second=rated(names[1] or "?", ratings[1]),
        round=round_,
        left=f"{cards[0]}–{cards[1]}",
        watchers=watchers(count, ascii=ascii),
    )


def watch_label() -> str:
    """The start menu's button, and the Watch dialog's."""
    return _("Watch")


def dialog_title() -> str:
    return _("Watch a match: a server, and a room's code (blank: the matches being played).")


def not_a_code(text: str) -> str:
    return _("Not a room code: {text!r} — 8 letters and digits, like ABCD-EFGH.").format(text=text)
