"""What a player can do (actions) and why the table may say no (refusals)."""

from __future__ import annotations

import enum
from typing import Annotated

from msgspec import Meta, Struct

from spit.engine.cards import Card

PLAYERS: tuple[int, int] = (0, 1)
"""The two seats. Player 0 sits at the bottom and owns the left spit pile, player 1 the right."""

STOCKS: int = 5
"""A layout never has more than five stocks."""


def other(player: int) -> int:
    """The opponent of ``player``."""
    return 1 - player


def landing_pile(pile: int, in_play: tuple[bool, bool]) -> int:
    """The spit pile a play aimed at ``pile`` lands on, given which piles are in play.

    In a single-pile round both pile keys play on the one pile (docs/rules.md), so a play
    aimed at the unused pile lands on the other. ``pile`` must be 0 or 1.
    """
    return pile if in_play[pile] else 1 - pile


class ActionError(ValueError):
    """An action made from fields that are not whole numbers (a player, stock or pile).

    Whether that player, stock or pile exists is the table's question: it answers with a
    refusal (``NO_SUCH_PLAYER``, ``NO_SUCH_STOCK``, ``NO_SUCH_PILE``).
    """


# Field ranges the wire holds a decoded action to (msgspec checks them only when decoding):
# the engine itself takes any int and refuses a stock, pile or player that is not there.
Player = Annotated[int, Meta(ge=0, le=1)]
StockIndex = Annotated[int, Meta(ge=0, le=STOCKS - 1)]
PileIndex = Annotated[int, Meta(ge=0, le=1)]


class _Action(
    Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag_field="do", array_like=True
):
    """What every action is. Each checks in ``__post_init__`` that its fields are ints (a
    bool is not: ``Play(True, 0, 0)`` is not player 1), made in Python or decoded from the
    wire; spelt out field by field, as a loop over the fields costs twice as much."""


def _invalid(action: _Action) -> ActionError:
    """The error for the first field of ``action`` that is not an int."""
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if type(value) is not int:
            kind = type(action).__name__
            return ActionError(
                f"{kind}.{name} must be an int, not {type(value).__name__} {value!r}"
            )
    raise AssertionError("no invalid field")  # pragma: no cover


class Play(_Action, frozen=True, tag="play"):
    """Play the face-up top card of one of your stocks onto a spit pile."""

    player: Player
    """Who plays (0 or 1)."""
    stock: StockIndex
    """Which of the player's stocks, 0–4 from the player's left."""
    pile: PileIndex
    """Which spit pile: 0 the left, 1 the right."""

    def __post_init__(self) -> None:
        if (
            type(self.player) is not int
            or type(self.stock) is not int
            or type(self.pile) is not int
        ):
            raise _invalid(self)


class Fill(_Action, frozen=True, tag="fill"):
    """Move the face-up top card of a stock into an empty slot (RULES B3)."""

    player: Player
    """Who moves the card."""
    stock: StockIndex
    """The stock the card comes from; it must hold at least two cards."""

    def __post_init__(self) -> None:
        if type(self.player) is not int or type(self.stock) is not int:
            raise _invalid(self)


class Spit(_Action, frozen=True, tag="spit"):
    """Say "spit": ready to turn up a spit card. The spit happens once both are ready."""

    player: Player
    """Who is ready."""

    def __post_init__(self) -> None:
        if type(self.player) is not int:
            raise _invalid(self)


class Slap(_Action, frozen=True, tag="slap"):
    """Slap a spit pile at the end of a two-pile round, to take it."""

    player: Player
    """Who slaps."""
    pile: PileIndex
    """Which pile: 0 the left, 1 the right."""

    def __post_init__(self) -> None:
        if type(self.player) is not int or type(self.pile) is not int:
            raise _invalid(self)


Action = Play | Fill | Spit | Slap
"""Anything a player can do."""


class Reason(enum.Enum):
    """Why an action was refused, as a stable id. :mod:`spit.words` says it to the player."""

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
    BAD_TIME = "bad-time"
    """The action's time is not finite, or earlier than the last action that changed the
    table: a shell's clock gone wrong, never a player's doing."""


FUMBLES: frozenset[Reason] = frozenset(
    {Reason.DOES_NOT_FIT, Reason.NO_EMPTY_SLOT, Reason.NOTHING_BENEATH}
)
"""Refusals that lock the player's hand for a moment (RULES B12). Lost races do not."""


class Refusal(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
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
    mover: int | None = None
    """For ``NOT_STUCK``: who still has a move (the refused player, if they have one)."""

    @property
    def is_fumble(self) -> bool:
        """A fumble locks the hand; a lost race or a wrong moment does not."""
        return self.reason in FUMBLES

    def __str__(self) -> str:
        """The reason's id and the cards involved, for logs and test failures (not players)."""
        cards = " ".join(str(card) for card in (self.card, self.top) if card is not None)
        return f"{self.reason.value} {cards}".rstrip()
