"""What happened at the table: the events an accepted action reports, for drawing and logging."""

from __future__ import annotations

import enum

from spit.engine.cards import Card
from spit.engine.frozen import frozen_value


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


@frozen_value
class CardPlayed:
    """A stock's top card went onto a spit pile."""

    player: int
    stock: int
    pile: int
    card: Card


@frozen_value
class CardTurnedUp:
    """The card under a moved card turned face up (RULES B2)."""

    player: int
    stock: int
    card: Card


@frozen_value
class SlotFilled:
    """A stock's top card moved into an empty slot."""

    player: int
    from_stock: int
    to_stock: int
    card: Card


@frozen_value
class PlayerReady:
    """A player pressed spit; the spit waits for the other."""

    player: int


@frozen_value
class CardSpat:
    """A player turned a spit card onto their own spit pile."""

    player: int
    pile: int
    card: Card


@frozen_value
class TableStuck:
    """Nobody can play or uncover a card: both must press spit."""


@frozen_value
class RoundEnded:
    """The round is over; a two-pile round now waits for the slap."""

    how: RoundEnd
    went_out: int | None
    """The player who went out first (for a stalemate, who counts as out; None if nobody)."""


@frozen_value
class PileSlapped:
    """The first slap of the round."""

    player: int
    pile: int


@frozen_value
class PileTaken:
    """A player took a spit pile into their hand."""

    player: int
    pile: int
    cards: int


@frozen_value
class RoundSettled:
    """Every card has an owner again; here is what each holds."""

    number: int
    held: tuple[int, int]
    """Cards each player holds after the round."""
    took: tuple[int | None, int | None]
    """The spit pile each player took, or None."""
    how: RoundEnd
    went_out: int | None
    taken: tuple[int | None, int | None] = (None, None)
    """How many cards were in the spit pile each player took, or None."""


@frozen_value
class RoundDealt:
    """A new round is laid out and waits for its first spit."""

    number: int
    spit_piles: int
    """How many spit piles this round uses: 2, or 1 when a player has 15 cards or fewer."""


class Termination(enum.Enum):
    """Why a match ended."""

    NO_CARDS = "no cards left"
    """A player ended a round holding no cards."""
    POINTS = "points"
    """Points variant: a total reached the target."""


@frozen_value
class Outcome:
    """How a match ended and who won."""

    termination: Termination
    """Why it ended."""
    winner: int | None
    """The winning player, or None for a draw (points variant only)."""
    scores: tuple[int, int] = (0, 0)
    """Points variant: the final totals."""


@frozen_value
class MatchEnded:
    """The match is over."""

    outcome: Outcome


@frozen_value
class ScoresChanged:
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
