"""The engine's values are frozen msgspec Structs and stay the values they were: signature
and defaults, frozen, compared and hashed by their fields, the same ``repr``."""

from __future__ import annotations

import inspect

import pytest

from spit.engine import DECK, CardPlayed, Reason, Refusal, StockView
from spit.engine.round import Result


@pytest.mark.parametrize("cls", [CardPlayed, Refusal, Result, StockView])
def test_a_value_has_its_fields_as_its_signature(cls: type) -> None:
    fields = getattr(cls, "__struct_fields__", None) or tuple(cls.__dataclass_fields__)
    assert tuple(inspect.signature(cls).parameters) == fields


def test_quick_values_are_frozen_and_compared_by_their_fields() -> None:
    played = CardPlayed(0, 2, 1, DECK[5])
    assert played == CardPlayed(player=0, stock=2, pile=1, card=DECK[5])
    assert hash(played) == hash(CardPlayed(0, 2, 1, DECK[5]))
    assert played != CardPlayed(1, 2, 1, DECK[5])
    assert repr(played).startswith("CardPlayed(player=0, stock=2, pile=1, card=")
    with pytest.raises(AttributeError):
        played.player = 1  # type: ignore[misc]
    refusal = Refusal(1, Reason.TOO_LATE)
    assert (refusal.card, refusal.top, refusal.locked_until, refusal.mover) == (None,) * 4
    assert Result() == Result((), None) and Result().ok
    with pytest.raises(TypeError):
        CardPlayed(0, 2, 1)  # type: ignore[call-arg]
