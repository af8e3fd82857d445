"""Why an action was refused, as a player reads it by their row."""

from __future__ import annotations

import math
from collections.abc import Callable

from spit.engine import Card, Reason, Refusal
from spit.i18n import _
from spit.words.labels import Names, card_label
from spit.words.numbers import number


def seconds_left(seconds: float) -> str:
    """Seconds to wait, rounded up to a tenth: never "0.0" while there is still a wait."""
    return number(max(1, math.ceil(seconds * 10 - 1e-9)) / 10, ".1f")


def reason(why: Reason, card: str = "", top: str = "") -> str:
    """A refusal's reason on its own: ``card`` and ``top`` are the cards as labels."""
    match why:
        case Reason.DOES_NOT_FIT:
            return _("{card} does not go on {top}").format(card=card, top=top)
        case Reason.TOO_LATE:
            return _("too late — the pile changed")
        case Reason.LOCKED:
            return _("wait — fumbled")
        case Reason.EMPTY_STOCK:
            return _("that stock is empty")
        case Reason.NO_EMPTY_SLOT:
            return _("no empty slot to fill")
        case Reason.NOTHING_BENEATH:
            return _("{card} has nothing under it to turn up").format(card=card)
        case Reason.NOT_STUCK:
            return _("not stuck yet — there is still a play")
        case Reason.ALREADY_READY:
            return _("waiting for the other player to spit")
        case Reason.BEFORE_SPIT:
            return _("press spit to start")
        case Reason.STUCK:
            return _("stuck — press spit")
        case Reason.NOT_SLAP_TIME:
            return _("no slap now")
        case Reason.SLAPPED_ALREADY:
            return _("too late — the other player slapped first")
        case Reason.SLAP_TIME:
            return _("the round is over — slap a pile")
        case Reason.ROUND_OVER:
            return _("the round is over")
        case Reason.MATCH_OVER:
            return _("the match is over")
        case Reason.NO_SUCH_PILE:
            return _("there is no such pile")
        case Reason.NO_SUCH_STOCK:
            return _("there is no such stock")
        case Reason.NO_SUCH_PLAYER:
            return _("there is no such player")
        case Reason.BAD_TIME:
            return _("that came at a time that is not valid (the clock went wrong)")
    raise ValueError(why)


def refusal(
    refused: Refusal,
    at: float,
    *,
    names: Names,
    label: Callable[[Card], str] = card_label,
) -> str:
    """What a refused player reads by their row.

    ``at`` is the game time of the refusal, for the lock's wait. Whether the player already
    pressed spit is the engine's answer (``Reason.ALREADY_READY``), not worked out here.
    """
    why = refused.reason
    if why is Reason.LOCKED and refused.locked_until is not None:
        return _("wait {seconds} s — your hand is locked after a fumble").format(
            seconds=seconds_left(refused.locked_until - at)
        )
    if why is Reason.NOT_STUCK:
        # Who still has a move is the engine's answer, on the refusal.
        if refused.mover == refused.player:
            return _("not stuck — you still have a move")
        if refused.mover is not None:
            return _("not stuck — {name} still has a move").format(name=names[refused.mover])
        return reason(why)
    text = reason(
        why,
        card=label(refused.card) if refused.card else "",
        top=label(refused.top) if refused.top else "",
    )
    if refused.is_fumble and refused.locked_until is not None:
        return _("{reason} · hand locked {seconds} s").format(
            reason=text, seconds=seconds_left(refused.locked_until - at)
        )
    return text
