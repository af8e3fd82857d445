"""What a player can do (actions) and why the table may say no (refusals)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from spit.engine.cards import Card

PLAYERS: tuple[int, int] = (0, 1)
"""The two seats. Player 0 sits at the bottom and owns the left spit pile, player 1 the right."""

STOCKS: int = 5
"""A layout never has more than five stocks."""


def other(player: int) -> int:
    """The opponent of ``player``."""
    return 1 - player


@dataclass(frozen=True, slots=True)
class Play:
    """Play the face-up top card of one of your stocks onto a spit pile."""

    player: int
    """Who plays (0 or 1)."""
    stock: int
    """Which of the player's stocks, 0–4 from the player's left."""
    pile: int
    """Which spit pile: 0 the left, 1 the right."""


@dataclass(frozen=True, slots=True)
class Fill:
    """Move the face-up top card of a stock into an empty slot (RULES B3)."""

    player: int
    """Who moves the card."""
    stock: int
    """The stock the card comes from; it must hold at least two cards."""


@dataclass(frozen=True, slots=True)
class Spit:
    """Say "spit": ready to turn up a spit card. The spit happens once both are ready."""

    player: int
    """Who is ready."""


@dataclass(frozen=True, slots=True)
class Slap:
    """Slap a spit pile at the end of a two-pile round, to take it."""

    player: int
    """Who slaps."""
    pile: int
    """Which pile: 0 the left, 1 the right."""


Action = Play | Fill | Spit | Slap
"""Anything a player can do."""


class Reason(enum.Enum):
    """Why an action was refused, as a stable id. :mod:`spit.wording` says it to the player."""

    DOES_NOT_FIT = "does-not-fit"
    TOO_LATE = "too-late"
    LOCKED = "locked"
    EMPTY_STOCK = "empty-stock"
    NO_EMPTY_SLOT = "no-empty-slot"
    NOTHING_BENEATH = "nothing-beneath"
    NOT_STUCK = "not-stuck"
    ALREADY_READY = "already-ready"
    BEFORE_SPIT = "before-spit"
    STUCK = "stuck"
    NOT_SLAP_TIME = "not-slap-time"
    SLAPPED_ALREADY = "slapped-already"
    SLAP_TIME = "slap-time"
    ROUND_OVER = "round-over"
    MATCH_OVER = "match-over"
    NO_SUCH_PILE = "no-such-pile"
    NO_SUCH_STOCK = "no-such-stock"
    NO_SUCH_PLAYER = "no-such-player"


FUMBLES: frozenset[Reason] = frozenset(
    {Reason.DOES_NOT_FIT, Reason.NO_EMPTY_SLOT, Reason.NOTHING_BENEATH}
)
"""Refusals that lock the player's hand for a moment (RULES B12). Lost races do not."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """An action the table did not accept. Nothing changed."""

    player: int
    """Whose action was refused."""
    reason: Reason
    """Why."""
    card: Card | None = None
    """The card the player tried to move, where there was one."""
    top: Card | None = None
    """The pile's top card it did not fit, for ``DOES_NOT_FIT``."""
    locked_until: float | None = None
    """Set when this refusal (a fumble) or an earlier one locks the hand until then."""

    @property
    def is_fumble(self) -> bool:
        """A fumble locks the hand; a lost race or a wrong moment does not."""
        return self.reason in FUMBLES

    def __str__(self) -> str:
        """The reason's id and the cards involved, for logs and test failures (not players)."""
        cards = " ".join(str(card) for card in (self.card, self.top) if card is not None)
        return f"{self.reason.value} {cards}".rstrip()
