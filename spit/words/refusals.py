"""Why an action was refused, as a player reads it by their row."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from spit.engine import Card, Reason, Refusal
from spit.i18n import N_, _, translated
from spit.words.labels import Names, card_label
from spit.words.numbers import number


def seconds_left(seconds: float) -> str:
    """Seconds to wait, rounded up to a tenth: never "0.0" while there is still a wait."""
    return number(max(1, math.ceil(seconds * 10 - 1e-9)) / 10, ".1f")


REASON: Final = {
    Reason.DOES_NOT_FIT: N_("{card} does not go on {top}"),
    Reason.TOO_LATE: N_("too late — the pile changed"),
    Reason.LOCKED: N_("wait — fumbled"),
    Reason.EMPTY_STOCK: N_("that stock is empty"),
    Reason.NO_EMPTY_SLOT: N_("no empty slot to fill"),
    Reason.NOTHING_BENEATH: N_("{card} has nothing under it to turn up"),
    Reason.NOT_STUCK: N_("not stuck yet — there is still a play"),
    Reason.ALREADY_READY: N_("waiting for the other player to spit"),
    Reason.BEFORE_SPIT: N_("press spit to start"),
    Reason.STUCK: N_("stuck — press spit"),
    Reason.NOT_SLAP_TIME: N_("no slap now"),
    Reason.SLAPPED_ALREADY: N_("too late — the other player slapped first"),
    Reason.SLAP_TIME: N_("the round is over — slap a pile"),
    Reason.ROUND_OVER: N_("the round is over"),
    Reason.MATCH_OVER: N_("the match is over"),
    Reason.NO_SUCH_PILE: N_("there is no such pile"),
    Reason.NO_SUCH_STOCK: N_("there is no such stock"),
    Reason.NO_SUCH_PLAYER: N_("there is no such player"),
    Reason.BAD_TIME: N_("that came at a time that is not valid (the clock went wrong)"),
}


def reason(why: Reason, card: str = "", top: str = "") -> str:
    """A refusal's reason on its own: ``card`` and ``top`` are the cards as labels."""
    return translated(REASON[why]).format(card=card, top=top)


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
