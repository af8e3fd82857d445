"""The engine's floor: the smallest code that plays the same matches, with ints and lists.

``benchmarks/engine.py`` replays random playouts on ``spit.engine.Match`` and, in the same
run, on :class:`FloorMatch`, and gives the engine's figures as ratios to these. The floor
keeps the rules that decide what happens (RULES B1-B12 as the engine does them): it checks
each action's time, player, phase, hand lock, fit and fill the engine's way, looks for
moves after every change (stuck, RULES B4), ends, slaps and settles rounds, and deals the
next one from the same ``random.Random`` in the same order, so a match goes the same way
card for card. What it leaves out is everything the engine gives its callers besides:
no events, no refusal values (a refused action is ``False``), no views, no kept answers, no
frozen values; a card is an int (``rank = card % 13``), an action a tuple.

``tests/test_engine_floor.py`` plays random matches on both and checks that they agree on
every legal action and on how every match ends.
"""

from __future__ import annotations

import math
import random

from spit.engine import DECK, Action, Fill, Play, Slap, Spit

DEALT, PLAYING, STUCK, SLAP, SETTLED = range(5)
"""A round's phases."""
PLAY, FILL, SPIT, SLAP_ = range(4)
"""An action's kind: ``(PLAY, player, stock, pile)``, ``(FILL, player, stock, 0)``,
``(SPIT, player, 0, 0)``, ``(SLAP_, player, pile, 0)``."""

FloorAction = tuple[int, int, int, int]

_CARD = {card: index for index, card in enumerate(DECK)}
_RANK = [int(card.rank) % 13 for card in DECK]
"""Each card's rank, cyclic: adjacent ranks differ by 1 or 12 modulo 13."""
_FITS = [[(_RANK[a] - _RANK[b]) % 13 in (1, 12) for b in range(52)] for a in range(52)]
"""Whether card ``a`` fits on card ``b``."""


def floor_action(action: Action) -> FloorAction:
    """The engine's action as the floor's tuple."""
    if isinstance(action, Play):
        return (PLAY, action.player, action.stock, action.pile)
    if isinstance(action, Fill):
        return (FILL, action.player, action.stock, 0)
    if isinstance(action, Spit):
        return (SPIT, action.player, 0, 0)
    assert isinstance(action, Slap)
    return (SLAP_, action.player, action.pile, 0)


class FloorMatch:
    """A standard match (lockout 0.5 s, "too late" 0.3 s) dealt from ``seed``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        deck = list(range(52))
        self.rng.shuffle(deck)
        self.over = False
        self.winner = -1
        self.rounds = 0
        self.last_at = -math.inf
        self._deal([deck[:26], deck[26:]])

    def _deal(self, hands: list[list[int]]) -> None:
        self.rounds += 1
        self.stocks: list[list[list[int]]] = []
        self.spit: list[list[int]] = []
        for hand in hands:
            side: list[list[int]] = [[], [], [], [], []]
            at = 0
            for row in range(5):
                for slot in range(row, 5):
                    if at < len(hand):
                        side[slot].append(hand[at])
                        at += 1
            self.stocks.append(side)
            self.spit.append(hand[at:])
        self.piles: list[list[int] | None] = [[] if s else None for s in self.spit]
        self.single = self.piles[0] is None or self.piles[1] is None
        self.phase = DEALT
        self.ready = [False, False]
        self.locked = [-math.inf, -math.inf]
        self.covered: list[list[tuple[int, float]]] = [[], []]
        self.took = [-1, -1]

    # -- questions ---------------------------------------------------------------------

    def moves(self, player: int) -> list[FloorAction]:
        """Plays that fit a pile's top, then fills that uncover a card (the engine's order)."""
        out: list[FloorAction] = []
        tops = [(i, p[-1]) for i, p in enumerate(self.piles) if p]
        side = self.stocks[player]
        for stock, cards in enumerate(side):
            if cards:
                fits = _FITS[cards[-1]]
                for pile, top in tops:
                    if fits[top]:
                        out.append((PLAY, player, stock, pile))
        if not all(side):
            for stock, cards in enumerate(side):
                if len(cards) >= 2:
                    out.append((FILL, player, stock, 0))
        return out

    def _can_move(self, player: int) -> bool:
        tops = [p[-1] for p in self.piles if p]
        side = self.stocks[player]
        for cards in side:
            if cards:
                fits = _FITS[cards[-1]]
                for top in tops:
                    if fits[top]:
                        return True
        return not all(side) and any(len(cards) >= 2 for cards in side)

    def _is_ready(self, player: int) -> bool:
        return self.ready[player] or not self.spit[player]

    def legal(self, player: int) -> list[FloorAction]:
        """Every action ``player`` may take now."""
        if self.over:
            return []
        phase = self.phase
        if phase == PLAYING:
            return self.moves(player)
        if phase in (DEALT, STUCK):
            return [] if self._is_ready(player) else [(SPIT, player, 0, 0)]
        if phase == SLAP:
            return [(SLAP_, player, 0, 0), (SLAP_, player, 1, 0)]
        return []

    # -- the one verb ------------------------------------------------------------------

    def apply(self, action: FloorAction, at: float) -> bool:
        """Apply ``action`` at time ``at``; whether it was accepted."""
        kind, player, a, b = action
        if self.over or not self.last_at <= at < math.inf or player not in (0, 1):
            return False
        phase = self.phase
        if at < self.locked[player]:
            return False
        if kind in (PLAY, FILL):
            if phase != PLAYING or not 0 <= a < 5:
                return False
            side = self.stocks[player]
            source = side[a]
            if not source:
                return False
            if kind == PLAY:
                if b not in (0, 1):
                    return False
                pile = b if self.piles[b] is not None else 1 - b
                cards = self.piles[pile]
                assert cards
                top = cards[-1]
                card = source[-1]
                if not _FITS[card][top]:
                    late = any(
                        at - when < 0.3 and _FITS[card][old] for old, when in self.covered[pile]
                    )
                    if not late:
                        self.locked[player] = at + 0.5
                        self.last_at = at
                    return False
                self.last_at = at
                source.pop()
                self._cover(pile, card, at)
            else:
                if all(side) or len(source) < 2:
                    self.locked[player] = at + 0.5
                    self.last_at = at
                    return False
                self.last_at = at
                side[side.index([])].append(source.pop())
            self._after_move()
            return True
        if kind == SPIT:
            if phase not in (DEALT, STUCK) or self._is_ready(player):
                return False
            self.last_at = at
            self.ready[player] = True
            if self._is_ready(1 - player):
                for p in (0, 1):
                    if self.spit[p]:
                        self._cover(p, self.spit[p].pop(), at)
                self.ready = [False, False]
                self._after_move()
            return True
        if phase != SLAP or a not in (0, 1):
            return False
        self.last_at = at
        self.took[player] = a
        self.took[1 - player] = 1 - a
        self._settle()
        return True

    # -- changes -----------------------------------------------------------------------

    def _cover(self, pile: int, card: int, at: float) -> None:
        cards = self.piles[pile]
        assert cards is not None
        if cards:
            covered = self.covered[pile]
            covered.append((cards[-1], at))
            if len(covered) > 4:
                del covered[0]
        cards.append(card)

    def _after_move(self) -> None:
        for p in (0, 1):
            if not any(self.stocks[p]):
                self._end(p)
                return
        if self._can_move(0) or self._can_move(1):
            self.phase = PLAYING
        elif not self.spit[0] and not self.spit[1]:
            self._end(-1)
        else:
            self.phase = STUCK
            self.ready = [False, False]

    def _end(self, went_out: int) -> None:
        if not self.single:
            self.phase = SLAP
            return
        spitter = 0 if self.piles[0] is not None else 1
        if went_out == -1:
            counts = [sum(len(s) for s in self.stocks[p]) for p in (0, 1)]
            if counts[0] != counts[1]:
                went_out = 0 if counts[0] < counts[1] else 1
            else:
                went_out = 1 - spitter
        self.took[1 - went_out] = spitter
        self._settle()

    def _settle(self) -> None:
        hands: list[list[int]] = [[], []]
        for p in (0, 1):
            pile = self.took[p]
            if pile != -1:
                hands[p] += self.piles[pile] or []
            for stock in self.stocks[p]:
                hands[p] += stock
            hands[p] += self.spit[p]
        empty = [p for p in (0, 1) if not hands[p]]
        if empty:
            self.over, self.winner, self.phase = True, empty[0], SETTLED
            return
        for hand in hands:
            self.rng.shuffle(hand)
        self._deal(hands)
