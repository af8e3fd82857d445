"""The daily deal's words: the share line, its lines in ``spit stats``, and the comparison
of two records (``spit replay FILE --against OTHER``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spit.i18n import N_, _, ngettext, translated
from spit.records.daily import Try
from spit.words.numbers import Number

BARS: Final = "▁▂▃▄▅▆▇█"  # a sparkline's eight heights
ASCII_BARS: Final = "_-~=+*#@"  # the same in ASCII, lowest first


def sparkline(values: Sequence[float | None], *, ascii: bool = False) -> str:
    """One bar a value, as tall as the value between the lowest and the highest (a value
    missing is a dot; all alike, the middle height)."""
    bars = ASCII_BARS if ascii else BARS
    known = [v for v in values if v is not None]
    low, high = (min(known), max(known)) if known else (0.0, 0.0)
    top = len(bars) - 1

    def bar(value: float | None) -> str:
        if value is None:
            return "." if ascii else "·"
        if high == low:
            return bars[top // 2]
        return bars[round((value - low) / (high - low) * top)]

    return "".join(bar(v) for v in values)


def share_line(played: Try, *, ascii: bool = False) -> str:
    """The line a player pastes anywhere: ``Spit daily 2026-12-03 · won in 3 rounds · median
    reaction 0.31 s · 2 fumbles · ▂▅▇▃`` (a bar a round: its median reaction, taller slower)."""
    day, rounds, reaction, fumbles = played.day, played.rounds, played.reaction, played.fumbles
    if played.practice:
        head = _("Spit daily {date} (practice)").format(date=day)
    else:
        head = _("Spit daily {date}").format(date=day)
    if played.result == "won":
        how = ngettext("won in {n} round", "won in {n} rounds", rounds)
    elif played.result == "lost":
        how = ngettext("lost in {n} round", "lost in {n} rounds", rounds)
    else:
        how = ngettext("drawn after {n} round", "drawn after {n} rounds", rounds)
    parts = [head, how.format(n=rounds)]
    if reaction is not None:
        parts.append(_("median reaction {s:.2f} s").format(s=Number(reaction)))
    parts.append(ngettext("{n} fumble", "{n} fumbles", fumbles).format(n=fumbles))
    parts.append(sparkline(played.per_round, ascii=ascii))
    return (" | " if ascii else " · ").join(parts)


DAILY_LABEL: Final = {
    "daily": N_("Daily deal"),
    "menu": N_("Daily deal ({key})"),
    "date": N_("Date"),
    "result": N_("Result"),
    "rounds": N_("Rounds"),
    "tries": N_("Tries"),
    "fumbles": N_("Fumbles"),
    "won": N_("won"),
    "lost": N_("lost"),
    "drawn": N_("drawn"),
    "unfinished": N_("The daily did not finish: no share line."),
}


def daily_label(what: str) -> str:
    """The daily's titles, column heads and notes, by a short id."""
    return translated(DAILY_LABEL[what])


def streak(days: int) -> str:
    return ngettext(
        "Daily streak: {n} day in a row", "Daily streak: {n} days in a row", days
    ).format(n=days)


def round_label(n: int) -> str:
    return _("Round {n}").format(n=n)


def not_a_day(text: str) -> str:
    return _("not a date: {text!r} (write it YYYY-MM-DD)").format(text=text)


def not_the_same_deal(first: str, other: str) -> str:
    return _("{first} and {other} are not the same deal: they were dealt from other seeds").format(
        first=first, other=other
    )
