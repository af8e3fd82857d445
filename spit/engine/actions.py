"""What a player can do (actions) and why the table may say no (refusals)."""

from __future__ import annotations

import enum

from spit.engine.cards import Card
from spit.engine.frozen import frozen_value

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


# The actions are frozen values with an __init__ of their own: it checks each field is
# an int (a bool is not: `Play(True, 0, 0)` is not player 1) and sets the slots through their
# descriptors. A dataclass __post_init__ doing the same checks made `Play(...)` a quarter
# slower; this way it is faster than the generated frozen __init__ was (see
# benchmarks/engine.py), and making actions is the key path of every shell.


def _invalid(kind: str, names: tuple[str, ...], values: tuple[object, ...]) -> ActionError:
    """The error for the first field of ``kind`` that is not an int."""
    for name, value in zip(names, values, strict=True):
        if type(value) is not int:
            return ActionError(
                f"{kind}.{name} must be an int, not {type(value).__name__} {value!r}"
            )
    raise AssertionError("no invalid field")  # pragma: no cover


@frozen_value
class Play:
    """Play the face-up top card of one of your stocks onto a spit pile."""

    player: int
    """Who plays (0 or 1)."""
    stock: int
    """Which of the player's stocks, 0–4 from the player's left."""
    pile: int
    """Which spit pile: 0 the left, 1 the right."""

    def __init__(self, player: int, stock: int, pile: int) -> None:
        if type(player) is not int or type(stock) is not int or type(pile) is not int:
            raise _invalid("Play", ("player", "stock", "pile"), (player, stock, pile))
        _set_play_player(self, player)
        _set_play_stock(self, stock)
        _set_play_pile(self, pile)


@frozen_value
class Fill:
    """Move the face-up top card of a stock into an empty slot (RULES B3)."""

    player: int
    """Who moves the card."""
    stock: int
    """The stock the card comes from; it must hold at least two cards."""

    def __init__(self, player: int, stock: int) -> None:
        if type(player) is not int or type(stock) is not int:
            raise _invalid("Fill", ("player", "stock"), (player, stock))
        _set_fill_player(self, player)
        _set_fill_stock(self, stock)


@frozen_value
class Spit:
    """Say "spit": ready to turn up a spit card. The spit happens once both are ready."""

    player: int
    """Who is ready."""

    def __init__(self, player: int) -> None:
        if type(player) is not int:
            raise _invalid("Spit", ("player",), (player,))
        _set_spit_player(self, player)


@frozen_value
class Slap:
    """Slap a spit pile at the end of a two-pile round, to take it."""

    player: int
    """Who slaps."""
    pile: int
    """Which pile: 0 the left, 1 the right."""

    def __init__(self, player: int, pile: int) -> None:
        if type(player) is not int or type(pile) is not int:
            raise _invalid("Slap", ("player", "pile"), (player, pile))
        _set_slap_player(self, player)
        _set_slap_pile(self, pile)


# The slots' own setters: what a frozen dataclass's object.__setattr__ ends up calling.
_set_play_player = Play.__dict__["player"].__set__
_set_play_stock = Play.__dict__["stock"].__set__
_set_play_pile = Play.__dict__["pile"].__set__
_set_fill_player = Fill.__dict__["player"].__set__
_set_fill_stock = Fill.__dict__["stock"].__set__
_set_spit_player = Spit.__dict__["player"].__set__
_set_slap_player = Slap.__dict__["player"].__set__
_set_slap_pile = Slap.__dict__["pile"].__set__

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
    BAD_TIME = "bad-time"
    """The action's time is not finite, or earlier than the last action that changed the
    table: a shell's clock gone wrong, never a player's doing."""


FUMBLES: frozenset[Reason] = frozenset(
    {Reason.DOES_NOT_FIT, Reason.NO_EMPTY_SLOT, Reason.NOTHING_BENEATH}
)
"""Refusals that lock the player's hand for a moment (RULES B12). Lost races do not."""


@frozen_value
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
