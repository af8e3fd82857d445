"""Playing and filling: one rank up or down, automatic turn-up, empty slots (RULES A "Play",
"Empty slot", "Races"; B2, B3)."""

from __future__ import annotations

from engine_tables import accepted, basic, c, table

from spit.engine import (
    CardPlayed,
    CardTurnedUp,
    Fill,
    Observer,
    Phase,
    Play,
    Reason,
    Round,
    SlotFilled,
    StockView,
)


def with_empty_slots() -> Round:
    """Player 0 has empty slots 2 and 4; nobody's top fits a pile but fills remain."""
    return table(
        ["2C 6H", "KC", "", "9S", ""],
        ["6C", "8C", "8D", "7S", "9H 9C"],
        spit_cards=("3S 4S", "5C 7C"),
        piles=("JS", "3H"),
    )


def test_card_one_rank_up_is_played() -> None:
    round_ = basic()
    events = accepted(round_.apply(Play(0, 0, 0)))
    assert events[0] == CardPlayed(0, 0, 0, c("6H"))
    assert Observer(round_).view(0).piles[0].top == c("6H")


def test_card_one_rank_down_is_played() -> None:
    round_ = basic()
    events = accepted(round_.apply(Play(0, 2, 0)))
    assert events[0] == CardPlayed(0, 2, 0, c("4D"))
    assert Observer(round_).view(0).piles[0].top == c("4D")


def test_non_adjacent_card_is_refused_and_stays() -> None:
    round_ = basic()
    refusal = round_.apply(Play(0, 1, 0)).refusal
    assert refusal is not None
    assert (refusal.reason, refusal.card, refusal.top) == (Reason.DOES_NOT_FIT, c("KC"), c("5S"))
    assert Observer(round_).view(0).me.stocks[1].top == c("KC")
    assert Observer(round_).view(0).piles[0].top == c("5S")


def test_either_player_plays_onto_either_pile() -> None:
    round_ = basic()
    accepted(round_.apply(Play(0, 4, 1)))  # 8S onto player 1's 9D
    accepted(round_.apply(Play(1, 0, 0)))  # 6C onto player 0's 5S
    view = Observer(round_).view(0)
    assert [p.top for p in view.piles] == [c("6C"), c("8S")]


def test_next_stock_card_turns_up_automatically() -> None:
    round_ = basic()
    events = accepted(round_.apply(Play(0, 0, 0)))
    assert events == (CardPlayed(0, 0, 0, c("6H")), CardTurnedUp(0, 0, c("2C")))
    assert Observer(round_).view(1).opponent.stocks[0] == StockView(c("2C"), 0)


def test_playing_a_stocks_last_card_leaves_an_empty_slot() -> None:
    round_ = basic()
    events = accepted(round_.apply(Play(0, 4, 1)))
    assert events == (CardPlayed(0, 4, 1, c("8S")),)
    assert Observer(round_).view(0).me.stocks[4] == StockView(None, 0)


def test_play_from_an_empty_slot_is_refused() -> None:
    round_ = with_empty_slots()
    refusal = round_.apply(Play(0, 2, 0)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.EMPTY_STOCK


def test_played_card_cannot_be_taken_back() -> None:
    round_ = basic()
    accepted(round_.apply(Play(0, 0, 0)))
    # The same stock key now moves the card beneath (2C), never the 6H on the pile.
    refusal = round_.apply(Play(0, 0, 0), at=10.0).refusal
    assert refusal is not None
    assert (refusal.card, refusal.top) == (c("2C"), c("6H"))
    view = Observer(round_).view(0)
    assert (view.piles[0].top, view.piles[0].size) == (c("6H"), 2)
    assert view.me.stocks[0] == StockView(c("2C"), 0)


def test_fill_moves_top_into_empty_slot_and_turns_up_next() -> None:
    round_ = with_empty_slots()
    events = accepted(round_.apply(Fill(0, 0)))
    assert events == (SlotFilled(0, 0, 2, c("6H")), CardTurnedUp(0, 0, c("2C")))
    stocks = Observer(round_).view(0).me.stocks
    assert stocks[0] == StockView(c("2C"), 0)
    assert stocks[2] == StockView(c("6H"), 0)


def test_fill_goes_into_the_leftmost_empty_slot() -> None:
    round_ = with_empty_slots()
    accepted(round_.apply(Fill(0, 0)))
    assert Observer(round_).view(0).me.stocks[2].top == c("6H")
    assert Observer(round_).view(0).me.stocks[4].top is None


def test_fill_needs_an_empty_slot() -> None:
    round_ = basic()
    refusal = round_.apply(Fill(0, 0)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.NO_EMPTY_SLOT
    assert refusal.is_fumble


def test_fill_needs_two_cards() -> None:
    round_ = with_empty_slots()
    refusal = round_.apply(Fill(0, 1)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.NOTHING_BENEATH
    assert refusal.is_fumble


def test_fill_from_an_empty_slot_is_refused() -> None:
    round_ = with_empty_slots()
    refusal = round_.apply(Fill(0, 4)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.EMPTY_STOCK


def test_never_more_than_five_stocks() -> None:
    round_ = table(
        ["2C 6H", "KC", "", "QS", "8S"],
        ["6C", "10C", "JD", "AS", "9H 10H"],
        piles=("JS", "3H"),
    )
    assert len(Observer(round_).view(0).me.stocks) == 5
    accepted(round_.apply(Fill(0, 0)))
    # Every slot is full now: no further fill, and no sixth stock to move a card into.
    refusal = round_.apply(Fill(0, 0), at=10.0).refusal
    assert refusal is not None
    assert refusal.reason is Reason.NO_EMPTY_SLOT
    assert all(s.top is not None for s in Observer(round_).view(0).me.stocks)
    assert len(Observer(round_).view(0).me.stocks) == 5
    for action in (Fill(0, 5), Play(0, 5, 0), Play(0, -1, 0)):
        refusal = round_.apply(action, at=20.0).refusal
        assert refusal is not None
        assert refusal.reason is Reason.NO_SUCH_STOCK


def test_cards_cannot_move_before_the_first_spit() -> None:
    round_ = Round.from_layout(
        (["KC", "", "", "", ""], ["QC", "", "", "", ""]),
        ("2C", "3C"),
        ("", ""),
        phase=Phase.DEALT,
    )
    for action in (Play(0, 0, 0), Fill(0, 0)):
        refusal = round_.apply(action).refusal
        assert refusal is not None
        assert refusal.reason is Reason.BEFORE_SPIT
        assert not refusal.is_fumble


def test_legal_actions_list_exactly_the_fitting_plays_and_fills() -> None:
    assert set(Observer(basic()).view(0).legal_actions) == {
        Play(0, 0, 0),
        Play(0, 2, 0),
        Play(0, 4, 1),
    }
    assert set(Observer(basic()).view(1).legal_actions) == {
        Play(1, 0, 0),
        Play(1, 1, 1),
        Play(1, 4, 1),
    }
    assert set(Observer(with_empty_slots()).view(0).legal_actions) == {Fill(0, 0)}
