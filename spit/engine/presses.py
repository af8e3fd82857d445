"""Key presses: what a player's key asks for in every phase, and the action the engine makes of it.

A shell sends one press per key, whatever the phase; :func:`resolve` turns it into the
:class:`~spit.engine.actions.Action` it means at that moment (a stock's pile key plays, or
slaps at slap time; the fill key fills, or means nothing while slapping). Records and the
wire carry the resolved action, never the press. Whether the action is then accepted is
still :meth:`Match.apply`'s answer: resolving decides what a key means, not whether it may.
"""

from __future__ import annotations

from msgspec import Struct

from spit.engine.actions import Action, Fill, Play, Slap, Spit, landing_pile
from spit.engine.events import Phase


class PilePress(Struct, frozen=True, gc=False):
    """A stock's key aimed at a spit pile: play that stock's card there, or slap that pile."""

    player: int
    """Who pressed (0 or 1)."""
    stock: int
    """Which of the player's stocks, 0–4 from the player's left."""
    pile: int
    """Which spit pile the key aims at, 0 the left, 1 the right, as the table lies (a
    screen that draws the table turned round has already mirrored it)."""


class FillPress(Struct, frozen=True, gc=False):
    """A stock's fill key: move that stock's top card into an empty slot."""

    player: int
    """Who pressed."""
    stock: int
    """The stock the card would come from."""


class SpitPress(Struct, frozen=True, gc=False):
    """The spit key: ready to spit (also ready for the next round)."""

    player: int
    """Who pressed."""


Press = PilePress | FillPress | SpitPress
"""Any key a player can press."""


def resolve(
    press: Press,
    phase: Phase,
    *,
    slap_winner: int | None = None,
    in_play: tuple[bool, bool] = (True, True),
) -> Action | None:
    """The action ``press`` means in ``phase``, or None where the key means nothing.

    ``slap_winner`` is who slapped first when the round is freshly dealt after a slap
    (:attr:`PlayerView.slap_winner`): the other player's pile key is then still a slap, one
    the table refuses as too late. ``in_play`` says which spit piles this round uses: in a
    single-pile round both pile keys play on the one pile.
    """
    player = press.player
    if type(press) is SpitPress:
        return Spit(player)
    slapping = phase is Phase.SLAP or (
        phase is Phase.DEALT and slap_winner is not None and slap_winner != player
    )
    if type(press) is FillPress:
        return None if slapping else Fill(player, press.stock)
    if type(press) is PilePress:
        if slapping:
            return Slap(player, press.pile)
        pile = press.pile
        if pile in (0, 1):
            pile = landing_pile(pile, in_play)
        return Play(player, press.stock, pile)
    raise TypeError(f"not a press: {press!r}")
