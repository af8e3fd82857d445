"""What one seat may observe of the events the engine reports: the one filter per seat.

As OpenSpiel separates what a game is from what a player observes, the engine decides what
each seat may know; a shell that sends events anywhere (the network server) sends only what
:func:`observe` returns, so a face-down card cannot leave the engine by an event.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from spit.engine.events import (
    CardPlayed,
    CardSpat,
    CardTurnedUp,
    Event,
    MatchEnded,
    PileSlapped,
    PileTaken,
    PlayerReady,
    RoundDealt,
    RoundEnded,
    RoundSettled,
    ScoresChanged,
    SlotFilled,
    TableStuck,
)

PUBLIC_EVENTS: Final = (
    CardPlayed,  # the card lands face up on a spit pile
    CardTurnedUp,  # the card is face up from this moment
    SlotFilled,  # a face-up card moves to another slot
    PlayerReady,
    CardSpat,  # the spit card lands face up
    TableStuck,
    RoundEnded,
    PileSlapped,
    PileTaken,  # a count, not the cards
    RoundSettled,  # counts
    RoundDealt,  # counts; the new table reaches each seat as its view
    ScoresChanged,
    MatchEnded,
)
"""Events both seats may know: each names only cards that are face up when it happens.

An engine event not listed here is never observed (:func:`observe` refuses it), so a new
kind of event reaches a seat only once someone has decided it reveals nothing hidden."""


def observe(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """The ``events`` that ``seat`` may know, in order.

    Every event the engine reports today names face-up cards only and is shown to both
    players at the same table, so both seats observe all of them; the check is by type so
    that an event carrying a hidden card could not slip through unnoticed. Raises TypeError
    for an event of a type not known to be public.
    """
    del seat  # the same for both seats today: see PUBLIC_EVENTS
    observed = tuple(events)
    for event in observed:
        if not isinstance(event, PUBLIC_EVENTS):
            raise TypeError(f"{type(event).__name__} is not known to be public")
    return observed
