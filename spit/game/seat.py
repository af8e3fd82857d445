"""The one interface between a screen and a game, local or across the network.

A screen reads a seat's table only through ``Game.view(seat)`` and changes it only through
``Game.act(action)``. Results are pushed to the :class:`Listener`: a local game at once inside
``act`` (no ``await`` between key and verdict, so arrival order settles two players on one
keyboard), a remote one when the server's verdict comes (``act`` then returns None).

The life of a game, as the screen drives it::

    game.start(listener, timers)   # once, when the table is shown
    game.act(action) ...           # for a seat in game.seats
    game.pause() / game.resume()   # this keyboard stops or goes on (a dialog is open)
    game.rematch()                 # after the match: the same players, a fresh deal
    game.stop()                    # once, when the table closes
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from msgspec import Struct

from spit.engine import Action, Event, PlayerView, Refusal, Result, Variant
from spit.records.recorder import Recorder

if TYPE_CHECKING:  # the network loads only with a networked game
    from spit.net.client import Ended, ServerGone
    from spit.net.wire import Rematch


class Cancellable(Protocol):
    """A pending ``call_later``."""

    def cancel(self) -> None:
        """Do not call it after all (harmless once it has run)."""


class Timers(Protocol):
    """Wall-clock timers from the shell that shows the game (the app's run on its screen)."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        """Call ``callback`` once, ``delay`` seconds from now, on the shell's event loop."""


class Change(Struct, frozen=True, gc=False):
    """What one action did at the table, as the listening seat may know it."""

    player: int | None  # None for a change nobody's action made
    events: tuple[Event, ...] = ()  # what happened, in order (none for a refusal)
    refusal: Refusal | None = None  # why the action changed nothing, if it was refused
    at: float = 0.0  # the game time the action was applied at (the clock of whoever judged it)

    @property
    def ok(self) -> bool:
        """Whether the action was accepted."""
        return self.refusal is None


class Connection(Struct, frozen=True, gc=False):
    """What a networked game knows of the room and the line to its server."""

    rtt: tuple[float | None, float | None]  # seconds, None while not measured
    connected: bool = True  # False while this seat's line is down and the game tries to get it back
    here: tuple[bool, bool] = (True, True)  # which seats are at the table (connected to the room)
    paused_by: tuple[bool, bool] = (False, False)  # the room stands while either does
    waiting: bool = False  # the room waits for its second player to join
    address: str = ""  # the server, as ADDR:PORT
    room: str = ""  # the room's code, which the second player joins with
    back_within: tuple[float | None, float | None] = (None, None)
    """For a seat that is not here: the seconds it has left to come back before the server
    abandons the match (as of this reading), if the server said."""
    pause_left: tuple[float | None, float | None] = (None, None)
    """For a seat holding a pause: the seconds it has left before the pause runs out and
    play goes on (as of this reading), if the server said."""
    goes_on_in: float | None = None
    """After a standstill: the seconds before play goes on (as of this reading), if counting."""
    rematch: Rematch | None = None
    """After the match: who offers a rematch, or why none follows, once the server said."""
    watchers: int = 0  # spectators watching the match


class Lost(enum.Enum):
    """Why a game ended before its match did, as a stable id (:func:`spit.words.networked.lost` says
    it to the player)."""

    SERVER_GONE = "server-gone"  # the server went away and did not come back
    ABANDONED = "abandoned"  # the other player's connection went and they did not come back in time
    LEFT = "left"  # the other player left the match on purpose (they quit it)
    REFUSED = "refused"  # the server would not seat this player (no such room, the seat taken)


class Listener(Protocol):
    """What a game tells the screen showing it. Every call comes on the screen's event loop."""

    def table_changed(self, change: Change) -> None:
        """An action was applied or refused; ``Game.view`` already shows the new table."""

    def pause_changed(self, paused: bool, by: int | None) -> None:
        """The game stopped or went on because of someone else (``by``: their seat), or
        this seat's own pause ran out (``by``: this seat, ``paused`` False)."""

    def connection_changed(self) -> None:
        """``Game.connection`` has news (a round-trip time, the line down or back)."""

    def game_lost(self, why: Lost) -> None:
        """The game cannot go on (see :class:`Lost`); nothing more will come."""


@runtime_checkable
class Game(Protocol):
    """A game as a screen plays it. See the module docstring for the order of calls."""

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this keyboard plays: (0, 1) for two players, else its one seat."""

    @property
    def variant(self) -> Variant:
        """How the match is won."""

    @property
    def names(self) -> tuple[str | None, str | None]:
        """Each seat's player's name where the game knows it; None: the screen's own."""

    @property
    def connection(self) -> Connection | None:
        """The line to the server; None for a game on this machine."""

    @property
    def paused(self) -> bool:
        """Whether the game stands still (the clock included)."""

    @property
    def can_rematch(self) -> bool:
        """Whether :meth:`rematch` can deal a fresh match."""

    @property
    def replaying(self) -> bool:
        """Whether this is a record played back: nobody acts, and quitting loses nothing."""

    @property
    def recorder(self) -> Recorder | None:
        """Where the match is written down as it is played; None: it is not, here."""

    @property
    def adaptive_level(self) -> str | None:
        """The ladder level the adaptive bot plays at now, if it plays a seat here."""

    @property
    def lost(self) -> ServerGone | Ended | None:
        """Why a networked game could not go on: the server gone, or the room ended early."""

    @property
    def room_link(self) -> str | None:
        """The link to a hosted room's second seat in a browser (``--web``), while it waits."""

    def view(self, seat: int) -> PlayerView:
        """The table as ``seat`` (one of :attr:`seats`) sees it now."""

    def now(self) -> float:
        """The game clock in seconds (stands still while paused)."""

    def start(self, listener: Listener, timers: Timers) -> None:
        """Begin: from now on tell ``listener`` what happens; wait with ``timers``."""

    def act(self, action: Action) -> Result | None:
        """Do ``action`` for a seat, now; the verdict goes to the listener, and back if known."""

    def pause(self) -> None:
        """This keyboard stops the game (a dialog, a too-small terminal)."""

    def resume(self) -> None:
        """This keyboard goes on, exactly where :meth:`pause` stopped."""

    def rematch(self) -> None:
        """Deal a fresh match for the same players (only if :attr:`can_rematch`)."""

    def stop(self) -> None:
        """The screen closes: let go of everything; the listener hears no more."""
