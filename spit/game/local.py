"""A game on this machine: the match, the game clock and any driven seat, in one place.

Every action, a key's or the driver's, goes ``Match.apply(action, at=clock())``, then the
listener, then the driver, synchronously: nothing waits between the check and the change, so
the engine's verdict on arrival order is final.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spit.clock import GameClock
from spit.engine import PLAYERS, Action, Match, PlayerView, Result, Variant
from spit.game.driver import AdaptiveDriver, Driver
from spit.game.seat import Cancellable, Change, Connection, Listener, Timers
from spit.records.recorder import Recorder

if TYPE_CHECKING:  # the network loads only with a networked game
    from spit.net.client import Ended, ServerGone


class LocalGame:
    """A match played here. Implements :class:`spit.game.Game`."""

    connection: Connection | None = None
    replaying = False
    room_link: str | None = None

    def __init__(
        self,
        match: Match,
        *,
        clock: GameClock | None = None,
        driver: Driver | None = None,
        deal: Callable[[], Match] | None = None,
        recorder: Recorder | None = None,
        names: tuple[str | None, str | None] = (None, None),
    ) -> None:
        """Play ``match`` on ``clock``; ``driver`` plays seat 1 (else the keyboard plays both
        seats); ``deal`` makes the match a rematch plays (none: no rematch); ``recorder``
        writes down every action the engine judges (its record of ``match`` already begun);
        ``names`` are the names the players gave (None: the screen's own)."""
        self.match = match  # the match being played: the one source of truth for the table
        self.clock = clock or GameClock()  # the game clock; every action is applied at its time
        self.driver = driver  # who plays seat 1 when the keyboard does not (the bot), or None
        self.recorder = recorder  # where every action the engine judged is written down, or None
        self.names = names
        self._deal = deal
        self._listener: Listener | None = None
        self._timers: Timers | None = None
        self._pending: set[_Pending] = set()
        self._paused = False
        self._stopped = False

    # -- what the screen asks --------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        return (0,) if self.driver is not None else PLAYERS

    @property
    def variant(self) -> Variant:
        return self.match.variant

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def can_rematch(self) -> bool:
        return self._deal is not None

    @property
    def lost(self) -> ServerGone | Ended | None:
        return None  # a match on this machine has no line to lose

    @property
    def adaptive_level(self) -> str | None:
        # Only the adaptive bot's driver says which ladder level it plays at now.
        return self.driver.playing if isinstance(self.driver, AdaptiveDriver) else None

    def view(self, seat: int) -> PlayerView:
        return self.match.view(seat)

    def now(self) -> float:
        return self.clock()

    # -- what the screen does --------------------------------------------------------------

    def start(self, listener: Listener, timers: Timers) -> None:
        self._listener = listener
        self._timers = timers
        if self.driver is not None:
            self.driver.start(_DriverSeat(self, 1))

    def act(self, action: Action) -> Result:
        """Apply ``action`` now, for any seat; the listener, then the driver, hear of it before
        this returns."""
        at = self.clock()
        result = self.match.apply(action, at=at)
        if self.recorder is not None:
            # Written before anyone hears of it: whatever the screen does next (a dialog,
            # quitting), the record already holds the action.
            self.recorder.applied(action, at, result)
        if self._listener is not None:
            self._listener.table_changed(Change(action.player, result.events, result.refusal, at))
        if result.ok and self.driver is not None and not self._stopped:
            self.driver.table_changed(result.events)
        return result

    def pause(self) -> None:
        if self._paused:
            return
        self._paused = True
        self.clock.pause()
        for pending in self._pending:
            pending.hold()
        if self.driver is not None:
            self.driver.pause()

    def resume(self) -> None:
        if not self._paused:
            return
        self._paused = False
        self.clock.resume()
        for pending in list(self._pending):
            pending.arm()
        if self.driver is not None:
            self.driver.resume()

    def rematch(self) -> None:
        if self._deal is None:
            raise ValueError("this game deals no rematch")
        self.match = self._deal()
        if self.recorder is not None:
            self.recorder.begin(self.match)
        if self.driver is not None:
            self.driver.table_changed(())

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        for pending in list(self._pending):
            pending.cancel()
        if self.driver is not None:
            self.driver.stop()
        if self.recorder is not None:
            self.recorder.keep()
        self._listener = None

    # -- the driver's timers ----------------------------------------------------------------

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        """Call ``callback`` once ``delay`` seconds of game time have passed (none pass while
        the game is paused)."""
        pending = _Pending(self, self.clock() + max(0.0, delay), callback)
        self._pending.add(pending)
        if not self._paused:
            pending.arm()
        return pending


class _Pending:
    """A driver's timer: due at a game time, so a pause simply holds it."""

    def __init__(self, game: LocalGame, due: float, callback: Callable[[], None]) -> None:
        self._game = game
        self._due = due
        self._callback = callback
        self._timer: Cancellable | None = None

    def arm(self) -> None:
        timers = self._game._timers
        if timers is None:
            raise RuntimeError("the game has not started: no timers yet")
        self.hold()
        self._timer = timers.call_later(max(0.0, self._due - self._game.now()), self._fire)

    def hold(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def cancel(self) -> None:
        self.hold()
        self._game._pending.discard(self)

    def _fire(self) -> None:
        self._timer = None
        if self not in self._game._pending:
            return  # cancelled after its wall-clock timer was already on its way
        self._game._pending.discard(self)
        self._callback()


class _DriverSeat:
    """The driven seat as its driver sees it (see :class:`spit.game.driver.Seat`)."""

    def __init__(self, game: LocalGame, player: int) -> None:
        self._game = game
        self.player = player

    def view(self) -> PlayerView:
        return self._game.match.view(self.player)

    def now(self) -> float:
        return self._game.clock()

    def act(self, action: Action) -> Result:
        if action.player != self.player:
            raise ValueError(f"seat {self.player} cannot act for player {action.player}")
        return self._game.act(action)

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        return self._game.call_later(delay, callback)
