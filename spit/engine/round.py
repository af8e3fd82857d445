"""One round of Spit: the layout, legal actions, stuck detection, the end and the slap."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator, Sequence
from typing import Final

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
from spit.engine.cards import NEIGHBOURS, Card, Rank, cards
from spit.engine.events import (
    CardPlayed,
    CardSpat,
    CardTurnedUp,
    Event,
    Outcome,
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
from spit.engine.frozen import frozen_value, maker
from spit.engine.view import OnePile, PileView, PlayerView, SideView, StockView

# The enum members the engine reads after every action, as module names: in Python 3.11
# an enum class has a ``__getattr__`` (its metaclass's), so every ``Phase.PLAYING`` takes
# attribute lookup's slow path (about 60 ns, a module's name 5 ns).
_DEALT: Final = Phase.DEALT
_PLAYING: Final = Phase.PLAYING
_STUCK: Final = Phase.STUCK
_SLAP: Final = Phase.SLAP
_SETTLED: Final = Phase.SETTLED
_WENT_OUT: Final = RoundEnd.WENT_OUT
_STALEMATE: Final = RoundEnd.STALEMATE

FULL_LAYOUT = 15
"""Cards in a full set of stocks: 1 + 2 + 3 + 4 + 5."""

_MOVE_REFUSALS = {
    Phase.DEALT: Reason.BEFORE_SPIT,
    Phase.STUCK: Reason.STUCK,
    Phase.SLAP: Reason.SLAP_TIME,
    Phase.SETTLED: Reason.ROUND_OVER,
}
"""What to say to a card moved outside play."""

_EARLIEST = -sys.float_info.max
"""The earliest time a fresh table takes: any finite time (so not -inf)."""

_INFINITY = math.inf
_NO_LOCK = -math.inf
"""A hand no fumble has locked is locked until this."""

_EMPTY_STOCK: Final = StockView(None, 0)
"""An empty slot's view: the same for every slot."""

_ALL_STOCKS: Final = tuple(range(STOCKS))
"""Every stock slot, by index."""

ViewFacts = tuple[tuple[int, int], RoundSettled | None, int | None, Outcome | None, bool]
"""The match's facts a view carries besides the round's (:meth:`Round.view`'s keywords, in
order): the scores, the last settled round, the slap's winner, the outcome, and whether going
out first wins the match."""

_COVERED_MEMORY = 4
"""How many covered pile tops to remember for the "too late" check; more never matter."""

# Every action a player can take, made once: legal_actions hands out these same values
# rather than building new ones on each question (a frozen dataclass costs a microsecond).
_PLAYS: tuple[tuple[tuple[Play, Play], ...], ...] = tuple(
    tuple((Play(p, stock, 0), Play(p, stock, 1)) for stock in range(STOCKS)) for p in PLAYERS
)
_FILLS: tuple[tuple[Fill, ...], ...] = tuple(
    tuple(Fill(p, stock) for stock in range(STOCKS)) for p in PLAYERS
)
_SPITS: tuple[tuple[Spit], ...] = tuple((Spit(p),) for p in PLAYERS)
_SLAPS: tuple[tuple[Slap, Slap], ...] = tuple((Slap(p, 0), Slap(p, 1)) for p in PLAYERS)

# The move search's tables. A round keeps, per player and rank, the stocks whose top is of
# that rank as bits (bit s: stock s); index 0 holds the empty slots, _NO_RANK is never set.
_NO_RANK = max(Rank) + 1
_TOP_INDEX = _NO_RANK + 1
_ALL_EMPTY = (1 << STOCKS) - 1
_NEIGHBOUR_PAIR: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(int(n) for n in NEIGHBOURS[Rank(r)])) if r >= Rank.TWO else (_NO_RANK, _NO_RANK)
    for r in range(_NO_RANK)
)
"""Per pile top's rank, the two ranks that fit on it (read from :data:`NEIGHBOURS`, the one
rule of adjacency); for no top (0), a rank no stock has."""
_SPREAD: tuple[int, ...] = tuple(
    sum(1 << 2 * s for s in range(STOCKS) if bits >> s & 1) for bits in range(1 << STOCKS)
)
"""A stock's bit s moved to bit 2s: which stocks fit the left pile, spread out so that those
fitting the right (shifted one more) interleave with them in the engine's order."""
_PLAYS_BY_CODE: tuple[dict[int, tuple[Play | Fill, ...]], ...] = ({}, {})
"""Per player, the plays for each code (bit 2s + pile: stock s fits that pile), made once
when first met."""


def _plays_by_code(player: int, code: int) -> tuple[Play | Fill, ...]:
    """The plays a code stands for, stock by stock and left pile first."""
    plays = _PLAYS[player]
    return tuple(
        plays[stock][pile]
        for stock in range(STOCKS)
        for pile in (0, 1)
        if code >> (2 * stock + pile) & 1
    )


LOCKOUT_RANGE: Final = (0.0, 2.0)
"""The lockouts a match may be played with, in seconds: 0 turns it off; more than 2 s stops
the game (a config, a flag and a record's header are each held to it)."""

TOO_LATE_RANGE: Final = (0.0, 2.0)
"""The "too late" windows a match may be played with, in seconds (the default is 0.3)."""


@frozen_value
class Settings:
    """The timing rules of RULES B12, in seconds."""

    lockout: float = 0.5
    """How long a fumble locks the hand; 0 turns lockouts off."""
    too_late: float = 0.3
    """A play that fitted a top covered less than this long ago is "too late", not a fumble."""


@frozen_value
class Result:
    """What applying an action did: events if accepted, a refusal if not (and nothing changed)."""

    events: tuple[Event, ...] = ()
    """What happened, in order."""
    refusal: Refusal | None = None
    """Why nothing happened."""

    @property
    def ok(self) -> bool:
        """Whether the action was accepted."""
        return self.refusal is None


# Made after every action (each seat's view, the changed side, pile and stocks, the result
# and its events): filled as the class's __init__ would, without a descriptor call per field
# (frozen.maker). Every field positional, in the class's order.
_new_player_view: Final = PlayerView
_new_side_view: Final = SideView
_new_stock_view: Final = StockView
_new_pile_view: Final = PileView
_new_result: Final = maker(Result)
_new_card_played: Final = CardPlayed
_new_card_turned_up: Final = CardTurnedUp
_new_slot_filled: Final = SlotFilled
_new_player_ready: Final = PlayerReady
_new_card_spat: Final = CardSpat


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
        self._stocks = [[list(s) for s in side] for side in stocks]
        # Per player and rank, the stocks whose face-up top is of that rank, as a bit per
        # stock (rank 0: the empty slots); kept as cards move, for the move search.
        self._tops: list[list[int]] = [[0] * _TOP_INDEX, [0] * _TOP_INDEX]
        for tops, side in zip(self._tops, self._stocks, strict=True):
            for stock, cards_ in enumerate(side):
                tops[cards_[-1].rank if cards_ else 0] |= 1 << stock
        self._spit = [list(s) for s in spit_cards]
        self._piles: list[list[Card] | None] = [None if p is None else list(p) for p in piles]
        # Which piles the round uses never changes once dealt.
        self._in_play = (self._piles[0] is not None, self._piles[1] is not None)
        self._without_spit_cards = next((p for p in PLAYERS if not self._in_play[p]), None)
        self._phase = phase
        # The time of the last action that changed the table (accepted, or a fumble that
        # locked a hand): no action may come earlier (RULES B6 orders actions by arrival).
        self._last_at = last_at
        self._ready = [False, False]
        self._locked_until = [_NO_LOCK, _NO_LOCK]
        # Per pile, recently covered tops and when they were covered (RULES B12 "too late").
        self._covered: list[list[tuple[Card, float]]] = [[], []]
        self._how: RoundEnd | None = None
        self._went_out: int | None = None
        self._took: list[int | None] = [None, None]
        self._hands: tuple[list[Card], list[Card]] | None = None
        # Answers worked out once and kept until the part of the table they read changes:
        # each player's table moves (stuck detection and legal_actions share them), the
        # views of each stock, side and pile, and each player's whole view.
        self._move_cache: list[tuple[Play | Fill, ...] | None] = [None, None]
        self._stock_views: list[list[StockView]] = [
            [_EMPTY_STOCK] * STOCKS,
            [_EMPTY_STOCK] * STOCKS,
        ]
        # Per player, the stocks whose views are out of date (every one, to begin with), and
        # the tuple of them a side's view holds (None while any is out of date).
        self._stale_stocks: list[list[int]] = [[*_ALL_STOCKS], [*_ALL_STOCKS]]
        self._stock_tuples: list[tuple[StockView, ...] | None] = [None, None]
        self._side_views: list[SideView | None] = [None, None]
        self._pile_views: list[PileView | None] = [None, None]
        self._views: list[PlayerView | None] = [None, None]
        # The sides and piles both views show (None while any is out of date), and a
        # single-pile round's stake (made once for the variant a view asks with).
        self._view_parts: tuple[tuple[SideView, SideView], tuple[PileView, PileView]] | None = None
        self._one_pile: OnePile | None = None
        self._view_facts: list[ViewFacts | None] = [None, None]
        if phase is _PLAYING:
            self._after_move([])

    # -- construction ------------------------------------------------------------------

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
    def phase(self) -> Phase:
        """Where the round stands."""
        return self._phase

    @property
    def last_at(self) -> float:
        """The time of the last action that changed the table; no action may be earlier."""
        return self._last_at

    @property
    def spit_piles(self) -> int:
        """How many spit piles this round uses (1 or 2)."""
        return sum(p is not None for p in self._piles)

    @property
    def in_play(self) -> tuple[bool, bool]:
        """Which spit piles this round uses: both, or in a single-pile round one."""
        return self._in_play

    @property
    def went_out(self) -> int | None:
        """Once ended: who went out first (or counts as out, for a single-pile stalemate)."""
        return self._went_out

    @property
    def how(self) -> RoundEnd | None:
        """Once ended: how."""
        return self._how

    @property
    def took(self) -> tuple[int | None, int | None]:
        """Once settled: the pile each player took, or None."""
        return self._took[0], self._took[1]

    def hands(self) -> tuple[list[Card], list[Card]]:
        """Once settled: the cards each player carries into the next round."""
        if self._hands is None:
            raise ValueError("the round is not settled yet")
        return list(self._hands[0]), list(self._hands[1])

    def pile_top(self, pile: int) -> Card | None:
        """The top card of a spit pile, if it has one."""
        p = self._piles[pile]
        return p[-1] if p else None

    def stock_cards(self, player: int) -> int:
        """How many cards are left in a player's stocks."""
        return sum(len(s) for s in self._stocks[player])

    def spit_cards(self, player: int) -> int:
        """How many spit cards a player has left."""
        return len(self._spit[player])

    def is_ready(self, player: int) -> bool:
        """Whether the player counts as ready to spit (pressed it, or has no spit cards)."""
        return self._ready[player] or not self._spit[player]

    def is_stuck(self) -> bool:
        """RULES B4: neither player can play onto a pile or make a fill that uncovers a card."""
        # The moves themselves, not just whether there are any: every driver asks the
        # players' legal actions (or views, which list them) after every change, so they
        # are worked out here once and read from the cache there.
        return not self._moves(0) and not self._moves(1)

    def legal_actions(self, player: int) -> tuple[Action, ...]:
        """Every action ``player`` may take now (a fumble lock aside).

        Worked out once per change of the table and handed out as the same tuple each time.
        """
        phase = self._phase
        if phase is _PLAYING:
            moves = self._move_cache[player]  # _moves, without a call: asked after every change
            if moves is None:
                moves = self._move_cache[player] = self._table_moves(player)
            return moves
        if phase is _DEALT or phase is _STUCK:
            return () if self.is_ready(player) else _SPITS[player]
        if phase is _SLAP:
            return _SLAPS[player]
        return ()

    def check(self, action: Action, at: float = 0.0) -> Refusal | None:
        """Why ``action`` would be refused at time ``at``, or None if it would be accepted."""
        refusal = self._check(action, at)
        if refusal is not None and refusal.is_fumble and self.settings.lockout > 0:
            return Refusal(
                refusal.player,
                refusal.reason,
                refusal.card,
                refusal.top,
                at + self.settings.lockout,
            )
        return refusal

    def view(
        self,
        player: int,
        *,
        scores: tuple[int, int] = (0, 0),
        last_round: RoundSettled | None = None,
        slap_winner: int | None = None,
        outcome: Outcome | None = None,
        out_first_wins_match: bool = True,
    ) -> PlayerView:
        """What ``player`` may see. Face-down cards appear only as counts.

        The keywords are the match's facts around this round, which the view carries too;
        ``out_first_wins_match`` is the variant's answer for a single-pile round (OnePile).
        """
        return self.view_with(
            player, (scores, last_round, slap_winner, outcome, out_first_wins_match)
        )

    def view_with(self, player: int, facts: ViewFacts) -> PlayerView:
        """:meth:`view`, with the match's facts in one tuple (in :meth:`view`'s order).

        The view is kept until the table or the facts change: a match hands in the same
        tuple until its facts change, so most questions are answered by one identity test.
        """
        view = self._views[player]
        if view is not None:
            kept = self._view_facts[player]
            if facts is kept:
                return view
            scores, last_round, slap_winner, outcome, out_first_wins_match = facts
            if (
                view.scores == scores
                and view.last_round is last_round
                and view.slap_winner == slap_winner
                and view.outcome is outcome
                and (
                    view.one_pile is None
                    or view.one_pile.out_first_wins_match is out_first_wins_match
                )
            ):
                self._view_facts[player] = facts
                return view
        scores, last_round, slap_winner, outcome, out_first_wins_match = facts
        # Both players see the same sides and piles: made once per change, for both views.
        parts = self._view_parts
        if parts is None:
            sides = self._side_views
            piles = self._pile_views
            parts = self._view_parts = (
                (sides[0] or self._side_view(0), sides[1] or self._side_view(1)),
                (piles[0] or self._pile_view(0), piles[1] or self._pile_view(1)),
            )
        one_pile = None
        if self._without_spit_cards is not None:
            one_pile = self._one_pile
            if one_pile is None or one_pile.out_first_wins_match is not out_first_wins_match:
                one_pile = self._one_pile = OnePile(self._without_spit_cards, out_first_wins_match)
        phase = self._phase
        if phase is _PLAYING:  # legal_actions, without a call: asked after every change
            legal = self._move_cache[player]
            if legal is None:
                legal = self._move_cache[player] = self._table_moves(player)
        else:
            legal = self.legal_actions(player)
        # Positional, in PlayerView's order: made after every change, for each player.
        view = self._views[player] = _new_player_view(
            player,
            self.number,
            phase,
            parts[0],
            parts[1],
            legal,
            scores,
            self._went_out,
            last_round,
            slap_winner,
            outcome,
            one_pile,
        )
        self._view_facts[player] = facts
        return view

    def cards_in_play(self) -> Iterator[Card]:
        """Every card of this round, wherever it lies (for conservation checks)."""
        if self._hands is not None:
            for hand in self._hands:
                yield from hand
            return
        for side in self._stocks:
            for stock in side:
                yield from stock
        for spit in self._spit:
            yield from spit
        for pile in self._piles:
            if pile:
                yield from pile

    # -- the one verb ------------------------------------------------------------------

    def apply(self, action: Action, at: float = 0.0) -> Result:
        """Apply ``action`` arriving at time ``at`` (seconds, the caller's clock).

        Actions are applied in arrival order, each checked against the table as it is now
        (RULES B6). A refused action changes nothing, except that a fumble locks the hand.
        ``at`` must be finite and no earlier than :attr:`last_at` (``Reason.BAD_TIME``).
        """
        if type(action) is Play and self._phase is _PLAYING:
            # The commonest action first: a play that fits, while play goes on. These are
            # the checks of _check and _check_play that accept it, in one place; anything
            # else (a refusal to say) takes the general path below and is checked in full.
            player = action.player
            stock = action.stock
            pile = action.pile
            if (
                (player == 0 or player == 1)
                and self._last_at <= at < _INFINITY
                and at >= self._locked_until[player]
                and 0 <= stock < STOCKS
                and (pile == 0 or pile == 1)
            ):
                source = self._stocks[player][stock]
                target = pile if self._in_play[pile] else 1 - pile
                tops = self._piles[target]
                if source and tops and source[-1].fits_on(tops[-1]):
                    self._last_at = at
                    events: list[Event] = []
                    self._play(player, stock, target, at, events)
                    if self._phase is _PLAYING:
                        self._side_views[player] = None
                    else:
                        self._side_views[0] = self._side_views[1] = None
                    self._views[0] = self._views[1] = None
                    self._view_parts = None
                    return _new_result(tuple(events), None)
        refusal = self.check(action, at)
        if refusal is not None:
            if refusal.locked_until is not None and refusal.is_fumble:
                self._last_at = at
                self._locked_until[refusal.player] = refusal.locked_until
                self._side_views[refusal.player] = None
                self._views[0] = self._views[1] = None
                self._view_parts = None
            return _new_result((), refusal)
        self._last_at = at
        events = []
        phase = self._phase
        player = action.player
        # isinstance chains rather than `match` class patterns: this is the engine's
        # hottest path, and a class pattern costs ten times an isinstance in CPython 3.11.
        move = isinstance(action, Play | Fill)
        if isinstance(action, Play):
            self._play(player, action.stock, self.landing_pile(action.pile), at, events)
        elif isinstance(action, Fill):
            self._fill(player, action.stock, events)
        elif isinstance(action, Spit):
            self._press_spit(player, at, events)
        else:
            self._slap(player, action.pile, events)
        # A move while play goes on changes only the mover's side; anything else (a spit,
        # a new phase, readiness) may change both.
        if move and self._phase is phase:
            self._side_views[player] = None
        else:
            self._side_views[0] = self._side_views[1] = None
        self._views[0] = self._views[1] = None
        self._view_parts = None
        return _new_result(tuple(events), None)

    # -- checks ------------------------------------------------------------------------

    def _check(self, action: Action, at: float) -> Refusal | None:
        player = action.player
        # One chained comparison refuses NaN (every comparison is false), both infinities
        # and a time earlier than the last change, at the cost of a single test.
        if not self._last_at <= at < _INFINITY:
            return Refusal(player if player in PLAYERS else 0, Reason.BAD_TIME)
        if player not in PLAYERS:
            return Refusal(player if player in PLAYERS else 0, Reason.NO_SUCH_PLAYER)
        phase = self._phase
        if phase is _SETTLED:
            return Refusal(player, Reason.ROUND_OVER)
        if at < self._locked_until[player]:
            return Refusal(player, Reason.LOCKED, locked_until=self._locked_until[player])
        if isinstance(action, Play):
            return self._check_play(player, action.stock, action.pile, at)
        if isinstance(action, Fill):
            return self._check_fill(player, action.stock)
        if isinstance(action, Spit):
            if phase is _PLAYING:
                return Refusal(player, Reason.NOT_STUCK, mover=self._mover(player))
            if phase is _SLAP:
                return Refusal(player, Reason.SLAP_TIME)
            if self.is_ready(player):
                return Refusal(player, Reason.ALREADY_READY)
            return None
        if isinstance(action, Slap):
            if action.pile not in (0, 1):
                return Refusal(player, Reason.NO_SUCH_PILE)
            if phase is not _SLAP:
                return Refusal(player, Reason.NOT_SLAP_TIME)
            return None
        raise TypeError(f"not an action: {action!r}")

    def _mover(self, player: int) -> int | None:
        """Who can still move: ``player`` first, then the other (None if nobody can)."""
        if self._moves(player):
            return player
        return other(player) if self._moves(other(player)) else None

    def _phase_refusal(self, player: int) -> Refusal | None:
        """Moving a card is only possible while playing; say what to do instead."""
        phase = self._phase
        if phase is _PLAYING:
            return None
        if (phase is _DEALT or phase is _STUCK) and self.is_ready(player):
            # "Press spit" to someone who has (or has no spit cards): they wait for the other.
            return Refusal(player, Reason.ALREADY_READY)
        return Refusal(player, _MOVE_REFUSALS[phase])

    def _check_play(self, player: int, stock: int, pile: int, at: float) -> Refusal | None:
        if not 0 <= stock < STOCKS:
            return Refusal(player, Reason.NO_SUCH_STOCK)
        if pile not in (0, 1):
            return Refusal(player, Reason.NO_SUCH_PILE)
        if (refusal := self._phase_refusal(player)) is not None:
            return refusal
        cards_ = self._stocks[player][stock]
        if not cards_:
            return Refusal(player, Reason.EMPTY_STOCK)
        card = cards_[-1]
        target = self.landing_pile(pile)
        pile_cards = self._piles[target]
        assert pile_cards  # every pile in play has had a spit card by now
        top = pile_cards[-1]
        if card.fits_on(top):
            return None
        window = self.settings.too_late
        for covered, when in self._covered[target]:
            if at - when < window and card.fits_on(covered):
                return Refusal(player, Reason.TOO_LATE, card=card, top=top)
        return Refusal(player, Reason.DOES_NOT_FIT, card=card, top=top)

    def _check_fill(self, player: int, stock: int) -> Refusal | None:
        if not 0 <= stock < STOCKS:
            return Refusal(player, Reason.NO_SUCH_STOCK)
        if (refusal := self._phase_refusal(player)) is not None:
            return refusal
        side = self._stocks[player]
        source = side[stock]
        if not source:
            return Refusal(player, Reason.EMPTY_STOCK)
        if all(side):
            return Refusal(player, Reason.NO_EMPTY_SLOT, card=source[-1])
        if len(source) < 2:
            return Refusal(player, Reason.NOTHING_BENEATH, card=source[-1])
        return None

    def _moves(self, player: int) -> tuple[Play | Fill, ...]:
        """The table's moves for ``player``, whatever the phase: plays that fit a pile's top,
        and fills that uncover a face-down card. Legal play asks this, and stuck (RULES B4)
        asks whether there are any.

        Worked out by :meth:`_table_moves` once per change of the player's stocks or a pile.
        """
        moves = self._move_cache[player]
        if moves is None:
            moves = self._move_cache[player] = self._table_moves(player)
        return moves

    def _table_moves(self, player: int) -> tuple[Play | Fill, ...]:
        # Plays stock by stock (each onto the left pile, then the right), then fills. This
        # runs after nearly every change, for both players, so it reads the stocks whose
        # tops are of each rank (kept as cards move): the stocks that fit a pile are those
        # of its top's two neighbouring ranks, and the plays for those stocks, in the
        # engine's order, are kept per player by which stocks fit which pile.
        left, right = self._piles
        tops = self._tops[player]
        a, b = _NEIGHBOUR_PAIR[left[-1].rank if left else 0]
        c, d = _NEIGHBOUR_PAIR[right[-1].rank if right else 0]
        code = _SPREAD[tops[a] | tops[b]] | _SPREAD[tops[c] | tops[d]] << 1
        known = _PLAYS_BY_CODE[player]
        found = known.get(code)
        if found is None:
            found = known[code] = _plays_by_code(player, code)
        if tops[0]:  # an empty slot: fills from every stock with a card beneath its top
            fills = _FILLS[player]
            for stock, cards_ in enumerate(self._stocks[player]):
                if len(cards_) >= 2:
                    found += (fills[stock],)
        return found

    def landing_pile(self, pile: int) -> int:
        """The spit pile a play aimed at ``pile`` (0 or 1) lands on: in a single-pile round
        both pile keys play on the one pile (docs/rules.md)."""
        return landing_pile(pile, self._in_play)

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
        self._pile_views[pile] = None
        moves = self._move_cache
        moves[0] = moves[1] = None  # a new top: both players' plays change

    def _play(self, player: int, stock: int, pile: int, at: float, events: list[Event]) -> None:
        source = self._stocks[player][stock]
        card = source.pop()
        self._stale_stocks[player].append(stock)
        tops = self._tops[player]
        bit = 1 << stock
        tops[card.rank] ^= bit
        self._cover(pile, card, at)
        events.append(_new_card_played(player, stock, pile, card))
        if source:
            turned = source[-1]
            tops[turned.rank] |= bit
            events.append(_new_card_turned_up(player, stock, turned))
        else:
            tops[0] |= bit
        self._after_move(events)

    def _fill(self, player: int, stock: int, events: list[Event]) -> None:
        side = self._stocks[player]
        slot = next(i for i, s in enumerate(side) if not s)
        source = side[stock]
        card = source.pop()
        side[slot].append(card)
        tops = self._tops[player]
        tops[card.rank] ^= 1 << stock | 1 << slot  # the card moves from one top to another
        tops[0] ^= 1 << slot
        tops[source[-1].rank] |= 1 << stock
        stale = self._stale_stocks[player]
        stale.append(stock)
        stale.append(slot)
        self._move_cache[player] = None  # the other player's moves do not read this side
        events.append(_new_slot_filled(player, stock, slot, card))
        events.append(_new_card_turned_up(player, stock, source[-1]))
        self._after_move(events)

    def _press_spit(self, player: int, at: float, events: list[Event]) -> None:
        self._ready[player] = True
        events.append(_new_player_ready(player))
        if not all(self.is_ready(p) for p in PLAYERS):
            return
        # Each player spits onto their own pile (RULES B5); alone if the other has none.
        for p in PLAYERS:
            if self._spit[p]:
                card = self._spit[p].pop()
                self._cover(p, card, at)
                events.append(_new_card_spat(p, p, card))
        self._ready = [False, False]
        self._phase = _PLAYING
        self._after_move(events)

    def _after_move(self, events: list[Event]) -> None:
        """Decide what the table's state now means: play on, stuck, or the round's end."""
        for p in PLAYERS:
            if self._tops[p][0] == _ALL_EMPTY:  # every slot empty: gone out
                self._end(_WENT_OUT, p, events)
                return
        if self._moves(0) or self._moves(1):  # not stuck (is_stuck, without the call)
            self._phase = _PLAYING
            return
        if not any(self._spit):
            self._end(_STALEMATE, None, events)
            return
        self._phase = _STUCK
        self._ready = [False, False]
        events.append(TableStuck())

    def _end(self, how: RoundEnd, went_out: int | None, events: list[Event]) -> None:
        self._how = how
        if self.spit_piles == 2:
            self._went_out = went_out
            self._phase = _SLAP
            events.append(RoundEnded(how, went_out))
            return
        # A single-pile round settles without a slap (RULES B9).
        spitter = 0 if self._piles[0] is not None else 1
        if went_out is None:
            counts = [self.stock_cards(p) for p in PLAYERS]
            if counts[0] != counts[1]:
                went_out = 0 if counts[0] < counts[1] else 1
            else:
                went_out = other(spitter)  # on a tie the spitter takes the pile
        self._went_out = went_out
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
        self._phase = _SETTLED
        events.append(
            RoundSettled(
                number=self.number,
                held=(len(hands[0]), len(hands[1])),
                took=self.took,
                how=self._how or _WENT_OUT,
                went_out=self._went_out,
                taken=(sizes[0], sizes[1]),
            )
        )

    # -- views -------------------------------------------------------------------------

    def _side_view(self, player: int) -> SideView:
        side = self._side_views[player]
        if side is None:
            stale = self._stale_stocks[player]
            if stale:  # only the stocks that changed get a new view
                kept = self._stock_views[player]
                stocks = self._stocks[player]
                for s in stale:
                    cards_ = stocks[s]
                    kept[s] = (
                        _new_stock_view(cards_[-1], len(cards_) - 1) if cards_ else _EMPTY_STOCK
                    )
                stale.clear()
                views = self._stock_tuples[player] = tuple(kept)
            else:
                views = self._stock_tuples[player]
                assert views is not None  # made when the stale stocks were last cleared
            phase = self._phase
            locked = self._locked_until[player]
            side = self._side_views[player] = _new_side_view(
                views,
                len(self._spit[player]),
                (phase is _DEALT or phase is _STUCK) and self.is_ready(player),
                None if locked == _NO_LOCK else locked,
            )
        return side

    def _pile_view(self, pile: int) -> PileView:
        view = self._pile_views[pile]
        if view is None:
            cards_ = self._piles[pile]
            if cards_ is None:
                view = _new_pile_view(None, 0, False)
            else:
                view = _new_pile_view(cards_[-1] if cards_ else None, len(cards_), True)
            self._pile_views[pile] = view
        return view
