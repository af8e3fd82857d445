"""What one player may see of the table: face-up cards and counts, never a face-down card."""

from __future__ import annotations

from dataclasses import dataclass

from spit.engine.actions import Action
from spit.engine.cards import Card
from spit.engine.events import Phase


@dataclass(frozen=True, slots=True)
class StockView:
    """One stock as it lies on the table."""

    top: Card | None
    """The face-up top card, or None for an empty slot."""
    face_down: int
    """How many face-down cards lie under it."""

    @property
    def size(self) -> int:
        """Cards in the stock, face-up and face-down."""
        return self.face_down + (self.top is not None)


@dataclass(frozen=True, slots=True)
class PileView:
    """One spit pile."""

    top: Card | None
    """The top card, or None before the first spit (or if the pile is not used)."""
    size: int
    """Cards in the pile."""
    in_play: bool
    """False for the unused pile of a single-pile round."""


@dataclass(frozen=True, slots=True)
class SideView:
    """One player's side of the table."""

    stocks: tuple[StockView, ...]
    """The five stock slots, from that player's left."""
    spit_cards: int
    """Face-down spit cards left."""
    ready: bool
    """Whether they have pressed spit and wait for the other (or have no spit cards)."""
    locked_until: float | None
    """After a fumble, the time until which their actions are refused."""

    @property
    def stock_cards(self) -> int:
        """Cards in all their stocks."""
        return sum(s.size for s in self.stocks)

    @property
    def cards(self) -> int:
        """All cards on their side: stocks and spit cards."""
        return self.stock_cards + self.spit_cards


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The table as ``player`` sees it. The bot and the app read the game only through this."""

    player: int
    """Whose view this is."""
    round_number: int
    """The round, from 1."""
    phase: Phase
    """Where the round stands."""
    sides: tuple[SideView, SideView]
    """Both players' sides, indexed by player."""
    piles: tuple[PileView, PileView]
    """The spit piles: 0 left (player 0's), 1 right (player 1's)."""
    legal_actions: tuple[Action, ...]
    """What ``player`` may do now, as the engine decides it (ignoring a fumble lock)."""
    scores: tuple[int, int] = (0, 0)
    """Points variant: running totals (zeros in the standard game)."""

    @property
    def me(self) -> SideView:
        """The viewing player's side."""
        return self.sides[self.player]

    @property
    def opponent(self) -> SideView:
        """The other player's side."""
        return self.sides[1 - self.player]

    @property
    def spit_piles(self) -> int:
        """How many spit piles this round uses."""
        return sum(p.in_play for p in self.piles)
