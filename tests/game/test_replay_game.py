"""A record played back through the game interface: the replay starts at once, whatever
clock the record's times were written on."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.game.playback import Playback, ReplayGame
from spit.records.record import read_record
from tests.game.test_local_game import Clock, Listener, Timers
from tests.records.played import UPTIME, on_uptime_clock, play_recorded


@pytest.fixture(scope="module")
def uptime_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("replay")
    path, _ = play_recorded(directory, seed=7)
    return on_uptime_clock(path)


def test_a_replay_of_a_record_written_on_the_uptime_clock_starts_at_once(
    uptime_record: Path,
) -> None:
    playback = Playback(read_record(uptime_record))
    assert playback.steps[0].at == pytest.approx(UPTIME)
    game = ReplayGame(playback)
    clock = Clock()
    timers = Timers(clock)
    listener = Listener()
    game.start(listener, timers)
    timers.run_until(clock.now + 1.0)
    assert playback.position > 0 and listener.changes
    # The bar's clock counts from the first action, and the table's time stays the record's.
    assert playback.elapsed <= 1.0
    assert game.now() == playback.steps[playback.position - 1].at


def test_a_replay_plays_the_record_to_its_end_in_the_record_s_time(uptime_record: Path) -> None:
    playback = Playback(read_record(uptime_record))
    game = ReplayGame(playback)
    clock = Clock()
    timers = Timers(clock)
    game.start(Listener(), timers)
    span = playback.steps[-1].at - playback.steps[0].at
    timers.run_until(clock.now + span + 1.0)
    assert playback.at_end
    assert playback.match.outcome == playback.record.outcome


def test_a_replay_from_the_spectator_s_seat_shows_both_sides_and_offers_nothing(
    uptime_record: Path,
) -> None:
    playback = Playback(read_record(uptime_record))
    game = ReplayGame(playback, playing=False, spectator=True)
    game.start(Listener(), Timers(Clock()))
    for _ in range(40):
        game.forward()
        seat = playback.match.view(0)
        seen = game.view(0)
        assert game.seats == (0, 1) and game.view(1) is seen
        assert seen.legal_actions == () and (seen.sides, seen.piles) == (seat.sides, seat.piles)
