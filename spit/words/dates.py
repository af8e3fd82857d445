"""Moments as a player reads them, and the last play under a pile."""

from __future__ import annotations

from spit.i18n import _, pgettext


def date_and_time(weekday: int, day: int, month: int, time: str) -> str:
    """A moment as a player reads it: ``Tue 1 Dec 14:05``. ``weekday`` 0 is Monday,
    ``month`` 1 is January (the language's own names, not the C locale's)."""
    weekdays = (
        pgettext("weekday", "Mon"),
        pgettext("weekday", "Tue"),
        pgettext("weekday", "Wed"),
        pgettext("weekday", "Thu"),
        pgettext("weekday", "Fri"),
        pgettext("weekday", "Sat"),
        pgettext("weekday", "Sun"),
    )
    months = (
        pgettext("month", "Jan"),
        pgettext("month", "Feb"),
        pgettext("month", "Mar"),
        pgettext("month", "Apr"),
        pgettext("month", "May"),
        pgettext("month", "Jun"),
        pgettext("month", "Jul"),
        pgettext("month", "Aug"),
        pgettext("month", "Sep"),
        pgettext("month", "Oct"),
        pgettext("month", "Nov"),
        pgettext("month", "Dec"),
    )
    return _("{weekday} {day} {month} {time}").format(
        weekday=weekdays[weekday], day=day, month=months[month - 1], time=time
    )


def last_move(name: str, card: str, pile: int) -> str:
    """The last play on a pile, under it for a moment: ``P2: 8♣ → right``.

    ``pile`` is where the pile lies on this screen: 0 the left one, 1 the right one.
    """
    if pile == 0:
        return _("{name}: {card} → left").format(name=name, card=card)
    return _("{name}: {card} → right").format(name=name, card=card)
