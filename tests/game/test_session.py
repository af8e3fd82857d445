"""The session builder makes every game the app shows, with no screen: a seed gives the same
deals, the bot takes seat 2 only when there is one, a practice is neither recorded nor
rematched, and an unfinished record goes on paused with its own options."""

from __future__ import annotations

import pytest

from spit.game import Game, LocalGame
from spit.game.patient import PatientDriver
from spit.game.session import PRACTICE_LEVEL, Refused, Session, SessionError
from spit.settings.options import GameOptions, Mode


def test_the_first_match_is_dealt_from_the_seed_itself_and_rematches_from_derived_ones() -> None:
    options = GameOptions(mode=Mode.TWO_PLAYER, seed=5)
    first, again = Session(5, record=False), Session(5, record=False)
    a, b = first.local(options).game, again.local(options).game
    assert a.match.view(0) == b.match.view(0)
    a.rematch()
    b.rematch()
    assert a.match.view(0) == b.match.view(0)


def test_a_game_against_the_bot_needs_a_bot() -> None:
    with pytest.raises(SessionError) as refused:
        Session(1, record=False).local(GameOptions(mode=Mode.BOT, seed=1))
    assert refused.value.why is Refused.NO_BOT


def test_two_players_play_both_seats_and_the_game_is_a_game() -> None:
    built = Session(1, record=False).local(GameOptions(mode=Mode.TWO_PLAYER, seed=1))
    assert isinstance(built.game, Game) and built.game.seats == (0, 1)
    assert built.first_frame is None  # nothing recorded, nothing to make
    game = built.game
    assert not game.replaying and game.recorder is None and game.lost is None
    assert game.adaptive_level is None and game.room_link is None


def test_a_practice_is_played_against_the_patient_bot_unrecorded_and_without_rematch() -> None:
    built = Session(1, record=True).practice(GameOptions(mode=Mode.TWO_PLAYER, seed=1))
    assert isinstance(built.game, LocalGame)
    assert isinstance(built.game.driver, PatientDriver)
    assert built.options.mode is Mode.BOT and built.options.bot_level == PRACTICE_LEVEL
    assert built.game.recorder is None and not built.game.can_rematch


def test_the_adaptive_bot_says_the_level_it_plays_at() -> None:
    from spit.game import bot_driver

    session = Session(2, opponents=bot_driver, record=False)
    game = session.local(GameOptions(mode=Mode.BOT, seed=2, bot_level="adaptive")).game
    assert game.adaptive_level is not None


def test_a_new_match_s_clock_starts_at_0_at_the_deal_whatever_the_machine_s_uptime() -> None:
    uptime = [1980.74]
    session = Session(3, record=False, clock=lambda: uptime[0])
    game = session.local(GameOptions(mode=Mode.TWO_PLAYER, seed=3)).game
    uptime[0] += 0.8125
    assert game.now() == pytest.approx(0.8125)
