"""A replay: its status bar and the figures beside it."""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from spit.i18n import _
from spit.words.numbers import Number


def reaction_figures(*, median: float, last: float) -> str:
    """A player's reactions in a replay so far: the median and the last."""
    return _("reaction {median:.2f} s median, {last:.2f} s last").format(
        median=Number(median), last=Number(last)
    )


def races_lost(*, n: int) -> str:
    """How many races a player lost so far in a replay."""
    return _("races lost {n}").format(n=n)


def races_lost_by(*, races: str, seconds: float) -> str:
    """The races lost and by how much the last one was."""
    return _("{races} (by {seconds:.2f} s)").format(races=races, seconds=Number(seconds))


def missed(*, n: int) -> str:
    """How many plays a player missed so far in a replay."""
    return _("missed {n}").format(n=n)


def replay_status(
    *, n: int, total: int, time: str, round: int, rounds: int, speed: float, state: str
) -> str:
    """The replay's status line: where in the record, at what speed, playing or not."""
    return _(
        "Replay · action {n}/{total} · {time} · round {round}/{rounds} · ×{speed:g} · {state}"
    ).format(
        n=n, total=total, time=time, round=round, rounds=rounds, speed=Number(speed), state=state
    )


class ReplayText(StrEnum):
    """A fixed word of the replay that :func:`replay_text` gives."""

    NO_CARD_YET = "no card yet"
    THE_END = "the end"
    PLAYING = "playing"
    STOPPED = "stopped"
    KEYS = "keys"


def replay_text(what: ReplayText) -> str:
    """The replay's fixed words, by a short id."""
    what = ReplayText(what)
    match what:
        case ReplayText.NO_CARD_YET:
            return _("no card played yet")
        case ReplayText.THE_END:
            return _("the end — Space: from the start")
        case ReplayText.PLAYING:
            return _("playing")
        case ReplayText.STOPPED:
            return _("stopped")
        case ReplayText.KEYS:
            return _("Space play/stop · ← → step · ↑ ↓ speed · PgUp PgDn 1–9 round · Ctrl+Q quit")
    assert_never(what)
