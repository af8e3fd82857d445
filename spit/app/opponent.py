"""The plug for seat 2: how a computer opponent (the bot) joins a game on screen.

The game screen owns the match, the clock and every timer. An :class:`Opponent` only
*drives* one seat through the :class:`Seat` the screen hands it: it reads the table through
``seat.view()`` (a :class:`~spit.engine.PlayerView`, never more), waits with
``seat.call_later`` (timers the screen pauses with the game), and acts with ``seat.act``,
which goes through the very same path as a key press: ``Match.apply`` at the game clock's
time, then a redraw. The engine alone decides whether the action stands.

The screen calls the opponent:

- ``start(seat)`` once, when the game screen opens (the first round is dealt, waiting for
  the first spit);
- ``table_changed(events)`` after every accepted action, whoever made it (the opponent's
  own included), and with ``()`` when a new match starts on a rematch;
- ``pause()`` when the game stops (help, pause, quit dialog, too-small terminal) and
  ``resume()`` when it goes on; timers from ``call_later`` are paused and resumed by the
  screen as well, so a simple opponent may ignore both;
- ``stop()`` once, when the screen closes; pending ``call_later`` timers are cancelled.

An opponent never acts from inside ``table_changed`` itself: it plans, and acts from a
``call_later`` callback, as a hand needs time to move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from spit.engine import Action, Event, PlayerView, Result


class Cancellable(Protocol):
    """A pending ``call_later``."""

    def cancel(self) -> None:
        """Do not call it after all (harmless once it has run)."""


class Seat(Protocol):
    """What the game screen offers the player in seat 2."""

    @property
    def player(self) -> int:
        """The seat's player number (1: the top of the screen, the right spit pile)."""

    def view(self) -> PlayerView:
        """The table as this seat sees it now."""

    def now(self) -> float:
        """The game clock in seconds; it stands still while the game is paused."""

    def act(self, action: Action) -> Result:
        """Apply ``action`` now, exactly as a key press would; returns the engine's verdict."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        """Call ``callback`` after ``delay`` seconds of game time (paused with the game)."""


@runtime_checkable
class Opponent(Protocol):
    """Drives seat 2. The bot implements this; two-player games have none."""

    def start(self, seat: Seat) -> None:
        """Take the seat: the first round is dealt and waits for the first spit."""

    def table_changed(self, events: tuple[Event, ...]) -> None:
        """Something happened at the table (``()`` for a fresh match); plan the next move."""

    def pause(self) -> None:
        """The game stopped; nothing may be played until :meth:`resume`."""

    def resume(self) -> None:
        """The game goes on, exactly where it stood."""

    def stop(self) -> None:
        """The game screen closes; let go of everything."""


OpponentFactory = Callable[[str, int | None], Opponent]
"""Builds an opponent from a bot level name and a seed (None for a fresh one)."""


__all__ = ["Cancellable", "Opponent", "OpponentFactory", "Seat"]
