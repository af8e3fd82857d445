"""What happened at the table: the events an accepted action reports, for drawing and logging."""

from __future__ import annotations

import enum
from typing import Annotated

from msgspec import Meta, Struct

from spit.engine.actions import PileIndex, Player, StockIndex
from spit.engine.cards import Card

Count = Annotated[int, Meta(ge=0, le=52)]
"""A number of cards (its range held when decoding, as the actions' fields are)."""
RoundNumber = Annotated[int, Meta(ge=1)]


class Phase(enum.Enum):
    """Where a round stands."""

    DEALT = "dealt"
    """Laid out; waiting for the first spit."""
    PLAYING = "playing"
    """Both play as fast as they can."""
    STUCK = "stuck"
    """Nobody can move; waiting for both to press spit."""
    SLAP = "slap"
    """A two-pile round is over; waiting for the first slap."""
    SETTLED = "settled"
    """Everyone knows which cards they hold for the next round."""


class RoundEnd(enum.Enum):
    """How a round ended."""

    WENT_OUT = "went out"
    """A player played every stock card."""
    STALEMATE = "stalemate"
    """Stuck, and nobody has a spit card left."""


class _Event(
    Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag_field="kind", array_like=True
):
    """What every event is: on the wire, an object whose ``kind`` names it."""


class CardPlayed(_Event, frozen=True, tag="played"):
    """A stock's top card went onto a spit pile."""

    player: Player
    stock: StockIndex
    pile: PileIndex
    card: Card


class CardTurnedUp(_Event, frozen=True, tag="turned_up"):
    """The card under a moved card turned face up (RULES B2)."""

    player: Player
    stock: StockIndex
    card: Card


class SlotFilled(_Event, frozen=True, tag="filled"):
    """A stock's top card moved into an empty slot."""

    player: Player
    from_stock: StockIndex
    to_stock: StockIndex
    card: Card


class PlayerReady(_Event, frozen=True, tag="ready"):
    """A player pressed spit; the spit waits for the other."""

    player: Player


class CardSpat(_Event, frozen=True, tag="spat"):
    """A player turned a spit card onto their own spit pile."""

    player: Player
    pile: PileIndex
    card: Card


class TableStuck(_Event, frozen=True, tag="stuck"):
    """Nobody can play or uncover a card: both must press spit."""


class RoundEnded(_Event, frozen=True, tag="round_ended"):
    """The round is over; a two-pile round now waits for the slap."""

    how: RoundEnd
    went_out: Player | None
    """The player who went out first (for a stalemate, who counts as out; None if nobody)."""


class PileSlapped(_Event, frozen=True, tag="slapped"):
    """The first slap of the round."""

    player: Player
    pile: PileIndex


class PileTaken(_Event, frozen=True, tag="taken"):
    """A player took a spit pile into their hand."""

    player: Player
    pile: PileIndex
    cards: Count


class RoundSettled(_Event, frozen=True, tag="settled"):
    """Every card has an owner again; here is what each holds."""

    number: RoundNumber
    held: tuple[Count, Count]
    """Cards each player holds after the round."""
    took: tuple[PileIndex | None, PileIndex | None]
    """The spit pile each player took, or None."""
    how: RoundEnd
    went_out: Player | None
    taken: tuple[Count | None, Count | None] = (None, None)
    """How many cards were in the spit pile each player took, or None."""


class RoundDealt(_Event, frozen=True, tag="dealt"):
    """A new round is laid out and waits for its first spit."""

    number: RoundNumber
    spit_piles: Annotated[int, Meta(ge=1, le=2)]
    """How many spit piles this round uses: 2, or 1 when a player has 15 cards or fewer."""


class Termination(enum.Enum):
    """Why a match ended."""

    NO_CARDS = "no cards left"
    """A player ended a round holding no cards."""
    POINTS = "points"
    """Points variant: a total reached the target."""


class Outcome(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """How a match ended and who won."""

    termination: Termination
    """Why it ended."""
    winner: Player | None
    """The winning player, or None for a draw (points variant only)."""
    scores: tuple[int, int] = (0, 0)
    """Points variant: the final totals."""


class MatchEnded(_Event, frozen=True, tag="match_ended"):
    """The match is over."""

    outcome: Outcome


class ScoresChanged(_Event, frozen=True, tag="scores"):
    """Points variant: the running totals after a round."""

    scores: tuple[int, int]


Event = (
    CardPlayed
    | CardTurnedUp
    | SlotFilled
    | PlayerReady
    | CardSpat
    | TableStuck
    | RoundEnded
    | PileSlapped
    | PileTaken
    | RoundSettled
    | RoundDealt
    | ScoresChanged
    | MatchEnded
)
"""Anything the table or the match reports."""
