"""A match watched from a spectator's seat, as a :class:`spit.game.Game` a screen shows.

It holds what the server last sent (the spectator's view: both rows as a seat sees them) and
tells the listener of each table as it comes; nobody acts. :meth:`WatchedGame.run` reads the
frames to the match's end, or, for the TV, on to the next best match for ever.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from spit.engine import Action, PlayerView, Result, Variant
from spit.game.seat import Change, Connection, Listener, Lost, Timers
from spit.net.client import Gone, ServerGone
from spit.net.spectator import Seen, Spectator
from spit.net.wire import Ended, Status, Watching
from spit.records.recorder import Recorder


class WatchedGame:
    """One match (or the TV's matches) watched. Implements :class:`spit.game.Game`."""

    seats = (0, 1)  # both rows drawn as a seat sees them, player 1 below
    connection: Connection | None = None  # a spectator has no seat, and no line to show
    can_rematch = False
    replaying = True  # nobody acts, and leaving loses nothing
    recorder: Recorder | None = None
    adaptive_level: str | None = None
    room_link: str | None = None
    paused = False

    def __init__(self, spectator: Spectator, frames: AsyncIterator[Watching | Seen]) -> None:
        self.spectator = spectator
        self.frames = frames  # from the first watched match's ``watching`` on
        self.watching: Watching | None = None  # the match watched now
        self.status: Status | None = None  # its last
        self.ended: Ended | None = None  # how it ended, once it has
        self.lost: ServerGone | Ended | None = None
        self._view: PlayerView | None = None
        self._listener: Listener | None = None

    async def first_table(self) -> None:
        """Read up to the first table (the screen draws from it)."""
        async for frame in self.frames:
            self._take(frame)
            if self._view is not None:
                return
        raise ServerGone(Gone.LOST, self.spectator.address)

    async def run(self) -> None:
        """Read frames until the match ends (the TV: for ever), telling the listener."""
        try:
            async for frame in self.frames:
                self._take(frame)
        except ServerGone as gone:
            self.lost = gone
            if self._listener is not None:
                self._listener.game_lost(Lost.SERVER_GONE)

    def _take(self, frame: Watching | Seen) -> None:
        listener = self._listener
        if isinstance(frame, Watching):
            self.watching, self.status, self.ended = frame, None, None
        elif isinstance(frame, Status):
            self.status = frame
            if listener is not None:
                listener.connection_changed()
        elif isinstance(frame, Ended):
            self.ended = frame
            if listener is not None:
                listener.connection_changed()
        else:
            self._view = frame.view
            if listener is not None:
                listener.table_changed(Change(frame.by, frame.events, at=frame.clock))

    # -- what the screen asks ----------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return Variant.STANDARD if self.watching is None else self.watching.variant

    @property
    def names(self) -> tuple[str | None, str | None]:
        if self.status is None:
            return None, None
        first, second = self.status.names
        return first or None, second or None

    def view(self, seat: int) -> PlayerView:
        assert self._view is not None, "shown only once its first table came"
        return self._view

    def now(self) -> float:
        return 0.0

    def start(self, listener: Listener, timers: Timers) -> None:
        self._listener = listener

    def act(self, action: Action) -> Result | None:
        """A spectator takes no actions: the keys of play do nothing here."""
        return None

    def pause(self) -> None:
        """The match goes on whoever watches."""

    def resume(self) -> None:
        """The match went on meanwhile: the next table shows it."""

    def rematch(self) -> None:
        raise ValueError("a spectator deals no rematch")

    def stop(self) -> None:
        self._listener = None
