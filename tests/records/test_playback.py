"""Playback: the table after any number of recorded actions, forward, back, by round."""

from __future__ import annotations

import pytest

from spit.game.playback import SPEEDS, Playback
from spit.records.record import read_record
from tests.records.played import play_recorded


@pytest.fixture(scope="module")
def playback(tmp_path_factory: pytest.TempPathFactory) -> Playback:
    path, _ = play_recorded(tmp_path_factory.mktemp("playback"), seed=7)
    return Playback(read_record(path))


def test_playing_every_step_ends_at_the_recorded_table(playback: Playback) -> None:
    playback.seek(0)
    while playback.forward() is not None:
        pass
    assert playback.at_end and playback.match.outcome == playback.record.outcome
    assert playback.match.view(0) == playback.record.match.view(0)


def test_refused_actions_are_refused_again_as_they_were(playback: Playback) -> None:
    playback.seek(0)
    verdicts = []
    while (played := playback.forward()) is not None:
        refusal = played.result.refusal
        verdicts.append((played.step.reason, None if refusal is None else refusal.reason))
    assert all(recorded == now for recorded, now in verdicts)
    assert any(recorded is not None for recorded, _ in verdicts)


def test_a_step_back_shows_the_table_one_action_earlier(playback: Playback) -> None:
    playback.seek(30)
    before = playback.match.view(0)
    playback.forward()
    playback.back()
    assert playback.position == 30 and playback.match.view(0) == before


def test_jumping_to_a_round_shows_it_freshly_dealt(playback: Playback) -> None:
    assert playback.rounds == len(playback.record.match.history)
    for number in range(1, playback.rounds + 1):
        playback.jump_to_round(number)
        assert playback.round_number == number
        assert playback.match.round.phase.value == "dealt"
    playback.jump_to_round(99)
    assert playback.round_number == playback.rounds


def test_the_wait_for_the_next_action_follows_the_record_and_the_speed(
    playback: Playback,
) -> None:
    playback.seek(5)
    gap = playback.steps[5].at - playback.steps[4].at
    playback.speed = 1.0
    assert playback.delay() == pytest.approx(gap)
    playback.faster()
    assert playback.speed == 2.0 and playback.delay() == pytest.approx(gap / 2)
    for _ in SPEEDS:
        playback.slower()
    assert playback.speed == SPEEDS[0]
    playback.speed = 1.0


def test_figures_count_only_what_has_been_played(playback: Playback) -> None:
    playback.seek(0)
    assert playback.figures(0).played == 0
    playback.seek(len(playback.steps))
    total = playback.figures(0).played + playback.figures(1).played
    assert total > 0 and playback.figures(0).played == playback.analysis.players[0].played
