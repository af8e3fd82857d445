"""What a seat may observe of the engine's events: face-up cards and counts, never a hidden
card (the OpenSpiel split of what a game is from what a player sees)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import msgspec
import pytest

from spit.engine import PLAYERS, PUBLIC_EVENTS, Card, CardPlayed, Event, Match, observe


def events_of_a_whole_match(seed: int) -> list[Event]:
    rng = random.Random(seed)
    match = Match.new(seed)
    events: list[Event] = []
    at = 0.0
    while not match.is_over and at < 5000:
        legal = match.legal_actions(0) + match.legal_actions(1)
        at += 0.01
        events.extend(match.apply(rng.choice(legal), at).events)
    return events


@pytest.mark.parametrize("seed", [1, 2])
def test_each_seat_observes_every_event_of_a_match_in_order(seed: int) -> None:
    events = events_of_a_whole_match(seed)
    assert events
    for seat in PLAYERS:
        assert observe(events, seat) == tuple(events)


def test_every_kind_of_engine_event_is_known_to_be_public() -> None:
    kinds = {type(e) for seed in (1, 2, 3) for e in events_of_a_whole_match(seed)}
    assert kinds <= set(PUBLIC_EVENTS)


@dataclass(frozen=True)
class CardDrawn:
    """An event no one has decided is public: it names a face-down card."""

    card: Card


def test_an_event_not_known_to_be_public_is_never_observed() -> None:
    with pytest.raises(TypeError, match="CardDrawn is not known to be public"):
        observe([CardDrawn(Card.parse("AS"))], 0)  # type: ignore[list-item]


def test_a_kind_made_from_a_public_event_is_not_public_until_listed() -> None:
    # A subclass may carry more than the event it extends (a hidden card, say): the check is
    # by exact type, so it is refused until someone lists it.
    class CardPlayedWithPeek(CardPlayed):
        peeked: Card | None = None

    played = next(e for e in events_of_a_whole_match(1) if isinstance(e, CardPlayed))
    peek = CardPlayedWithPeek(*msgspec.structs.astuple(played), peeked=Card.parse("AS"))
    with pytest.raises(TypeError, match="CardPlayedWithPeek is not known to be public"):
        observe([peek], 0)


def test_observing_takes_any_iterable_once() -> None:
    events = events_of_a_whole_match(1)[:5]
    assert observe(iter(events), 1) == tuple(events)
