"""Time for the app: the game clock that stops while paused, and timers that pause with it."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer

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


_SOONEST = 0.001
"""Textual timers cannot be set to zero seconds; "now" means this soon."""


class Fader:
    """A one-shot timer that can pause and resume with what it had left.

    Textual's own ``Timer.pause`` would fire at once on resume; a flash or a message must
    instead last its full time on screen, however long the game was paused in between.
    """

    def __init__(self, owner: MessagePump, callback: Callable[[], None]) -> None:
        self._owner = owner
        self._callback = callback
        self._timer: Timer | None = None
        self._deadline = 0.0
        self._left: float | None = None

    @property
    def running(self) -> bool:
        """Whether it will still fire (running or paused)."""
        return self._timer is not None or self._left is not None

    def start(self, seconds: float) -> None:
        """Fire after ``seconds`` (restarting if it was already set)."""
        self.cancel()
        seconds = max(seconds, _SOONEST)
        self._deadline = time.monotonic() + seconds
        self._timer = self._owner.set_timer(seconds, self._fire)

    def pause(self) -> None:
        """Hold, keeping the time left."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self._left = max(0.0, self._deadline - time.monotonic())

    def resume(self) -> None:
        """Go on with the time that was left."""
        if self._left is not None:
            left, self._left = self._left, None
            self.start(left)

    def cancel(self) -> None:
        """Never fire."""
        if self._timer is not None:
            self._timer.stop()
        self._timer = None
        self._left = None

    def _fire(self) -> None:
        self._timer = None
        self._callback()
