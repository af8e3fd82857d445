"""The replay screen's words: its status bar and the figures beside it."""

from __future__ import annotations

from typing import Final

from spit.i18n import N_, _, translated
from spit.words.numbers import Number


def reaction_figures(*, median: float, last: float) -> str:
    """A player's reactions in a replay so far: the median and the last."""
    return _("reaction {median:.2f} s median, {last:.2f} s last").format(
        median=Number(median), last=Number(last)
    )


def races_lost(*, n: int) -> str:
    return _("races lost {n}").format(n=n)


def races_lost_by(*, races: str, seconds: float) -> str:
    """The races lost and by how much the last one was."""
    return _("{races} (by {seconds:.2f} s)").format(races=races, seconds=Number(seconds))


def missed(*, n: int) -> str:
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


REPLAY_TEXT: Final = {
    "no card yet": N_("no card played yet"),
    "the end": N_("the end — Space: from the start"),
    "playing": N_("playing"),
    "stopped": N_("stopped"),
    "keys": N_("Space play/stop · ← → step · ↑ ↓ speed · PgUp PgDn 1–9 round · Ctrl+Q quit"),
}


def replay_text(what: str) -> str:
    """The replay's fixed words, by a short id."""
    return translated(REPLAY_TEXT[what])
