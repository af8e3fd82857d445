"""Fumbles and lost races: a wrong move locks the hand, a race lost by a hair does not
(RULES B12). Times are the caller's timestamps; no clock is read."""

from __future__ import annotations

import pytest
from engine_tables import accepted, basic, c, table

from spit.engine import Action, Fill, Observer, Play, Reason, Settings, Slap, Spit


def test_fumble_locks_hand_for_lockout() -> None:
    round_ = basic()
    refusal = round_.apply(Play(0, 1, 0), at=10.0).refusal
    assert refusal is not None
    assert refusal.reason is Reason.DOES_NOT_FIT
    assert refusal.is_fumble
    assert refusal.locked_until == pytest.approx(10.5)
    assert Observer(round_).view(0).me.locked_until == pytest.approx(10.5)
    waiting = round_.apply(Play(0, 0, 0), at=10.4).refusal
    assert waiting is not None
    assert waiting.reason is Reason.LOCKED
    assert waiting.locked_until == pytest.approx(10.5)
    assert not waiting.is_fumble
    accepted(round_.apply(Play(0, 0, 0), at=10.5))


@pytest.mark.parametrize("action", [Fill(0, 0), Spit(0), Slap(0, 0), Play(0, 4, 1)])
def test_locked_hand_is_told_to_wait_whatever_it_tries(action: Action) -> None:
    round_ = basic()
    round_.apply(Play(0, 1, 0), at=10.0)
    refusal = round_.apply(action, at=10.1).refusal
    assert refusal is not None
    assert refusal.reason is Reason.LOCKED


def test_fumble_locks_only_the_hand_that_made_it() -> None:
    round_ = basic()
    round_.apply(Play(0, 1, 0), at=10.0)
    accepted(round_.apply(Play(1, 1, 1), at=10.1))
    assert Observer(round_).view(0).opponent.locked_until is None


def test_refusal_while_locked_does_not_extend_the_lock() -> None:
    round_ = basic()
    round_.apply(Play(0, 1, 0), at=10.0)
    round_.apply(Play(0, 1, 0), at=10.3)
    assert Observer(round_).view(0).me.locked_until == pytest.approx(10.5)
    accepted(round_.apply(Play(0, 0, 0), at=10.5))


def test_fill_that_is_not_allowed_is_a_fumble() -> None:
    round_ = basic()
    refusal = round_.apply(Fill(0, 0), at=10.0).refusal
    assert refusal is not None
    assert refusal.reason is Reason.NO_EMPTY_SLOT
    assert refusal.locked_until == pytest.approx(10.5)
    locked = round_.apply(Play(0, 0, 0), at=10.2).refusal
    assert locked is not None
    assert locked.reason is Reason.LOCKED


def test_lockout_is_a_setting() -> None:
    round_ = basic(Settings(lockout=1.5))
    refusal = round_.apply(Play(0, 1, 0), at=10.0).refusal
    assert refusal is not None
    assert refusal.locked_until == pytest.approx(11.5)


def test_lockout_zero_disables_lock() -> None:
    round_ = basic(Settings(lockout=0))
    refusal = round_.apply(Play(0, 1, 0), at=10.0).refusal
    assert refusal is not None
    assert refusal.reason is Reason.DOES_NOT_FIT
    assert refusal.locked_until is None
    assert Observer(round_).view(0).me.locked_until is None
    accepted(round_.apply(Play(0, 0, 0), at=10.0))


def test_too_late_within_window_is_no_fumble() -> None:
    round_ = basic()
    accepted(round_.apply(Play(1, 0, 0), at=10.0))  # 6C covers the 5S
    refusal = round_.apply(Play(0, 2, 0), at=10.2).refusal  # 4D fitted the 5S
    assert refusal is not None
    assert refusal.reason is Reason.TOO_LATE
    assert not refusal.is_fumble
    assert refusal.locked_until is None
    assert Observer(round_).view(0).me.locked_until is None
    accepted(round_.apply(Play(0, 4, 1), at=10.2))


def test_play_after_window_is_a_fumble() -> None:
    round_ = basic()
    accepted(round_.apply(Play(1, 0, 0), at=10.0))
    refusal = round_.apply(Play(0, 2, 0), at=10.4).refusal
    assert refusal is not None
    assert refusal.reason is Reason.DOES_NOT_FIT
    assert refusal.locked_until == pytest.approx(10.9)


def test_too_late_window_is_a_setting() -> None:
    round_ = basic(Settings(too_late=1.0))
    accepted(round_.apply(Play(1, 0, 0), at=10.0))
    refusal = round_.apply(Play(0, 2, 0), at=10.8).refusal
    assert refusal is not None
    assert refusal.reason is Reason.TOO_LATE


def test_too_late_only_on_the_pile_that_changed() -> None:
    round_ = basic()
    accepted(round_.apply(Play(1, 0, 0), at=10.0))  # the left pile changed
    refusal = round_.apply(Play(0, 2, 1), at=10.1).refusal  # 4D never fitted the right 9D
    assert refusal is not None
    assert refusal.reason is Reason.DOES_NOT_FIT
    assert refusal.is_fumble


def test_too_late_counts_every_top_covered_within_the_window() -> None:
    round_ = table(
        ["6H", "7D", "KC", "KD", "10C"], ["4C", "QC", "QD", "QH", "QS"], piles=("5S", "9D")
    )
    accepted(round_.apply(Play(0, 0, 0), at=10.0))  # 6H covers the 5S
    accepted(round_.apply(Play(0, 1, 0), at=10.1))  # 7D covers the 6H
    refusal = round_.apply(Play(1, 0, 0), at=10.25).refusal  # 4C fitted the 5S, two cards down
    assert refusal is not None
    assert refusal.reason is Reason.TOO_LATE
    late = round_.apply(Play(1, 0, 0), at=10.35).refusal
    assert late is not None
    assert late.reason is Reason.DOES_NOT_FIT
    assert (late.card, late.top) == (c("4C"), c("7D"))


def test_no_clock_means_same_answer_for_same_timestamps() -> None:
    first, second = basic(), basic()
    for round_ in (first, second):
        round_.apply(Play(1, 0, 0), at=10.0)
    assert first.check(Play(0, 2, 0), at=10.2) == second.check(Play(0, 2, 0), at=10.2)
    assert first.check(Play(0, 2, 0), at=10.2) != first.check(Play(0, 2, 0), at=10.4)
