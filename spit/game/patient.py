"""The practice round's opponent: a bot that waits for the player.

Any level of the ladder plays a new player's cards away while they read; this one moves only
when ``gate`` lets it, after :data:`PATIENCE` seconds (slower than the slowest level), presses
SPIT with the player and never slaps (that is the player's to learn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from spit.engine import Event, Fill, Phase, Play, Spit
from spit.game.driver import Seat
from spit.game.seat import Cancellable

PATIENCE: Final = 2.5
"""Game seconds from the bot being let move to its move landing (the slowest level: 1.4 s)."""


class PatientDriver:
    """Plays seat 2 of a practice round. Implements :class:`spit.game.Driver`."""

    def __init__(
        self, gate: Callable[[], bool] | None = None, *, patience: float = PATIENCE
    ) -> None:
        """``gate`` says whether the bot may play a card or fill now (None: always)."""
        self.gate = gate  # whether the bot may move a card now; asked each time it is about to
        self.patience = patience  # game seconds from being let move to the move
        self._seat: Seat | None = None
        self._timer: Cancellable | None = None

    def start(self, seat: Seat) -> None:
        self._seat = seat
        self.poke()

    def table_changed(self, events: tuple[Event, ...]) -> None:
        self.poke()

    def pause(self) -> None:
        pass  # the seat's timers stop with the game clock

    def resume(self) -> None:
        pass  # the seat's timers go on with the game clock

    def stop(self) -> None:
        self._cancel()
        self._seat = None

    def poke(self) -> None:
        """Look at the table again, :attr:`patience` seconds from now (the gate may have
        opened without the table changing)."""
        self._cancel()
        if self._seat is not None:
            self._timer = self._seat.call_later(self.patience, self._move)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def choice(self) -> Play | Fill | Spit | None:
        """What it would do now, if anything: SPIT when the engine asks it to, else a card
        when the gate is open (a play before a fill); never a slap."""
        if self._seat is None:
            return None
        view = self._seat.view()
        legal = view.legal_actions
        if view.phase in (Phase.DEALT, Phase.STUCK):
            return next((a for a in legal if isinstance(a, Spit)), None)
        if view.phase is not Phase.PLAYING or (self.gate is not None and not self.gate()):
            return None
        plays = [a for a in legal if isinstance(a, Play)]
        fills = [a for a in legal if isinstance(a, Fill)]
        return (plays or fills or [None])[0]

    def _move(self) -> None:
        self._timer = None
        action = self.choice()
        if action is None or self._seat is None:
            return
        result = self._seat.act(action)  # accepted: the game tells us (table_changed)
        if result is not None and not result.ok:
            self.poke()  # a race lost to the player: look again
