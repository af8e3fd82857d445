"""Cards: the deck, reading cards, and which card goes on which (RULES A "Play", "Ace"; B1)."""

from __future__ import annotations

import pytest

from spit.engine import DECK, NEIGHBOURS, Card, Rank, Suit, cards


def test_deck_has_52_distinct_cards() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52


def test_deck_has_every_rank_in_every_suit() -> None:
    assert {(c.rank, c.suit) for c in DECK} == {(r, s) for r in Rank for s in Suit}


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7C", Rank.SEVEN, Suit.CLUBS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("TD", Rank.TEN, Suit.DIAMONDS),
        ("Q♠", Rank.QUEEN, Suit.SPADES),
        ("A♥", Rank.ACE, Suit.HEARTS),
        (" 2s ", Rank.TWO, Suit.SPADES),
        ("kc", Rank.KING, Suit.CLUBS),
        ("J♦", Rank.JACK, Suit.DIAMONDS),
    ],
)
def test_parse_reads_letters_symbols_and_ten(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "7", "1C", "11H", "7X", "ZZ", "C7", "10"])
def test_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)


def test_every_card_reads_back_from_its_label() -> None:
    for card in DECK:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.label(ascii=True)) == card


def test_labels_print_as_on_the_card() -> None:
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "10♥"
    assert Card(Rank.QUEEN, Suit.CLUBS).label(ascii=True) == "QC"


def test_cards_reads_a_run_bottom_first() -> None:
    assert cards("2C 7H") == [Card(Rank.TWO, Suit.CLUBS), Card(Rank.SEVEN, Suit.HEARTS)]
    assert cards("") == []


def test_ace_accepts_king_and_two() -> None:
    ace = Card.parse("AS")
    assert Card.parse("KD").fits_on(ace)
    assert Card.parse("2H").fits_on(ace)


def test_king_accepts_queen_and_ace() -> None:
    king = Card.parse("KS")
    assert Card.parse("QC").fits_on(king)
    assert Card.parse("AD").fits_on(king)


def test_two_accepts_ace_and_three() -> None:
    two = Card.parse("2S")
    assert Card.parse("AH").fits_on(two)
    assert Card.parse("3C").fits_on(two)


def test_every_rank_accepts_exactly_its_two_neighbours() -> None:
    ranks = list(Rank)
    for i, rank in enumerate(ranks):
        neighbours = {ranks[(i - 1) % 13], ranks[(i + 1) % 13]}
        fitting = {r for r in Rank if Card(r).fits_on(Card(rank))}
        assert fitting == neighbours, rank


def test_adjacency_works_both_ways() -> None:
    for a in DECK:
        for b in DECK:
            assert a.fits_on(b) == b.fits_on(a)


def test_suits_and_colours_do_not_matter() -> None:
    for suit in Suit:
        for other_suit in Suit:
            assert Card(Rank.EIGHT, suit).fits_on(Card(Rank.SEVEN, other_suit))
            assert Card(Rank.SIX, suit).fits_on(Card(Rank.SEVEN, other_suit))


@pytest.mark.parametrize(
    ("card", "top"),
    [("7C", "7H"), ("9C", "7H"), ("5S", "7S"), ("QH", "AD"), ("3D", "AC"), ("KC", "2H")],
)
def test_non_adjacent_ranks_are_refused(card: str, top: str) -> None:
    assert not Card.parse(card).fits_on(Card.parse(top))


def test_hearts_and_diamonds_are_red() -> None:
    assert {s for s in Suit if s.is_red} == {Suit.HEARTS, Suit.DIAMONDS}


def test_the_deck_sorts_by_rank_then_suit() -> None:
    """Issue 8, defect 7: sorting cards raised TypeError, since suits did not order."""
    ordered = sorted(DECK)
    assert sorted(reversed(DECK)) == ordered == sorted(set(DECK))
    assert [c.rank for c in ordered] == sorted(c.rank for c in DECK)
    assert [c.suit for c in ordered[:4]] == list(Suit)
    assert Suit.SPADES < Suit.CLUBS and not Suit.CLUBS < Suit.SPADES
    assert max(Suit) is Suit.CLUBS


def test_the_neighbours_table_is_fits_on_for_every_pair_of_cards() -> None:
    # The engine's and the bot's loops read NEIGHBOURS by rank instead of asking fits_on:
    # one rank up or down, the Ace between the King and the 2 (RULES B1).
    for a in DECK:
        for b in DECK:
            step = abs(int(a.rank) - int(b.rank))
            adjacent = step == 1 or step == 12
            assert (b.rank in NEIGHBOURS[a.rank]) is adjacent
            assert a.fits_on(b) is adjacent
