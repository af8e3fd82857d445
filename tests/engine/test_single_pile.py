"""Single-pile rounds: one player has 15 cards or fewer, so only the other spits (RULES A
"Fewer than 15 cards", "Winning (standard)"; B5, B9; the pile-key decision in docs/rules.md)."""

from __future__ import annotations

from collections import Counter

from engine_tables import accepted, c, match_at, of_type, rest_of_deck, table

from spit.engine import (
    CardPlayed,
    CardSpat,
    Observer,
    Phase,
    PileSlapped,
    Play,
    Reason,
    Round,
    RoundEnd,
    RoundEnded,
    Slap,
    Spit,
    Variant,
    cards,
)

EMPTY = ["", "", "", ""]


def short_player_about_to_go_out() -> Round:
    """Player 0 spits onto the one pile; player 1 (no spit cards) has one card left, 6C."""
    p0, p1 = ["KC", "KD", "7H", *EMPTY[:2]], ["6C", *EMPTY]
    buried = rest_of_deck(*p0, *p1, "2S 3S 5S")
    return table(p0, p1, ("2S 3S", ""), (f"{buried} 5S", None))


def stalemate_table(p1_stocks: list[str]) -> Round:
    """Player 0's 6H is the last card to fit; after it nobody can move and no spit cards remain."""
    p0 = ["6H", "KC", *EMPTY[:3]]
    buried = rest_of_deck(*p0, *p1_stocks, "5S")
    return table(p0, p1_stocks, ("", ""), (f"{buried} 5S", None))


def test_short_player_out_first_ends_the_round_holding_nothing() -> None:
    round_ = short_player_about_to_go_out()
    events = accepted(round_.apply(Play(1, 0, 0)))
    assert RoundEnded(RoundEnd.WENT_OUT, 1) in events
    assert round_.took == (0, None)
    p0, p1 = round_.hands()
    assert p1 == []
    assert len(p0) == 52


def test_single_pile_round_out_first_takes_nothing() -> None:
    # The spitter goes out first, still holding spit cards: those are all they keep, and
    # the other player takes the pile and their own stock cards.
    p0, p1 = ["4H", *EMPTY], ["KC KD", "9C", *EMPTY[:3]]
    buried = rest_of_deck(*p0, *p1, "2S 3S 5S")
    round_ = table(p0, p1, ("2S 3S", ""), (f"{buried} 5S", None))
    events = accepted(round_.apply(Play(0, 0, 0)))
    assert RoundEnded(RoundEnd.WENT_OUT, 0) in events
    assert round_.took == (None, 0)
    held0, held1 = round_.hands()
    assert Counter(held0) == Counter(cards("2S 3S"))
    assert Counter(held1) == Counter(cards(f"{buried} 5S 4H KC KD 9C"))


def test_no_slap_in_single_pile_round() -> None:
    round_ = short_player_about_to_go_out()
    events = accepted(round_.apply(Play(1, 0, 0)))
    assert not of_type(events, PileSlapped)
    assert round_.phase is Phase.SETTLED
    refusal = round_.apply(Slap(0, 0)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.ROUND_OVER


def test_single_pile_stalemate_fewer_stock_goes_out() -> None:
    round_ = stalemate_table(["9D", "9C", *EMPTY[:3]])
    events = accepted(round_.apply(Play(0, 0, 0)))
    # Player 0 is left with one stock card (KC), player 1 with two: player 0 counts as out.
    assert RoundEnded(RoundEnd.STALEMATE, 0) in events
    assert round_.took == (None, 0)
    held0, held1 = round_.hands()
    assert held0 == [c("KC")]
    assert len(held1) == 51


def test_single_pile_stalemate_tie_spitter_takes_pile() -> None:
    round_ = stalemate_table(["9D", *EMPTY])
    events = accepted(round_.apply(Play(0, 0, 0)))
    assert RoundEnded(RoundEnd.STALEMATE, 1) in events
    assert round_.took == (0, None)
    held0, held1 = round_.hands()
    assert held1 == [c("9D")]
    assert len(held0) == 51


def test_single_pile_stalemate_tie_right_hand_spitter_takes_pile() -> None:
    p1 = ["6H", "KC", *EMPTY[:3]]
    p0 = ["9D", *EMPTY]
    buried = rest_of_deck(*p0, *p1, "5S")
    round_ = table(p0, p1, ("", ""), (None, f"{buried} 5S"))
    events = accepted(round_.apply(Play(1, 0, 1)))
    assert RoundEnded(RoundEnd.STALEMATE, 0) in events
    assert round_.took == (None, 1)


def test_single_pile_stuck_with_spit_cards_left_waits_for_the_spitter_alone() -> None:
    round_ = table(
        ["KC", "KD", "KH", "KS", "2C"], ["9D", "9C", "9H", "9S", "JC"], ("3S 4S", ""), ("5S", None)
    )
    assert round_.phase is Phase.STUCK
    assert Observer(round_).view(1).me.ready
    assert Observer(round_).view(1).legal_actions == ()
    events = accepted(round_.apply(Spit(0)))
    assert of_type(events, CardSpat) == [CardSpat(0, 0, c("4S"))]


def test_single_pile_round_both_pile_keys_play_the_one_pile() -> None:
    round_ = short_player_about_to_go_out()
    assert not Observer(round_).view(1).piles[1].in_play
    events = accepted(round_.apply(Play(1, 0, 1)))
    assert events[0] == CardPlayed(1, 0, 0, c("6C"))


def test_single_pile_round_keys_work_for_a_right_hand_pile_too() -> None:
    round_ = table(["6C", *EMPTY], ["KC", "KD", *EMPTY[:3]], ("", "2S"), (None, "5S"))
    events = accepted(round_.apply(Play(0, 0, 0)))
    assert events[0] == CardPlayed(0, 0, 1, c("6C"))


def test_single_pile_legal_actions_name_only_the_pile_in_play() -> None:
    round_ = short_player_about_to_go_out()
    assert Observer(round_).view(1).legal_actions == (Play(1, 0, 0),)


def test_a_single_pile_view_names_the_player_without_spit_cards() -> None:
    round_ = short_player_about_to_go_out()  # player 1 has no spit cards
    for player in (0, 1):
        one_pile = Observer(round_).view(player).one_pile
        assert one_pile is not None
        assert one_pile.without_spit_cards == 1
        assert one_pile.pile == 0


def test_a_two_pile_view_has_no_single_pile_stakes() -> None:
    round_ = table(["6C", *EMPTY], ["KC", *EMPTY], ("2S", "3S"), ("5S", "9D"))
    assert Observer(round_).view(0).one_pile is None


def test_going_out_first_from_a_single_pile_wins_the_standard_match() -> None:
    match = match_at(short_player_about_to_go_out(), variant=Variant.STANDARD)
    one_pile = match.view(0).one_pile
    assert one_pile is not None and one_pile.out_first_wins_match
    accepted(match.apply(Play(1, 0, 0)))  # player 1 goes out holding nothing
    assert match.outcome is not None and match.outcome.winner == 1


def test_going_out_first_from_a_single_pile_only_ends_a_points_match() -> None:
    match = match_at(short_player_about_to_go_out(), variant=Variant.POINTS)
    one_pile = match.view(1).one_pile
    assert one_pile is not None and not one_pile.out_first_wins_match
