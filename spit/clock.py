"""The game clock: seconds of play, standing still while the game is paused."""

from __future__ import annotations

import time
from collections.abc import Callable

Source = Callable[[], float]
"""A callable returning seconds, like ``time.monotonic``; tests pass one they control."""


class GameClock:
    """Seconds of play: ``source`` minus every stretch the game spent paused.

    The engine gets this time as ``at=`` on each action, so a fumble lock or a "too late"
    window never runs out while the game is paused.
    """

    def __init__(self, source: Source = time.monotonic) -> None:
        self._source = source
        self._paused_at: float | None = None
        self._paused_for = 0.0

    def __call__(self) -> float:
        """The game time now."""
        if self._paused_at is not None:
            return self._paused_at - self._paused_for
        return self._source() - self._paused_for

    @property
    def paused(self) -> bool:
        """Whether the clock stands still."""
        return self._paused_at is not None

    def pause(self) -> None:
        """Stop the clock (no effect if it already stands)."""
        if self._paused_at is None:
            self._paused_at = self._source()

    def resume(self) -> None:
        """Run again from where it stopped."""
        if self._paused_at is not None:
            self._paused_for += self._source() - self._paused_at
            self._paused_at = None
