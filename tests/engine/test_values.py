"""A ``@frozen_value`` class is the class ``@dataclass(frozen=True, slots=True)`` makes, without the
code dataclasses compiles for each class at import (``spit.engine.frozen.frozen_value``).

Each class below is made both ways from the same body, and the two are held side by side:
signature, defaults, ``repr``, equality, hash values, frozenness, slots, pickling,
``dataclasses.fields/replace/asdict``, ``__match_args__`` and msgspec's encoding.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.bot import levels, strategy
from spit.engine import DECK, actions, events, presses, round, view
from spit.engine.frozen import frozen_value, maker
from spit.game import seat, session
from spit.records import figures, recorder, seats
from spit.settings import config, keymap, options
from spit.words import table


class Colour(enum.Enum):
    RED = "red"
    BLACK = "black"


def bodies() -> list[type]:
    """Fresh class bodies (each decorator replaces the class it is given)."""

    class Empty:
        """Nothing in it."""

    class One:
        """One field."""

        player: int

    class Four:
        """Four fields, the last with a default."""

        player: int
        stock: int
        colour: Colour
        scores: tuple[int, int] = (0, 0)

    class Factory:
        """A default factory among plain defaults."""

        name: str
        bindings: dict[str, str] = field(default_factory=dict)
        ascii: bool = False

    class Undocumented:
        number: int
        went_out: int | None = None

    class Hidden:
        """A field left out of the repr, the comparison and the hash."""

        shown: int
        hidden: str = field(default="x", repr=False, compare=False)

    class Worked:
        """Fields worked out after ``__init__``, by ``__post_init__``."""

        mu: float
        tau: float = 1.0
        rate: float = field(init=False, repr=False, compare=False)
        calls: int = field(init=False)

        def __post_init__(self) -> None:
            if self.tau <= 0:
                raise ValueError("tau must be positive")
            object.__setattr__(self, "rate", 1.0 / self.tau)
            object.__setattr__(self, "calls", 1)

    class Checked:
        """An ``__init__`` of its own (``init=False`` to dataclasses), checking its argument."""

        player: int
        pile: int = 0

        def __init__(self, player: int, pile: int = 0) -> None:
            if type(player) is not int:
                raise TypeError("player must be an int")
            object.__setattr__(self, "player", player)
            object.__setattr__(self, "pile", pile)

    return [Empty, One, Four, Factory, Undocumented, Hidden, Worked, Checked]


OWN_INIT = 7
"""The shape with an ``__init__`` of its own, made ``init=False`` by dataclasses."""


def pair(index: int) -> tuple[type, type]:
    generated = dataclass(frozen=True, slots=True, init=index != OWN_INIT)(bodies()[index])
    made = frozen_value(bodies()[index])
    return generated, made


ARGUMENTS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((), {}),
    ((3,), {}),
    ((0, 2, Colour.RED), {"scores": (4, 5)}),
    (("Ann",), {"ascii": True}),
    ((7,), {}),
    ((1,), {"hidden": "y"}),
    ((0.5,), {"tau": 4.0}),
    ((2,), {}),
]

CASES = list(range(len(ARGUMENTS)))


@pytest.mark.parametrize("index", CASES)
def test_a_value_has_the_dataclasses_signature_doc_fields_and_match_args(index) -> None:
    generated, made = pair(index)
    assert str(inspect.signature(made)) == str(inspect.signature(generated))
    assert made.__doc__ == generated.__doc__
    assert [(f.name, f.type, f.default) for f in dataclasses.fields(made)] == [
        (f.name, f.type, f.default) for f in dataclasses.fields(generated)
    ]
    assert made.__match_args__ == generated.__match_args__
    assert made.__slots__ == generated.__slots__
    assert made.__qualname__ == generated.__qualname__
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert getattr(made, method).__qualname__ == getattr(generated, method).__qualname__
        assert getattr(made, method).__module__ == getattr(generated, method).__module__
    for flag in ("init", "repr", "eq", "order", "unsafe_hash", "frozen"):
        assert getattr(made.__dataclass_params__, flag) == getattr(
            generated.__dataclass_params__, flag
        )


def hashed(one: object) -> object:
    try:
        return hash(one)
    except TypeError as error:
        return str(error)


@pytest.mark.parametrize("index", CASES)
def test_a_value_reads_compares_hashes_and_pickles_as_the_dataclass(index) -> None:
    generated, made = pair(index)
    args, kwargs = ARGUMENTS[index]
    one, other = generated(*args, **kwargs), made(*args, **kwargs)
    assert repr(other) == repr(one)
    assert hashed(other) == hashed(one)  # a dict among the fields: unhashable, both
    assert other == made(*args, **kwargs) and other != one  # another class is never equal
    assert dataclasses.asdict(other) == dataclasses.asdict(one)
    assert copy.deepcopy(other) == other and copy.copy(other) == other
    assert other.__getstate__() == one.__getstate__()
    assert dataclasses.replace(other) == other
    assert msgspec.json.encode(other) == msgspec.json.encode(one)
    assert not hasattr(other, "__dict__")


@pytest.mark.parametrize("index", CASES)
def test_a_value_is_frozen_as_the_dataclass(index) -> None:
    generated, made = pair(index)
    args, kwargs = ARGUMENTS[index]
    for cls in (generated, made):
        instance = cls(*args, **kwargs)
        for name in [f.name for f in dataclasses.fields(cls)]:
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"assign to field {name!r}"):
                setattr(instance, name, 1)
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"delete field {name!r}"):
                delattr(instance, name)
        # Python 3.11's dataclass refuses another name with a TypeError from super().
        with pytest.raises((AttributeError, TypeError)):
            instance.other = 1
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'other'"):
        made(*args, **kwargs).other = 1


def test_wrong_arguments_are_refused_as_by_the_dataclass() -> None:
    generated, made = pair(2)
    for cls in (generated, made):
        with pytest.raises(TypeError):
            cls(0, 2)
        with pytest.raises(TypeError):
            cls(0, 2, Colour.RED, (0, 0), 5)
        with pytest.raises(TypeError):
            cls(0, 2, Colour.RED, stock=1)
        assert cls(colour=Colour.BLACK, stock=1, player=0).stock == 1


def test_a_value_calls_its_post_init_last_as_the_dataclass_does() -> None:
    for cls in pair(6):
        worked = cls(0.5, 4.0)
        assert (worked.rate, worked.calls) == (0.25, 1)
        assert worked == cls(0.5, 4.0) and worked != cls(0.5, 2.0)
        assert copy.deepcopy(worked) == worked and copy.deepcopy(worked).rate == 0.25
        with pytest.raises(ValueError, match="tau must be positive"):
            cls(0.5, 0.0)
        with pytest.raises(TypeError):
            cls(0.5, 4.0, 0.25)  # a field left out of __init__ is no argument


def test_a_value_keeps_an_init_of_its_own() -> None:
    for cls in pair(OWN_INIT):
        assert (cls(2, 3).player, cls(2, 3).pile, cls(2).pile) == (2, 3, 0)
        with pytest.raises(TypeError, match="player must be an int"):
            cls("2")
        with pytest.raises(TypeError):
            cls(2, 3, 4)


def test_each_value_gets_a_fresh_default_from_its_factory() -> None:
    _, made = pair(3)
    first, second = made("a"), made("b")
    assert first.bindings == {} and first.bindings is not second.bindings


@given(
    st.integers(),
    st.integers(),
    st.sampled_from(Colour),
    st.tuples(st.integers(), st.integers()),
    st.floats(allow_nan=True),
)
def test_values_compare_and_hash_as_dataclasses_whatever_their_fields(a, b, colour, scores, x):
    generated, made = pair(2)
    left_g, left_m = generated(a, b, colour, scores), made(a, b, colour, scores)
    right_g, right_m = generated(b, a, colour, scores), made(b, a, colour, scores)
    assert (left_m == right_m) == (left_g == right_g)
    assert hash(left_m) == hash(left_g) and hash(right_m) == hash(right_g)
    one_g, one_m = pair(1)
    assert (one_m(x) == one_m(x)) == (one_g(x) == one_g(x))  # NaN: a tuple's own rule


def test_a_value_refuses_what_it_cannot_make() -> None:
    class Named:
        player: int = field(kw_only=True)

    class Own:
        player: int

        def __repr__(self) -> str:
            return "mine"

    @dataclass(frozen=True, slots=True)
    class Base:
        player: int

    class Derived(Base):
        stock: int

    class LeftOutWithADefault:
        player: int
        rate: float = field(default=1.0, init=False)

    for cls in (Named, Own, Derived, LeftOutWithADefault):
        with pytest.raises(TypeError):
            frozen_value(cls)


PLAIN = [0, 1, 2, 4, 5]
"""The shapes whose ``__init__`` only sets their fields: Empty, One, Four, Undocumented,
Hidden."""

EVERY_FIELD: dict[int, tuple[Any, ...]] = {
    0: (),
    1: (3,),
    2: (0, 2, Colour.RED, (4, 5)),
    4: (7, None),
    5: (1, "y"),
}


@pytest.mark.parametrize("index", PLAIN)
def test_a_maker_makes_what_the_class_makes(index) -> None:
    _, made = pair(index)
    args = EVERY_FIELD[index]
    one, other = made(*args), maker(made)(*args)
    assert other.__class__ is made and other == one and one == other
    assert repr(other) == repr(one) and hashed(other) == hashed(one)
    assert other.__getstate__() == one.__getstate__()
    assert copy.deepcopy(other) == one and copy.copy(other) == one
    assert dataclasses.replace(other) == one and dataclasses.asdict(other) == dataclasses.asdict(
        one
    )
    assert not hasattr(other, "__dict__")
    for name in [f.name for f in dataclasses.fields(made)]:
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"assign to field {name!r}"):
            setattr(other, name, 1)
    other_class = frozen_value(bodies()[index])  # the same fields, another class: never equal
    assert maker(other_class)(*args) != one


def test_a_maker_is_refused_where_init_does_more_than_set_the_fields() -> None:
    for index in (3, 6, OWN_INIT):  # a default factory, a __post_init__, an __init__ of its own
        _, made = pair(index)
        with pytest.raises(TypeError, match="does more than set its fields"):
            maker(made)

    class Dataclass:
        player: int

    with pytest.raises(TypeError):
        maker(dataclass(frozen=True)(Dataclass))  # not slotted: another layout


def test_the_rounds_result_maker_makes_what_the_class_makes() -> None:
    """The round makes its result after every action by a maker (its views and events are
    Structs, made in C by their classes)."""
    refusal = actions.Refusal(0, actions.Reason.EMPTY_STOCK)
    for args in (((events.PlayerReady(1),), None), ((), refusal)):
        one, other = round.Result(*args), round._new_result(*args)
        assert other.__class__ is round.Result and other == one and repr(other) == repr(one)
        assert hashed(other) == hashed(one) and pickle.loads(pickle.dumps(other)) == one


def test_the_games_values_pickle_and_encode() -> None:
    made = [
        events.CardPlayed(0, 2, 1, DECK[5]),
        events.RoundSettled(2, (20, 32), (None, 1), events.RoundEnd.WENT_OUT, 0),
        events.TableStuck(),
        config.Config(bindings={"p1.spit": "space"}, names=("Ann", None)),
        config.UnknownLanguage("xx", ("de", "el")),
        options.GameOptions(mode=options.Mode.TWO_PLAYER, seed=7),
    ]
    for one in made:
        assert pickle.loads(pickle.dumps(one)) == one
        assert pickle.loads(pickle.dumps(one)).__class__ is one.__class__
    settled = made[1]
    assert msgspec.json.decode(msgspec.json.encode(settled), type=events.RoundSettled) == settled


STRUCT_MODULES = (actions, events, presses, view, table, seat, session, recorder, seats)
STRUCT_MODULES += (levels, strategy, figures)
STRUCTS = [
    cls
    for module in STRUCT_MODULES
    for cls in vars(module).values()
    if isinstance(cls, type)
    and cls.__module__ == module.__name__
    and issubclass(cls, msgspec.Struct)
    and not cls.__name__.startswith("_")
]


def test_the_values_are_structs_where_they_were_frozen_values() -> None:
    names = {cls.__qualname__ for cls in STRUCTS}
    assert {"Play", "Refusal", "CardPlayed", "PlayerView", "PilePress", "Banner"} <= names
    assert {"ExGaussian", "Level", "Choice", "Closed", "Change", "Built", "Player"} <= names


@pytest.mark.parametrize("cls", STRUCTS, ids=lambda cls: cls.__qualname__)
def test_the_games_values_are_frozen_structs(cls) -> None:
    """Made in C by msgspec: frozen, slotted, compared and hashed by their fields, and
    ``msgspec.structs.replace`` makes a changed copy."""
    config = cls.__struct_config__
    assert config.frozen and not config.dict and "__slots__" in vars(cls)


def test_a_struct_value_reads_compares_hashes_pickles_and_replaces() -> None:
    played = events.CardPlayed(0, 2, 1, DECK[5])
    assert repr(played) == f"CardPlayed(player=0, stock=2, pile=1, card={DECK[5]!r})"
    assert played == events.CardPlayed(player=0, stock=2, pile=1, card=DECK[5])
    assert hash(played) == hash(events.CardPlayed(0, 2, 1, DECK[5]))
    assert played != events.CardSpat(0, 2, DECK[5]) and played != (0, 2, 1, DECK[5])
    assert pickle.loads(pickle.dumps(played)) == played and copy.deepcopy(played) == played
    assert msgspec.structs.replace(played, player=1) == events.CardPlayed(1, 2, 1, DECK[5])
    assert events.CardPlayed.__match_args__ == ("player", "stock", "pile", "card")
    with pytest.raises(AttributeError):
        played.player = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        played.other = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        events.CardPlayed(0, 2, 1)  # type: ignore[call-arg]
    assert actions.Refusal(1, actions.Reason.TOO_LATE).card is None


def test_frozen_value_classes_left_are_frozen_values() -> None:
    """What other modules still make by ``frozen_value`` (until they become Structs)."""
    left = [
        cls
        for module in (round, config, options, keymap)
        for cls in vars(module).values()
        if isinstance(cls, type)
        and cls.__module__ == module.__name__
        and dataclasses.is_dataclass(cls)
    ]
    for cls in left:
        assert cls.__setattr__.__code__.co_filename == inspect.getfile(frozen_value)
        assert cls.__dataclass_params__.frozen and "__slots__" in vars(cls)
