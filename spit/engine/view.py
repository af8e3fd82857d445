"""What one player may see of the table: face-up cards and counts, never a face-down card."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from spit.engine.actions import STOCKS, Action, Play, Player, landing_pile
from spit.engine.cards import Card
from spit.engine.events import Count, Outcome, Phase, RoundNumber, RoundSettled
from spit.engine.presses import Press, resolve


class StockView(Struct, frozen=True, gc=False, forbid_unknown_fields=True, array_like=True):
    """One stock as it lies on the table; on the wire ``[top, face_down]``."""

    top: Card | None
    """The face-up top card, or None for an empty slot."""
    face_down: Count
    """How many face-down cards lie under it."""

    @property
    def size(self) -> int:
        """Cards in the stock, face-up and face-down."""
        return self.face_down + (self.top is not None)


class PileView(Struct, frozen=True, gc=False, forbid_unknown_fields=True, array_like=True):
    """One spit pile; on the wire ``[top, size, in_play]``."""

    top: Card | None
    """The top card, or None before the first spit (or if the pile is not used)."""
    size: Count
    """Cards in the pile."""
    in_play: bool
    """False for the unused pile of a single-pile round."""


class SideView(Struct, frozen=True, gc=False, forbid_unknown_fields=True, array_like=True):
    """One player's side of the table."""

    stocks: Annotated[tuple[StockView, ...], Meta(min_length=STOCKS, max_length=STOCKS)]
    """The five stock slots, from that player's left."""
    spit_cards: Count
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


class OnePile(Struct, frozen=True, gc=False, forbid_unknown_fields=True, array_like=True):
    """What is at stake in a single-pile round (RULES B8, B9); on the wire
    ``[without_spit_cards, out_first_wins_match]``."""

    without_spit_cards: Player
    """The player with no spit cards: their spit pile is not in play, and the other player
    spits alone onto the one pile."""
    out_first_wins_match: bool
    """Whether that player wins the match by going out first, as they then hold no cards
    (the standard game); in the points variant going out first ends the match instead."""

    @property
    def pile(self) -> int:
        """The one spit pile in play: the other player's."""
        return 1 - self.without_spit_cards


class PlayerView(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """The table as ``player`` sees it. The bot and the app read the game only through this."""

    player: Player
    """Whose view this is."""
    round_number: RoundNumber
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
    went_out: Player | None = None
    """Once the round has ended: who went out first (or counts as out after a stalemate)."""
    last_round: RoundSettled | None = None
    """The match's last settled round (None until the first one settles)."""
    slap_winner: Player | None = None
    """While a round waits for its first spit right after a slap: who slapped first. The
    other player's slap then still means a slap, and is refused as too late."""
    outcome: Outcome | None = None
    """How the match ended, once it has."""
    one_pile: OnePile | None = None
    """In a single-pile round, what is at stake; None in a two-pile round."""

    def resolve(self, press: Press) -> Action | None:
        """The action ``press`` means on this table now, or None where the key means nothing.

        A shell sends every key through this, in every phase (see :mod:`spit.engine.presses`).
        """
        piles = self.piles
        return resolve(
            press,
            self.phase,
            slap_winner=self.slap_winner,
            in_play=(piles[0].in_play, piles[1].in_play),
        )

    def landing_pile(self, pile: int) -> int:
        """The spit pile a play aimed at ``pile`` (0 or 1) lands on: in a single-pile round,
        the one pile in play."""
        piles = self.piles
        return landing_pile(pile, (piles[0].in_play, piles[1].in_play))

    def plays_of(self, player: int) -> tuple[Play, ...]:
        """The plays ``player`` has now: each face-up top of their stocks that fits a spit
        pile's top, in the order the engine lists them (``Match.legal_actions``, a fumble
        lock aside), whoever's view this is.

        Only face-up cards decide a play, so this needs nothing hidden: a seat can say the
        other seat's plays (a networked seat has only its own legal actions). Worked out
        when asked, never as the table changes.
        """
        if self.phase is not Phase.PLAYING or self.outcome is not None:
            return ()
        tops = [(pile, view.top) for pile, view in enumerate(self.piles) if view.top is not None]
        return tuple(
            Play(player, stock, pile)
            for stock, view in enumerate(self.sides[player].stocks)
            if view.top is not None
            for pile, top in tops
            if view.top.fits_on(top)
        )

    @property
    def me(self) -> SideView:
        """The viewing player's side."""
        return self.sides[self.player]

    @property
    def opponent(self) -> SideView:
        """The other player's side."""
        return self.sides[1 - self.player]

    @property
    def between_rounds(self) -> bool:
        """A round is settled and the next one dealt, waiting for its first spit."""
        return self.phase is Phase.DEALT and self.last_round is not None

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.outcome is not None

    @property
    def spit_piles(self) -> int:
        """How many spit piles this round uses."""
        return sum(p.in_play for p in self.piles)
