"""Refusals: a refused action changes nothing and says why in words a player reads (RULES B6,
B12; the engineering rule "bad input gets a clear answer, never a traceback")."""

from __future__ import annotations

import pytest
from engine_tables import accepted, basic, c, table, without_locks

from spit.engine import (
    PLAYERS,
    Action,
    Fill,
    Match,
    Observer,
    Play,
    Reason,
    Refusal,
    Slap,
    Spit,
)

REFUSED: list[Action] = [
    Play(0, 1, 0),  # does not fit: a fumble
    Fill(0, 0),  # no empty slot: a fumble
    Spit(1),  # not stuck
    Slap(0, 1),  # not the end of a round
    Play(0, 7, 0),
    Play(1, 0, 4),
    Slap(1, -1),
    Play(2, 0, 0),
    Spit(-1),
]


@pytest.mark.parametrize("action", REFUSED, ids=repr)
def test_refusal_changes_nothing(action: Action) -> None:
    round_ = basic()
    before = [Observer(round_).view(p) for p in PLAYERS]
    result = round_.apply(action, at=10.0)
    assert result.refusal is not None
    assert result.events == ()
    after = [Observer(round_).view(p) for p in PLAYERS]
    if result.refusal.is_fumble:
        # A fumble's only trace is the lock on that hand.
        assert [without_locks(v) for v in after] == [without_locks(v) for v in before]
        assert after[0].sides[result.refusal.player].locked_until is not None
    else:
        assert after == before


@pytest.mark.parametrize("action", REFUSED, ids=repr)
def test_check_answers_as_apply_would_and_changes_nothing(action: Action) -> None:
    round_ = basic()
    before = [Observer(round_).view(p) for p in PLAYERS]
    checked = round_.check(action, at=10.0)
    # Even a fumble does not lock on check.
    assert [Observer(round_).view(p) for p in PLAYERS] == before
    assert checked == round_.apply(action, at=10.0).refusal


def test_checking_a_legal_action_says_yes_and_changes_nothing() -> None:
    round_ = basic()
    before = Observer(round_).view(0)
    assert round_.check(Play(0, 0, 0)) is None
    assert Observer(round_).view(0) == before


def test_a_refusal_carries_the_cards_it_is_about() -> None:
    round_ = table(["7C", "KD", "", "", ""], ["AS", "", "", "", ""], ("3S", "4S"), ("QH", "9D"))
    refusal = round_.apply(Play(0, 0, 0), at=1.0).refusal
    assert refusal is not None
    assert (refusal.reason, refusal.card, refusal.top) == (Reason.DOES_NOT_FIT, c("7C"), c("QH"))
    assert str(refusal) == "does-not-fit 7♣ Q♥"


def test_reasons_are_stable_ids_not_sentences() -> None:
    """The engine speaks no language: spit.wording turns the ids into sentences."""
    for reason in Reason:
        assert reason.value == reason.name.lower().replace("_", "-")


def test_only_wrong_cards_and_wrong_fills_are_fumbles() -> None:
    fumbles = {r for r in Reason if Refusal(0, r).is_fumble}
    assert fumbles == {Reason.DOES_NOT_FIT, Reason.NO_EMPTY_SLOT, Reason.NOTHING_BENEATH}


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Play(0, 5, 0), Reason.NO_SUCH_STOCK),
        (Play(0, -1, 0), Reason.NO_SUCH_STOCK),
        (Play(0, 0, 2), Reason.NO_SUCH_PILE),
        (Fill(1, 9), Reason.NO_SUCH_STOCK),
        (Slap(0, 2), Reason.NO_SUCH_PILE),
        (Play(3, 0, 0), Reason.NO_SUCH_PLAYER),
        (Spit(-1), Reason.NO_SUCH_PLAYER),
    ],
    ids=repr,
)
def test_bad_input_gets_an_answer_not_an_error(action: Action, reason: Reason) -> None:
    for game in (basic(), Match.new(1)):
        refusal = game.apply(action)
        assert refusal.refusal is not None
        assert refusal.refusal.reason is reason
        assert not refusal.refusal.is_fumble


def test_wrong_moment_is_not_a_fumble() -> None:
    match = Match.new(2)
    for action, reason in [
        (Play(0, 0, 0), Reason.BEFORE_SPIT),
        (Fill(0, 4), Reason.BEFORE_SPIT),
        (Slap(0, 1), Reason.NOT_SLAP_TIME),
    ]:
        refusal = match.apply(action, at=1.0).refusal
        assert refusal is not None
        assert refusal.reason is reason
        assert not refusal.is_fumble
    accepted(match.apply(Spit(0), at=1.0))
    again = match.apply(Spit(0), at=1.0).refusal
    assert again is not None
    assert again.reason is Reason.ALREADY_READY
    assert match.view(0).me.locked_until is None
