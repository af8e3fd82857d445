"""Stuck and spitting: when the table is stuck, who must press spit, where spit cards go
(RULES A "No more plays"; B4, B5)."""

from __future__ import annotations

from engine_tables import accepted, c, of_type, table

from spit.engine import (
    CardSpat,
    Fill,
    Observer,
    Phase,
    Play,
    PlayerReady,
    Reason,
    Round,
    SlotFilled,
    Spit,
    TableStuck,
)

NOTHING_FITS = (["KC", "KD", "KH", "KS", "2C"], ["7C", "7D", "7H", "7S", "2D"])
"""Stocks with no card fitting a 5 or a 9, and every slot full: no play, no fill."""


def stuck(spit_cards: tuple[str, str] = ("3S 4S", "JC QC")) -> Round:
    return table(*NOTHING_FITS, spit_cards=spit_cards, piles=("5S", "9D"))


def test_table_is_stuck_when_nobody_can_move() -> None:
    round_ = stuck()
    assert round_.phase is Phase.STUCK
    view = Observer(round_).view(0)
    assert view.legal_actions == (Spit(0),)


def test_spit_only_when_stuck() -> None:
    playing = table(
        ["KC", "KD", "KH", "KS", "4C"], NOTHING_FITS[1], ("3S 4S", "JC QC"), ("5S", "9D")
    )
    assert playing.phase is Phase.PLAYING
    refusal = playing.apply(Spit(0)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.NOT_STUCK
    assert not refusal.is_fumble
    assert accepted(stuck().apply(Spit(0))) == (PlayerReady(0),)


def test_stuck_counts_uncovering_fills_as_moves() -> None:
    round_ = table(["KC", "", "QH KH", "KS", "2C"], NOTHING_FITS[1], ("3S 4S", ""), ("5S", "9D"))
    assert round_.phase is Phase.PLAYING
    refusal = round_.apply(Spit(0)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.NOT_STUCK
    events = accepted(round_.apply(Fill(0, 2)))
    # The fill turned up the QH, which fits nothing either: now the table is stuck.
    assert of_type(events, SlotFilled) == [SlotFilled(0, 2, 1, c("KH"))]
    assert events[-1] == TableStuck()
    assert round_.phase is Phase.STUCK


def test_a_fill_that_would_uncover_nothing_does_not_count() -> None:
    round_ = table(["KC", "", "KH", "KS", "2C"], NOTHING_FITS[1], ("3S 4S", ""), ("5S", "9D"))
    assert round_.phase is Phase.STUCK


def test_cards_cannot_move_while_stuck() -> None:
    refusal = stuck().apply(Play(0, 0, 0)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.STUCK
    assert not refusal.is_fumble


def test_both_must_press_spit() -> None:
    round_ = stuck()
    assert accepted(round_.apply(Spit(0))) == (PlayerReady(0),)
    assert round_.phase is Phase.STUCK
    assert [side.ready for side in Observer(round_).view(1).sides] == [True, False]
    assert [p.top for p in Observer(round_).view(1).piles] == [c("5S"), c("9D")]
    again = round_.apply(Spit(0)).refusal
    assert again is not None
    assert again.reason is Reason.ALREADY_READY
    events = accepted(round_.apply(Spit(1)))
    assert events[0] == PlayerReady(1)
    assert len(of_type(events, CardSpat)) == 2


def test_each_player_spits_onto_own_pile() -> None:
    round_ = stuck()
    events = accepted(round_.apply(Spit(1))) + accepted(round_.apply(Spit(0)))
    assert of_type(events, CardSpat) == [CardSpat(0, 0, c("4S")), CardSpat(1, 1, c("QC"))]
    view = Observer(round_).view(0)
    assert [(p.top, p.size) for p in view.piles] == [(c("4S"), 2), (c("QC"), 2)]
    assert [side.spit_cards for side in view.sides] == [1, 1]
    assert round_.phase is Phase.PLAYING  # KC fits QC


def test_player_without_spit_cards_counts_as_ready() -> None:
    round_ = stuck(spit_cards=("3S 4S", ""))
    assert [side.ready for side in Observer(round_).view(0).sides] == [False, True]
    refusal = round_.apply(Spit(1)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.ALREADY_READY
    events = accepted(round_.apply(Spit(0)))
    # Player 0 spits alone, onto their own pile.
    assert of_type(events, CardSpat) == [CardSpat(0, 0, c("4S"))]
    assert Observer(round_).view(0).piles[1].top == c("9D")


def test_a_spit_that_frees_nothing_leaves_the_table_stuck() -> None:
    round_ = stuck(spit_cards=("3S JS", "3C 10C"))
    accepted(round_.apply(Spit(0)))
    events = accepted(round_.apply(Spit(1)))
    assert events[-1] == TableStuck()
    assert round_.phase is Phase.STUCK
    assert [side.ready for side in Observer(round_).view(0).sides] == [False, False]
    assert Observer(round_).view(0).legal_actions == (Spit(0),)


def test_spit_is_refused_once_the_round_is_over() -> None:
    round_ = table(["6H", "", "", "", ""], ["QC", "", "", "", ""], ("3S", "4C"), ("5S", "9D"))
    accepted(round_.apply(Play(0, 0, 0)))
    refusal = round_.apply(Spit(1)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.SLAP_TIME
