"""Why a game could not go on has one form, whichever game it is: what the networked game
keeps (the server gone, or the room ended early) is what every game says and what the
shells word (:func:`spit.words.networked.lost_detail`)."""

from __future__ import annotations

from typing import get_type_hints

import pytest

from spit.game import Game, LocalGame
from spit.game.playback import ReplayGame
from spit.net.client import Ended, ServerGone
from spit.words.networked import lost_detail

NAMES = {"ServerGone": ServerGone, "Ended": Ended}  # named by the modules for types only


@pytest.mark.parametrize("game", [Game, LocalGame, ReplayGame])
def test_every_game_says_why_it_was_lost_in_the_form_the_shells_word(game: type) -> None:
    said = get_type_hints(game.lost.fget, localns=NAMES)["return"]
    assert said == get_type_hints(lost_detail, localns=NAMES)["lost"] == ServerGone | Ended | None
