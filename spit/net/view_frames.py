"""The table as a seat is sent it: its view and the events it may observe, as typed frames,
with cards and actions in the engine's notation. :mod:`spit.net.wire` carries them in its
``table`` and ``welcome`` frames; what a seat may observe is the engine's
:func:`~spit.engine.observation.observe`, not decided here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Final

from msgspec import Meta, Struct

from spit.engine import (
    STOCKS,
    Action,
    Card,
    CardPlayed,
    CardSpat,
    CardTurnedUp,
    Event,
    MatchEnded,
    Outcome,
    Phase,
    PileSlapped,
    PileTaken,
    PileView,
    PlayerReady,
    PlayerView,
    RoundDealt,
    RoundEnd,
    RoundEnded,
    RoundSettled,
    ScoresChanged,
    SideView,
    SlotFilled,
    StockView,
    TableStuck,
    Termination,
    notation,
)
from spit.engine.observation import observe
from spit.engine.view import OnePile

MAX_ID: Final = 2**31
"""Action and ping ids are numbers below this."""

MAX_NAME: Final = 24
"""The longest name a player may give (printable characters)."""


class ProtocolError(ValueError):
    """A frame that is not a valid message; the text says what is wrong with it (for logs and
    error frames: it is the protocol's, not a player's, sentence)."""


# -- the values frames are made of -------------------------------------------------------

Seat = Annotated[int, Meta(ge=0, le=1)]
"""A seat, or a player: 0 or 1."""
Pile = Annotated[int, Meta(ge=0, le=1)]
"""A centre pile: 0 or 1."""
StockIndex = Annotated[int, Meta(ge=0, le=STOCKS - 1)]
"""One of a side's stocks."""
Count = Annotated[int, Meta(ge=0, le=52)]
"""A number of cards."""
RoundNumber = Annotated[int, Meta(ge=1, le=10_000)]
"""A round's number."""
Ident = Annotated[int, Meta(ge=0, le=MAX_ID)]
"""An action's or a ping's id."""
CardText = Annotated[str, Meta(max_length=3)]
"""A card in the notation, ``10H``."""
Name = Annotated[str, Meta(max_length=MAX_NAME)]
"""What a player calls themselves (printable: checked where it is read)."""
Seconds = Annotated[float, Meta(ge=0.0)]
"""A time or a span, in seconds or milliseconds as the field says."""
ActionText = dict[str, str | int]
"""An action in the notation, without its player."""


# -- cards and actions, in the engine's notation -----------------------------------------


def card_text(card: Card | None) -> str | None:
    """A card as the notation writes it, ``10H``; None for no card."""
    return None if card is None else notation.card_text(card)


def parse_card(text: object) -> Card:
    """The card ``text`` names, exactly as :func:`card_text` writes it."""
    try:
        return notation.parse_card(text)
    except notation.NotationError as error:
        raise ProtocolError(str(error)) from None


def _maybe_card(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)


def action_text(action: Action) -> ActionText:
    """An action in the notation without its player: the seat sending it is the player."""
    return notation.action_dict(action, with_player=False)  # type: ignore[return-value]


def parse_action(obj: object, seat: int) -> Action:
    """The action ``obj`` writes, made by ``seat``; one off the table (a sixth stock, a third
    pile) is refused here, at the door."""
    try:
        action = notation.parse_action(obj, player=seat)
    except notation.NotationError as error:
        raise ProtocolError(str(error)) from None
    if not notation.within_table(action):
        raise ProtocolError(f"no such stock or pile: {notation._short(obj)}")
    return action


# -- the table's frames -------------------------------------------------------------------


class StockFrame(Struct, array_like=True, forbid_unknown_fields=True):
    """A stock as ``[top, face_down]``."""

    top: CardText | None
    face_down: Count


class PileFrame(Struct, array_like=True, forbid_unknown_fields=True):
    """A centre pile as ``[top, size, in_play]``."""

    top: CardText | None
    size: Count
    in_play: bool


class SideFrame(Struct, forbid_unknown_fields=True):
    """One player's side of the table, face up."""

    stocks: Annotated[list[StockFrame], Meta(min_length=STOCKS, max_length=STOCKS)]
    spit: Count
    ready: bool
    locked: float | None


class OnePileFrame(Struct, array_like=True, forbid_unknown_fields=True):
    """The single pile's stakes as ``[without_spit_cards, out_first_wins_match]``."""

    without_spit_cards: Seat
    out_first_wins_match: bool


class OutcomeFrame(Struct, forbid_unknown_fields=True):
    """How a match ended."""

    termination: Termination
    winner: Seat | None
    scores: tuple[int, int]

    def outcome(self) -> Outcome:
        """The engine's :class:`Outcome`."""
        return Outcome(self.termination, self.winner, self.scores)


def outcome_frame(outcome: Outcome) -> OutcomeFrame:
    """The wire form of how a match ended."""
    return OutcomeFrame(outcome.termination, outcome.winner, outcome.scores)


class _Event(Struct, tag_field="kind", forbid_unknown_fields=True):
    """An engine event a table frame lists."""


class Played(_Event, tag="played"):
    player: Seat
    stock: StockIndex
    pile: Pile
    card: CardText

    def event(self) -> Event:
        return CardPlayed(self.player, self.stock, self.pile, parse_card(self.card))


class TurnedUp(_Event, tag="turned_up"):
    player: Seat
    stock: StockIndex
    card: CardText

    def event(self) -> Event:
        return CardTurnedUp(self.player, self.stock, parse_card(self.card))


class Filled(_Event, tag="filled"):
    player: Seat
    from_stock: StockIndex
    to_stock: StockIndex
    card: CardText

    def event(self) -> Event:
        return SlotFilled(self.player, self.from_stock, self.to_stock, parse_card(self.card))


class Ready(_Event, tag="ready"):
    player: Seat

    def event(self) -> Event:
        return PlayerReady(self.player)


class Spat(_Event, tag="spat"):
    player: Seat
    pile: Pile
    card: CardText

    def event(self) -> Event:
        return CardSpat(self.player, self.pile, parse_card(self.card))


class Stuck(_Event, tag="stuck"):
    def event(self) -> Event:
        return TableStuck()


class RoundOver(_Event, tag="round_ended"):
    how: RoundEnd
    went_out: Seat | None

    def event(self) -> Event:
        return RoundEnded(self.how, self.went_out)


class Slapped(_Event, tag="slapped"):
    player: Seat
    pile: Pile

    def event(self) -> Event:
        return PileSlapped(self.player, self.pile)


class Taken(_Event, tag="taken"):
    player: Seat
    pile: Pile
    cards: Count

    def event(self) -> Event:
        return PileTaken(self.player, self.pile, self.cards)


class Settled(_Event, tag="settled"):
    number: RoundNumber
    held: tuple[int, int]
    took: tuple[Pile | None, Pile | None]
    how: RoundEnd
    went_out: Seat | None
    taken: tuple[Count | None, Count | None]

    def event(self) -> RoundSettled:
        return RoundSettled(self.number, self.held, self.took, self.how, self.went_out, self.taken)


class Dealt(_Event, tag="dealt"):
    number: RoundNumber
    spit_piles: Annotated[int, Meta(ge=1, le=2)]

    def event(self) -> Event:
        return RoundDealt(self.number, self.spit_piles)


class Scores(_Event, tag="scores"):
    scores: tuple[int, int]

    def event(self) -> Event:
        return ScoresChanged(self.scores)


class MatchOver(_Event, tag="match_ended"):
    outcome: OutcomeFrame

    def event(self) -> Event:
        return MatchEnded(self.outcome.outcome())


EventFrame = (
    Played
    | TurnedUp
    | Filled
    | Ready
    | Spat
    | Stuck
    | RoundOver
    | Slapped
    | Taken
    | Settled
    | Dealt
    | Scores
    | MatchOver
)
"""Any event a table frame may list."""


def event_frame(event: Event) -> EventFrame:
    """The wire form of an engine event (TypeError for one with none)."""
    t = type(event)
    if t is CardPlayed:
        return Played(event.player, event.stock, event.pile, notation.card_text(event.card))
    if t is CardTurnedUp:
        return TurnedUp(event.player, event.stock, notation.card_text(event.card))
    if t is SlotFilled:
        return Filled(
            event.player, event.from_stock, event.to_stock, notation.card_text(event.card)
        )
    if t is PlayerReady:
        return Ready(event.player)
    if t is CardSpat:
        return Spat(event.player, event.pile, notation.card_text(event.card))
    if t is TableStuck:
        return Stuck()
    if t is RoundEnded:
        return RoundOver(event.how, event.went_out)
    if t is PileSlapped:
        return Slapped(event.player, event.pile)
    if t is PileTaken:
        return Taken(event.player, event.pile, event.cards)
    if t is RoundSettled:
        return Settled(event.number, event.held, event.took, event.how, event.went_out, event.taken)
    if t is RoundDealt:
        return Dealt(event.number, event.spit_piles)
    if t is ScoresChanged:
        return Scores(event.scores)
    if t is MatchEnded:
        return MatchOver(outcome_frame(event.outcome))
    raise TypeError(f"no wire form for {event!r}")


def public_events(events: Iterable[Event], seat: int) -> list[EventFrame]:
    """The wire form of the ``events`` that ``seat`` may know: what the engine's
    :func:`~spit.engine.observation.observe` lets through (TypeError for any other)."""
    return [event_frame(event) for event in observe(events, seat)]


class ViewFrame(Struct, forbid_unknown_fields=True):
    """One seat's view of the table: face-up cards and counts, its own legal actions."""

    player: Seat
    round: RoundNumber
    phase: Phase
    sides: tuple[SideFrame, SideFrame]
    piles: tuple[PileFrame, PileFrame]
    legal: list[ActionText]
    scores: tuple[int, int]
    went_out: Seat | None
    last_round: Settled | None
    slap_winner: Seat | None
    outcome: OutcomeFrame | None
    one_pile: OnePileFrame | None

    def view(self) -> PlayerView:
        """The :class:`PlayerView` this frame carries (ProtocolError for a card or an action
        that is none)."""
        player = self.player
        return PlayerView(
            player=player,
            round_number=self.round,
            phase=self.phase,
            sides=(_side(self.sides[0]), _side(self.sides[1])),
            piles=(_pile(self.piles[0]), _pile(self.piles[1])),
            legal_actions=tuple(parse_action(a, player) for a in self.legal),
            scores=self.scores,
            went_out=self.went_out,
            last_round=None if self.last_round is None else self.last_round.event(),
            slap_winner=self.slap_winner,
            outcome=None if self.outcome is None else self.outcome.outcome(),
            one_pile=None
            if self.one_pile is None
            else OnePile(self.one_pile.without_spit_cards, self.one_pile.out_first_wins_match),
        )


def _side(side: SideFrame) -> SideView:
    return SideView(
        stocks=tuple(StockView(_maybe_card(s.top), s.face_down) for s in side.stocks),
        spit_cards=side.spit,
        ready=side.ready,
        locked_until=side.locked,
    )


def _pile(pile: PileFrame) -> PileView:
    return PileView(_maybe_card(pile.top), pile.size, pile.in_play)


def view_frame(view: PlayerView) -> ViewFrame:
    """The wire form of one seat's view."""
    return _view_frame(view, (_side_frame(view.sides[0]), _side_frame(view.sides[1])))


class ViewFramer:
    """Makes one room's view frames, each part made again only once it changed: an action
    changes one side at most, and both seats see the same face-up sides and piles, so of the
    four sides and four piles a table costs, one side and two piles at most are made (a
    side's frame was most of a view's cost)."""

    __slots__ = ("_last", "_piles", "_sides")

    def __init__(self) -> None:
        self._sides: list[tuple[SideView, SideFrame] | None] = [None, None]
        self._piles: tuple[tuple[PileView, ...], tuple[PileFrame, PileFrame]] | None = None
        self._last: tuple[RoundSettled, Settled] | None = None

    def frame(self, view: PlayerView) -> ViewFrame:
        """The wire form of one seat's view, as :func:`view_frame` makes it."""
        return _view_frame(
            view,
            (self._side(0, view.sides[0]), self._side(1, view.sides[1])),
            self._pile_frames(view.piles),
            self._last_round(view.last_round),
        )

    def _last_round(self, last: RoundSettled | None) -> Settled | None:
        """The last round's frame: the same all round long."""
        if last is None:
            return None
        made = self._last
        if made is not None and (made[0] is last or made[0] == last):
            return made[1]
        frame = event_frame(last)
        assert type(frame) is Settled
        self._last = (last, frame)
        return frame

    def _side(self, index: int, side: SideView) -> SideFrame:
        made = self._sides[index]
        if made is not None and (made[0] is side or made[0] == side):
            return made[1]  # the same cards and counts: the same frame
        frame = _side_frame(side)
        self._sides[index] = (side, frame)
        return frame

    def _pile_frames(self, piles: tuple[PileView, ...]) -> tuple[PileFrame, PileFrame]:
        made = self._piles
        if made is not None and (made[0] is piles or made[0] == piles):
            return made[1]
        frames = (_pile_frame(piles[0]), _pile_frame(piles[1]))
        self._piles = (piles, frames)
        return frames


def _view_frame(
    view: PlayerView,
    sides: tuple[SideFrame, SideFrame],
    piles: tuple[PileFrame, PileFrame] | None = None,
    last_round: Settled | None = None,
) -> ViewFrame:
    last = view.last_round
    if last_round is None and last is not None:
        last_round = event_frame(last)  # type: ignore[assignment]
    return ViewFrame(
        player=view.player,
        round=view.round_number,
        phase=view.phase,
        sides=sides,
        piles=(_pile_frame(view.piles[0]), _pile_frame(view.piles[1])) if piles is None else piles,
        legal=[action_text(a) for a in view.legal_actions],
        scores=view.scores,
        went_out=view.went_out,
        last_round=last_round,
        slap_winner=view.slap_winner,
        outcome=None if view.outcome is None else outcome_frame(view.outcome),
        one_pile=None
        if view.one_pile is None
        else OnePileFrame(view.one_pile.without_spit_cards, view.one_pile.out_first_wins_match),
    )


def _side_frame(side: SideView) -> SideFrame:
    return SideFrame(
        [StockFrame(card_text(s.top), s.face_down) for s in side.stocks],
        side.spit_cards,
        side.ready,
        side.locked_until,
    )


def _pile_frame(pile: PileView) -> PileFrame:
    return PileFrame(card_text(pile.top), pile.size, pile.in_play)
