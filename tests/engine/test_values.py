"""The game's values are frozen msgspec Structs, made in C: compared, hashed, pickled and
encoded by their fields, and changed only by ``msgspec.structs.replace``."""

from __future__ import annotations

import copy
import pickle

import msgspec
import pytest

from spit.bot import levels, strategy
from spit.engine import DECK, actions, events, presses, round, view
from spit.game import seat, session
from spit.records import figures, players, recorder
from spit.settings import config, keymap, options
from spit.words import table


def test_the_games_values_pickle_and_encode() -> None:
    made = [
        events.CardPlayed(0, 2, 1, DECK[5]),
        events.RoundSettled(2, (20, 32), (None, 1), events.RoundEnd.WENT_OUT, 0),
        events.TableStuck(),
        config.Config(bindings={"p1.spit": "space"}, names=("Ann", None)),
        config.ConfigProblem("unknown language", "xx", choices=("de", "el")),
        options.GameOptions(mode=options.Mode.TWO_PLAYER, seed=7),
    ]
    for one in made:
        assert pickle.loads(pickle.dumps(one)) == one
        assert pickle.loads(pickle.dumps(one)).__class__ is one.__class__
    settled = made[1]
    assert msgspec.json.decode(msgspec.json.encode(settled), type=events.RoundSettled) == settled


STRUCT_MODULES = (actions, events, presses, view, round, table, seat, session, recorder, players)
STRUCT_MODULES += (levels, strategy, figures, config, options, keymap)
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
