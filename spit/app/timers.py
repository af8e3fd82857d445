"""Timers for the app that pause with the game (the game clock is :mod:`spit.clock`)."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer

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


class PumpTimers:
    """:class:`spit.game.Timers` on a Textual widget's or screen's timers (they go with it)."""

    def __init__(self, owner: MessagePump) -> None:
        self._owner = owner

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Stoppable:
        return _Stoppable(self._owner.set_timer(max(delay, _SOONEST), callback))


class _Stoppable:
    """A Textual timer as a :class:`spit.game.Cancellable`."""

    __slots__ = ("_timer",)

    def __init__(self, timer: Timer) -> None:
        self._timer = timer

    def cancel(self) -> None:
        self._timer.stop()
