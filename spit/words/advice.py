"""The coach's lines (:mod:`spit.records.advice`): where a player's time went, and where the
player stands on the bot's ladder."""

from __future__ import annotations

from spit.i18n import _, ngettext
from spit.records.advice import Advice
from spit.words.numbers import Number


def line(advice: Advice) -> str:
    """One thing that cost time, with its figures, in a line."""
    n, seconds = advice.count, Number(advice.seconds)
    match advice.kind:
        case "waiting" if advice.where == 0:
            text = ngettext(
                "{n} play left waiting {seconds:.1f} s, on the left pile",
                "{n} plays left waiting, {seconds:.1f} s in all, most on the left pile",
                n,
            )
        case "waiting":
            text = ngettext(
                "{n} play left waiting {seconds:.1f} s, on the right pile",
                "{n} plays left waiting, {seconds:.1f} s in all, most on the right pile",
                n,
            )
        case "hand" if advice.where == 0:
            text = _("Slower from the left stocks: median {seconds:.2f} s, right {other:.2f} s")
        case "hand":
            text = _("Slower from the right stocks: median {seconds:.2f} s, left {other:.2f} s")
        case "fumbles":
            text = ngettext(
                "{n} fumble locked the hand {seconds:.1f} s",
                "{n} fumbles locked the hand {seconds:.1f} s in all",
                n,
            )
        case _:
            text = ngettext(
                "{n} race lost, by {seconds:.2f} s",
                "{n} races lost, by {seconds:.2f} s on average",
                n,
            )
    return text.format(n=n, seconds=seconds, other=Number(advice.other))


def heading(name: str) -> str:
    """Above the coach's lines: whose time they are about."""
    return _("Where the time went — {name}:").format(name=name)


def nothing() -> str:
    """The coach's line when nothing cost time worth naming."""
    return _("Nothing cost much time.")


def replay_key() -> str:
    """The match-over box's key to the replay at the worst moment."""
    return _("Ctrl+O: replay the worst moment")


def replay_binding() -> str:
    """The same key's description in the key bar."""
    return _("replay")


def chart_label() -> str:
    """The match-over figures' row of the chart: each round's median reaction."""
    return _("reaction by round")


def standing(level: float, within: float, matches: int) -> str:
    """Where a player's recent matches put them on the bot's ladder (1 to 7)."""
    return ngettext(
        "You play like the bot's level {level:.1f} ± {within:.1f} (of 1–7, over {n} match)",
        "You play like the bot's level {level:.1f} ± {within:.1f} (of 1–7, over {n} matches)",
        matches,
    ).format(level=Number(level), within=Number(within), n=matches)


def recent(matches: int) -> str:
    """``spit stats``' coach: the title over its lines."""
    return ngettext(
        "Where the time went: your last match against the bot ({n})",
        "Where the time went: your last matches against the bot ({n})",
        matches,
    ).format(n=matches)


def histogram() -> str:
    """``spit stats``' histogram of the reactions of the same matches."""
    return _("Your reactions in those matches (seconds)")
