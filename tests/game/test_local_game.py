"""A game on this machine through the screen's interface, with no Textual anywhere: the
verdict reaches the listener inside ``act``, pauses hold the clock and the driven seat, a
rematch deals afresh, and stopping lets go of everything."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from spit.engine import Match, Phase, Play, Reason, Spit, Variant
from spit.game import Change, Driver, Game, GameClock, LocalGame, Lost, Seat


class Clock:
    """Wall-clock seconds that move only when told; the game clock's source here."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Timer:
    due: float
    callback: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class Timers:
    """The shell's timers on the same virtual wall clock."""

    clock: Clock
    made: list[Timer] = field(default_factory=list)

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        timer = Timer(self.clock.now + delay, callback)
        self.made.append(timer)
        return timer

    def live(self) -> list[Timer]:
        return [t for t in self.made if not t.cancelled]

    def run_until(self, when: float) -> None:
        """Let wall time pass until ``when``, firing what falls due on the way."""
        while (due := [t for t in self.live() if t.due <= when]) != []:
            timer = min(due, key=lambda t: t.due)
            self.made.remove(timer)
            self.clock.now = max(self.clock.now, timer.due)
            timer.callback()
        self.clock.now = max(self.clock.now, when)


@dataclass
class Listener:
    """A screen that only writes down what it is told, and what the table showed then."""

    game: LocalGame | None = None
    changes: list[Change] = field(default_factory=list)
    phases: list[Phase] = field(default_factory=list)
    lost: list[Lost] = field(default_factory=list)

    def table_changed(self, change: Change) -> None:
        self.changes.append(change)
        if self.game is not None:
            self.phases.append(self.game.view(0).phase)

    def pause_changed(self, paused: bool, by: int | None) -> None:
        raise AssertionError("nobody else pauses a local game")

    def connection_changed(self) -> None:
        raise AssertionError("a local game has no connection")

    def game_lost(self, why: Lost) -> None:
        self.lost.append(why)


class Spitter:
    """A driver that presses spit a set time after every change it hears of."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.seat: Seat | None = None
        self.heard: list[object] = []

    def start(self, seat: Seat) -> None:
        self.seat = seat
        self._later()

    def table_changed(self, events: tuple[object, ...]) -> None:
        self.heard.append(events)

    def pause(self) -> None:
        self.heard.append("pause")

    def resume(self) -> None:
        self.heard.append("resume")

    def stop(self) -> None:
        self.heard.append("stop")

    def _later(self) -> None:
        seat = self.seat
        assert seat is not None
        seat.call_later(self.delay, lambda: seat.act(Spit(seat.player)))


def started(game: LocalGame, clock: Clock | None = None) -> tuple[LocalGame, Listener, Timers]:
    listener = Listener(game)
    timers = Timers(clock or Clock())
    game.start(listener, timers)
    return game, listener, timers


def test_a_local_game_is_a_game() -> None:
    assert isinstance(LocalGame(Match.new(1)), Game)
    assert isinstance(Spitter(1.0), Driver)


def test_two_players_on_one_keyboard_play_both_seats_and_against_a_driver_one() -> None:
    assert LocalGame(Match.new(1)).seats == (0, 1)
    assert LocalGame(Match.new(1), driver=Spitter(1.0)).seats == (0,)
    game = LocalGame(Match.new(1, variant=Variant.POINTS))
    assert game.variant is Variant.POINTS
    assert game.connection is None and game.names == (None, None)


def test_the_verdict_reaches_the_listener_inside_act_with_the_new_table_in_view() -> None:
    clock = Clock()
    game, listener, _ = started(LocalGame(Match.new(3), clock=GameClock(clock)), clock)
    clock.now = 107.5
    result = game.act(Spit(0))
    assert result.ok
    assert listener.changes == [Change(0, result.events, None, 107.5)]
    assert game.view(0).sides[0].ready
    game.act(Spit(1))
    assert listener.phases[-1] is Phase.PLAYING  # the view had changed when it was told


def test_a_refusal_reaches_the_listener_and_changes_nothing() -> None:
    game, listener, _ = started(LocalGame(Match.new(3)))
    before = game.view(0)
    result = game.act(Play(0, 0, 0))  # nobody has spat yet
    assert result.refusal is not None and result.refusal.reason is Reason.BEFORE_SPIT
    assert listener.changes[-1].refusal == result.refusal
    assert not listener.changes[-1].ok
    assert game.view(0) == before


def test_the_driver_hears_every_accepted_action_and_acts_only_for_its_seat() -> None:
    driver = Spitter(0.4)
    game, listener, timers = started(LocalGame(Match.new(3), driver=driver))
    result = game.act(Spit(0))
    assert driver.heard == [result.events]
    timers.run_until(timers.clock.now + 0.4)
    assert listener.changes[-1].player == 1
    assert game.view(0).phase is Phase.PLAYING
    seat = driver.seat
    assert seat is not None and seat.player == 1
    with pytest.raises(ValueError):
        seat.act(Spit(0))


def test_a_pause_stops_the_clock_and_holds_the_drivers_hand_for_the_time_it_had_left() -> None:
    clock = Clock()
    driver = Spitter(1.0)
    game, _, timers = started(LocalGame(Match.new(3), clock=GameClock(clock), driver=driver), clock)
    game.act(Spit(0))
    timers.run_until(100.6)  # 0.6 s of the bot's 1.0 s hand have passed
    game.pause()
    assert game.paused and driver.heard[-1] == "pause"
    frozen = game.now()
    timers.run_until(160.0)  # a minute on the pause screen
    assert game.now() == frozen
    assert game.view(0).phase is Phase.DEALT
    game.resume()
    assert driver.heard[-1] == "resume"
    timers.run_until(160.39)
    assert game.view(0).phase is Phase.DEALT
    timers.run_until(160.41)  # the 0.4 s it had left
    assert game.view(0).phase is Phase.PLAYING


def test_a_timer_asked_for_while_paused_starts_on_resume() -> None:
    clock = Clock()
    driver = Spitter(10.0)
    game, _, timers = started(LocalGame(Match.new(3), clock=GameClock(clock), driver=driver), clock)
    game.pause()
    driver.delay = 0.5
    driver._later()
    timers.run_until(130.0)
    assert not game.view(0).sides[1].ready
    game.resume()
    timers.run_until(130.5)
    assert game.view(0).sides[1].ready


def test_a_rematch_deals_a_fresh_match_and_tells_the_driver() -> None:
    dealt: list[Match] = []

    def deal() -> Match:
        dealt.append(Match.new(9))
        return dealt[-1]

    driver = Spitter(1.0)
    game, _, _ = started(LocalGame(Match.new(3), driver=driver, deal=deal))
    assert game.can_rematch
    game.act(Spit(0))
    game.rematch()
    assert game.match is dealt[0]
    assert driver.heard[-1] == ()
    assert not game.view(0).sides[0].ready
    assert not LocalGame(Match.new(3)).can_rematch
    with pytest.raises(ValueError):
        LocalGame(Match.new(3)).rematch()


def test_stopping_cancels_the_drivers_timers_and_the_listener_hears_no_more() -> None:
    driver = Spitter(0.5)
    game, listener, timers = started(LocalGame(Match.new(3), driver=driver))
    assert timers.live()
    game.stop()
    assert not timers.live()
    assert driver.heard[-1] == "stop"
    heard = len(listener.changes)
    game.act(Spit(0))
    assert len(listener.changes) == heard
    game.stop()  # twice is harmless
    assert driver.heard.count("stop") == 1


def test_the_game_package_loads_no_textual() -> None:
    code = (
        "import sys, spit.game; "
        "print([m for m in sys.modules if m.startswith(('textual', 'rich'))])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
