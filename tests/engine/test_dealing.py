"""Dealing: 26 cards each, the 1-to-5 layout, spit cards, short hands (RULES A "Setup",
"Spit", "Fewer than 15 cards"; B5, B8)."""

from __future__ import annotations

import pytest
from engine_tables import accepted, of_type

from spit.engine import (
    DECK,
    PLAYERS,
    CardSpat,
    Match,
    Observer,
    Phase,
    PlayerReady,
    Round,
    Spit,
    cards,
    layout,
)


def test_deal_gives_26_cards_each() -> None:
    match = Match.new(1)
    for player in PLAYERS:
        assert match.view(player).me.cards == 26
    dealt = match.cards_in_play()
    assert len(dealt) == 52
    assert set(dealt) == set(DECK)


def test_full_layout_is_one_to_five_with_tops_face_up() -> None:
    view = Match.new(2).view(0)
    for side in view.sides:
        assert [s.size for s in side.stocks] == [1, 2, 3, 4, 5]
        assert [s.face_down for s in side.stocks] == [0, 1, 2, 3, 4]
        assert all(s.top is not None for s in side.stocks)


def test_remaining_eleven_are_spit_cards() -> None:
    hand = list(DECK[:26])
    stocks, spit_cards = layout(hand)
    assert sum(len(s) for s in stocks) == 15
    assert spit_cards == hand[15:]
    view = Match.new(3).view(1)
    assert view.me.spit_cards == 11
    assert view.opponent.spit_cards == 11


def test_first_round_waits_for_both_to_spit() -> None:
    match = Match.new(4)
    view = match.view(0)
    assert view.phase is Phase.DEALT
    assert all(p.in_play and p.top is None and p.size == 0 for p in view.piles)
    assert view.legal_actions == (Spit(0),)


def test_first_spit_starts_both_piles_each_from_its_own_player() -> None:
    round_ = Round.deal((DECK[:26], DECK[26:]))
    assert accepted(round_.apply(Spit(0))) == (PlayerReady(0),)
    events = accepted(round_.apply(Spit(1)))
    assert of_type(events, CardSpat) == [CardSpat(0, 0, DECK[25]), CardSpat(1, 1, DECK[51])]
    view = Observer(round_).view(0)
    assert [p.top for p in view.piles] == [DECK[25], DECK[51]]
    assert [s.spit_cards for s in view.sides] == [10, 10]
    assert view.phase in (Phase.PLAYING, Phase.STUCK)


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (1, [1, 0, 0, 0, 0]),
        (3, [1, 1, 1, 0, 0]),
        (5, [1, 1, 1, 1, 1]),
        (7, [1, 2, 2, 1, 1]),
        (10, [1, 2, 3, 2, 2]),
        (14, [1, 2, 3, 4, 4]),
        (15, [1, 2, 3, 4, 5]),
    ],
)
def test_partial_layout_is_dealt_row_by_row(count: int, sizes: list[int]) -> None:
    stocks, spit_cards = layout(DECK[:count])
    assert [len(s) for s in stocks] == sizes
    assert spit_cards == []


def test_partial_layout_lays_each_row_from_the_left() -> None:
    hand = cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC")
    stocks, _ = layout(hand)
    # Row one: 2–6 on stocks 1–5; row two: 7–10 on stocks 2–5; row three: J on stock 3.
    assert stocks == [
        [hand[0]],
        [hand[1], hand[5]],
        [hand[2], hand[6], hand[9]],
        [hand[3], hand[7]],
        [hand[4], hand[8]],
    ]


def test_short_hand_turns_up_the_top_of_each_stock() -> None:
    round_ = Round.deal((DECK[:10], DECK[10:]))
    side = Observer(round_).view(0).me
    assert [s.size for s in side.stocks] == [1, 2, 3, 2, 2]
    assert all(s.top is not None and s.face_down == s.size - 1 for s in side.stocks)


def test_short_hand_has_no_spit_cards_and_one_pile() -> None:
    round_ = Round.deal((DECK[:10], DECK[10:]))
    view = Observer(round_).view(0)
    assert view.me.spit_cards == 0
    assert view.opponent.spit_cards == 42 - 15
    assert round_.spit_piles == 1
    assert [p.in_play for p in view.piles] == [False, True]


def test_fifteen_cards_means_no_spit_cards_and_one_pile() -> None:
    round_ = Round.deal((DECK[15:], DECK[:15]))
    view = Observer(round_).view(1)
    assert [s.size for s in view.me.stocks] == [1, 2, 3, 4, 5]
    assert view.me.spit_cards == 0
    assert round_.spit_piles == 1
    assert [p.in_play for p in view.piles] == [True, False]


def test_sixteen_cards_means_one_spit_card_and_two_piles() -> None:
    round_ = Round.deal((DECK[:16], DECK[16:]))
    assert Observer(round_).view(0).me.spit_cards == 1
    assert round_.spit_piles == 2


def test_unequal_hands_give_unequal_spit_cards() -> None:
    round_ = Round.deal((DECK[:20], DECK[20:]))
    assert [side.spit_cards for side in Observer(round_).view(0).sides] == [5, 17]


def test_player_with_no_cards_is_not_dealt() -> None:
    with pytest.raises(ValueError, match="not dealt"):
        Round.deal(([], DECK))


def test_single_pile_round_spitter_starts_alone() -> None:
    round_ = Round.deal((DECK[:40], DECK[40:]))
    assert Observer(round_).view(1).me.ready  # no spit cards: counts as ready
    events = accepted(round_.apply(Spit(0)))
    assert of_type(events, CardSpat) == [CardSpat(0, 0, DECK[39])]
    assert round_.phase is not Phase.DEALT
