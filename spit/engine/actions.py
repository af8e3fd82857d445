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
    """Why an action was refused. Each value is the message template a player reads."""

    DOES_NOT_FIT = "{card} does not go on {top}"
    TOO_LATE = "too late — the pile changed"
    LOCKED = "wait — fumbled"
    EMPTY_STOCK = "that stock is empty"
    NO_EMPTY_SLOT = "no empty slot to fill"
    NOTHING_BENEATH = "{card} has nothing under it to turn up"
    NOT_STUCK = "not stuck yet — there is still a play"
    ALREADY_READY = "waiting for the other player to spit"
    BEFORE_SPIT = "press spit to start"
    STUCK = "stuck — press spit"
    NOT_SLAP_TIME = "no slap now"
    SLAPPED_ALREADY = "too late — the other player slapped first"
    SLAP_TIME = "the round is over — slap a pile"
    ROUND_OVER = "the round is over"
    MATCH_OVER = "the match is over"
    NO_SUCH_PILE = "there is no such pile"
    NO_SUCH_STOCK = "there is no such stock"
    NO_SUCH_PLAYER = "there is no such player"


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

    @property
    def message(self) -> str:
        """The reason in English, cards with suit symbols."""
        return self.reason.value.format(card=self.card, top=self.top)

    def __str__(self) -> str:
        return self.message
