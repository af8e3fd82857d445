"""The game clock: seconds of play, standing still while the game is paused."""

from __future__ import annotations

import time
from collections.abc import Callable

Source = Callable[[], float]
"""A callable returning seconds, like ``time.monotonic``; tests pass one they control."""


class GameClock:
    """Seconds of play: ``source``'s seconds times ``pace``, less every stretch spent paused.

    The engine gets this time as ``at=`` on each action, so a fumble lock or a "too late"
    window never runs out while the game is paused. The app's clock reads as its source
    until first paused; a server's room starts at ``start=0.0``, stopped (``paused=True``)
    until both players are there, and may run at a ``pace`` above 1 (tests, bot-only rooms).
    """

    def __init__(
        self,
        source: Source = time.monotonic,
        *,
        pace: float = 1.0,
        paused: bool = False,
        start: float | None = None,
    ) -> None:
        # The app's clock reads its source only when asked the time, as it always did.
        now = source() if paused or start is not None else 0.0
        self._source = source
        self.pace = pace
        """Game seconds per second of ``source``."""
        # Game time is start + (source - time spent paused - source at start) * pace; with
        # the defaults exactly ``source() - paused_for`` (adding 0.0 and times 1.0 are exact),
        # as the app's clock always read.
        self._start = 0.0 if start is None else start
        self._origin = 0.0 if start is None else now
        self._paused_for = 0.0
        self._paused_at: float | None = now if paused else None

    def __call__(self) -> float:
        """The game time now."""
        at = self._source() if self._paused_at is None else self._paused_at
        return self._start + (at - self._paused_for - self._origin) * self.pace

    @property
    def paused(self) -> bool:
        """Whether the clock stands still."""
        return self._paused_at is not None

    def pause(self) -> None:
        """Stop the clock (no effect if it already stands)."""
        if self._paused_at is None:
            self._paused_at = self._source()

    def resume(self) -> None:
        """Run again from where it stopped (no effect if it runs)."""
        if self._paused_at is not None:
            self._paused_for += self._source() - self._paused_at
            self._paused_at = None
