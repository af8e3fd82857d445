"""One round of Spit: the layout, legal actions, stuck detection, the end and the slap."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Final

import msgspec

from spit.engine.actions import (
    PLAYERS,
    STOCKS,
    Action,
    Fill,
    Play,
    Reason,
    Refusal,
    Slap,
    Spit,
    landing_pile,
    other,
)
from spit.engine.cards import Card, cards
from spit.engine.events import (
    CardPlayed,
    CardSpat,
    CardTurnedUp,
    Event,
    Phase,
    PileSlapped,
    PileTaken,
    PlayerReady,
    RoundEnd,
    RoundEnded,
    RoundSettled,
    SlotFilled,
    TableStuck,
)
from spit.engine.stocks import Stocks, layout

FULL_LAYOUT = 15
"""Cards in a full set of stocks: 1 + 2 + 3 + 4 + 5."""

LOCKOUT_RANGE: Final = (0.0, 2.0)
"""The lockouts a match may be played with, in seconds: 0 turns it off; more than 2 s stops
the game (a config, a flag and a record's header are each held to it)."""

TOO_LATE_RANGE: Final = (0.0, 2.0)
"""The "too late" windows a match may be played with, in seconds (the default is 0.3)."""

BEFORE_SPIT: Final = (Phase.DEALT, Phase.STUCK)
"""The phases in which the players press spit: nobody may move a card."""

_OUT_OF_PLAY: Final = {
    Phase.DEALT: Reason.BEFORE_SPIT,
    Phase.STUCK: Reason.STUCK,
    Phase.SLAP: Reason.SLAP_TIME,
    Phase.SETTLED: Reason.ROUND_OVER,
}
"""What to say to a card moved outside play."""

_SPITS: Final = tuple((Spit(p),) for p in PLAYERS)
_SLAPS: Final = tuple((Slap(p, 0), Slap(p, 1)) for p in PLAYERS)
"""The legal actions outside play, made once: asked again, they are the same tuples."""

_EARLIEST = -sys.float_info.max
"""The earliest time a fresh table takes: any finite time (so not -inf)."""

_NO_LOCK = -math.inf
"""A hand no fumble has locked is locked until this."""

_COVERED_MEMORY = 4
"""How many covered pile tops to remember for the "too late" check; more never matter."""


class Settings(msgspec.Struct, frozen=True, gc=False):
    """The timing rules of RULES B12, in seconds."""

    lockout: float = 0.5
    """How long a fumble locks the hand; 0 turns lockouts off."""
    too_late: float = 0.3
    """A play that fitted a top covered less than this long ago is "too late", not a fumble."""


class Result(msgspec.Struct, frozen=True, gc=False):
    """What applying an action did: events if accepted, a refusal if not (and nothing changed)."""

    events: tuple[Event, ...] = ()
    """What happened, in order."""
    refusal: Refusal | None = None
    """Why nothing happened."""

    @property
    def ok(self) -> bool:
        """Whether the action was accepted."""
        return self.refusal is None


class Round:
    """The table for one round. Ask it questions; change it only through :meth:`apply`."""

    def __init__(
        self,
        stocks: Sequence[Sequence[Sequence[Card]]],
        spit_cards: Sequence[Sequence[Card]],
        piles: Sequence[Sequence[Card] | None],
        *,
        phase: Phase = Phase.DEALT,
        number: int = 1,
        settings: Settings | None = None,
        last_at: float = _EARLIEST,
    ) -> None:
        if len(stocks) != 2 or any(len(side) != STOCKS for side in stocks):
            raise ValueError("each player has exactly five stock slots")
        self.number = number
        """The round's number in its match, from 1."""
        self.settings = settings or Settings()
        """Timing rules."""
        self._sides = [Stocks(p, side) for p, side in zip(PLAYERS, stocks, strict=True)]
        self._stocks = [side.cards for side in self._sides]  # the same lists, by player
        self._spit = [list(s) for s in spit_cards]
        self._piles: list[list[Card] | None] = [None if p is None else list(p) for p in piles]
        self.in_play = (self._piles[0] is not None, self._piles[1] is not None)
        """Which spit piles this round uses: both, or in a single-pile round one."""
        self._landing = (landing_pile(0, self.in_play), landing_pile(1, self.in_play))
        self.phase = phase
        """Where the round stands."""
        self.last_at = last_at
        """The time of the last action that changed the table (accepted, or a fumble that
        locked a hand): no action may come earlier (RULES B6 orders actions by arrival)."""
        self.how: RoundEnd | None = None
        """Once ended: how."""
        self.went_out: int | None = None
        """Once ended: who went out first (or counts as out, for a single-pile stalemate)."""
        self._ready = [False, False]
        self._locked_until = [_NO_LOCK, _NO_LOCK]
        # Per pile, recently covered tops and when they were covered (RULES B12 "too late").
        self._covered: list[list[tuple[Card, float]]] = [[], []]
        self._took: list[int | None] = [None, None]
        self._hands: tuple[list[Card], list[Card]] | None = None
        # Each player's moves of a card: the table's, found again after every change while
        # play goes on, and none otherwise. Play goes on exactly while someone has a move
        # (RULES B4), so the questions read this rather than test the phase (an enum's
        # attribute is slow to read in Python 3.11: its metaclass has a __getattr__).
        self._moves: list[tuple[Play | Fill, ...]] = [(), ()]
        if phase is Phase.PLAYING:
            self._after_move([])

    @classmethod
    def deal(
        cls,
        hands: Sequence[Sequence[Card]],
        *,
        number: int = 1,
        settings: Settings | None = None,
        last_at: float = _EARLIEST,
    ) -> Round:
        """Lay out both players' hands (already shuffled) for a new round.

        A player's spit pile is in play only if they have spit cards; a player with 15
        cards or fewer has none, so that round has a single spit pile (RULES A, B8).
        """
        if any(len(hand) == 0 for hand in hands):
            raise ValueError("a player with no cards has won and is not dealt")
        laid = [layout(hand) for hand in hands]
        return cls(
            stocks=[s for s, _ in laid],
            spit_cards=[spit for _, spit in laid],
            piles=[[] if spit else None for _, spit in laid],
            number=number,
            settings=settings,
            last_at=last_at,
        )

    @classmethod
    def from_layout(
        cls,
        stocks: Sequence[Sequence[str]],
        spit_cards: Sequence[str] = ("", ""),
        piles: Sequence[str | None] = ("", ""),
        *,
        phase: Phase = Phase.PLAYING,
        settings: Settings | None = None,
    ) -> Round:
        """Build any table in one line, cards written bottom first, for tests and puzzles.

        ``Round.from_layout((["KH", "2C 7H", "", "", ""], ["5S"] * 5), ("3C", ""), ("AH", "9D"))``
        """
        return cls(
            stocks=[[cards(s) for s in side] for side in stocks],
            spit_cards=[cards(s) for s in spit_cards],
            piles=[None if p is None else cards(p) for p in piles],
            phase=phase,
            settings=settings,
        )

    # -- questions ---------------------------------------------------------------------

    @property
    def spit_piles(self) -> int:
        """How many spit piles this round uses (1 or 2)."""
        return sum(self.in_play)

    @property
    def took(self) -> tuple[int | None, int | None]:
        """Once settled: the pile each player took, or None."""
        return self._took[0], self._took[1]

    def hands(self) -> tuple[list[Card], list[Card]]:
        """Once settled: the cards each player carries into the next round."""
        if self._hands is None:
            raise ValueError("the round is not settled yet")
        return list(self._hands[0]), list(self._hands[1])

    def stock(self, player: int, stock: int) -> Sequence[Card]:
        """The cards of one stock, bottom first: the last is face up, the rest face down."""
        return self._stocks[player][stock]

    def pile(self, pile: int) -> Sequence[Card] | None:
        """The cards of a spit pile, bottom first, or None for a pile not in play."""
        return self._piles[pile]

    def pile_top(self, pile: int) -> Card | None:
        """The top card of a spit pile, if it has one."""
        p = self._piles[pile]
        return p[-1] if p else None

    def spit_cards(self, player: int) -> int:
        """How many spit cards a player has left."""
        return len(self._spit[player])

    def is_ready(self, player: int) -> bool:
        """Whether the player counts as ready to spit (pressed it, or has no spit cards)."""
        return self._ready[player] or not self._spit[player]

    def locked_until(self, player: int) -> float | None:
        """After a fumble, the time until which the player's hand is locked."""
        locked = self._locked_until[player]
        return None if locked == _NO_LOCK else locked

    def is_stuck(self) -> bool:
        """RULES B4: neither player can play onto a pile or make a fill that uncovers a card,
        so both press spit to go on."""
        return self.phase is Phase.STUCK

    def legal_actions(self, player: int) -> tuple[Action, ...]:
        """Every action ``player`` may take now (a fumble lock aside)."""
        moves = self._moves
        if moves[0] or moves[1]:  # play goes on while someone has a move (RULES B4)
            return moves[player]
        phase = self.phase
        if phase in BEFORE_SPIT:
            return () if self.is_ready(player) else _SPITS[player]
        if phase is Phase.SLAP:
            return _SLAPS[player]
        return ()

    def landing_pile(self, pile: int) -> int:
        """The spit pile a play aimed at ``pile`` (0 or 1) lands on: in a single-pile round
        both pile keys play on the one pile (docs/rules.md)."""
        return self._landing[pile]

    def cards_in_play(self) -> Iterator[Card]:
        """Every card of this round, wherever it lies (for conservation checks)."""
        if self._hands is not None:
            return chain(*self._hands)
        piles = (pile for pile in self._piles if pile is not None)
        return chain(*self._stocks[0], *self._stocks[1], *self._spit, *piles)

    def check(self, action: Action, at: float = 0.0) -> Refusal | None:
        """Why ``action`` would be refused at time ``at``, or None if it would be accepted."""
        player = action.player
        # One chained comparison refuses NaN (every comparison is false), both infinities
        # and a time earlier than the last change, at the cost of a single test.
        if not self.last_at <= at < math.inf:
            return Refusal(player if player in PLAYERS else 0, Reason.BAD_TIME)
        if player not in PLAYERS:
            return Refusal(0, Reason.NO_SUCH_PLAYER)
        if self._hands is not None:  # settled: each player's cards are gathered
            return Refusal(player, Reason.ROUND_OVER)
        if at < self._locked_until[player]:
            return Refusal(player, Reason.LOCKED, locked_until=self._locked_until[player])
        if action in self._moves[player]:  # a move the search of the table found
            return None
        phase = self.phase
        playing = bool(self._moves[0] or self._moves[1])  # play goes on while someone can move
        if isinstance(action, Play):
            return self._check_play(action, playing, at)
        if isinstance(action, Fill):
            return self._check_fill(action, playing, at)
        if isinstance(action, Spit):
            if playing:
                return Refusal(player, Reason.NOT_STUCK, mover=self._mover(player))
            if phase not in BEFORE_SPIT:
                return Refusal(player, Reason.SLAP_TIME)
            return Refusal(player, Reason.ALREADY_READY) if self.is_ready(player) else None
        if isinstance(action, Slap):
            if action.pile not in (0, 1):
                return Refusal(player, Reason.NO_SUCH_PILE)
            return None if phase is Phase.SLAP else Refusal(player, Reason.NOT_SLAP_TIME)
        raise TypeError(f"not an action: {action!r}")

    def _check_play(self, play: Play, playing: bool, at: float) -> Refusal | None:
        player, stock, pile = play.player, play.stock, play.pile
        if not 0 <= stock < STOCKS:
            return Refusal(player, Reason.NO_SUCH_STOCK)
        if pile != 0 and pile != 1:
            return Refusal(player, Reason.NO_SUCH_PILE)
        if not playing:
            return self._out_of_play(player)
        cards_ = self._stocks[player][stock]
        if not cards_:
            return Refusal(player, Reason.EMPTY_STOCK)
        card = cards_[-1]
        target = self._landing[pile]
        top = self._piles[target][-1]  # type: ignore[index]  # a pile in play, spat on
        if card.fits_on(top):
            return None
        window = self.settings.too_late
        for covered, when in self._covered[target]:
            if at - when < window and card.fits_on(covered):
                return Refusal(player, Reason.TOO_LATE, card=card, top=top)
        return self._fumble(player, Reason.DOES_NOT_FIT, at, card, top)

    def _check_fill(self, fill: Fill, playing: bool, at: float) -> Refusal | None:
        player, stock = fill.player, fill.stock
        if not 0 <= stock < STOCKS:
            return Refusal(player, Reason.NO_SUCH_STOCK)
        if not playing:
            return self._out_of_play(player)
        side = self._stocks[player]
        source = side[stock]
        if not source:
            return Refusal(player, Reason.EMPTY_STOCK)
        if all(side):
            return self._fumble(player, Reason.NO_EMPTY_SLOT, at, source[-1])
        if len(source) < 2:
            return self._fumble(player, Reason.NOTHING_BENEATH, at, source[-1])
        return None

    def _out_of_play(self, player: int) -> Refusal:
        """Why a card may not move outside play, and what to do instead."""
        if self.phase in BEFORE_SPIT and self.is_ready(player):
            # "Press spit" to someone who has (or has no spit cards): they wait for the other.
            return Refusal(player, Reason.ALREADY_READY)
        return Refusal(player, _OUT_OF_PLAY[self.phase])

    def _fumble(
        self, player: int, reason: Reason, at: float, card: Card, top: Card | None = None
    ) -> Refusal:
        """A fumble's refusal: it locks the hand for the lockout, if there is one (RULES B12)."""
        lockout = self.settings.lockout
        return Refusal(player, reason, card, top, at + lockout if lockout > 0 else None)

    def _mover(self, player: int) -> int | None:
        """Who can still move: ``player`` first, then the other (None if nobody can)."""
        if self._moves[player]:
            return player
        return other(player) if self._moves[other(player)] else None

    # -- the one verb ------------------------------------------------------------------

    def apply(self, action: Action, at: float = 0.0) -> Result:
        """Apply ``action`` arriving at time ``at`` (seconds, the caller's clock).

        Actions are applied in arrival order, each checked against the table as it is now
        (RULES B6). A refused action changes nothing, except that a fumble locks the hand.
        ``at`` must be finite and no earlier than :attr:`last_at` (``Reason.BAD_TIME``).
        """
        refusal = self.check(action, at)
        if refusal is not None:
            if refusal.locked_until is not None and refusal.is_fumble:
                self.last_at = at
                self._locked_until[refusal.player] = refusal.locked_until
            return Result((), refusal)
        self.last_at = at
        events: list[Event] = []
        player = action.player
        # isinstance chains rather than `match` class patterns: this is the engine's
        # hottest path, and a class pattern costs ten times an isinstance in CPython 3.11.
        if isinstance(action, Play):
            self._play(player, action.stock, self._landing[action.pile], at, events)
        elif isinstance(action, Fill):
            self._fill(player, action.stock, events)
        elif isinstance(action, Spit):
            self._press_spit(player, at, events)
        else:
            self._slap(player, action.pile, events)
        return Result(tuple(events), None)

    # -- changes -----------------------------------------------------------------------

    def _cover(self, pile: int, card: Card, at: float) -> None:
        cards_ = self._piles[pile]
        assert cards_ is not None
        if cards_:
            covered = self._covered[pile]
            covered.append((cards_[-1], at))
            if len(covered) > _COVERED_MEMORY:
                del covered[0]
        cards_.append(card)

    def _play(self, player: int, stock: int, pile: int, at: float, events: list[Event]) -> None:
        card = self._sides[player].take(stock)
        self._cover(pile, card, at)
        events.append(CardPlayed(player, stock, pile, card))
        source = self._stocks[player][stock]
        if source:
            events.append(CardTurnedUp(player, stock, source[-1]))
        self._after_move(events)

    def _fill(self, player: int, stock: int, events: list[Event]) -> None:
        slot = self._stocks[player].index([])
        side = self._sides[player]
        card = side.take(stock)
        side.put(slot, card)
        events.append(SlotFilled(player, stock, slot, card))
        events.append(CardTurnedUp(player, stock, self._stocks[player][stock][-1]))
        self._after_move(events)

    def _press_spit(self, player: int, at: float, events: list[Event]) -> None:
        self._ready[player] = True
        events.append(PlayerReady(player))
        if not all(self.is_ready(p) for p in PLAYERS):
            return
        # Each player spits onto their own pile (RULES B5); alone if the other has none.
        for p in PLAYERS:
            if self._spit[p]:
                card = self._spit[p].pop()
                self._cover(p, card, at)
                events.append(CardSpat(p, p, card))
        self._ready = [False, False]
        self.phase = Phase.PLAYING
        self._after_move(events)

    def _after_move(self, events: list[Event]) -> None:
        """Find each player's moves on the table as it now lies, and decide what the table
        now means: play on, stuck, or the round's end."""
        left, right = self._piles
        left_top = left[-1] if left else None
        right_top = right[-1] if right else None
        moves = self._moves
        moves[0] = self._sides[0].moves(left_top, right_top)
        moves[1] = self._sides[1].moves(left_top, right_top)
        for p in PLAYERS:
            if not moves[p] and not any(self._stocks[p]):  # gone out (a move needs a card)
                self._end(RoundEnd.WENT_OUT, p, events)
                return
        if moves[0] or moves[1]:
            return  # play goes on
        if any(self._spit):
            self.phase = Phase.STUCK
            self._ready = [False, False]
            events.append(TableStuck())
        else:
            self._end(RoundEnd.STALEMATE, None, events)

    def _end(self, how: RoundEnd, went_out: int | None, events: list[Event]) -> None:
        self.how = how
        self._moves[0] = self._moves[1] = ()
        if self.spit_piles == 2:
            self.went_out = went_out
            self.phase = Phase.SLAP
            events.append(RoundEnded(how, went_out))
            return
        # A single-pile round settles without a slap (RULES B9).
        spitter = 0 if self.in_play[0] else 1
        if went_out is None:
            counts = [sum(map(len, self._stocks[p])) for p in PLAYERS]
            if counts[0] != counts[1]:
                went_out = 0 if counts[0] < counts[1] else 1
            else:
                went_out = other(spitter)  # on a tie the spitter takes the pile
        self.went_out = went_out
        events.append(RoundEnded(how, went_out))
        self._took[other(went_out)] = spitter
        self._settle(events)

    def _slap(self, player: int, pile: int, events: list[Event]) -> None:
        # The first slap decides; the other player gets the other pile (RULES B7).
        events.append(PileSlapped(player, pile))
        self._took[player] = pile
        self._took[other(player)] = 1 - pile
        self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        hands: tuple[list[Card], list[Card]] = ([], [])
        sizes: list[int | None] = [None, None]
        for p in PLAYERS:
            pile = self._took[p]
            if pile is not None:
                taken = self._piles[pile] or []
                hands[p].extend(taken)
                sizes[p] = len(taken)
                events.append(PileTaken(p, pile, len(taken)))
            for stock in self._stocks[p]:
                hands[p].extend(stock)
            hands[p].extend(self._spit[p])
        self._hands = hands
        self.phase = Phase.SETTLED
        events.append(
            RoundSettled(
                number=self.number,
                held=(len(hands[0]), len(hands[1])),
                took=self.took,
                how=self.how or RoundEnd.WENT_OUT,
                went_out=self.went_out,
                taken=(sizes[0], sizes[1]),
            )
        )
