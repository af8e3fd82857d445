"""Races: both players act on the same table at once; arrival order decides, the loser is
refused without a lock, and nothing is half-done (RULES A "Races"; B6, B7, B12)."""

from __future__ import annotations

import pytest
from engine_tables import accepted, c, match_at, rest_of_deck, table

from spit.engine import (
    PLAYERS,
    CardPlayed,
    CardSpat,
    Observer,
    Phase,
    Play,
    Reason,
    Round,
    Slap,
    Spit,
)

EMPTY = ["", "", "", ""]


def both_fit_the_left_pile() -> Round:
    """Player 0's 6H and player 1's 4C both fit the left 5S; 8S and 10C fit the right 9D."""
    return table(
        ["2C 6H", "KC", "KD", "8S", "KH"],
        ["4C", "QC", "10C", "QH", "QS"],
        spit_cards=("3S 4S", "5C 7C"),
        piles=("5S", "9D"),
    )


@pytest.mark.parametrize("first", PLAYERS)
def test_second_play_onto_the_same_pile_is_too_late(first: int) -> None:
    round_ = both_fit_the_left_pile()
    plays = {0: Play(0, 0, 0), 1: Play(1, 0, 0)}
    # Both players saw the same table: each play was legal when it was made.
    assert round_.check(plays[0], at=5.0) is None
    assert round_.check(plays[1], at=5.0) is None
    second = 1 - first
    accepted(round_.apply(plays[first], at=5.0))
    refusal = round_.apply(plays[second], at=5.05).refusal
    assert refusal is not None
    assert refusal.reason is Reason.TOO_LATE
    assert refusal.locked_until is None
    assert Observer(round_).view(second).me.locked_until is None
    first_card = {0: c("6H"), 1: c("4C")}[first]
    assert Observer(round_).view(0).piles[0].top == first_card


def test_the_loser_of_a_race_can_play_again_at_once() -> None:
    round_ = both_fit_the_left_pile()
    accepted(round_.apply(Play(0, 0, 0), at=5.0))
    lost = round_.apply(Play(1, 0, 0), at=5.01).refusal
    assert lost is not None and lost.reason is Reason.TOO_LATE  # too late is no fumble: no lock
    assert lost.locked_until is None and Observer(round_).view(1).me.locked_until is None
    accepted(round_.apply(Play(1, 2, 1), at=5.02))


def test_same_rank_race_only_the_first_card_lands() -> None:
    round_ = table(["6H", "10D", *EMPTY[:3]], ["6C", "KD", *EMPTY[:3]], ("3S", "4S"), ("5S", "9D"))
    accepted(round_.apply(Play(1, 0, 0), at=2.0))
    refusal = round_.apply(Play(0, 0, 0), at=2.0).refusal
    assert refusal is not None
    assert refusal.reason is Reason.TOO_LATE
    assert Observer(round_).view(0).piles[0].size == 2
    assert Observer(round_).view(0).me.stocks[0].top == c("6H")


def test_race_lost_into_a_stuck_table_is_no_fumble_either() -> None:
    round_ = table(["6H", "KC", *EMPTY[:3]], ["6C", "KD", *EMPTY[:3]], ("3S", "4S"), ("5S", "9D"))
    accepted(round_.apply(Play(1, 0, 0), at=2.0))  # nothing fits any more: stuck
    refusal = round_.apply(Play(0, 0, 0), at=2.0).refusal
    assert refusal is not None
    assert refusal.reason is Reason.STUCK
    assert not refusal.is_fumble
    accepted(round_.apply(Spit(0), at=2.0))


def test_plays_onto_different_piles_both_land() -> None:
    round_ = both_fit_the_left_pile()
    events = accepted(round_.apply(Play(0, 0, 0), at=5.0))
    events += accepted(round_.apply(Play(1, 2, 1), at=5.0))
    assert [e for e in events if isinstance(e, CardPlayed)] == [
        CardPlayed(0, 0, 0, c("6H")),
        CardPlayed(1, 2, 1, c("10C")),
    ]


def test_play_arriving_after_the_round_ended_is_refused_without_lock() -> None:
    round_ = table(["6H", *EMPTY], ["QC", "QD", *EMPTY[:3]], ("3S", "4S"), ("5S", "JD"))
    assert round_.check(Play(1, 0, 1), at=1.0) is None
    accepted(round_.apply(Play(0, 0, 0), at=1.0))  # player 0 goes out
    refusal = round_.apply(Play(1, 0, 1), at=1.01).refusal
    assert refusal is not None
    assert refusal.reason is Reason.SLAP_TIME
    assert not refusal.is_fumble
    accepted(round_.apply(Slap(1, 1), at=1.02))  # and the slap is not held up
    assert round_.took == (0, 1)


def test_slap_race_first_slap_decides() -> None:
    p0, p1 = ["5H", *EMPTY], ["2C 9D", "QC", *EMPTY[:3]]
    buried = rest_of_deck(*p0, *p1, "7S 8S 3C 4S KD")
    match = match_at(table(p0, p1, ("7S 8S", "3C"), (f"{buried} 4S", "KD")))
    accepted(match.apply(Play(0, 0, 0), at=1.0))
    # Both go for the small right pile; player 1's slap arrives first.
    accepted(match.apply(Slap(1, 1), at=1.2))
    refusal = match.apply(Slap(0, 1), at=1.2).refusal
    assert refusal is not None
    assert refusal.reason is Reason.SLAPPED_ALREADY
    assert not refusal.is_fumble
    assert match.history[-1].took == (0, 1)


def test_spit_presses_arriving_together_spit_once() -> None:
    round_ = table(
        ["KC", "KD", "KH", "KS", "2C"],
        ["7C", "7D", "7H", "7S", "2D"],
        ("3S 4S", "JC QC"),
        ("5S", "9D"),
    )
    assert round_.phase is Phase.STUCK
    events = accepted(round_.apply(Spit(1), at=3.0)) + accepted(round_.apply(Spit(0), at=3.0))
    assert [e for e in events if isinstance(e, CardSpat)] == [
        CardSpat(0, 0, c("4S")),
        CardSpat(1, 1, c("QC")),
    ]
    assert [side.spit_cards for side in Observer(round_).view(0).sides] == [1, 1]
