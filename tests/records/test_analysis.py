"""Reaction times, missed plays and lost races, from a record replayed through the engine."""

from __future__ import annotations

import pytest

from spit.engine import Match, Play, Reason, Spit
from spit.records.analysis import MISSED_AFTER, analyse_steps
from spit.records.record import Step

# Seed 1's first round: after both spit, player 0's stock 2 fits the left pile, and so does
# player 1's stock 2; whoever plays there first takes the other's chance away.
SEED = 1
MINE = Play(0, 1, 0)
THEIRS = Play(1, 1, 0)


def steps(*moves: tuple[float, object]) -> list[Step]:
    """Apply ``moves`` to seed 1's match, recording each verdict as a step."""
    match = Match.new(SEED)
    out = []
    for line, (at, action) in enumerate(moves, start=2):
        result = match.apply(action, at)
        out.append(Step(line, at, action, None if result.ok else result.refusal.reason))
    return out


def test_the_table_is_as_these_tests_expect() -> None:
    match = Match.new(SEED)
    match.apply(Spit(0), 0.0)
    match.apply(Spit(1), 0.1)
    assert MINE in match.legal_actions(0) and THEIRS in match.legal_actions(1)


def test_a_reaction_is_the_time_from_the_change_that_made_a_play_possible() -> None:
    played = steps((0.0, Spit(0)), (0.1, Spit(1)), (0.55, MINE))
    figures = analyse_steps(Match.new(SEED), played).players[0]
    assert [r.seconds for r in figures.reactions] == [pytest.approx(0.45)]
    assert figures.played == 1 and figures.median_reaction == pytest.approx(0.45)


def test_a_fitting_card_left_over_a_second_and_lost_is_a_missed_play() -> None:
    played = steps((0.0, Spit(0)), (0.1, Spit(1)), (0.1 + MISSED_AFTER + 0.4, THEIRS))
    analysis = analyse_steps(Match.new(SEED), played)
    missed = analysis.players[0].missed
    assert [(m.play, m.seconds) for m in missed] == [(MINE, pytest.approx(MISSED_AFTER + 0.4))]
    assert analysis.players[1].reactions[0].seconds == pytest.approx(MISSED_AFTER + 0.4)


def test_a_chance_lost_within_a_second_is_not_a_missed_play() -> None:
    played = steps((0.0, Spit(0)), (0.1, Spit(1)), (0.1 + MISSED_AFTER - 0.2, THEIRS))
    assert analyse_steps(Match.new(SEED), played).players[0].missed == []


def test_a_play_refused_too_late_is_a_race_lost_by_the_time_between() -> None:
    played = steps((0.0, Spit(0)), (0.1, Spit(1)), (0.5, THEIRS), (0.62, MINE))
    assert played[-1].reason is Reason.TOO_LATE
    lost = analyse_steps(Match.new(SEED), played).players[0].races_lost
    assert [(r.slap, r.seconds) for r in lost] == [(False, pytest.approx(0.12))]


def test_figures_up_to_a_step_leave_out_what_came_after() -> None:
    played = steps((0.0, Spit(0)), (0.1, Spit(1)), (0.5, THEIRS), (0.62, MINE))
    figures = analyse_steps(Match.new(SEED), played).players[0]
    assert figures.upto(3).races_lost == [] and len(figures.upto(4).races_lost) == 1
