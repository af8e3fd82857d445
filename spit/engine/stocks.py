"""A player's five stocks: how a hand is laid out as them, and the moves their tops have.

The round asks for both players' moves after every change (stuck detection, RULES B4), so
the stocks keep an index of which of them shows which rank on top: the stocks that fit a
pile are those showing one of its top's two neighbouring ranks, found by two lookups rather
than card by card. tests/engine/test_move_search.py holds :meth:`Stocks.moves` to the
card-by-card definition.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from spit.engine.actions import PLAYERS, STOCKS, Fill, Play
from spit.engine.cards import NEIGHBOURS, Card, Rank

_NO_RANK: Final = max(Rank) + 1
"""A rank no stock shows: what fits on no top. Index 0 of the index is the empty slots."""

_FITTING: Final = tuple(
    tuple(sorted(NEIGHBOURS[Rank(r)])) if r >= Rank.TWO else (_NO_RANK, _NO_RANK)
    for r in range(_NO_RANK)
)
"""Per pile top's rank (0: no top), the two ranks that fit on it, read from NEIGHBOURS."""

_SPREAD: Final = tuple(
    sum(1 << 2 * s for s in range(STOCKS) if bits >> s & 1) for bits in range(1 << STOCKS)
)
"""Stock bit s moved to bit 2s, so that the stocks fitting the left pile (bits 2s) and the
right (bits 2s + 1) interleave in the engine's order: stock by stock, the left pile first."""

_FILLS: Final = tuple(tuple(Fill(p, stock) for stock in range(STOCKS)) for p in PLAYERS)
"""Every fill, made once."""


def layout(hand: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Lay a hand out as stocks and spit cards, dealing row by row from the front (RULES B8).

    Row one puts a card on each of stocks 1–5, row two on 2–5, and so on, so a full
    layout is 1-2-3-4-5 and a short hand stops where the cards run out (10 cards give
    1-2-3-2-2). Whatever is left after 15 cards are the spit cards, the last one on top.
    """
    stocks: list[list[Card]] = [[] for _ in range(STOCKS)]
    it = iter(hand)
    for row in range(STOCKS):
        for slot in range(row, STOCKS):
            card = next(it, None)
            if card is None:
                return stocks, []
            stocks[slot].append(card)
    return stocks, list(it)


@functools.cache
def _plays(code: int) -> tuple[Play | Fill, ...]:
    """The plays a code stands for, made once each: bit 2s + pile, stock s fits that pile;
    the bits above, whose they are."""
    player = code >> 2 * STOCKS
    return tuple(
        Play(player, stock, pile)
        for stock in range(STOCKS)
        for pile in (0, 1)
        if code >> (2 * stock + pile) & 1
    )


class Stocks:
    """One player's stocks, changed only by :meth:`take` and :meth:`put` so that the index
    of their tops stays true."""

    def __init__(self, player: int, stocks: Sequence[Sequence[Card]]) -> None:
        self.player = player
        """Whose stocks these are."""
        self._player_bits = player << 2 * STOCKS  # above a code's stock bits (_plays)
        self.cards = [list(s) for s in stocks]
        """Each stock's cards, bottom first: the last is face up, the rest face down."""
        # Per rank, the stocks showing it on top, a bit per stock (rank 0: the empty slots).
        self._ranks = [0] * (_NO_RANK + 1)
        for stock, cards in enumerate(self.cards):
            self._ranks[cards[-1].rank if cards else 0] |= 1 << stock

    def take(self, stock: int) -> Card:
        """Lift the top card off a stock (turning up the one beneath, if any)."""
        cards = self.cards[stock]
        card = cards.pop()
        ranks = self._ranks
        ranks[card.rank] ^= 1 << stock
        ranks[cards[-1].rank if cards else 0] |= 1 << stock
        return card

    def put(self, stock: int, card: Card) -> None:
        """Lay ``card`` in an empty slot."""
        self.cards[stock].append(card)
        ranks = self._ranks
        ranks[0] ^= 1 << stock
        ranks[card.rank] |= 1 << stock

    def moves(self, left: Card | None, right: Card | None) -> tuple[Play | Fill, ...]:
        """The moves onto piles topped by ``left`` and ``right``, whatever the phase: plays
        stock by stock (each onto the left pile, then the right) of a top that fits, then,
        while a slot is empty, fills that uncover a face-down card."""
        ranks = self._ranks
        a, b = _FITTING[left.rank if left else 0]
        c, d = _FITTING[right.rank if right else 0]
        fitting = _SPREAD[ranks[a] | ranks[b]] | _SPREAD[ranks[c] | ranks[d]] << 1
        found = _plays(self._player_bits | fitting)
        if ranks[0]:
            fills = _FILLS[self.player]
            for stock, cards in enumerate(self.cards):
                if len(cards) >= 2:
                    found += (fills[stock],)
        return found
