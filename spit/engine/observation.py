"""What one seat may observe: its view of the table, and the events it may know.

As OpenSpiel separates a game's state from what a player observes, the round holds the rules'
state and :class:`Observer` projects each seat's :class:`PlayerView` from it, kept fresh by
the results the round's ``apply`` returns. A shell that sends events anywhere (the network
server) sends only what :func:`observe` returns, so a face-down card cannot leave the engine
by an event either.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from msgspec import structs

from spit.engine.actions import PLAYERS, STOCKS
from spit.engine.events import (
    CardPlayed,
    CardSpat,
    CardTurnedUp,
    Event,
    MatchEnded,
    Outcome,
    PileSlapped,
    PileTaken,
    PlayerReady,
    RoundDealt,
    RoundEnded,
    RoundSettled,
    ScoresChanged,
    SlotFilled,
    TableStuck,
)
from spit.engine.round import BEFORE_SPIT, Result, Round
from spit.engine.view import OnePile, PileView, PlayerView, SideView, StockView

PUBLIC_EVENTS: Final = (
    CardPlayed,  # the card lands face up on a spit pile
    CardTurnedUp,  # the card is face up from this moment
    SlotFilled,  # a face-up card moves to another slot
    PlayerReady,
    CardSpat,  # the spit card lands face up
    TableStuck,
    RoundEnded,
    PileSlapped,
    PileTaken,  # a count, not the cards
    RoundSettled,  # counts
    RoundDealt,  # counts; the new table reaches each seat as its view
    ScoresChanged,
    MatchEnded,
    Outcome,
)
"""Events both seats may know: each names only cards that are face up when it happens.

An engine event not listed here is never observed (:func:`observe` refuses it), so a new
kind of event reaches a seat only once someone has decided it reveals nothing hidden."""


_PUBLIC: Final = frozenset(PUBLIC_EVENTS)
"""The same, looked up by exact type: a server observes every action's events for each seat,
and ``isinstance`` down the tuple cost five times as much (and let a subclass through)."""


def observe(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """The ``events`` that ``seat`` may know, in order.

    Every event the engine reports today names face-up cards only and is shown to both
    players at the same table, so both seats observe all of them; the check is by exact type
    so that an event carrying a hidden card could not slip through unnoticed. Raises
    TypeError for an event of a type not known to be public.
    """
    del seat  # the same for both seats today: see PUBLIC_EVENTS
    observed = tuple(events)
    for event in observed:
        if type(event) not in _PUBLIC:
            raise TypeError(f"{type(event).__name__} is not known to be public")
    return observed


ViewFacts = tuple[tuple[int, int], RoundSettled | None, int | None, Outcome | None, bool]
"""The match's facts a view carries besides the round's, in PlayerView's order: the scores,
the last settled round, the slap's winner, the outcome, and whether going out first wins the
match (a single-pile round's stake)."""

NO_FACTS: Final[ViewFacts] = ((0, 0), None, None, None, True)
"""The facts around a round played on its own: the first of a standard match."""

_EMPTY_STOCK: Final = StockView(None, 0)
"""An empty slot's view: the same for every slot."""

_UNSEEN_KEPT: Final = 64
"""Results kept for the next view; past this many, remaking it whole is as cheap."""


class Observer:
    """What each seat may see of one round: its :class:`PlayerView`, kept fresh by the
    results of the round's ``apply`` (:meth:`saw`), so that a view asked after every action
    makes anew only what the action changed."""

    def __init__(self, round_: Round) -> None:
        self.round = round_
        """The round observed."""
        self._unseen: list[Result] = []  # the results no view has taken in yet
        self._stocks = [[_EMPTY_STOCK] * STOCKS for _ in PLAYERS]
        self._forget()
        in_play = round_.in_play
        self._alone = None if all(in_play) else in_play.index(False)  # has no spit cards
        self._one_pile: OnePile | None = None
        self._spectated: tuple[PlayerView, PlayerView] | None = None  # seat 0's, and made from it

    def saw(self, result: Result) -> None:
        """Take in ``result``, the round's last. It is only kept until a view is asked, so a
        playout that asks none looks at no event; past a few kept, the views are forgotten
        instead (a record read to its end asks no view, and must not hold every result)."""
        unseen = self._unseen
        unseen.append(result)
        if len(unseen) > _UNSEEN_KEPT:
            unseen.clear()
            self._forget()

    def _forget(self) -> None:
        """Every part of every view out of date."""
        self._stale = [list(range(STOCKS)) for _ in PLAYERS]  # per player, stocks out of date
        self._sides: list[SideView | None] = [None, None]
        self._piles: list[PileView | None] = [None, None]
        self._views: list[PlayerView | None] = [None, None]
        self._facts: list[ViewFacts | None] = [None, None]

    def _take_in(self, result: Result) -> None:
        """Mark out of date what ``result`` changed."""
        refusal = result.refusal
        if refusal is not None:
            if refusal.locked_until is None:
                return  # nothing changed
            self._sides[refusal.player] = None  # a fumble locked the hand (or it was already)
        for event in result.events:
            if isinstance(event, CardTurnedUp):
                continue  # where a card moved from: that stock is already out of date
            if isinstance(event, CardPlayed):
                self._stale[event.player].append(event.stock)
                self._sides[event.player] = None
                self._piles[event.pile] = None
            elif isinstance(event, SlotFilled):
                self._stale[event.player] += (event.from_stock, event.to_stock)
                self._sides[event.player] = None
            else:  # a spit, a player ready or a new phase: what both sides show may change
                self._sides[0] = self._sides[1] = self._piles[0] = self._piles[1] = None
        self._views[0] = self._views[1] = None

    def view(self, player: int, facts: ViewFacts = NO_FACTS) -> PlayerView:
        """What ``player`` may see: face-down cards only as counts. ``facts`` are the
        match's around the round; a view is kept while the round and the facts (by
        identity) stay as they were."""
        unseen = self._unseen
        if unseen:
            for result in unseen:
                self._take_in(result)
            unseen.clear()
        view = self._views[player]
        if view is not None and self._facts[player] is facts:
            return view
        round_ = self.round
        sides, piles = self._sides, self._piles
        view = self._views[player] = PlayerView(
            player,
            round_.number,
            round_.phase,
            (sides[0] or self._side(0), sides[1] or self._side(1)),
            (piles[0] or self._pile(0), piles[1] or self._pile(1)),
            round_.legal_actions(player),
            facts[0],
            round_.went_out,
            facts[1],
            facts[2],
            facts[3],
            None if self._alone is None else self._stake(facts[4]),
        )
        self._facts[player] = facts
        return view

    def spectate(self, facts: ViewFacts = NO_FACTS) -> PlayerView:
        """What a spectator may see: the table as seat 0's view has it (both rows' face-up
        cards, face-down ones only as counts: a seat sees no more of its own side than of
        the other's), with nothing to do. Kept while seat 0's view is."""
        seat_view = self.view(0, facts)
        kept = self._spectated
        if kept is None or kept[0] is not seat_view:
            kept = self._spectated = (seat_view, structs.replace(seat_view, legal_actions=()))
        return kept[1]

    def _side(self, player: int) -> SideView:
        round_ = self.round
        stocks = self._stocks[player]
        stale = self._stale[player]
        for stock in stale:
            cards_ = round_.stock(player, stock)
            stocks[stock] = StockView(cards_[-1], len(cards_) - 1) if cards_ else _EMPTY_STOCK
        stale.clear()
        side = self._sides[player] = SideView(
            tuple(stocks),
            round_.spit_cards(player),
            round_.phase in BEFORE_SPIT and round_.is_ready(player),
            round_.locked_until(player),
        )
        return side

    def _pile(self, pile: int) -> PileView:
        cards_ = self.round.pile(pile)
        if cards_ is None:
            view = PileView(None, 0, False)
        else:
            view = PileView(cards_[-1] if cards_ else None, len(cards_), True)
        self._piles[pile] = view
        return view

    def _stake(self, out_first_wins_match: bool) -> OnePile:
        """A single-pile round's stake, kept while it holds."""
        stake = self._one_pile
        if stake is None or stake.out_first_wins_match is not out_first_wins_match:
            assert self._alone is not None
            stake = self._one_pile = OnePile(self._alone, out_first_wins_match)
        return stake
