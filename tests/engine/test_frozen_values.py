"""The engine's frozen values are made quicker (``spit.engine.frozen.frozen_value``) and stay
the values they were: the generated signature and defaults, frozen, compared and hashed by
their fields, the same ``repr``."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from spit.engine import DECK, CardPlayed, Reason, Refusal, StockView
from spit.engine.round import Result


def _generated(cls: type) -> type:
    """The same fields as a plain frozen slotted dataclass, with its generated __init__."""
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    made = dataclasses.make_dataclass(cls.__name__, fields, frozen=True, slots=True)
    return made


@pytest.mark.parametrize("cls", [CardPlayed, Refusal, Result, StockView])
def test_a_frozen_value_has_the_generated_signature(cls: type) -> None:
    assert inspect.signature(cls) == inspect.signature(_generated(cls))


def test_quick_values_are_frozen_and_compared_by_their_fields() -> None:
    played = CardPlayed(0, 2, 1, DECK[5])
    assert played == CardPlayed(player=0, stock=2, pile=1, card=DECK[5])
    assert hash(played) == hash(CardPlayed(0, 2, 1, DECK[5]))
    assert played != CardPlayed(1, 2, 1, DECK[5])
    assert repr(played).startswith("CardPlayed(player=0, stock=2, pile=1, card=")
    with pytest.raises(dataclasses.FrozenInstanceError):
        played.player = 1  # type: ignore[misc]
    refusal = Refusal(1, Reason.TOO_LATE)
    assert (refusal.card, refusal.top, refusal.locked_until, refusal.mover) == (None,) * 4
    assert Result() == Result((), None) and Result().ok
    with pytest.raises(TypeError):
        CardPlayed(0, 2, 1)  # type: ignore[call-arg]
