"""Cards: ranks, suits, the 52-card deck and the cyclic adjacency Spit is played by."""

from __future__ import annotations

import enum
import functools
from typing import Final

from msgspec import Struct


class Rank(enum.IntEnum):
    """A card's rank. Two is low and Ace high, but play wraps: Ace sits between King and 2."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """The rank as printed on a card: ``2``…``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LABELS[self]


_RANK_LABELS: Final = {
    **{Rank(n): str(n) for n in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}


@functools.total_ordering
class Suit(enum.Enum):
    """A card's suit. Suits never matter for play; they are drawn, and that is all.

    Suits order as listed (spades first), only so that cards sort: ``sorted(DECK)``.
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's Unicode symbol."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's ASCII letter, for terminals without the symbols (its value)."""
        return self.value

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __lt__(self, other: object) -> bool:
        if type(other) is not Suit:
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]


_SUIT_ORDER: Final = {suit: index for index, suit in enumerate(Suit)}
_SUIT_SYMBOLS: Final = dict(zip(Suit, "♠♥♦♣", strict=True))


class Card(Struct, frozen=True, order=True, gc=False, forbid_unknown_fields=True, array_like=True):
    """One playing card; on the wire ``[rank, suit]``, e.g. ``[10, "H"]``."""

    rank: Rank
    """The card's rank."""
    suit: Suit = Suit.SPADES
    """The card's suit (irrelevant to play)."""

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    def label(self, *, ascii: bool = False) -> str:
        """The card as a player reads it, e.g. ``10♥`` (or ``10H`` with ``ascii``)."""
        return f"{self.rank.label}{self.suit.letter if ascii else self.suit.symbol}"

    def fits_on(self, other: Card) -> bool:
        """Whether this card may be played on ``other``: one rank up or down, Ace wrapping.

        Adjacency is decided once, in :data:`NEIGHBOURS` (RULES A "Play", "Ace"; B1).
        """
        return other.rank in NEIGHBOURS[self.rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``7C``, ``10h``, ``TD``, ``Q♠`` or ``A♥``.

        Raises ``ValueError`` naming the text when it is not a card.
        """
        t = text.strip().upper()
        if len(t) < 2:
            raise ValueError(f"not a card: {text!r}")
        rank_text, suit_text = t[:-1], t[-1]
        if rank_text == "T":
            rank_text = "10"
        rank = _RANK_BY_LABEL.get(rank_text)
        suit = _SUIT_BY_TEXT.get(suit_text)
        if rank is None or suit is None:
            raise ValueError(f"not a card: {text!r}")
        return cls(rank, suit)


def _adjacent(a: Rank, b: Rank) -> bool:
    """One rank up or down, Ace wrapping: the one place adjacency is decided."""
    return (a - b) % 13 in (1, 12)


NEIGHBOURS: Final[dict[Rank, frozenset[Rank]]] = {
    rank: frozenset(other for other in Rank if _adjacent(rank, other)) for rank in Rank
}
"""For each rank, the ranks a card of it may be played on (RULES A "Play", "Ace"; B1). The
relation is symmetric: the same ranks may be played on it. :meth:`Card.fits_on` reads this,
and so do the engine's and the bot's loops over many cards, without a call per card."""

_RANK_BY_LABEL: Final = {label: rank for rank, label in _RANK_LABELS.items()}
_SUIT_BY_TEXT: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
}

DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 cards, in a fixed order (shuffling takes a copy)."""


def cards(text: str) -> list[Card]:
    """Read a space-separated run of cards, bottom first: ``cards("2C 7H")``."""
    return [Card.parse(t) for t in text.split()]
