"""A player who has pressed spit (or has no spit cards) waits for the other: the table says
so itself, whatever they press before the spit (RULES B5)."""

from __future__ import annotations

import pytest
from engine_tables import accepted
from test_stuck_and_spit import stuck

from spit.engine import DECK, Action, Fill, Match, Phase, Play, Reason, Round, Spit


def ready_before_the_first_spit() -> Match:
    match = Match.new(2)
    accepted(match.apply(Spit(0), at=1.0))
    return match


@pytest.mark.parametrize("action", [Play(0, 0, 0), Fill(0, 4), Spit(0)], ids=repr)
def test_a_player_ready_before_the_first_spit_is_told_they_are_already_ready(
    action: Action,
) -> None:
    match = ready_before_the_first_spit()
    refusal = match.apply(action, at=1.0).refusal
    assert refusal is not None
    assert refusal.reason is Reason.ALREADY_READY
    assert not refusal.is_fumble


def test_the_player_not_yet_ready_is_still_told_to_press_spit() -> None:
    match = ready_before_the_first_spit()
    refusal = match.apply(Play(1, 0, 0), at=1.0).refusal
    assert refusal is not None
    assert refusal.reason is Reason.BEFORE_SPIT


@pytest.mark.parametrize("action", [Play(0, 0, 0), Fill(0, 4), Spit(0)], ids=repr)
def test_a_player_ready_while_stuck_is_told_they_are_already_ready(action: Action) -> None:
    round_ = stuck()
    accepted(round_.apply(Spit(0)))
    refusal = round_.apply(action).refusal
    assert refusal is not None
    assert refusal.reason is Reason.ALREADY_READY
    assert not refusal.is_fumble


def test_the_player_not_yet_ready_while_stuck_is_still_told_it_is_stuck() -> None:
    round_ = stuck()
    accepted(round_.apply(Spit(0)))
    refusal = round_.apply(Play(1, 0, 0)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.STUCK


def test_a_player_with_no_spit_cards_is_already_ready_before_the_first_spit() -> None:
    # Fifteen cards: a full layout and no spit cards, so player 1 counts as ready at once.
    round_ = Round.deal((DECK[15:], DECK[:15]), number=1)
    assert round_.phase is Phase.DEALT and round_.is_ready(1)
    refusal = round_.apply(Play(1, 0, 1)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.ALREADY_READY
